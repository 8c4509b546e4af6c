"""Run under the MicroPython unix port with tests/mpy_stubs first on the path (see test_ui_micropython.py):
the device screens play a whole game, visit every screen and report the heap they use.

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

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
LEVELS = (sys.argv[2] if len(sys.argv) > 2 else "random,random").split(",")  # the opponents


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


def move_to(press, wanted, current, count):
    """RIGHT until ``current()`` is ``wanted`` (every list wraps around)."""
    for _ in range(count + 1):
        if current() == wanted:
            return
        press(RIGHT)
    raise AssertionError("never reached %r" % (wanted,))


def take_decision(app, press, rng):
    """Choose a random legal action for the human and make it with LEFT/RIGHT/A/B presses only."""
    screen = app.screen
    decision = app.controller.human_decision()
    action = decision.legal[rng.below(len(decision.legal))]
    if screen.mode == T.CARDS:
        cards = [c for c, a in screen.card_actions if a == action]
        if not cards:  # concede or redeal while cards could be chosen: in the menu
            press(B)
            menu = app.screen
            move_to(press, action, lambda: menu.entries()[menu.cursor], len(menu.entries()))
            press(A)
            return
        move_to(press, cards[0], lambda: screen.hand_cards[screen.cursor], len(screen.hand_cards))
        press(A)
        if screen.mode == T.CHOICE:
            options = screen.options_now()
            move_to(press, action, lambda: options[screen.cursor], len(options))
            press(A)
    else:
        assert screen.mode == T.OPTIONS
        move_to(press, action, lambda: screen.options[screen.cursor], len(screen.options))
        press(A)


def play_game(app, press, wait, rng, after_each=None):
    """From the table to the title at the game's end; the number of deal summaries seen.

    At the second summary it also visits the score sheet and the chart."""
    summaries = 0
    for _ in range(5000):
        if app.screen_name == "title":
            return summaries
        if app.screen_name == "summary":
            summaries += 1
            if summaries == 2:
                press(B)  # the sheet, then the chart, then back to the summary
                press(A)
                press(B)
            press(A)
        elif app.screen_name != "table":
            raise AssertionError("unexpected screen " + app.screen_name)
        elif app.controller.human_decision() is None or app.screen.changed:
            wait()
        else:
            take_decision(app, press, rng)
        if after_each is not None:
            after_each()
    raise AssertionError("the game did not end")


def main():
    gc.collect()
    before = START
    imports = gc.mem_alloc() - before
    board = Board(160, 128)
    sheet = sprites.Sheet(ROOT + "/" + sprites.SHEET_PATH)
    from thousand.storage import MemoryNvm, NvmStore
    from thousand.ui.storage import PersistentStorage

    store = NvmStore(MemoryNvm(8192))  # the device's storage: saves after every human action
    app = App(board, Display(), sheet, PersistentStorage(store),
              rules=Rules.from_dict({"preset": "classic", "target": 300}), seed=3)
    app.levels = LEVELS
    app.settings["bot_delay_ms"] = 0
    for name in ("agreements", "settings", "statistics", "help", "newgame"):
        app.show(name)
        for _ in range(50):
            press(app, board, RIGHT)
        press(app, board, A)
        if app.screen_name == name:
            press(app, board, B)
    app.show("newgame")
    app.rules = Rules.from_dict({"preset": "classic", "target": 300})
    press(app, board, LEFT)
    press(app, board, A)
    gc.collect()
    table_heap = gc.mem_alloc() - before
    peak = [0]

    def measure():
        gc.collect()
        if app.screen_name == "table":
            peak[0] = max(peak[0], gc.mem_alloc() - before)

    deals = play_game(app, lambda key: press(app, board, key), lambda: run(app, board, 20), Rng(5), measure)
    assert app.screen_name == "title" and app.controller.over(), app.screen_name
    stats = app.storage.load_stats()
    assert stats.games == 1 and stats.deals >= 1, stats.lines()
    print("ok deals=%d imports_heap=%d table_heap=%d peak_heap_at_table=%d" % (deals, imports, table_heap, peak[0]))


if __name__ == "__main__":
    main()
