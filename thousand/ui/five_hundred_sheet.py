"""Five Hundred after a deal: its summary (the contract, made or failed, the tricks a side,
each side's change and score, the game's end) and the score sheet a side (a row a deal).
Thousand's ``thousand.ui.sheet`` in its shape; loaded only while Five Hundred is played.
A goes on (the next deal, or the title when the game is over), B shows the sheet and B
goes back; UP/DOWN/LEFT/RIGHT scroll.  Its ``Page`` repeats ``thousand.ui.sheet.Page`` rather
than import it: that module imports Thousand's controller."""

from thousand.five_hundred import ALL_PASS_PLAYED, FAILED, MADE, PASSED_OUT, side_of
from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, UP
from thousand.ui.five_hundred_table import bid_words, seat_names
from thousand.ui.listview import ListView
from thousand.ui.widgets import word, wrap

from thousand import const  # MicroPython's, or the package's stand-in on CPython

# The entries of five_hundred.txt this module reads, by their places (five_hundred_table's
# names for them; a private const() is folded away on the device, so it cannot be imported).
_MADE = const(26)
_FAILED = const(27)
_PASSED_OUT = const(28)
_PLAYED_NT = const(29)
_DEAL = const(30)
_BY = const(31)
_HEAD = const(32)
_WINS = const(33)
_LOSES = const(34)
_SUMMARY_KEYS = const(35)
_SHEET_KEYS = const(36)


def side_names(words, players):
    """Each side's name: a seat's with 3 players; with 4, the two partners' ("You+North")."""
    names = seat_names(words, players)
    if players == 4:
        return (names[0] + "+" + names[2], names[1] + "+" + names[3])
    return names


def summary_lines(controller, words):
    """The summary's title and lines for the deal just ended."""
    result = controller.last_result()
    players = controller.game.players
    names = seat_names(words, players)
    sides = side_names(words, players)
    lines = []
    if result.contractor is None:
        lines.append(word(words, _PLAYED_NT if result.result == ALL_PASS_PLAYED else _PASSED_OUT))
    else:
        lines.append(word(words, _BY) % (bid_words(result.bid, words), names[result.contractor],
                                         word(words, _MADE if result.result == MADE else _FAILED)))
    lines.append(word(words, _HEAD))
    for side in range(len(sides)):  # 25 columns: every board's screen has 26 or more
        tricks = 0
        for seat in range(players):
            if side_of(seat, players) == side:
                tricks += result.tricks_won[seat]
        lines.append("%-9s%3d%+7d%6d" % (sides[side][:9], tricks, result.deltas[side], result.scores[side]))
    if result.winner is not None:
        lines.append(word(words, _WINS) % sides[result.winner])
    elif result.co_winners:
        lines.append(word(words, _WINS) % " & ".join(sides[side] for side in result.co_winners))
    if result.loser is not None:
        lines.append(word(words, _LOSES) % sides[result.loser])
    return word(words, _DEAL) % result.number, lines


def sheet_lines(controller, words, cols):
    """The sheet's head (the sides' names) and a row a deal: its number, the contract and its
    maker's initial, each side's score after it (a failed contract marked "-")."""
    players = controller.game.players
    names = seat_names(words, players)
    sides = side_names(words, players)
    width = max(4, (cols - 9) // len(sides))
    head = " " * 9 + "".join(("%" + str(width) + "s") % name[:width - 1] for name in sides)
    rows = []
    for row in controller.sheet():
        if row.contractor is None:
            contract = "-"
        else:
            contract = bid_words(row.bid, words)[:4] + names[row.contractor][0]
            if row.result == FAILED:
                contract += "-"
        rows.append("%2d %-6s" % (row.number, contract[:6]) + "".join(
            ("%" + str(width) + "d") % score for score in row.scores))
    return head, rows


class Page:
    """Text lines over a footer, in the small font on every board (as Thousand's pages)."""

    def __init__(self, app):
        from thousand import texts  # the words are data, read on demand

        self.app = app
        self.words = texts.lines("five_hundred")
        self.list = ListView(app.width, app.height, 1)
        self.group = self.list.group
        self.header = ""
        self.lines = []

    def tick(self, now):
        return False

    keys = _SUMMARY_KEYS  # the footer's words

    def refresh(self):
        self.list.show(self.header, self.lines, -1, word(self.words, self.keys))

    def scrolled(self, key):
        if key == LEFT or key == UP:
            self.list.scroll(-1 if key == UP else 1 - self.list.rows, len(self.lines))
        elif key == RIGHT or key == DOWN:
            self.list.scroll(1 if key == DOWN else self.list.rows - 1, len(self.lines))
        else:
            return False
        self.refresh()
        return True


class SummaryScreen(Page):
    def enter(self):
        title, lines = summary_lines(self.app.controller, self.words)
        cols = self.list.cols
        self.header = title
        self.lines = []
        for line in lines:
            self.lines += [line] if len(line) <= cols else wrap(line, cols)
        self.refresh()

    def key(self, key):
        if self.scrolled(key):
            return
        if key == A:
            self.app.next_deal()
        elif key == B:
            self.app.back_to = "summary"
            self.app.show("sheet")


class SheetScreen(Page):
    """Every deal so far, the sides' scores after each, under their names; it opens at the
    latest deal."""

    keys = _SHEET_KEYS

    def enter(self):
        self.header, self.lines = sheet_lines(self.app.controller, self.words, self.list.cols)
        self.list.first = len(self.lines)
        self.refresh()

    def key(self, key):
        if self.scrolled(key):
            return
        if key == A or key == B:
            self.app.show(self.app.back_to)


SCREENS = {"summary": SummaryScreen, "sheet": SheetScreen, "chart": SheetScreen}
