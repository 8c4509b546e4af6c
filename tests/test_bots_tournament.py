"""tools/tournament.py: in-process levels, the external protocol of BOTS.md, forfeits."""

import json
import os
import subprocess
import sys

import pytest

from thousand import actions as A

pytestmark = pytest.mark.slow  # tournaments of bot processes, forfeits that wait for timeouts: left out of the quick run (README, Tests)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "tournament.py")
EXAMPLE = os.path.join(ROOT, "tools", "example_bot.py")


def run(seats, *extra, timeout=120):
    cmd = [sys.executable, TOOL]
    for s in seats:
        cmd += ["--seat", s]
    cmd += list(extra) + ["--json"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), proc.stderr


def test_levels_duplicate_deals(tmp_path):
    out, err = run(["hard", "normal", "easy"], "--deals", "4", "--seed", "3")
    assert out["deals"] == 12 and out["games"] == 0
    for name in ("hard", "normal", "easy"):
        player = out["players"][name]
        assert set(player) >= {"games_won", "win_share", "mean_delta_per_deal", "declarer_deals",
                               "make_rate", "decision_ms"}
        assert set(player["decision_ms"]) == {"mean", "p95", "max"}
    assert "4/4" in err  # the progress bar


def test_games_mode_pools_same_names():
    out, _ = run(["hard", "random", "random"], "--games", "1", "--seed", "2", "--rules", "classic")
    assert out["games"] == 3
    assert set(out["players"]) == {"hard", "random"}
    assert out["players"]["hard"]["games_won"] + out["players"]["random"]["games_won"] <= 3


def test_external_example_bot_plays_by_the_protocol(tmp_path):
    seat = "cmd:%s %s 5" % (sys.executable, EXAMPLE)
    out, err = run([seat, "normal", "random"], "--deals", "3", "--log-dir", str(tmp_path))
    assert out["players"][seat]["forfeits"] == 0
    assert out["deals"] == 9
    assert "forfeits" not in err


def _bad_bot(tmp_path, body):
    path = tmp_path / "bad_bot.py"
    path.write_text("import sys, json, time\n" + body)
    return "cmd:%s %s" % (sys.executable, path)


def test_wrong_answer_forfeits_and_the_tool_carries_on(tmp_path):
    seat = _bad_bot(tmp_path, "for line in sys.stdin:\n"
                              "    sys.stderr.write('thinking hard\\n')\n"
                              "    print('0 play ZZ', flush=True)\n")
    out, err = run(["easy", seat, "easy"], "--deals", "2", "--log-dir", str(tmp_path))
    assert out["players"][seat]["forfeits"] == 6
    assert "forfeits: answered '0 play ZZ'" in err
    assert "seat " in err and ".log" in err
    logs = [p for p in os.listdir(tmp_path) if p.endswith(".log")]
    assert any("thinking hard" in (tmp_path / p).read_text() for p in logs)


def test_silence_and_crash_forfeit(tmp_path):
    slow = _bad_bot(tmp_path, "for line in sys.stdin:\n    time.sleep(5)\n")
    out, err = run([slow, "easy", "easy"], "--deals", "1", "--timeout", "0.5",
                   "--log-dir", str(tmp_path))
    assert out["players"][slow]["forfeits"] == 3
    assert "no answer within 0.5 s" in err
    crash = _bad_bot(tmp_path, "sys.stdin.readline()\nraise SystemExit(3)\n")
    out, err = run([crash, "easy", "easy"], "--deals", "1", "--log-dir", str(tmp_path))
    assert out["players"][crash]["forfeits"] == 3
    assert "it has exited" in err


def test_request_is_a_one_deal_record_cut_to_the_seat(tmp_path):
    dump = tmp_path / "requests.jsonl"
    seat = _bad_bot(tmp_path, "out = open(%r, 'a')\n"
                              "for line in sys.stdin:\n"
                              "    out.write(line); out.flush()\n"
                              "    print(json.loads(line)['legal'][0], flush=True)\n" % str(dump))
    run([seat, "easy", "easy"], "--deals", "1", "--log-dir", str(tmp_path))
    requests = [json.loads(line) for line in dump.read_text().splitlines()]
    assert requests
    phases = set()
    for r in requests:
        phases.add(r["phase"])
        deal = r["record"]["deals"]
        assert len(deal) == 1
        hands = deal[0]["hands"]
        me = r["seat"]
        assert all(h is None for s, h in enumerate(hands) if s != me)
        assert all(text.startswith("%d " % me) for text in r["legal"])
    assert "auction" in phases or "play" in phases


