"""No text is ever cut, on any board, in any language (issue 34, item 4; issue 38): every line
of every screen that tools/shoot.py draws, on each board's size, measured as it is put on the
screen.

A line is cut where ``pad`` shortens its words to the columns, where ``wrap`` breaks a word,
where a text line is given more characters or lines than it has cells, and where a list's
line (shown or scrolled to later) or its help's wrapped lines do not fit the list's columns
and footer lines."""

import os
import sys

import pytest

from conftest import QUICK_BOARD, SLOW_SCENES, slow_but

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

pytest.importorskip("displayio")

from helpers import speaking  # noqa: E402
from thousand import LANGUAGES  # noqa: E402
from thousand.ui import listview, menus, sheet, table, widgets  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import shoot  # noqa: E402

SCENES = dict(shoot.scenes())


@pytest.fixture
def cuts(monkeypatch):
    """Every cut made while the fixture is on: (where, the text, the room it had)."""
    found = []
    real_pad, real_wrap, real_show = widgets.pad, widgets.wrap, listview.ListView.show
    text_property = widgets.Text.text

    def pad(left, right, cols):
        room = cols - len(right) - (1 if right else 0)
        if len(left) > room or len(right) > cols:
            found.append(("pad", left + "|" + right, cols))
        return real_pad(left, right, cols)

    def wrap(text, cols):
        for word in text.replace("\n", " ").split(" "):
            if len(word) > cols:
                found.append(("wrap", word, cols))
        return real_wrap(text, cols)

    def show(self, title, lines, cursor=-1, footer=""):
        for line in lines:
            if len(line) > self.cols:
                found.append(("list line", line, self.cols))
        if len(title) > self.title_cols:
            found.append(("title", title, self.title_cols))
        footer_lines = real_wrap(footer, self.footer_cols)
        if len(footer_lines) > len(self.footer):
            found.append(("footer lines", footer, len(self.footer)))
        return real_show(self, title, lines, cursor, footer)

    def set_text(self, text):
        lines = text.split("\n")
        if len(lines) > self.grid.height or max(len(line) for line in lines) > self.grid.width:
            found.append(("text", text, self.grid.width))
        text_property.fset(self, text)

    for module in (widgets, listview, menus, sheet):
        if hasattr(module, "pad"):
            monkeypatch.setattr(module, "pad", pad)
    monkeypatch.setattr(table, "_pad", pad)
    monkeypatch.setattr(widgets, "wrap", wrap)
    monkeypatch.setattr(sheet, "wrap", wrap)
    monkeypatch.setattr(listview, "wrap", wrap)
    monkeypatch.setattr(table, "wrap", wrap, raising=False)
    monkeypatch.setattr(listview.ListView, "show", show)
    monkeypatch.setattr(widgets.Text, "text", property(text_property.fget, set_text))
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("board", slow_but(shoot.BOARDS, [QUICK_BOARD]))
@pytest.mark.parametrize("name", slow_but(SCENES, [name for name in SCENES if name not in SLOW_SCENES]))
def test_no_line_of_a_screen_is_cut(cuts, board, name, language):
    """In every language too (issue 38)."""
    with speaking(language):
        app = shoot.open_app(board, seed=1, window=False, storage=None, language=language)
        SCENES[name](app)
        app.display.refresh()
        screen = app.screen
        if hasattr(screen, "lines") and hasattr(screen, "list"):  # a page: its lines below the fold too
            screen.refresh()
        app.display.release()
    assert not cuts, cuts
