"""What every screen is made of: fixed-width text lines and solid boxes (the menus' and the
sheets' scrolling list is ``thousand.ui.listview``, loaded with those screens).

Text is a TileGrid over the font's glyph strip (``sprites.font()``), a tile a character:
a line costs a byte per character and changing it rewrites tile numbers, never pixels.
(``adafruit_display_text``'s ``bitmap_label``, which the screens used before, keeps a bitmap
and some fifty attributes per label: about 1.6 KB for a 26-character line on a 32-bit
board, plus 16 KB of library bytecode; docs/desktop.md, "Text".)
"""

import displayio

from thousand.ui import sprites

from thousand import const  # MicroPython's, or the package's stand-in on CPython

FONT_W = sprites.FONT_W
LINE_H = sprites.FONT_H
_BACKGROUND = const(0x101828)
TEXT = 0xFFFFFF
DIM = 0x98A0B0
ACCENT = 0xFFD040


def pad(left, right, cols):
    """``left`` and ``right`` on one ``cols`` wide line (no str.ljust on the device)."""
    left = left[:max(0, cols - len(right) - (1 if right else 0))]
    return left + " " * (cols - len(left) - len(right)) + right


def card_text(card):
    """``thousand.cards.card_text``, for the screens that show cards: the cards' module is
    loaded with the engine, not with the title's (so it is imported here on use)."""
    from thousand.cards import card_text as text

    return text(card)


def word(words, place):
    """Entry ``place`` (the first 1) of a screen's words, read as one string of lines
    (``thousand.texts.lines``)."""
    at = 0
    while place > 1:
        at = words.find("\n", at) + 1
        place -= 1
    end = words.find("\n", at)
    return words[at:] if end < 0 else words[at:end]


def wrap(text, cols):
    """Words of ``text`` in lines of at most ``cols``; a newline starts a new line."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            while len(word) > cols:  # a word longer than the line is cut
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line = line + " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


_palettes = {}  # (colour, background): Palette, shared by every text of those colours
_UNKNOWN = ord("?") - sprites.FONT_FIRST  # the cell shown for a character the font lacks
_SUIT_CELL = const(94)  # + chr(1) to chr(4) in a text: the suits' cells, after FONT_COUNT ASCII ones
_LETTER_CELL = const(99)  # then a language's own strip's letters (tools/make_font.py: LETTERS): U+0410 to U+044F, U+0401, U+0451, then Ukrainian's; or Polish's
_cells = [99]  # the cells of the strip loaded (sprites.font()): a letter beyond them is unknown
# Polish's letters are the last 23 cells of the two strips that have them, font-pl.bmp (ASCII,
# the suits, Polish's) and font-all.bmp (the language screen's: Ukrainian's, then Polish's), in
# the order of a perfect hash of their code points (tools/make_font.py: polish_hash)
_POLISH_STRIP = const(122)
_EVERY_LETTER_STRIP = const(198)


class Text(displayio.Group):
    """Text of a fixed size, the size of the first text it was given (its longest line, and
    its lines): longer text is cut, shorter is padded with spaces.  ``text`` reads and
    changes it; its glyphs start two pixels (at scale 1) right of x, as a label with a
    pixel of padding each side."""

    def __init__(self, text, x, y, scale=1, color=TEXT, background=None):
        displayio.Group.__init__(self, scale=scale, x=x, y=y)
        lines = text.split("\n")
        cols = max(len(line) for line in lines)
        key = (color, background)
        palette = _palettes.get(key)
        if palette is None:
            palette = displayio.Palette(2)
            palette[1] = color
            if background is None:
                palette.make_transparent(0)
            else:
                palette[0] = background
            _palettes[key] = palette
        if background is not None:  # a pixel of the background each side, as the padding was
            self.append(solid(cols * FONT_W + 2, len(lines) * LINE_H, background))
        strip = sprites.font()
        _cells[0] = strip.width // FONT_W
        self.grid = displayio.TileGrid(strip, pixel_shader=palette, width=cols, height=len(lines),
                                       tile_width=FONT_W, tile_height=LINE_H, x=1)
        self.append(self.grid)
        self._text = ""
        self.text = text

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        grid = self.grid
        cols = grid.width
        cells = _cells[0]
        lines = text.split("\n")
        for row in range(grid.height):
            # Read as bytes: a str's character, indexed, is made a name in the VM's name pool,
            # which never shrinks (one for every digit and letter ever drawn).
            line = lines[row].encode() if row < len(lines) else b""
            at = row * cols
            end = at + cols
            lead = 0  # the first byte of a character beyond ASCII (UTF-8), its cell found at the next
            for byte in line:
                if at == end:  # cut
                    break
                if byte >= 0xC0:
                    lead = byte
                    continue
                if byte & 0xC0 == 0x80:  # the rest of a character beyond ASCII
                    if not lead:
                        continue
                    point = (lead & 0x1F) << 6 | byte & 0x3F if lead < 0xE0 else 0  # two bytes: a letter
                    lead = 0
                    if 0x410 <= point < 0x450:  # Cyrillic A to ya
                        code = point - 0x410 + _LETTER_CELL
                    elif point == 0x401 or point == 0x451:  # Cyrillic Yo, yo
                        code = _LETTER_CELL + 64 + (point >> 6 & 1)
                    elif point & 0xFFAC == 0x404 or point & 0xFFFE == 0x490:  # Ukrainian's strip's: the runs
                        # U+0404 to U+0407 (Ye, Dze, I, Yi), U+0454 to U+0457, U+0490 to U+0491 (Ghe
                        # with upturn), four cells a run (the mask's other points are Russian's, above)
                        code = ((point - 0x400) >> 6 << 2) + (point & 3) + _LETTER_CELL + 66
                    elif 0xD3 <= point <= 0x17C and (cells == _POLISH_STRIP or cells == _EVERY_LETTER_STRIP):
                        code = (point * 137 >> 6 & 31) + cells - 26  # Polish's: U+00D3 (O acute) to U+017C (z dot)
                    else:
                        code = _UNKNOWN
                else:
                    code = byte - sprites.FONT_FIRST
                    if code < 0:  # chr(1) to chr(4): a suit, in the cells after the ASCII ones
                        code = byte + _SUIT_CELL if 0 < byte <= 4 else _UNKNOWN
                grid[at] = code if code < cells else _UNKNOWN
                at += 1
            while at < end:
                grid[at] = 0
                at += 1
        self._text = text


def label(text, x, y, scale=1, color=TEXT, background=None):
    """Text whose box (a pixel of padding each side) starts at x, y."""
    return Text(text, x, y, scale, color, background)


def set_text(line, text):
    """Change a label only when the text differs."""
    if line.text != text:
        line.text = text


def solid(width, height, colour, x=0, y=0):
    """A filled rectangle: a one-bit Bitmap of its own size."""
    palette = displayio.Palette(1)
    palette[0] = colour
    return displayio.TileGrid(displayio.Bitmap(width, height, 1), pixel_shader=palette, x=x, y=y)


def backdrop(width, height, colour=_BACKGROUND):
    """The whole screen in one colour: a 1x1 bitmap in a Group scaled to cover it."""
    palette = displayio.Palette(1)
    palette[0] = colour
    group = displayio.Group(scale=max(width, height))
    group.append(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=palette))
    return group
