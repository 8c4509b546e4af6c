"""Five Hundred's engine under the real MicroPython VM: the same seeds give the same deals
and the same games, byte for byte, as on CPython (as tests/test_micropython.py for Thousand)."""

import subprocess
import sys

import pytest

from conftest import ROOT
from test_micropython import run_micropython

# Deals, every action and every deal's result of seeded games of every preset and both
# tables, with agreements that reach sans kitty, the raise, blind misère and all-pass play.
GAMES_SNIPPET = """
from thousand.five_hundred.game import Game
from thousand.five_hundred.rules import Rules
from thousand.five_hundred.driver import TableDriver
from thousand.five_hundred.notation import action_text
from thousand.five_hundred import RESULT_NAMES
from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.rng import Rng
for players in (3, 4):
    for preset in ("australian", "simple", "american"):
        extra = {"preset": preset, "players": players, "sans_kitty": True, "raise_own_bid": True,
                 "blind_misere": preset == "australian", "defender_cap": 490}
        game = Game(Rules.from_dict(extra), seed=%d + players)
        driver = TableDriver(game, collect=False)
        rng = Rng(%d)
        while not game.over and len(game.sheet) < 12:
            game.start_deal()
            print(" ".join(["-".join(C.names(h)) for h in game.hands]) + " | " + "-".join(C.names(game.kitty)))
            while True:
                d = driver.pending()
                if d is None:
                    break
                legal = d.legal
                if game.phase == 0 and rng.below(3):
                    a = A.ACTION_PASS
                elif game.phase == 0:  # a low bid: games of many deals
                    a = legal[1 + rng.below(min(len(legal) - 1, 8))]
                else:
                    a = legal[rng.below(len(legal))]
                print(action_text(d.seat, a))
                driver.answer(d, a)
            r = game.last_result
            print(RESULT_NAMES[r.result], r.contractor, r.bid, r.tricks_won, r.deltas, r.scores, r.winner, r.loser)
"""


@pytest.mark.parametrize("seed", [0, 7, 2 ** 40])
def test_seeded_five_hundred_games_print_the_same_bytes_on_micropython_and_cpython(micropython, seed):
    snippet = GAMES_SNIPPET % (seed, seed)
    proc = run_micropython(micropython, ["-c", snippet], ROOT)
    assert proc.returncode == 0, proc.stderr
    cpython = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True, cwd=ROOT, check=True)
    assert proc.stdout.count("\n") > 400  # many deals, not a game over at once
    assert proc.stdout == cpython.stdout


def test_the_compiled_engine_plays_four_handed_games_in_a_small_heap(micropython, mpy_cross, tmp_path):
    from conftest import mpy

    mpy.compile_tree(tmp_path, ("thousand", "thousand/five_hundred"))
    (tmp_path / "games.py").write_text(GAMES_SNIPPET % (3, 3))
    proc = run_micropython(micropython, ["games.py"], str(tmp_path), heap="96K")  # as Thousand's compiled engine test
    assert proc.returncode == 0, proc.stderr
    cpython = subprocess.run([sys.executable, "-c", GAMES_SNIPPET % (3, 3)], capture_output=True, text=True,
                             cwd=ROOT, check=True)
    assert proc.stdout == cpython.stdout
