# desktop-only: not bundled for the device
"""Generate assets/font.bmp, font-ru.bmp, font-uk.bmp, font-pl.bmp and font-all.bmp: the screens' text font, strips of 6 x 12 glyph cells.

    python tools/make_font.py [--out FOLDER]

The glyphs are Terminus 12 (ter-u12n, by Dimitar Toshkov Zhekov, SIL Open Font License
1.1: assets/font-LICENSE.txt), the font CircuitPython's own ``terminalio.FONT`` is made
from; the BDF file is the one Blinka's displayio ships.  Cell ``i`` of the strip is the
character ``chr(FIRST + i)`` (printable ASCII), then come the suits' symbols S C D H
(U+2660 U+2663 U+2666 U+2665; the game's text writes them as chr(1) to chr(4)).  A language
with more letters has a strip of its own, the same cells and then its letters
(``LETTERS``: Russian's А-Я а-я Ё ё; Ukrainian's, those and Є І Ї Ґ є і ї ґ; Polish's ą ć ę ł ń
ó ś ź ż and their capitals, in an order of their own), loaded in English's place (``thousand.ui.sprites``),
so that English holds only its own; the language screen's strip, font-all.bmp, has every
language's letters (each language is named in itself there).  The game draws text as a TileGrid over this
strip (``thousand/ui/widgets.py``), so a line of text costs a byte per character instead of
a bitmap of its own, and the game needs no ``terminalio`` (the Russian, Japanese and Korean
CircuitPython builds for the PyBadge have none).  Written as a 1-bit BMP, read by
``thousand/ui/sprites.py``'s loader.
"""

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

import cli  # noqa: E402

cli.quiet_blinka()  # before thousand.ui, which imports displayio
from thousand.ui import sprites  # noqa: E402  (the cell size and first character live there)


def bdf_path():
    import displayio  # Blinka's: its resources hold the BDF

    return os.path.join(os.path.dirname(displayio.__file__), "resources", "ter-u12n.bdf")


def read_bdf(path):
    """{codepoint: (bbx width, height, x offset, y offset, rows as ints)} and the ascent."""
    glyphs, ascent = {}, None
    with open(path) as file:
        lines = iter(file.read().splitlines())
    for line in lines:
        if line.startswith("FONT_ASCENT"):
            ascent = int(line.split()[1])
        elif line.startswith("ENCODING"):
            code = int(line.split()[1])
            for line in lines:
                if line.startswith("BBX"):
                    box = [int(v) for v in line.split()[1:]]
                elif line == "BITMAP":
                    break
            rows = []
            for line in lines:
                if line == "ENDCHAR":
                    break
                rows.append((int(line, 16), len(line) * 4))  # the row's bits, leftmost first
            glyphs[code] = (box[0], box[1], box[2], box[3], rows)
    return glyphs, ascent


SUIT_CODES = (0x2660, 0x2663, 0x2666, 0x2665)  # spades, clubs, diamonds, hearts: the cards' order
# A language's letters after the suits, by the strip's file: the order thousand.ui.widgets
# finds a letter's cell in (А to я, U+0410 to U+044F, then Ё and ё; then Ukrainian's Є І Ї,
# є і ї and Ґ ґ, in the runs U+0404 to U+0407, U+0454 to U+0457 and U+0490 to U+0491, whose
# Ѕ and ѕ only keep the runs whole).
RUSSIAN = tuple(range(0x410, 0x450)) + (0x401, 0x451)
UKRAINIAN = RUSSIAN + tuple(range(0x404, 0x408)) + tuple(range(0x454, 0x458)) + (0x490, 0x491)
# Polish's 18 letters are not one run: each one's cell is found by a perfect hash of its code
# point, (point * 137 >> 6 & 31), which gives them 18 distinct values from 3 to 25; they are the
# strip's last POLISH_CELLS cells, in that order (a value's cell: the strip's cells - 26 + value),
# and the five values no letter has are holes, drawn as "?".
POLISH = "ĄąĆćĘęŁłŃńÓóŚśŹźŻż"
POLISH_HASH_FIRST, POLISH_CELLS = 3, 23


def polish_hash(point):
    """The cell of a Polish letter among the Polish block's (thousand.ui.widgets.Text's sum)."""
    return (point * 137 >> 6 & 31) - POLISH_HASH_FIRST


def polish_block():
    """Polish's letters in the order of their hash, None for a hole."""
    block = [None] * POLISH_CELLS
    for letter in POLISH:
        assert block[polish_hash(ord(letter))] is None, "the hash is no longer perfect"
        block[polish_hash(ord(letter))] = ord(letter)
    return tuple(block)


LETTERS = {"font.bmp": (), "font-ru.bmp": RUSSIAN, "font-uk.bmp": UKRAINIAN, "font-pl.bmp": polish_block(),
           "font-all.bmp": UKRAINIAN + polish_block()}


def strip_pixels(glyphs, ascent, first, count, letters=()):
    """The strip as rows of 0/1, a FONT_W x FONT_H cell per character, then the suits', then
    ``letters``' (code points)."""
    codes = [first + i for i in range(count)] + list(SUIT_CODES) + list(letters)
    width, height = sprites.FONT_W * len(codes), sprites.FONT_H
    pixels = [[0] * width for _ in range(height)]
    for i, code in enumerate(codes):
        w, h, dx, dy, rows = glyphs.get(code, glyphs[ord("?")])
        top = ascent - (dy + h)
        for r, (row, bits) in enumerate(rows):
            for c in range(w):
                if row >> (bits - 1 - c) & 1:
                    x, y = i * sprites.FONT_W + dx + c, top + r
                    if 0 <= x - i * sprites.FONT_W < sprites.FONT_W and 0 <= y < height:
                        pixels[y][x] = 1
    return pixels


def bmp_1bit(pixels):
    height, width = len(pixels), len(pixels[0])
    stride = (width + 31) // 32 * 4
    body = bytearray()
    for row in reversed(pixels):  # BMP rows go bottom up
        line = bytearray(stride)
        for x, value in enumerate(row):
            if value:
                line[x // 8] |= 0x80 >> (x % 8)
        body += line
    palette = b"\x00\x00\x00\x00\xff\xff\xff\x00"
    offset = 14 + 40 + len(palette)
    head = b"BM" + struct.pack("<IHHI", offset + len(body), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 1, 0, len(body), 2835, 2835, 2, 2)
    return head + info + palette + bytes(body)


def main(argv=None):
    parser = cli.Parser(description=__doc__.splitlines()[0])
    folder = os.path.join(ROOT, os.path.dirname(sprites.FONT_PATH))
    parser.add_argument("--out", type=cli.out_dir, default=folder, help="the folder to write the BMPs in (default: the repository's %s)"
                        % os.path.dirname(sprites.FONT_PATH))
    args = parser.parse_args(argv)
    glyphs, ascent = read_bdf(bdf_path())
    for name, letters in sorted(LETTERS.items()):
        missing = [code for code in letters if code is not None and code not in glyphs]
        if missing:
            parser.error("the BDF lacks %s" % " ".join("U+%04X" % code for code in missing))
        data = bmp_1bit(strip_pixels(glyphs, ascent, sprites.FONT_FIRST, sprites.FONT_COUNT, letters))
        path = os.path.join(args.out, name)
        with open(path, "wb") as file:
            file.write(data)
        print("wrote %s: %d glyphs of %dx%d, %d bytes" % (path, sprites.FONT_COUNT + len(SUIT_CODES) + len(letters),
                                                          sprites.FONT_W, sprites.FONT_H, len(data)))
    return 0


if __name__ == "__main__":
    cli.run(main)
