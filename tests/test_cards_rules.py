"""Card notation, masks, the agreements object and the portable PRNG."""

import pytest

from thousand import cards as C
from thousand.notation import action_text, parse_action, parse_card
from thousand.rng import Rng
from thousand.rules import Rules, RulesError
from thousand.rules_table import PRESET_NAMES, agreement_names
from thousand import rules_check


def test_every_card_round_trips_through_notation():
    for card in range(24):
        assert parse_card(C.card_name(card)) == card
        assert parse_card(C.card_name(card).lower()) == card
    assert parse_card("10H") == parse_card("TH") == 23 - 1
    assert C.card_name(C.make_card(C.HEARTS, C.ACE)) == "AH"


@pytest.mark.parametrize("bad", ["", "X", "1H", "TX", "10", "AHH", "11H", None, 5])
def test_unknown_cards_are_refused_with_a_message(bad):
    with pytest.raises(ValueError) as error:
        parse_card(bad)
    assert "card" in str(error.value)


def test_deck_points_and_suit_layout():
    assert C.hand_points(C.FULL_DECK) == 120
    for suit in range(4):
        assert C.hand_points(C.suit_mask(suit)) == 30
        assert C.count(C.suit_mask(suit)) == 6
        cards = C.cards_of(C.suit_mask(suit))
        assert [C.rank_of(c) for c in cards] == [0, 1, 2, 3, 4, 5]  # 9 J Q K T A: higher int, higher card
        assert [C.suit_of(c) for c in cards] == [suit] * 6
        assert [C.make_card(suit, rank) for rank in range(6)] == cards
    assert C.count(C.FULL_DECK) == 24 and C.count(0) == 0


# The modules that read a card's suit and rank in a hot loop fold the encoding in private
# consts of their own (thousand/cards.py's docstring says why).
FOLDING_MODULES = ("thousand.cards", "thousand.game", "thousand.bots.heuristic", "thousand.bots.solver",
                   "thousand.bots.knowledge", "thousand.bots.evaluate")


def test_each_module_that_folds_a_cards_suit_and_rank_folds_the_cards_encoding():
    import importlib

    for name in FOLDING_MODULES:
        module = importlib.import_module(name)
        assert module._RANKS_PER_SUIT == C.make_card(1, 0) == C.NUM_CARDS // 4, name
        assert module._SUIT_BITS == C.suit_mask(0), name


def test_no_module_reads_a_cards_suit_or_rank_by_an_inline_six():
    # Every other module asks thousand.cards (suit_of, rank_of, make_card, suit_mask);
    # an inline "// 6" or "% 6" is how the encoding used to spread over eleven files.
    import os
    import re

    from conftest import ROOT

    inline = re.compile(r"(//|%) 6\b|\b6 \* (suit|led|trump)\b")
    found = []
    for folder, _folders, files in os.walk(os.path.join(ROOT, "thousand")):
        for name in files:
            # Five Hundred has cards of its own; thousand/cards.py is the encoding's home.
            if name.endswith(".py") and "five_hundred" not in folder and name != "cards.py":
                with open(os.path.join(folder, name)) as source:
                    for number, line in enumerate(source, 1):
                        if inline.search(line.split("#")[0]):
                            found.append("%s:%d" % (name, number))
    assert found == []


def test_suit_lookup_tables_match_their_definitions():
    # The tables are filled in place (no garbage while a board loads the modules); here
    # they are checked against the plain definitions for every 6-bit suit mask.
    from thousand.bots.solver import RANKS_HIGH_FIRST

    for bits in range(64):
        ranks = [r for r in range(6) if bits >> r & 1]
        assert C.POPCOUNT6[bits] == len(ranks)
        assert C.SUIT_POINTS6[bits] == sum(C.RANK_POINTS[r] for r in ranks)
        slot = RANKS_HIGH_FIRST[bits * 7:bits * 7 + 7]
        assert list(slot) == sorted(ranks, reverse=True) + [255] * (7 - len(ranks))
    assert len(RANKS_HIGH_FIRST) == 64 * 7


def test_marriage_values_and_the_ace_marriage():
    hand = C.mask_of([parse_card(t) for t in "KS QS KH QH 9C".split()])
    assert C.marriages_in(hand) == 140
    aces = C.ALL_ACES | C.mask_of([parse_card("KD"), parse_card("QD")])
    assert C.marriages_in(aces) == 280 and C.marriages_in(aces, ace_marriage=False) == 80


