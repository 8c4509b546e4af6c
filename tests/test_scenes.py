"""The load plan (thousand/ui/scenes.py): every module has its place, and the engine stays
apart from screens, boards and saves."""

import ast
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from helpers import plan_modules
from thousand.ui import five_hundred_app, scenes

ENGINE = ("actions", "cards", "rules", "rng", "game", "scoring", "explain", "explain_redeal", "texts", "checks", "notation",
          "replay", "driver", "bots", "five_hundred")
# thousand.record is the REFEREE.md record format (in and out), the engine's own, not a save.
PERSISTENCE = ("persist",)


def package_modules():
    """Every module of thousand/ with its path, as dotted names."""
    found = {}
    for folder, _, files in os.walk(os.path.join(ROOT, "thousand")):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                parts = os.path.relpath(path, ROOT)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                found[".".join(parts)] = path
    return found


def desktop_only(path):
    with open(path) as file:
        return file.readline().startswith("# desktop-only")


def imported_names(path):
    """Every module a file imports, at load or inside functions."""
    names = []
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module] + [node.module + "." + alias.name for alias in node.names]
    return names


def board_modules():
    """The board modules, each resident on its own board (thousand/hw/boards.py)."""
    from thousand.hw.boards import MODULES

    return {"thousand.hw." + module for module in MODULES}


def planned():
    return plan_modules(scenes.RESIDENT, scenes.GAME, scenes.ON_DEMAND, scenes.BOTS, five_hundred_app.ENGINE,
                        five_hundred_app.THINKING, five_hundred_app.ON_DEMAND, tuple(scenes.SCREENS.values()),
                        tuple(five_hundred_app.SCREENS.values())) | board_modules()


def test_the_plan_writes_its_modules_within_the_package():
    """``ui.table`` for ``thousand.ui.table`` (nine characters fewer a name in a resident
    module); the package itself, never let go, is in no list."""
    plans = (scenes.RESIDENT, scenes.GAME, scenes.ON_DEMAND, five_hundred_app.ENGINE, five_hundred_app.ON_DEMAND,
             five_hundred_app.THINKING) + scenes.BOTS + tuple(scenes.SCREENS.values()) + tuple(five_hundred_app.SCREENS.values())
    names = " ".join(plans).split()
    assert "ui.table" in names and "game" in names
    assert [name for name in names if name.startswith("thousand")] == []


def test_every_module_of_the_device_has_a_place_in_the_plan():
    """Each in a list of the load plan, or the program of a VM of its own, which shows no
    screen and reloads when done (record.py's: tools/bundle.py's ROOT_PROGRAMS)."""
    import bundle

    programs = {module for module, _arguments in bundle.ROOT_PROGRAMS.values()}
    assert "thousand.ui.record_program" in programs
    device_modules = [name for name, path in package_modules().items() if not desktop_only(path)]
    assert sorted(set(device_modules) - planned() - programs) == []


def test_the_plan_names_no_module_that_does_not_exist():
    assert sorted(name for name in planned() if name.startswith("thousand")
                  and name not in package_modules()) == []


@pytest.mark.parametrize("module", sorted(name for name in package_modules()
                                          if name.split(".")[1:2] and name.split(".")[1] in ENGINE))
def test_engine_and_bots_modules_import_no_screen_board_or_save(module):
    path = package_modules()[module]
    wrong = [name for name in imported_names(path)
             if name.startswith(("thousand.ui", "thousand.hw"))
             or name.split(".")[:2] in [["thousand", part] for part in PERSISTENCE]]
    assert wrong == []


@pytest.mark.parametrize("game", [True, "five_hundred"])
@pytest.mark.parametrize("screen", sorted(scenes.SCREENS))
def test_a_screens_modules_load_nothing_outside_its_scene(screen, game):
    """Importing what the plan gives a screen (with a game held, Thousand's or Five
    Hundred's) loads no other module of the game's (the board modules need the board, and
    Blinka's displayio loads libraries of its own: those are checked on the device's VM by
    tests/test_device_budget.py)."""
    wanted = [name for name in sorted(plan_modules(scenes.needed(screen, game))) if not name.startswith("thousand.hw.")
              or name in ("thousand.hw.keys",)]
    code = ("import sys\nsys.path.insert(0, %r)\nfor name in %r:\n    __import__(name)\n"
            "print(' '.join(sorted(n for n in sys.modules if n.startswith('thousand'))))"
            % (ROOT, wanted))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    loaded = set(out.stdout.split())
    assert sorted(loaded - plan_modules(scenes.needed(screen, game))) == []


