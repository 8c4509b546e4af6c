"""The list screens: title, new game, agreements, statistics, language and Five Hundred's
new game (the table's menu and the help: ``thousand.ui.table_menu``; the settings:
``thousand.ui.settings_screen``; their base, ``MenuScreen``: ``thousand.ui.menu_screen``).

Each is a cyclic list (LEFT/UP previous, RIGHT/DOWN next, A choose or change,
B back), so a board with three buttons can use every one of them.
"""

from thousand import LANGUAGE, LANGUAGES, PLAYER_LEVELS, SEAT_WORDS, const
from thousand.hw.keys import A, DOWN, LEFT, RIGHT, UP
from thousand.rules import Rules, RulesError
from thousand.ui.menu_screen import MenuScreen, board_keys
from thousand.ui.settings_screen import set_setting
from thousand.ui.widgets import pad, word


# The entries of menus.txt (thousand.texts) by their places (a test holds each to its entry's
# name): a screen reads its language's words when it is built, as one string (texts.lines).
_CHOOSE_BACK = const(1)
_THOUSAND = const(2)
_CONTINUE = const(3)
_NEW_GAME = const(4)
_AGREEMENTS = const(5)
_SETTINGS = const(6)
_STATISTICS = const(7)
_RULES_AND_KEYS = const(8)
_HOW_TO_PLAY = const(9)
_RULES = const(10)
_CHANGE_AGREEMENTS = const(11)
_START_THE_GAME = const(12)
_NEXT_PRESET = const(13)
_NEXT_LEVEL = const(14)
_EVERY_HOUSE_RULE = const(15)
_DEAL_BACK = const(16)
_ON = const(17)
_OFF = const(18)
_NONE = const(19)
_PRESET = const(20)
_RESETS_ALL = const(21)
_SOUND = const(22)
_BOT_PAUSE = const(23)
_MS = const(24)
_DIM = const(25)
_POINTS = const(26)
_FORCED = const(27)
_UNDO_SETTING = const(28)
_LANGUAGE = const(29)
_BACK = const(30)
_SOUND_HELP = const(31)
_PAUSE_HELP = const(32)
_DIM_HELP = const(33)
_POINTS_HELP = const(34)
_FORCED_HELP = const(35)
_UNDO_HELP = const(36)
_LANGUAGE_HELP = const(37)
_BACK_HELP = const(38)
_B_BACK = const(39)
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
_FIVE_HUNDRED = const(54)
_PLAYERS = const(55)
_NEXT_PLAYERS = const(56)
_NEXT_RULES = const(57)
_KEYS = const(58)
_RECORD_TO_FILE = const(59)
_RECORD_IN_FILE = const(60)
_RECORD_NOT_WRITTEN = const(61)


class TitleScreen(MenuScreen):
    """The first screen; its footer says once what went wrong with a save, if anything did."""

    title = _THOUSAND
    title_scale = 2
    footer_lines = 2

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        self.problem = None
        self.keys = ""  # the board's key line in the player's words (keys), read at enter

    def enter(self):
        app = self.app
        app.can_continue()  # reads the save now, so that a problem with it is told below
        self.problem = app.storage.take_problem()
        if self.problem is not None:
            from thousand.texts import problem

            self.problem = problem(self.problem)
        self.keys = board_keys(app)
        self.refresh()

    def entries(self):
        out = []
        if self.app.can_continue():
            out.append("continue")
        return out + ["new game", "five hundred", "agreements", "settings", "statistics", "help", "guide"]

    def items(self):
        places = {"continue": _CONTINUE, "new game": _NEW_GAME, "agreements": _AGREEMENTS, "settings": _SETTINGS,
                  "statistics": _STATISTICS, "help": _RULES_AND_KEYS, "guide": _HOW_TO_PLAY, "five hundred": _FIVE_HUNDRED}
        return ["  " + self.word(places[e]) for e in self.entries()]

    def footer(self):
        if self.problem is not None:
            return self.problem
        return self.keys

    def choose(self, index):
        entry = self.entries()[index]
        app = self.app
        app.back_to = "title"
        if entry == "continue":
            app.continue_game()
        elif entry == "new game":
            app.show("newgame")
        elif entry == "five hundred":  # the second game (FIVE_HUNDRED.md): its players, then the deal
            app.show("fivehundred")
        elif entry == "guide":  # a real deal, the table saying what to do at each step
            app.to_start = 16777229  # the guided deal's game (thousand.ui.guide): no const() here (a name)
            app.show("table")
        else:
            app.show(entry)

    def back(self):
        self.cursor = 0
        self.refresh()


