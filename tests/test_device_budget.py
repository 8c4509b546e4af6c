"""The device's memory budget on the 32-bit VM (tools/device_budget.py): the whole game that the
README's budget table states, played again, must not use more than 4 KB above what the README
says, and every module it loads must have its place in the load plan (thousand/ui/scenes.py).
Skips cleanly where Node.js (and so the 32-bit VM) is missing."""

import json
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
from thousand.ui import scenes  # noqa: E402

SLACK = 4 * 1024
# Issue 13's goal for the least heap of the goal game.  Its other goal, at most 100 KB in use, is
# not met since the tool counts the NVM's stand-in once (README, Memory on the device): the
# README's figure + 4 KB holds that figure instead.
GOAL_LEAST = 128 * 1024
# The README's budget rows: | board | levels | rules | deals | most heap in use | least heap |
ROW = re.compile(r"^\| `(?P<board>[a-z0-9_]+)` \| (?P<levels>[a-z]+,[a-z]+) \| (?P<rules>[a-z]+) \| "
                 r"(?P<deals>\d+)(?: \(at most\))? \| \*\*(?P<peak>[\d.]+) KB\*\* \| \*\*(?P<least>[\d.]+) KB\*\* \|",
                 re.M)


def readme_rows():
    with open(os.path.join(ROOT, "README.md")) as file:
        return [match.groupdict() for match in ROW.finditer(file.read())]


def test_the_readme_states_the_budget_of_the_goal_game():
    rows = [(row["board"], row["levels"], row["rules"]) for row in readme_rows()]
    assert ("pybadge", "hard,normal", "full") in rows


def budget(wasm32_node, *argv):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "device_budget.py"), "--json"] + list(argv),
                         capture_output=True, text=True, timeout=3600)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


@pytest.mark.parametrize("row", [row for row in readme_rows() if row["board"] == "pybadge"],
                         ids=lambda row: "%s-%s-%s" % (row["board"], row["levels"], row["rules"]))
def test_the_whole_game_fits_what_the_readme_states_on_the_32_bit_vm(wasm32_node, row):
    peak, least = float(row["peak"]) * 1024, float(row["least"]) * 1024
    max_deals = [] if row["levels"] != "random,random" else ["--max-deals", row["deals"]]
    result = budget(wasm32_node, "--board", row["board"], "--levels", row["levels"], "--rules", row["rules"],
                    "--heap", str(int((least + SLACK) // 1024)), *max_deals)
    print("%s: most heap in use %d B, completed in %d KB: %s (%d deals)" % (
        row, result["peak_live"], (least + SLACK) // 1024, result["fits_heap"], result["deals"]))
    import device_budget

    assert result["names_at_end"] <= device_budget.NAME_POOL_STEP, (
        "%d names in the VM's pool at the game's end, past its step of %d: it took a 9 KB table more "
        "(README, Memory on the device, the names): take names out elsewhere" % (
            result["names_at_end"], device_budget.NAME_POOL_STEP))
    assert result["peak_live"] <= peak + SLACK
    if (row["levels"], row["rules"]) == ("hard,normal", "full"):  # issue 13's goal, on the goal game
        assert least <= GOAL_LEAST, "the README states a least heap above the goal of 128 KB"
    assert result["fits_heap"], ("the game needed more heap than the README's least heap + 4 KB: measure "
                                 "it again with tools/device_budget.py (a heap's fit is not monotone on "
                                 "this VM, so a change elsewhere can move it) and say why it rose")
    assert sorted(result["screens_seen"]) == sorted(scenes.SCREENS)
    for screen, scene in result["scene_parts"].items():
        if screen == "boot":  # before the app: the board, the sprites, the storage (its policy on demand)
            allowed = set(scenes.RESIDENT) | set(scenes.ON_DEMAND)
        else:
            allowed = set(scenes.needed(screen, True)) | set(scenes.ON_DEMAND)
        assert sorted(set(scene["loaded"]) - allowed) == [], screen


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
