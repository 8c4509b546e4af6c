"""The scrolling list of the menus and the sheets: a title, rows under a highlight bar, footer
lines.  Its own module, loaded only with the screens that show it (thousand/ui/scenes.py): the
table never does, and in the always-loaded ``widgets`` it held about 1 KB of the table's heap.
Keys on every list: LEFT/UP previous, RIGHT/DOWN next (both wrap around: the three-button
Feather has only LEFT, RIGHT and A), A choose, B (a long A on the Feather) back.
"""

import displayio

from thousand.ui.widgets import ACCENT, DIM, FONT_W, LINE_H, backdrop, label, pad, set_text, solid, wrap

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_LINE_STEP = const(13)  # rows of a list: a pixel between lines
_BAR = const(0x2850B8)
_THUMB_W = const(2)  # pixels: the scroll mark, beside the text's padding


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
