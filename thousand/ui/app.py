"""The application: screens, the main loop, settings, statistics and the storage doorway.

The storage (``thousand.persist.saves.Saves``: over the NVM on the device, files on the
desktop, memory in tests) keeps the game, the settings and the statistics.
Autosave (flash wear, docs/saves.md): after every action of the human, when a new
game starts and when a deal ends; never after a computer's action (the computer
players replay the same moves from their saved random state, so nothing is lost).
Where each save goes (sleep memory, RAM or flash) is the board's policy
(``thousand.persist.boards``).

``code.py`` on the device and ``thousand/ui/desktop.py`` both build an ``App``
over a board module (``thousand.hw``) and call ``run()``.  One loop iteration
(``tick``) reads at most one key, lets the current screen react, lets a
computer seat think or move once (bounded work, so the screen never freezes)
and refreshes the display only when something changed.

Only the screen on show is built: the others are let go when a screen is left and
built again when shown (the table too: it reads everything from the controller), and
``thousand.ui.scenes`` unloads the modules the next screen does not need.  On the device
loaded bytecode lives in the heap, and it is the heap's largest part.
"""

import gc

from thousand import HUMAN
from thousand.hw.keys import NO_KEY, SELECT, ticks_diff
from thousand.ui import scenes

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_DEAL_END_PAUSE_MS = const(900)  # the last trick stays on the table this long before the summary
_MEMORY_RESTARTS = const(3)  # restarts after a MemoryError (main) before the error stops the program
_DIM_AFTER_MS = const(60000)  # the backlight dims after this long without a key (a setting)


