"""Board layer, sprites, headless rendering and the table prototype (all headless)."""

import ast
import os
import subprocess
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from conftest import mpy  # noqa: E402
from thousand.hw import keys  # noqa: E402
from thousand.hw.choose import module_name  # noqa: E402
from thousand.hw.keys import A, B, DOWN, NO_KEY, RIGHT, UP, KeyRepeater  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHEET = os.path.join(ROOT, "assets", "cards.bmp")
DESKTOP_ONLY = "# desktop-only"


def drain(repeater, now):
    out = []
    key = repeater.poll(now)
    while key != NO_KEY:
        out.append(key)
        key = repeater.poll(now)
    return out


def presses(repeater, until, step=10):
    """Every key the repeater emits from 0 to ``until`` ms, polled every ``step``."""
    return [(t, k) for t in range(0, until + 1, step) for k in drain(repeater, t)]


# ---------------------------------------------------------------- keys


def test_press_acts_at_once_and_release_is_silent():
    keys_ = KeyRepeater()
    keys_.feed(A, True, 100)
    assert drain(keys_, 100) == [A]
    keys_.feed(A, False, 180)
    assert drain(keys_, 2000) == []  # A does not repeat


def test_bounces_within_the_window_make_one_press():
    keys_ = KeyRepeater(debounce_ms=30)
    keys_.feed(B, True, 100)
    keys_.feed(B, False, 105)
    keys_.feed(B, True, 110)
    keys_.feed(B, False, 112)
    assert drain(keys_, 115) == [B]
    assert drain(keys_, 140) == []  # settled released, no second press
    assert not keys_.held(B)
    keys_.feed(B, True, 200)
    assert drain(keys_, 200) == [B]


def test_bounce_that_ends_pressed_keeps_the_key_held():
    keys_ = KeyRepeater(debounce_ms=30)
    keys_.feed(UP, True, 0)
    keys_.feed(UP, False, 3)
    keys_.feed(UP, True, 6)
    assert drain(keys_, 10) == [UP]
    assert drain(keys_, 40) == []
    assert keys_.held(UP)


def test_hold_to_repeat_timing():
    keys_ = KeyRepeater(delay_ms=400, repeat_ms=120)
    keys_.feed(RIGHT, True, 0)
    assert [t for t, k in presses(keys_, 900)] == [0, 400, 520, 640, 760, 880]
    keys_.feed(RIGHT, False, 900)
    assert drain(keys_, 2000) == []


def test_long_press_key_acts_on_release_or_as_its_long_key():
    keys_ = KeyRepeater()
    keys_.set_long_press(A, B, 600)
    keys_.feed(A, True, 0)
    assert drain(keys_, 100) == []
    keys_.feed(A, False, 200)
    assert drain(keys_, 200) == [A]
    keys_.feed(A, True, 1000)
    assert drain(keys_, 1599) == []
    assert drain(keys_, 1600) == [B]
    assert drain(keys_, 3000) == []  # no repeat of the long key
    keys_.feed(A, False, 3000)
    assert drain(keys_, 3100) == []  # and no A after it


def test_times_across_the_ticks_ms_wrap():
    start = (1 << 29) - 200
    keys_ = KeyRepeater(delay_ms=400, repeat_ms=120)
    keys_.feed(DOWN, True, start)
    assert drain(keys_, start) == [DOWN]
    wrapped = (start + 400) & ((1 << 29) - 1)
    assert drain(keys_, wrapped - 1) == []
    assert drain(keys_, wrapped) == [DOWN]
    assert keys.ticks_diff(5, (1 << 29) - 5) == 10


class FakeEvent:
    def __init__(self):
        self.key_number = self.pressed = self.timestamp = None


class FakeQueue:
    def __init__(self, events):
        self.events = list(events)

    def get_into(self, event):
        if not self.events:
            return False
        event.key_number, event.pressed, event.timestamp = self.events.pop(0)
        return True


