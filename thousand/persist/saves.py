"""The App's doorway to its saves: the game after every move, the settings, the statistics.

``Saves(store)`` is what the App calls (``thousand.ui.app``); a store that fails never
stops the game: every SaveError becomes ``problem``, one line the App shows once (on the
title, or on the table's status line during play).  The Controller says what its save
holds (``snapshot()``, ``Controller.restore``); this module only writes and reads it.
``SavePolicy`` says where the save of each moment goes (a board's numbers:
``thousand.persist.boards``).

Resident with ``store``; ``encode`` is loaded for each save of the game (the bytes it keeps
from save to save are kept here), ``flash`` when a board's flash is written, the rest when
used (thousand/ui/scenes.py).
"""

from thousand.persist.store import KIND_GAME, KIND_SETTINGS, KIND_STATS, WORN, SaveError, SlotPair

# The moments a game is saved at: the policy decides where each save goes.
MOVE = 0  # after each move of the human
DEAL_END = 1
NEW_GAME = 2
LEAVE = 3  # "Save, go to title"

NOT_READ = object()  # the game save was not looked at yet


class SavePolicy:
    """Where the save made at each moment goes: ``to_moves(moment)`` is True for ``moves``,
    the store of moves (sleep memory, the RP2040's journal, or RAM: ``thousand.persist.boards``), False for the
    flash.

    Without ``moves`` every save goes to the flash (the desktop's files, where a save costs
    nothing).  With it a move goes there and so do the deal ends but every
    ``deals_per_flash``-th; the flash takes that deal end, a new game, the game's end,
    "Save, go to title", the settings and a pause (``Saves.flush``), each write with the
    wear count (``thousand.persist.flash``); and every save once ``battery()`` (volts, or
    None where unknown) is below ``low_volts``.  Once a flash write read back wrong
    (``worn``) every save goes to ``moves``.  The boards' numbers: ``thousand.persist.boards``.
    """

    def __init__(self, moves=None, deals_per_flash=1, battery=None, low_volts=0.0):
        self.moves = moves
        self.deals_per_flash = deals_per_flash
        self.battery = battery
        self.low_volts = low_volts
        self.low = False
        self.deals = 0  # deal ends kept off the flash since it last took the game
        self.pending = False  # the store of moves holds a game save the flash has not taken
        self.worn = False  # a flash write read back wrong: the store of moves takes every save
        self.rated = 0  # flash writes its rated minimum endurance bears (the statistics' share)

    def battery_low(self):
        volts = None if self.battery is None else self.battery()
        # 0.1 V of hysteresis: the voltage sags while the flash is written
        self.low = volts is not None and volts < self.low_volts + (0.1 if self.low else 0.0)
        return self.low

    def to_moves(self, moment):
        if self.worn and self.moves is not None:
            return True
        if self.moves is not None and not self.battery_low():
            if moment == MOVE:
                return True
            if moment == DEAL_END:
                self.deals += 1
                if self.deals < self.deals_per_flash:
                    return True
        self.deals = 0
        return False


