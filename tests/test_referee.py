"""The referee (tools/referee.py): every shared recorded game, bad input, fuzzing."""

import glob
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CASES, ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
from referee import answer, referee  # noqa: E402

REFEREE = os.path.join(ROOT, "tools", "referee.py")
CASE_FILES = sorted(glob.glob(os.path.join(CASES, "*.json")))


def run_cli(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    proc = subprocess.run([sys.executable, REFEREE], input=data, capture_output=True, timeout=60)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def case_ids():
    return [os.path.basename(f) for f in CASE_FILES] or ["no-cases"]


@pytest.mark.parametrize("path", CASE_FILES or [None], ids=case_ids())
def test_shared_case(path):
    if path is None:
        pytest.skip("../shared/cases does not exist here")
    with open(path) as f:
        case = json.load(f)
    status, out = referee(json.dumps(case))
    expect = case["expect"]
    if "error" in expect:
        assert status == 2
        assert out["error"]["deal"] == expect["error"]["deal"]
        assert out["error"]["action"] == expect["error"]["action"]
        assert out["error"]["message"]
        return
    assert status == 0, out
    assert len(out["deals"]) == len(expect["deals"])
    for index, (want, got) in enumerate(zip(expect["deals"], out["deals"])):
        for key, value in want.items():
            assert got[key] == value, "deal %d, %s" % (index, key)
    assert out["winner"] == expect.get("winner")


@pytest.mark.slow
def test_cli_prints_json_and_exit_status():
    record = {"start": {"dealer": 2}, "deals": [{"hands": [["AS", "TS", "KS", "QS", "JS", "9S", "9C"],
                                   ["AH", "TH", "KH", "QH", "JH", "9H", "TC"],
                                   ["AD", "TD", "KD", "QD", "JD", "9D", "AC"]],
                         "talon": ["JC", "KC", "QC"],
                         "actions": ["1 pass", "2 pass", "0 concede"]}]}
    status, stdout, stderr = run_cli(json.dumps(record))
    assert status == 0 and stderr == ""
    out = json.loads(stdout)
    assert out["scores"] == [-100, 50, 50] and out["deals"][0]["result"] == "conceded"
    record["deals"][0]["actions"] = ["1 pass", "2 pass", "1 concede"]
    status, stdout, _ = run_cli(json.dumps(record))
    assert status == 2
    assert json.loads(stdout) == {"error": {"deal": 0, "action": 2,
                                            "message": "'1 concede': only the declarer (seat 0) may concede"}}


HANDS = [["AS", "TS", "KS", "QS", "JS", "9S", "9C"], ["AH", "TH", "KH", "QH", "JH", "9H", "TC"],
         ["AD", "TD", "KD", "QD", "JD", "9D", "AC"]]
TALON = ["JC", "KC", "QC"]


def one_deal(actions, hands=None, talon=None, **extra):
    record = {"start": {"dealer": 2},
              "deals": [{"hands": hands or HANDS, "talon": talon or TALON, "actions": actions}]}
    record.update(extra)
    return json.dumps(record)


@pytest.mark.parametrize("text, deal, action, words", [
    ("{not json", None, None, "not valid JSON"),
    ("[1, 2]", None, None, "JSON object"),
    (json.dumps({"rules": {"preset": "nope"}, "deals": []}), None, None, "unknown preset"),
    (json.dumps({"rules": {"golden": 1}, "deals": []}), None, None, "true or false"),
    (json.dumps({"rules": {"no_such_rule": 1}, "deals": []}), None, None, "unknown agreement"),
    (json.dumps({"start": {"dealer": 5}, "deals": []}), None, None, "dealer"),
    (json.dumps({"start": {"colour": 1}, "deals": []}), None, None, "unknown key"),
    (one_deal([], hands=[HANDS[0], HANDS[1], HANDS[2][:6] + ["XX"]]), 0, None, "unknown card"),
    (one_deal([], hands=[HANDS[0], HANDS[1], HANDS[2][:6] + ["AS"]]), 0, None, "AS is dealt twice"),
    (one_deal([], talon=["JC", "KC"]), 0, None, "3 cards"),
    (one_deal(["1 pass", "2 pass", "0 give AH 1"]), 0, 2, "does not hold AH"),
    (one_deal(["0 pass"]), 0, 0, "turn"),
    (one_deal(["1 bid 107"]), 0, 0, "steps of 5"),
    (one_deal(["1 bid 95"]), 0, 0, "above the current 100"),
    (one_deal(["1 fly"]), 0, 0, "unknown action"),
    (one_deal(["7 pass"]), 0, 0, "no seat 7"),
    (one_deal(["1 pass", "2 pass", "0 contract 100"]), 0, 2, "give one card to each opponent"),
    (one_deal(["1 pass", "2 pass", "0 give 9C 0"]), 0, 2, "not to himself"),
    (one_deal(["1 pass", "2 pass", "0 give 9C 1", "0 give JC 1"]), 0, 3, "already received"),
    (one_deal(["1 pass", "2 pass", "0 give 9C 1", "0 give JC 2", "0 contract 300"]), 0, 4, "at most"),
    (one_deal(["1 pass", "2 pass", "0 give 9C 1", "0 give JC 2", "0 contract 100", "1 play AH"]), 0, 5,
     "turn to play"),
    (one_deal(["1 pass", "2 pass", "0 give 9C 1", "0 give JC 2", "0 contract 100", "0 play KC",
               "1 play AH"]), 0, 6, "must follow clubs"),
    (one_deal(["1 pass", "2 pass", "0 give 9C 1", "0 give JC 2", "0 contract 100", "0 play KS declare"]), 0, 5,
     "must win a trick"),
    (one_deal(["1 pass", "2 pass", "0 concede", "1 pass"]), 0, 3, "already over"),
    (one_deal(["1 redeal"]), 0, 0, "does not allow a redeal"),
    (one_deal(["0 dark"]), 0, 0, "dark games are off"),
])
def test_bad_records_get_a_clear_error(text, deal, action, words):
    status, stdout, stderr = run_cli(text) if deal is None and action is None and "XX" not in text else (
        (lambda r: (r[0], json.dumps(r[1]), ""))(referee(text)))
    assert status == 2
    error = json.loads(stdout)["error"]
    assert error["deal"] == deal and error["action"] == action
    assert words in error["message"], error["message"]
    assert "Traceback" not in stderr


FOUR_ACES = {"hands": [["AS", "AC", "AD", "AH", "KS", "QS", "9S"], ["TS", "JS", "TC", "KC", "QC", "JC", "9C"],
                       ["TD", "KD", "QD", "JD", "9D", "TH", "KH"]], "talon": ["QH", "JH", "9H"]}
DARK_AND_FOUR_ACES = {"preset": "classic", "dark": True, "dark_min_score": 0, "redeal_four_aces": True}


@pytest.mark.parametrize("first", [["0 dark"], []], ids=["dark", "no dark (not written)"])
def test_a_forced_redeal_of_four_aces_follows_the_dark_answer(first):
    next_deal = {"hands": HANDS, "talon": TALON, "actions": ["1 pass", "2 pass"]}
    status, out = referee(json.dumps({"rules": DARK_AND_FOUR_ACES, "start": {"dealer": 2},
                                      "deals": [dict(FOUR_ACES, actions=first), next_deal]}))
    assert status == 0, out
    assert [d["result"] for d in out["deals"]] == ["redeal", "unfinished"]
    assert [d["dealer"] for d in out["deals"]] == [2, 2]  # the redeal keeps the dealer
    status, out = referee(json.dumps({"rules": DARK_AND_FOUR_ACES, "start": {"dealer": 2},
                                      "deals": [dict(FOUR_ACES, actions=first + ["1 pass"])]}))
    assert status == 2 and "already over" in out["error"]["message"]
    assert (out["error"]["deal"], out["error"]["action"]) == (0, len(first))


def test_no_deal_may_follow_an_unfinished_one_or_the_end():
    status, out = referee(json.dumps({"start": {"dealer": 2}, "deals": [
        {"hands": HANDS, "talon": TALON, "actions": ["1 pass"]},
        {"hands": HANDS, "talon": TALON, "actions": []}]}))
    assert status == 2 and out["error"]["deal"] == 1 and out["error"]["action"] is None
    won = {"start": {"scores": [880, 0, 0], "barrel": [3, None, None], "dealer": 2},
           "deals": [{"hands": HANDS, "talon": TALON,
                      "actions": ["1 pass", "2 pass", "0 give 9C 1", "0 give JC 2", "0 contract 120"]
                      + ["0 play AS", "1 play 9H", "2 play AC"]}]}
    status, out = referee(json.dumps(won))
    assert status == 0 and out["deals"][0]["result"] == "unfinished"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=300))
