"""After a deal: the deal summary, the score sheet with its marks and the score chart."""

import displayio

from thousand import CONCEDED, REDEAL
from thousand.cards import cards_of
from thousand.controller import seat_name
from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, UP
from thousand.ui.listview import ListView
from thousand.ui.widgets import ACCENT, DIM, FONT_W, LINE_H, backdrop, card_text, label, pad, set_text, wrap

from thousand import const  # MicroPython's, or the package's stand-in on CPython

# The entries of summary.txt (thousand.texts) by their places (a test holds each to its
# entry's name): the summary's words are read when it is shown, not held with this module.
_GAME_OVER = const(1)
_WON = const(2)
_DEAL = const(3)
_NOBODY_SCORES = const(4)
_PLAYED = const(5)
_GAVE_UP = const(6)
_MADE = const(7)  # then failed, conceded, redeal, unfinished: a result's words at _MADE + result
_FAILED = const(8)
_CONCEDED = const(9)
_REDEAL = const(10)
_UNFINISHED = const(11)
_DARK = const(12)  # then golden: a kind's words at _DARK - 1 + kind
_GOLDEN = const(13)
_HEAD = const(14)
_GOLDEN_RESET = const(15)
_THIRD_BOLT = const(16)
_BARREL = const(17)
_TALON = const(18)
_GOT_A_CARD = const(19)
_GOT_THE_CARD = const(20)
_MARRIAGES = const(21)
_ACE_MARRIAGE = const(22)
_FOOTER = const(23)
_FOOTER_OVER = const(24)
_SUITS = const(25)
_LEGEND = const(26)
_NO_DEAL_YET = const(27)
_RACE_TO = const(28)
_REDEALT = const(29)
_MARKS = const(30)  # the sheet's marks' letters, split by spaces: made, failed, conceded, 555, barrel, bolt, redealt

_GUIDE_SEED = const(16777229)  # the guided deal's game (thousand.ui.guide)


def deal_number(controller, end):
    """The number the player knows the deal after the first ``end`` sheet rows by: a redeal is
    the same deal dealt again and keeps its number (the record's numbers count redeals, and
    stay as they are: REFEREE.md)."""
    number = 1
    sheet = controller.sheet()
    for result in sheet.read(0, end):
        if result.result != REDEAL:
            number += 1
    return number


def start_scores(controller):
    """Scores before the first deal (a game may start from given scores)."""
    sheet = controller.sheet()
    if sheet:
        return list(sheet.scores_before)
    return list(controller.view().scores)


class Page:
    """A screen of text lines with ``footer_lines`` of help under them, in the small font on
    every board (the square screen's summary was doubled once: its columns shrank to the
    seats' initials)."""

    footer_lines = 1

    def __init__(self, app):
        self.app = app
        self.list = ListView(app.width, app.height, self.footer_lines)
        self.group = self.list.group

    def tick(self, now):
        return False

    def refresh(self):
        self.list.show(self.header, self.lines, -1, self.footer)

    def scrolled(self, key):
        """UP/DOWN a line, LEFT/RIGHT a page of ``lines``: True when ``key`` was one of them."""
        if key == LEFT or key == UP:
            self.list.scroll(-1 if key == UP else 1 - self.list.rows, len(self.lines))
        elif key == RIGHT or key == DOWN:
            self.list.scroll(1 if key == DOWN else self.list.rows - 1, len(self.lines))
        else:
            return False
        self.refresh()
        return True


class SummaryScreen(Page):
    """What the deal gave: card points, marriages, made or failed, the changes."""

    def enter(self):
        from thousand import texts  # on demand (thousand.ui.scenes): the words are data

        app = self.app
        controller = app.controller
        result = controller.last_result()
        view = controller.view()  # the player's, at the deal's end
        w = texts.bodies("summary")
        lines = []
        if controller.over():
            title = w[_GAME_OVER]
            lines.append(w[_WON] % (seat_name(view.winner), view.scores[view.winner]))
        else:
            title = w[_DEAL] % deal_number(controller, len(controller.sheet()) - 1)
        if result.result == REDEAL or result.declarer is None:
            lines.append(controller.redeal_reason() or w[_NOBODY_SCORES])
        else:
            lines.append("%s%s%s %d" % (seat_name(result.declarer), w[_PLAYED if result.result != CONCEDED else _GAVE_UP],
                                         w[_DARK - 1 + result.kind] if result.kind else "", result.contract or result.bid))
            lines.append(w[_MADE + result.result])
            lines.append(w[_HEAD])  # 25 columns: every board's screen has 26 or more
            for s in range(3):
                lines.append("%-6s%4d%4d%+5d%6d" % (seat_name(s), result.cards[s], result.marriages[s],
                                                     result.deltas[s], result.scores[s]))
            lines += deal_review(view, result, w)
        from thousand.scoring import bolt_penalised, golden_reset  # a deal's end: loaded for it

        if golden_reset(result):
            lines += w[_GOLDEN_RESET].split("\n")
        penalised = bolt_penalised(result, view) if result.declarer is not None else []
        for s in range(3):
            marks = []
            if s in penalised:
                marks.append(w[_THIRD_BOLT] % view.rules.bolt_penalty)
            if result.bolts[s]:
                marks.append("|" * result.bolts[s])
            if result.barrel[s] is not None:
                marks.append(w[_BARREL] % result.barrel[s])
            if marks:
                lines.append("%s: %s" % (seat_name(s), " ".join(marks)))
        if controller.seed == _GUIDE_SEED and result.number == 1:  # the guided deal: the score, told
            from thousand.ui import guide  # the guided deal only (on demand)

            lines.append(guide.summary_words())
        cols = self.list.cols
        self.lines = []
        for line in lines:  # a long line in words on more rows (the table's rows fit)
            self.lines += [line] if len(line) <= cols else wrap(line, cols)
        self.header = title
        self.footer = w[_FOOTER_OVER if controller.over() else _FOOTER]
        self.refresh()

    def key(self, key):
        if self.scrolled(key):  # the deal's review may go below the screen
            return
        if key == A:
            self.app.next_deal()
        elif key == B:
            self.app.back_to = "summary"
            self.app.show("sheet")


