"""The device's memory budget on the 32-bit VM (tools/device_budget.py): the session of three
games that the README's budget table states (and Five Hundred's, 3 and 4 players, that
docs/five_hundred.md states), played again, must not use more than 4 KB above what is
stated, nor grow from one game to the next (the names the same after every game, a game's
peak within 1 KB of the first's but for a longer game's longer score sheet), and every
module it loads must have its place in the load plan (thousand/ui/scenes.py).  Skips cleanly
where Node.js (and so the 32-bit VM) is missing."""

import json
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
from thousand.hw.boards import BOARDS  # noqa: E402
from thousand.ui import scenes  # noqa: E402
from helpers import plan_modules  # noqa: E402

pytestmark = pytest.mark.slow  # whole device sessions on the 32-bit VM (Node.js): left out of the quick run (README, Tests)

SLACK = 4 * 1024
GROWTH = 1024  # a later game's peak above the first's, at most (issue 31)
# What a deal more holds at the table: its packed row of the score sheet and its packed record
# (Game.sheet and Game.records, README: Memory on the device).
PER_DEAL = 256
# The README's budget rows: | board | opponents | rules | games | deals | most heap in use |
# least heap | each game's peak | names after each game |
ROW = re.compile(r"^\| `(?P<board>[a-z0-9_]+)` \| (?P<levels>[a-z]+,[a-z]+) \| (?P<rules>[a-z]+) \| "
                 r"(?P<games>\d+) \| (?P<deals>\d+) \| \*\*(?P<peak>[\d.]+) KB\*\* \| \*\*(?P<least>[\d.]+) KB\*\* \| "
                 r"(?P<each>[\d., ]+) KB \| (?P<names>[\d, ]+) \|", re.M)


def readme_rows():
    with open(os.path.join(ROOT, "README.md")) as file:
        return [match.groupdict() for match in ROW.finditer(file.read())]


def test_the_readme_states_the_budget_of_the_goal_session():
    rows = [(row["board"], row["levels"], row["rules"], row["games"]) for row in readme_rows()]
    assert ("pybadge", "hard,normal", "full", "3") in rows


def test_each_moment_is_taken_as_a_board_holds_it_before_the_screens_and_games_peaks_are_chosen():
    """The VM's name pool holds the stand-ins' and the robot's names too, and may have taken a
    table (7.5 KB) that a board's has not: a moment of more heap in the VM can be one of less on
    a board.  The peaks are chosen among the moments as a board holds them (before, the
    table menu's peak here read 141,000 while game 1's read 145,000)."""
    import device_budget

    out = "\n".join([
        "peak_live 150000",
        "where 0:tablemenu 145000 thousand.ui.menus;1264;1000,9000,20000",
        "where 1:tablemenu 150000 thousand.ui.menus;1264;1300,9500,29000",
        "where 1:table 120000 thousand.ui.table;2500;1250,9400,20000",
        "ok deals=20 screens=table,tablemenu games=10,20",
        "most_allocated_in_a_step 50000 1:table",
        "names_at_end 700 6000 12000",
    ])
    as_a_board = lambda live, pool: live - (9000 if pool[0] > 1260 else 0)  # noqa: E731
    peak, screens, deals, seen, most, names, games = device_budget.parse_run(out, as_a_board)
    assert screens["tablemenu"][0] == 145000 and screens["table"][0] == 120000
    assert [game[:2] for game in games] == [(145000, "tablemenu"), (141000, "tablemenu")]
    assert max(live for live, _, _, _ in screens.values()) == max(game[0] for game in games)
    assert (deals, seen, most, names) == (20, ["table", "tablemenu"], (50000, "1:table"), (700, 6000, 12000))


def test_the_unix_ports_peak_of_a_game_is_the_process_that_holds_the_most_as_a_board_holds_it():
    """Chosen by the port's own heap, game 2's peak was a process below the name pool's step
    while another, past it (a board's pool a 7.5 KB table larger), held more as a board holds it."""
    import device_budget

    firmware = (190, 1900, 4000)  # the stand-ins' and the robot's names, which a board keeps in flash
    below = (190 + 1230, 1900 + 13000, 30000)
    past = (190 + 1271, 1900 + 13500, 30600)
    assert device_budget.board_pool(past, firmware)[2] < 0 < device_budget.board_pool(below, firmware)[2]
    moments = [(152000, "table", below), (151000, "chart", past)]
    assert device_budget.board_peak(moments, firmware) == (151000, "chart", past)
    assert device_budget.board_peak(moments[:1], firmware) == moments[0]