class NewGameScreen(MenuScreen):
    title = _NEW_GAME
    footer_lines = 2

    def enter(self):
        self.values = value_words()
        self.refresh()

    def items(self):
        from thousand import rules_check  # on demand: the screens' load plan lets it go

        cols = self.list.cols
        app = self.app
        return [
            pad(self.word(_RULES), self.values.get(app.rules.preset_name, app.rules.preset_name) + ("*" if rules_check.to_dict(app.rules) != {"preset": app.rules.preset_name} else ""), cols),
            pad(SEAT_WORDS[1], self.values.get(app.levels[0], app.levels[0]), cols),
            pad(SEAT_WORDS[2], self.values.get(app.levels[1], app.levels[1]), cols),
            self.word(_CHANGE_AGREEMENTS),
            self.word(_START_THE_GAME),
        ]

    def footer(self):
        return self.word((_NEXT_PRESET, _NEXT_LEVEL, _NEXT_LEVEL, _EVERY_HOUSE_RULE, _DEAL_BACK)[self.cursor])

    def choose(self, index):
        from thousand.rules_table import PRESET_NAMES  # on demand, as rules_check

        app = self.app
        if index == 0:
            name = PRESET_NAMES[(list(PRESET_NAMES).index(app.rules.preset_name) + 1) % len(PRESET_NAMES)]
            app.rules = Rules.preset(name)
        elif index in (1, 2):
            names = PLAYER_LEVELS
            level = app.levels[index - 1]
            app.levels[index - 1] = names[(names.index(level) + 1) % len(names)] if level in names else names[0]
        elif index == 3:
            app.back_to = "newgame"
            app.show("agreements")
        else:
            app.back_to = "title"
            app.new_game()

    def back(self):
        self.app.save_settings()  # the rules and levels chosen are kept for next time
        self.app.show("title")


class FiveHundredScreen(MenuScreen):
    """A new game of Five Hundred: 3 players (you against two computers) or 4 (with a
    computer partner, North, against two), its rules (a preset of FIVE_HUNDRED.md 8, ``*`` when
    an agreement differs), its agreements one by one (``thousand.ui.five_hundred_menus``), then
    the deal.  The choice is the settings' (``five_hundred_app.keep_rules``), saved when the
    screen is left or the game starts: the next game's too."""

    title = _FIVE_HUNDRED
    footer_lines = 2

    def enter(self):
        from thousand.ui.five_hundred_app import chosen_rules  # this screen's (thousand.ui.scenes)

        self.values = value_words()
        self.rules = chosen_rules(self.app.settings.five_hundred)
        self.refresh()

    def items(self):
        rules = self.rules
        name = rules.preset_name
        cols = self.list.cols
        return [pad(self.word(_PLAYERS), str(rules.players), cols),
                pad(self.word(_RULES), self.values.get(name, name) + ("*" if len(rules.to_dict()) > 2 else ""), cols),
                self.word(_CHANGE_AGREEMENTS), self.word(_START_THE_GAME)]

    def footer(self):
        return self.word((_NEXT_PLAYERS, _NEXT_RULES, _EVERY_HOUSE_RULE, _DEAL_BACK)[self.cursor])

    def choose(self, index):
        from thousand.ui.five_hundred_app import keep_rules

        app = self.app
        rules = self.rules
        if index == 0:
            rules.set("players", 7 - rules.players)
        elif index == 1:  # the next preset, the players kept
            from thousand.five_hundred.rules import Rules
            from thousand.five_hundred.rules_table import PRESET_NAMES

            players = rules.players
            rules = self.rules = Rules.preset(PRESET_NAMES[(PRESET_NAMES.index(rules.preset_name) + 1) % len(PRESET_NAMES)])
            rules.set("players", players)
        elif index == 2:
            app.back_to = "fivehundred"
            app.show("fhagreements")
            return
        else:
            app.back_to = "title"
            app.five_hundred = rules.to_dict()
            app.new_game()  # saves the settings
            return
        keep_rules(app, rules)

    def back(self):
        if self.app.settings_changed:
            self.app.save_settings()
        self.app.show("title")


