"""Every screen on every board size, rendered headless from real games (tools/shoot.py scenes)."""

import ast
import os
import sys

import pytest

from conftest import QUICK_BOARD, SLOW_SCENES, slow_but

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

displayio = pytest.importorskip("displayio")

from helpers import DRAWABLE, speaking  # noqa: E402
from thousand import LANGUAGES  # noqa: E402
from thousand.ui import sprites  # noqa: E402
from thousand.ui.widgets import Text  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import shoot  # noqa: E402

BOARDS = shoot.BOARDS
SCENES = dict(shoot.scenes())
TABLE_GOAL = 24 * 1024  # bitmap + palette bytes of the table screen
SCREEN_GOAL = 32 * 1024  # any other screen


def layers(group, x=0, y=0, scale=1):
    """(layer, left, top, width, height) in screen pixels of every visible TileGrid and text line
    (a ``widgets.Text``: its cells, without the box behind them)."""
    if group.hidden:
        return
    if isinstance(group, Text):
        grid = group.grid
        s = scale * group.scale
        left, top = x + group.x * scale + grid.x * s, y + group.y * scale + grid.y * s
        yield group, left, top, grid.width * grid.tile_width * s, grid.height * grid.tile_height * s
        return
    if isinstance(group, displayio.Group):
        for child in group:
            yield from layers(child, x + group.x * scale, y + group.y * scale, scale * group.scale)
        return
    if isinstance(group, displayio.TileGrid):
        yield (group, x + group.x * scale, y + group.y * scale,
               group.width * group.tile_width * scale, group.height * group.tile_height * scale)


def is_fill(layer):
    """A one-pixel bitmap scaled to cover the screen: the background."""
    return isinstance(layer, displayio.TileGrid) and layer.bitmap.width == 1 and layer.bitmap.height == 1


def overlap(a, b):
    return a[1] < b[1] + b[3] and b[1] < a[1] + a[3] and a[2] < b[2] + b[4] and b[2] < a[2] + a[4]


@pytest.fixture(scope="module", params=slow_but(BOARDS, [QUICK_BOARD]))
def board(request):
    return request.param


def scene_app(board, name, language="en"):
    app = shoot.open_app(board, seed=1, window=False, storage=None, language=language)
    SCENES[name](app)
    app.display.refresh()
    return app


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", slow_but(SCENES, [name for name in SCENES if name not in SLOW_SCENES]))
def test_screen_fits_and_text_does_not_overlap(board, name, language):
    """In every language, every character shown is one its font strip has (issue 38; the
    first start's language screen names each language in itself: Russian's strip)."""
    with speaking(language):
        app = scene_app(board, name, language)
        check_screen(app, name, "ru" if name == "language" else language)


def check_screen(app, name, language):
    width, height = app.width, app.height
    group = app.display.root_group
    found = list(layers(group))
    assert found
    labels = [f for f in found if isinstance(f[0], Text)]
    assert labels, name  # the text is found (a Label's test found none once the text was a Text)
    for layer, left, top, w, h in found:
        if is_fill(layer):
            continue
        assert left >= 0 and top >= 0 and left + w <= width and top + h <= height, (name, layer, left, top, w, h)
    for i, a in enumerate(labels):
        # the language screen is built in font-all.bmp, which has every language's letters
        missing = set(a[0].text.replace("\n", "")) - DRAWABLE["all" if name == "language" else language]
        assert not missing, (a[0].text, missing)
        for b in labels[i + 1:]:
            assert not overlap(a, b), (name, a[0].text, b[0].text)
    if name.startswith(("table", "guided")):
        cards = [f for f in found if isinstance(f[0], displayio.TileGrid) and f[0].width == 3]
        for text in labels:
            for card in cards:
                assert not overlap(text, card), (name, text[0].text)
    bitmaps, palettes, _ = shoot.display_bytes(group)
    assert bitmaps + palettes <= (TABLE_GOAL if name.startswith("table") else SCREEN_GOAL)
    app.display.release()


def hand_strips(app):
    """(card, grid, visible pixel colours) of each card of the hand on the table."""
    table = app.screens["table"]
    canvas = app.display
    scale = table.table_view.layout.scale
    grids = [g for g in table.table_view.hand if not g.hidden]
    out = []
    for i, grid in enumerate(grids):
        left = grid.x * scale
        right = grids[i + 1].x * scale if i + 1 < len(grids) else left + sprites.CARD_W * scale
        top = grid.y * scale
        colours = {canvas.pixel(x, y) for x in range(left, right) for y in range(top, top + 20 * scale)}
        out.append((table.hand_cards[i], grid, colours))
    return out


def rgb(value):
    return (value >> 16, value >> 8 & 0xFF, value & 0xFF)


def near(colour, wanted):
    return all(abs(a - b) <= 8 for a, b in zip(colour, rgb(wanted)))