def budget(wasm32_node, *argv):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "device_budget.py"), "--json"] + list(argv),
                         capture_output=True, text=True, timeout=3600)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


@pytest.mark.parametrize("row", [row for row in readme_rows() if row["board"] == "pybadge"],
                         ids=lambda row: "%s-%s-%s" % (row["board"], row["levels"], row["rules"]))
def test_a_session_of_three_games_fits_what_the_readme_states_and_its_names_do_not_grow(wasm32_node, row):
    peak = float(row["peak"]) * 1024
    # The least heap is the bisection's (README, too long for CI); the session is played again
    # in a heap 4 KB above it, where it must fit (a guard: the bisection stated one that does).
    heap = int(float(row["least"]) + SLACK // 1024 + 0.999)
    result = budget(wasm32_node, "--board", row["board"], "--levels", row["levels"], "--rules", row["rules"],
                    "--games", row["games"], "--heap", str(heap))
    print("%s: most heap in use %d B; games %s" % (row, result["peak_live"], result["games"]))
    import device_budget

    # The game's names in one VM: past the pool's step at NAME_POOL_STEP a board's pool takes a
    # 7.5 KB table more (README, Memory on the device).  Only the VMs that write the record pass
    # it, in the tick before their reload (docs/memory.md): no VM holds more than the README states.
    stated_names = max(int(names.replace(",", "")) for names in row["names"].split(", "))
    assert result["most_names"] <= stated_names, (
        "%d of the game's names in one VM's pool before its reload, above the README's %d (the pool's step "
        "is at %d: a board's pool takes a 7.5 KB table more past it)" % (
            result["most_names"], stated_names, device_budget.NAME_POOL_STEP))
    for game in result["games"]:  # a game's VMs hold at least the names it ends with, and the session's most is theirs
        assert game["names"] <= game["most_names"] <= result["most_names"], result["games"]
    assert result["most_names"] == max(game["most_names"] for game in result["games"])
    assert result["peak_live"] <= peak + SLACK
    assert result["fits_heap"], "the session did not complete in a heap of %d KB, 4 KB above the README's least" % heap
    games = result["games"]
    stated = [float(kb) * 1024 for kb in row["each"].split(",")]
    assert len(games) == int(row["games"]) == len(stated)
    first = games[0]
    for game, peak in zip(games, stated):
        assert game["names"] == first["names"], "the names grew over the session: %s" % games
        assert game["peak_live"] <= peak + SLACK, "a game's peak passed the README's: %s" % games
        # Issue 31's goal: a later game within GROWTH (and PER_DEAL a deal more) of the first.
        # Met since a game's VMs stay below the name pool's step at its table (the record's
        # writer is followed by a fresh VM: docs/memory.md).
        assert game["peak_live"] - first["peak_live"] <= GROWTH + PER_DEAL * max(0, game["deals"] - first["deals"]), (
            "a later game's peak grew past the first's: %s" % games)
    assert sorted(result["screens_seen"]) == sorted(scenes.SCREENS)
    board_module = "thousand.hw." + BOARDS[row["board"]].module  # resident, never named in the plan
    for screen, scene in result["scene_parts"].items():
        if screen == "boot":  # before the app: the board, the sprites, the storage (its policy on demand),
            # and the robot's own random player (thousand.rng), made again in a reload's fresh VM
            allowed = plan_modules(scenes.RESIDENT, scenes.ON_DEMAND) | {"thousand.rng", board_module}
        else:
            allowed = plan_modules(scenes.needed(screen, True), scenes.ON_DEMAND) | {board_module}
            if screen == "tablemenu":  # a hint thinks there: it imports its phase's code as it begins
                allowed |= plan_modules(scenes.BOTS)
        assert sorted(set(scene["loaded"]) - allowed) == [], screen


# Five Hundred's sessions (tools/device_budget.py --game five_hundred), as docs/five_hundred.md
# states them: | `five_hundred` | players | rules | games | deals | most heap in use | least heap |
# | each game's peak |: its first game's VM, the first start's, takes the name pool's next table (docs/five_hundred.md).
FIVE_HUNDRED_ROW = re.compile(r"^\| `five_hundred` \| (?P<players>[34]) \| (?P<rules>[a-z]+) \| (?P<games>\d+) \| "
                              r"(?P<deals>\d+) \| \*\*(?P<peak>[\d.]+) KB\*\* \| \*\*(?P<least>[\d.]+) KB\*\* \| "
                              r"(?P<each>[\d., ]+) KB \|", re.M)


def five_hundred_rows():
    with open(os.path.join(ROOT, "docs", "five_hundred.md")) as file:
        return [match.groupdict() for match in FIVE_HUNDRED_ROW.finditer(file.read())]


def test_five_hundreds_page_states_the_sessions_of_3_and_4_players():
    assert sorted(row["players"] for row in five_hundred_rows()) == ["3", "4"]


@pytest.mark.parametrize("row", five_hundred_rows(), ids=lambda row: "five_hundred-%s-players" % row["players"])
def test_a_session_of_five_hundred_fits_what_its_page_states_and_its_names_do_not_grow(wasm32_node, row):
    """The robot plays three games of Five Hundred through the app, as a player from the
    title (the first start, Thousand's guided deal with it, then "five hundred"), the later
    games' visits and hints as Thousand's session's.  Each game's peak is held to the page's
    (not to the first game's, as Thousand's: the first game's VMs include the first start's,
    Thousand's guided deal and every menu, whose names pass the pool's step at 1,260), and the
    VMs of the later games, each started fresh for its game, hold fewer names than the step."""
    from thousand.ui import five_hundred_app

    heap = int(float(row["least"]) + SLACK // 1024 + 0.999)
    result = budget(wasm32_node, "--game", "five_hundred", "--players", row["players"], "--rules", row["rules"],
                    "--games", row["games"], "--heap", str(heap))
    print("%s: most heap in use %d B; games %s" % (row, result["peak_live"], result["games"]))
    import device_budget

    assert result["game"] == "five_hundred" and result["players"] == int(row["players"])
    # the first start's VM passes the pool's step (most_names, stated on the page): the later
    # games' VMs, and the end's, do not
    assert result["names_at_end"] <= min(result["most_names"], device_budget.NAME_POOL_STEP)
    assert all(game["most_names"] <= device_budget.NAME_POOL_STEP for game in result["games"][1:]), result["games"]
    assert result["peak_live"] <= float(row["peak"]) * 1024 + SLACK
    assert result["fits_heap"], "the session did not complete in a heap of %d KB, 4 KB above the page's least" % heap
    games = result["games"]
    stated = [float(kb) * 1024 for kb in row["each"].split(",")]
    assert len(games) == int(row["games"]) == len(stated)
    for game, peak in zip(games, stated):
        assert game["names"] == games[0]["names"], "the names grew over the session: %s" % games
        assert game["peak_live"] <= peak + SLACK, "a game's peak passed the page's: %s" % games
    seen = set(result["screens_seen"])
    assert {"fivehundred", "table", "tablemenu", "summary", "sheet", "help", "settings", "statistics"} <= seen
    assert "chart" not in seen  # Five Hundred's pages have none: its table was played, not Thousand's
    board_module = "thousand.hw." + BOARDS["pybadge"].module
    for screen, scene in result["scene_parts"].items():
        if screen == "boot":
            allowed = plan_modules(scenes.RESIDENT, scenes.ON_DEMAND) | {"thousand.rng", board_module}
        else:  # the first start's guided deal is Thousand's: a screen's peak is either game's
            allowed = plan_modules(scenes.needed(screen, "five_hundred"), scenes.needed(screen, True), scenes.ON_DEMAND,
                                   five_hundred_app.ON_DEMAND) | {board_module}
        assert sorted(set(scene["loaded"]) - allowed) == [], screen


def test_the_pool_model_is_the_vms_own(wasm32_node, tmp_path):
    """tools/device_budget.py counts names as a board holds them by a model of the VM's name
    pool (its tables' sizes): the model gives the heap the VM's pool reports, name by name."""
    import device_budget
    import mpy

    script = tmp_path / "names.py"
    script.write_text("import micropython\nfor i in range(1400):\n    exec('nm%05d = 1' % i)\n"
                      "    if i % 37 == 0:\n        micropython.qstr_info()\n")
    (tmp_path / "names.mpy").write_bytes(mpy.compile_micropython(script, "names.mpy"))
    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 1024, [], "import names\n" + device_budget.MODULE_PASS_SETUP)
    rows = re.findall(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", out)
    assert len(rows) > 30, out[-2000:]
    for names, characters, total in rows:
        assert device_budget.pool_heap(int(names), int(characters)) == int(total), (names, characters, total)


def test_the_vms_heap_lies_where_a_boards_does(wasm32_node, tmp_path):
    """The measuring VM's heap starts at 0x20000000, where a SAMD51's RAM does, so that small
    numbers in a bytearray (a score sheet's int16) cannot read as pointers into it and keep
    let-go objects alive, which they could at the port's own low addresses (docs/memory.md,
    "A false pointer in the measuring VM")."""
    import mpy

    setup = ("class Probe:\n    def step(self):\n        print('at', id(bytearray(4000)), id([1, 2]))\n"
             "        return False\n    def summary(self):\n        return ''\nbench = Probe()")
    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 256, [], setup)
    found = re.search(r"^at (\d+) (\d+)$", out, re.M)
    assert fits and found, out[-2000:]
    assert all(0x20000000 <= int(address) < 0x20000000 + 1024 * 1024 for address in found.groups())


def test_the_nvm_stand_in_lies_outside_the_heap_where_no_word_of_it_keeps_an_object_alive(wasm32_node, tmp_path):
    """A board's collector never scans its NVM or sleep memory; on the VM the stand-ins keep
    them outside the heap too (``microcontroller.outside_heap``).  A save's word that reads as
    the address of a let-go object kept it alive while the NVM was a bytearray in the heap:
    12 KB of a game once, and only with the heap at some addresses (docs/memory.md)."""
    import shutil

    import mpy

    shutil.copy(os.path.join(ROOT, "tools", "device_vm", "stubs", "microcontroller.py"), tmp_path)
    # The VM collects only between steps (tools/wasm32/steps.mjs): each step makes an object
    # and writes its address into a memory, the next reads the heap in use once it was collected.
    setup = ("import gc, microcontroller\n"
             "class Probe:\n"
             "    def __init__(self):\n"
             "        self.step_number, self.heap, self.holder = 0, [], bytearray(16)\n"
             "    def step(self):\n"
             "        self.heap.append(gc.mem_alloc())\n"
             "        self.step_number += 1\n"
             "        if self.step_number == 3:\n"
             "            nvm = microcontroller.nvm\n"
             "            print('nvm', len(nvm), nvm[5], self.heap[1] - self.heap[0], self.heap[2] - self.heap[1])\n"
             "            return False\n"
             "        garbage = bytearray(3000)\n"
             "        where = microcontroller.nvm if self.step_number == 1 else self.holder\n"
             "        where[0:4] = id(garbage).to_bytes(4, 'little')\n"
             "        return True\n"
             "    def summary(self):\n"
             "        return ''\n"
             "bench = Probe()")
    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 256, ["microcontroller"], setup)
    found = re.search(r"^nvm (\d+) (\d+) (-?\d+) (-?\d+)$", out, re.M)
    assert fits and found, out[-2000:]
    length, erased, after_nvm, after_heap = (int(part) for part in found.groups())
    assert length == 8192 and erased == 0xFF
    assert after_heap >= 3000  # a word in a bytearray of the heap kept the object alive
    assert after_nvm < 1000, "the NVM's word kept the object alive: the NVM is in the scanned heap"


