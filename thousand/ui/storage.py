"""The App's storage doorway over a real store: the game save, settings, statistics, records.

``PersistentStorage(store)`` offers the methods of ``MemoryStorage`` (thousand/ui/app.py)
on top of ``SaveSlot``, ``Settings`` and ``Stats`` (docs/saves.md).  A store that
fails never stops the game: every SaveError becomes ``problem``, one line that the
App shows once (on the title, or on the table's status line during play).

The game is saved with what the Controller adds to the Game (``extra``): the two
computer levels, their random states, the controller's seed and the seats still to
be asked the redeal question.  The computer players are deterministic given their
random state, so a resumed game goes on exactly as the uninterrupted one would.

The save, settings and statistics modules are imported when first needed: on the
device bytecode lives in the heap.
"""

from thousand.ui.app import BOT_DELAYS, HUMAN

NOT_READ = object()  # the save was not looked at yet


def speed_of(delay_ms):
    """The speed step of a pause (the nearest one for a pause not on the list)."""
    best = 0
    for step in range(len(BOT_DELAYS)):
        if abs(BOT_DELAYS[step] - delay_ms) < abs(BOT_DELAYS[best] - delay_ms):
            best = step
    return best


class PersistentStorage:
    def __init__(self, store, records_dir=None):
        self.store = store
        self.records_dir = records_dir  # where records are exported; None: thousand.export decides
        self.problem = None  # one line for the player, taken by take_problem()
        self.pair = None  # the game save's SlotPair (which slot is newest), kept between saves
        self.found = NOT_READ  # then the loaded or last saved Controller, or None
        self.settings_bytes = None  # as last read or written: an unchanged setting is not written again

    def report(self, problem):
        self.problem = problem if self.problem is None else self.problem + ". " + problem

    def take_problem(self):
        problem = self.problem
        self.problem = None
        return problem

    def _pair(self):
        if self.pair is None:
            from thousand.storage import KIND_GAME, SlotPair

            self.pair = SlotPair(self.store, "game", KIND_GAME)
        return self.pair

    def _slot(self):
        """A SaveSlot over the kept SlotPair.  Not kept itself: thousand.save is unloaded
        between games (thousand/ui/scenes.py), and an object kept from it would keep that
        module, and the engine it imports, alive beside the next import of them."""
        from thousand.save import SaveSlot

        slot = SaveSlot(self.store)
        slot.pair = self._pair()
        return slot

    def has_game(self):
        """Is there a game to continue?  Reads the save's record but does not decode it (the
        title asks, and decoding loads the engine); a damaged save is reported and is no game."""
        if self.found is not NOT_READ:
            return self.found is not None
        from thousand.storage import SaveError

        try:
            return self._pair().read() is not None
        except SaveError as error:
            self.report(str(error))
            self.found = None
            return False

    # ------------------------------------------------------------ the game
    def reread_game(self):
        """The next ``load_game`` reads the save again, instead of returning the game last
        saved or loaded (after a restart, that game may be half-way through a move)."""
        self.found = NOT_READ

    def holds_game(self):
        """Is a game kept in memory (the one last loaded or saved)?"""
        return self.found is not NOT_READ and self.found is not None

    def load_game(self):
        """The saved game as a Controller ready to play on, or None (no save, or a bad one)."""
        if self.found is NOT_READ:
            self.found = self._read_game()
        return self.found

    def _read_game(self):
        from thousand.storage import SaveError

        try:
            found = self._slot().load()
        except SaveError as error:
            self.report(str(error))
            return None
        if found is None:
            return None
        game, extra = found
        try:
            controller = controller_for(game, extra)
        except (KeyError, IndexError, TypeError, ValueError) as error:  # an extra we did not write
            self.report("save unusable (%s)" % type(error).__name__)
            return None
        stats = self.load_stats()
        caught_up = stats.record_game(game, HUMAN) if game.over else stats.record_deal(game, HUMAN)
        if caught_up:  # a power cut came between the game save and the statistics save
            self.save_stats(stats)
        if game.over:  # saved just before the save was to be cleared: nothing to continue
            self.clear_game()
            return None
        return controller

    def save_game(self, controller):
        from thousand.storage import SaveError

        self.found = controller
        try:
            self._slot().save(controller.game, extra_for(controller))
        except SaveError as error:
            self.report(str(error))

    def clear_game(self):
        from thousand.storage import SaveError

        self.found = None
        try:
            self._slot().clear()
        except (SaveError, OSError) as error:
            self.report("cannot clear the save (%s)" % error)

    def export(self, controller):
        """The game as a REFEREE.md record file: records/last.json when it is over, else current.json.

        On the device this quietly does nothing unless boot.py made the drive writable.
        """
        from thousand import export

        if controller.over():
            export.export_finished(controller.game, self.records_dir)
        else:
            export.export_current(controller.game, self.records_dir)

    # ------------------------------------------------------------ settings
    def load_settings(self):
        """The App's settings: muted, bot_delay_ms, rules, levels."""
        from thousand.settings import DEFAULT_SPEED, Settings

        kept = Settings.load(self.store)
        if kept.problem:
            self.report(kept.problem)
        else:
            self.settings_bytes = kept.to_bytes()
        speed = kept.speed if kept.speed < len(BOT_DELAYS) else DEFAULT_SPEED
        return {"muted": not kept.sound, "bot_delay_ms": BOT_DELAYS[speed],
                "rules": kept.rules, "levels": list(kept.bot_levels)}

    def save_settings(self, settings):
        from thousand.settings import Settings
        from thousand.storage import SaveError

        kept = Settings()
        kept.sound = not settings["muted"]
        kept.speed = speed_of(settings["bot_delay_ms"])
        if "rules" in settings:
            kept.rules = settings["rules"]
        if "levels" in settings:
            kept.bot_levels = list(settings["levels"])
        data = kept.to_bytes()
        if data == self.settings_bytes:
            return  # every write wears the NVM: none for nothing
        try:
            kept.save(self.store)
            self.settings_bytes = data
        except SaveError as error:
            self.report(str(error))

    # ------------------------------------------------------------ statistics
    def load_stats(self):
        from thousand.stats import Stats

        stats = Stats.load(self.store)
        if stats.problem:
            self.report(stats.problem)
        return stats

    def save_stats(self, stats):
        from thousand.storage import SaveError

        try:
            stats.save(self.store)
        except SaveError as error:
            self.report(str(error))


def extra_for(controller):
    """What the Controller adds to its Game in a save (keys are stored: short)."""
    driver = controller.driver
    states = []
    for seat in (1, 2):
        states.extend(controller.players[seat].rng.get_state())
    asked = driver.questions if driver.asked_deal == controller.game.deal_number else None
    return {"levels": controller.levels, "rng": states, "seed": controller.seed, "ask": asked}


def controller_for(game, extra):
    """A Controller around a restored Game, its players and driver as they were when saved."""
    from thousand.controller import Controller

    controller = Controller(game.rules, levels=extra["levels"], seed=extra["seed"], game=game)
    states = extra["rng"]
    for seat in (1, 2):
        at = (seat - 1) * 2
        controller.players[seat].rng.set_state((states[at], states[at + 1]))
    asked = extra["ask"]
    if asked is not None:  # mid-way through the redeal questions: the answered ones stay answered
        controller.driver.asked_deal = game.deal_number
        controller.driver.questions = list(asked)
    return controller