def test_fuzz_garbage_never_crashes(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    status, out = referee(text)
    assert status in (0, 2)
    json.dumps(out)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-2000, 2000) | st.text(max_size=6)
    | st.sampled_from(["AS", "10H", "1 pass", "0 play AS", "0 give 9C 1", "classic", "full"]),
    lambda children: st.lists(children, max_size=8) | st.dictionaries(
        st.sampled_from(["rules", "start", "deals", "hands", "talon", "actions", "preset", "dealer",
                         "scores", "golden", "barrel"]), children, max_size=5),
    max_leaves=40)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=JSONISH)
def test_fuzz_structured_garbage_never_crashes(value):
    status, out = referee(json.dumps(value))
    assert status in (0, 2)
    if status == 2:
        assert set(out["error"]) == {"deal", "action", "message"}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, max(0, len(CASE_FILES) - 1)), cut=st.floats(0, 1), mode=st.sampled_from(
    ["bytes", "actions", "swap"]))
def test_fuzz_truncated_and_mangled_records(index, cut, mode):
    if not CASE_FILES:
        pytest.skip("../shared/cases does not exist here")
    with open(CASE_FILES[index]) as f:
        text = f.read()
    if mode == "bytes":
        mangled = text[: int(len(text) * cut)]
    else:
        record = json.loads(text)
        deals = record["deals"]
        d = int(cut * (len(deals) - 1))
        acts = deals[d].get("actions", [])
        k = int(cut * len(acts))
        if mode == "actions":
            deals[d]["actions"] = acts[:k] + ["0 play AS"] + acts[k:]
        elif len(acts) > k + 1:
            acts[k], acts[k + 1] = acts[k + 1], acts[k]
        mangled = json.dumps(record)
    status, out = referee(mangled)
    assert status in (0, 2)
    if status == 2:
        assert out["error"]["message"]


