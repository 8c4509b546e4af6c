"""The referee on Five Hundred records (FIVE_HUNDRED.md section 10): every shared case of
../shared/cases-500, the worked examples of section 11, and bad records."""

import glob
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, SHARED

sys.path.insert(0, os.path.join(ROOT, "tools"))
from referee import referee  # noqa: E402

from thousand.five_hundred import actions as A  # noqa: E402
from thousand.five_hundred import cards as C  # noqa: E402
from thousand.five_hundred.game import Game  # noqa: E402
from thousand.five_hundred.rules import Rules  # noqa: E402
from thousand.five_hundred.scoring import contract_delta, settle, trick_points  # noqa: E402

REFEREE = os.path.join(ROOT, "tools", "referee.py")
CASES_500 = os.path.join(SHARED, "cases-500")
CASE_FILES = sorted(glob.glob(os.path.join(CASES_500, "*.json")))


def case_ids():
    return [os.path.basename(f) for f in CASE_FILES] or ["no-cases"]


@pytest.mark.parametrize("path", CASE_FILES or [None], ids=case_ids())
def test_every_shared_five_hundred_case_gives_its_expected_result(path):
    if path is None:
        pytest.skip("../shared/cases-500 does not exist here")
    with open(path) as f:
        case = json.load(f)
    status, out = referee(json.dumps(case))
    expect = case["expect"]
    if "error" in expect:
        assert status == 2, out
        assert set(out) == {"error"}
        assert out["error"]["deal"] == expect["error"]["deal"]
        assert out["error"]["action"] == expect["error"]["action"]
        assert out["error"]["message"]
        return
    assert status == 0, out
    assert len(out["deals"]) == len(expect["deals"])
    for index, (want, got) in enumerate(zip(expect["deals"], out["deals"])):
        for key, value in want.items():
            assert got[key] == value, "deal %d, %s" % (index, key)
    for key in ("winner", "loser", "co_winners"):
        if key in expect:
            assert out.get(key) == expect[key], key


def run_cli(text):
    proc = subprocess.run([sys.executable, REFEREE], input=text.encode("utf-8"), capture_output=True, timeout=60)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


