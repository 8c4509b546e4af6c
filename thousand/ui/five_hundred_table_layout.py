"""Where Five Hundred's table's things go for a screen size, and its display objects made:
run once each time the table is built, so not held with the table
(``thousand.ui.five_hundred_table``'s ``Layout`` and ``TableScreen`` call these from their
constructors, as Thousand's table calls ``thousand.ui.table_layout``'s, whose shape this
repeats for 3 or 4 players and a hand of 13).  Loaded when the table is built and
let go at once (``thousand.ui.five_hundred_app.ON_DEMAND``).
"""

import displayio

from thousand.ui import sprites
from thousand.ui.widgets import FONT_W, LINE_H, TEXT, label

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_FELT = const(0x0C5A2A)
_BOX_BG = const(0x06301A)
_MAX_HAND = const(13)  # the hand's card grids: 10 dealt and the kitty's 3, before the discard


def place(layout, width, height, players):
    """``Layout.__init__``: where things go, in screen pixels."""
    scale = sprites.LARGE if width >= 200 and height >= 200 else sprites.SMALL
    layout.scale = scale
    layout.width = width
    layout.card_w, layout.card_h = card_w, card_h = sprites.CARD_W * scale, sprites.CARD_H * scale
    layout.raise_by = 4 * scale
    layout.hand_y = height - card_h
    # The other seats' boxes across the top: West left, East right, North (your partner,
    # 4 players) between them; with 4 the sides' scores are on the deal line instead.
    others = players - 1
    layout.box_cols = (width // others - 2) // FONT_W - 1
    box_w = layout.box_cols * FONT_W + 2
    layout.boxes = [(i * (width - box_w) // (others - 1), 0) for i in range(others)]
    top = 2 * LINE_H + 4
    wide = width - 3 * card_w >= 100
    gap = card_w + (10 if wide else 0)
    centre = width // 2
    you = (centre - card_w // 2, top + 3 * scale)
    if players == 4:  # a row: West, North, you (a little lower), East
        step = card_w + (card_w // 2 if wide else 4 * scale)
        left = (width - card_w - 3 * step) // 2
        you = (left + 2 * step, top + 3 * scale)
        layout.trick = (you, (left, top), (left + step, top), (left + 3 * step, top))
    else:
        layout.trick = (you, (centre - card_w // 2 - gap, top), (centre + card_w // 2 + gap - card_w, top))
    trick_bottom = you[1] + card_h
    gap = max(0, (layout.hand_y - layout.raise_by - trick_bottom - 2 * LINE_H) // 3)
    layout.info = (2, trick_bottom + gap)
    layout.status = (2, trick_bottom + 2 * gap + LINE_H)
    layout.text_x = 2 + sprites.TILE_W + 1
    layout.status_cols = (width - layout.text_x) // FONT_W - 1
    layout.height = height


def build(table, layout, sheet, players):
    """The table's display objects where ``layout`` places them, all hidden or blank until
    the TableScreen sets them."""
    table.group = displayio.Group()
    felt = displayio.Palette(1)
    felt[0] = _FELT
    background = displayio.Group(scale=max(layout.width, layout.height))
    background.append(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=felt))
    table.group.append(background)
    blank = " " * layout.box_cols
    table.boxes = [label(blank + "\n" + blank, x, y, 1, TEXT, _BOX_BG) for x, y in layout.boxes]
    for box in table.boxes:
        table.group.append(box)
    scale = layout.scale
    cards = displayio.Group(scale=scale)
    table.group.append(cards)
    table.trick = []
    for x, y in layout.trick:
        grid = sheet.card_grid(x=x // scale, y=y // scale)
        grid.hidden = True
        table.trick.append(grid)
    for seat in range(1, players):  # yours on top
        cards.append(table.trick[seat])
    cards.append(table.trick[0])
    table.hand_grids = []
    for _ in range(_MAX_HAND):
        grid = sheet.card_grid(y=layout.hand_y // scale)
        grid.hidden = True
        table.hand_grids.append(grid)
        cards.append(grid)
    info_x, info_y = layout.info
    table.info_icon = sheet.icon_grid(0, x=info_x, y=info_y + 1)
    table.info_icon.hidden = True
    table.group.append(table.info_icon)
    blank = " " * layout.status_cols
    table.info = label(blank, layout.text_x, info_y)
    table.group.append(table.info)
    table.status = label(blank, layout.text_x, layout.status[1])
    table.group.append(table.status)
