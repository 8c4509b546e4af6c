"""Every agreement of FIVE_HUNDRED.md section 8 changes the game as the page says (the shared
cases of ../shared/cases-500 cover more; these hold the engine to them without that folder)."""

import pytest

from thousand.five_hundred import ALL_PASS_PLAYED, FAILED, MADE, PASSED_OUT
from thousand.five_hundred import cards as C
from thousand.five_hundred.game import PHASE_DEAL_OVER, PHASE_DISCARD, PHASE_PLAY, PHASE_RAISE, Game, IllegalAction
from thousand.five_hundred.notation import parse_action
from thousand.five_hundred.rules import Rules, RulesError

HANDS = [["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "AS", "AC"],
         ["KS", "QS", "TS", "9S", "8S", "7S", "KC", "QC", "TC", "9C"],
         ["8H", "7H", "AD", "KD", "QD", "TD", "9D", "8D", "7D", "JS"]]
KITTY = ["JC", "8C", "7C"]
PLAY_7H = ["0 play JK", "1 play 7S", "2 play 7H", "0 play JH", "1 play 8S", "2 play 8H",
           "0 play JD", "1 play 9S", "2 play 7D", "0 play AH", "1 play TS", "2 play 8D",
           "0 play KH", "1 play QS", "2 play 9D", "0 play QH", "1 play KS", "2 play TD",
           "0 play TH", "1 play 9C", "2 play QD", "0 play 9H", "1 play TC", "2 play KD",
           "0 play AS", "1 play QC", "2 play JS", "0 play AC", "1 play KC", "2 play AD"]


def hand(names):
    return C.hand_of([C.parse_card(n) for n in names])


def dealt(values=None, start=None):
    game = Game(Rules.from_dict(values or {}), start=start if start is not None else {"dealer": 2})
    game.start_deal([hand(h) for h in HANDS], hand(KITTY))
    return game


def act(game, *texts):
    for text in texts:
        game.apply(*parse_action(text, game.players))


def refused(game, text, words):
    with pytest.raises(IllegalAction, match=words):
        act(game, text)


def test_the_presets_are_australian_with_their_changes():
    assert Rules.preset("simple").misere == "off" and Rules.preset("simple").joker_nomination == "lead"
    american = Rules.preset("american")
    assert (american.bidding, american.all_pass, american.joker_nomination) == ("one_round", "play_nt", "lead")
    assert Rules.from_dict({}) == Rules.preset("australian")
    assert Rules.from_dict(Rules.from_dict({"preset": "simple", "players": 4}).to_dict()).players == 4
    with pytest.raises(RulesError, match="below 'target'"):
        Rules.from_dict({"target": 300, "lose_at": 300})


def test_misere_after_seven_anytime_and_off():
    refused(dealt(), "0 bid misere", "only over a bid of 7 tricks, not over no bid")
    game = dealt({"misere": "anytime"})
    act(game, "0 bid misere")
    assert game.bid == 76
    refused(dealt({"misere": "off"}), "0 bid open_misere", "misere is not played")
    game = dealt()
    act(game, "0 bid 7NT", "1 bid misere")  # over 7NT: still a 7-level bid
    refused(game, "2 bid misere", "does not outbid misere")
    game = dealt()
    act(game, "0 bid 8S")
    refused(game, "1 bid misere", "does not outbid 8S")


def test_blind_misere_is_only_a_seats_first_call_and_only_when_agreed():
    refused(dealt(), "0 bid blind_misere", "blind misere is not played")
    game = dealt({"blind_misere": True})
    act(game, "0 bid 6S", "1 bid blind_misere")  # seat 1's first call
    assert game.bid == 181
    game = dealt({"blind_misere": True, "bidding": "auction"})
    act(game, "0 bid 6S", "1 bid 6C", "2 pass")
    refused(game, "0 bid blind_misere", "first call")
    refused(dealt({"blind_misere": True, "misere": "off"}), "0 bid blind_misere", "misere is not played")


def test_sans_kitty_bids_rank_between_the_bid_and_the_next_and_leave_the_kitty_unused():
    refused(dealt(), "0 bid 7H sans", "sans kitty are not played")
    game = dealt({"sans_kitty": True})
    act(game, "0 bid 7H", "1 bid 7H sans")
    refused(game, "2 bid 7H", "does not outbid 7H sans")
    act(game, "2 bid 7NT sans", "0 pass", "1 pass")
    assert game.phase == PHASE_PLAY and game.contractor == 2 and C.count(game.hands[2]) == 10
    assert game.to_move == 2  # he leads his dealt hand
    game = dealt({"sans_kitty": True})
    act(game, "0 bid 7H sans", "1 bid 7NT", "2 pass", "0 pass")
    assert game.phase == PHASE_DISCARD  # 7NT with the kitty outbids 7H sans


def test_raise_own_bid_once_never_to_blind_misere_and_not_by_another_seat():
    game = dealt({"raise_own_bid": True, "blind_misere": True})
    act(game, "0 bid 6H", "1 pass", "2 pass")
    assert game.phase == PHASE_RAISE
    refused(game, "1 bid 7H", "only the contractor")
    refused(game, "0 bid blind_misere", "not raise to blind")
    refused(game, "0 bid 6S", "does not outbid 6H")
    act(game, "0 bid 8H")
    assert game.phase == PHASE_DISCARD and game.bid == 8 * (5 * 2 + 3)
    refused(game, "0 bid 9H", "auction is over")
    game = dealt({"raise_own_bid": True})
    act(game, "0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 7C", *PLAY_7H)  # no raise: not written
    assert game.last_result.result == MADE and game.scores == [250, 0, 0]


def test_one_round_bidding_gives_each_seat_one_call_the_dealer_last():
    game = dealt({"bidding": "one_round"})
    act(game, "0 pass", "1 bid 6S", "2 bid 6C")
    assert game.contractor == 2 and game.phase == PHASE_DISCARD
    game = dealt({"bidding": "one_round"})
    act(game, "0 pass", "1 pass", "2 pass")
    assert game.last_result.result == PASSED_OUT


def test_all_pass_throw_in_passes_the_deal_redeal_same_keeps_the_dealer_and_play_nt_plays():
    for all_pass, dealer in (("throw_in", 0), ("redeal_same", 2)):
        game = dealt({"all_pass": all_pass})
        act(game, "0 pass", "1 pass", "2 pass")
        assert game.phase == PHASE_DEAL_OVER and game.last_result.result == PASSED_OUT
        assert game.dealer == dealer and game.scores == [0, 0, 0]
    game = dealt({"all_pass": "play_nt", "defender_cap": 490}, start={"dealer": 2, "scores": [480, 0, 0]})
    act(game, "0 pass", "1 pass", "2 pass")
    assert game.phase == PHASE_PLAY and game.to_move == 0 and game.contractor == -1 and game.trump == -1
    while game.phase == PHASE_PLAY:
        seat = game.to_move
        game.apply(seat, game.legal(seat)[-1])
    result = game.last_result
    assert result.result == ALL_PASS_PLAYED and not game.over
    assert result.deltas[0] == min(10 * result.tricks_won[0], 10)  # capped at 490
    assert result.deltas[1:] == [10 * t for t in result.tricks_won[1:]]


def test_joker_nomination_lead_has_no_nomination_and_before_play_lets_the_holder_nominate_once():
    game = dealt({"joker_nomination": "lead"})
    act(game, "0 bid 7NT", "1 pass", "2 pass", "0 discard JC 8C 7C")
    refused(game, "0 nominate H", "not nominated at this table")
    game = dealt()
    act(game, "0 bid 7NT", "1 pass", "2 pass")
    refused(game, "0 nominate H", "after the discard")
    act(game, "0 discard JC 8C 7C")
    refused(game, "1 nominate H", "does not hold the Joker")
    act(game, "0 nominate S")
    refused(game, "0 nominate H", "only once")
    act(game, "0 play JK")  # a spade now: led without a named suit
    refused(game, "1 play KC", "must follow spades")


def test_joker_lead_last_allows_the_joker_led_only_to_the_tenth_trick():
    game = dealt({"joker_lead_last": True})
    act(game, "0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 7C")
    refused(game, "0 play JK", "only to the last trick")
    act(game, "0 play JH")


def test_defender_points_on_fail_and_the_target_and_lose_at_null():
    game = dealt({"defender_points": "on_fail"})
    act(game, "0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 7C", *PLAY_7H)
    assert game.scores == [250, 0, 0]
    game = dealt({"target": 250})
    act(game, "0 bid 7H", "1 pass", "2 pass", "0 discard JC 8C 7C", *PLAY_7H)
    assert game.over and game.winner == 0
    game = dealt({"lose_at": None}, start={"dealer": 2, "scores": [-900, 0, 0]})
    act(game, "0 bid open_misere", "1 pass", "2 pass", "0 discard JC 8C 7C", "0 play JK H", *PLAY_7H[1:])
    assert game.last_result.result == FAILED and game.scores[0] == -1400 and not game.over


def test_the_five_hundred_engine_imports_no_screen_board_or_save():
    import ast
    import os

    folder = os.path.join(os.path.dirname(__file__), "..", "thousand", "five_hundred")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(folder, name)) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            modules = []
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            for module in modules:
                assert not module.startswith(("thousand.ui", "thousand.hw", "thousand.persist")), (name, module)
                assert not module.startswith("thousand.") or module.split(".")[1] in (
                    "five_hundred", "cards", "rng", "record", "ascii_text", "record_json", "slices"), (name, module)