# Values the editor cycles through for number agreements (the current value is kept too).
NUMBER_CHOICES = {
    "target": (1000, 500, 1500, 2000, 300),
    "silence_below": (None, -120, -200, 0),
    "bolt_penalty": (120, 100, 150, 0),
    "barrel_at": (880, 900),
    "barrel_deals": (3, 1, 2, 4, 5),
    "barrel_win": (120, 125),
    "barrel_fall_penalty": (120, 100, 150, 0),
    "concede_limit": (None, 1, 2, 3),
    "dark_min_score": (240, 0, 120, 300),
}


def agreement_choices(entry, current, numbers=None):
    """The values the editor offers for one agreement, in cycling order; ``numbers``: the
    number agreements' values, by name (Five Hundred's editor's), else NUMBER_CHOICES."""
    name, kind, default, choices = entry
    if kind == "bool":
        return (True, False)
    if kind == "enum":
        return choices
    values = list((numbers or NUMBER_CHOICES).get(name, (default, None) if kind == "int or null" else (default,)))
    if kind == "int or null" and name.startswith("redeal_"):
        values = [default, None, default + 1, default - 1] if default is not None else [None]
    if current not in values:
        values.append(current)
    return values


def value_text(value, words=None, values=None):
    """An agreement's value as the editor shows it; ``words``: the screen's (menus.txt), else
    English's; ``values``: the words of the values that are words (values.txt), by token."""
    if value is True:
        return word(words, _ON) if words else "on"
    if value is False:
        return word(words, _OFF) if words else "off"
    if value is None:
        return word(words, _NONE) if words else "none"
    if values and value in values:
        return values[value]
    return str(value)


def value_words():
    """values.txt: the presets' names, the agreements' word values and the computers' levels in
    the language, by token."""
    from thousand import texts  # the words are data, read on demand (thousand.texts)

    return {name: body for name, _rest, body in texts.entries("values")}


class AgreementsScreen(MenuScreen):
    """Every agreement of RULES.md section 7 with its value and a line of help (their words:
    agreements.txt, ``thousand.texts``)."""

    title = _AGREEMENTS
    footer_lines = 2
    big_text = False
    page = "agreements"  # its words (thousand.texts): a label and a help line an agreement

    def enter(self):
        from thousand import texts  # the words are data, read on demand (thousand.texts)

        # The editor's words for the names too long for a row, read once; the help line
        # under the cursor is read when the cursor moves.
        self.labels = {}
        for name, label, _help in texts.entries(self.page):
            if label:
                self.labels[name] = label
        self.values = value_words()
        self.refresh()

    def edited(self):
        """The rules edited and their agreements' names, in the editor's order (Five Hundred's
        editor, thousand.ui.five_hundred_menus, gives its own)."""
        from thousand.rules_table import agreement_names  # on demand, as rules_check

        return self.app.rules, agreement_names()

    def items(self):
        cols = self.list.cols
        rules, names = self.edited()
        out = [pad(self.word(_PRESET), self.values.get(rules.preset_name, rules.preset_name), cols)]
        for name in names:
            value = value_text(getattr(rules, name), self.words, self.values)
            out.append(pad(self.labels.get(name) or name.replace("_", " "), value, cols))
        return out

    def footer(self):
        from thousand import texts  # the words are data, read on demand (thousand.texts)

        if self.cursor == 0:
            return self.word(_RESETS_ALL)
        return texts.entries(self.page, self.edited()[1][self.cursor - 1])[0][2]

    def choose(self, index):
        from thousand.rules_table import PRESET_NAMES, agreements  # on demand, as rules_check

        app = self.app
        if index == 0:
            name = PRESET_NAMES[(list(PRESET_NAMES).index(app.rules.preset_name) + 1) % len(PRESET_NAMES)]
            app.rules = Rules.preset(name)
            return
        from thousand import rules_check  # on demand: the screens' load plan lets it go

        entry = agreements()[index - 1]
        values = agreement_choices(entry, getattr(app.rules, entry[0]))
        current = getattr(app.rules, entry[0])
        at = values.index(current) if current in values else -1
        for step in range(1, len(values) + 1):
            try:
                rules_check.set_agreement(app.rules, entry[0], values[(at + step) % len(values)])
                return
            except RulesError:
                continue


