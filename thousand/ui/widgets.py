"""What every screen is made of: fixed-width text lines, solid boxes, a scrolling list.

Text is a TileGrid over the font's glyph strip (``sprites.font()``), a tile a character:
a line costs a byte per character and changing it rewrites tile numbers, never pixels.
(``adafruit_display_text``'s ``bitmap_label``, which the screens used before, keeps a bitmap
and some fifty attributes per label: about 1.6 KB for a 26-character line on a 32-bit
board, plus 16 KB of library bytecode; docs/desktop.md, "Text".)  Keys on every list: LEFT/UP
previous, RIGHT/DOWN next (both wrap around: the three-button Feather has only LEFT, RIGHT
and A), A choose, B (a long A on the Feather) back.
"""

import displayio

from thousand.ui import sprites

from thousand import const  # MicroPython's, or the package's stand-in on CPython

FONT_W = sprites.FONT_W
LINE_H = sprites.FONT_H
_LINE_STEP = const(13)  # rows of a list: a pixel between lines
_BACKGROUND = const(0x101828)
TEXT = 0xFFFFFF
DIM = 0x98A0B0
ACCENT = 0xFFD040
_BAR = const(0x2850B8)
_THUMB_W = const(2)  # pixels: the scroll mark, beside the text's padding


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
_LETTER_CELL = const(99)  # then a language's own strip's letters (tools/make_font.py: LETTERS): U+0410 to U+044F, U+0401, U+0451, then Ukrainian's
_cells = [99]  # the cells of the strip loaded (sprites.font()): a letter beyond them is unknown


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


class ListView:
    """A title, ``rows`` text rows (one of them under a highlight bar) and footer lines.

    ``text_scale`` 2 doubles the rows (the square 240 x 240 screen is small in the hand).

    ``show(title, lines, cursor, footer)`` scrolls so the cursor row is visible;
    ``cursor`` -1 shows no bar (a page of text).  ``first`` is the top line shown.
    """

    def __init__(self, width, height, footer_lines=1, title_scale=1, text_scale=1):
        self.cols = width // (FONT_W * text_scale) - 1
        self.footer_cols = width // FONT_W - 1  # hints stay small: they are read once
        self.group = displayio.Group()
        self.group.append(backdrop(width, height))
        title_h = LINE_H * title_scale + 2
        self.title_cols = width // (FONT_W * title_scale) - 1
        self.title = label(" " * self.title_cols, 0, 0, title_scale, ACCENT)
        self.group.append(self.title)
        footer_top = height - _LINE_STEP * footer_lines
        step = _LINE_STEP * text_scale
        self.step = step
        self.rows = (footer_top - title_h - 1) // step
        self.top = title_h
        self.bar = solid(width, step, _BAR, 0, title_h)
        self.group.append(self.bar)
        blank = " " * self.cols
        self.lines = [label(blank, 0, title_h + i * step, text_scale) for i in range(self.rows)]
        for line in self.lines:
            self.group.append(line)
        # A scroll mark at the right edge, where the rows shown are in a longer list: the cue
        # that there is more above or below (the title's last entry was below the fold, unseen).
        self.thumb = solid(_THUMB_W, step, ACCENT, width - _THUMB_W, title_h)
        self.group.append(self.thumb)
        blank = " " * self.footer_cols
        self.footer = [label(blank, 0, footer_top + i * _LINE_STEP, 1, DIM) for i in range(footer_lines)]
        for line in self.footer:
            self.group.append(line)
        self.first = 0

    def show(self, title, lines, cursor=-1, footer=""):
        set_text(self.title, pad(title, "", self.title_cols))
        rows = self.rows
        if cursor >= 0:
            if cursor < self.first:
                self.first = cursor
            elif cursor >= self.first + rows:
                self.first = cursor - rows + 1
        self.first = max(0, min(self.first, len(lines) - rows))
        for i in range(rows):
            at = self.first + i
            set_text(self.lines[i], pad(lines[at] if at < len(lines) else "", "", self.cols))
        hidden = len(lines) <= rows
        self.thumb.hidden = hidden
        if not hidden:
            self.thumb.y = self.top + (rows - 1) * self.step * self.first // (len(lines) - rows)
        self.bar.hidden = cursor < 0
        if cursor >= 0:
            self.bar.y = self.top + (cursor - self.first) * self.step
        footer_lines = wrap(footer, self.footer_cols)
        for i in range(len(self.footer)):
            set_text(self.footer[i], pad(footer_lines[i] if i < len(footer_lines) else "", "", self.footer_cols))

    def scroll(self, by, count):
        """Move a page of ``count`` lines by ``by`` lines (no cursor)."""
        self.first = max(0, min(self.first + by, count - self.rows))