def deal_review(view, result, w):
    """What the player may know of the deal just played, beyond its points: the talon (when
    it was shown, or taken), who was given which card (the player's own, or all when the
    player gave them or they were open), the marriages declared.  ``w``: summary.txt's
    words at their places (``thousand.texts.bodies``)."""
    lines = []
    if view.deal_number != result.number or view.declarer < 0:
        return lines  # not the deal the summary is of (a game continued between deals)
    if view.talon is not None:
        lines.append(w[_TALON] % " ".join(card_text(c) for c in cards_of(view.talon)))
    for card, target in view.gives:
        if card < 0:
            lines.append(w[_GOT_A_CARD] % seat_name(target))
        else:
            lines.append(w[_GOT_THE_CARD] % (seat_name(target), card_text(card)))
    if view.marriages:
        lines.append(w[_MARRIAGES] % ", ".join(
            seat_name(seat) + " " + (w[_ACE_MARRIAGE] if suit == 4 else w[_SUITS].split()[suit]) for seat, suit in view.marriages))
    return lines


def sheet_marks(result, scores, bolts, seat, marks):
    """Up to two marks of one seat in one deal (summary.txt's legend says them); ``marks``:
    that page's "marks", split (made, failed, conceded at a result's place, then 555, barrel,
    bolt: a list, as a str indexed would make a name in the VM's pool)."""
    found = ""
    if result.declarer == seat:
        found = marks[result.result] if result.result <= CONCEDED else ""
    if result.scores[seat] == 0 and scores[seat] + result.deltas[seat] in (555, -555):
        found += marks[3]
    elif result.barrel[seat] is not None:
        found += marks[4]
    elif result.bolts[seat] > bolts[seat]:
        found += marks[5]
    return found[:2]


def sheet_lines(controller, cols, marks, redealt_word, first, end):
    """The header and one line per deal: number, then each seat's score and marks.  Only the
    lines ``first`` to ``end`` (a page) are made, the others are "" (a long game's every line
    made was some 6 KB of strings on the PicoSystem's screen, where it shows 16).  ``marks``:
    summary.txt's marks, split; ``redealt_word``: its line of a deal being dealt again."""
    cell = (cols - 3) // 3
    head = "  #"
    for s in range(3):
        head += pad("", seat_name(s), cell)
    lines = [head]  # the first line is the column header: the screen's title
    scores = start_scores(controller)
    bolts = [0, 0, 0]
    sheet = controller.sheet()
    number, redealt = 1, ""
    for result in sheet.read(0, len(sheet)):  # one DealResult filled again a row (heap)
        if result.result == REDEAL:  # a mark of the deal dealt again, which keeps its number
            redealt = marks[6]
            continue
        line = ""
        if first <= len(lines) - 1 < end:
            line = "%2d%s" % (number, redealt or " ")
            for s in range(3):
                mark = sheet_marks(result, scores, bolts, s, marks)
                line += pad("", "%d%s" % (result.scores[s], mark + " " * (2 - len(mark))), cell)
        number, redealt = number + 1, ""
        lines.append(line)
        scores = list(result.scores)
        bolts = list(result.bolts)
    if redealt:  # the deal being dealt again
        lines.append(redealt_word % number)
    return lines


class SheetScreen(Page):
    """Every deal so far; it opens at the latest deal."""

    footer_lines = 3  # the legend, in three lines where a line has 25 columns

    def enter(self):
        from thousand import texts  # on demand (thousand.ui.scenes): the words are data

        w = texts.bodies("summary")
        self.marks, self.redealt, self.empty = w[_MARKS].split(), w[_REDEALT], w[_NO_DEAL_YET]
        lines = sheet_lines(self.app.controller, self.list.cols, self.marks, self.redealt, 0, 0)  # how many
        self.header, self.lines = lines[0], lines[1:] or [self.empty]
        self.footer = w[_LEGEND]
        self.list.first = len(self.lines)  # the last page (pulled back to it below)
        self.refresh()

    def refresh(self):
        """The page on show made: its lines only (``sheet_lines``)."""
        rows = self.list.rows
        first = max(0, min(self.list.first, len(self.lines) - rows))
        lines = sheet_lines(self.app.controller, self.list.cols, self.marks, self.redealt, first, first + rows)
        self.lines = lines[1:] or [self.empty]
        self.list.show(self.header, self.lines, -1, self.footer)

    def key(self, key):
        if self.scrolled(key):
            return
        if key == A:
            self.app.show("chart")
        elif key == B:
            self.app.show(self.app.back_to)