def language_names(entry="language"):
    """Each language's name in itself (its words page), in the order of thousand.LANGUAGES;
    ``entry`` "choose": each one's word for "language"."""
    from thousand import texts  # the words are data, read on demand (thousand.texts)

    return [texts.entries("words", entry, code)[0][2] for code in LANGUAGES]


class LanguageScreen(MenuScreen):
    """The first start's question, before the guided deal: the language of the game."""

    title = _LANGUAGE
    all_words = False  # its words are each language's own (language_names)
    big_text = False  # the title names "language" in every language: the square screen's row needs the width

    def __init__(self, app):
        # Built in the strip of every language's letters, font-all.bmp (each is named in
        # itself); the next screen built loads the player's language's (sprites.font).
        LANGUAGE[0] = "all"
        MenuScreen.__init__(self, app)
        LANGUAGE[0] = LANGUAGES[app.settings.language]

    def enter(self):
        self.names = language_names()
        self.cursor = self.app.settings.language
        self.refresh()

    def items(self):
        return ["  " + name for name in self.names]

    def refresh(self):
        self.list.show("/".join(language_names("choose")), self.items(), self.cursor, "A")  # each one's word for it

    def key(self, key):
        if key == LEFT or key == UP or key == RIGHT or key == DOWN:
            self.cursor = (self.cursor + (1 if key == RIGHT or key == DOWN else -1)) % len(LANGUAGES)
            set_setting(self.app, "language", self.cursor)
            self.app.show("language")  # its font strip is the language's
        elif key == A:
            self.app.start_guided()


# The statistics page's (stats.txt) titles and footer, by their places (thousand.persist.stats's).
_STATS_THOUSAND = const(16)
_STATS_FIVE_HUNDRED = const(17)
_STATS_NEXT_GAME = const(18)


class StatisticsScreen(MenuScreen):
    """A page a game: Thousand's, Five Hundred's with 3 players, with 4 (A the next, B back),
    titled with the game's name; Five Hundred's lines are ``thousand.persist.five_hundred_stats``'s,
    loaded when its page is shown."""

    title = _STATISTICS
    big_text = False  # the lines need the width

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        self.lines = []
        self.page = 0  # 0: Thousand's; 1, 2: Five Hundred's with 3, 4 players

    def enter(self):
        self.stats = self.app.storage.load_stats()
        self.turn(0)

    def turn(self, page):
        from thousand import texts  # the words are data, read on demand (thousand.texts)

        self.page = page
        self.cursor = 0
        w = texts.bodies("stats")  # the title and the footer (values: a name the menus have)
        self.values = (w[_STATS_FIVE_HUNDRED] % (page + 2) if page else w[_STATS_THOUSAND], w[_STATS_NEXT_GAME])
        w = None
        if page:
            from thousand.persist.five_hundred_stats import lines

            self.lines = lines(self.stats, page + 2)
        else:
            self.lines = self.stats.lines()
        self.refresh()

    def items(self):
        return self.lines

    def refresh(self):
        self.cursor = min(self.cursor, len(self.lines) - 1)
        self.list.show(self.values[0], self.lines, self.cursor, self.values[1])

    def choose(self, index):
        self.turn((self.page + 1) % 3)


SCREENS = {
    "title": TitleScreen,
    "newgame": NewGameScreen,
    "agreements": AgreementsScreen,
    "statistics": StatisticsScreen,
    "language": LanguageScreen,
    "fivehundred": FiveHundredScreen,
}