def test_make_rates_count_forced_bought_and_chosen_contracts():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tournament
    from thousand import scoring
    from thousand.game import DealResult

    def deal(bid, contract, result):
        r = DealResult()
        r.declarer, r.bid, r.contract, r.result, r.deltas = 0, bid, contract, result, [0, 0, 0]
        return r

    stats = {"a": tournament.Stats(), "b": tournament.Stats()}
    names = ("a", "b", "b")
    for r in (deal(100, 100, scoring.MADE),      # forced 100, kept at 100
              deal(100, 120, scoring.FAILED),    # forced, raised after the talon: chosen
              deal(110, 110, scoring.MADE),      # bought
              deal(100, None, scoring.CONCEDED),  # forced, conceded before the contract
              deal(None, None, scoring.REDEAL)):  # not a declared deal
        tournament._record_deal(r, names, stats)
    out = stats["a"].to_json(0)
    assert out["declarer_deals"] == 4 and out["make_rate"] == 0.5
    assert out["bought_deals"] == 1 and out["bought_make_rate"] == 1.0
    assert out["chosen_deals"] == 2 and out["chosen_make_rate"] == 0.5
    assert out["raised_deals"] == 1 and out["raised_make_rate"] == 0.0
    assert out["conceded_deals"] == 1


def test_a_contract_announced_above_any_winning_bid_counts_as_raised():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tournament
    from thousand import scoring
    from thousand.game import DealResult

    stats = {"a": tournament.Stats()}
    for bid, contract, result in ((120, 140, scoring.MADE), (120, 140, scoring.FAILED),
                                  (120, 140, scoring.MADE), (120, 120, scoring.MADE),
                                  (130, 130, scoring.CONCEDED)):
        r = DealResult()
        r.declarer, r.bid, r.contract, r.result, r.deltas = 0, bid, contract, result, [0, 0, 0]
        tournament._record_deal(r, ("a", "a", "a"), stats)
    out = stats["a"].to_json(0)
    assert out["raised_deals"] == 3 and out["raised_make_rate"] == 0.6667
    assert out["conceded_deals"] == 1 and out["bought_deals"] == 5


def test_gaps_pair_the_duplicate_sets_and_give_their_standard_error():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tournament

    totals = {"a": tournament.Stats(), "b": tournament.Stats()}
    totals["a"].set_means = [10.0, 20.0, 30.0, None]
    totals["b"].set_means = [0.0, 20.0, 10.0, 5.0]  # the last set has no deal of a's: left out
    gap = tournament.gaps(totals, ("a", "b", "b"))
    assert list(gap) == ["a - b"]
    assert gap["a - b"]["per_deal"] == 10.0 and gap["a - b"]["sets"] == 3
    assert gap["a - b"]["se"] == 5.77  # the differences 10, 0, 20: sd 10, over the root of 3


# ---------------------------------------------------------------------- the baseline

def test_the_baseline_answers_only_legal_actions_in_classic_full_and_random_rules():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import baseline_bots
    import bot_legality

    decisions = 0
    for index in range(6):
        bots = bot_legality.play_checked_game(index, 5, 8, lambda s: baseline_bots.make_bot("hard", index * 3 + s))
        decisions += sum(b.decisions for b in bots)
    assert decisions > 500


def test_hard_seated_against_two_baselines_reports_its_figures_and_the_gap():
    out, err = run(["hard", "baseline", "baseline"], "--deals", "6", "--seed", "2")
    assert set(out["players"]) == {"hard", "baseline"}
    assert out["deals"] == 18
    for player in out["players"].values():
        assert player["forfeits"] == 0
        assert player["declarer_deals"] > 0
        assert {"raised_deals", "raised_make_rate", "conceded_deals", "mean_delta_se"} <= set(player)
    gap = out["gaps"]["hard - baseline"]
    assert gap["sets"] == 6 and gap["se"] >= 0
    assert list(out["gaps"]) == ["hard - baseline"]


