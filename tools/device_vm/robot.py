"""A seeded robot that plays the device's whole game by key presses (MicroPython code).

It runs inside a MicroPython VM, with tools/device_vm/stubs standing in for CircuitPython's C
modules and the game's bundle (.mpy files, real libraries, assets) on the path.  It builds
the game as ``thousand.ui.app.main`` does on a board (the board module, its display, the
sprite sheet, saves in the board's NVM), then presses the board's own keys through the
``keypad`` stand-in: the title, every menu (new game, agreements, settings, statistics,
help), a whole game against the chosen levels (the table in every phase, the table menu
and its pages, a hint at the player's talon and one late in each deal, each deal's summary,
the score sheet and the chart), "save, go to title"
and Continue once, to the game's end and the title again.  The human's decisions are
random legal ones, chosen by a seeded generator.

One tick of the app's loop (10 ms) is one ``step()``: tools/wasm32/steps.mjs calls it once
per call into the 32-bit VM (which collects garbage only between calls) and reads
``where()`` after each collection; ``main()`` plays it in one loop on the unix port.

    micropython robot.py BOARD LEVELS RULES SEED MAX_DEALS WRITABLE_DRIVE SLEEP_BYTES   (unix port, one loop, in a folder that
    tools/device_budget.py's build() made)
"""
import sys

import microcontroller
import supervisor
from micropython import const

# thousand.hw.keys' logical keys (the robot imports nothing of the game's at its own import,
# so that its own heap is measured alone)
LEFT = 2
RIGHT = 3
A = 4
B = 5
SELECT = 7
PAUSE = -2  # not a key: the robot leaves the board alone past the dimming (a minute)

_PHASE_TALON = const(2)  # thousand.game's (Five Hundred's PHASE_DISCARD: the player's discard)
_CARDS = const(1)  # thousand.ui.table.CARDS: a card of the hand to choose
_TICK_MS = const(10)
_TAP_MS = const(40)  # a key held this long, then released as long: past the 30 ms debounce
_LONG_PRESS_MS = const(700)  # the Feather's B is a held select button (600 ms)
_MAX_STEPS = const(1200000)
_CARRIED = "/reload.bin"  # the NVM and sleep memory through a reload (carry)
_PAUSE_MS = const(61000)  # thousand.ui.app's _DIM_AFTER_MS and a second
# What the robot does in the middle of a deal of every game after the first, one a deal in
# turn (see visit): each screen reachable from the table, a refused move, an undo, the record,
# a pause past the dimming, "save, go to title" (with the statistics) and Continue.
_VISITS = ("help", "refuse", "settings", "undo", "record", "pause", "title", "sheet", "last_trick")


