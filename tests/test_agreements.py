"""Every agreement of RULES.md sections 6 and 7, each shown changing the game."""

import pytest

from helpers import SPADES_HAND, SPADES_TALON, act, deal, legal_text, new_game
from thousand import actions
from thousand import cards as C
from thousand import scoring
from thousand.game import PHASE_AUCTION, PHASE_DARK, PHASE_DEAL_OVER, PHASE_PLAY, PHASE_TALON, IllegalAction
from thousand.notation import log_text, parse_card
from thousand.rules import Rules
from thousand import rules_check

FIRST0 = {"dealer": 2}  # seat 0 is first hand


def cards(text):
    return C.mask_of([parse_card(t) for t in text.split()])


def position(hands, trick="", trump=None, to_move=0, setter=-1, won=(1, 1, 1), **agreements):
    """A game in the play phase with the given hands and trick (white-box, for play rules)."""
    game = new_game(start=FIRST0, **agreements)
    deal(game, SPADES_HAND, SPADES_TALON)
    act(game, "1 pass", "2 pass", "0 give JH 1", "0 give TH 2", "0 contract 100")
    game.hands = [cards(h) for h in hands]
    played = [parse_card(t) for t in trick.split()]
    n = len(played)
    for i, c in enumerate(played):
        game.trick_cards[i] = c
        game.trick_seats[i] = (to_move - n + i) % 3
    game.trick_len = n
    game.trump = -1 if trump is None else "SCDH".index(trump)
    game.trump_setter = setter
    game.tricks_won = list(won)
    game.to_move = to_move
    game.played = [(0, 0)] if n else []
    return game


def playable(game, seat=None):
    return C.names(game.playable(game.to_move if seat is None else seat))


# ---------------------------------------------------------------- the auction

def test_bid_jumps():
    game = deal(new_game(start=FIRST0), SPADES_HAND, SPADES_TALON)
    assert "1 bid 160" in legal_text(game, 1)  # seat 1: clubs marriage, cap 180
    game = deal(new_game(start=FIRST0, bid_jumps=False), SPADES_HAND, SPADES_TALON)
    assert [t for t in legal_text(game, 1) if "bid" in t] == ["1 bid 105"]
    with pytest.raises(IllegalAction, match="by 5 only"):
        act(game, "1 bid 110")


def test_bid_cap_marriages_and_none():
    game = deal(new_game(start=FIRST0), SPADES_HAND, SPADES_TALON)
    bids = [t for t in legal_text(game, 1) if "bid" in t]
    assert bids[-1] == "1 bid 180"  # 120 + clubs 60
    act(game, "1 pass")
    assert [t for t in legal_text(game, 2) if "bid" in t][-1] == "2 bid 200"  # diamonds 80
    game = deal(new_game(start=FIRST0, bid_cap="none"), SPADES_HAND, SPADES_TALON)
    assert [t for t in legal_text(game, 1) if "bid" in t][-1] == "1 bid 200"  # offered up to +100
    act(game, "1 bid 200")
    assert game.bid == 200


def test_silence_below():
    game = deal(new_game(start={"dealer": 2, "scores": [0, -200, 0]}, silence_below=-120),
                SPADES_HAND, SPADES_TALON)
    assert game.to_move == 2  # seat 1 passed automatically
    assert game.passed == 0b010
    act(game, "2 pass")
    assert game.declarer == 0 and log_text(game) == ["2 pass"]
    both = new_game(start={"dealer": 2, "scores": [0, -200, -300]}, silence_below=-120)
    deal(both, SPADES_HAND, SPADES_TALON)
    assert both.phase == PHASE_TALON and both.declarer == 0  # the auction ends at once


def test_talon_hidden_at_100():
    game = act(deal(new_game(start=FIRST0), SPADES_HAND, SPADES_TALON), "1 pass", "2 pass")
    assert not game.talon_shown and game.view(1).talon is None and game.view(0).talon is not None
    game = act(deal(new_game(start=FIRST0, talon_hidden_at_100=False), SPADES_HAND, SPADES_TALON),
               "1 pass", "2 pass")
    assert game.talon_shown and game.view(1).talon == cards(SPADES_TALON)
    game = act(deal(new_game(start=FIRST0), SPADES_HAND, SPADES_TALON), "1 bid 105", "2 pass", "0 pass")
    assert game.talon_shown and game.view(2).talon == cards(SPADES_TALON)