class Saves:
    """The game save, the settings and the statistics; the save made at each moment goes
    where ``policy`` says (by default: ``store``, the one store)."""

    def __init__(self, store, records_dir=None, policy=None):
        self.store = store  # the flash: settings, statistics, and the game at the moments that matter
        self.policy = policy if policy is not None else SavePolicy()
        self.game_record = self.pair("game", KIND_GAME)
        # Where records are exported; None: thousand.persist.records decides; "": nowhere (a
        # board whose drive boot.py left read-only: nothing is loaded to find that out again).
        self.records_dir = records_dir
        self.problem = None  # one line for the player, taken by take_problem()
        self.found = NOT_READ  # then the loaded or last saved Controller, or None
        self.settings_bytes = None  # as last read or written: an unchanged setting is not written again
        self.encoded = None  # what the game's saves keep from one to the next (persist.encode.new_memo)

    def pair(self, name, kind):
        """The SlotPair of a record: in the flash, and the game and the statistics in the
        store of moves too (the newest of both is read)."""
        return SlotPair(self.store, name, kind, self.policy.moves if kind == KIND_GAME or kind == KIND_STATS else None)

    def report(self, problem):
        self.problem = problem if self.problem is None else self.problem + ". " + problem

    def take_problem(self):
        problem = self.problem
        self.problem = None
        return problem

    def write(self, to_moves, items):
        """``(pair, version, payload)`` records to the store of moves or the flash: a board's
        flash in one write, with the wear count (``thousand.persist.flash``); SaveError."""
        policy = self.policy
        try:
            self.put(to_moves, items)
        except SaveError as error:
            if str(error) != WORN:
                raise
            if not policy.worn:
                self.report(WORN)  # once: from now on the store of moves takes every save
            policy.worn = True
            if not to_moves and policy.moves is not self.store:
                self.put(True, items)  # sleep memory (or RAM) takes this one

    def put(self, to_moves, items):
        policy = self.policy
        if not to_moves and policy.moves is not None:
            from thousand.persist.flash import write_flash

            write_flash(self, items)
            for item in items:
                if item[0] is self.game_record:
                    policy.pending = False  # the flash holds the newest game
            return
        for pair, version, payload in items:
            if not to_moves or pair.moves is not None:  # the settings: only the flash keeps them
                pair.write(version, payload, to_moves)
                if to_moves and pair is self.game_record and policy.moves is not self.store:
                    policy.pending = True

    def flush(self, reload=False):
        """A pause (the screen dims): the newest game and statistics that the store of moves
        holds, when the flash has not taken them, go to the flash as they are (one write), so
        that a board switched off after it loses nothing.  ``reload``: before a reload
        (``App.fresh_vm``), also what an earlier program left there (a reset's, whose
        ``pending`` this one never knew): a firmware may clear sleep memory at a reload
        (docs/saves.md); the flash holding it already, nothing is written."""
        if self.flush_due(reload):
            from thousand.persist.flash import flush  # on demand: it writes the flash

            flush(self)

    def flush_due(self, reload=False):
        """Has ``flush`` anything to do?  (Never on the desktop and the RP2040's journal: every
        save is on the flash.)"""
        policy = self.policy
        return not (policy.worn or policy.moves is None or policy.moves is self.store or not (reload or policy.pending))

    # ------------------------------------------------------------ the game
    def save_game(self, controller, moment=MOVE, item=None):
        """The game's save at ``moment``; ``item``, a record to write with it (a deal's end:
        the statistics, ``thousand.persist.stats.end_deal``)."""
        if controller.game_name != "thousand":  # Five Hundred's
            try:  # a lib folder without Five Hundred (copied from a bundle older than it)
                from thousand.persist.five_hundred import FORMAT_VERSION, encode_game
            except ImportError:
                self.report("Five Hundred cannot be saved here")
                return
        else:
            from thousand.persist.encode import FORMAT_VERSION, encode_game, new_memo

            if self.encoded is None:
                self.encoded = new_memo()
        self.found = controller
        to_moves = self.policy.to_moves(moment)
        try:
            room = self.game_record.capacity(to_moves)
            # in parts: each written where the record lies (thousand.persist.store's size_of)
            items = [(self.game_record, FORMAT_VERSION, encode_game(controller.game, controller.snapshot(), room, self.encoded, True))]
            if item is not None:
                items.append(item)
            self.write(to_moves, items)
        except SaveError as error:
            self.report(str(error))

    def end_deal(self, controller, human):
        """A deal has ended: the statistics count it (``stats.end_deal``: their record, or
        None), then they and the save go in one write (a board's flash is erased once); a
        game over leaves an empty save."""
        from thousand.persist.stats import end_deal

        count = None
        if controller.game_name != "thousand":  # Five Hundred's counting (loaded in its games only)
            from thousand.persist.five_hundred_stats import count
        item = end_deal(self, controller, human, count)  # the statistics let go: a deal's end is the table's peak
        if controller.over():
            self.clear_game(item)
        else:
            self.save_game(controller, DEAL_END, item)

    def has_game(self):
        """Is there a game to continue?  Reads the save's record but does not decode it (the
        title asks, and decoding loads the engine); a damaged save is reported and is no game."""
        if self.found is not NOT_READ:
            return self.found is not None
        from thousand.persist.reading import has_game  # on demand: read once a VM

        return has_game(self)

    def holds_game(self):
        """Is a game kept in memory (the one last loaded or saved)?"""
        return self.found is not NOT_READ and self.found is not None

    def load_game(self):
        """The saved game as a Controller ready to play on, or None (no save, or a bad one)."""
        if self.found is NOT_READ:
            from thousand.persist.continuing import load_controller

            self.found = load_controller(self, self.game_record)
        return self.found

    def reread_game(self):
        """The next ``load_game`` reads the save again, instead of returning the game last
        saved or loaded (after a restart, that game may be half-way through a move)."""
        self.found = NOT_READ
        self.encoded = None  # it held the game's sheet

    def clear_game(self, item=None):
        """The game is over: an empty game save, newer than any other (no Continue), and
        before it in the same write ``item`` (its statistics): a cut between them on the
        desktop leaves the game to play again, and its statistics count it once."""
        self.found = None
        self.encoded = None  # it held the game's sheet
        items = [(self.game_record, 1, b"")]  # format 1's empty save
        if item is not None:
            items.insert(0, item)
        try:
            self.write(False, items)
            self.policy.deals = 0  # the flash holds the game's end: nothing for a pause to write
        except SaveError as error:
            self.report(str(error))

    def export(self, controller):
        """The game as a REFEREE.md record file: records/last.json when it is over, else
        current.json.  On a board this quietly does nothing unless boot.py made the drive writable."""
        if self.records_dir == "":
            return
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
            self.write(False, [(self.pair("settings", KIND_SETTINGS), SETTINGS_VERSION, data)])
            self.settings_bytes = data
        except SaveError as error:
            self.report(str(error))

    def load_stats(self):
        """The statistics (the newest of the stores); on a board with ``flash_writes``, the
        wear count (``thousand.persist.flash``)."""
        from thousand.persist.stats import load_stats

        stats, problem = load_stats(self.store, self.pair("stats", KIND_STATS))
        if problem:
            self.report(problem)
        if self.policy.moves is not None:
            from thousand.persist.flash import wear_count

            stats.flash_writes = wear_count(self)
            stats.flash_rated = self.policy.rated
        return stats

    def save_stats(self, stats):
        from thousand.persist.stats import stats_item

        try:
            self.write(False, [stats_item(self, stats)])
        except SaveError as error:
            self.report(str(error))
