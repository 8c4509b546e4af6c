"""Where the table's things go for a screen size, and its display objects made: run once
each time the table is built, so not held with the table (``thousand.ui.table``'s
``Layout`` and ``TableView`` call these from their constructors).  Loaded when the table is
built and let go at once (thousand/ui/scenes.py: about 1.1 KB of code the table no longer
holds while it is played).
"""

import displayio

from thousand.ui import sprites
from thousand.ui.widgets import FONT_W, LINE_H, TEXT, label

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_FELT = const(0x0C5A2A)
_BOX_BG = const(0x06301A)
_MAX_HAND = const(10)  # the hand's card grids: a hand holds 10 cards at most (7 dealt, 3 of the talon)


def place(layout, width, height):
    """``Layout.__init__``: where things go, in screen pixels."""
    scale = sprites.LARGE if width >= 200 and height >= 200 else sprites.SMALL
    # The cards double on the square screen, the text does not: doubled, its lines had
    # 9 and 17 columns and cut the marks, the points and the prompts (issue 34).
    layout.scale = scale
    layout.width = width
    layout.card_w, layout.card_h = card_w, card_h = sprites.CARD_W * scale, sprites.CARD_H * scale
    layout.raise_by = 4 * scale  # the selected card sticks up
    layout.hand_y = height - card_h
    # Opponent boxes in the top corners, two lines each, with a gap between.
    layout.box_cols = (width // 2 - 2) // FONT_W - 1
    box_w = layout.box_cols * FONT_W + 2
    layout.boxes = ((0, 0), (width - box_w, 0))
    # The trick below the boxes: left and right seats, yours lower in the
    # middle; spread out where the screen is wide.
    wide = width - 3 * card_w >= 100
    top = 2 * LINE_H + 4
    gap = card_w + (10 if wide else 0)
    centre = width // 2
    layout.trick = (
        (centre - card_w // 2, top + 3 * scale),
        (centre - card_w // 2 - gap, top),
        (centre + card_w // 2 + gap - card_w, top),
    )
    trick_bottom = layout.trick[0][1] + card_h
    # Two text lines between the trick and the raised hand: the deal line
    # (trump icon, your score, contract) and the status line (prompt, hints).
    gap = max(0, (layout.hand_y - layout.raise_by - trick_bottom - 2 * LINE_H) // 3)
    layout.info = (2, trick_bottom + gap)
    layout.status = (2, trick_bottom + 2 * gap + LINE_H)
    # Text starts after the suit icon and is padded to a fixed width,
    # so the labels keep their bitmaps instead of allocating one per change.
    layout.status_text_x = 2 + sprites.TILE_W + 1
    layout.status_cols = (width - layout.status_text_x) // FONT_W - 1


def build(view, layout, sheet, width, height):
    """``TableView.__init__``: the table's words and its display objects where ``layout``
    (a ``Layout``) places them, all hidden or blank until the TableScreen sets them."""
    from thousand import texts  # the words are data, read on demand (thousand.texts)

    view.words = texts.lines("table")  # the table's words, its screen's too (TableScreen)
    view.sheet = sheet
    view.layout = layout
    view.group = displayio.Group()
    felt = displayio.Palette(1)
    felt[0] = _FELT
    # A 1x1 bitmap scaled over the screen: a background for 4 bytes.
    background = displayio.Group(scale=max(width, height))
    background.append(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=felt))
    view.group.append(background)
    blank = " " * layout.box_cols
    view.boxes = [label(blank + "\n" + blank, x, y, 1, TEXT, _BOX_BG) for x, y in layout.boxes]
    for box in view.boxes:
        view.group.append(box)
    cards = displayio.Group(scale=layout.scale)
    view.group.append(cards)
    scale = layout.scale
    view.trick = []
    for x, y in layout.trick:
        grid = sheet.card_grid(x=x // scale, y=y // scale)
        grid.hidden = True
        view.trick.append(grid)
    # Draw order: left, right, then yours on top.
    for seat in (1, 2, 0):
        cards.append(view.trick[seat])
    view.hand = []
    for _ in range(_MAX_HAND):
        grid = sheet.card_grid(y=layout.hand_y // scale)
        grid.hidden = True
        view.hand.append(grid)
        cards.append(grid)
    info_x, info_y = layout.info  # the suit icons, at the text's size
    view.info_icon = sheet.icon_grid(0, x=info_x, y=info_y + 1)
    view.info_icon.hidden = True
    view.group.append(view.info_icon)
    status_x, status_y = layout.status
    view.status_icon = sheet.icon_grid(0, x=status_x, y=status_y + 1)
    view.status_icon.hidden = True
    view.group.append(view.status_icon)
    blank = " " * layout.status_cols
    view.info = label(blank, layout.status_text_x, info_y)
    view.group.append(view.info)
    view.status = label(blank, layout.status_text_x, status_y)
    view.group.append(view.status)