def test_the_breakdown_says_what_each_part_of_the_table_holds(wasm32_node):
    """--breakdown lets go of the table's parts one by one: each part freed heap of its own, and
    together with what is left they are the table's whole heap (no part counted twice)."""
    out = budget(wasm32_node, "--breakdown", "3", "--levels", "random,random", "--rules", "classic")
    parts = out["parts"]
    assert len(parts) == 10 and out["deal"] == 3
    for name in ("the table screen (its display objects included)", "the two bots", "the score sheet (Game.sheet)",
                 "the game's and the table's modules (their names stay)"):
        assert parts[name] > 0, (name, parts)
    assert parts["the game's and the table's modules (their names stay)"] > 20 * 1024
    assert 40 * 1024 < sum(parts.values()) < 200 * 1024, parts


def test_the_device_game_needs_no_terminalio_fontio_or_bitmaptools(wasm32_node, tmp_path):
    """The Russian, Japanese and Korean CircuitPython builds for the PyBadge have no
    ``terminalio``: the game draws its text with its own font (assets/font.bmp), and the VM
    has no stand-in for it, ``fontio`` or ``bitmaptools``: the robot plays every screen."""
    import device_budget
    import mpy

    assert not {"terminalio", "fontio", "bitmaptools"} & set(device_budget.stub_names())
    device_budget.build("pybadge", tmp_path, lambda line: None)
    setup = "import device_robot\nbench = device_robot.Robot('pybadge', ['random', 'random'], 'classic', 3, 3)"
    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 1024, device_budget.stub_names() + ["device_robot"], setup)
    assert "\ndone\n" in out, out[-3000:]
    seen = re.search(r"^ok deals=\d+ screens=(\S+) games=", out, re.M).group(1).split(",")
    assert sorted(seen) == sorted(scenes.SCREENS)


