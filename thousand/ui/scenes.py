"""The load plan: which modules the device holds for each screen, and nothing else.

On a board every imported module's bytecode is copied into the heap, and it is the heap's
largest part, so what is loaded is decided here, in one place:

* ``RESIDENT``: loaded from start to end (the app, the board's shared parts, the rules
  that the app keeps for the next game, the saves' resident part), and the board's own
  module, one of ``thousand/hw/boards.py``'s (never named here: a board holds no other's name);
* ``GAME``: held while the app holds a game (the engine, the bots, the controller);
* ``SCREENS``: each screen's own modules, loaded while it is on show;
* Five Hundred's plan is ``thousand.ui.five_hundred_app``'s, read only while that game is
  held (or its module loaded): a session of Thousand holds none of its names;
* ``ON_DEMAND``: loaded for one action (a refusal's words, a record written, a move's save)
  and let go at the next screen change, or at once after a save (``App.on_action``) and
  once a refusal's words are said (``TableScreen.act``): ``App.settle``.

Words read rarely are not modules at all but files, read by ``thousand.texts`` (on demand,
for any screen that shows them): a screen holds the page it shows, not a module that holds
every page.

Only one screen is built at a time: ``App.show`` lets the others go, then ``settle``
unloads every planned module that the next screen does not need.  A module that appears
in no list is never unloaded (nothing outside the plan should be loaded on the device:
tests/test_scenes.py checks that for every screen).
"""

import sys

RESIDENT = (
    "thousand", "thousand.rules", "thousand.hw", "thousand.hw.keys", "thousand.hw.device",
    "thousand.ui", "thousand.ui.app", "thousand.ui.scenes", "thousand.ui.widgets", "thousand.ui.sprites",
    "thousand.persist", "thousand.persist.store", "thousand.persist.saves",
)
GAME = (
    "thousand.actions", "thousand.cards", "thousand.rng", "thousand.game",
    "thousand.driver", "thousand.controller", "thousand.slices", "thousand.bots", "thousand.bots.evaluate", "thousand.bots.knowledge",
    "thousand.bots.solver", "thousand.bots.heuristic",
)
_MENU_SCREEN = ("thousand.ui.menu_screen", "thousand.ui.listview")
_MENUS = _MENU_SCREEN + ("thousand.ui.menus", "thousand.ui.settings_screen")  # (its set_setting)
_TABLE_MENU = _MENU_SCREEN + ("thousand.ui.table_menu",)  # opened mid-deal, beside the game
_SHEETS = ("thousand.ui.sheet", "thousand.ui.listview")
SCREENS = {
    "title": _MENUS,
    "newgame": _MENUS,
    "agreements": _MENUS,
    "settings": _MENU_SCREEN + ("thousand.ui.settings_screen", "thousand.persist.settings", "thousand.persist.coding", "thousand.coding", "thousand.persist.reading",
                          "thousand.persist.rules_sheet", "thousand.rules_table"),
    "statistics": _MENUS + ("thousand.persist.stats", "thousand.persist.coding", "thousand.coding",
                            "thousand.persist.five_hundred_stats"),
    "help": _TABLE_MENU + ("thousand.ui.helptext",),
    "tablemenu": _TABLE_MENU,
    "language": _MENUS,
    "fivehundred": _MENUS + ("thousand.ui.five_hundred_app", "thousand.five_hundred", "thousand.five_hundred.rules",
                             "thousand.five_hundred.rules_table"),
    "fhagreements": _MENUS + ("thousand.ui.five_hundred_menus", "thousand.ui.five_hundred_app", "thousand.five_hundred",
                              "thousand.five_hundred.rules", "thousand.five_hundred.rules_table"),
    "table": ("thousand.ui.table",),
    "summary": _SHEETS,
    "sheet": _SHEETS,
    "chart": _SHEETS,
}
ON_DEMAND = ("thousand.ui.starting", "thousand.ui.table_layout", "thousand.ui.bmp", "thousand.scoring", "thousand.rules_table", "thousand.ui.guide", "thousand.replay", "thousand.rules_check", "thousand.explain", "thousand.texts", "thousand.explain_redeal", "thousand.checks", "thousand.notation", "thousand.ascii_text", "thousand.record",
             "thousand.coding", "thousand.sheet_rows",  # a deal's row added to the sheet, rows read or saved
             "thousand.persist.encode", "thousand.persist.coding", "thousand.persist.reading", "thousand.persist.continuing", "thousand.persist.restore", "thousand.persist.rules_sheet",
             "thousand.persist.files", "thousand.persist.safe_files", "thousand.persist.settings", "thousand.persist.stats",
             "thousand.persist.records", "thousand.persist.boards", "thousand.persist.flash", "thousand.hw.choose", "thousand.hw.opening",
             "thousand.persist.journal")  # like boards' RamStore: its store, made at boot, stays with the RP2040's Saves


def needed(screen, holds_game):
    """Every module the plan allows while ``screen`` is on show; ``holds_game``: the game held
    ("five_hundred", or true for Thousand's), or false."""
    if holds_game == "five_hundred":
        from thousand.ui.five_hundred_app import needed as five_hundreds

        return five_hundreds(screen, RESIDENT, SCREENS)
    names = RESIDENT + SCREENS[screen]
    return names + GAME if holds_game else names


def settle(screen, holds_game):
    """Unload the planned modules that ``screen`` does not need (imported again when needed)."""
    keep = needed(screen, holds_game)
    five_hundred = sys.modules.get("thousand.ui.five_hundred_app")
    if five_hundred is not None:  # first: Thousand's screens' lists may hold it
        five_hundred.settle(keep, unload)
    for names in (GAME, ON_DEMAND) + tuple(SCREENS.values()):
        for name in names:
            if name not in keep:
                unload(name)


def unload(name):
    module = sys.modules.pop(name, None)
    if module is None:
        return
    cut = name.rfind(".")
    package = sys.modules.get(name[:cut])
    if package is not None and getattr(package, name[cut + 1:], None) is module:
        delattr(package, name[cut + 1:])