def test_actions_round_trip_through_text():
    for text in ["0 pass", "1 bid 105", "2 dark", "0 redeal", "0 give QC 2", "1 contract 140",
                 "2 concede", "0 play TH", "1 play KS declare"]:
        seat, action = parse_action(text)
        assert action_text(seat, action) == text
    assert action_text(*parse_action("0 play 10h")) == "0 play TH"
    for bad in ["", "x pass", "3 pass", "0 bid", "0 bid ten", "0 give AS", "0 give AS 9",
                "0 play", "0 play AS now", "0 jump"]:
        with pytest.raises(ValueError):
            parse_action(bad)


def test_classic_preset_is_the_table_of_rules_md():
    rules = Rules.preset("classic")
    expected = {"target": 1000, "bid_jumps": True, "bid_cap": "marriages", "silence_below": None,
                "talon_hidden_at_100": True, "discard_open": False, "must_beat": False,
                "must_overtrump": False, "marriage_needs_trick": True, "ace_marriage": True,
                "lead_trump_only_declarer": False, "round_declarer": False, "bolt_mode": "any3",
                "bolt_penalty": 120, "declarer_bolts": True, "samosval": "both", "barrel_at": 880,
                "barrel_deals": 3, "barrel_win": 120, "barrel_fall_penalty": 120,
                "barrel_collision": "knock_off", "barrel_three_falls_zero": True, "concede": True,
                "concede_payout": "half", "concede_deduct": True, "concede_limit": None,
                "concede_on_barrel": "allowed", "golden": False, "golden_raise": False,
                "golden_double_marriages": True, "golden_concede": False, "golden_fail": "reset",
                "dark": False, "dark_min_score": 240, "dark_concede": False,
                "redeal_hand_points_below": 13, "redeal_hand_nines": 3, "redeal_hand_jacks": 4,
                "redeal_talon_points_below": 5, "redeal_talon_two_nines": 2,
                "redeal_talon_three_jacks": 3, "redeal_talon_only_at_100": False,
                "redeal_four_aces": False}
    assert sorted(expected) == sorted(agreement_names())
    for name, value in expected.items():
        assert rules_check.get(rules, name) == value, name
    full = Rules.preset("full")
    assert full.golden and full.dark and rules_check.to_dict(full) == {"preset": "full"}
    assert "classic" in PRESET_NAMES and "full" in PRESET_NAMES


@pytest.mark.parametrize("values, words", [
    ({"nonsense": 1}, "unknown agreement 'nonsense'"),
    ({"preset": "club7"}, "unknown preset"),
    ({"golden": 1}, "true or false"),
    ({"target": "1000"}, "whole number"),
    ({"target": True}, "whole number"),
    ({"silence_below": 1.5}, "whole number or null"),
    ({"bolt_mode": "some"}, "one of any3, consecutive3, off"),
    ({"barrel_deals": 0}, "between 1 and 9"),
    ({"target": 0}, "above 0"),
    ({"bolt_penalty": -5}, "negative"),
])
def test_bad_agreements_get_a_clear_error(values, words):
    with pytest.raises(RulesError) as error:
        rules_check.from_dict(values)
    assert words in str(error.value)


def test_agreements_round_trip_and_copy():
    rules = rules_check.from_dict({"preset": "full", "bid_jumps": False, "silence_below": -120})
    assert rules_check.to_dict(rules) == {"preset": "full", "bid_jumps": False, "silence_below": -120}
    assert rules_check.from_dict(rules_check.to_dict(rules)) == rules
    other = rules.copy()
    rules_check.set_agreement(other, "bolt_penalty", 60)
    assert rules.bolt_penalty == 120 and other.bolt_penalty == 60
    with pytest.raises(RulesError):
        rules_check.set_agreement(other, "bolt_penalty", "a lot")


def test_rng_is_deterministic_uniform_enough_and_stays_in_small_ints():
    a, b = Rng(123), Rng(123)
    assert [a.next30() for _ in range(50)] == [b.next30() for _ in range(50)]
    assert Rng(1).next30() != Rng(2).next30()
    rng = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert min(counts) > 850 and max(counts) < 1150
    for _ in range(2000):
        rng.next30()
        assert rng.z < 2 ** 30 and rng.w < 2 ** 30  # never a big int on a 32-bit board
    deck = list(range(24))
    Rng(99).shuffle(deck)
    assert sorted(deck) == list(range(24)) and deck != list(range(24))
    state = rng.get_state()
    first = rng.below(1000)
    rng.set_state(state)
    assert rng.below(1000) == first
    with pytest.raises(ValueError):
        Rng("seed")
