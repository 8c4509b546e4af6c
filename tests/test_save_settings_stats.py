"""Settings and statistics persist like the game save; records export and replay."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


import pytest
from hypothesis import given, strategies as st

from savecheck import MemoryNvm, MemoryStore, load, play, rules_for, save, step
from thousand import scoring
from thousand.game import Game
from thousand.persist.settings import load_settings, save_settings, settings_bytes, settings_from
from thousand.persist.stats import Stats, load_stats, save_stats, stats_bytes
from thousand.persist.records import export_game, records_dir
from thousand.persist.files import FileStore
from thousand.persist.store import KIND_SETTINGS, KIND_STATS, NvmStore, SaveError, SlotPair
from thousand.record import game_record, replay
from thousand.rng import Rng
from thousand.rules import Rules
from thousand import rules_check


def test_settings_round_trip_in_nvm():
    store = NvmStore(MemoryNvm(4096))
    s = settings_from()
    s.rules = rules_check.from_dict({"preset": "full", "target": 1500, "silence_below": -120,
                               "bolt_mode": "consecutive3", "concede_limit": 3})
    s.levels = ["easy", "hard"]
    s.bot_delay_ms = 1500
    s.sound = False
    s.dim = False
    s.points = False
    s.autoplay = True
    save_settings(store, settings_bytes(s))
    again, problem = load_settings(store)
    assert problem is None
    assert again.rules == s.rules and again.rules.preset_name == "full"
    assert (again.levels, again.bot_delay_ms, again.sound) == (["easy", "hard"], 1500, False)
    assert (again.dim, again.points, again.autoplay) == (False, False, True)
    assert len(settings_bytes(s)) < 40


def test_settings_saved_before_the_later_settings_existed_read_them_as_their_defaults():
    from thousand.persist.settings import settings_from

    s = settings_from()
    s.dim, s.points, s.autoplay, s.undo, s.guided = False, False, True, False, False
    older = settings_bytes(s)[:-7]  # format 1 as it was: it ended with the sound (Five Hundred's rules: one byte, None)
    again = settings_from(older)
    # the defaults; the guide counts as seen: settings older than it are a player's who has played
    assert (again.dim, again.points, again.autoplay, again.undo, again.guided) == (True, True, False, True, True)
    assert again.sound == s.sound
    newer = settings_from(settings_bytes(s))
    assert (newer.dim, newer.points, newer.autoplay, newer.undo, newer.guided) == (False, False, True, False, False)


def test_the_language_is_kept_and_settings_from_before_it_or_with_one_unknown_read_as_english():
    from thousand import LANGUAGES
    from thousand.persist.settings import settings_from

    s = settings_from()
    assert s.language == 0 and LANGUAGES[0] == "en"
    s.language = LANGUAGES.index("ru")
    kept = settings_bytes(s)[:-1]  # as saved before Five Hundred's rules (None: one byte) were appended
    assert settings_from(kept).language == 1
    assert settings_from(kept[:-1]).language == 0  # saved before the language existed
    assert settings_from(kept[:-1] + bytes([len(LANGUAGES)])).language == 0  # a later program's language
    assert settings_from(kept).guided == s.guided  # the byte before it is still the guide's


def test_statistics_saved_before_hints_and_undos_were_counted_read_them_as_none():
    from thousand.persist.coding import Writer
    from thousand.persist.stats import FIELDS, stats_from

    stats = Stats()
    stats.games = 4
    stats.hints = 9
    older = FIELDS[:FIELDS.index("hints")]
    w = Writer()  # the counters as version 1 saved them before "hints" and "undone" were appended
    w.uint(len(older))
    for name in older:
        if name in ("best_score", "worst_score"):
            w.uint(0)
        else:
            w.uint(getattr(stats, name))
    back = stats_from(bytes(w.buf))
    assert back.games == 4 and back.hints == 0 and back.undone == 0


def test_five_hundreds_rules_are_kept_after_the_language_and_older_settings_read_none():
    from thousand.persist.settings import settings_from

    s = settings_from()
    assert s.five_hundred is None
    s.language = 2
    s.five_hundred = {"preset": "simple", "players": 4, "lose_at": None, "defender_cap": 490}
    kept = settings_bytes(s)
    again = settings_from(kept)
    assert again.five_hundred == s.five_hundred and again.language == 2
    s.five_hundred = None
    older = settings_bytes(s)[:-1]  # before Five Hundred's rules
    assert settings_from(older).five_hundred is None and settings_from(older).language == 2


def test_a_pause_between_the_steps_is_kept_as_the_nearest_step():
    s = settings_from()
    s.bot_delay_ms = 10 ** 6
    store = MemoryStore()
    save_settings(store, settings_bytes(s))
    assert load_settings(store)[0].bot_delay_ms == 1500


def test_damaged_settings_give_defaults_and_one_line(tmp_path):
    store = FileStore(str(tmp_path))
    save_settings(store, settings_bytes(settings_from()))
    with open(store.path("settings", 0), "r+b") as f:
        f.seek(9)
        f.write(b"\xee")
    s, problem = load_settings(store)
    assert s.rules == Rules.preset("classic")
    assert "damaged" in problem and "\n" not in problem and problem.endswith("started afresh")
    assert (tmp_path / "settings.damaged-1").exists()


def test_newer_settings_give_defaults_and_are_kept(tmp_path):
    store = FileStore(str(tmp_path))
    SlotPair(store, "settings", KIND_SETTINGS).write(9, b"\x00\x00")
    s, problem = load_settings(store)
    assert "format 9" in problem and (tmp_path / "settings.damaged-1").exists()


def _play_recording(rule_set, seed, human, store, resume_every=None):
    game = Game(rules_for(rule_set), seed=seed)
    chooser = Rng(seed)
    stats = load_stats(store)[0]
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
            save_stats(store, stats)
            if resume_every and moves % resume_every == 0:
                # power cut after the stats save, before anything else: resume and catch up
                save(store, game, list(chooser.get_state()))
                game, state = load(store)
                chooser = Rng()
                chooser.set_state(state)
                stats = load_stats(store)[0]
                assert not stats.record_deal(game, human)
    return game, load_stats(store)[0]


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
    assert stats_bytes(sa) == stats_bytes(sb)


def test_statistics_over_several_games_in_nvm():
    store = NvmStore(MemoryNvm(4096))
    for seed in range(4):
        _play_recording(seed % 6, seed, 2, store)
    stats, problem = load_stats(store)
    assert problem is None and stats.games == 4 and 0 <= stats.win_rate() <= 100
    assert stats.worst_score <= stats.best_score
    assert len(stats_bytes(stats)) < 80
    assert stats_bytes(Stats()) != stats_bytes(stats)


def test_exported_record_replays_to_the_same_scores(tmp_path):
    game = Game(rules_for(4), seed=8)
    chooser = Rng(8)
    play(game, chooser, 150)
    path = export_game(game, False, str(tmp_path / "records"))
    assert path.endswith("current.json")
    with open(path) as f:
        out = replay(json.load(f))
    assert out["scores"] == game.scores
    play(game, chooser, 10000)
    assert game.over
    path = export_game(game, True, str(tmp_path / "records"))
    assert path.endswith("last.json")
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
        assert export_game(game, False, str(blocker / "records")) is None
        assert "thousand.record" not in sys.modules
    finally:
        sys.modules["thousand.record"] = loaded


def test_record_of_a_resumed_game_replays_from_its_deal():
    game = Game(rules_for(0), seed=3)
    chooser = Rng(3)
    play(game, chooser, 120)
    store = NvmStore(MemoryNvm(4096))
    save(store, game)
    resumed, _ = load(store)
    out = replay(game_record(resumed))
    assert out["scores"] == game.scores


def test_export_tool_writes_the_saved_game(tmp_path):
    data = tmp_path / "data"
    game = Game(rules_for(2), seed=12)
    chooser = Rng(12)
    play(game, chooser, 90)
    save(FileStore(str(data)), game)
    env = dict(os.environ, THOUSAND_DATA_DIR=str(data))
    tool = os.path.join(ROOT, "tools", "export_record.py")
    proc = subprocess.run([sys.executable, tool], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    path = proc.stdout.strip()
    assert path == str(data / "records" / "current.json")
    with open(path) as f:
        record = json.load(f)
    assert record == game_record(load(FileStore(str(data)))[0])  # from the deal the save holds
    assert record["deals"] == game_record(game)["deals"][-len(record["deals"]):]
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
    assert export_game(game, False, str(blocker)) is None  # a file where the folder should be


@given(st.lists(st.integers(0, 2 ** 40), min_size=19, max_size=19),
       st.none() | st.integers(-2 ** 20, 2 ** 20), st.none() | st.integers(-2 ** 20, 2 ** 20))
def test_statistics_bytes_round_trip(counters, best, worst):
    from thousand.persist.stats import FIELDS, stats_from

    stats = Stats()
    for name, value in zip(FIELDS, counters):
        setattr(stats, name, value)
    stats.best_score = best
    stats.worst_score = worst
    back = stats_from(stats_bytes(stats))
    assert [getattr(back, name) for name in FIELDS] == [getattr(stats, name) for name in FIELDS]


def test_damaged_or_newer_statistics_start_afresh_and_say_why(tmp_path):
    store = FileStore(str(tmp_path))
    stats = Stats()
    stats.games = 7
    save_stats(store, stats)
    assert load_stats(store)[0].games == 7
    os.remove(store.path("stats", 0))  # the newer record alone
    SlotPair(store, "stats", KIND_STATS).write(9, stats_bytes(stats))
    fresh, problem = load_stats(store)
    assert fresh.games == 0 and "from a newer Thousand (format 9)" in problem and problem.endswith("started afresh")
    for slot in (0, 1):
        if os.path.exists(store.path("stats", slot)):
            os.remove(store.path("stats", slot))
    save_stats(store, stats)
    with open(store.path("stats", 0), "r+b") as f:
        f.seek(9)
        f.write(b"\xee")
    fresh, problem = load_stats(store)
    assert fresh.games == 0 and problem.startswith("stats save damaged") and "\n" not in problem
    assert (tmp_path / "stats.damaged-1").exists()


def test_settings_and_statistics_outlive_a_damaged_game_save():
    nvm = MemoryNvm(8192)
    store = NvmStore(nvm)
    settings = settings_from()
    settings.levels = ["hard", "easy"]
    save_settings(store, settings_bytes(settings))
    stats = Stats()
    stats.games = 5
    save_stats(store, stats)
    game = Game(rules_for(1), seed=4)
    play(game, Rng(4), 40)
    save(store, game)
    save(store, game)  # both game slots hold a save
    for half in (0, store.half):
        start = half + store.places["game"][0]
        nvm[start + 20:start + 24] = b"\x00\x01\x02\x03"
    with pytest.raises(SaveError):
        load(store)
    kept, problem = load_settings(store)
    assert problem is None and kept.levels == ["hard", "easy"]
    assert load_stats(store)[0].games == 5 and load_stats(store)[1] is None