def test_the_baseline_stays_frozen():
    # The fixed opponent of issue 16: a change to these files changes what every figure
    # in docs/bots.md was measured against.  Only adapt them to an engine change that
    # breaks them, and say so in docs/bots.md.
    import hashlib

    expected = {
        "__init__.py": "0eff8a69bd3db3b7a5252847ebd3426517badfb9a94132bd7bf7a50f1065c41a",
        "evaluate.py": "681e2939c4c3aba89dab2614d7e77ab409eea8819d281f75fe23db4b9129746c",
        "heuristic.py": "6331ed5475b0554dfd8a1954b281d9813683fae339534586b0ceb3b4389607fe",
        "knowledge.py": "26963599c4af24367132a111dd9d42ab93804e1f6786f1b47ecf1b4d57416692",
        "solver.py": "755893777b9394bd4250af77426d14618e71afcb1701e28f2eff7fe2dcbc8492",
    }
    folder = os.path.join(ROOT, "tools", "baseline_bots")
    found = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            with open(os.path.join(folder, name), "rb") as f:
                found[name] = hashlib.sha256(f.read()).hexdigest()
    assert found == expected


ANSWER = "json.loads(line)['legal'][0]"
# Long enough for a bot's Python to start on a busy machine (the first answer's time
# includes the start), short enough that the hanging ones forfeit quickly.
BOT_TIMEOUT = "2"
MISBEHAVING_BOTS = {
    "crash": ("sys.stdin.readline()\nsys.stderr.write('boom\\n')\nraise SystemExit(3)\n",
              "it has exited (code 3)"),
    "garbage": ("for line in sys.stdin:\n    print('\\x00 \\u2603 garbage', flush=True)\n",
                "which is not a legal action"),
    "illegal": ("for line in sys.stdin:\n    seat = json.loads(line)['seat']\n"
                "    print('%d play AS' % ((seat + 1) % 3), flush=True)\n",
                "which is not a legal action"),
    "hang": ("for line in sys.stdin:\n    time.sleep(60)\n", "no answer within %s s" % BOT_TIMEOUT),
    "slow": ("for line in sys.stdin:\n    time.sleep(6)\n    print(%s, flush=True)\n" % ANSWER,
             "no answer within %s s" % BOT_TIMEOUT),
    "hang ignoring SIGTERM": ("import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                              "for line in sys.stdin:\n    time.sleep(60)\n"
                              "while True:\n    time.sleep(60)\n", "no answer within %s s" % BOT_TIMEOUT),
    "endless output": ("sys.stdin.readline()\nwhile True:\n    sys.stdout.write('0 pass\\n' * 1000)\n",
                       "answered with more than one line"),
    "endless line": ("sys.stdin.readline()\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
                     "wrote a line of more than 4096 bytes"),
    "huge line": ("for line in sys.stdin:\n    print(%s + ' ' * 100000, flush=True)\n" % ANSWER,
                  "wrote a line of more than 4096 bytes"),
    "two lines per answer": ("for line in sys.stdin:\n    a = %s\n"
                             "    sys.stdout.write(a + '\\n' + a + '\\n'); sys.stdout.flush()\n" % ANSWER,
                             "answered with more than one line"),
    "closed stdout while running": ("import os\nsys.stdin.readline()\nos.close(1)\ntime.sleep(60)\n",
                                    "closed its standard output but kept running"),
    # Whether the first request reached the pipe before the bot closed it depends on how fast
    # the bot started: then it is never read, and the bot forfeits by the clock instead.
    "closed stdin": ("import os\nos.close(0)\ntime.sleep(60)\n",
                     ("closed its standard input but kept running", "no answer within %s s" % BOT_TIMEOUT)),
    "missing program": (None, "could not start"),
    "padded answer": ("for line in sys.stdin:\n"
                      "    legal = json.loads(line)['legal']\n"
                      "    sys.stdout.write('  ' + legal[0] + '\\t\\r\\n')\n"
                      "    sys.stdout.flush()\n", "which is not a legal action"),
    # The same answer again a moment later: taken before the next request, as the next
    # request's answer (then its real answer is one line too many, or not legal), or after the
    # last answer when the match ends; every way, the match is lost.
    "late second line": ("for line in sys.stdin:\n    a = %s\n    print(a, flush=True)\n"
                         "    time.sleep(0.3)\n    print(a, flush=True)\n" % ANSWER,
                         ("one line per request", "which is not a legal action")),
}


