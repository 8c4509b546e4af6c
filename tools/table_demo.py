# desktop-only: not bundled for the device
"""Try the table prototype in a window: keys, repeat and layout together.

Run: python tools/table_demo.py [WIDTHxHEIGHT]   (default 160x128)
LEFT/RIGHT move the selection (hold to repeat), A plays the card to the
trick, B takes it back, START deals again.  Close the window to quit.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)
from thousand.hw import desktop  # noqa: E402
from thousand.hw.keys import A, B, LEFT, NO_KEY, RIGHT, START  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand.ui import sprites  # noqa: E402
from thousand.ui.table import NO_CARD, TableView  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Demo:
    def __init__(self, table, seed=1):
        self.table = table
        self.rng = Rng(seed)
        self.deal()

    def deal(self):
        deck = list(range(24))
        self.rng.shuffle(deck)
        self.hand = sorted(deck[:10])
        self.trick = [NO_CARD, deck[10], deck[11]]
        self.selected = 0
        self.table.set_opponent(0, "Lena", 7, 120, 340, to_move=True)
        self.table.set_opponent(1, "Boris", 7, "pass", -60)
        self.show()

    def show(self):
        led = self.trick[1]
        legal = 0
        for card in self.hand:
            if led == NO_CARD or card // 6 == led // 6:
                legal |= 1 << card
        self.table.set_hand(self.hand, self.selected, legal or 0xFFFFFF)
        self.table.set_trick(self.trick)
        self.table.set_status("%d cards  A: play" % len(self.hand), suit=led // 6 if led != NO_CARD else None)

    def key(self, key):
        if key == LEFT and self.hand:
            self.selected = (self.selected - 1) % len(self.hand)
        elif key == RIGHT and self.hand:
            self.selected = (self.selected + 1) % len(self.hand)
        elif key == A and self.hand and self.trick[0] == NO_CARD:
            self.trick[0] = self.hand.pop(self.selected)
            self.selected = min(self.selected, max(0, len(self.hand) - 1))
        elif key == B and self.trick[0] != NO_CARD:
            self.hand = sorted(self.hand + [self.trick[0]])
            self.trick[0] = NO_CARD
        elif key == START:
            self.deal()
            return
        self.show()


def _size(text):
    words = text.split("x")
    if len(words) != 2 or not all(word.isdigit() and 0 < int(word) <= 1024 for word in words):
        raise cli.ArgumentTypeError("'%s' is not a screen size like 160x128" % text)
    return int(words[0]), int(words[1])


def main(argv=None):
    parser = cli.Parser(description=__doc__.splitlines()[0])
    parser.add_argument("size", nargs="?", type=_size, help="WIDTHxHEIGHT (default 160x128)")
    size = parser.parse_args(argv).size
    if size is not None:
        desktop.configure(*size)
    window = desktop.open(window=True, scale=4 if desktop.width < 200 else 3)
    sheet = sprites.Sheet(os.path.join(ROOT, sprites.SHEET_PATH))
    table = TableView(sheet, desktop.width, desktop.height)
    window.root_group = table.group
    demo = Demo(table)
    import time

    while True:
        key = desktop.poll()
        if key != NO_KEY:
            demo.key(key)
        else:
            time.sleep(0.01)


if __name__ == "__main__":
    main()