def test_drain_keypad_maps_key_numbers_with_their_timestamps():
    keys_ = KeyRepeater()
    queue = FakeQueue([(1, True, 10), (1, False, 60), (6, True, 100)])
    keys.drain_keypad(queue, FakeEvent(), bytes((B, A, 0, 0, 0, 0, UP, 0)), keys_)
    assert drain(keys_, 100) == [A, UP]


# ---------------------------------------------------------------- boards


@pytest.mark.parametrize(
    "board_id, module",
    [
        ("pybadge", "pybadge"),
        ("Adafruit EdgeBadge with samd51j19", "pybadge"),
        ("pygamer", "pygamer"),
        ("Adafruit PyGamer with samd51j19", "pygamer"),
        ("pimoroni_picosystem", "picosystem"),
        ("adafruit_feather_esp32s3_reverse_tft", "feather_esp32s3_rtft"),
        ("Adafruit Feather ESP32-S3 Reverse TFT with ESP32S3", "feather_esp32s3_rtft"),
        ("x86_64", None),
    ],
)
def test_board_module_by_id_or_machine(board_id, module):
    assert module_name(board_id) == module


def test_unknown_machine_on_cpython_is_the_desktop():
    from thousand.hw.choose import load

    assert load("x86_64").name == "desktop"


def thousand_modules():
    for folder, _, files in os.walk(os.path.join(ROOT, "thousand")):
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def is_desktop_only(path):
    with open(path) as file:
        return file.readline().startswith(DESKTOP_ONLY)


def test_device_modules_compile_with_mpy_cross(mpy_cross):
    device = [p for p in thousand_modules() if not is_desktop_only(p)]
    assert any(p.endswith(os.path.join("hw", "pybadge.py")) for p in device)
    assert not any(p.endswith(os.path.join("hw", "desktop.py")) for p in device)
    for path in device:
        mpy.compile_circuitpython(path)  # MpyError with mpy-cross's words on a failure