# A 3-player deal: seat 0 holds the top hearts; the kitty holds JC 8C 7C.
HANDS = [["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "AS", "AC"],
         ["KS", "QS", "TS", "9S", "8S", "7S", "KC", "QC", "TC", "9C"],
         ["8H", "7H", "AD", "KD", "QD", "TD", "9D", "8D", "7D", "JS"]]
KITTY = ["JC", "8C", "7C"]
SLAM = ["0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 7C",
        "0 play JK", "1 play 7S", "2 play 7H", "0 play JH", "1 play 8S", "2 play 8H",
        "0 play JD", "1 play 9S", "2 play 7D", "0 play AH", "1 play TS", "2 play 8D",
        "0 play KH", "1 play QS", "2 play 9D", "0 play QH", "1 play KS", "2 play TD",
        "0 play TH", "1 play 9C", "2 play QD", "0 play 9H", "1 play TC", "2 play KD",
        "0 play AS", "1 play QC", "2 play JS", "0 play AC", "1 play KC", "2 play AD"]


def record(actions, hands=None, kitty=None, deals=1, **extra):
    out = {"game": "five_hundred", "rules": {"preset": "australian", "players": 3}, "start": {"dealer": 2},
           "deals": [{"hands": hands or HANDS, "kitty": kitty or KITTY, "actions": actions}] * deals}
    out.update(extra)
    return json.dumps(out)


def test_the_cli_prints_the_result_and_exits_0_or_prints_the_error_and_exits_2():
    status, stdout, stderr = run_cli(record(SLAM))
    assert status == 0 and stderr == ""
    out = json.loads(stdout)
    assert out["deals"][0]["deltas"] == [250, 0, 0] and out["scores"] == [250, 0, 0]
    assert out["winner"] is None and out["loser"] is None and "co_winners" not in out
    status, stdout, _ = run_cli(record(SLAM[:5] + ["2 play AD"]))
    assert status == 2
    assert json.loads(stdout) == {"error": {"deal": 0, "action": 5,
                                            "message": "'2 play AD': it is seat 1's turn to play, not seat 2's"}}


@pytest.mark.parametrize("text, deal, action, words", [
    ("{not json", None, None, "not valid JSON"),
    (json.dumps({"game": "chess", "deals": []}), None, None, "unknown game"),
    (record([], rules={"preset": "nope"}), None, None, "unknown preset"),
    (record([], rules={"sans_kitty": 1}), None, None, "true or false"),
    (record([], rules={"players": 5}), None, None, "3 or 4"),
    (record([], rules={"defender_cap": "490"}), None, None, "whole number or null"),
    (record([], rules={"misere": "sometimes"}), None, None, "one of"),
    (record([], start={"dealer": 3}), None, None, "dealer"),
    (record([], start={"scores": [0, 0]}), None, None, "3 scores"),
    (record([], start={"scores": [-500, 0, 0]}), None, None, "lose_at"),
    (record([], start={"colour": 1}), None, None, "unknown key"),
    (json.dumps({"game": "five_hundred", "deals": {}}), None, None, "list of the deals"),
    (record([], hands=[HANDS[0], HANDS[1], HANDS[2][:9] + ["4S"]]), 0, None, "not in the 3-player pack"),
    (record([], hands=[HANDS[0], HANDS[1], HANDS[2][:9] + ["AS"]]), 0, None, "AS is dealt twice"),
    (record([], hands=[HANDS[0], HANDS[1], HANDS[2][:9]]), 0, None, "10 cards"),
    (record([], kitty=["JC", "8C"]), 0, None, "3 cards"),
    (record(["1 pass"]), 0, 0, "turn to speak"),
    (record(["0 bid 11H"]), 0, 0, "not a bid"),
    (record(["0 bid 7H sans"]), 0, 0, "sans kitty"),
    (record(["0 bid blind_misere"]), 0, 0, "blind misere"),
    (record(["0 bid misere sans"]), 0, 0, "never bid sans"),
    (record(["0 fly"]), 0, 0, "unknown action"),
    (record(["0\u00a0pass"]), 0, 0, "U+00A0, which is not plain ASCII"),
    (record([], hands=[HANDS[0], HANDS[1], HANDS[2][:9] + ["A\u017f"]]), 0, None, "U+017F, which is not plain ASCII"),
    (record(["3 pass"]), 0, 0, "no seat 3"),
    (record(["0 bid 7H", "1 pass", "2 pass", "0 pass"]), 0, 3, "auction is over"),
    (record(["0 bid 7H", "1 pass", "2 pass", "0 play JK"]), 0, 3, "discard three cards"),
    (record(["0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 4H"]), 0, 3, "4H"),
    (record(["0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C KS"]), 0, 3, "different cards of his 13"),
    (record(["0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 7C", "0 nominate H"]), 0, 4, "suit contract"),
    (record(["0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 7C", "0 play JK H"]), 0, 4, "named only"),
    (record(["0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 7C", "0 play JC"]), 0, 4, "does not hold JC"),
    (record(SLAM + ["0 play AS"]), 0, 34, "already over"),
    (record(SLAM, deals=2, start={"dealer": 2, "scores": [300, 0, 0]}), 1, None, "already over"),
])
def test_a_bad_five_hundred_record_gets_a_clear_error(text, deal, action, words):
    status, out = referee(text)
    assert status == 2, out
    error = out["error"]
    assert (error["deal"], error["action"]) == (deal, action), error
    assert words in error["message"] and "\n" not in error["message"]


def test_an_unfinished_deal_changes_no_score_and_only_the_last_deal_may_stop_early():
    status, out = referee(record(SLAM[:10]))
    assert status == 0
    deal = out["deals"][0]
    assert deal["result"] == "unfinished" and deal["deltas"] == [0, 0, 0] and deal["scores"] == [0, 0, 0]
    assert deal["contractor"] == 0 and deal["bid"] == "7H" and deal["tricks_won"] == [2, 0, 0]
    status, out = referee(record(SLAM[:10], deals=2))
    assert status == 2 and out["error"]["deal"] == 1 and out["error"]["action"] is None


def test_a_thousand_record_without_a_game_key_still_goes_to_thousands_referee():
    thousand = {"start": {"dealer": 2}, "deals": [{"hands": [["AS", "TS", "KS", "QS", "JS", "9S", "9C"],
                                                             ["AH", "TH", "KH", "QH", "JH", "9H", "TC"],
                                                             ["AD", "TD", "KD", "QD", "JD", "9D", "AC"]],
                                                   "talon": ["JC", "KC", "QC"],
                                                   "actions": ["1 pass", "2 pass", "0 concede"]}]}
    assert referee(json.dumps(thousand)) == referee(json.dumps(dict(thousand, game="thousand")))
    assert referee(json.dumps(thousand))[1]["scores"] == [-100, 50, 50]


# ---------------------------------------------------------------- FIVE_HUNDRED.md 11


def test_worked_examples_of_contract_scores():
    assert contract_delta(A.bid_code(7, 2), 8, 8) == (180, True)  # 7D with 8 tricks
    assert contract_delta(A.bid_code(7, 2), 10, 10) == (250, True)  # slam
    assert contract_delta(A.bid_code(8, 0), 10, 10) == (250, True)
    assert contract_delta(A.bid_code(8, 1), 10, 10) == (260, True)
    assert contract_delta(A.bid_code(7, 1), 6, 6) == (-160, False)
    assert contract_delta(A.MISERE, 0, 0) == (250, True)
    assert contract_delta(A.MISERE, 1, 1) == (-250, False)


class Table:
    """What scoring.settle reads of a game, set by hand."""

    def __init__(self, rules, contractor, bid, tricks_won, scores):
        self.rules = rules
        self.players = rules.players
        self.sides = rules.sides
        self.contractor = contractor
        self.bid = bid
        self.tricks_won = tricks_won
        self.scores = scores
        self.winner = self.loser = self.co_winners = None
        self.over = False


def test_worked_examples_of_defenders_the_cap_the_win_and_going_out_backwards():
    australian = Rules.preset("australian")
    t = Table(australian, 0, A.bid_code(7, 1), [6, 4, 0], [0, 0, 0])
    assert settle(t)[0] == [-160, 40, 0]  # 7C failed with 6 tricks; the defenders +40
    t = Table(australian, 0, A.bid_code(7, 3), [7, 3, 0], [0, 480, 0])
    settle(t)
    assert t.scores == [200, 510, 0] and not t.over  # 510 by defending does not win
    capped = Rules.from_dict({"defender_cap": 490})
    t = Table(capped, 0, A.bid_code(7, 3), [7, 3, 0], [0, 480, 0])
    settle(t)
    assert t.scores == [200, 490, 0]
    assert trick_points(470, 3, 490) == 20 and trick_points(490, 2, 490) == 0
    t = Table(australian, 0, A.bid_code(7, 0), [7, 3, 0], [400, 0, 0])
    settle(t)
    assert t.scores[0] == 540 and t.winner == 0 and t.over  # 400 + 7S: it wins
    t = Table(australian, 0, A.OPEN_MISERE, [1, 9, 0], [0, 0, 0])
    settle(t)
    assert t.scores == [-500, 0, 0] and t.loser == 0 and t.winner is None and t.co_winners == [1, 2]
    four = Rules.from_dict({"players": 4})
    t = Table(four, 1, A.bid_code(10, 3), [1, 5, 0, 4], [0, 0])
    settle(t)
    assert t.scores == [10, -500] and t.loser == 1 and t.winner == 0


def hand(*names):
    return C.hand_of([C.parse_card(n) for n in names])


def test_worked_examples_of_the_left_bower_and_a_void_seat():
    game = Game(Rules.from_dict({"players": 4}))
    game.trump = C.HEARTS
    led = game.follow_suit(C.parse_card("7C"))
    powers = [game.power(C.parse_card(n), led) for n in ("7C", "AC", "4H", "JD")]
    assert powers.index(max(powers)) == 3  # the left bower wins
    game.trump = C.SPADES
    game.led_suit = C.CLUBS
    game.hands[1][:] = hand("AD", "AS", "4H")
    assert not game.holds_suit(1, C.CLUBS)  # void: any card, AD included, may be played
    game.hands[1][:] = hand("JC", "AS")
    assert not game.holds_suit(1, C.CLUBS) and game.holds_suit(1, C.SPADES)  # JC is the left bower


# ---------------------------------------------------------------- fuzzing

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

WORDS = ["pass", "bid", "discard", "nominate", "play", "PLAY", "fly", "7H", "10nt", "misere", "sans", "JK",
         "H", "x", "open_misere", "blind_misere", "AS", "4H", "JD", "10S", "tn", "²", "-1", "0", "1", "2", "3"]
TEXTS = st.lists(st.sampled_from(WORDS), min_size=0, max_size=5).map(" ".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, len(SLAM)), inserted=st.lists(st.tuples(st.integers(0, len(SLAM)), TEXTS), max_size=3),
       players=st.sampled_from([3, 4, 5, "4", True]), extra=st.dictionaries(
           st.sampled_from(["sans_kitty", "raise_own_bid", "misere", "all_pass", "joker_lead_last", "defender_cap"]),
           st.sampled_from([True, False, None, 490, "off", "play_nt", "anytime", "x"])))
def test_a_mangled_record_is_either_replayed_or_refused_in_words_never_crashed(cut, inserted, players, extra):
    actions = SLAM[:cut]
    for at, text in inserted:
        actions = actions[:at] + [text] + actions[at:]
    rules = dict(extra, preset="australian", players=players)
    text = json.dumps({"game": "five_hundred", "rules": rules, "start": {"dealer": 2},
                       "deals": [{"hands": HANDS, "kitty": KITTY, "actions": actions}]})
    status, out = referee(text)
    assert status in (0, 2)
    if status == 2:
        assert not out["error"]["message"].startswith("the record could not be replayed"), out
    else:
        assert out["deals"][0]["result"] in ("made", "failed", "unfinished", "passed_out")
