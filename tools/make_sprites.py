# desktop-only: not bundled for the device
"""Generate assets/cards.bmp, cards-ru.bmp, cards-uk.bmp and cards-pl.bmp: the card tile sheets, drawn here
as pixel art, and Five Hundred's beside them (cards-500.bmp, cards-ru-500.bmp, cards-uk-500.bmp, cards-pl-500.bmp:
the same tiles, then its).

Run: python tools/make_sprites.py [out.bmp]

Every card is 3 x 3 tiles of 8 x 10 pixels (24 x 30) composed at run time
from shared tiles (see thousand/ui/sprites.py for the index layout), so the
whole deck, the back and four text-line suit icons fit in 43 tiles.
Pixel values: 0 transparent, 1 face, 2 edge, 3 ink; colours come from
palettes at run time (red/black, dimmed, selected).  Written as a 4-bit BMP
(BMP has no 2-bit form); the loader packs it into a 2-bit displayio.Bitmap.
"""

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import cli  # noqa: E402  (tools/cli.py, beside this script)

cli.quiet_blinka()  # before thousand.ui, which imports displayio
from thousand.ui import sprites  # noqa: E402  (the tile layout lives there; its names with a
# leading underscore are const()s that the device folds away, so that they take no room there)

TW, TH = sprites.TILE_W, sprites._TILE_H
CARD_W, CARD_H = sprites.CARD_W, sprites.CARD_H