def test_discard_open():
    for open_, seen in ((False, -1), (True, parse_card("JH"))):
        game = act(deal(new_game(start=FIRST0, discard_open=open_), SPADES_HAND, SPADES_TALON),
                   "1 pass", "2 pass", "0 give JH 1")
        assert game.view(2).gives == [(seen, 1)]
        assert game.view(1).gives == [(parse_card("JH"), 1)] and game.view(1).received == parse_card("JH")
        assert log_text(game, 2)[-1] == ("0 give JH 1" if open_ else "0 give ?? 1")


# ---------------------------------------------------------------- play rules

def test_must_follow_and_must_trump_always_hold():
    game = position(["AS 9S", "KH 9C", "TD QD"], trick="AS", to_move=1, trump="D")
    assert playable(game) == ["9C", "KH"]  # void in spades, no trump: anything
    game = position(["AS 9S", "KH 9C", "TD QS"], trick="AS KH", to_move=2, trump="D")
    assert playable(game) == ["QS"]  # must follow
    game = position(["AS 9S", "KH 9C", "TD QH"], trick="AS KH", to_move=2, trump="D")
    assert playable(game) == ["TD"]  # void: must trump


def test_must_beat():
    hands = ["KH 9S", "QH JS", "TH 9H"]
    assert playable(position(hands, trick="KH QH", to_move=2)) == ["9H", "TH"]
    assert playable(position(hands, trick="KH QH", to_move=2, must_beat=True)) == ["TH"]
    # literal: beat the best card of the led suit even when the trick is trumped
    hands = ["KH 9S", "QS JS", "TH 9H"]
    assert playable(position(hands, trick="KH QS", to_move=2, trump="S", must_beat=True)) == ["TH"]


def test_must_overtrump():
    hands = ["KH 9S", "QS JS", "AS 9S JD"]
    assert playable(position(["KH", "QS", "AS 9C JD"], trick="KH QS", to_move=2, trump="S")) == ["AS"]
    game = position(["KH", "QS", "AS JS"], trick="KH QS", to_move=2, trump="S")
    assert playable(game) == ["JS", "AS"]
    game = position(["KH", "QS", "AS JS"], trick="KH QS", to_move=2, trump="S", must_overtrump=True)
    assert playable(game) == ["AS"]
    game = position(["KH", "AS", "QS JS"], trick="KH AS", to_move=2, trump="S", must_overtrump=True)
    assert playable(game) == ["JS", "QS"]  # cannot overtrump: any trump
    assert hands  # binds only a player void in the led suit:
    game = position(["KS", "QH", "AS JS"], trick="KS QH", to_move=2, trump="H", must_overtrump=True)
    assert playable(game) == ["JS", "AS"]


def test_marriage_needs_trick():
    game = position(["KS QS 9C", "9H", "9D"], won=(0, 0, 0))
    assert game.declarable(0) == 0
    game = position(["KS QS 9C", "9H", "9D"], won=(0, 0, 0), marriage_needs_trick=False)
    assert C.names(game.declarable(0)) == ["QS", "KS"]
    game = position(["KS QS 9C", "9H", "9D"], won=(1, 0, 0))
    assert C.names(game.declarable(0)) == ["QS", "KS"]
    act(game, "0 play QS declare")
    assert game.trump == C.SPADES and game.marriage_points[0] == 40 and game.trump_setter == 0


def test_ace_marriage():
    hands = ["AS AC AD AH KD", "9H", "9D"]
    game = position(hands)
    assert C.names(game.declarable(0)) == ["AS", "AC", "AD", "AH"]
    act(game, "0 play AD declare")
    assert game.marriage_points[0] == 200 and game.trump == -1
    game = position(hands, ace_marriage=False)
    assert game.declarable(0) == 0
    with pytest.raises(IllegalAction, match="ace marriage is off"):
        act(game, "0 play AD declare")


