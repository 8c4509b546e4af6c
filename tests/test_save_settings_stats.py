"""Settings and statistics persist like the game save; records export and replay."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


from savecheck import play, rules_for, step
from thousand import scoring
from thousand.export import export_current, export_finished, records_dir
from thousand.game import Game
from thousand.record import replay
from thousand.rng import Rng
from thousand.rules import Rules
from thousand.save import SaveSlot
from thousand.settings import Settings
from thousand.stats import Stats
from thousand.storage import (KIND_SETTINGS, FileStore, MemoryNvm, MemoryStore, NvmStore,
                              SlotPair)


def test_settings_round_trip_in_nvm():
    store = NvmStore(MemoryNvm(4096))
    s = Settings()
    s.rules = Rules.from_dict({"preset": "full", "target": 1500, "silence_below": -120,
                               "bolt_mode": "consecutive3", "concede_limit": 3})
    s.bot_levels = ["easy", "hard"]
    s.speed = 0
    s.sound = False
    s.save(store)
    again = Settings.load(store)
    assert again.problem is None
    assert again.rules == s.rules and again.rules.preset_name == "full"
    assert (again.bot_levels, again.speed, again.sound) == (["easy", "hard"], 0, False)
    assert len(s.to_bytes()) < 40


def test_damaged_settings_give_defaults_and_one_line():
    store = MemoryStore()
    Settings().save(store)
    store.files[("settings", 0)][9] ^= 1
    s = Settings.load(store)
    assert s.rules == Rules.preset("classic")
    assert "damaged" in s.problem and "\n" not in s.problem
    assert store.aside


def test_newer_settings_give_defaults_and_are_kept():
    store = MemoryStore()
    SlotPair(store, "settings", KIND_SETTINGS).write(9, b"\x00\x00")
    s = Settings.load(store)
    assert "format 9" in s.problem and len(store.aside) == 1


def _play_recording(rule_set, seed, human, store, resume_every=None):
    game = Game(rules_for(rule_set), seed=seed)
    chooser = Rng(seed)
    stats = Stats.load(store)
    moves = 0
    while moves < 3000:
        before = game.deal_number, game.phase
        if not step(game, chooser):
            break
        moves += 1
        if game.phase >= 6 and (game.deal_number, game.phase) != before:
            stats.record_deal(game, human)
            if game.over:
                stats.record_game(game, human)
            stats.save(store)
            if resume_every and moves % resume_every == 0:
                # power cut after the stats save, before anything else: resume and catch up
                SaveSlot(store).save(game, list(chooser.get_state()))
                game, state = SaveSlot(store).load()
                chooser = Rng()
                chooser.set_state(state)
                stats = Stats.load(store)
                assert not stats.record_deal(game, human)
    return game, Stats.load(store)


def test_statistics_count_a_game():
    store = MemoryStore()
    game, stats = _play_recording(1, 21, 0, store)
    assert game.over and stats.games == 1 and stats.wins == (1 if game.winner == 0 else 0)
    mine = [r for r in game.sheet if r.declarer == 0 and r.result != scoring.REDEAL]
    assert stats.contracts_taken == len(mine)
    assert stats.contracts_made == len([r for r in mine if r.result == scoring.MADE])
    assert stats.deals == len([r for r in game.sheet if r.result != scoring.REDEAL])
    assert stats.best_score == stats.worst_score == game.scores[0]
    assert stats.concessions == game.concessions[0]
    assert not stats.record_game(game, 0)  # counted once
    assert "\n" not in "".join(stats.lines())


def test_statistics_survive_resumes_without_double_counting():
    a, sa = _play_recording(0, 5, 1, MemoryStore())
    b, sb = _play_recording(0, 5, 1, MemoryStore(), resume_every=7)
    assert a.scores == b.scores
    assert sa.to_bytes() == sb.to_bytes()


def test_statistics_over_several_games_in_nvm():
    store = NvmStore(MemoryNvm(4096))
    for seed in range(4):
        _play_recording(seed % 6, seed, 2, store)
    stats = Stats.load(store)
    assert stats.games == 4 and 0 <= stats.win_rate() <= 100
    assert stats.worst_score <= stats.best_score
    assert len(stats.to_bytes()) < 80


def test_exported_record_replays_to_the_same_scores(tmp_path):
    game = Game(rules_for(4), seed=8)
    chooser = Rng(8)
    play(game, chooser, 150)
    path = export_current(game, str(tmp_path / "records"))
    with open(path) as f:
        out = replay(json.load(f))
    assert out["scores"] == game.scores
    play(game, chooser, 10000)
    assert game.over
    path = export_finished(game, str(tmp_path / "records"))
    with open(path) as f:
        out = replay(json.load(f))
    assert out["scores"] == game.scores and out["winner"] == game.winner
    assert [d["deltas"] for d in out["deals"]] == [r.deltas for r in game.sheet]


def test_a_record_on_a_read_only_drive_builds_and_loads_nothing(tmp_path):
    """A board's drive is read-only unless boot.py says otherwise: no record, and its
    module not loaded for nothing."""
    import sys

    game = Game(rules_for(4), seed=8)
    play(game, Rng(8), 150)
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("")  # records/ cannot be made under a file
    loaded = sys.modules.pop("thousand.record")
    try:
        assert export_current(game, str(blocker / "records")) is None
        assert "thousand.record" not in sys.modules
    finally:
        sys.modules["thousand.record"] = loaded


def test_record_of_a_compact_resume_replays_from_its_deal():
    game = Game(rules_for(0), seed=3)
    chooser = Rng(3)
    play(game, chooser, 120)
    store = NvmStore(MemoryNvm(4096))
    SaveSlot(store).save(game)
    resumed, _ = SaveSlot(store).load()
    out = replay(resumed.record())
    assert out["scores"] == game.scores


def test_export_tool_writes_the_saved_game(tmp_path):
    data = tmp_path / "data"
    game = Game(rules_for(2), seed=12)
    chooser = Rng(12)
    play(game, chooser, 90)
    SaveSlot(FileStore(str(data))).save(game)
    env = dict(os.environ, THOUSAND_DATA_DIR=str(data))
    tool = os.path.join(ROOT, "tools", "export_record.py")
    proc = subprocess.run([sys.executable, tool], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    path = proc.stdout.strip()
    assert path == str(data / "records" / "current.json")
    with open(path) as f:
        record = json.load(f)
    assert record == game.record()
    referee = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "referee.py")],
                             input=json.dumps(record), capture_output=True, text=True)
    assert json.loads(referee.stdout)["scores"] == game.scores
    proc = subprocess.run([sys.executable, tool, "-o", "-"], capture_output=True, text=True, env=env)
    assert json.loads(proc.stdout) == record
    proc = subprocess.run([sys.executable, tool, "--last"], capture_output=True, text=True, env=env)
    assert proc.returncode == 1 and "no finished game" in proc.stderr
    empty = dict(os.environ, THOUSAND_DATA_DIR=str(tmp_path / "none"))
    proc = subprocess.run([sys.executable, tool], capture_output=True, text=True, env=empty)
    assert proc.returncode == 1 and "no saved game" in proc.stderr


def test_records_go_to_the_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    assert records_dir() == str(tmp_path / "records")


def test_export_to_a_read_only_place_is_quiet(tmp_path):
    game = Game(seed=1)
    game.start_deal()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert export_current(game, str(blocker)) is None  # a file where the folder should be
