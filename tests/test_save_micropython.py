"""The save modules under the real MicroPython VM write the very bytes CPython writes."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT  # also provides the `micropython` fixture

pytestmark = pytest.mark.slow  # every test runs the MicroPython VM in a subprocess: left out of the quick run (README, Tests)

TESTS = os.path.join(ROOT, "tests")
SCRIPT = os.path.join(TESTS, "save_roundtrip_script.py")

STORES_SNIPPET = """
import sys
from thousand.game import Game
from thousand.rng import Rng
from thousand.persist.settings import load_settings, save_settings, settings_bytes
from thousand.persist.stats import load_stats, save_stats
from thousand.persist.files import FileStore
from thousand.persist.store import NvmStore, KIND_GAME, SlotPair
import savecheck
for store in (NvmStore(savecheck.MemoryNvm(4096)), FileStore(sys.argv[1])):
    s = load_settings(store)[0]
    s.bot_delay_ms = 0
    s.levels = ["easy", "hard"]
    save_settings(store, settings_bytes(s))
    stats = load_stats(store)[0]
    game = Game(savecheck.rules_for(1), seed=3)
    chooser = Rng(3)
    while savecheck.step(game, chooser):
        if game.phase >= 6:
            stats.record_deal(game, 0)
        savecheck.save(store, game, {"c": list(chooser.get_state())})
    stats.record_game(game, 0)
    save_stats(store, stats)
    again, extra = savecheck.load(store)
    print(load_settings(store)[0].levels, load_stats(store)[0].lines(), again.scores, extra)
    print(SlotPair(store, "game", KIND_GAME).newest()[1].hex())
"""

POLICY_SNIPPET = """
boards = [(name, bytearray(b"\\xff" * size), bytearray(sleep))  # before the game's code takes the heap
          for name, size, sleep in (("samd51", 8192, 8192), ("rp2040", 4096, 256), ("esp32s3", 8192, 4096))]
from thousand.controller import Controller
from thousand.persist.boards import policy_saves
from thousand.persist.flash import wear_count
from thousand.persist.store import NvmStore, crc32
from thousand.rng import Rng
from thousand.rules import Rules
# Each board's Saves made first, as at a board's start (the RP2040's journal takes its 4 KB
# then), and those of the start after the game too (they read nothing until asked).
boards = [(name, nvm, memory, policy_saves(name, NvmStore(nvm), memory, lambda: 3.9), policy_saves(name, NvmStore(nvm), memory))
          for name, nvm, memory in boards]
for name, nvm, memory, saves, after in boards:
    controller = Controller(Rules.preset("classic"), ("random", "random"), seed=4)
    chooser = Rng(5)
    saves.save_game(controller, 2)
    for deal in range(12):
        controller.next_deal()
        while not controller.between_deals() and not controller.over():
            decision = controller.human_decision()
            if decision is None:
                controller.step()
                continue
            controller.act(decision.legal[0 if chooser.below(3) else chooser.below(len(decision.legal))])
            if not controller.between_deals() and not controller.over():
                saves.save_game(controller)
        saves.end_deal(controller, 0)
        if controller.over():
            break
    again = after.load_game()
    print(name, wear_count(saves), saves.load_stats().lines()[-1], again and again.game.deal_number)
    print(crc32(nvm), crc32(memory))
"""


def run_both(micropython, args, tmp_path):
    env = dict(os.environ, MICROPYPATH=ROOT + ":" + TESTS, PYTHONPATH=ROOT + ":" + TESTS)
    outs = []
    # 512 KB: the policy snippet keeps three boards' NVMs, journals and saves in one process,
    # compiled from source; at 256 KB a fragmented heap could not decode the last save (the
    # device's own heap is tools/device_budget.py's to measure).
    for i, cmd in enumerate(([micropython, "-X", "heapsize=512K"], [sys.executable])):
        place = tmp_path / ("run%d" % i)
        place.mkdir()
        full = [str(place / "saves") if a == "{dir}" else a for a in args]
        proc = subprocess.run(cmd + full, capture_output=True, text=True, env=env, timeout=300,
                              cwd=str(place))
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    return outs


def test_same_save_bytes_as_cpython(micropython, tmp_path):
    mp, cp = run_both(micropython, [SCRIPT, "6", "400", "9"], tmp_path)
    assert mp.splitlines()[-1] == "ok"
    assert mp == cp
    assert len(mp.splitlines()) > 200


def test_stores_settings_and_stats_under_micropython(micropython, tmp_path):
    script = tmp_path / "stores.py"
    script.write_text(STORES_SNIPPET)
    mp, cp = run_both(micropython, [str(script), "{dir}"], tmp_path)
    assert mp == cp
    assert mp.count("easy") == 2


def test_a_boards_policy_writes_the_same_bytes_under_micropython(micropython, tmp_path):
    """thousand.persist.boards and flash (sleep memory, RAM, the wear count) on the real VM."""
    script = tmp_path / "policy.py"
    script.write_text(POLICY_SNIPPET)
    mp, cp = run_both(micropython, [str(script)], tmp_path)
    assert mp == cp
    assert mp.count("Flash writes") == 3


FIVE_HUNDRED_SNIPPET = """
from thousand.five_hundred.controller import Controller
from thousand.five_hundred.rules import Rules
from thousand.persist.five_hundred import FORMAT_VERSION, decode_game, encode_game
from thousand.persist.store import NvmStore, KIND_GAME, SlotPair
from thousand.rng import Rng
for players in (3, 4):
    controller = Controller(Rules.from_dict({"players": players, "raise_own_bid": True, "sans_kitty": True, "lose_at": None}), seed=players)
    chooser = Rng(players)
    pair = SlotPair(NvmStore(bytearray(b"\\xff" * 4096)), "game", KIND_GAME)
    same = True
    move = 0
    for step in range(40000):  # a computer's step is a slice of its thinking (thousand.slices)
        if controller.over() or move == 60:
            break
        if controller.between_deals():
            controller.next_deal()
            continue
        decision = controller.pending()
        if decision.seat != 0:
            controller.step()
            continue
        controller.act(decision.legal[0 if chooser.below(3) else chooser.below(len(decision.legal))])
        payload = encode_game(controller.game, controller.snapshot(), pair.capacity())
        pair.write(FORMAT_VERSION, payload)
        game, extra = decode_game(pair.newest()[1])
        same = same and encode_game(game, extra, pair.capacity()) == payload
        print(players, move, payload.hex())
        move += 1
    print("ok" if same else "MISMATCH")
"""


def test_five_hundreds_saves_are_the_same_bytes_under_micropython(micropython, tmp_path):
    script = tmp_path / "five_hundred.py"
    script.write_text(FIVE_HUNDRED_SNIPPET)
    mp, cp = run_both(micropython, [str(script)], tmp_path)
    assert mp == cp
    assert mp.count("ok") == 2 and len(mp.splitlines()) > 100
