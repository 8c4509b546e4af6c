"""Five Hundred's part of the app, loaded only while it is chosen or played: its load plan,
its screens, its new game.

A session of Thousand never loads it: the app (``thousand.ui.app``) and the load plan
(``thousand.ui.scenes``) come here only when the game held is Five Hundred's (its
controller's ``game_name``), or when a new game of it is started; so Thousand's resident
modules hold none of Five Hundred's names and tuples (they are a board's heap for good).

The plan, as ``thousand.ui.scenes``'s: ``ENGINE`` is held with a game of Five Hundred (with
this module), ``THINKING`` with it at the table, ``SCREENS`` the screens it shows in
Thousand's places (a screen it does not name is Thousand's own, the menus), ``ON_DEMAND`` what
one action loads and the next screen change lets go.  Each list is a string of names within
the package (``five_hundred.game`` is ``thousand.five_hundred.game``), as ``thousand.ui.scenes``
keeps its own (it says why).
"""


ENGINE = ("rng ascii_text five_hundred five_hundred.cards"
          " five_hundred.actions five_hundred.rules five_hundred.game"
          " five_hundred.driver five_hundred.controller five_hundred.bots"
          " five_hundred.easy five_hundred.search slices"
          " five_hundred.scoring"  # the play-outs score a contract
          " ui.five_hundred_app")
# The computers' deals and play-outs (the search imports them as it thinks): held at the table
# only, as Thousand's computers' code is; the other screens let them go with the seats'
# shared deals (``Controller.think_again``).  A hint asked in the table's menu imports them.
# Listed in ON_DEMAND too, so that ``scenes.settle`` lets them go by the lists it reads
# already (a name more in its module was a name more in every VM of Thousand's).
THINKING = "five_hundred.playout"
_PAGES = "ui.five_hundred_table ui.five_hundred_sheet ui.listview"
SCREENS = {
    "table": "ui.five_hundred_table",
    "summary": _PAGES,
    "sheet": _PAGES,
    "chart": _PAGES,
    "help": "ui.menu_screen ui.table_menu ui.listview ui.helptext five_hundred.helptext",
}
ON_DEMAND = ("ui.five_hundred_table_layout five_hundred.rules_table five_hundred.checks"
             " five_hundred.explain five_hundred.replay five_hundred.notation"
             " five_hundred.record persist.five_hundred persist.five_hundred_stats"
             " record_json five_hundred.playout")  # THINKING: kept at the table


def needed(screen, resident, screens):
    """Every module the plan allows while ``screen`` is on show with a game of Five Hundred, a
    tuple of strings of names as ``scenes.needed``'s; ``resident`` and ``screens``: Thousand's
    plan's (``scenes.RESIDENT``, ``scenes.SCREENS``)."""
    if screen == "table":
        return resident, SCREENS["table"], ENGINE, THINKING
    return resident, SCREENS.get(screen, screens[screen]), ENGINE


def build(app, name):
    """Five Hundred's screen ``name`` (its table and pages), or None for Thousand's own."""
    if name == "table":
        from thousand.ui.five_hundred_table import TableScreen

        return TableScreen(app)
    if name in SCREENS and name != "help":
        from thousand.ui.five_hundred_sheet import SCREENS as PAGES

        return PAGES[name](app)
    return None


def new_controller(app, seed):
    """A new game of Five Hundred as ``app.five_hundred`` says (its rules' dict, its players
    in it: 3 for you against two computers, 4 with a computer partner, North, against two),
    with the strongest computers (``App.start_pending`` starts and saves it as Thousand's)."""
    from thousand.five_hundred.controller import Controller

    rules = chosen_rules(app.five_hundred)
    app.five_hundred = None
    return Controller(rules, seed=seed)


def chosen_rules(kept):
    """Five Hundred's Rules from ``kept``: the bytes of Rules.to_bytes() (the settings'
    ``five_hundred``) or a dict as Rules.to_dict() gives (older settings, a new game's
    ``App.five_hundred``); None, or rules this program refuses: australian with 3 players."""
    from thousand.five_hundred.rules import Rules, RulesError

    try:
        return Rules.from_dict(kept) if kept is None or isinstance(kept, dict) else Rules.from_bytes(kept)
    except RulesError:
        return Rules.preset()


def keep_rules(app, rules):
    """``rules`` are the next game's: kept in the settings (saved when the players' screen is
    left or the game starts)."""
    app.settings.five_hundred = rules.to_bytes()  # a board's settings slot is small (Rules.to_bytes)
    app.settings_changed = True
