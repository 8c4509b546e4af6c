"""The card tile sheet and card TileGrids composed from tiles (the BMP reader: ``thousand.ui.bmp``).

A card is a 3 x 3 TileGrid of 8 x 10 tiles (24 x 30 pixels) over one shared
2-bit Bitmap; changing a card only rewrites 9 tile indexes and the palette.
Size classes: put card grids in a ``displayio.Group(scale=LARGE)`` for
48 x 60 cards on 240 x 240 screens.

Tile indexes (tools/make_sprites.py draws them in this order):
0 transparent, 1-6 top-left corner with rank 9 J Q K 10 A, 7-10 left edge
with suit S C D H, 11 top edge, 12 top-right corner, 13 bottom-left corner,
14-29 big centre suit (4 tiles a suit), 30-38 card back, 39-42 suit icons
for text lines (transparent background).
"""

import displayio

from thousand import LANGUAGE, const  # const: MicroPython's, or the package's stand-in on CPython

TILE_W = const(8)
_TILE_H = const(10)
CARD_W = const(24)
CARD_H = const(30)
_SHEET_COLS = const(16)
_NUM_TILES = const(43)
_RANK_TILE = const(1)
_SUIT_TILE = const(7)
_BIG_TILE = const(14)
_BACK_TILE = const(30)
_ICON_TILE = const(39)
BACK = const(-1)  # the "card" that shows the back

SMALL = const(1)  # Group scale of a size class
LARGE = const(2)

NORMAL = const(0)
DIMMED = const(1)  # not a legal play now
SELECTED = const(2)

SHEET_PATH = "assets/cards.bmp"
# The text font (tools/make_font.py): a strip of FONT_W x FONT_H cells, cell i for chr(FONT_FIRST + i),
# then the four suits' symbols (S C D H), which text writes as chr(1) to chr(4) (card_text);
# a language with letters beyond ASCII has a strip of its own, "font-<language>.bmp", the
# same cells and then its letters (thousand.ui.widgets: _LETTER_CELL), loaded in its place:
# English holds only its 99 cells.  The language screen's, "font-all.bmp", has every language's
# letters (thousand.ui.menus.LanguageScreen is built with the language "all").
FONT_PATH = "assets/font.bmp"
FONT_W = const(6)
FONT_H = const(12)
FONT_FIRST = const(0x20)
FONT_COUNT = const(95)  # then 4 cells more: the suits (thousand.ui.widgets: _SUIT_CELL)

# Ink by suit S C D H: red and black, or the four-colour deck.
INKS_2 = (0x000000, 0x000000, 0xD00000, 0xD00000)
INKS_4 = (0x000000, 0x006800, 0x0040E0, 0xD00000)
DIM_INKS = {0x000000: 0x383838, 0x006800: 0x305030, 0x0040E0: 0x404880, 0xD00000: 0x803838}
# (face, edge) by state NORMAL, DIMMED, SELECTED
STATE_COLOURS = ((0xFFFFFF, 0x202020), (0x9C9C9C, 0x484848), (0xFFF4B0, 0xFFB000))
BACK_COLOURS = (0xFFFFFF, 0x202020, 0x2850B8)


def card_tile(rank, suit, col, row):
    """The sheet tile at column ``col``, row ``row`` of a card's 3 x 3 grid."""
    if col == 0:
        if row == 0:
            return _RANK_TILE + rank
        if row == 1:
            return _SUIT_TILE + suit
        return 13
    if row == 0:
        return 10 + col
    return _BIG_TILE + 4 * suit + 2 * (row - 1) + col - 1


def _palette(face, edge, ink):
    palette = displayio.Palette(4)
    palette[0] = 0
    palette[1] = face
    palette[2] = edge
    palette[3] = ink
    palette.make_transparent(0)
    return palette


_font = []  # the loaded font strip and the language it is for: [language, Bitmap]
_font_folder = [FONT_PATH[:FONT_PATH.rfind("/") + 1]]  # beside the sheet (Sheet)


def font():
    """The text font's strip (a 1-bit Bitmap) for the player's language (thousand.LANGUAGE),
    loaded on first use, and again when the language changes: one strip is held at a time."""
    language = LANGUAGE[0]
    if not _font or _font[0] != language:
        _font[:] = []  # the old strip goes before the new one is read
        name = "font.bmp" if language == "en" else "font-" + language + ".bmp"
        _font.append(language)
        from thousand.ui.bmp import load_bmp  # on demand: read at the start and at a change of language

        _font.append(load_bmp(_font_folder[0] + name, 2))
    return _font[1]


class Sheet:
    """The loaded sheet plus one palette per (state, suit) and one for the back.  The text
    font is read from the same folder (``font()``).  A language whose ranks are written
    otherwise has a sheet of its own beside it (``use_language``)."""

    def __init__(self, path=SHEET_PATH, four_colour=False):
        self.path = path
        self.language = "en"
        from thousand.ui.bmp import load_bmp

        self.bitmap = load_bmp(path)
        _font_folder[0] = path[:path.rfind("/") + 1]
        inks = INKS_4 if four_colour else INKS_2
        self.palettes = []
        by_colours = {}  # share equal palettes (red/black deck: 2 inks, not 4)
        for state in range(3):
            face, edge = STATE_COLOURS[state]
            for suit in range(4):
                ink = DIM_INKS[inks[suit]] if state == DIMMED else inks[suit]
                key = (face, edge, ink)
                if key not in by_colours:
                    by_colours[key] = _palette(face, edge, ink)
                self.palettes.append(by_colours[key])
        self.back_palette = _palette(*BACK_COLOURS)

    def use_language(self, language):
        """The sheet of ``language``'s ranks ("cards-ru.bmp" beside "cards.bmp"; the same
        size), for the cards drawn from now on (every screen is built anew)."""
        if language != self.language:
            self.bitmap = None  # the old sheet goes before the new one is read
            path = self.path
            from thousand.ui.bmp import load_bmp

            self.bitmap = load_bmp(path if language == "en" else path[:-4] + "-" + language + path[-4:])
            self.language = language

    def card_grid(self, card=BACK, state=NORMAL, x=0, y=0):
        grid = displayio.TileGrid(
            self.bitmap, pixel_shader=self.back_palette, width=3, height=3,
            tile_width=TILE_W, tile_height=_TILE_H, x=x, y=y,
        )
        self.show_card(grid, card, state)
        return grid

    def show_card(self, grid, card, state=NORMAL):
        """Turn ``grid`` into ``card`` (or BACK) drawn in ``state``."""
        if card == BACK:
            grid.pixel_shader = self.back_palette
            for i in range(9):
                grid[i] = _BACK_TILE + i
            return
        from thousand.cards import rank_of, suit_of  # loaded with the engine, where cards are shown

        rank, suit = rank_of(card), suit_of(card)
        grid.pixel_shader = self.palettes[state * 4 + suit]
        for row in range(3):
            for col in range(3):
                grid[col, row] = card_tile(rank, suit, col, row)

    def icon_grid(self, suit, x=0, y=0):
        """A one-tile suit symbol to sit in a line of text."""
        grid = displayio.TileGrid(
            self.bitmap, pixel_shader=self.palettes[suit], width=1, height=1,
            tile_width=TILE_W, tile_height=_TILE_H, x=x, y=y,
        )
        self.show_icon(grid, suit)
        return grid

    def show_icon(self, grid, suit):
        grid.pixel_shader = self.palettes[suit]
        grid[0] = _ICON_TILE + suit