@pytest.mark.parametrize("kind", sorted(MISBEHAVING_BOTS))
def test_a_misbehaving_external_bot_forfeits_every_match_with_its_reason(tmp_path, kind):
    body, reason = MISBEHAVING_BOTS[kind]
    seat = "cmd:%s" % (tmp_path / "no-such-bot") if body is None else _bad_bot(tmp_path, body)
    # a hang of the tournament fails here, by the subprocess timeout
    out, err = run([seat, "easy", "easy"], "--deals", "1", "--timeout", BOT_TIMEOUT, "--log-dir", str(tmp_path),
                   timeout=90)
    assert out["players"][seat]["forfeits"] == 3, err
    reasons = reason if isinstance(reason, tuple) else (reason,)
    assert err.count("forfeits: ") == 3 and sum(err.count(r) for r in reasons) == 3, err
    assert out["players"]["easy"]["forfeits"] == 0


def test_a_crashing_bot_leaves_its_last_words_in_its_log(tmp_path):
    seat = _bad_bot(tmp_path, MISBEHAVING_BOTS["crash"][0])
    run([seat, "easy", "easy"], "--deals", "1", "--log-dir", str(tmp_path))
    logs = [p.read_text() for p in tmp_path.glob("bot-seat*.log")]
    assert len(logs) == 3 and all(text == "boom\n" for text in logs)