def imported_modules(path):
    with open(path) as file:
        tree = ast.parse(file.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module.split(".")[0]


BOARD_API = {"name", "width", "height", "display", "key_help", "open", "poll", "beep", "set_muted", "show_turn"}


@pytest.mark.parametrize("module", ["pybadge", "pygamer", "picosystem", "feather_esp32s3_rtft", "desktop"])
def test_every_board_module_offers_the_same_api(module):
    """Checked on the source: the device modules cannot be imported here."""
    with open(os.path.join(ROOT, "thousand", "hw", module + ".py")) as file:
        tree = ast.parse(file.read())
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        names.add(leaf.id)
    assert BOARD_API <= names


def test_only_board_modules_import_board():
    hw = os.path.join(ROOT, "thousand", "hw")
    paths = list(thousand_modules())
    for folder in ("tools", "tests"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".py"):
                paths.append(os.path.join(ROOT, folder, name))
    offenders = [p for p in paths if "board" in imported_modules(p) and os.path.dirname(p) != hw]
    assert offenders == []


def test_ui_modules_hold_ascii_text_only():
    for path in thousand_modules():
        if os.sep + "ui" + os.sep in path or os.sep + "hw" + os.sep in path:
            with open(path, encoding="utf-8") as file:
                file.read().encode("ascii")


def test_key_repeater_runs_on_micropython(micropython):
    script = (
        "from thousand.hw.keys import KeyRepeater, RIGHT\n"
        "k = KeyRepeater()\n"
        "k.feed(RIGHT, True, 0)\n"
        "got = [t for t in range(0, 700, 10) if k.poll(t) == RIGHT]\n"
        "assert got == [0, 400, 520, 640], got\n"
        "print('ok')\n"
    )
    env = dict(os.environ, MICROPYPATH=ROOT)
    result = subprocess.run([micropython, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert result.stdout.strip() == "ok", result.stderr


# ---------------------------------------------------------------- sprites and rendering

displayio = pytest.importorskip("displayio")
from thousand.ui import sprites  # noqa: E402
from thousand.hw.canvas import Canvas, display_bytes, render, write_png  # noqa: E402


@pytest.fixture(scope="module")
def sheet():
    return sprites.Sheet(SHEET)


def test_sprite_sheet_exists_decodes_and_is_small(sheet):
    assert os.path.getsize(SHEET) < 4096
    bitmap = sheet.bitmap
    assert (bitmap.width, bitmap.height) == (sprites._SHEET_COLS * sprites.TILE_W, 3 * sprites._TILE_H)
    values = {bitmap[x, y] for x in range(bitmap.width) for y in range(bitmap.height)}
    assert values == {0, 1, 2, 3}


def test_sprite_sheet_is_what_the_tool_draws(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import make_sprites
    finally:
        sys.path.pop(0)
    make_sprites.main([str(tmp_path / "cards.bmp")])
    # the Russian ranks' sheet beside it (Ukrainian writes them so too), the Polish ranks', and
    # Five Hundred's of each (Thousand's tiles, then its)
    assert sorted(os.listdir(tmp_path)) == ["cards-500.bmp", "cards-pl-500.bmp", "cards-pl.bmp", "cards-ru-500.bmp",
                                            "cards-ru.bmp", "cards-uk-500.bmp", "cards-uk.bmp", "cards.bmp"]
    for name in os.listdir(tmp_path):
        with open(os.path.join(os.path.dirname(SHEET), name), "rb") as committed, open(tmp_path / name, "rb") as fresh:
            assert committed.read() == fresh.read(), "run tools/make_sprites.py"


def test_five_hundreds_sheets_are_thousands_with_a_row_of_tiles_more():
    """Its ranks 4 to 8 and its Joker (11 tiles) after Thousand's 43, loaded only while it is played:
    Thousand's sheet, which every session holds, did not grow."""
    from thousand.ui.bmp import load_bmp

    for ending in ("", "-ru", "-pl"):
        thousands = load_bmp(SHEET[:-4] + ending + ".bmp")
        five_hundreds = load_bmp(SHEET[:-4] + ending + "-500.bmp")
        assert (thousands.width, thousands.height, five_hundreds.width, five_hundreds.height) == (128, 30, 128, 40)
        def tile(bitmap, index):  # 16 tiles of 8 x 10 a row
            x, y = index % 16 * 8, index // 16 * 10
            return [bitmap[(y + row) * 128 + x + col] for row in range(10) for col in range(8)]

        assert all(tile(thousands, i) == tile(five_hundreds, i) for i in range(43))
        assert all(not any(tile(thousands, i)) for i in range(43, 48))  # the third row's rest is empty
        assert all(any(tile(five_hundreds, i)) for i in range(43, 54))


def test_the_russian_sheet_differs_from_the_english_one_only_in_the_ranks_jack_queen_and_ace(sheet):
    """Issue 38: the Russian cards read В Д К Т: the sheet of the same size with other rank
    tiles, loaded in the English one's place (К is drawn as K)."""
    english = sheet.bitmap
    sheet.use_language("ru")
    russian = sheet.bitmap
    assert (russian.width, russian.height) == (english.width, english.height) and sheet.language == "ru"
    differ = set()
    for tile in range(sprites._NUM_TILES):
        ox, oy = tile % sprites._SHEET_COLS * sprites.TILE_W, tile // sprites._SHEET_COLS * sprites._TILE_H
        if any(russian[ox + x, oy + y] != english[ox + x, oy + y] for x in range(sprites.TILE_W) for y in range(sprites._TILE_H)):
            differ.add(tile)
    assert differ == {sprites._RANK_TILE + rank for rank in (1, 2, 5)}  # J Q A: В Д Т
    sheet.use_language("en")
    assert sheet.bitmap is not russian and sheet.language == "en"


def test_the_polish_sheet_differs_from_the_english_one_only_in_the_ranks_jack_and_queen(sheet):
    """Issue 38, item 4: the Polish cards read 9 W D K 10 A (walet, dama)."""
    english = sheet.bitmap
    sheet.use_language("pl")
    polish = sheet.bitmap
    differ = set()
    for tile in range(sprites._NUM_TILES):
        ox, oy = tile % sprites._SHEET_COLS * sprites.TILE_W, tile // sprites._SHEET_COLS * sprites._TILE_H
        if any(polish[ox + x, oy + y] != english[ox + x, oy + y] for x in range(sprites.TILE_W) for y in range(sprites._TILE_H)):
            differ.add(tile)
    assert differ == {sprites._RANK_TILE + rank for rank in (1, 2)}  # J Q: W D
    sheet.use_language("en")


def test_font_strip_is_what_the_tool_draws(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import make_font
    finally:
        sys.path.pop(0)
    make_font.main(["--out", str(tmp_path)])
    assert sorted(os.listdir(tmp_path)) == ["font-all.bmp", "font-pl.bmp", "font-ru.bmp", "font-uk.bmp", "font.bmp"]
    for name in os.listdir(tmp_path):
        with open(os.path.join(ROOT, "assets", name), "rb") as committed, open(tmp_path / name, "rb") as fresh:
            assert committed.read() == fresh.read(), "run tools/make_font.py"


def test_font_strip_has_a_cell_for_every_printable_ascii_character_and_the_suits(sheet):
    strip = sprites.font()
    from thousand.ui import widgets

    cells = sprites.FONT_COUNT + 4  # then the suits' symbols (issue 34, item 5)
    assert widgets._LETTER_CELL == cells and widgets._SUIT_CELL + 1 == sprites.FONT_COUNT  # the cells text shows
    assert (strip.width, strip.height) == (sprites.FONT_W * cells, sprites.FONT_H)
    inked = [any(strip[i * sprites.FONT_W + x, y] for x in range(sprites.FONT_W) for y in range(sprites.FONT_H))
             for i in range(cells)]
    assert not inked[0] and all(inked[1:])  # a blank space, and ink for every other character


def test_russians_strip_is_englishs_cells_then_the_cyrillic_letters_and_only_russian_loads_it(sheet):
    """Issue 38: the Russian strip adds А-я, Ё and ё after English's 99 cells, drawn from
    Terminus; English keeps its own strip (a language costs only its glyphs)."""
    from helpers import speaking
    from thousand.ui import widgets

    english = sprites.font()
    assert english.width == sprites.FONT_W * widgets._LETTER_CELL
    with speaking("ru"):
        russian = sprites.font()
        line = widgets.label("Пас Ёж ё\u2014я", 0, 0)  # a dash the strip lacks: a question mark
    assert russian is not english and russian.width == sprites.FONT_W * (widgets._LETTER_CELL + 66)
    for cell in range(widgets._LETTER_CELL):  # the same cells first
        assert all(russian[cell * sprites.FONT_W + x, y] == english[cell * sprites.FONT_W + x, y]
                   for x in range(sprites.FONT_W) for y in range(sprites.FONT_H))
    inked = [any(russian[i * sprites.FONT_W + x, y] for x in range(sprites.FONT_W) for y in range(sprites.FONT_H))
             for i in range(widgets._LETTER_CELL, widgets._LETTER_CELL + 66)]
    assert all(inked)
    tiles = [line.grid[i] for i in range(line.grid.width)]
    letter = widgets._LETTER_CELL
    assert tiles[:3] == [letter + 0x41F - 0x410, letter + 0x430 - 0x410, letter + 0x441 - 0x410]
    assert tiles[4] == letter + 64 and tiles[7] == letter + 65 and tiles[8] == ord("?") - 32
    assert tiles[9] == letter + 0x44F - 0x410
    line = widgets.label("Пас", 0, 0)  # English's strip has no Cyrillic: question marks, never a cell beyond it
    assert [line.grid[i] for i in range(3)] == [ord("?") - 32] * 3


def test_ukrainians_strip_is_russians_then_its_own_letters_which_only_it_draws(sheet):
    """Issue 38, item 4: the Ukrainian strip is the Russian one, then Є (Ѕ) І Ї, є (ѕ) і ї and
    Ґ ґ; the Russian strip shows those as question marks, never a cell beyond it."""
    from helpers import speaking
    from thousand.ui import widgets

    with speaking("ru"):
        russian = sprites.font()
        told = widgets.label("Їжак", 0, 0)
    assert told.grid[0] == ord("?") - 32 and told.grid[1] == widgets._LETTER_CELL + 0x436 - 0x410
    with speaking("uk"):
        ukrainian = sprites.font()
        line = widgets.label("ЄІЇєіїҐґ", 0, 0)
    first = widgets._LETTER_CELL + 66
    assert ukrainian.width == russian.width + 10 * sprites.FONT_W
    for cell in range(widgets._LETTER_CELL + 66):  # Russian's cells first
        assert all(ukrainian[cell * sprites.FONT_W + x, y] == russian[cell * sprites.FONT_W + x, y]
                   for x in range(sprites.FONT_W) for y in range(sprites.FONT_H))
    assert [line.grid[i] for i in range(8)] == [first, first + 2, first + 3, first + 4, first + 6, first + 7, first + 8, first + 9]
    inked = [any(ukrainian[i * sprites.FONT_W + x, y] for x in range(sprites.FONT_W) for y in range(sprites.FONT_H))
             for i in range(first, first + 10)]
    assert all(inked)


POLISH_LETTERS = "ĄąĆćĘęŁłŃńÓóŚśŹźŻż"


def test_polishs_strip_is_englishs_cells_then_its_eighteen_letters_found_each_at_its_own_cell(sheet):
    """Issue 38, item 4: the Polish strip is English's 99 cells, then 23 cells in which a perfect
    hash of the code point finds each of Polish's 18 letters (five holes, drawn as a question
    mark); the Polish letters draw each its own glyph, Cyrillic is a question mark there, and the
    other languages' strips show the Polish letters as question marks, never a cell of theirs."""
    from helpers import speaking
    from thousand.ui import widgets

    english = sprites.font()
    with speaking("pl"):
        polish = sprites.font()
        # (another Latin letter of U+00D3 to U+017C, such as e acute, is not told apart: the hash
        # gives it a cell of the block; no page has one, DRAWABLE holds the pages to that)
        line = widgets.label(POLISH_LETTERS + "Я—", 0, 0)
    assert polish.width == english.width + 23 * sprites.FONT_W
    cells = [line.grid[i] for i in range(20)]
    assert len(set(cells[:18])) == 18 and all(widgets._LETTER_CELL <= cell < widgets._LETTER_CELL + 23 for cell in cells[:18])
    assert cells[18:] == [ord("?") - 32] * 2  # no Cyrillic, no dash

    def glyph(strip, cell):
        return [strip[cell * sprites.FONT_W + x, y] for y in range(sprites.FONT_H) for x in range(sprites.FONT_W)]

    assert all(glyph(polish, cell) == glyph(english, cell) for cell in range(widgets._LETTER_CELL))
    question = glyph(english, ord("?") - 32)
    assert all(glyph(polish, cell) != question for cell in cells[:18])
    glyphs = [glyph(polish, cell) for cell in cells[:18]]
    assert len({tuple(g) for g in glyphs}) == 18  # every letter its own glyph
    holes = set(range(widgets._LETTER_CELL, widgets._LETTER_CELL + 23)) - set(cells[:18])
    assert len(holes) == 5 and all(glyph(polish, cell) == question for cell in holes)
    for language in ("en", "ru", "uk"):
        with speaking(language):
            line = widgets.label(POLISH_LETTERS, 0, 0)
        assert [line.grid[i] for i in range(18)] == [ord("?") - 32] * 18, language


def test_the_language_screens_strip_draws_every_languages_letters_at_the_cells_of_its_own_strip(sheet):
    """font-all.bmp: Ukrainian's strip (so Russian's and Ukrainian's letters at their cells), then
    Polish's block, the same glyphs as the Polish strip's."""
    from helpers import speaking
    from thousand.ui import widgets

    def glyph(strip, cell):
        return [strip[cell * sprites.FONT_W + x, y] for y in range(sprites.FONT_H) for x in range(sprites.FONT_W)]

    def glyphs(text):
        line = widgets.label(text, 0, 0)
        strip = sprites.font()
        return [glyph(strip, line.grid[i]) for i in range(len(text))]

    with speaking("uk"):
        ukrainian = glyphs("ЯєҐ")
    with speaking("pl"):
        polish = glyphs(POLISH_LETTERS)
    from thousand import LANGUAGE

    LANGUAGE[0] = "all"  # as the language screen is built (menus.LanguageScreen)
    try:
        assert glyphs("ЯєҐ") == ukrainian and glyphs(POLISH_LETTERS) == polish
    finally:
        LANGUAGE[0] = "en"


def test_text_keeps_its_size_cuts_long_text_and_shows_unknown_characters_as_a_question_mark(sheet):
    from thousand.ui.widgets import label

    line = label("ab\ncd", 0, 0)
    grid = line.grid
    assert (grid.width, grid.height) == (2, 2)
    line.text = "xyz\n\u00e9"
    assert line.text == "xyz\n\u00e9"
    tiles = [grid[i] for i in range(4)]
    assert tiles == [ord("x") - 32, ord("y") - 32, ord("?") - 32, 0]
    line.text = "q"  # the second line is cleared
    assert [grid[i] for i in range(4)] == [ord("q") - 32, 0, 0, 0]


def test_card_renders_where_it_is_placed(sheet):
    group = displayio.Group()
    group.append(sheet.card_grid(parse("AH"), x=10, y=20))
    canvas = render(group, 160, 128)
    assert len(canvas.rgb()) == 160 * 128 * 3
    assert canvas.pixel(5, 5) == (0, 0, 0)
    assert canvas.pixel(10 + 12, 20 + 2) == (255, 255, 255)  # face
    assert canvas.pixel(10, 20 + 15) == (32, 32, 32)  # left edge
    ink = [canvas.pixel(x, y) for x in range(10, 34) for y in range(20, 50)]
    assert sum(1 for r, g, b in ink if r > 150 and g == b == 0) > 50  # the ace and hearts in red
    assert canvas.pixel(10, 20) == (0, 0, 0)  # rounded corner stays transparent


def test_canvas_redraws_only_what_changed(sheet):
    group = displayio.Group()
    grid = sheet.card_grid(parse("9S"), x=0, y=0)
    group.append(grid)
    canvas = Canvas(160, 128)
    canvas.root_group = group
    assert canvas.refresh() == [(0, 0, 160, 128)]
    canvas.refresh()  # Blinka redraws changes made before the first full refresh once more
    assert canvas.refresh() == []
    grid.x = 50
    areas = canvas.refresh()
    assert (50, 0, 24, 30) in areas
    assert canvas.pixel(1, 1) == (0, 0, 0) and canvas.pixel(51 + 11, 1) == (255, 255, 255)
    canvas.release()


def test_png_writer(tmp_path):
    path = tmp_path / "x.png"
    write_png(str(path), bytes([255, 0, 0]) * 6, 3, 2, scale=2)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[16:24] == bytes([0, 0, 0, 6, 0, 0, 0, 4])  # 6 x 4 after scaling


def parse(name):
    from thousand.notation import parse_card

    return parse_card(name)


@pytest.mark.parametrize("width, height", [(160, 128), (240, 135), (240, 240)])
def test_table_prototype_renders_within_the_memory_goal(sheet, width, height):
    from thousand.ui.table import TableView

    table = TableView(sheet, width, height)
    hand = [parse(c) for c in "9S QS AS JC TC KD AD QH KH AH".split()]
    table.set_hand(hand, cursor=3, legal=1 << hand[0])
    table.set_trick((parse("9H"), -1, parse("JH")))
    table.set_opponent(0, "Lena", 7, 120, 340, to_move=True)
    table.set_opponent(1, "Boris", 7, "pass", -60)
    table.set_status("trump", suit=3)
    canvas = render(table.group, width, height)
    bitmaps, palettes, _ = display_bytes(table.group)
    assert bitmaps + palettes <= 24 * 1024
    layout = table.layout
    first = table.hand[0]
    x, y = first.x * layout.scale + 3 * layout.scale, layout.hand_y + 20 * layout.scale
    assert canvas.pixel(x, y) != canvas.pixel(1, height // 2)  # a card, not felt
    selected = table.hand[3]
    assert selected.y * layout.scale == layout.hand_y - layout.raise_by
    assert all(grid.hidden for grid in table.hand[10:])
    assert table.trick[1].hidden and not table.trick[0].hidden
    status_grid, box_grid = table.status.grid, table.boxes[0].grid
    table.set_status("a longer line than the status has room for on any screen")
    table.set_opponent(0, "Lena", 6, None, 1000)
    assert table.status.grid is status_grid and table.boxes[0].grid is box_grid  # rewritten in place


def test_an_opponents_marks_go_beside_its_name_so_that_its_bid_keeps_its_word(sheet):
    """Issue 15, item 10: "bid 100" no longer shrinks to "100" beside a bolt mark."""
    from thousand.ui.table import TableView

    table = TableView(sheet, 160, 128)
    table.set_opponent(0, "West", 7, 100, 240, to_move=True, marks="||", dealer="D")
    first, second = table.boxes[0].text.split("\n")
    assert first.startswith(">West ||") and first.endswith("240")
    assert second.startswith("[7]D") and second.endswith("bid 100")
    table.set_opponent(1, "East", 7, 100, 880, marks="||B2 +HS")  # no room beside the name: below
    first, second = table.boxes[1].text.split("\n")
    assert first.startswith("East ") and second.startswith("[7]||B2")  # (12 columns: the rest is cut)


# ---------------------------------------------------------------- desktop board


@pytest.fixture
def desktop(monkeypatch):
    from thousand.hw import desktop as module

    monkeypatch.setattr(module, "display", None)
    monkeypatch.setattr(module, "repeater", KeyRepeater())
    monkeypatch.setattr(module, "_script", [])
    return module


def test_desktop_scripted_keys_with_fake_time(desktop):
    desktop.open(window=False)
    desktop.press(A, 100)
    desktop.script([(200, RIGHT, True), (700, RIGHT, False)])
    got = [(t, k) for t in range(0, 800, 10) for k in [desktop.poll(t)] if k != NO_KEY]
    assert got == [(100, A), (200, RIGHT), (600, RIGHT)]


def test_desktop_window_shows_the_group_scaled(desktop):
    pygame = pytest.importorskip("pygame")
    desktop.configure(160, 128)
    window = desktop.open(window=True, scale=2)
    group = displayio.Group()
    palette = displayio.Palette(1)
    palette[0] = 0xFF0000
    group.append(displayio.TileGrid(displayio.Bitmap(4, 4, 1), pixel_shader=palette, x=10, y=10))
    window.root_group = group
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z))
    assert desktop.poll(0) == A
    surface = pygame.display.get_surface()
    assert surface.get_size() == (320, 256 + desktop.FOOTER)
    assert surface.get_at((21, 21))[:3] == (255, 0, 0)
    assert surface.get_at((5, 5))[:3] == (0, 0, 0)
    window.canvas.release()
    pygame.display.quit()


def test_a_list_longer_than_its_rows_shows_a_scroll_mark_that_follows_it():
    from thousand.ui.listview import ListView

    view = ListView(160, 128)
    view.show("Short", ["one", "two"], 0)
    assert view.thumb.hidden  # everything is shown: no mark
    lines = ["line %d" % i for i in range(30)]
    places = []
    for cursor in (0, 12, 29):
        view.show("Long", lines, cursor)
        assert not view.thumb.hidden
        places.append(view.thumb.y)
    assert places[0] == view.top and places[0] < places[1] < places[2]
    assert places[2] == view.top + (view.rows - 1) * view.step  # at the last row when the end is shown
