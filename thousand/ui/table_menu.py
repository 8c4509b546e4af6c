"""The two screens opened from the table in the middle of a deal: the table's menu (B on the
table) and the help (the rules in short and the keys; SELECT anywhere, or the title's entry).

A module of their own: opened beside a game, they held every other menu screen with them
(``thousand.ui.menus``), and the help mid-deal was a session's highest heap (docs/memory.md).
"""

from thousand import const
from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, UP
from thousand.ui.menu_screen import MenuScreen, board_keys
from thousand.ui.widgets import card_text


# The places of menus.txt's entries that these screens read (thousand.texts; a test holds each
# to its entry's name, as thousand.ui.menus's).
_SETTINGS = const(6)
_RULES_AND_KEYS = const(8)
_PAGE_BACK = const(40)
_MENU = const(41)
_TO_TABLE = const(42)
_UNDO = const(43)
_HINT = const(44)
_SHEET = const(45)
_CHART = const(46)
_RECORD = const(47)
_TITLE = const(48)
_CONCEDE = const(49)
_REDEAL = const(50)
_LAST_TRICK = const(51)
_THINKS = const(52)
_RECORD_SENT = const(53)
_RECORD_TO_FILE = const(59)
_RECORD_IN_FILE = const(60)
_RECORD_NOT_WRITTEN = const(61)


class HelpScreen(MenuScreen):
    """The rules in short and the keys of this board, a page to scroll."""

    title = _RULES_AND_KEYS
    footer_lines = 1
    all_words = False  # built mid-deal beside the table: its title and page mark only

    def enter(self):
        from thousand import texts  # the words are data, read on demand (thousand.texts)

        self.heading = texts.entries("menus", _RULES_AND_KEYS)[0][2]
        self.page_mark = texts.entries("menus", _PAGE_BACK)[0][2]

        app = self.app
        rules = app.controller.rules if app.controller is not None else app.rules
        from thousand.ui import helptext  # loaded for this screen only (thousand/ui/scenes.py)

        if app.controller is not None and app.controller.game_name != "thousand":  # Five Hundred's rules
            # a paragraph wrapped at a time, as Thousand's: wrapped whole, with the text joined
            # first, it was the block a Five Hundred session's help failed to find (1.6 KB)
            from thousand.five_hundred.helptext import rule_parts

            self.lines = helptext.Pages(self.list.cols, board_keys(app), None, rule_parts(rules))
        else:
            self.lines = helptext.Pages(self.list.cols, board_keys(app), rules)
        self.refresh()

    def items(self):
        return self.lines

    def refresh(self):
        self.list.show(self.heading, self.lines, -1, self.page_mark % (
            min(self.list.first + self.list.rows, len(self.lines)), len(self.lines)))

    def key(self, key):
        if key == B or key == A and self.list.first + self.list.rows >= len(self.lines):
            app = self.app
            if app.help_from is not None:  # opened by SELECT: back to that screen
                app.show(app.help_from)
                app.help_from = None
            else:
                self.back()
            return
        if key == LEFT or key == UP:
            self.list.scroll(-self.list.rows + 1 if key == LEFT else -1, len(self.lines))
        elif key == RIGHT or key == DOWN or key == A:
            self.list.scroll(self.list.rows - 1 if key != DOWN else 1, len(self.lines))
        self.refresh()