@pytest.mark.slow
def test_cli_fuzz_processes_never_print_a_traceback():
    for data in [b"", b"\xff\xfe", b"{}", b"{\"deals\": 5}", b"null", b"[" * 5000 + b"]" * 5000]:
        status, stdout, stderr = run_cli(data)
        assert status in (0, 2), stdout
        assert "Traceback" not in stderr
        json.loads(stdout)


@pytest.mark.parametrize("written", ["0_1 pass", "+1 pass", "01 pass", "\uff11 pass", "1 bid 1_10",
                                     "1 bid +110", "1 bid 0110", "1 bid \uff11\uff11\uff10", "1 bid 110.0",
                                     "1 bid " + "1" * 5000])
def test_numbers_in_actions_are_plain_ascii_digits(written):
    status, out = referee(one_deal([written]))
    assert status == 2 and (out["error"]["deal"], out["error"]["action"]) == (0, 0)
    assert "number" in out["error"]["message"] or "not plain ASCII" in out["error"]["message"]


@pytest.mark.parametrize("written", ["1\u00a0pass", "1 pass\u00a0", "1\tpass", "1 bid 1\u200b10"])
def test_an_action_holding_a_character_that_is_not_plain_ascii_is_refused(written):
    status, out = referee(one_deal([written]))
    assert status == 2 and (out["error"]["deal"], out["error"]["action"]) == (0, 0)
    assert "not plain ASCII" in out["error"]["message"]


def test_a_card_written_with_a_long_s_is_refused_not_read_as_spades():
    record = json.loads(one_deal([]))
    hand = record["deals"][0]["hands"][0]
    hand[hand.index("AS") if "AS" in hand else 0] = "A\u017f"
    status, out = referee(json.dumps(record))
    assert status == 2 and "U+017F, which is not plain ASCII" in out["error"]["message"]


