"""Run under the MicroPython unix port with tests/mpy_stubs first on the path (see test_ui_micropython.py):
the device screens play a whole game, visit every screen and report the heap they use.
The WebAssembly port (a 32-bit VM) steps ``UiGame`` instead, a key press per call.

The stub displayio keeps a byte per bitmap pixel and no label bitmaps, so its
heap figures are the Python side of the screens, not the display memory
(tools/shoot.py measures that)."""
import gc
import sys

gc.collect()
START = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0  # CPython imports this file for take_decision

from thousand.hw.keys import A, B, LEFT, NO_KEY, RIGHT
from thousand.rng import Rng
from thousand.rules import Rules
from thousand.ui import sprites
from thousand.ui import table as T
from thousand.ui.app import App

ARGV = getattr(sys, "argv", [])  # the WebAssembly port has no sys.argv: it builds UiGame itself
ROOT = ARGV[1] if len(ARGV) > 1 else "."
LEVELS = (ARGV[2] if len(ARGV) > 2 else "random,random").split(",")  # the opponents


class Board:
    name = "stub"
    key_help = "LEFT/RIGHT move A:ok B:back"

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.keys = []
        self.now = 0

    def poll(self):
        return self.keys.pop(0) if self.keys else NO_KEY

    def beep(self, freq, ms):
        pass

    def set_muted(self, flag):
        pass

    def show_turn(self, seat):
        pass

    def ticks_ms(self):
        return self.now


class Display:
    root_group = None
    auto_refresh = False

    def refresh(self):
        pass


def run(app, board, ms):
    for _ in range(ms // 10):
        board.now += 10
        app.tick(board.now)


def press(app, board, key):
    board.keys.append(key)
    run(app, board, 20)


# The key driving is written as generators of keys (None: let 20 ms pass), so that a host
# can play them one per call (UiGame.step) as well as in one loop.

def keys_to(wanted, current, count):
    """RIGHT until ``current()`` is ``wanted`` (every list wraps around)."""
    for _ in range(count + 1):
        if current() == wanted:
            return
        yield RIGHT
    raise AssertionError("never reached %r" % (wanted,))


def move_to(press, wanted, current, count):
    for key in keys_to(wanted, current, count):
        press(key)


def decision_keys(app, rng):
    """The keys that choose a random legal action for the human: LEFT/RIGHT/A/B only."""
    screen = app.screen
    decision = app.controller.human_decision()
    action = decision.legal[rng.below(len(decision.legal))]
    if screen.mode == T.CARDS:
        cards = [c for c, a in screen.card_actions if a == action]
        if not cards:  # concede or redeal while cards could be chosen: in the menu
            yield B
            menu = app.screen
            yield from keys_to(action, lambda: menu.entries()[menu.cursor], len(menu.entries()))
            yield A
            return
        yield from keys_to(cards[0], lambda: screen.hand_cards[screen.cursor], len(screen.hand_cards))
        yield A
        if screen.mode == T.CHOICE:
            options = screen.options_now()
            yield from keys_to(action, lambda: options[screen.cursor], len(options))
            yield A
    else:
        assert screen.mode == T.OPTIONS
        yield from keys_to(action, lambda: screen.options[screen.cursor], len(screen.options))
        yield A


def take_decision(app, press, rng):
    """Choose a random legal action for the human and make it with key presses."""
    for key in decision_keys(app, rng):
        press(key)


def game_keys(app, rng, summaries, after_each=None):
    """From the table to the title at the game's end; ``summaries[0]`` counts the deal
    summaries seen.  At the second summary it also visits the score sheet and the chart."""
    for _ in range(5000):
        if app.screen_name == "title":
            return
        if app.screen_name == "summary":
            summaries[0] += 1
            if summaries[0] == 2:
                yield B  # the sheet, then the chart, then back to the summary
                yield A
                yield B
            yield A
        elif app.screen_name != "table":
            raise AssertionError("unexpected screen " + app.screen_name)
        elif app.controller.human_decision() is None or app.screen.changed:
            yield None
        else:
            yield from decision_keys(app, rng)
        if after_each is not None:
            after_each()
    raise AssertionError("the game did not end")


def play_game(app, press, wait, rng, after_each=None):
    """``game_keys`` pressed with ``press`` and ``wait``; the number of deal summaries seen."""
    summaries = [0]
    for key in game_keys(app, rng, summaries, after_each):
        if key is None:
            wait()
        else:
            press(key)
    return summaries[0]


class UiGame:
    """The whole visit of main(): every menu screen, then a game to its end against
    ``levels``, one key press (or 20 ms) per ``step()``."""

    def __init__(self, root, levels):
        gc.collect()
        self.imports = gc.mem_alloc() - START
        self.board = board = Board(160, 128)
        sheet = sprites.Sheet(root + "/" + sprites.SHEET_PATH)
        from thousand.persist.saves import Saves
        from thousand.persist.store import NvmStore

        store = NvmStore(bytearray(b"\xff" * 8192))  # the device's storage: saves after every human action
        self.app = App(board, Display(), sheet, Saves(store),
                       rules=Rules.from_dict({"preset": "classic", "target": 300}), seed=3)
        self.app.levels = levels
        self.app.settings.bot_delay_ms = 0
        self.table_heap = 0
        self.peak = 0
        self.summaries = [0]
        self.keys = self.visit()

    def visit(self):
        app = self.app
        for name in ("agreements", "settings", "statistics", "help", "newgame"):
            app.show(name)
            for _ in range(50):
                yield RIGHT
            yield A
            if app.screen_name == name:
                yield B
        app.show("newgame")
        app.rules = Rules.from_dict({"preset": "classic", "target": 300})
        yield LEFT
        yield A
        gc.collect()
        self.table_heap = gc.mem_alloc() - START
        yield from game_keys(app, Rng(5), self.summaries, self.measure)

    def measure(self):
        gc.collect()
        if self.app.screen_name == "table":
            self.peak = max(self.peak, gc.mem_alloc() - START)

    def step(self):
        """One key press, or 20 ms of waiting; False when the game is over."""
        for key in self.keys:
            if key is None:
                run(self.app, self.board, 20)
            else:
                press(self.app, self.board, key)
            return True
        return False

    def summary(self):
        app = self.app
        # At the title with the game let go: it ended (stats.games below says it was counted).
        assert app.screen_name == "title" and app.controller is None, app.screen_name
        stats = app.storage.load_stats()
        assert stats.games == 1 and stats.deals >= 1, stats.lines()
        return "ok deals=%d imports_heap=%d table_heap=%d peak_heap_at_table=%d" % (
            self.summaries[0], self.imports, self.table_heap, self.peak)


def main():
    game = UiGame(ROOT, LEVELS)
    while game.step():
        pass
    print(game.summary())


if __name__ == "__main__":
    main()