UNIX32 = os.path.join(ROOT, "tools", "unix32", "micropython")  # tools/unix32/build.sh


@pytest.mark.skipif(not os.access(UNIX32, os.X_OK), reason="no 32-bit unix port here (tools/unix32/build.sh builds one)")
def test_the_32bit_unix_port_plays_the_first_start_with_a_process_for_each_reload_and_fails_in_too_small_a_heap(tmp_path):
    """``--unix32``: the port that collects whenever an allocation fails, as a board does.  The
    first start's guided deal ends in a reload, so the visit takes more than one process; the
    heap before the game (the stand-ins and the robot) is below every game's peak; in a heap
    below what the game holds it stops with a MemoryError, is said not to complete, and where."""
    import device_budget

    args = device_budget.parse_arguments(["--unix32", UNIX32, "--games", "1", "--max-deals", "2"])
    device_budget.build(args.board, tmp_path, lambda line: None)
    completed, peaks, start, firmware, processes, out = device_budget.run_unix32(UNIX32, tmp_path, 1024, args)
    assert completed, out[-2000:]
    assert processes >= 2
    assert 0 < start < min(live for live, _, _ in peaks[0])  # each process's peak of the game
    assert all(firmware[0] < pool[0] for _, _, pool in peaks[0])  # the name pool: the stand-ins' and the robot's, then the game's too
    # and its pool is a board's: the game's names (the placeholders of those the robot interned
    # first among them) in tables of 20, 40, ... entries of 6 bytes, nothing beyond
    assert "\nqstr pool sealed\n" in out
    assert all(device_budget.board_pool(pool, firmware)[2] == 0 for _, _, pool in peaks[0]), (firmware, peaks[0])
    stand_for = (tmp_path / "placeholders.txt").read_text().split("\n")[:-1]  # the names the robot shares with the game
    assert len(stand_for) > 50 and all(not name.isprintable() for name in stand_for)
    # each module imported as a board imports it, by the path the bundle names it with: one name
    script = "import device_main, micropython, thousand.game\nprint(thousand.game.__file__)\nmicropython.qstr_info(1)"
    names = subprocess.run([UNIX32, "-c", script], cwd=str(tmp_path), capture_output=True, text=True).stdout
    assert names.splitlines()[0] == "/lib/thousand/game.mpy"
    assert "Q(/lib/thousand/game.mpy)" in names and str(tmp_path) not in names
    completed, peaks, start, firmware, processes, out = device_budget.run_unix32(UNIX32, tmp_path, 80, args)
    assert not completed
    assert "MemoryError" in out
    assert device_budget.stopped_at(out).startswith("game 1's "), out[-2000:]  # and says where


