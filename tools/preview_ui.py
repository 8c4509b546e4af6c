# desktop-only: not bundled for the device
"""Render the deck and the table prototype headless to /tmp/ui-*.png.

Run: python tools/preview_ui.py [outdir]   (prints the table's display bytes)
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)
import displayio  # noqa: E402

from thousand.notation import parse_card  # noqa: E402
from thousand.ui import sprites  # noqa: E402
from thousand.ui.render import display_bytes, render_png  # noqa: E402
from thousand.ui.table import TableView  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREENS = ((160, 128), (240, 135), (240, 240))
HAND = [parse_card(c) for c in "9S QS AS JC TC KD AD QH KH AH".split()]


def sample_table(sheet, width, height):
    table = TableView(sheet, width, height)
    legal = 0
    for card in HAND:
        if card // 6 == 3:  # say hearts were led: only hearts are legal
            legal |= 1 << card
    table.set_hand(HAND, selected=8, legal=legal)
    table.set_trick((parse_card("9H"), parse_card("TH"), parse_card("JH")))
    table.set_opponent(0, "Lena", 7, 120, 340, to_move=False)
    table.set_opponent(1, "Boris", 7, "pass", -60)
    table.set_status("trump  bid 120", suit=3)
    return table


def deck_page(sheet):
    page = displayio.Group()
    for card in range(24):
        page.append(sheet.card_grid(card, x=2 + card % 6 * 26, y=2 + card // 6 * 32))
    page.append(sheet.card_grid(sprites.BACK, x=2 + 6 * 26, y=2))
    page.append(sheet.card_grid(3, sprites.DIMMED, x=2 + 6 * 26, y=34))
    page.append(sheet.card_grid(20, sprites.SELECTED, x=2 + 6 * 26, y=66))
    for suit in range(4):
        page.append(sheet.icon_grid(suit, x=2 + 6 * 26 + suit * 9, y=100))
    return page


def main(argv=None):
    parser = cli.Parser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=cli.out_dir, default="/tmp", help="folder of the images (/tmp)")
    out = parser.parse_args(argv).out
    os.makedirs(out, exist_ok=True)
    sheet = sprites.Sheet(os.path.join(ROOT, sprites.SHEET_PATH))
    render_png(deck_page(sheet), 184, 130, os.path.join(out, "ui-deck.png"), scale=4)
    for width, height in SCREENS:
        table = sample_table(sheet, width, height)
        path = os.path.join(out, "ui-table-%dx%d.png" % (width, height))
        render_png(table.group, width, height, path, scale=3)
        sizes = display_bytes(table.group)
        print("%s: bitmaps %d B, palettes %d B, tile indexes %d B" % (path, *sizes))


if __name__ == "__main__":
    main()