@pytest.mark.parametrize("written", ["2 keep", "1 nodark"])
def test_bot_answers_are_not_record_actions(written):
    status, out = referee(one_deal([written]))
    assert status == 2 and out["error"]["action"] == 0
    assert "not an action of a record" in out["error"]["message"]


@pytest.mark.parametrize("record, words", [
    ({"start": {"scores": [700, 0, 0], "barrel": [2, None, None]}, "deals": []}, "below the sitting score 880"),
    ({"rules": {"barrel_at": 900}, "start": {"scores": [880, 0, 0], "barrel": [1, None, None]}, "deals": []},
     "below the sitting score 900"),
    ({"start": {"scores": [880, 0, 0], "barrel": [4, None, None]}, "deals": []}, "the rules give 3"),
    ({"start": {"dealer": 2}}, "needs 'deals'"),
    ({"rules": {"preset": ["classic"]}, "deals": []}, "a preset is a name"),
    ({"rules": {"preset": {"classic": 1}}, "deals": []}, "a preset is a name"),
    ({"start": {"scores": [10 ** 3000, 0, 0]}, "deals": []}, "'start.scores' holds"),
    ({"start": {"scores": [-100000, 0, 0]}, "deals": []}, "from -99999 to 99999"),
    ({"start": {"bolts": [3, 0, 0]}, "deals": []}, "'start.bolts' holds 3"),
    ({"start": {"deals_played": 10 ** 40}, "deals": []}, "'start.deals_played' must be"),
    ({"start": {"barrels_used": [0, 10 ** 6, 0]}, "deals": []}, "'start.barrels_used' holds"),
    ({"rules": {"target": 10 ** 3000}, "deals": []}, "between -9999 and 9999"),
    ({"rules": {"bolt_penalty": -10 ** 20}, "deals": []}, "between -9999 and 9999"),
])
def test_impossible_records_are_refused_in_words(record, words):
    status, stdout, stderr = run_cli(json.dumps(record))
    assert status == 2 and stderr == ""
    error = json.loads(stdout)["error"]
    assert (error["deal"], error["action"]) == (None, None)
    assert words in error["message"], error["message"]


def test_a_seat_on_the_barrel_at_the_sitting_score_still_plays():
    status, out = referee(json.dumps({"start": {"scores": [880, 0, 0], "barrel": [3, None, None]},
                                      "deals": []}))
    assert status == 0 and out == {"deals": [], "scores": [880, 0, 0], "winner": None}


def _answer_never_fails(data):
    status, line = answer(data)
    assert status in (0, 2)
    out = json.loads(line)
    if status == 2:
        # a refusal in words, never the catch-all that hides a crash of the engine
        assert "could not be replayed" not in out["error"]["message"], out
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=400))
def test_random_bytes_give_a_result_or_a_refusal(data):
    _answer_never_fails(data)


ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(["AS", "10H", "ｔｈ", "1 pass", "0 play AS declare", "0 give 9C 1", "1 bid 110",
                       "2 keep", "0 dark", "classic", "full", "club", "family"]),
    lambda children: st.lists(children, max_size=8) | st.dictionaries(
        st.text(max_size=8) | st.sampled_from(
            ["rules", "start", "deals", "hands", "talon", "actions", "preset", "dealer", "scores", "bolts",
             "barrel", "barrels_used", "deals_played", "target", "golden", "dark", "barrel_at"]),
        children, max_size=6),
    max_leaves=60)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=ANY_JSON)
def test_random_json_gives_a_result_or_a_refusal(value):
    _answer_never_fails(json.dumps(value).encode("utf-8"))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=ANY_JSON, start=ANY_JSON, actions=st.lists(
    st.sampled_from(["1 pass", "2 pass", "1 bid 105", "2 bid 110", "0 dark", "1 redeal", "0 give 9C 1",
                     "0 give JC 2", "0 contract 120", "0 concede", "0 play AS", "0 play KS declare"])
    | st.text(max_size=12), max_size=12))
@pytest.mark.slow
def test_random_rules_and_starts_around_a_real_deal_give_a_result_or_a_refusal(rules, start, actions):
    record = {"rules": rules, "start": start,
              "deals": [{"hands": HANDS, "talon": TALON, "actions": actions}]}
    _answer_never_fails(json.dumps(record).encode("utf-8"))