class TableMenu(MenuScreen):
    """B on the table: the actions that are not cards, the score sheet, settings."""

    title = _MENU

    def entries(self):
        out = ["table"]
        controller = self.app.controller
        decision = controller.human_decision()
        if self.app.settings.undo and controller.can_undo():  # the deal's own decisions only
            out.append("undo")
        thousand = controller.game_name == "thousand"  # Five Hundred has no concession, no redeal, no chart
        if decision is not None:
            out.append("hint")
        if decision is not None and thousand:
            from thousand import actions  # held with a game (the table's menu), not by the title

            for action in decision.legal:
                if action == actions.ACTION_CONCEDE or (action == actions.ACTION_REDEAL and not decision.question):
                    out.append(action)
        if controller.view().last_trick:
            out.append("last_trick")
        return out + ["sheet"] + (["chart"] if thousand else []) + ["settings", "help", "record", "title"]



    def items(self):
        places = {"table": _TO_TABLE, "undo": _UNDO, "hint": _HINT, "sheet": _SHEET, "chart": _CHART,
                  "settings": _SETTINGS, "help": _RULES_AND_KEYS, "record": _RECORD, "title": _TITLE}
        out = []
        for entry in self.entries():
            if isinstance(entry, int):  # Thousand's concession or redeal
                from thousand import actions  # held with a game (the table's menu), not by the title

                out.append(self.word(_CONCEDE if entry == actions.ACTION_CONCEDE else _REDEAL))
            elif entry == "last_trick":
                controller = self.app.controller
                seat = controller.view().last_trick_winner
                if controller.game_name == "thousand":
                    from thousand.controller import seat_name  # held with a game, not by the title

                    name = seat_name(seat)
                else:  # Five Hundred's seats, 3 or 4, on its page (five_hundred.txt)
                    from thousand import texts  # on demand

                    name = texts.entries("five_hundred", 2 if controller.game.players == 4 else 1)[0][2].split()[seat]
                out.append(self.word(_LAST_TRICK) % name)
            elif entry == "record":  # the desktop writes it to a file
                out.append(self.word(_RECORD_TO_FILE if hasattr(self.app.board, "send_record") else _RECORD))
            else:
                out.append(self.word(places[entry]))
        return out

    def footer(self):
        """While a hint thinks, that it does; on the last trick's row: its cards, each with
        who played it, in the order played."""
        if self.app.thinker is not None:
            return self.word(_THINKS)
        if self.entries()[self.cursor] != "last_trick" or self.app.controller.game_name != "thousand":
            return MenuScreen.footer(self)
        from thousand.controller import seat_name  # held with a game, not by the title

        return " ".join(seat_name(seat) + " " + card_text(card) for seat, card in self.app.controller.view().last_trick)

    def choose(self, index):
        entry = self.entries()[index]
        app = self.app
        if isinstance(entry, int):
            app.controller.act(entry)
            app.show("table")
            return
        if entry == "title":
            from thousand.ui.starting import save_and_leave  # on demand (thousand/ui/scenes.py)

            save_and_leave(app)
            return
        if entry == "hint":
            bot = app.controller.hint()
            if bot is not None:  # it thinks with the table let go, a slice a tick (App.think_hint)
                app.think_hint(bot)
                return  # the footer says so (refresh)
        elif entry == "undo":
            app.controller.undo()  # its listener, app.on_action, saves it as a move of the player's
        elif entry == "record":
            # The game as a REFEREE.md record on one line of the serial console (for bug
            # reports: on the device the drive is normally read-only to the game).
            send = getattr(app.board, "send_record", None)  # the desktop: to a file
            if send is not None:
                app.storage.report(self.word(_RECORD_IN_FILE if send(app.controller) else _RECORD_NOT_WRITTEN))
            else:
                import sys

                from thousand.ui.starting import fresh_vm

                # A board saves the moves and writes the record in a VM of its own
                # (record.py), then plays on in a fresh VM from the move saved: the record's
                # writer (thousand.record and thousand.notation) puts about 56 names in the
                # pool for good, which took a game's VM past its step at 1,260 names, a table
                # of 7.5 KB in one block of a heap a game had fragmented: what the least heap
                # a session needs was (docs/memory.md, "A name pool as a board's").
                if fresh_vm(app, "record"):
                    return
                app.controller.write_record(sys.stdout)
                app.storage.report(self.word(_RECORD_SENT))  # said on the table when it is back
        elif entry == "last_trick":
            app.last_trick = True  # the table shows it until a key
        if entry in ("hint", "undo", "last_trick", "record"):
            app.show("table")
            return
        app.back_to = "tablemenu"
        app.show(entry)

    def back(self):
        self.app.show("table")


SCREENS = {
    "help": HelpScreen,
    "tablemenu": TableMenu,
}