def test_lead_trump_only_declarer():
    hands = ["AH 9S", "KH JS", "9D"]
    game = position(hands, trump="H", setter=2, to_move=1)
    assert playable(game) == ["JS", "KH"]
    game = position(hands, trump="H", setter=2, to_move=1, lead_trump_only_declarer=True)
    assert playable(game) == ["JS"]
    with pytest.raises(IllegalAction, match="who set the trump"):
        act(game, "1 play KH")
    game = position(["AH 9S", "KH QH", "9D"], trump="H", setter=2, to_move=1, lead_trump_only_declarer=True)
    assert playable(game) == ["QH", "KH"]  # nothing but trumps
    game = position(["AH 9S", "KH JS", "9D"], trump="H", setter=1, to_move=1, lead_trump_only_declarer=True)
    assert playable(game) == ["JS", "KH"]  # the setter may


# ---------------------------------------------------------------- scoring of a deal

def test_round_declarer_and_worked_examples_of_section_9():
    classic = Rules.preset("classic")
    rounded = rules_check.from_dict({"round_declarer": True})
    assert [scoring.round5(x) for x in (17, 18, 67, 68, 12, 13)] == [15, 20, 65, 70, 10, 15]

    def declarer_delta(rules, contract, total, kind=scoring.NORMAL):
        out = scoring.deal_deltas(rules, kind, 0, contract, scoring.MADE, [total, 0, 0], [0, 0, 0], [0] * 3)
        return out[0]
    assert declarer_delta(classic, 170, 220) == 170
    assert declarer_delta(classic, 140, 139) == -140
    assert declarer_delta(classic, 100, 98) == -100
    assert declarer_delta(rounded, 100, 98) == 100
    assert declarer_delta(classic, 120, 120, scoring.GOLDEN) == 240
    assert declarer_delta(classic, 120, 100, scoring.GOLDEN) == -240
    assert declarer_delta(classic, 120, 120, scoring.DARK) == 240
    assert declarer_delta(classic, 120, 119, scoring.DARK) == -240


def test_defenders_in_normal_dark_and_golden_deals():
    classic = Rules.preset("classic")
    single = rules_check.from_dict({"golden_double_marriages": False})
    cards_, marr = [60, 33, 27], [0, 40, 60]
    assert scoring.deal_deltas(classic, scoring.NORMAL, 0, 100, 0, cards_, marr, [0] * 3)[1:] == [75, 85]
    assert scoring.deal_deltas(classic, scoring.DARK, 0, 120, 0, cards_, marr, [0] * 3)[1:] == [2 * 35 + 40, 2 * 25 + 60]
    assert scoring.deal_deltas(classic, scoring.GOLDEN, 0, 120, 0, cards_, marr, [0] * 3)[1:] == [150, 170]
    assert scoring.deal_deltas(single, scoring.GOLDEN, 0, 120, 0, cards_, marr, [0] * 3)[1:] == [110, 110]


@pytest.mark.parametrize("agreements, contract, kind, expected", [
    ({}, 120, scoring.NORMAL, [-120, 60, 60]),
    ({}, 125, scoring.NORMAL, [-125, 60, 60]),
    ({}, 135, scoring.NORMAL, [-135, 65, 65]),
    ({"concede_payout": "sixty"}, 135, scoring.NORMAL, [-135, 60, 60]),
    ({"concede_deduct": False}, 120, scoring.NORMAL, [0, 60, 60]),
    ({}, 120, scoring.DARK, [-240, 120, 120]),
    ({}, 120, scoring.GOLDEN, [-240, 120, 120]),
])
def test_concession_payouts(agreements, contract, kind, expected):
    rules = rules_check.from_dict(agreements)
    out = scoring.deal_deltas(rules, kind, 0, contract, scoring.CONCEDED, [0] * 3, [0] * 3, [0] * 3)
    assert out == expected


# ---------------------------------------------------------------- between deals (section 3)

class Table:
    """What scoring.settle reads and changes (a Game is one)."""

    def __init__(self, scores, bolts, barrel, used):
        self.scores, self.bolts, self.barrel, self.barrels_used = list(scores), list(bolts), list(barrel), list(used)
        self.winner = None


def table(scores=(0, 0, 0), bolts=(0, 0, 0), barrel=(None, None, None), used=(0, 0, 0)):
    return Table(scores, bolts, barrel, used)


def settle(t, rules, deltas, tricks=(3, 3, 2), declarer=0, contract=100, result=scoring.MADE,
           kind=scoring.NORMAL):
    return scoring.settle(t, rules, kind, declarer, contract, result, list(deltas), list(tricks))


