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
from thousand.save import SaveSlot
from thousand.settings import Settings
from thousand.stats import Stats
from thousand.storage import FileStore, MemoryNvm, NvmStore
import savecheck
for store in (NvmStore(MemoryNvm(4096)), FileStore(sys.argv[1])):
    s = Settings.load(store)
    s.speed = 4
    s.bot_levels = ["easy", "hard"]
    s.save(store)
    stats = Stats.load(store)
    game = Game(savecheck.rules_for(1), seed=3)
    chooser = Rng(3)
    while savecheck.step(game, chooser):
        if game.phase >= 6:
            stats.record_deal(game, 0)
        SaveSlot(store).save(game, {"c": list(chooser.get_state())})
    stats.record_game(game, 0)
    stats.save(store)
    again, extra = SaveSlot(store).load()
    print(Settings.load(store).bot_levels, Stats.load(store).lines(), again.scores, extra)
    print(SaveSlot(store).pair.read()[1].hex())
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
