"""A menu screen: a title over a cyclic list (``MenuScreen``, the base of every menu screen),
and the board's key line in the player's words.

Its own module so that the two screens opened beside a game in the middle of a deal, the
table's menu and the help (``thousand.ui.table_menu``), hold it and not every other menu
screen too (``thousand.ui.menus``; the load plan: ``thousand.ui.scenes``).
"""

from thousand import const
from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, UP
from thousand.ui.listview import ListView
from thousand.ui.widgets import word


# The places of menus.txt's entries that this module reads (thousand.texts; a test holds each
# to its entry's name, as thousand.ui.menus's).
_CHOOSE_BACK = const(1)
_MENU = const(41)
_KEYS = const(58)


def keys(key_help):
    """A board's ``key_help`` ("pad:move A:ok ...", its words English) in the player's words:
    each of its words that menus.txt's English "keys" entry lists becomes the word at the same
    place in the player's language's entry (the buttons' names stay)."""
    from thousand import texts  # the words are data, read on demand (thousand.texts)

    if texts.LANGUAGE[0] == "en":  # nothing to read: each read of the page, line by line to
        return key_help  # its end, was some KB of garbage in the help's tick (docs/memory.md)
    english = texts.entries("menus", _KEYS, "en")[0][2].split()
    words = texts.entries("menus", _KEYS)[0][2].split()
    if words == english:
        return key_help
    return " ".join(":".join(words[english.index(w)] if w in english else w for w in part.split(":"))
                    for part in key_help.split(" "))


def board_keys(app):
    """The board's key line in the player's words (keys), translated once a language: the
    title reads it, so the help opened mid-deal reads no page for it
    (``thousand.ui.starting.speak`` lets it go)."""
    if app.key_words is None:
        app.key_words = keys(app.board.key_help)
    return app.key_words


class MenuScreen:
    """A title over a cyclic list; subclasses give ``items()`` and ``choose(index)``.
    ``title`` is the place of its title's words (menus.txt), and names the screen: the row
    chosen last is kept by it."""

    title = _MENU
    footer_lines = 1
    all_words = True  # reads menus.txt whole when built (the help, opened mid-deal, reads its two words)
    title_scale = 1
    big_text = True  # doubled rows on the square screen; False where the rows need the width

    def __init__(self, app):
        from thousand import texts  # the words are data, read on demand (thousand.texts)

        self.app = app
        self.words = texts.lines("menus") if self.all_words else None
        text_scale = 2 if self.big_text and app.height >= 200 else 1
        self.list = ListView(app.width, app.height, self.footer_lines, max(self.title_scale, text_scale), text_scale)
        self.group = self.list.group
        self.cursor = app.chosen.get(self.title, 0)  # back from a menu it opened: where it was

    def enter(self):
        self.refresh()

    def tick(self, now):
        return False

    def items(self):
        return []

    def word(self, place):
        """The screen's words at ``place`` (menus.txt)."""
        return word(self.words, place)

    def footer(self):
        return self.word(_CHOOSE_BACK)

    def refresh(self):
        items = self.items()
        self.cursor = min(self.cursor, len(items) - 1)
        self.list.show(self.word(self.title), items, self.cursor, self.footer())

    def key(self, key):
        count = len(self.items())
        if key == LEFT or key == UP:
            self.cursor = (self.cursor - 1) % count
        elif key == RIGHT or key == DOWN:
            self.cursor = (self.cursor + 1) % count
        elif key == A:
            self.app.chosen[self.title] = self.cursor
            self.choose(self.cursor)
            if self.app.screen is not self:
                return
        elif key == B:
            self.back()
            return
        self.refresh()

    def choose(self, index):
        pass

    def back(self):
        self.app.show(self.app.back_to)