def test_bolts_any3_consecutive3_off_penalty_and_declarer_bolts():
    classic = Rules.preset("classic")
    t = table(scores=(100, 200, 300), bolts=(0, 2, 2))
    settle(t, classic, [100, 0, 0], tricks=(8, 0, 0))
    assert t.scores == [200, 80, 180] and t.bolts == [0, 0, 0]  # section 9: -120 and back to 0
    t = table(bolts=(2, 2, 0))
    settle(t, classic, [10, 10, 10], tricks=(4, 4, 0))
    assert t.bolts == [2, 2, 1]  # any3: bolts stay while the seat takes tricks
    t = table(bolts=(2, 2, 0))
    settle(t, rules_check.from_dict({"bolt_mode": "consecutive3"}), [10, 10, 10], tricks=(4, 4, 0))
    assert t.bolts == [0, 0, 1]
    t = table(bolts=(2, 2, 2))
    settle(t, rules_check.from_dict({"bolt_mode": "off"}), [100, 0, 0], tricks=(8, 0, 0))
    assert t.bolts == [2, 2, 2] and t.scores == [100, 0, 0]
    t = table(bolts=(2, 0, 0))
    settle(t, rules_check.from_dict({"bolt_penalty": 60}), [-100, 60, 60], tricks=(0, 4, 4))
    assert t.scores == [-160, 60, 60] and t.bolts == [0, 0, 0]
    t = table(bolts=(2, 0, 0))
    settle(t, rules_check.from_dict({"declarer_bolts": False}), [-100, 60, 60], tricks=(0, 4, 4))
    assert t.scores == [-100, 60, 60] and t.bolts == [2, 0, 0]
    t = table()
    settle(t, classic, [240, 0, 0], tricks=(8, 0, 0), kind=scoring.GOLDEN)
    assert t.bolts == [0, 2, 2]  # two bolts in a golden (or dark) deal
    t = table(bolts=(0, 2, 0))
    settle(t, classic, [-100, 50, 50], tricks=(0, 0, 0), result=scoring.CONCEDED)
    assert t.bolts == [0, 2, 0]  # a conceded deal gives no bolts


def test_samosval_both_positive_off():
    for mode, expected in (("both", [0, 0, 50]), ("positive", [-555, 0, 50]), ("off", [-555, 555, 50])):
        t = table(scores=(-455, 505, 0))
        settle(t, rules_check.from_dict({"samosval": mode}), [-100, 50, 50], result=scoring.CONCEDED)
        assert t.scores == expected, mode


def test_barrel_entry_attempts_and_fall_after_three_deals():
    classic = Rules.preset("classic")
    t = table(scores=(850, 0, 0))
    settle(t, classic, [50, 0, 0], declarer=1, result=scoring.CONCEDED)
    assert t.scores[0] == 880 and t.barrel[0] == 3
    for left in (2, 1):
        settle(t, classic, [0, 50, -100], declarer=2, result=scoring.CONCEDED)
        assert t.scores[0] == 880 and t.barrel[0] == left
    settle(t, classic, [0, 50, -100], declarer=2, result=scoring.CONCEDED)
    assert t.scores[0] == 760 and t.barrel[0] is None and t.barrels_used[0] == 1  # section 9


def test_barrel_deals_barrel_at_and_fall_penalty():
    rules = rules_check.from_dict({"barrel_at": 900, "barrel_deals": 1, "barrel_fall_penalty": 100})
    t = table(scores=(880, 0, 0))
    settle(t, rules, [20, 0, 0], declarer=1, result=scoring.CONCEDED)
    assert t.scores[0] == 900 and t.barrel[0] == 1
    settle(t, rules, [0, 0, 0], declarer=1, result=scoring.CONCEDED)
    assert t.scores[0] == 800 and t.barrel[0] is None


