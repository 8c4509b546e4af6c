"""The App's doorway to its saves: the game after every move, the settings, the statistics.

``Saves(store)`` is what the App calls (``thousand.ui.app``); a store that fails never
stops the game: every SaveError becomes ``problem``, one line the App shows once (on the
title, or on the table's status line during play).  The Controller says what its save
holds (``snapshot()``, ``Controller.restore``); this module only writes and reads it.

Resident with ``store``; ``encode`` (with the engine) is loaded while a game is held,
the rest when used (thousand/ui/scenes.py names them all).
"""

from thousand.persist.store import KIND_GAME, SaveError, SlotPair

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


class SaveEveryMove:
    """The write policy: where the save made at each moment goes (None: nowhere).

    Today every save goes to the one store, as a power cut must lose at most the last
    move.  A board's own policy (issue 17: moves to sleep memory, flash only at deal ends,
    new games and on leaving) replaces this one object.
    """

    def __init__(self, store):
        self.store = store

    def store_for(self, moment):
        return self.store


class Saves:
    """The game save, the settings and the statistics of one store; the save made at each
    moment goes where ``policy`` says (today: the same store)."""

    def __init__(self, store, records_dir=None, policy=None):
        self.store = store  # where the game is read from, and the settings and statistics kept
        self.policy = policy if policy is not None else SaveEveryMove(store)
        self.records_dir = records_dir  # where records are exported; None: thousand.persist.records decides
        self.problem = None  # one line for the player, taken by take_problem()
        self.pairs = {}  # the game's SlotPair per store
        self.found = NOT_READ  # then the loaded or last saved Controller, or None
        self.settings_bytes = None  # as last read or written: an unchanged setting is not written again

    def report(self, problem):
        self.problem = problem if self.problem is None else self.problem + ". " + problem

    def take_problem(self):
        problem = self.problem
        self.problem = None
        return problem

    def game_pair(self, store):
        pair = self.pairs.get(store)
        if pair is None:
            pair = self.pairs[store] = SlotPair(store, "game", KIND_GAME)
        return pair

    # ------------------------------------------------------------ the game
    def save_game(self, controller, moment=MOVE):
        from thousand.persist.encode import FORMAT_VERSION, encode_game

        self.found = controller
        store = self.policy.store_for(moment)
        if store is None:
            return
        pair = self.game_pair(store)
        try:
            pair.write(FORMAT_VERSION, encode_game(controller.game, controller.snapshot(), pair.capacity()))
        except SaveError as error:
            self.report(str(error))

    def has_game(self):
        """Is there a game to continue?  Reads the save's record but does not decode it (the
        title asks, and decoding loads the engine); a damaged save is reported and is no game."""
        if self.found is not NOT_READ:
            return self.found is not None
        from thousand.persist.reading import read_record

        try:
            return read_record(self.game_pair(self.store)) is not None
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

            self.found = load_controller(self, self.game_pair(self.store))
        return self.found

    def reread_game(self):
        """The next ``load_game`` reads the save again, instead of returning the game last
        saved or loaded (after a restart, that game may be half-way through a move)."""
        self.found = NOT_READ

    def clear_game(self):
        self.found = None
        self.game_pair(self.store)
        try:
            for pair in self.pairs.values():  # every store the policy wrote the game to
                pair.clear()
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
        from thousand.persist.settings import save_settings, settings_bytes

        data = settings_bytes(settings)
        if data == self.settings_bytes:
            return  # every write wears the NVM: none for nothing
        try:
            save_settings(self.store, data)
            self.settings_bytes = data
        except SaveError as error:
            self.report(str(error))

    def load_stats(self):
        from thousand.persist.stats import load_stats

        stats, problem = load_stats(self.store)
        if problem:
            self.report(problem)
        return stats

    def save_stats(self, stats):
        from thousand.persist.stats import save_stats

        try:
            save_stats(self.store, stats)
        except SaveError as error:
            self.report(str(error))