def test_a_session_of_thousand_is_planned_without_any_module_of_five_hundred():
    """Only the title's choice of Five Hundred (its players' screen and its agreements' editor)
    loads its plan's module and its rules; the statistics screen, the lines of its pages."""
    allowed = {"fivehundred": ["thousand.ui.five_hundred_app", "thousand.five_hundred", "thousand.five_hundred.rules",
                               "thousand.five_hundred.rules_table"],
               "fhagreements": ["thousand.ui.five_hundred_menus", "thousand.ui.five_hundred_app", "thousand.five_hundred",
                                "thousand.five_hundred.rules", "thousand.five_hundred.rules_table"],
               "statistics": ["thousand.persist.five_hundred_stats"]}
    for screen in scenes.SCREENS:
        for held in (False, True, "thousand"):
            wanted = [name for name in sorted(plan_modules(scenes.needed(screen, held))) if "five_hundred" in name]
            assert wanted == sorted(allowed.get(screen, [])), screen
    assert [name for name in plan_modules(scenes.RESIDENT) if "five_hundred" in name] == []


def test_settling_on_thousands_table_unloads_five_hundreds_engine_and_screens():
    import thousand.five_hundred.game  # noqa: F401
    import thousand.ui.five_hundred_app  # noqa: F401
    import thousand.ui.five_hundred_sheet  # noqa: F401

    scenes.settle("table", True)
    assert "thousand.five_hundred.game" not in sys.modules and "thousand.ui.five_hundred_sheet" not in sys.modules
    assert "thousand.ui.five_hundred_app" not in sys.modules
    scenes.settle("table", "five_hundred")
    assert "thousand.ui.five_hundred_app" in sys.modules
    assert "thousand.game" not in sys.modules and "thousand.ui.table" not in sys.modules
    import thousand.game  # noqa: F401  (as the tests after this one found it)


def test_settling_on_a_screen_unloads_what_it_does_not_need_and_keeps_the_rest():
    import thousand.explain  # noqa: F401  (on demand: let go at the next screen change)
    import thousand.ui.helptext  # noqa: F401

    scenes.settle("table", True)
    assert "thousand.explain" not in sys.modules and "thousand.ui.helptext" not in sys.modules
    assert "thousand.game" in sys.modules and "thousand.rules" in sys.modules
    import thousand

    assert not hasattr(thousand, "explain")  # the package lets go of it too


@pytest.mark.parametrize("names, name, found", [
    ("rules rules_table", "rules", True),
    ("rules_table", "rules", False),
    ("five_hundred.rules rules", "rules", True),
    ("five_hundred.rules", "rules", False),
    ("ui ui.app", "ui.app", True),
    ("ui.app", "ui", False),
    ("ui.app", "app", False),
])
def test_a_module_is_listed_in_a_string_of_the_plan_only_by_its_whole_name(names, name, found):
    assert scenes.listed(names, name) is found
    assert (name in names.split()) is found


def test_settling_keeps_exactly_what_the_plan_needs_of_what_was_loaded():
    """``settle`` lets go of every loaded module that a list of the plan names and ``needed``
    does not, and keeps the rest (the resident modules, and modules no list names)."""
    import importlib

    every = sorted(name for name in planned() if name in package_modules() and "five_hundred" not in name
                   and not name.startswith("thousand.hw."))
    for screen, held, phase in [("title", False, None), ("table", True, 1), ("table", True, 5), ("chart", True, 6),
                                ("settings", True, 2)]:
        for name in every:
            importlib.import_module(name)
        scenes.settle(screen, held, phase)
        kept = plan_modules(scenes.needed(screen, held, phase))
        assert sorted(name for name in every if name in sys.modules) == sorted(name for name in every if name in kept)
    import thousand.game  # noqa: F401  (as the tests after this one found it)