def test_barrel_win_and_target():
    t = table(scores=(880, 0, 0), barrel=(3, None, None))
    assert settle(t, Rules.preset("classic"), [120, 0, 0], contract=120) == 0
    assert t.scores[0] == 1000 and t.barrel[0] is None and t.winner == 0
    t = table(scores=(880, 0, 0), barrel=(3, None, None))
    assert settle(t, rules_check.from_dict({"barrel_win": 125}), [120, 0, 0], contract=120) is None
    assert t.scores[0] == 880 and t.barrel[0] == 2  # a made contract that does not qualify
    t = table(scores=(880, 0, 0), barrel=(3, None, None))
    assert settle(t, rules_check.from_dict({"target": 1100}), [120, 0, 0], contract=120) is None


def test_failed_contract_on_the_barrel_and_bolt_penalty_fall():
    classic = Rules.preset("classic")
    t = table(scores=(880, 0, 0), barrel=(3, None, None))
    settle(t, classic, [-125, 60, 60], contract=125, result=scoring.FAILED)
    assert t.scores[0] == 755 and t.barrel[0] is None and t.barrels_used[0] == 1  # section 9
    t = table(scores=(0, 880, 0), barrel=(None, 2, None), bolts=(0, 2, 0))
    settle(t, classic, [100, 0, 20], tricks=(7, 0, 1))
    assert t.scores[1] == 760 and t.barrel[1] is None and t.barrels_used[1] == 1
    t = table(scores=(0, 880, 0), barrel=(None, 2, None))
    settle(t, classic, [100, 60, 20], tricks=(6, 1, 1))
    assert t.scores[1] == 880  # a sitter gains nothing as a defender


def test_barrel_collision_knock_off_and_share():
    t = table(scores=(880, 850, 0), barrel=(2, None, None))
    settle(t, Rules.preset("classic"), [0, 50, -100], declarer=2, result=scoring.CONCEDED)
    assert t.scores[:2] == [760, 880] and t.barrel[:2] == [None, 3] and t.barrels_used[0] == 1
    t = table(scores=(880, 850, 0), barrel=(2, None, None))
    settle(t, rules_check.from_dict({"barrel_collision": "share"}), [0, 50, -100], declarer=2, result=scoring.CONCEDED)
    assert t.scores[:2] == [880, 880] and t.barrel[:2] == [1, 3]
    t = table(scores=(850, 850, 0))
    settle(t, Rules.preset("classic"), [50, 50, -100], declarer=2, result=scoring.CONCEDED)
    assert t.scores[:2] == [760, 760] and t.barrel[:2] == [None, None]  # both arrived: both off


def test_barrel_three_falls_zero():
    t = table(scores=(880, 0, 0), barrel=(1, None, None), used=(2, 0, 0))
    settle(t, Rules.preset("classic"), [0, 50, -100], declarer=2, result=scoring.CONCEDED)
    assert t.scores[0] == 0 and t.barrels_used[0] == 0
    t = table(scores=(880, 0, 0), barrel=(1, None, None), used=(2, 0, 0))
    settle(t, rules_check.from_dict({"barrel_three_falls_zero": False}), [0, 50, -100], declarer=2,
           result=scoring.CONCEDED)
    assert t.scores[0] == 760 and t.barrels_used[0] == 3


# ---------------------------------------------------------------- concession rules in play

def auction_to_talon(game):
    return act(game, "1 pass", "2 pass")


def test_concede_concede_limit_and_timing():
    game = auction_to_talon(deal(new_game(start=FIRST0, concede=False), SPADES_HAND, SPADES_TALON))
    assert "0 concede" not in legal_text(game, 0)
    with pytest.raises(IllegalAction, match="off"):
        act(game, "0 concede")
    game = new_game(start=FIRST0, concede_limit=1)
    auction_to_talon(deal(game, SPADES_HAND, SPADES_TALON))
    act(game, "0 concede")
    assert game.last_result.deltas == [-100, 50, 50]
    for _ in range(2):  # seats 1 and 2 are first hand; they concede at 100 too
        deal(game, SPADES_HAND, SPADES_TALON)
        first = game.first_hand
        act(game, "%d pass" % ((first + 1) % 3), "%d pass" % ((first + 2) % 3), "%d concede" % first)
    deal(game, SPADES_HAND, SPADES_TALON)
    auction_to_talon(game)
    assert "0 concede" not in legal_text(game, 0)  # its one concession is used
    game = auction_to_talon(deal(new_game(start=FIRST0), SPADES_HAND, SPADES_TALON))
    act(game, "0 give JH 1", "0 give TH 2", "0 contract 120")
    assert "0 concede" in legal_text(game, 0)
    act(game, "0 play AS")
    assert "0 concede" not in legal_text(game, 0)