def test_a_bot_flooding_stderr_keeps_a_log_of_bounded_size(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tournament

    seat = _bad_bot(tmp_path, "sys.stdin.readline()\nwhile True:\n    sys.stderr.write('y' * 65536)\n")
    run([seat, "easy", "easy"], "--deals", "1", "--timeout", BOT_TIMEOUT, "--log-dir", str(tmp_path))
    sizes = [p.stat().st_size for p in tmp_path.glob("bot-seat*.log")]
    assert len(sizes) == 3
    assert all(tournament.MAX_LOG_BYTES <= size < tournament.MAX_LOG_BYTES + 200 for size in sizes)



def test_the_default_time_per_answer_is_the_one_bots_md_states():
    import re

    from conftest import SHARED

    path = os.path.join(SHARED, "BOTS.md")
    if not os.path.exists(path):
        pytest.skip("../shared/BOTS.md does not exist here")
    with open(path) as f:
        stated = re.search(r"(\d+) s per request\s+by default", f.read())
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tournament

    assert stated is not None and tournament.DEFAULT_TIMEOUT == float(stated.group(1))


def _alive(pid):
    """True while the process exists and is not a zombie."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _pids(path):
    return [int(word) for word in path.read_text().split()] if path.exists() else []


def _wait_for(path, count):
    import time
    for _ in range(600):  # up to a minute for the bots to start
        if len(_pids(path)) >= count:
            return
        time.sleep(0.1)
    raise AssertionError("the bots never wrote their pids")


def _pid_bot(tmp_path, pids, body):
    return _bad_bot(tmp_path, "import os\n"
                              "open(%r, 'a').write('%%d\\n' %% os.getpid())\n" % str(pids) + body)


def test_a_bot_that_forks_a_child_and_exits_leaves_no_process_alive(tmp_path):
    pids = tmp_path / "pids"
    seat = _pid_bot(tmp_path, pids,
                    "child = os.fork()\n"
                    "if child == 0:\n"
                    "    open(%r, 'a').write('%%d\\n' %% os.getpid())\n"
                    "    time.sleep(600)\n"
                    "    os._exit(0)\n"
                    "sys.stdin.read()\n" % str(pids))
    subprocess.run([sys.executable, TOOL, "--seat", seat, "--seat", "random", "--seat", "random",
                    "--deals", "1", "--timeout", "1", "--log-dir", str(tmp_path)],
                   capture_output=True, text=True, timeout=120)
    found = _pids(pids)
    assert len(found) >= 2
    assert [pid for pid in found if _alive(pid)] == []


@pytest.mark.parametrize("signal_name, code, said", [("SIGTERM", 143, "terminated"),
                                                     ("SIGINT", 130, "interrupted"),
                                                     ("SIGHUP", 129, "hung up")])
def test_a_tournament_stopped_by_a_signal_leaves_no_bot_process_alive(tmp_path, signal_name,
                                                                      code, said):
    import signal
    pids = tmp_path / "pids"
    seat = _pid_bot(tmp_path, pids, "signal = __import__('signal')\n"
                                    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                                    "time.sleep(600)\n")
    proc = subprocess.Popen([sys.executable, TOOL, "--seat", seat, "--seat", "random",
                             "--seat", "random", "--deals", "1", "--timeout", "300",
                             "--log-dir", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(pids, 1)
        proc.send_signal(getattr(signal, signal_name))
        _out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == code
    assert "Traceback" not in err and said in err
    assert [pid for pid in _pids(pids) if _alive(pid)] == []


def test_a_bot_whose_grandchild_leaves_its_session_leaves_no_process_alive(tmp_path):
    # the child calls setsid() (out of the bot's process group), forks a grandchild and exits;
    # the bot exits when its stdin closes: the grandchild's parent is then init
    pids = tmp_path / "pids"
    seat = _pid_bot(tmp_path, pids,  # the grandchild's pid is written before the first answer
                    "if os.fork() == 0:\n"
                    "    os.setsid()\n"
                    "    grandchild = os.fork()\n"
                    "    if grandchild == 0:\n"
                    "        time.sleep(600)\n"
                    "        os._exit(0)\n"
                    "    open(%r, 'a').write('%%d\\n' %% grandchild)\n"
                    "    os._exit(0)\n"
                    "os.wait()\n"
                    "for line in sys.stdin:\n"
                    "    print(%s, flush=True)\n" % (str(pids), ANSWER))
    proc = subprocess.run([sys.executable, TOOL, "--seat", seat, "--seat", "random", "--seat", "random",
                           "--deals", "1", "--timeout", "60", "--log-dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "forfeits" not in proc.stderr, proc.stderr
    found = _pids(pids)
    assert len(found) == 6  # three matches, a bot and its grandchild in each
    assert [pid for pid in found if _alive(pid)] == []


@pytest.mark.parametrize("signal_name, code, said", [("SIGTERM", 143, "terminated"),
                                                     ("SIGINT", 130, "interrupted"),
                                                     ("SIGHUP", 129, "hung up")])
def test_a_tournament_in_worker_processes_stopped_by_a_signal_prints_no_traceback_and_leaves_no_process(
        tmp_path, signal_name, code, said):
    # --jobs 2: each worker holds bots of its own; the signal goes to the whole process group, as
    # Ctrl-C in a terminal does
    import signal
    pids = tmp_path / "pids"
    seat = _pid_bot(tmp_path, pids, "signal = __import__('signal')\n"
                                    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                                    "if os.fork() == 0:\n"
                                    "    open(%r, 'a').write('%%d\\n' %% os.getpid())\n"
                                    "time.sleep(600)\n" % str(pids))
    proc = subprocess.Popen([sys.executable, TOOL, "--seat", seat, "--seat", "random",
                             "--seat", "random", "--deals", "4", "--jobs", "2", "--timeout", "300",
                             "--log-dir", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        _wait_for(pids, 4)  # two bots and their children, one in each worker
        os.killpg(proc.pid, getattr(signal, signal_name))
        _out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == code
    assert "Traceback" not in err and said in err, err
    assert [pid for pid in _pids(pids) if _alive(pid)] == []


# ---------------------------------------------------------------------- variants of a level (issue 36)

def _tournament_module():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tournament

    return tournament


def test_a_variant_seat_reads_its_level_and_options():
    tournament = _tournament_module()
    assert tournament.parse_variant("hard:margin=-20") == ("hard", [("margin", -20)])
    assert tournament.parse_variant("normal:raise_marriages") == ("normal", [("raise_marriages", 120)])
    assert tournament.parse_variant("hard:raise_marriages=140,margin=10") == (
        "hard", [("raise_marriages", 140), ("margin", 10)])
    bot = tournament.make_variant("hard:margin=-20", 3)
    assert bot.level == "hard" and bot.bid_margin == tournament.make_bot("hard", 3).bid_margin - 20
    assert bot.auction_only  # hard's contract comes from play-outs: the margin moves its bids only
    assert not tournament.make_variant("normal:margin=5", 3).auction_only  # normal's contract reads it


def _auction_questions(count):
    """(view, hard's answer) for the first ``count`` bidding decisions of hard self-play deals."""
    from thousand.bots import make_bot
    from thousand.checks import checked_start
    from thousand.driver import TableDriver
    from thousand.game import PHASE_AUCTION, Game
    from thousand.rules import Rules

    found = []
    rules = Rules.preset("classic")
    for seed in range(400):
        game = Game(rules, seed=seed, start=checked_start({"deals_played": 3}, rules))
        driver = TableDriver(game)
        game.start_deal()
        bots = [make_bot("hard", seed * 3 + s) for s in range(3)]
        decision = driver.pending()
        while decision is not None and game.phase == PHASE_AUCTION:
            view = game.view(decision.seat)
            view.legal = decision.legal
            action = bots[decision.seat].decide(view)
            if any(A.verb(a) == A.BID for a in decision.legal):
                found.append((view, action))
                if len(found) == count:
                    return found
            driver.answer(decision, action)
            decision = driver.pending()
    return found


def test_variants_bid_otherwise_than_their_level_where_they_should_and_only_there():
    from thousand import cards as C

    tournament = _tournament_module()
    bolder = tournament.make_variant("hard:margin=-30", 1)
    careful = tournament.make_variant("hard:margin=30", 1)
    raiser = tournament.make_variant("hard:raise_marriages", 1)
    plain = tournament.make_variant("hard:margin=0", 1)
    bolder_bids = raiser_bids = careful_passes = 0
    for view, hard in _auction_questions(300):
        low = min(A.amount(a) for a in view.legal if A.verb(a) == A.BID)
        assert plain.decide(view) == hard
        bold = bolder.decide(view)
        assert bold == hard or (hard == A.ACTION_PASS and bold == A.bid(low))
        bolder_bids += bold != hard
        calm = careful.decide(view)
        assert calm == hard or (calm == A.ACTION_PASS and hard == A.bid(low))
        careful_passes += calm != hard
        raised = raiser.decide(view)
        if hard == A.ACTION_PASS and low <= 120 and C.marriages_in(view.dealt, False):
            assert raised == A.bid(low)
            raiser_bids += 1
        else:
            assert raised == hard
    assert bolder_bids and raiser_bids and careful_passes


def _without_timings(out, name=None, as_name=None):
    """A tournament's JSON without its timings, the player ``name`` called ``as_name``."""
    text = json.dumps(out)
    if name:
        text = text.replace('"%s' % name, '"%s' % as_name)
    out = json.loads(text)
    for player in out["players"].values():
        player.pop("decision_ms")
    return out


def test_a_variant_at_its_default_plays_exactly_as_its_level():
    plain, _ = run(["hard", "normal", "easy"], "--deals", "4", "--seed", "3")
    variant, _ = run(["hard:margin=0", "normal", "easy"], "--deals", "4", "--seed", "3")
    assert _without_timings(variant, "hard:margin=0", "hard") == _without_timings(plain)


def test_the_paired_run_gives_the_change_two_tournaments_give_on_the_same_sets():
    variant, _ = run(["hard:raise_marriages", "hard", "hard"], "--deals", "8", "--seed", "5")
    plain, _ = run(["hard:margin=0", "hard", "hard"], "--deals", "8", "--seed", "5")
    paired, _ = run(["hard:raise_marriages", "hard", "hard"], "--deals", "8", "--seed", "5", "--paired", "hard")
    change = (variant["gaps"]["hard:raise_marriages - hard"]["per_deal"]
              - plain["gaps"]["hard:margin=0 - hard"]["per_deal"])
    assert paired["sets"] == 8 and paired["deals"] == 24 and paired["differing_deals"] > 0
    assert abs(paired["change_per_deal"] - change) <= 0.011  # each figure rounded to 0.01
    assert paired["above_100_share"] == {"table": variant["above_100_share"],
                                         "reference": plain["above_100_share"]}
    assert paired["above_100_share"]["table"] > paired["above_100_share"]["reference"]


def test_a_paired_run_of_a_variant_at_its_default_differs_in_no_deal_whoever_sits_beside_it():
    for others in (["baseline", "normal"], ["normal", "easy"]):
        paired, _ = run(["hard:margin=0"] + others, "--deals", "12", "--seed", "38", "--paired", "hard")
        assert paired["differing_deals"] == 0 and paired["change_per_deal"] == 0.0
        assert paired["above_100_share"]["table"] == paired["above_100_share"]["reference"]