def test_the_computers_code_is_held_for_the_games_phase_only():
    """The auction's code from the dark question to the contract, the play's (and the solver)
    in the play, neither between deals; the heuristic from the talon on (hard's play-outs)."""
    from thousand.game import PHASE_AUCTION, PHASE_CONTRACT, PHASE_DEAL_OVER, PHASE_PLAY, PHASE_TALON

    def bots(phase):
        return sorted(name for name in plan_modules(scenes.needed("table", True, phase)) if name.startswith("thousand.bots."))

    assert bots(PHASE_AUCTION) == bots(PHASE_TALON) == bots(PHASE_CONTRACT) == [
        "thousand.bots.auction", "thousand.bots.evaluate", "thousand.bots.heuristic", "thousand.bots.knowledge"]
    assert bots(PHASE_PLAY) == ["thousand.bots.heuristic", "thousand.bots.knowledge", "thousand.bots.play",
                                "thousand.bots.solver"]
    assert bots(PHASE_DEAL_OVER) == []
    assert "thousand.bots" in plan_modules(scenes.needed("table", True, PHASE_DEAL_OVER))  # the dispatch, with the game


def test_settling_in_the_play_lets_the_auctions_code_go_and_between_deals_the_plays():
    import thousand.bots.auction  # noqa: F401
    import thousand.bots.play  # noqa: F401
    from thousand.game import PHASE_DEAL_OVER, PHASE_PLAY

    scenes.settle("table", True, PHASE_PLAY)
    assert "thousand.bots.auction" not in sys.modules and "thousand.bots.evaluate" not in sys.modules
    assert "thousand.bots.play" in sys.modules and "thousand.bots.solver" in sys.modules
    scenes.settle("table", True, PHASE_DEAL_OVER)
    assert "thousand.bots.play" not in sys.modules and "thousand.bots.solver" not in sys.modules
    assert "thousand.bots" in sys.modules and "thousand.game" in sys.modules


def test_the_computers_code_is_held_at_the_table_only():
    """The computers think at the table: the other screens a deal reaches hold the game
    without the phase's code of the computers (a hint loads it in the table's menu, and the
    table it then shows keeps it)."""
    from thousand.game import PHASE_AUCTION, PHASE_PLAY

    for phase in (PHASE_AUCTION, PHASE_PLAY):
        assert scenes.listed(scenes.needed("table", True, phase), "bots.knowledge"), phase
        for screen in ("tablemenu", "sheet", "chart", "help", "settings"):
            names = scenes.needed(screen, True, phase)
            assert scenes.listed(names, "game") and scenes.listed(names, "bots"), screen
            assert [name for name in plan_modules(names) if name.startswith("thousand.bots.")] == [], (screen, phase)
    import thousand.bots.play  # noqa: F401

    scenes.settle("tablemenu", True, PHASE_PLAY)
    assert "thousand.bots.play" not in sys.modules and "thousand.game" in sys.modules


def test_the_plan_a_screen_needs_is_its_strings_read_as_they_are_not_one_string_made_at_each_move():
    """``needed`` gives the plan's own strings (settle, at every move, made none: joined,
    they were some 700 bytes, the allocation that set Five Hundred's least heap on the unix
    port); ``listed`` finds a whole name in any of them, never a part of one."""
    from thousand.game import PHASE_PLAY
    from thousand.ui import five_hundred_app

    for plan in (scenes.needed("table", True, PHASE_PLAY), scenes.needed("title", False),
                 scenes.needed("table", "five_hundred"), scenes.needed("summary", "five_hundred")):
        assert isinstance(plan, tuple) and all(isinstance(part, str) for part in plan)
        assert scenes.listed(plan, "ui.app") and not scenes.listed(plan, "ui.ap")
    assert scenes.listed(scenes.needed("table", True, PHASE_PLAY), "bots.solver")
    assert not scenes.listed(scenes.needed("sheet", True, PHASE_PLAY), "bots.solver")
    assert scenes.listed(scenes.needed("table", "five_hundred"), five_hundred_app.THINKING)
    assert not scenes.listed(scenes.needed("summary", "five_hundred"), five_hundred_app.THINKING)