def test_concede_on_barrel():
    start = {"dealer": 2, "scores": [880, 0, 0], "barrel": [3, None, None]}
    for mode, sitter_may, other_may in (("allowed", True, True), ("not_sitter", False, True),
                                        ("nobody", False, False)):
        game = auction_to_talon(deal(new_game(start=start, concede_on_barrel=mode), SPADES_HAND, SPADES_TALON))
        assert ("0 concede" in legal_text(game, 0)) == sitter_may, mode
        game = act(deal(new_game(start=start, concede_on_barrel=mode), SPADES_HAND, SPADES_TALON),
                   "1 bid 105", "2 pass", "0 pass")
        assert ("1 concede" in legal_text(game, 1)) == other_may, mode


# ---------------------------------------------------------------- golden deals

def test_golden_deal_flow_raise_and_concede():
    game = deal(new_game({"preset": "full"}, start=FIRST0), SPADES_HAND, SPADES_TALON)
    assert game.phase == PHASE_TALON and game.declarer == 0 and game.bid == 120 and not game.talon_shown
    assert "0 concede" not in legal_text(game, 0)
    act(game, "0 give JH 1", "0 give TH 2")
    assert legal_text(game, 0) == ["0 contract 120"]
    assert game.view(2).gives[0][0] == -1
    game = deal(new_game({"preset": "full"}, start=FIRST0, golden_raise=True, golden_concede=True),
                SPADES_HAND, SPADES_TALON)
    assert "0 concede" in legal_text(game, 0)
    act(game, "0 give JH 1", "0 give TH 2")
    contracts = [t for t in legal_text(game, 0) if "contract" in t]
    assert contracts[0] == "0 contract 120" and contracts[-1] == "0 contract 160"  # spades marriage


def concede_golden_round(game):
    for _ in range(3):
        deal(game, SPADES_HAND, SPADES_TALON)
        act(game, "%d concede" % game.declarer)


@pytest.mark.parametrize("mode", ["reset", "replay", "keep"])
def test_golden_fail(mode):
    game = new_game({"preset": "full"}, start=FIRST0, golden_concede=True, golden_fail=mode)
    concede_golden_round(game)
    if mode == "keep":
        assert game.scores == [0, 0, 0] and game.deals_played == 3  # each conceded once: -200+100+100
        deal(game, SPADES_HAND, SPADES_TALON)
        assert game.phase != PHASE_TALON or game.kind != scoring.GOLDEN
    elif mode == "reset":
        assert game.scores == [0, 0, 0] and game.deals_played == 3
        deal(game, SPADES_HAND, SPADES_TALON)
        assert game.kind == scoring.NORMAL and game.phase == PHASE_AUCTION
    else:
        assert game.deals_played == 0
        deal(game, SPADES_HAND, SPADES_TALON)
        assert game.kind == scoring.GOLDEN


def test_golden_made_counts_double_and_golden_double_marriages():
    rules = rules_check.from_dict({"preset": "full", "golden_double_marriages": False})
    out = scoring.deal_deltas(rules, scoring.GOLDEN, 0, 120, scoring.FAILED, [100, 20, 0], [0, 0, 60], [0] * 3)
    assert out == [-240, 40, 60]


# ---------------------------------------------------------------- dark games

def test_dark_offer_min_score_and_barrel():
    start = {"dealer": 2, "scores": [300, 0, 0], "deals_played": 3}
    game = deal(new_game({"preset": "full"}, start=start), SPADES_HAND, SPADES_TALON)
    assert game.phase == PHASE_DARK and legal_text(game, 0) == ["0 dark", "0 nodark"]
    assert game.view(0).hand == 0  # nothing seen before deciding
    low = dict(start, scores=[200, 0, 0])
    assert deal(new_game({"preset": "full"}, start=low), SPADES_HAND, SPADES_TALON).phase == PHASE_AUCTION
    assert deal(new_game({"preset": "full"}, start=low, dark_min_score=100), SPADES_HAND,
                SPADES_TALON).phase == PHASE_DARK
    sitting = dict(start, scores=[300, 880, 0], barrel=[None, 2, None])
    assert deal(new_game({"preset": "full"}, start=sitting), SPADES_HAND, SPADES_TALON).phase == PHASE_AUCTION
    assert deal(new_game(start=start), SPADES_HAND, SPADES_TALON).phase == PHASE_AUCTION  # dark off