# 5 x 7 rank glyphs in rank order 9 J Q K 10 A ("10" is 6 wide, up to the tile edge).
RANK_GLYPHS = (
    (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    ("..###", "...#.", "...#.", "...#.", "#..#.", "#..#.", ".##.."),
    (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),
    (".#..#.", "##.#.#", ".#.#.#", ".#.#.#", ".#.#.#", ".#.#.#", ".#..#."),
    ("..#..", ".#.#.", "#...#", "#...#", "#####", "#...#", "#...#"),
)
# The ranks as Russian players write them, 9 В Д К 10 Т: the sheet of the Russian game
# (cards-ru.bmp, loaded in the English one's place: thousand.ui.sprites.Sheet.use_language).
RANK_GLYPHS_RU = (
    RANK_GLYPHS[0],
    ("####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."),
    (".###.", ".#.#.", ".#.#.", ".#.#.", ".#.#.", "#####", "#...#"),
    RANK_GLYPHS[3],
    RANK_GLYPHS[4],
    ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."),
)
# The ranks as Polish players write them, 9 W D K 10 A (walet, dama, król, as): cards-pl.bmp.
RANK_GLYPHS_PL = RANK_GLYPHS[:1] + (
    ("#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"),
    ("####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."),
) + RANK_GLYPHS[3:]
SHEETS = {"": RANK_GLYPHS, "-ru": RANK_GLYPHS_RU, "-uk": RANK_GLYPHS_RU,  # Ukrainian writes the ranks as Russian does
          "-pl": RANK_GLYPHS_PL}
# Five Hundred's sheets (a sheet's name ending -500.bmp, loaded while it is played, so that
# Thousand's sheet stays three rows of tiles): Thousand's tiles, then the low ranks 4 5 6 7 8
# (the same in both languages), each a corner tile (thousand/ui/five_hundred_table.py:
# _LOW_RANK_TILE), then the Joker's six tiles: its corner (a star), its blank left edge and
# its big star (_JOKER_TILE).
LOW_RANK_GLYPHS = (
    ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
)
JOKER_CORNER = ("..#..", "..#..", "#####", ".###.", ".#.#.", "#...#", ".....")
LOW_RANK_TILE = 43
JOKER_TILE = 48
FIVE_HUNDRED_TILES = 54

# 7 x 7 suit glyphs in suit order spades, clubs, diamonds, hearts.
SUIT_GLYPHS = (
    ("...#...", "..###..", ".#####.", "#######", "#######", ".#.#.#.", "..###.."),
    ("..###..", "..###..", "##.#.##", "#######", "##.#.##", "...#...", "..###.."),
    ("...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."),
    (".##.##.", "#######", "#######", "#######", ".#####.", "..###..", "...#..."),
)

BIG = 13  # the centre suit is drawn from shapes at 13 x 13


def big_suit(suit):
    """The centre suit as rows of '#'/'.', from circles and triangles (4x supersampled)."""
    rows = []
    for y in range(BIG):
        row = ""
        for x in range(BIG):
            hits = 0
            for sy in range(4):
                for sx in range(4):
                    u = (x + (sx + 0.5) / 4) / BIG * 2 - 1  # -1..1, right
                    v = (y + (sy + 0.5) / 4) / BIG * 2 - 1  # -1..1, down
                    hits += _inside(suit, u, v)
            row += "#" if hits >= 8 else "."
        rows.append(row)
    return rows


def _inside(suit, u, v):
    def disc(cx, cy, r):
        return (u - cx) ** 2 + (v - cy) ** 2 <= r * r

    if suit == 2:  # diamond
        return abs(u) / 0.8 + abs(v) <= 1
    if suit == 3:  # heart: two lobes and a point
        return disc(-0.45, -0.4, 0.5) or disc(0.45, -0.4, 0.5) or (v >= -0.4 and abs(u) <= 0.95 * (1 - v) / 1.4 + 0.0)
    if suit == 0:  # spade: an upside-down heart on a stem
        body = disc(-0.45, 0.2, 0.45) or disc(0.45, 0.2, 0.45) or (v <= 0.2 and abs(u) <= 0.9 * (v + 1) / 1.2)
        stem = v >= 0.2 and abs(u) <= 0.1 + max(0, v - 0.65) * 1.2 and v <= 1
        return body or stem
    # club: three balls on a stem
    balls = disc(0, -0.48, 0.42) or disc(-0.5, 0.22, 0.42) or disc(0.5, 0.22, 0.42)
    stem = v >= 0 and abs(u) <= 0.1 + max(0, v - 0.65) * 1.2 and v <= 1
    return balls or stem


def blank_face():
    face = [[1] * CARD_W for _ in range(CARD_H)]
    for x in range(CARD_W):
        face[0][x] = face[CARD_H - 1][x] = 2
    for y in range(CARD_H):
        face[y][0] = face[y][CARD_W - 1] = 2
    for x, y in ((0, 0), (CARD_W - 1, 0), (0, CARD_H - 1), (CARD_W - 1, CARD_H - 1)):
        face[y][x] = 0  # rounded corners
    return face


def stamp(pixels, glyph, x0, y0, value=3):
    for y, row in enumerate(glyph):
        for x, ch in enumerate(row):
            if ch == "#":
                pixels[y0 + y][x0 + x] = value


def card_face(rank, suit, ranks=RANK_GLYPHS):
    face = blank_face()
    glyph = ranks[rank]
    stamp(face, glyph, 2, 2)
    stamp(face, SUIT_GLYPHS[suit], 1, TH + 1)
    stamp(face, big_suit(suit), TW + 1, TH + 3)
    return face


def card_back():
    face = blank_face()
    for y in range(2, CARD_H - 2):
        for x in range(2, CARD_W - 2):
            face[y][x] = 3 if (x + y) % 4 == 0 or (x - y) % 4 == 0 else 1
    return face


def cut(pixels, col, row):
    return [line[col * TW:(col + 1) * TW] for line in pixels[row * TH:(row + 1) * TH]]


def build_tiles(ranks=RANK_GLYPHS, five_hundred=False):
    """All tiles, in the index order sprites.card_tiles() expects, the ranks drawn as ``ranks``;
    ``five_hundred``: Five Hundred's after them."""
    tiles = [None] * (FIVE_HUNDRED_TILES if five_hundred else sprites._NUM_TILES)
    tiles[0] = [[0] * TW for _ in range(TH)]
    for suit in range(4):
        for rank in range(6):
            face = card_face(rank, suit, ranks)
            for row in range(3):
                for col in range(3):
                    index = sprites.card_tile(rank, suit, col, row)
                    tile = cut(face, col, row)
                    if tiles[index] is not None and tiles[index] != tile:
                        raise AssertionError("tile %d differs between cards" % index)
                    tiles[index] = tile
    back = card_back()
    for row in range(3):
        for col in range(3):
            tiles[sprites._BACK_TILE + row * 3 + col] = cut(back, col, row)
    for suit in range(4):
        icon = [[0] * TW for _ in range(TH)]
        stamp(icon, SUIT_GLYPHS[suit], 0, 2)
        tiles[sprites._ICON_TILE + suit] = icon
    if not five_hundred:
        return tiles
    for rank, glyph in enumerate(LOW_RANK_GLYPHS):
        face = blank_face()
        stamp(face, glyph, 2, 2)
        tiles[LOW_RANK_TILE + rank] = cut(face, 0, 0)
    joker = joker_face()
    for at, (col, row) in enumerate(((0, 0), (0, 1), (1, 1), (2, 1), (1, 2), (2, 2))):
        tiles[JOKER_TILE + at] = cut(joker, col, row)
    return tiles


def joker_face():
    """Five Hundred's Joker: a star in its corner and a big star in its middle."""
    face = blank_face()
    stamp(face, JOKER_CORNER, 2, 2)
    for y in range(BIG):
        for x in range(BIG):
            u, v = x - BIG // 2, y - BIG // 2
            if abs(u) + abs(v) <= 3 or (u == 0 or v == 0 or abs(u) == abs(v)) and abs(u) + abs(v) <= 10:
                face[TH + 3 + y][TW + 1 + x] = 3
    return face


def sheet_pixels(tiles):
    cols = sprites._SHEET_COLS
    rows = (len(tiles) + cols - 1) // cols
    pixels = [[0] * (cols * TW) for _ in range(rows * TH)]
    for index, tile in enumerate(tiles):
        if tile is None:
            continue
        ox, oy = index % cols * TW, index // cols * TH
        for y in range(TH):
            pixels[oy + y][ox:ox + TW] = tile[y]
    return pixels


# Viewing colours only; the game sets its own palettes.
FILE_PALETTE = (0x008000, 0xFFFFFF, 0x404040, 0x000000)


def write_bmp4(path, pixels, palette):
    height, width = len(pixels), len(pixels[0])
    stride = ((width + 1) // 2 + 3) & ~3
    body = bytearray()
    for row in reversed(pixels):  # BMP rows go bottom-up
        line = bytearray(stride)
        for x, value in enumerate(row):
            line[x // 2] |= value << (0 if x & 1 else 4)
        body += line
    colours = b"".join(struct.pack("<BBBB", c & 0xFF, c >> 8 & 0xFF, c >> 16, 0) for c in palette)
    offset = 14 + 40 + len(colours)
    header = b"BM" + struct.pack("<IHHI", offset + len(body), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 4, 0, len(body), 2835, 2835, len(palette), len(palette))
    with open(path, "wb") as out:
        out.write(header + info + colours + body)


def main(argv=None):
    parser = cli.Parser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=cli.out_file,
                        default=os.path.join(os.path.dirname(HERE), "assets", "cards.bmp"),
                        help="the BMP file to write (default: assets/cards.bmp); the Russian sheet goes "
                             "beside it, its name ending -ru.bmp, the Ukrainian one, -uk.bmp, and the Polish one, -pl.bmp")
    path = parser.parse_args(argv).path
    for ending, ranks in sorted(SHEETS.items()):
        for five_hundred in (False, True):
            out = path[:-4] + ending + ("-500" if five_hundred else "") + path[-4:]
            pixels = sheet_pixels(build_tiles(ranks, five_hundred))
            write_bmp4(out, pixels, FILE_PALETTE)
            print("%s: %dx%d, %d bytes" % (out, len(pixels[0]), len(pixels), os.path.getsize(out)))


if __name__ == "__main__":
    cli.run(main)
