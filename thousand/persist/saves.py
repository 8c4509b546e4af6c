"""The App's doorway to its saves: the game after every move, the settings, the statistics.

``Saves(store)`` is what the App calls (``thousand.ui.app``); a store that fails never
stops the game: every SaveError becomes ``problem``, one line the App shows once (on the
title, or on the table's status line during play).  The Controller says what its save
holds (``snapshot()``, ``Controller.restore``); this module only writes and reads it.
``SavePolicy`` says where the save of each moment goes (a board's numbers:
``thousand.persist.boards``).

Resident with ``store``; ``encode`` (with the engine) is loaded while a game is held,
``flash`` when a board's flash is written, the rest when used (thousand/ui/scenes.py).
"""

from thousand.persist.store import KIND_GAME, KIND_SETTINGS, KIND_STATS, KIND_WEAR, SaveError, SlotPair

# ms between computer moves, so that a human can follow; the saved speed step is an
# index into it (0 the slowest, 2 the default).
BOT_DELAYS = (1500, 1000, 600, 300, 0)

# The moments a game is saved at: the policy decides where each save goes.
MOVE = 0  # after each move of the human
DEAL_END = 1
NEW_GAME = 2
LEAVE = 3  # "Save, go to title"

NOT_READ = object()  # the game save was not looked at yet


class Settings:
    """The player's settings, as the App uses them and as they are kept."""

    def __init__(self):
        from thousand.rules import Rules

        self.rules = Rules.preset("classic")  # of the last new game: the next one's
        self.levels = ["normal", "normal"]  # the computer seats' levels, as the bots name them
        self.bot_delay_ms = BOT_DELAYS[2]
        self.sound = True


class SavePolicy:
    """Where the save made at each moment goes: ``store_for(moment)`` answers the flash or
    ``moves``, the store of moves (sleep memory, or RAM where a board has too little).

    Without ``moves`` every save goes to the flash (the desktop's files, where a save costs
    nothing).  With it a move goes there and so do the deal ends but every
    ``deals_per_flash``-th; the flash takes that deal end, a new game, the game's end,
    "Save, go to title" and the settings; and every save once ``battery()`` (volts, or None
    where unknown) is below ``low_volts``.  ``count_wear``: each flash write also counts
    itself (``thousand.persist.flash``).  The boards' numbers: ``thousand.persist.boards``.
    """

    def __init__(self, flash, moves=None, deals_per_flash=1, battery=None, low_volts=0.0, count_wear=False):
        self.flash = flash
        self.moves = moves
        self.deals_per_flash = deals_per_flash
        self.battery = battery
        self.low_volts = low_volts
        self.count_wear = count_wear
        self.low = False
        self.deals = 0  # deal ends kept off the flash since it last took the game

    def battery_low(self):
        volts = None if self.battery is None else self.battery()
        # 0.1 V of hysteresis: the voltage sags while the flash is written
        self.low = volts is not None and volts < self.low_volts + (0.1 if self.low else 0.0)
        return self.low

    def store_for(self, moment):
        if self.moves is not None and not self.battery_low():
            if moment == MOVE:
                return self.moves
            if moment == DEAL_END:
                self.deals += 1
                if self.deals < self.deals_per_flash:
                    return self.moves
        self.deals = 0
        return self.flash