def test_dark_overbid_needs_a_marriage_and_dark_concede():
    start = {"dealer": 2, "scores": [300, 0, 0], "deals_played": 3}
    hands = ("AS TS KS QS JS 9S 9H", "AC TC KC QC JC 9C QH", "AD TD JD KH 9D TH AH")
    game = act(deal(new_game({"preset": "full"}, start=start), hands, "QD KD JH"), "0 dark")
    assert game.bid == 120 and "1 bid 125" in legal_text(game, 1)
    act(game, "1 pass")
    assert [t for t in legal_text(game, 2)] == ["2 pass"]  # no marriage in seat 2's dealt cards
    act(game, "2 pass")
    assert game.declarer == 0 and game.kind == scoring.DARK and not game.talon_shown
    assert "0 concede" not in legal_text(game, 0)
    game = act(deal(new_game({"preset": "full"}, start=start, dark_concede=True), hands, "QD KD JH"),
               "0 dark", "1 pass", "2 pass")
    act(game, "0 concede")
    assert game.last_result.deltas == [-240, 120, 120]
    game = act(deal(new_game({"preset": "full"}, start=start), hands, "QD KD JH"), "0 dark", "1 bid 125", "2 pass")
    assert game.kind == scoring.NORMAL and not game.dark_active and "0 bid 130" in legal_text(game, 0)


# ---------------------------------------------------------------- redeals (section 6)

POOR = ("9S 9C JS JC QC QS JH", "AS TS KS AC TC KC 9H", "AD TD KD QD JD 9D TH")  # seat 0: 12 points


@pytest.mark.parametrize("agreements, hands, entitled", [
    ({}, POOR, [0]),
    ({"redeal_hand_points_below": None}, POOR, []),
    ({"redeal_hand_points_below": 10}, POOR, []),
    ({"redeal_hand_nines": 2, "redeal_hand_points_below": None}, POOR, [0]),
    ({"redeal_hand_nines": None, "redeal_hand_points_below": None}, POOR, []),
    ({"redeal_hand_jacks": 3, "redeal_hand_points_below": None}, POOR, [0]),
    ({"redeal_hand_jacks": None, "redeal_hand_points_below": None}, POOR, []),
])
def test_hand_redeal_conditions(agreements, hands, entitled):
    game = deal(new_game(start=FIRST0, **agreements), hands, "AH KH QH")
    assert game.redeal_callers() == entitled


def test_hand_redeal_window():
    game = deal(new_game(start=FIRST0), POOR, "AH KH QH")
    act(game, "1 pass")
    assert "0 redeal" in legal_text(game, 0)  # out of turn, the forced 100 does not close it
    act(game, "2 bid 105")
    assert game.redeal_callers() == []
    with pytest.raises(IllegalAction, match="too late"):
        act(game, "0 redeal")
    game = act(deal(new_game(start=FIRST0), POOR, "AH KH QH"), "0 redeal")
    assert game.phase == PHASE_DEAL_OVER and game.last_result.result == scoring.REDEAL
    assert game.dealer == 2 and game.scores == [0, 0, 0]  # the same dealer deals again