class Robot:
    """The whole visit, one tick of the app's loop (10 ms) per ``step()``."""

    def __init__(self, board_id, levels, preset, seed, *options):
        # ``options``, given in this order (as tools/device_budget.py gives them): the deals
        # after which the game is saved and left (0: played to its end); whether the drive
        # is writable (a board's drive is read-only to the game unless boot.py made it
        # writable: the game's record is then written at its end); the bytes of the board's
        # alarm.sleep_memory (0: none); the games of the session (1: one game, the first
        # start's visit); whether the board reloads for each game (False: one VM for the
        # session, as the desktop plays it); the language the first start chooses (an index
        # into thousand.LANGUAGES); the game played: 0 for Thousand, else Five Hundred's players
        # (3 or 4: the title's "five hundred", its first preset, the computers its screens
        # give, the strongest).  A tuple, not named fields: the robot's names share the VM's
        # name pool with the game's, and a board runs no robot.
        self.options = options + (0, False, 8192, 1, True, 0, 0)[len(options):]
        self.game = 0  # the session's game being played (0: the first)
        self.dealt = []
        self.ended = ""  # "game N" once for the step after game N ended (steps.mjs's mark)
        self.board_id = board_id
        self.levels = levels
        self.preset = preset
        self.seed = seed
        self.app = None
        self.deals = 0
        self.seen = {}  # the screens shown
        self.steps = 0
        self.pending = []  # what is left of the key being pressed (see press)
        self.reloading = False  # the app asked for supervisor.reload() (see carry)
        self.carried = False  # this VM is one that a reload made (carry_in)
        self.games_started = 0  # the new games the robot started (each App's seed counts them)
        self.program = None  # what the reload that made this VM runs instead of code.py (carry_in)
        self.play = None  # the game's own state (play_game); None: the first start's visit goes on
        self.keys = self.run()

    def boot(self):
        """main() on a board, a step at a time (the 32-bit VM collects only between steps)."""
        from thousand.hw import keys
        from thousand.hw.choose import load

        assert (keys.LEFT, keys.RIGHT, keys.A, keys.B, keys.SELECT) == (LEFT, RIGHT, A, B, SELECT)
        self.board = load(self.board_id)
        if not self.options[4]:
            self.board.reload = None  # the app's fresh_vm: this board does not reload
        yield None
        if self.program != "record.py":  # code.py's, title.py's (the record's program draws nothing)
            display = self.board.open()
            display.auto_refresh = False
            yield None
            from thousand.ui import sprites

            sheet = sprites.Sheet(sprites.SHEET_PATH)
            yield None
        # As main() builds it on a board (thousand.persist.boards.board_saves): the board's
        # save policy over its NVM and its sleep memory.
        import alarm

        sleep_bytes = self.options[2]
        if not self.carried:  # else carry_in put back what the board kept through the reload
            alarm.sleep_memory = microcontroller.outside_heap(1, sleep_bytes, 0) if sleep_bytes else None
        from thousand.persist.boards import POLICIES, policy_saves
        from thousand.persist.store import NvmStore

        size = POLICIES[self.board.save_policy][0]  # the board's NVM bytes (the stand-in's are 8 KB)
        if len(microcontroller.nvm) != size and not self.carried:
            microcontroller.nvm = None
            microcontroller.nvm = microcontroller.outside_heap(0, size, 0xFF)
        storage = policy_saves(self.board.save_policy, NvmStore(microcontroller.nvm), self.board.sleep_memory(),
                               self.board.battery_volts)
        if not self.options[1]:  # as board_saves finds a drive that boot.py left read-only
            storage.records_dir = ""
        yield None
        if self.program == "record.py":  # the table menu's record (record.py's VM): it ends in a reload
            from thousand.ui.record_program import main

            try:
                main(self.board, storage)
            except supervisor.Reload:
                self.reloading = True
            while True:  # the harness goes on in a fresh VM (carry)
                yield None
        from thousand.rng import Rng
        from thousand.ui.app import App

        if not self.carried:
            self.rng = Rng(self.seed)
        # As main() does: after the game's own reload, the saved game at its table.  A new
        # game's seed is the session's seed, one (the guided deal's), and the games the robot
        # started before it, as one App would have counted them: a new game is started in the
        # VM where the game before ended, whose App counts none (its game was continued), so
        # the robot counts them (before, the session's second game had the first one's seed).
        self.app = App(self.board, display, sheet, storage, seed=self.seed + 1 + self.games_started,
                       reloaded=self.board.reloaded() and self.program != "title.py")  # as main(at_title)
        yield None

    # -------------------------------------------------------------- keys
    def tick(self, ms=_TICK_MS):
        supervisor.now[0] += ms
        if self.app is None:  # still booting
            return
        try:
            self.app.tick(supervisor.ticks_ms())
        except supervisor.Reload:  # the program ends: steps.mjs goes on in a fresh VM (carry)
            self.reloading = True
            return
        self.seen[self.app.screen_name] = True

    # -------------------------------------------------------------- a reload
    def carry(self):
        """After the step in which the app called supervisor.reload(): Python that gives a
        fresh VM's robot (``carry_in``) what a board keeps through a reload (the NVM, sleep
        memory, the clock), where the robot's visit was and the program the fresh VM runs
        (``supervisor.set_next_code_file``); else ""."""
        if not self.reloading:
            return ""
        import alarm

        # The NVM and sleep memory in a file that steps.mjs copies to the fresh VM's drive: a
        # literal of their bytes would be compiled there, past the heap a board has.
        sleep = alarm.sleep_memory
        with open(_CARRIED, "wb") as file:
            file.write(microcontroller.nvm)
            if sleep is not None:
                file.write(sleep)
        return repr((len(microcontroller.nvm), sleep is not None) + self.kept())

    def kept(self):
        """Where the robot's visit was, and the clock (carry; the unix port's one process
        keeps the stand-ins' NVM and sleep memory as they are)."""
        return (supervisor.now[0], (self.game, self.deals, self.dealt, sorted(self.seen), self.steps, self.rng.z,
                                    self.rng.w, self.games_started), self.play, supervisor.next_code_file[0])

    def carry_in(self, kept):
        """The robot of a fresh VM that a reload made: as ``carry`` left it."""
        import alarm

        if len(kept) == 6:  # from carry: the board's NVM and sleep memory too
            microcontroller.nvm = None
            microcontroller.nvm = microcontroller.outside_heap(0, kept[0], 0xFF)
            alarm.sleep_memory = microcontroller.outside_heap(1, self.options[2], 0) if kept[1] else None
            with open(_CARRIED, "rb") as file:
                file.readinto(microcontroller.nvm)
                if kept[1]:
                    file.readinto(alarm.sleep_memory)
            kept = kept[2:]
        supervisor.now[0], (self.game, self.deals, self.dealt, seen, self.steps, z, w, self.games_started), self.play, \
            self.program = kept
        supervisor.next_code_file[0] = None  # the program runs once, then code.py again
        supervisor.runtime.run_reason = supervisor.RunReason.SUPERVISOR_RELOAD
        for name in seen:
            self.seen[name] = True
        from thousand.rng import Rng

        self.rng = Rng(0)
        self.rng.z, self.rng.w = z, w
        self.carried = True

    def has_key(self, key):
        """Has the board a button for logical ``key``?"""
        from thousand.hw import device

        return any(key in keymap for _events, keymap in device.key_sources)

    def press(self, key):
        """The board's own button events for logical ``key``, and the ticks between them:
        None for a tick, (queue, key number, pressed) for an event."""
        from thousand.hw import device

        hold = _TAP_MS
        if device.repeater._long_key[A] == B and key == B:
            key, hold = A, _LONG_PRESS_MS  # the three-button board's back
        for events, keymap in device.key_sources:
            for number in range(len(keymap)):
                if keymap[number] == key:
                    return ([(events.queue, number, True)] + [None] * (hold // _TICK_MS)
                            + [(events.queue, number, False)] + [None] * (_TAP_MS // _TICK_MS))
        raise AssertionError("the board has no key %d" % key)

    def step(self):
        """One tick of the app's loop (10 ms); False when the visit is over.  A board
        collects garbage whenever it must; the 32-bit VM only between steps, so a step is
        kept as small as the app's own loop makes it."""
        self.steps += 1
        if self.steps > _MAX_STEPS:
            raise AssertionError("the game did not end")
        if self.app is not None and self.app.screen is None:  # built at this tick (App.show)
            self.tick()
            return True
        while True:
            if not self.pending:
                key = next(self.keys, False)
                if key is False:
                    return False
                self.pending = [None, None] if key is None else [PAUSE] if key == PAUSE else self.press(key)
            item = self.pending.pop(0)
            if item is None or item == PAUSE:
                self.tick(_PAUSE_MS if item == PAUSE else _TICK_MS)
                return True
            queue, number, pressed = item
            queue.append((number, pressed))

    def where(self):
        """The game of the session and the screen on show, "GAME:SCREEN" (steps.mjs keeps the
        most heap in use per label)."""
        return "%d:%s" % (self.game, "boot" if self.app is None else self.app.screen_name)

    def mark(self):
        """"game N" at the step after the session's game N ended, else "" (steps.mjs notes the
        heap and the name pool then)."""
        ended, self.ended = self.ended, ""
        return ended

    def snapshot(self):
        """"MODULES;DISPLAY": the modules loaded now and the bytes of the bitmaps and palettes
        that the screens hold (steps.mjs keeps it at each screen's peak)."""
        seen = {}
        for screen in self.app.screens.values() if self.app is not None else ():
            display_bytes(screen.group, seen)
        return ",".join(sorted(sys.modules)) + ";%d" % sum(seen.values())

    # -------------------------------------------------------------- the visit
    def run(self):
        yield from self.boot()
        if self.play is None:  # the first start's visit (in a fresh VM too, once its guided deal reloaded)
            yield from self.first_start()
        if self.play == 0:  # its title: in the same VM, or the fresh one (title.py) a board reloads into
            yield from self.first_titles()
        yield from self.games()  # after a reload at a game's start, that game goes on

    def first_start(self):
        """A player's first start: the language, then the guided deal, its first deal played
        (the game starts in a fresh VM on a board that reloads), its next deal's table left
        with "save, go to title" (``play`` 0 then: first_titles next); then, on the title, the
        agreements, the settings, the statistics, the help and Five Hundred's players (3, then
        4) and its agreements' editor (a session of Thousand's looks at them, no more).  The
        statistics' pages of Five Hundred are not turned here: two A presses on them in this VM
        measured game 2 (another VM) 9 to 15 KB higher, a cause not found
        (docs/five_hundred.md, "Statistics per game")."""
        app = self.app
        if app.screen_name == "language":
            for _ in range(self.options[5]):
                yield RIGHT
            yield A
            while app.screen_name != "table":
                yield None
        while app.screen_name != "summary":
            if app.screen_name != "table":
                raise AssertionError("unexpected screen " + app.screen_name)
            if self.holds_play():  # a computer's open talon: A once seen
                yield A
            elif not self.ready():
                yield None  # the guide's words, a line at a time; the computers
            else:
                yield from self.decide()
        yield A  # the next deal
        while app.screen_name != "table" or not self.ready():
            yield None
        yield B
        self.play = 0
        yield from self.choose("title")

    def first_titles(self):
        """The first start's title and the screens it reaches (first_start)."""
        app = self.app
        yield from self.choose("agreements")
        for _ in range(60):  # every agreement, each with its help line
            yield RIGHT
        yield B
        yield from self.choose("settings")
        yield RIGHT
        while app.settings.bot_delay_ms != 0:  # the computer's pause: none (as fast as it goes)
            yield A
        yield B
        yield from self.choose("statistics")
        yield B
        yield from self.choose("help")
        for _ in range(12):
            yield RIGHT
        yield B
        yield from self.choose("five hundred")  # the other game's players, looked at (not played yet)
        yield A
        yield RIGHT
        yield RIGHT
        yield A  # its agreements' editor: every agreement, each with its help line
        for _ in range(14):
            yield RIGHT
        yield B
        yield B
        self.carried = False  # the session's first game is a new game

    def games(self):
        """The session's games, from the one being played (a reload's fresh VM goes on with it)."""
        while self.game < self.options[3]:
            if not self.carried:
                # counted before the game starts: its start reloads, and this VM's App has its seed
                self.games_started += 1
                yield from self.choose("five hundred" if self.options[6] else "new game")
                # the game's own state (see play_game): saved once, the deals of its hint,
                # talon hint and visit, the visits made, the kinds of decision hinted at, its deals
                self.play = [self.game > 0, -1, -1, -1, 0, [], 0, 0]
                if self.options[6]:  # Five Hundred's screen: the players, the preset (rows 0 and 1,
                    # kept in the settings from game to game), its agreements, start (row 3)
                    yield LEFT
                    yield RIGHT
                    yield from self.move(-self.app.screen.cursor)
                    while self.app.screen.rules.players != self.options[6]:
                        yield A
                    yield RIGHT
                    while not self.preset_chosen():
                        yield A
                    yield RIGHT
                    yield RIGHT
                    yield A
                else:
                    yield from self.start_game()
            self.carried = False
            yield from self.play_game()
            self.ended = "game %d" % self.game
            self.dealt.append(self.deals)  # the deals played so far, at each game's end
            if self.deals == self.options[0]:  # saved and left after --max-deals: the visit ends
                return
            self.game += 1

    def start_game(self):
        """The new game screen: the preset, then each opponent's level, then start."""
        app = self.app
        for row, done in ((0, lambda: app.rules.preset_name == self.preset),
                          (1, lambda: app.levels[0] == self.levels[0]),
                          (2, lambda: app.levels[1] == self.levels[1])):
            yield from self.move(row - app.screen.cursor)
            for _ in range(8):
                if done():
                    break
                yield A
        yield from self.move(4 - app.screen.cursor)
        yield A

    def play_game(self):
        """One game to its end (the title again).  The first game visits the table menu's pages
        once and asks for hints as before; every later game does one of _VISITS in each deal
        and asks for a hint at each kind of decision once."""
        app = self.app
        # self.play, which a reload carries: [saved once, the deal in which a hint and the last
        # trick were asked for, the deal of the hint at the player's talon, the deal of a visit
        # (games after the first), the visits made, the kinds of decision (phases) hinted at,
        # the game's deals, what the title after "save, go to title" is for (title_next)]
        play = self.play
        while True:
            name = app.screen_name
            if name == "title":
                if play[7]:  # "save, go to title" (a board reloads into title.py for it)
                    yield from self.title_next()
                    continue
                return  # the game is over
            if name == "summary":
                self.deals += 1
                play[6] += 1
                if self.deals == self.options[0]:  # enough: the next deal, then save and leave
                    yield A
                    yield B  # the table's menu, then "save, go to title"
                    yield from self.choose("title")
                    return
                if play[6] == 2 and self.game == 0:
                    yield B  # the score sheet, then the chart, then back to the summary
                    yield A
                    if not self.options[6]:  # Five Hundred's sheet goes back to the summary: no chart
                        yield B
                yield A
                continue
            if name != "table":
                raise AssertionError("unexpected screen " + name)
            ready = self.ready()
            if not play[0] and play[6] == 1 and ready:
                play[0] = True
                # B on the table: the score sheet, the chart, the settings and the help from
                # the table menu, then "save, go to title" and Continue.
                for entry in ("sheet", "chart", "settings", "help"):
                    if entry == "chart" and self.options[6]:
                        continue  # Five Hundred's table menu has none
                    yield B
                    yield from self.choose(entry)
                    yield B
                    if app.screen_name != "table":
                        yield B
                yield B
                play[7] = 1
                yield from self.choose("title")
                yield from self.title_next()
                continue
            phase = self.phase() if ready else -1
            if self.game > 0 and ready and phase not in play[5]:
                play[5].append(phase)  # a hint at each kind of decision: bid, talon, contract, play
                yield B
                yield from self.choose("hint")
                while self.thinking():
                    yield None
                continue
            what = _VISITS[play[4] % len(_VISITS)]
            if what == "refuse" and ready and not self.refusable():
                what = None  # a refusal waits for a trick where a card may not go
            if self.game > 0 and ready and play[3] != play[6] and phase > _PHASE_TALON and what is not None:
                play[3] = play[6]
                play[4] += 1
                yield from self.visit(what)
                continue
            if (self.game == 0 and play[2] != play[6] and ready and phase == _PHASE_TALON):
                # The player's talon: hard's play-outs weigh the gives for the hint.
                play[2] = play[6]
                yield B
                yield from self.choose("hint")
                while self.thinking():  # a slice of the hint's thinking a tick
                    yield None
                continue
            if (play[1] != play[6] and ready and self.cards_held() <= 4):
                # Late in each deal, where the hard bot searches: a hint, the last trick and an
                # undo, from the table's menu (the hint's search and the undo's replay run there,
                # with the table let go).
                play[1] = play[6]
                for entry in ("hint", "last_trick", "undo"):
                    yield B
                    yield from self.choose(entry)
                    while self.thinking():
                        yield None
                continue
            if self.holds_play():  # a computer's open talon: A once seen
                yield A
            elif not ready:
                yield None
            elif self.options[6]:
                for key in self.five_hundred_keys():
                    yield key
            else:
                yield from self.decide()

    # What a generator of the visit reads of the app is read in these plain methods, not in
    # the generator's own frame: a collection scans a generator's frame whole, the stack slots
    # above its top included, and a screen read there last (a method called on it leaves the
    # screen in the slot above the result) stayed alive with its module after the screen was
    # let go: the table's 14 KB at every summary, once.
    def thinking(self):
        """Does a hint think?  (Read here: the visit's frame would keep the hint's bot in a
        stack slot once its thinking is done.)"""
        return self.app.thinker is not None

    def holds_play(self):
        return self.app.screen.holds_play()

    def offers(self, entry):
        """Is ``entry`` on the menu on show?"""
        return entry in self.app.screen.entries()

    def ready(self):
        """Does the table wait for the player's decision, drawn?"""
        return self.app.controller.human_decision() is not None and not self.app.screen.changed

    # What the robot reads of the game, read without a SeatView: a view it made is garbage
    # that a stale word of its own generators' frames (the VM never clears a popped slot)
    # could keep through a tick, counted as the game's (2 KB by chance in one game).
    def phase(self):
        return self.app.controller.game.phase

    def cards_held(self):
        """The player's cards: a mask (Thousand's) or a mask a suit (Five Hundred's)."""
        hand = self.app.controller.game.hands[0]
        held = 0
        for mask in hand if isinstance(hand, list) else (hand,):
            while mask:
                mask &= mask - 1
                held += 1
        return held

    def to_card(self, card):
        """The cursor's steps to ``card`` of the player's hand."""
        return self.app.screen.hand_cards.index(card) - self.app.screen.cursor

    def refusable(self):
        """A card of the player's hand that may not go now (None: every card may, or no card
        is asked for)."""
        screen = self.app.screen
        if screen.mode != _CARDS:
            return None
        allowed = [card for card, _ in screen.card_actions]
        for card in screen.hand_cards:
            if card not in allowed:
                return card
        return None

    def visit(self, what):
        """One of _VISITS, from the table at the player's decision, back to the table."""
        app = self.app
        if what == "help":  # SELECT: the rules and keys over the table, three pages, back
            select = self.has_key(SELECT)
            if select:
                yield SELECT
            else:  # a board without SELECT (the Feather's three buttons): from the table's menu
                yield B
                yield from self.choose("help")
            for _ in range(3):
                yield RIGHT
            yield B
            if not select:
                yield B  # the menu, then the table
        elif what == "refuse":  # a card that may not go now: the refusal's words on the status line
            yield from self.move(self.to_card(self.refusable()))
            yield A
        elif what == "settings":  # a setting changed and changed back, saved as the board saves it
            yield B
            yield from self.choose("settings")
            yield A
            yield A
            yield B
            yield B
        elif what == "title":  # "save, go to title", the statistics, and Continue
            self.play[7] = 2
            yield B
            yield from self.choose("title")
            yield from self.title_next()
        elif what == "pause":
            yield PAUSE
            yield A  # the key that wakes the screen does nothing else
        else:  # undo, record, sheet, last_trick: from the table's menu
            yield B
            if not self.offers(what):
                yield B
                return
            yield from self.choose(what)
            if app.screen_name == "sheet":
                yield B
            if app.screen_name != "table":
                yield B

    def title_next(self):
        """On the title after "save, go to title" (in the same VM, or in the fresh one of
        title.py where the board reloads): a visit's statistics (``play[7]`` 2), then Continue."""
        if self.play[7] == 2:
            yield from self.choose("statistics")
            yield B
        self.play[7] = 0
        yield from self.choose("continue")

    # No screen is held in a local across a ``yield``: the game's heap is measured between
    # two steps, and a screen the app has let go would stay alive in the robot's frame.
    # (The robot's helpers are few: their names share the VM's name pool with the game's.)
    def choose(self, entry):
        """On the screen on show (a menu): move to ``entry`` and choose it."""
        yield from self.move(self.steps_to(entry))
        yield A

    def steps_to(self, entry):
        """The cursor's steps to ``entry`` of the menu on show (read here, not in a generator's
        frame: see ``holds_play``)."""
        screen = self.app.screen
        return screen.entries().index(entry) - screen.cursor

    def move(self, steps):
        for key in self.moves(steps):
            yield key

    def decide(self):
        """The keys that make a random legal decision for the human: each part read in a plain
        method (``decision_keys``, ``choice_keys``), so that this generator's frame holds keys
        and an action, nothing of the app's: suspended at its last key while the app acts on
        it, a screen, a decision or a view read here stayed alive in its frame's stack slots
        after the app had let them go (``holds_play`` says why)."""
        keys, action, menu = self.decision_keys()
        for key in keys:
            yield key
        if menu:  # concede or redeal while cards could be chosen: in the menu now on show
            yield from self.choose(action)
            return
        for key in self.choice_keys(action):
            yield key

    def decision_keys(self):
        """(the keys to press, the action drawn, whether the menu is to choose it from): the
        random legal action of the player's decision, and the keys that reach it."""
        from thousand.ui import table

        # The table's module is read here and let go: a decision taken in the table's menu
        # lets the table and its module go, and a module kept alive in the robot's frame stayed
        # beside the one the next table loads (7.4 KB, the table's peak once).
        cards = table.CARDS
        table = None
        screen = self.app.screen
        legal = self.app.controller.human_decision().legal
        action = legal[self.rng.below(len(legal))]
        if screen.mode != cards:
            return self.moves(screen.options.index(action) - screen.cursor) + [A], action, False
        held = [c for c, a in screen.card_actions if a == action]
        if not held:
            return [B], action, True
        return self.moves(screen.hand_cards.index(held[0]) - screen.cursor) + [A], action, False

    def choice_keys(self, action):
        """After a card: the keys that choose ``action`` where the card offers a choice (play
        or declare), else none."""
        from thousand.ui import table

        choice = table.CHOICE
        table = None
        screen = self.app.screen
        if screen.mode != choice:
            return []
        return self.moves(screen.options_now().index(action) - screen.cursor) + [A]

    def moves(self, steps):
        """The keys that move the cursor ``steps`` (left where negative), as a list."""
        return [RIGHT if steps > 0 else LEFT] * abs(steps)

    def preset_chosen(self):
        """Does Five Hundred's new game screen show the preset asked for?"""
        return self.app.screen.rules.preset_name == self.preset

    def five_hundred_keys(self):
        """The keys of one random legal step of the player's at Five Hundred's table
        (thousand.ui.five_hundred_table's modes): a card; a card to mark of the discard's three;
        a word (pass three times in four in the auction, else the cheapest bid; keep one's bid
        three times in four, else the cheapest raise; the Joker's suit at random).  A plain
        method: the screen and the actions' module are let go before the keys are pressed."""
        screen = self.app.screen
        mode = screen.mode
        if mode == 1 or mode == 3:  # CARDS, DISCARD
            if mode == 1:
                cards = [card for card, _ in screen.card_actions]
            else:
                cards = [card for card in screen.hand_cards if card not in screen.marked]
            steps = screen.hand_cards.index(cards[self.rng.below(len(cards))]) - screen.cursor
        else:  # OPTIONS, CHOICE (the suit the Joker leads as)
            from thousand.five_hundred import actions

            options = screen.options_now()
            at = self.rng.below(len(options))
            for keep in (actions.ACTION_PASS, actions.ACTION_NO_RAISE):
                if keep in options:  # the auction, the raise: keep three times in four, else the cheapest bid
                    at = options.index(keep)
                    if not self.rng.below(4):
                        for i in range(len(options)):
                            if actions.verb(options[i]) == actions.BID and (
                                    actions.verb(options[at]) != actions.BID or actions.bid_value(
                                        actions.argument(options[i])) < actions.bid_value(actions.argument(options[at]))):
                                at = i
            actions = None
            steps = at - screen.cursor
        screen = None
        return self.moves(steps) + [A]

    def summary(self):
        app = self.app
        assert app.screen_name == "title", app.screen_name
        stats = app.storage.load_stats()
        if self.deals != self.options[0]:  # played to the end: counted (Thousand's statistics), and let go
            assert app.controller is None and stats.games == (0 if self.options[6] else self.options[3]), stats.lines()
        assert stats.deals >= 1 or self.options[6], stats.lines()  # Five Hundred's deals are not counted
        return "ok deals=%d screens=%s games=%s" % (self.deals, ",".join(sorted(self.seen)),
                                                    ",".join("%d" % deals for deals in self.dealt))


def display_bytes(layer, seen):
    """Adds to ``seen`` (id: bytes) each bitmap's pixels and each palette under ``layer``
    (shared ones once), as the stand-in displayio holds them."""
    if hasattr(layer, "content"):  # a Group
        for child in layer:
            display_bytes(child, seen)
    elif hasattr(layer, "bitmap"):
        if id(layer.bitmap) not in seen:
            seen[id(layer.bitmap)] = len(layer.bitmap.buf)
        shader = layer.pixel_shader
        if hasattr(shader, "values") and id(shader) not in seen:
            seen[id(shader)] = 4 * len(shader.values)