@pytest.mark.skipif(not os.access(UNIX32, os.X_OK), reason="no 32-bit unix port here (tools/unix32/build.sh builds one)")
def test_the_32bit_unix_port_plays_five_hundred_with_the_players_asked_for(tmp_path):
    """``--game five_hundred --players 4 --unix32``: the unix port's loop gives the robot every
    option the WebAssembly port's does, so the session's second game is Five Hundred's,
    started from the title's "five hundred" (Thousand's from the new game's screen); and the
    heap before the game is the stand-ins' and the robot's in both (the loop is bytecode: no
    compiler's blocks left behind, which once read 8 KB more after an edit of the loop)."""
    import device_budget

    device_budget.build("pybadge", tmp_path, lambda line: None)
    starts = []
    for game in (["--game", "five_hundred", "--players", "4"], []):
        args = device_budget.parse_arguments(["--unix32", UNIX32, "--games", "2", "--max-deals", "1"] + game)
        completed, peaks, start, firmware, processes, out = device_budget.run_unix32(UNIX32, tmp_path, 1024, args)
        assert completed, out[-2000:]
        starts.append(start)
        screens = re.search(r"^ok deals=\d+ screens=(\S*)", out, re.M).group(1).split(",")
        assert ("newgame" in screens) != bool(game), screens  # the first start's visit shows "fivehundred" in both
    assert abs(starts[0] - starts[1]) < 1024, starts


