"""Five Hundred's engine under the real MicroPython VM: the same seeds give the same deals
and the same games, byte for byte, as on CPython (as tests/test_micropython.py for Thousand)."""

import subprocess
import sys

import pytest

from conftest import ROOT
from test_micropython import SMALL_HEAP, run_micropython

pytestmark = pytest.mark.slow  # every test runs the MicroPython VM in a subprocess: left out of the quick run (README, Tests)

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
    proc = run_micropython(micropython, ["games.py"], str(tmp_path), heap=SMALL_HEAP)
    assert proc.returncode == 0, proc.stderr
    cpython = subprocess.run([sys.executable, "-c", GAMES_SNIPPET % (3, 3)], capture_output=True, text=True,
                             cwd=ROOT, check=True)
    assert proc.stdout == cpython.stdout


# A game of easy bots stepped a decision at a time, each action printed (the 32-bit VM's
# bench shape: tools/wasm32/steps.mjs).
BENCH = """from thousand.five_hundred.game import Game
from thousand.five_hundred.rules import Rules
from thousand.five_hundred.driver import TableDriver
from thousand.five_hundred.bots import make_player
from thousand.five_hundred.notation import action_text


class Bench:
    def __init__(self, players, seed, deals):
        self.game = Game(Rules.from_dict({"players": players, "sans_kitty": True, "lose_at": None, "target": 5000}), seed=seed, keep_records=False)
        self.driver = TableDriver(self.game)
        self.seats = [make_player("easy", seed + s) for s in range(players)]
        self.deals = deals
        self.played = 0

    def step(self):
        game = self.game
        decision = self.driver.pending()
        if decision is None:
            self.played += 1
            print("deal", game.last_result.result, game.scores)
            if game.over or self.played >= self.deals:
                return False
            game.start_deal()
            return True
        player = self.seats[decision.seat]
        action = player.decide(self.driver.view_for(player, decision))
        print(action_text(decision.seat, action))
        self.driver.answer(decision, action)
        return True

    def summary(self):
        return "scores %s" % self.game.scores


bench = Bench(4, 11, 12)
bench.game.start_deal()
"""


def _bench_lines(text):
    return [line for line in text.splitlines() if line[:1].isdigit() or line.startswith("deal ")]


@pytest.mark.parametrize("players", [3, 4])
def test_the_compiled_engine_plays_the_same_games_on_the_32_bit_vm_in_a_64_kb_heap(wasm32_node, mpy_cross, tmp_path,
                                                                                   players):
    """The 32-bit VM is a board's: a small int there holds 30 bits, where the unix port's
    holds 62; the same bytes out show that nothing left them (a long int would change no
    output but would allocate: the heap of 64 KB must not grow)."""
    from conftest import mpy

    mpy.compile_tree(tmp_path, ("thousand", "thousand/five_hundred"))
    setup = BENCH.replace("Bench(4, 11, 12)", "Bench(%d, 11, 12)" % players)
    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 64, ["thousand.five_hundred.game"], setup)
    assert fits, out[-2000:]
    namespace = {}
    import contextlib
    import io

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(setup, namespace)
        while namespace["bench"].step():
            pass
    expected = _bench_lines(printed.getvalue())
    assert len([line for line in expected if line.startswith("deal ")]) == 12
    assert _bench_lines(out) == expected
