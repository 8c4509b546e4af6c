"""The play table: your hand, the trick, two opponent boxes and a status line.

A prototype of the play screen that depends only on card ints: the
controller will feed it from ``Game.view(seat)``.  Everything is built once
for the screen size and then mutated (tile indexes, palettes, label text),
so a redraw allocates almost nothing.  Seats: 0 you, 1 left, 2 right.
"""

import displayio
import terminalio
from adafruit_display_text import bitmap_label

from thousand.ui import sprites

FELT = 0x0C5A2A
BOX_BG = 0x06301A
TEXT = 0xFFFFFF
FONT_W = 6  # terminalio.FONT cell
LINE_H = 12
MAX_HAND = 10
NO_CARD = -1


class Layout:
    """Where things go for a screen size, in screen pixels."""

    def __init__(self, width, height):
        scale = sprites.LARGE if width >= 200 and height >= 200 else sprites.SMALL
        self.scale = self.text_scale = scale  # text doubles with the cards
        self.width = width
        self.card_w, self.card_h = card_w, card_h = sprites.CARD_W * scale, sprites.CARD_H * scale
        self.raise_by = 4 * scale  # the selected card sticks up
        self.hand_y = height - card_h
        # Opponent boxes in the top corners, two lines each, with a gap between.
        self.box_cols = 12 if scale == sprites.SMALL else 9
        box_w = (self.box_cols * FONT_W + 2) * scale
        self.boxes = ((0, 0), (width - box_w, 0))
        # The trick below the boxes: left and right seats, yours lower in the
        # middle; spread out where the screen is wide.
        wide = width - 3 * card_w >= 100
        top = (2 * LINE_H + 4) * scale
        gap = card_w + (10 if wide else 0)
        centre = width // 2
        self.trick = (
            (centre - card_w // 2, top + 3 * scale),
            (centre - card_w // 2 - gap, top),
            (centre + card_w // 2 + gap - card_w, top),
        )
        trick_bottom = self.trick[0][1] + card_h
        text_h = LINE_H * scale
        self.status = (2, (trick_bottom + self.hand_y - self.raise_by - text_h) // 2)
        # Status text starts after the suit icon and is padded to a fixed width,
        # so the label keeps its bitmap instead of allocating one per change.
        self.status_text_x = 2 + (sprites.TILE_W + 1) * scale
        self.status_cols = (width - self.status_text_x) // (FONT_W * scale) - 1

    def hand_x(self, count):
        """Left edges of ``count`` overlapping cards, centred."""
        if count <= 1:
            return [(self.width - self.card_w) // 2] * count
        step = min(self.card_w + 2, (self.width - self.card_w) // (count - 1))
        left = (self.width - self.card_w - step * (count - 1)) // 2
        return [left + i * step for i in range(count)]


def _label(text, x, y, scale, background=None):
    return bitmap_label.Label(
        terminalio.FONT, text=text, color=TEXT, background_color=background, scale=scale,
        anchor_point=(0, 0), anchored_position=(x, y), padding_left=1, padding_right=1,
    )


class TableView:
    def __init__(self, sheet, width, height):
        self.sheet = sheet
        self.layout = layout = Layout(width, height)
        self.group = displayio.Group()
        felt = displayio.Palette(1)
        felt[0] = FELT
        # A 1x1 bitmap scaled over the screen: a background for 4 bytes.
        background = displayio.Group(scale=max(width, height))
        background.append(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=felt))
        self.group.append(background)
        blank = " " * layout.box_cols
        self.boxes = [_label(blank + "\n" + blank, x, y, layout.text_scale, BOX_BG) for x, y in layout.boxes]
        for box in self.boxes:
            self.group.append(box)
        cards = displayio.Group(scale=layout.scale)
        self.group.append(cards)
        scale = layout.scale
        self.trick = []
        for x, y in layout.trick:
            grid = sheet.card_grid(x=x // scale, y=y // scale)
            grid.hidden = True
            self.trick.append(grid)
        # Draw order: left, right, then yours on top.
        for seat in (1, 2, 0):
            cards.append(self.trick[seat])
        self.hand = []
        for _ in range(MAX_HAND):
            grid = sheet.card_grid(y=layout.hand_y // scale)
            grid.hidden = True
            self.hand.append(grid)
            cards.append(grid)
        status_x, status_y = layout.status
        self.status_icon = sheet.icon_grid(0, x=status_x // scale, y=status_y // scale)
        self.status_icon.hidden = True
        cards.append(self.status_icon)
        self.status = _label(" " * layout.status_cols, layout.status_text_x, status_y, layout.text_scale)
        self.group.append(self.status)

    def set_hand(self, cards, selected=-1, legal=0xFFFFFF):
        """Show ``cards`` (in the order given); ``legal`` is a mask, the rest are dimmed."""
        layout, scale = self.layout, self.layout.scale
        xs = layout.hand_x(len(cards))
        for i, grid in enumerate(self.hand):
            if i >= len(cards):
                grid.hidden = True
                continue
            card = cards[i]
            if i == selected:
                state = sprites.SELECTED
            elif legal >> card & 1:
                state = sprites.NORMAL
            else:
                state = sprites.DIMMED
            self.sheet.show_card(grid, card, state)
            grid.x = xs[i] // scale
            grid.y = (layout.hand_y - (layout.raise_by if i == selected else 0)) // scale
            grid.hidden = False

    def set_trick(self, cards_by_seat):
        """The card each seat has played to this trick, or NO_CARD."""
        for seat in range(3):
            card = cards_by_seat[seat]
            grid = self.trick[seat]
            grid.hidden = card == NO_CARD
            if card != NO_CARD:
                self.sheet.show_card(grid, card)

    def set_opponent(self, which, name, cards_left, bid, score, to_move=False):
        """Box 0 (left seat) or 1 (right seat).  ``bid``: int, None or "pass"."""
        cols = self.layout.box_cols
        first = (">" if to_move else "") + name
        bid_text = "" if bid is None else str(bid)
        if isinstance(bid, int) and len(bid_text) + 9 <= cols:
            bid_text = "bid " + bid_text
        self.boxes[which].text = _pad(first, str(score), cols) + "\n" + _pad("[%d]" % cards_left, bid_text, cols)

    def set_status(self, text, suit=None):
        """One line under the trick, after a suit icon when ``suit`` is given."""
        self.status_icon.hidden = suit is None
        if suit is not None:
            self.sheet.show_icon(self.status_icon, suit)
        self.status.text = _pad(text, "", self.layout.status_cols)


def _pad(left, right, cols):
    """``left`` and ``right`` on one ``cols`` wide line (no str.ljust on the device)."""
    left = left[:max(0, cols - len(right) - (1 if right else 0))]
    return left + " " * (cols - len(left) - len(right)) + right