def test_a_layout_is_a_hole_at_the_heaps_start_made_before_the_program_and_the_first_is_the_tools_own():
    import device_budget

    args = device_budget.parse_arguments(["--unix32", "micropython"])
    first = device_budget.unix_command("micropython", 200, args, "fresh")
    assert first[first.index("-c") + 1] == "import device_main\ndevice_main.main()"  # the figures measured before
    moved = device_budget.unix_command("micropython", 200, args, "fresh", 496)
    assert moved[moved.index("-c") + 1] == "layout_hole = bytearray(496)\nlayout_hole = None\nimport device_main\ndevice_main.main()"
    assert moved[:moved.index("-c")] == first[:first.index("-c")] and moved[moved.index("-c") + 2:] == first[first.index("-c") + 2:]
    assert device_budget.LAYOUT_SHIFTS[0] == 0 and len(set(device_budget.LAYOUT_SHIFTS)) == len(device_budget.LAYOUT_SHIFTS)
    for wrong in (["--layouts", "2"], ["--unix32", "x", "--layouts", "2", "--heap", "150"],
                  ["--unix32", "x", "--layouts", str(len(device_budget.LAYOUT_SHIFTS) + 1)]):
        assert device_budget.main(wrong) == 2, wrong


@pytest.mark.skipif(not os.access(UNIX32, os.X_OK), reason="no 32-bit unix port here (tools/unix32/build.sh builds one)")
def test_layouts_play_the_session_again_after_a_hole_at_the_heaps_start_and_give_each_games_figure_in_each(capsys):
    """``--layouts N``: which tick keeps a slice's garbage alive through a stale word depends on
    where blocks fall (docs/memory.md); the session is the same in each layout."""
    import device_budget

    assert device_budget.main(["--unix32", UNIX32, "--games", "1", "--max-deals", "2", "--no-least", "--layouts", "3",
                               "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    layouts = result["layouts"]
    assert [layout["shift"] for layout in layouts] == list(device_budget.LAYOUT_SHIFTS[:3])
    game = result["games"][0]
    assert layouts[0]["games"] == [game["peak_live"] - result["stand_ins"] - game["pool_beyond_a_board"]]
    for layout in layouts[1:]:  # the same game: its figure within a few KB of the first layout's
        assert len(layout["games"]) == 1 and abs(layout["games"][0] - layouts[0]["games"][0]) < 8 * 1024, layouts


def test_the_webassembly_ports_own_os_is_counted_with_the_stand_ins_not_as_the_games(wasm32_node, tmp_path):
    """That port's os (and os.path, and collections) is frozen Python, imported as each VM starts
    to set the path: 1.4 KB of its heap.  A board's os is C, in flash: the harness's step, which
    the tool takes away with the stand-ins, counts it (without it the step was 272 bytes)."""
    import device_budget
    from conftest import mpy

    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 256, [],
                               "import sys\nprint('os before the game', 'os' in sys.modules)\n" + device_budget.MODULE_PASS_SETUP)
    assert fits and "os before the game True" in out, out[-2000:]
    harness = int(re.search(r"^harness (-?\d+) ", out, re.M).group(1))
    assert harness > 1024, out[-2000:]


def test_the_webassembly_vms_own_start_is_counted_with_the_stand_ins_not_as_the_games(wasm32_node, tmp_path):
    """The heap that VM holds before its harness runs (its modules' table, sys.path, __main__:
    608 bytes) is no more the game's than the unix port's own start, which that port's
    figures take away with the stand-ins: with a program of nothing (a class and its one
    object), all but those few hundred bytes are the harness's step (928 without the VM's
    start)."""
    import device_budget
    from conftest import mpy

    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 256, [], device_budget.MODULE_PASS_SETUP)
    assert fits, out[-2000:]
    harness = int(re.search(r"^harness (-?\d+) ", out, re.M).group(1))
    peak = int(re.search(r"^peak_live (\d+)$", out, re.M).group(1))
    assert 0 <= peak - harness < 512, (peak, harness)
