"""The load plan: which modules the device holds for each screen, and nothing else.

On a board every imported module's bytecode is copied into the heap, and it is the heap's
largest part, so what is loaded is decided here, in one place:

* ``RESIDENT``: loaded from start to end (the app, the board's shared parts, the rules
  that the app keeps for the next game, the saves' resident part), and the board's own
  module, one of ``thousand/hw/boards.py``'s (never named here: a board holds no other's name);
* ``GAME``: held while the app holds a game (the engine, the bots' dispatch, the controller),
  and ``BOTS``: the computers' code for the game's phase (the auction's or the play's), at
  the table only (where the computers think; a hint loads it in the table's menu);
* ``SCREENS``: each screen's own modules, loaded while it is on show;
* Five Hundred's plan is ``thousand.ui.five_hundred_app``'s, read only while that game is
  held (or its module loaded): a session of Thousand holds none of its names;
* ``ON_DEMAND``: loaded for one action (a refusal's words, a record written, a move's save)
  and let go at the next screen change, or at once after a move (``App.on_action``) and
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

# Each list of the plan is one string of module names separated by spaces, written out
# whole (``listed`` finds a name in it without making a string; ``split()`` makes it a list).
# On a board a module's string constants stay in the heap while any of its functions does,
# each an object of its own (16 bytes, and its characters in blocks of 16), and a string
# made at import (by ``+``) is one more: with its 88 names as strings of their own this module
# held 5,408 bytes at every screen, as strings written out whole 4,320 (docs/memory.md, "The
# computers' code by the game's phase; the load plan's strings").  A name is written within
# the package, without its ``thousand.`` (``ui.table`` is ``thousand.ui.table``): 126 times
# nine characters were 0.8 KB of this module at every screen (docs/memory.md, "The load
# plan within its package").  The package itself is in no list: it is never let go.
RESIDENT = ("rules hw hw.keys hw.device"
            " ui ui.app ui.scenes ui.widgets ui.sprites"
            " persist persist.store persist.saves")
GAME = ("actions cards rng game driver controller"
        " slices bots")
# The computers' code for the phase of the game held (``thousand.game``'s PHASE_*, the index):
# from the dark question to the contract the auction's and the declarer's choices (hard's
# play-outs play cards by the heuristic), then the play's with the solver; none between
# deals.  Held with the game in that phase only (``BOTS[phase]``), the other let go.
BOTS = ("bots.auction bots.evaluate bots.heuristic bots.knowledge",) * 5 + (
    "bots.play bots.heuristic bots.knowledge bots.solver", "", "")
# The menus' screens (with the settings' for its set_setting); the table's menu, opened
# mid-deal beside the game, without the other menus; the pages of the score sheet.
_MENUS = "ui.menu_screen ui.listview ui.menus ui.settings_screen"
_TABLE_MENU = "ui.menu_screen ui.listview ui.table_menu"
_SHEETS = "ui.sheet ui.listview"
SCREENS = {
    "title": _MENUS,
    "newgame": _MENUS,
    "agreements": _MENUS,
    "settings": ("ui.menu_screen ui.listview ui.settings_screen persist.settings"
                 " persist.coding coding persist.reading persist.rules_sheet"
                 " rules_table"),
    "statistics": ("ui.menu_screen ui.listview ui.menus ui.settings_screen"
                   " persist.stats persist.coding coding persist.five_hundred_stats"),
    "help": "ui.menu_screen ui.listview ui.table_menu ui.helptext",
    "tablemenu": _TABLE_MENU,
    "language": _MENUS,
    "fivehundred": ("ui.menu_screen ui.listview ui.menus ui.settings_screen"
                    " ui.five_hundred_app five_hundred five_hundred.rules"
                    " five_hundred.rules_table"),
    "fhagreements": ("ui.menu_screen ui.listview ui.menus ui.settings_screen"
                     " ui.five_hundred_menus ui.five_hundred_app five_hundred"
                     " five_hundred.rules five_hundred.rules_table"),
    "table": "ui.table",
    "summary": _SHEETS,
    "sheet": _SHEETS,
    "chart": _SHEETS,
}
ON_DEMAND = ("ui.starting ui.table_layout ui.bmp scoring rules_table"
             " ui.guide replay rules_check explain texts"
             " explain_redeal checks notation ascii_text record"
             " record_json"
             " coding sheet_rows"  # a deal's row added to the sheet, rows read or saved
             " persist.encode persist.coding persist.reading persist.continuing"
             " persist.restore persist.rules_sheet persist.files persist.safe_files"
             " persist.settings persist.stats persist.records persist.boards"
             " persist.flash hw.choose hw.opening"
             " persist.journal")  # like boards' RamStore: its store, made at boot, stays with the RP2040's Saves


def listed(names, name):
    """Is module ``name``, written within the package (``ui.table``), one of the plan's
    ``names`` (one of its strings, or a tuple of them, as ``needed`` gives)?  Found without
    making a string (``settle`` runs at every screen change and after every move)."""
    if not isinstance(names, str):
        for part in names:
            if listed(part, name):
                return True
        return False
    at = names.find(name)
    while at >= 0:
        end = at + len(name)
        if (at == 0 or names.startswith(" ", at - 1)) and (end == len(names) or names.startswith(" ", end)):
            return True
        at = names.find(name, end)
    return False


def needed(screen, holds_game, phase=None):
    """Every module the plan allows while ``screen`` is on show: a tuple of the plan's
    strings of names (``listed`` reads it; not joined into one string, some 700 bytes made at
    every move, which set the least heap of Five Hundred's session on a board-like VM:
    docs/memory.md); ``holds_game``: the game held ("five_hundred", or true for Thousand's), or
    false; ``phase``: Thousand's game's (``BOTS``; None: any phase's)."""
    if holds_game == "five_hundred":
        from thousand.ui.five_hundred_app import needed as five_hundreds

        return five_hundreds(screen, RESIDENT, SCREENS)
    if not holds_game:
        return RESIDENT, SCREENS[screen]
    # The computers think at the table: the other screens a deal reaches (its menu, the
    # sheet, the chart, the help, the settings) let the phase's code go, imported again
    # back at the table.  A hint, asked in the table's menu, imports it as it begins to
    # think and the table it then shows keeps it (``App.think_hint``).
    if screen != "table":
        return RESIDENT, SCREENS[screen], GAME
    return (RESIDENT, SCREENS[screen], GAME) + (BOTS if phase is None else (BOTS[phase],))


def settle(screen, holds_game, phase=None):
    """Unload the planned modules that ``screen`` does not need (imported again when needed):
    every loaded module that a list of the plan names (Five Hundred's too while its module is
    loaded) and ``needed`` does not."""
    keep = needed(screen, holds_game, phase)
    plans = [GAME, ON_DEMAND] + list(BOTS) + list(SCREENS.values())
    five_hundred = sys.modules.get("thousand.ui.five_hundred_app")
    if five_hundred is not None:
        plans += [five_hundred.ENGINE, five_hundred.ON_DEMAND] + list(five_hundred.SCREENS.values())
    gone = []
    for module in sys.modules:
        # within the package (a few bytes, let go at once); the package itself, "", stays
        name = module[9:] if module.startswith("thousand") else ""
        if name and not listed(keep, name):
            for names in plans:
                if listed(names, name):
                    gone.append(module)
                    break
    for name in gone:
        unload(name)


def unload(name):
    module = sys.modules.pop(name, None)
    if module is None:
        return
    cut = name.rfind(".")
    package = sys.modules.get(name[:cut])
    if package is not None and getattr(package, name[cut + 1:], None) is module:
        delattr(package, name[cut + 1:])