def test_legal_and_refused_cards_look_different_and_the_selection_shows(board):
    app = scene_app(board, "table-play")
    table = app.screens["table"]
    legal = {card for card, _ in table.card_actions}
    strips = hand_strips(app)
    assert any(card not in legal for card, _, _ in strips) and any(card in legal for card, _, _ in strips)
    normal, dimmed, selected = (colours[0] for colours in sprites.STATE_COLOURS)
    for index, (card, grid, colours) in enumerate(strips):
        face = selected if index == table.cursor else normal if card in legal else dimmed
        assert any(near(c, face) for c in colours), (card, face)
        for other in {normal, dimmed, selected} - {face}:
            assert not any(near(c, other) for c in colours)
    chosen = table.table_view.hand[table.cursor]
    others = [g.y for i, g in enumerate(table.table_view.hand[:len(strips)]) if i != table.cursor]
    assert chosen.y < min(others)  # raised
    app.display.release()


def test_ten_card_hand_fits(board):
    app = scene_app(board, "table-talon")
    strips = hand_strips(app)
    assert len(strips) == 10
    assert all(len(colours) > 2 for _, _, colours in strips)  # every card shows a slice of itself
    app.display.release()


def test_strings_in_screen_modules_are_ascii():
    folder = os.path.join(ROOT, "thousand", "ui")
    for name in sorted(os.listdir(folder)) + ["../../code.py"]:
        if not name.endswith(".py"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as file:
            tree = ast.parse(file.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value.isascii(), (name, node.value)


def drawn_colours(chart):
    return set(chart.bands[y // chart.band_h][x, y % chart.band_h]
               for x in range(chart.plot_w) for y in range(chart.plot_h))


@pytest.mark.slow
def test_chart_falls_back_to_half_resolution_when_its_bitmap_does_not_fit(board, monkeypatch):
    """On a fragmented heap the chart's bitmap may find no block big enough: it is drawn in
    bands, each a block of its own, and when not even those fit, at half resolution
    instead of the game stopping with a MemoryError."""
    app = scene_app(board, "title")
    from thousand.ui import sheet

    full = scene_app(board, "chart").screen
    assert full.plot_w * full.plot_h > 2000
    assert len(full.bands) == sheet.CHART_BANDS > 1
    assert all(b.width * b.height * sheet.CHART_BANDS == full.plot_w * full.plot_h for b in full.bands)
    assert drawn_colours(full) >= {1, 2, 3, 4}

    real_bitmap = displayio.Bitmap

    def scarce_bitmap(width, height, colours):
        if colours == 5 and width * height > full.plot_w * full.band_h // 2:  # the chart's
            raise MemoryError("memory allocation failed")
        return real_bitmap(width, height, colours)

    monkeypatch.setattr(sheet.displayio, "Bitmap", scarce_bitmap)
    SCENES["chart"](app)
    chart = app.screen
    assert app.screen_name == "chart"
    assert chart.scale == 2 * full.scale and chart.plot_w == full.plot_w // 2
    assert drawn_colours(chart) >= {1, 2, 3, 4}  # the grid and all three players' lines
    app.display.refresh()
    assert all(left + w <= app.width and top + h <= app.height
               for _layer, left, top, w, h in layers(app.display.root_group) if not is_fill(_layer))
    app.display.release()


def test_the_score_sheet_makes_the_lines_of_its_page_only_and_each_page_as_it_is_scrolled_to():
    """A long game's sheet made a line for every deal, of which its screen shows a page (the
    PicoSystem's peak, 106 deals in: some 6 KB of strings): the lines off the page are "",
    and a page scrolled to shows the lines that every line made at once would have."""
    from thousand.hw.keys import LEFT, RIGHT
    from thousand.ui import sheet as sheet_module

    app = scene_app(QUICK_BOARD, "sheet")
    screen = app.screen
    rows = screen.list.rows
    every = sheet_module.sheet_lines(app.controller, screen.list.cols, screen.marks, screen.redealt, 0, 10 ** 6)[1:]
    assert len(every) > 2 * rows and all(every)
    assert len(screen.lines) == len(every)

    def shown():
        return [line.text.rstrip() for line in screen.list.lines]

    pages = 0
    while True:
        first = screen.list.first
        made = [i for i in range(len(screen.lines)) if screen.lines[i]]
        off_page = [i for i in made if not first <= i < first + rows]
        # a deal being dealt again has one line of its own, at the end, made with the others
        assert off_page in ([], [len(every) - 1]) and screen.lines[-1] in ("", every[-1]), (first, made)
        assert made[:rows] == list(range(first, first + rows)), (first, made)
        assert shown() == [line.rstrip() for line in every[first:first + rows]]
        if first == 0:
            break
        screen.key(LEFT)  # a page up
        pages += 1
    assert pages >= 2
    screen.key(RIGHT)
    assert screen.list.first == rows - 1 and screen.lines[rows - 1] and not screen.lines[0]
