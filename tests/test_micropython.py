"""The engine under the real MicroPython VM: same deals, same games, compiled .mpy runs."""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, mpy
from thousand import cards as C
from thousand.game import Game
from thousand.rules import Rules

pytestmark = pytest.mark.slow  # every test runs the MicroPython VM in a subprocess: left out of the quick run (README, Tests)

DEALS_SNIPPET = """
from thousand.game import Game
from thousand.rules import Rules
from thousand import cards as C
g = Game(Rules.preset("classic"), seed=%d)
for i in range(6):
    g.start_deal()
    print(" ".join(["-".join(C.names(h)) for h in g.dealt]) + " | " + "-".join(C.names(g.talon_dealt)))
    g.phase = 6
"""


def run_micropython(micropython, args, path, heap="256K"):
    env = dict(os.environ, MICROPYPATH=path)
    # run from ``path`` too: MicroPython looks in the current folder first
    proc = subprocess.run([micropython, "-X", "heapsize=" + heap] + args, capture_output=True,
                          text=True, env=env, timeout=300, cwd=path)
    return proc


@pytest.mark.parametrize("seed", [0, 1, 12345, -7, 2 ** 40])
def test_same_seed_same_deals(micropython, seed):
    proc = run_micropython(micropython, ["-c", DEALS_SNIPPET % seed], ROOT)
    assert proc.returncode == 0, proc.stderr
    game = Game(Rules.preset("classic"), seed=seed)
    lines = []
    for _ in range(6):
        game.start_deal()
        lines.append(" ".join(["-".join(C.names(h)) for h in game.dealt]) + " | "
                     + "-".join(C.names(game.talon_dealt)))
        game.phase = 6
    assert proc.stdout.split("\n")[:6] == lines


@pytest.mark.parametrize("rules", ["classic", "full"])
def test_same_seed_same_random_games(micropython, rules):
    args = ["--games", "3", "--seed", "9", "--max-deals", "40", "--rules", rules]
    proc = run_micropython(micropython, [os.path.join(ROOT, "tools", "selfplay.py")] + args, ROOT)
    assert proc.returncode == 0, proc.stderr
    upy = json.loads(proc.stdout)
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "selfplay.py")] + args,
                         capture_output=True, text=True, check=True)
    cpy = json.loads(out.stdout)
    for key in ("games", "deals", "redeals", "actions", "decisions", "wins", "unfinished_games"):
        assert upy[key] == cpy[key], key
    assert upy["peak_alloc"] > 0 and "peak_alloc" not in cpy


# The small heap of the compiled engines' games (Thousand's and Five Hundred's), a third above the
# least in which they complete (about 80 and 84 KB). Near that least, whether a run completes
# is chance: this VM's collector reads its C stack for pointers, and where the stack and the
# folders' names lie (a pytest-xdist worker's environment, a longer tmp_path) changed which
# of 84 to 96 KB failed (Five Hundred's failed at 96 KB in a worker and passed alone). The
# device's own budget is measured exactly on the 32-bit VM (tests/test_device_budget.py).
SMALL_HEAP = "112K"


def test_compiled_engine_plays_in_a_small_heap(micropython, mpy_cross, tmp_path):
    mpy.compile_tree(tmp_path, ("thousand",))
    (tmp_path / "selfplay.mpy").write_bytes(mpy.compile_micropython(os.path.join(ROOT, "tools", "selfplay.py")))
    proc = run_micropython(micropython, ["-m", "selfplay", "--games", "2", "--seed", "3", "--max-deals", "60"],
                           str(tmp_path), heap=SMALL_HEAP)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["deals"] == 120