SERIES = (0xFFD040, 0x40D0FF, 0xFF60C0)  # you, west, east
_GRID = const(0x586070)
_CHART_BG = const(0x101828)
CHART_BANDS = 8


class ChartScreen:
    """The race to the target: the three scores over the deals, target and barrel dotted."""

    def __init__(self, app):
        self.app = app
        width, height = app.width, app.height
        self.group = displayio.Group()
        self.group.append(backdrop(width, height, _CHART_BG))
        top = LINE_H + 2
        palette = displayio.Palette(5)
        palette[0] = _CHART_BG
        palette[1] = _GRID
        for i in range(3):
            palette[2 + i] = SERIES[i]
        # Half resolution on the 240-wide screens keeps the bitmap small (4 bits a pixel).
        scale = 2 if width >= 200 else 1
        while True:
            # In horizontal bands, each a block of its own: a fragmented heap that has no
            # free block of the whole plot's 8 KB (on a PyBadge) still has eight of 1 KB.
            self.band_h = (height - top - LINE_H - 2) // scale // CHART_BANDS
            self.plot_w, self.plot_h = width // scale, self.band_h * CHART_BANDS
            self.bands = []
            try:
                for _ in range(CHART_BANDS):
                    self.bands.append(displayio.Bitmap(self.plot_w, self.band_h, 5))
                break
            except MemoryError:
                # Not even those: a coarser chart rather than a crash.
                self.bands = None
                if scale >= 4:
                    raise
                scale *= 2
        self.scale = scale
        plot = displayio.Group(scale=scale, y=top)
        for i in range(CHART_BANDS):
            plot.append(displayio.TileGrid(self.bands[i], pixel_shader=palette, y=i * self.band_h))
        self.group.append(plot)
        x = width - 6 * (len(" ".join(seat_name(s) for s in range(3))) + 1)  # the legend at the right: "You West East"
        self.title = label(" " * ((x - 2) // FONT_W), 0, 0, 1, ACCENT)  # "Race to 1000" left of it
        self.group.append(self.title)
        for s in range(3):
            name = seat_name(s)
            self.group.append(label(name, x, 0, 1, SERIES[s]))
            x += (len(name) + 1) * 6
        self.top_value = label(" " * 6, 0, top, 1, DIM)
        self.low_value = label(" " * 6, 0, height - LINE_H - 1, 1, DIM)
        self.group.append(self.top_value)
        self.group.append(self.low_value)

    def enter(self):
        controller = self.app.controller
        rules = controller.rules
        points = [start_scores(controller)]
        sheet = controller.sheet()
        # One DealResult filled again a row: a new one each would leave half a KB of
        # garbage a deal, and holes in the heap the chart's bands are made in.
        for result in sheet.read(0, len(sheet)):
            if result.result != REDEAL:
                points.append(tuple(result.scores))
        low = min(0, min(min(p) for p in points))
        high = max(rules.target, max(max(p) for p in points))
        from thousand import texts  # on demand (thousand.ui.scenes): the words are data

        set_text(self.title, texts.entries("summary", _RACE_TO)[0][2] % rules.target)
        set_text(self.top_value, str(high))
        set_text(self.low_value, str(low))
        w, h = self.plot_w, self.plot_h
        for band in self.bands:
            band.fill(0)

        def y_of(score):
            return (h - 1) - (score - low) * (h - 1) // (high - low)

        for level in (0, rules.barrel_at, rules.target):
            if level < low or level > high:  # a barrel above a low target
                continue
            y = y_of(level)
            for x in range(0, w, 3):
                self.dot(x, y, 1)
        steps = max(1, len(points) - 1)
        for s in range(3):
            for i in range(1, len(points)):
                draw_line(self.dot, ((i - 1) * (w - 1) // steps, y_of(points[i - 1][s])),
                          (i * (w - 1) // steps, y_of(points[i][s])), 2 + s)

    def dot(self, x, y, colour):
        """One pixel of the plot, in the band that holds its row."""
        self.bands[y // self.band_h][x, y % self.band_h] = colour

    def tick(self, now):
        return False

    def key(self, key):
        if key == A or key == B:
            self.app.show(self.app.back_to)


def draw_line(dot, start, end, colour):
    """Bresenham's line from ``start`` to ``end`` (x, y), a ``dot(x, y, colour)`` a pixel."""
    x0, y0 = start
    x1, y1 = end
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    while True:
        dot(x0, y0, colour)
        if x0 == x1 and y0 == y1:
            return
        twice = 2 * err
        if twice >= dy:
            err += dy
            x0 += sx
        if twice <= dx:
            err += dx
            y0 += sy