@pytest.mark.parametrize("agreements, talon, bid, entitled", [
    ({}, "9S JS JC", 100, True),  # 4 points < 5
    ({"redeal_talon_points_below": None}, "9S JS JC", 100, False),
    ({"redeal_talon_points_below": None}, "9S 9C AD", 100, True),  # two nines
    ({"redeal_talon_points_below": None, "redeal_talon_two_nines": None}, "9S 9C AD", 100, False),
    ({"redeal_talon_points_below": None, "redeal_talon_two_nines": None}, "JS JC JD", 100, True),
    ({"redeal_talon_points_below": None, "redeal_talon_two_nines": None,
      "redeal_talon_three_jacks": None}, "JS JC JD", 100, False),
    ({"redeal_talon_only_at_100": True}, "9S JS JC", 105, False),
    ({"redeal_talon_only_at_100": True}, "9S JS JC", 100, True),
])
def test_talon_redeal_conditions(agreements, talon, bid, entitled):
    hands = ["AS TS KS QS 9H QH KH", "AC TC KC QC 9D TH AH", "AD TD KD QD JH JD 9C"]
    used = C.mask_of([parse_card(t) for t in talon.split()])
    pool = [c for c in range(24) if not used >> c & 1]
    hand_masks = [C.mask_of(pool[0:7]), C.mask_of(pool[7:14]), C.mask_of(pool[14:21])]
    assert hands  # the pool above replaces a fixed layout so any talon fits
    game = new_game(start=FIRST0, bid_cap="none", redeal_hand_points_below=None, redeal_hand_nines=None,
                    redeal_hand_jacks=None, **agreements)
    game.start_deal(hand_masks, used)
    if bid == 100:
        act(game, "1 pass", "2 pass")
    else:
        act(game, "1 bid %d" % bid, "2 pass", "0 pass")
    assert ("%d redeal" % game.declarer in legal_text(game, game.declarer)) == entitled


def test_redeal_four_aces():
    hands = ("AS AC AD AH KS QS 9S", "TS JS TC KC QC JC 9C", "TD KD QD JD 9D TH KH")
    game = deal(new_game(start=FIRST0, redeal_four_aces=True), hands, "QH JH 9H")
    assert game.phase == PHASE_DEAL_OVER and game.last_result.result == scoring.REDEAL
    game = deal(new_game(start=FIRST0), hands, "QH JH 9H")
    assert game.phase == PHASE_AUCTION and game.bid_cap(0) == 120 + 40 + 200


@pytest.mark.parametrize("answer", ["dark", "no dark"])
def test_the_dark_question_comes_before_a_forced_redeal_of_four_aces(answer):
    hands = ("AS AC AD AH KS QS 9S", "TS JS TC KC QC JC 9C", "TD KD QD JD 9D TH KH")
    game = deal(new_game(start=FIRST0, redeal_four_aces=True, dark=True, dark_min_score=0), hands, "QH JH 9H")
    assert game.phase == PHASE_DARK and game.to_move == 0  # RULES.md 2: dark (step 2) before the deal (3)
    game.apply(0, actions.ACTION_DARK if answer == "dark" else actions.ACTION_NODARK)
    assert game.phase == PHASE_DEAL_OVER and game.last_result.result == scoring.REDEAL
    assert game.dealer == 2 and game.scores == [0, 0, 0]  # the same dealer deals again


def test_contract_rules():
    game = act(deal(new_game(start=FIRST0), SPADES_HAND, SPADES_TALON), "1 pass", "2 pass")
    with pytest.raises(IllegalAction, match="before announcing"):
        act(game, "0 contract 100")
    act(game, "0 give JH 1", "0 give TH 2")
    contracts = [t for t in legal_text(game, 0) if "contract" in t]
    assert contracts[0] == "0 contract 100" and contracts[-1] == "0 contract 160"  # 120 + spades (QH given away)
    with pytest.raises(IllegalAction, match="multiple of 5"):
        act(game, "0 contract 133")
    act(game, "0 contract 140")
    assert game.phase == PHASE_PLAY and game.contract == 140


def test_an_illegal_action_changes_nothing():
    game = act(deal(new_game(start=FIRST0), SPADES_HAND, SPADES_TALON), "1 pass")
    before = (list(game.hands), game.phase, game.to_move, game.bid, game.passed, list(game.log))
    for text in ("1 pass", "2 bid 999", "0 play AS", "2 give AS 1", "2 concede"):
        with pytest.raises(IllegalAction):
            act(game, text)
    assert before == (list(game.hands), game.phase, game.to_move, game.bid, game.passed, list(game.log))
    assert actions.ACTION_PASS in game.legal(2)


def test_a_game_refuses_a_start_its_rules_cannot_reach():
    with pytest.raises(ValueError, match="below the sitting score 880"):
        new_game(start={"scores": [700, 0, 0], "barrel": [3, None, None]})
    with pytest.raises(ValueError, match="the rules give 3"):
        new_game(start={"scores": [880, 0, 0], "barrel": [5, None, None]})
    assert new_game(start={"scores": [880, 0, 0], "barrel": [3, None, None]}).barrel == [3, None, None]
