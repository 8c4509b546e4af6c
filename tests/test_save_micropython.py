"""The save modules under the real MicroPython VM write the very bytes CPython writes."""

import os
import subprocess
import sys

from conftest import ROOT  # also provides the `micropython` fixture

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

def run_both(micropython, args, tmp_path):
    env = dict(os.environ, MICROPYPATH=ROOT + ":" + TESTS, PYTHONPATH=ROOT + ":" + TESTS)
    outs = []
    for i, cmd in enumerate(([micropython, "-X", "heapsize=256K"], [sys.executable])):
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