class App:
    def __init__(self, board, display, sheet, storage=None, rules=None, seed=None, reloaded=False, language=None):
        from thousand.ui.starting import set_up  # once a VM: its code is not held with the app's

        set_up(self, board, display, sheet, storage, rules, seed, reloaded, language)

    def start_guided(self):
        from thousand.ui.starting import start_guided

        start_guided(self)

    # -------------------------------------------------------------- screens
    def build(self, name):
        if self.holds_game() == "five_hundred":  # its table and pages (thousand.ui.five_hundred_app)
            from thousand.ui.five_hundred_app import build

            screen = build(self, name)
            if screen is not None:
                return screen
        if name == "table":
            from thousand.ui.table import TableScreen

            return TableScreen(self)
        if name in ("summary", "sheet", "chart"):
            from thousand.ui import sheet

            return {"summary": sheet.SummaryScreen, "sheet": sheet.SheetScreen, "chart": sheet.ChartScreen}[name](self)
        if name == "fhagreements":  # Five Hundred's agreements' editor: a module of its own (it imports the menus')
            from thousand.ui.five_hundred_menus import AgreementsScreen

            return AgreementsScreen(self)
        if name == "settings":  # opened mid-deal too: without the other menus
            from thousand.ui.settings_screen import SettingsScreen

            return SettingsScreen(self)
        if scenes.listed(scenes.SCREENS[name], "ui.table_menu"):  # opened mid-deal: without the other menus
            from thousand.ui.table_menu import SCREENS
        else:
            from thousand.ui.menus import SCREENS

        return SCREENS[name](self)

    def show(self, name):
        """Switch to screen ``name``: the old one is let go (built again when shown again),
        then the modules the new one does not need (``scenes.settle``), then the new one is
        built.  Asked for during a tick (a key, a deal's end), the new screen is built at the
        start of the next tick: a board collects the old screen's garbage in between either
        way, and the 32-bit VM that measures the device's heap (tools/device_budget.py),
        which collects only between ticks, then holds what a board holds."""
        if self.screen_name != name:
            self.screens.clear()
        self.screen = None
        # The display holds the old screen's group too: let it go, so that the old
        # screen's bitmaps are free while the new one builds (nothing is drawn before
        # the next refresh).
        self.display.root_group = None
        self.settle(name)
        gc.collect()
        self.screen_name = name
        self.dirty = True
        if self.deal_unsaved and name != "table":
            # the table let go, the deal's end is saved first: the save's large blocks (the
            # game's record, a board's flash image) find their room before the next screen's
            # small ones are strewn through the holes the table left
            self.queue("deal_ended")
        if not self.ticking:
            self.finish_show()
        else:
            self.queue("finish_show")

    def settle(self, name=None):
        """Let go of the modules the screen ``name`` (by default the one on show) does not need
        (``scenes.settle``): an action's on-demand ones (a save's coder, a refusal's words)
        once it is done, and the computers' code of another phase than the game's, or of any
        on another screen than the table (with a computer's half-done thinking: think_again)."""
        held = self.holds_game()
        phase = (self.controller or self.storage.found).phase() if held == "thousand" else None
        name = self.screen_name if name is None else name
        if name != "table" and held and self.controller is not None:
            # a computer's half-done thinking would hold the code let go here, and the table
            # would then import it again beside it: it thinks again from its start (its random
            # state as it began), to the same action
            self.controller.think_again()
        scenes.settle(name, held, phase)

    def queue(self, job):
        """Do ``job`` (the name of one of the App's methods, ``jobs``) at a coming tick, once."""
        if job not in self.jobs:
            self.jobs.append(job)

    def think_hint(self, bot):
        """A hint's thinking (``Controller.hint``'s bot), a slice a tick with the table let go,
        as a computer seat thinks: a board collects each slice's garbage (hard's play-outs at
        the talon leave some 15 KB each) before the next.  The table then points to it.  The
        bot imports its phase's code as it begins: the table's menu holds none (scenes.py)."""
        self.thinker = bot
        self.queue("think_slice")

    def think_slice(self):
        bot = self.thinker
        if bot.think_step():
            self.hint = bot.result
            self.thinker = None
            self.show("table")
        else:
            self.queue("think_slice")

    def finish_show(self):
        """What ``show`` leaves to the next tick: the game to start, if any (``to_start``),
        and the screen."""
        if self.to_start is not None:
            from thousand.ui.starting import start_pending

            start_pending(self)  # shows the table (or the title) again
        else:
            self.build_screen()

    def build_screen(self):
        name = self.screen_name
        if name not in self.screens:
            self.screens[name] = self.build(name)
        self.screen = self.screens[name]
        self.screen.enter()
        # What the screen read for one moment (the summary: the deal's scoring, a redeal's
        # words) goes at once, not in the tick that saves and counts the deal after it.
        self.settle(name)
        self.display.root_group = self.screen.group
        self.dirty = True
        self.report_problem()

    # -------------------------------------------------------------- game
    def holds_game(self):
        """Is a game in memory (here or kept by the storage)?  Its modules stay loaded then: its
        name ("thousand" or "five_hundred", as its controller says), or False."""
        controller = self.controller
        if controller is None and self.storage.holds_game():
            controller = self.storage.found
        return False if controller is None else controller.game_name

    def new_game(self):
        from thousand.ui.starting import new_game  # on demand: a game's start (thousand.ui.scenes)

        new_game(self)

    def can_continue(self):
        if self.controller is not None and not self.controller.over():
            return True
        return self.storage.has_game()

    def continue_game(self):
        from thousand.ui.starting import continue_game

        continue_game(self)

    def on_action(self, seat, action):
        self.last_move_ms = self.now
        self.dirty = True
        if "table" in self.screens:
            self.screens["table"].changed = True
        controller = self.controller
        if seat == HUMAN and not controller.between_deals() and not controller.over():
            self.storage.save_game(controller)  # a deal's end is saved by deal_ended
            # The first save after a Continue encodes the rules and the sheet (rules_sheet;
            # a deal's end encodes the next deal's): let them go.
            self.settle()
            self.report_problem()
        else:
            # A deal's end: its scoring is let go at once, not with the table (the table's
            # high point was the game's last deal, shown with the scoring that ended it).
            # A computer's move: the computers' code for another phase goes (scenes.BOTS).
            self.settle()

    def next_deal(self):
        """After the summary: the next deal, or the title when the game is over."""
        controller = self.controller
        if controller.over():
            # deal_ended saved, counted and exported it: the finished game is of no more
            # use, and holding it made the title after it the heap's high point.  On a board,
            # the title is a fresh VM's (no game saved: main() starts at the title).
            self.controller = None
            from thousand.ui.starting import fresh_vm

            if not fresh_vm(self):
                self.show("title")
            return
        controller.next_deal()
        self.deal_over_ms = None
        self.last_move_ms = self.now
        self.show("table")

    def deal_ended(self):
        """Once per finished deal: the save and the statistics (``Saves.end_deal``: one write
        of a board's flash), and at the game's end its record (from the game in memory).
        Done as the next screen is shown (the summary, or the table's menu opened in the
        pause), once the table's heap is free and before that screen is built (``show``); a
        power cut before it loses nothing: Continue replays the deal to its end again.  Their
        modules are let go at once."""
        self.deal_unsaved = False
        over = self.controller.over()
        self.storage.end_deal(self.controller, HUMAN)
        if over:
            self.storage.export(self.controller)
        self.settle()
        self.report_problem()

    def report_problem(self):
        """A storage problem during play, on the table's status line (else the title shows it)."""
        table = self.screens.get("table")
        if self.storage.problem is not None and table is not None and self.screen is table:
            from thousand.texts import problem  # on demand (thousand.ui.scenes)

            table.say(problem(self.storage.take_problem()))

    def save_settings(self):
        settings = self.settings
        settings.rules = self.rules
        settings.levels = list(self.levels)
        self.storage.save_settings(settings)
        self.settings_changed = False

    def beep(self, freq, ms):
        if self.settings.sound:
            self.board.beep(freq, ms)

    # -------------------------------------------------------------- the loop
    def tick(self, now):
        """One loop iteration at time ``now`` (ms)."""
        self.now = now
        self.ticking = True
        try:
            jobs = self.jobs
            if jobs:  # one heavy thing, a tick of its own; keys wait
                getattr(self, jobs.pop(0))()
                if self.screen is not None and self.dirty:  # a screen built (or a game's table)
                    self.dirty = False
                    self.display.refresh()
                return
            key = self.board.poll()
            if key != NO_KEY:
                if self.key_ms is None:  # the key that wakes the screen does nothing else
                    self.dim(False)
                    key = NO_KEY
                self.key_ms = now
            elif self.settings.dim and self.key_ms is not None and ticks_diff(now, self.key_ms) >= _DIM_AFTER_MS:
                self.dim(True)
                self.key_ms = None
            if key == SELECT and self.screen_name != "help":
                self.help_from = self.screen_name  # the rules and keys from any screen
                self.show("help")
            elif key != NO_KEY:
                self.screen.key(key)
                self.dirty = True
            controller = self.controller
            if controller is not None and self.screen is not None and self.screen_name == "table":
                self.play(controller, now)
            screen = self.screen
            if screen is None:  # built, and drawn, at the next tick
                return
            if screen.tick(now):
                self.dirty = True
            if self.dirty:
                self.dirty = False
                self.display.refresh()
        finally:
            self.ticking = False

    def play(self, controller, now):
        """The computer seats' part of a loop iteration, and the end of a deal."""
        if controller.between_deals() or controller.over():
            self.show_turn(None)
            if self.deal_over_ms is None:
                self.deal_over_ms = now
                self.deal_unsaved = True
                self.beep(660, 60)
            elif ticks_diff(now, self.deal_over_ms) >= max(_DEAL_END_PAUSE_MS, self.settings.bot_delay_ms):
                self.show("summary")
            return
        decision = controller.pending()
        self.show_turn(decision.seat)
        table = self.screen
        if table.changed:
            # The table's view of the last action, drawn before a computer's next, which
            # waits for the next tick: a tick's garbage (a save, a view read and drawn, a
            # computer's thinking) is what decides the heap a board needs between collections.
            table.update()
            return
        delay = self.settings.bot_delay_ms
        if table.view.last_trick and not table.view.trick:  # a trick just taken, its taker named:
            delay *= 2  # it stays twice the pause before the next lead
        if table.holds_play() or ticks_diff(now, self.last_move_ms) < delay:
            return
        if decision.seat != HUMAN:
            controller.step()
        elif self.settings.autoplay and len(decision.legal) == 1 and not decision.question:
            controller.act(decision.legal[0])  # a forced card plays itself (a setting): saved as a move

    def keep_alive(self):
        """Called from inside a long bot search (every few hundred solver nodes): keep the
        thinking indicator turning so the screen never looks frozen; keys wait in the queue."""
        if self.screen.tick(self.board.ticks_ms()):
            self.display.refresh()

    def show_turn(self, seat):
        if seat != self.turn_seat:
            self.turn_seat = seat
            self.board.show_turn(seat)
            self.dirty = True  # the desktop window draws the turn in its footer
            if seat == 0:
                self.beep(880, 30)

    def dim(self, on):
        """The backlight at a tenth, or full again (a display without one stays as it is).  A
        pause long enough to dim it puts on the flash the deal ends kept off it (``flush``),
        with the screen let go (built again at the next tick; its picture stays on the
        display meanwhile): the flash's image of a long game's records, 1.6 KB in one block,
        was the block a 139-deal game's table failed to find."""
        self.dirty = True  # the desktop's window shades itself at its refresh
        if on and self.storage.flush_due():
            self.screens.clear()
            self.show(self.screen_name)
            self.storage.flush()  # (its code let go as the screen is built again)
        try:
            self.display.brightness = 0.1 if on else 1.0
        except (AttributeError, RuntimeError):  # "Brightness not adjustable"
            pass

    def run(self):
        """The device's loop.  Between ticks it sleeps for 10 ms unless a computer seat is
        thinking: CircuitPython's ``time.sleep`` idles the processor until the next interrupt
        (keypad scans its keys meanwhile and queues them), the battery's biggest saving after
        the backlight (docs/hardware.md: Battery)."""
        import time

        board = self.board
        while True:
            self.tick(board.ticks_ms())
            if (self.controller is None or self.controller.thinking is None) and self.thinker is None:
                time.sleep(0.01)


def main(board=None, storage=None, at_title=False):
    """The device entry point (``code.py``; ``title.py``'s, ``at_title``, after "save, go to
    title": a reload then opens the title, not the saved game): the board of this machine, its
    display, the title.

    The storage is the machine's own (the NVM and sleep memory on a board, as its policy in
    ``thousand.persist.boards`` says): saves, settings and statistics persist.
    """
    from thousand.ui import starting  # on demand: the device opened once (its code let go with it)

    board, storage, display, sheet, reloaded = starting.open_device(board, storage, at_title)
    del starting  # this frame lasts the whole run: it holds none of that module
    restarts = 0
    while True:
        gc.collect()  # the App of a run that ran out of memory goes here
        try:
            app = App(board, display, sheet, storage, reloaded=reloaded)
            reloaded = False  # a restart after a MemoryError starts at the title
            app.run()
        except MemoryError:
            app = None
            # No room for what came next (a heap fragmented by a long session, say): start
            # again as a reset would, from the save made at the player's last move, and say
            # so on the title.  A board that keeps running out stops with the error.
            restarts += 1
            if restarts > _MEMORY_RESTARTS:
                raise
            storage.reread_game()
            storage.report("Out of memory: restarted")