def test_out_of_range_starts_and_too_many_deals_are_refused_in_a_players_words():
    status, out, _ = run_cli(json.dumps({"start": {"barrels_used": [256, 0, 0]}, "deals": []}))
    assert status == 2 and "'start.barrels_used' holds 256: it must be from 0 to 99" in out
    status, out, _ = run_cli(json.dumps({"deals": [{}] * 65536}))
    assert status == 2 and "longer than any game" in out and "format" not in out


@pytest.mark.slow
def test_a_game_whose_seats_fall_off_the_barrel_more_than_255_times_is_played_and_replayed():
    # Without the three-falls zero, a fall costing nothing and one barrel deal, a seat falls every
    # few deals: past 255 falls, the packed deal row's byte failed ('ubyte format requires ...'),
    # in the game and in the referee's replay of its record.  The count stops at 255.
    from thousand.bots import make_bot
    from thousand.checks import checked_start
    from thousand.driver import TableDriver
    from thousand.game import Game
    from thousand.record import game_record
    from thousand import rules_check

    rules = rules_check.from_dict({"preset": "classic", "barrel_three_falls_zero": False, "barrel_fall_penalty": 0,
                             "barrel_deals": 1, "barrel_win": 9999, "target": 9999,
                             "barrel_collision": "share"})
    game = Game(rules, seed=3, start=checked_start({"scores": [880, 880, 880], "barrel": [1, 1, 1],
                                                    "barrels_used": [99, 99, 99]}, rules))
    bots = [make_bot("easy", seat) for seat in range(3)]
    falls_at_the_most = 0
    while falls_at_the_most < 3 and not game.over:
        driver = TableDriver(game)
        game.start_deal()
        on_barrel = game.barrel[0] is not None and game.barrels_used[0] == 255
        while True:
            decision = driver.pending()
            if decision is None:
                break
            view = game.view(decision.seat)
            view.legal = decision.legal
            driver.answer(decision, bots[decision.seat].decide(view))
        if on_barrel and game.barrel[0] is None:
            falls_at_the_most += 1
    assert falls_at_the_most == 3 and game.barrels_used[0] == 255
    status, line = answer(json.dumps(game_record(game)).encode())
    assert status == 0, line
    assert json.loads(line)["deals"][-1]["barrels_used"][0] == 255


@pytest.mark.slow
def referee_in_an_address_space_of(record_path, megabytes):
    """The referee run on the file ``record_path`` with its process's address space limited."""
    import resource

    def limit():  # in the referee's process only
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))

    with open(str(record_path), "rb") as stdin:
        return subprocess.run([sys.executable, REFEREE], stdin=stdin, capture_output=True, timeout=120,
                              preexec_fn=limit)


def test_a_huge_record_under_a_memory_limit_ends_with_one_line_and_exit_2(tmp_path):
    big = tmp_path / "big.json"
    with open(str(big), "w") as f:  # one action list of about 60 MB
        f.write('{"deals": [{"actions": [')
        f.write('"0 pass", ' * 6000000)
        f.write('"0 pass"]}]}')
    proc = referee_in_an_address_space_of(big, 400)
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 2, proc.stderr
    assert len(lines) == 1 and "longer than any game" in lines[0]
    assert b"Traceback" not in proc.stderr


def test_a_record_within_the_size_limit_that_needs_more_memory_than_there_is_ends_with_one_line(tmp_path):
    # Under the 16 MB limit, millions of empty lists still take some 300 MB to read: under a
    # limit of 120 MB of address space the MemoryError is one line and exit 2, not a traceback.
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from referee import MAX_RECORD_BYTES

    big = tmp_path / "big.json"
    count = (MAX_RECORD_BYTES - 100) // 3
    with open(str(big), "w") as f:
        f.write('{"deals": [' + "[]," * count + "[]]}")
    assert big.stat().st_size <= MAX_RECORD_BYTES

    proc = referee_in_an_address_space_of(big, 120)
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 2, proc.stderr
    assert len(lines) == 1 and "memory" in json.loads(lines[0])["error"]["message"], lines
    assert proc.stderr == b""
