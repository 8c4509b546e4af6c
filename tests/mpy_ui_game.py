"""Run under the MicroPython unix port with tests/mpy_stubs first on the path (see test_ui_micropython.py):
the device screens play a whole game, visit every screen and report the heap they use.

The stub displayio keeps a byte per bitmap pixel and no label bitmaps, so its
heap figures are the Python side of the screens, not the display memory
(tools/shoot.py measures that)."""
import gc
import sys

gc.collect()
START = gc.mem_alloc()

from thousand.hw.keys import A, B, LEFT, NO_KEY, RIGHT
from thousand.rng import Rng
from thousand.rules import Rules
from thousand.ui import sprites
from thousand.ui import table as T
from thousand.ui.app import App

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."


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


def move_to(app, board, wanted, current, count):
    for _ in range(count + 1):
        if current() == wanted:
            return
        press(app, board, RIGHT)
    raise AssertionError("never reached")


def decide(app, board, rng):
    screen = app.screen
    decision = app.controller.human_decision()
    action = decision.legal[rng.below(len(decision.legal))]
    if screen.mode == T.CARDS:
        cards = [c for c, a in screen.card_actions if a == action]
        if not cards:
            press(app, board, B)
            menu = app.screen
            move_to(app, board, action, lambda: menu.entries()[menu.cursor], len(menu.entries()))
            press(app, board, A)
            return
        move_to(app, board, cards[0], lambda: screen.hand_cards[screen.cursor], len(screen.hand_cards))
        press(app, board, A)
        if screen.mode == T.CHOICE:
            options = screen.options_now()
            move_to(app, board, action, lambda: options[screen.cursor], len(options))
            press(app, board, A)
    else:
        move_to(app, board, action, lambda: screen.options[screen.cursor], len(screen.options))
        press(app, board, A)


def main():
    gc.collect()
    before = START
    imports = gc.mem_alloc() - before
    board = Board(160, 128)
    sheet = sprites.Sheet(ROOT + "/" + sprites.SHEET_PATH)
    app = App(board, Display(), sheet, rules=Rules.from_dict({"preset": "classic", "target": 300}), seed=3)
    app.levels = ["random", "random"]
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
    rng = Rng(5)
    deals = 0
    peak = 0
    for _ in range(5000):
        if app.screen_name == "title":
            break
        if app.screen_name == "summary":
            deals += 1
            if deals == 2:
                press(app, board, B)  # the sheet, then the chart, then back
                press(app, board, A)
                press(app, board, B)
            press(app, board, A)
        elif app.controller.human_decision() is None or app.screen.changed:
            run(app, board, 20)
        else:
            decide(app, board, rng)
        gc.collect()
        if app.screen_name == "table":
            peak = max(peak, gc.mem_alloc() - before)
    assert app.screen_name == "title" and app.controller.over(), app.screen_name
    print("ok deals=%d imports_heap=%d table_heap=%d peak_heap_at_table=%d" % (deals, imports, table_heap, peak))


main()