class Saves:
    """The game save, the settings and the statistics; the save made at each moment goes
    where ``policy`` says (by default: ``store``, the one store)."""

    def __init__(self, store, records_dir=None, policy=None):
        self.store = store  # the flash: settings, statistics, and the game at the moments that matter
        self.policy = policy if policy is not None else SavePolicy(store)
        moves = self.policy.moves
        self.game_record = SlotPair(store, "game", KIND_GAME, moves)  # the newest of both stores is read
        self.stats_record = SlotPair(store, "stats", KIND_STATS, moves)
        self.settings_record = SlotPair(store, "settings", KIND_SETTINGS)
        self.wear_record = SlotPair(store, "wear", KIND_WEAR)
        self.records_dir = records_dir  # where records are exported; None: thousand.persist.records decides
        self.problem = None  # one line for the player, taken by take_problem()
        self.found = NOT_READ  # then the loaded or last saved Controller, or None
        self.settings_bytes = None  # as last read or written: an unchanged setting is not written again

    def report(self, problem):
        self.problem = problem if self.problem is None else self.problem + ". " + problem

    def take_problem(self):
        problem = self.problem
        self.problem = None
        return problem

    def write(self, store, items):
        """``(pair, version, payload)`` records to ``store``: on a board's flash in one write,
        with the wear count (``thousand.persist.flash``); SaveError (one line)."""
        if store is self.store and self.policy.count_wear:
            from thousand.persist.flash import write_flash

            write_flash(self, items)
            return
        for pair, version, payload in items:
            pair.write(version, payload, store is not self.store)

    # ------------------------------------------------------------ the game
    def save_game(self, controller, moment=MOVE, stats=None):
        """The game's save at ``moment``, with ``stats`` (a Stats) in the same write: a deal's end."""
        from thousand.persist.encode import FORMAT_VERSION, encode_game

        self.found = controller
        store = self.policy.store_for(moment)
        try:
            room = self.game_record.capacity(store is not self.store)
            items = [(self.game_record, FORMAT_VERSION, encode_game(controller.game, controller.snapshot(), room))]
            if stats is not None:
                items.append(self.stats_item(stats))
            self.write(store, items)
        except SaveError as error:
            self.report(str(error))

    def end_deal(self, controller, human):
        """A deal has ended: the statistics count it (and the game, when it is over), then the
        save and the statistics go in one write (a board's flash is erased once); a game
        over clears the save.  Stats count each deal once: after a cut the deal played
        again is not counted again."""
        game = controller.game
        stats = self.load_stats()
        counted = stats.record_deal(game, human)
        if controller.over():
            counted = stats.record_game(game, human) or counted
            self.clear_game(stats if counted else None)
        else:
            self.save_game(controller, DEAL_END, stats if counted else None)

    def has_game(self):
        """Is there a game to continue?  Reads the save's record but does not decode it (the
        title asks, and decoding loads the engine); a damaged save is reported and is no game."""
        if self.found is not NOT_READ:
            return self.found is not None
        from thousand.persist.reading import read_record

        try:
            found = read_record(self.game_record)
            return found is not None and len(found[1]) > 0  # an empty save: the game was over
        except SaveError as error:
            self.report(str(error))
            self.found = None
            return False

    def holds_game(self):
        """Is a game kept in memory (the one last loaded or saved)?"""
        return self.found is not NOT_READ and self.found is not None

    def load_game(self):
        """The saved game as a Controller ready to play on, or None (no save, or a bad one)."""
        if self.found is NOT_READ:
            from thousand.persist.restore import load_controller

            self.found = load_controller(self, self.game_record)
        return self.found

    def reread_game(self):
        """The next ``load_game`` reads the save again, instead of returning the game last
        saved or loaded (after a restart, that game may be half-way through a move)."""
        self.found = NOT_READ

    def clear_game(self, stats=None):
        """The game is over: an empty game save, newer than any other (no Continue), and
        before it in the same write ``stats`` (a Stats): a cut between them on the desktop
        leaves the game to play again, and its statistics count it once."""
        self.found = None
        items = [(self.game_record, 1, b"")]  # format 1's empty save
        if stats is not None:
            items.insert(0, self.stats_item(stats))
        try:
            self.write(self.store, items)
        except SaveError as error:
            self.report(str(error))

    def export(self, controller):
        """The game as a REFEREE.md record file: records/last.json when it is over, else
        current.json.  On a board this quietly does nothing unless boot.py made the drive writable."""
        from thousand.persist.records import export_game

        export_game(controller.game, controller.over(), self.records_dir)

    # ------------------------------------------------------------ settings and statistics
    def load_settings(self):
        from thousand.persist.settings import load_settings, settings_bytes

        settings, problem = load_settings(self.store)
        if problem:
            self.report(problem)
        else:
            self.settings_bytes = settings_bytes(settings)
        return settings

    def save_settings(self, settings):
        from thousand.persist.settings import SETTINGS_VERSION, settings_bytes

        data = settings_bytes(settings)
        if data == self.settings_bytes:
            return  # every write wears the flash: none for nothing
        try:
            self.write(self.store, [(self.settings_record, SETTINGS_VERSION, data)])
            self.settings_bytes = data
        except SaveError as error:
            self.report(str(error))

    def load_stats(self):
        """The statistics (the newest of the stores), with ``flash_writes``: the wear count."""
        from thousand.persist.stats import load_stats

        stats, problem = load_stats(self.store, self.stats_record)
        if problem:
            self.report(problem)
        if self.policy.count_wear:
            stats.flash_writes = self.wear_count()
        return stats

    def wear_count(self):
        """How many times the game wrote this board's flash (0 when not known)."""
        found = self.wear_record.scan()[0]
        if found is None or len(found[1]) != 4:
            return 0  # never written, or lost with the NVM: a damaged count is no one's problem
        return int.from_bytes(found[1], "little")

    def stats_item(self, stats):
        from thousand.persist.stats import STATS_VERSION, stats_bytes

        return self.stats_record, STATS_VERSION, stats_bytes(stats)

    def save_stats(self, stats):
        try:
            self.write(self.store, [self.stats_item(stats)])
        except SaveError as error:
            self.report(str(error))
