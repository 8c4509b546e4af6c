"""Property tests of Five Hundred's engine over random legal games of random agreement sets."""

import json
import os
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from thousand.five_hundred import ALL_PASS_PLAYED, FAILED, MADE, PASSED_OUT
from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.five_hundred.driver import TableDriver
from thousand.five_hundred.explain import reason_words
from thousand.five_hundred.game import PHASE_AUCTION, PHASE_DISCARD, PHASE_PLAY, PHASE_RAISE, Game, IllegalAction
from thousand.five_hundred.notation import action_text
from thousand.five_hundred.record import game_record, replay
from thousand.five_hundred.rules import Rules, RulesError
from thousand.five_hundred.rules_table import BOOL, ENUM, PRESET_NAMES, agreements
from thousand.rng import Rng

INT_CHOICES = {"defender_cap": [None, 490, 480], "target": [500, 300, 250], "lose_at": [-500, None, -250]}


@st.composite
def agreement_sets(draw):
    """A preset with any number of agreements changed to other valid values."""
    values = {"preset": draw(st.sampled_from(PRESET_NAMES))}
    for name, kind, _default, choices in agreements():
        if not draw(st.booleans()):
            continue
        if kind == BOOL:
            values[name] = draw(st.booleans())
        elif kind == ENUM or name == "players":
            values[name] = draw(st.sampled_from(choices))
        else:
            values[name] = draw(st.sampled_from(INT_CHOICES[name]))
    return values


class Chooser:
    """A random player that passes often in the auction, so that deals of every kind come up
    (all passes, low contracts, misères) and not only failed 10-level bids."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, legal, phase):
        if phase == PHASE_AUCTION and self.rng.below(3):
            return A.ACTION_PASS
        if phase == PHASE_AUCTION:  # a bid near the bottom of what is left, or a misère
            return legal[1 + self.rng.below(min(len(legal) - 1, 8))] if len(legal) > 1 else legal[0]
        return legal[self.rng.below(len(legal))]


def fingerprint(game):
    return (tuple(tuple(h) for h in game.hands), game.phase, game.to_move, game.bid, game.passed,
            game.spoken, len(game.log), game.trick_len, game.tricks_played, tuple(game.tricks_won),
            tuple(game.scores), game.contractor, game.nominated, game.nomination_closed, tuple(game.discards))


def accounted(game):
    """Each card of the pack exactly once: in a hand, played, discarded, or in the kitty
    (until the contractor takes it)."""
    pack = C.pack(game.players)
    seen = [0] * C.SLOTS
    total = 0
    kitty_in_hand = game.contractor >= 0 and not A.is_sans(game.bid) and game.phase not in (PHASE_AUCTION, PHASE_RAISE)
    groups = [h for h in game.hands] + [game.discards] + ([] if kitty_in_hand else [game.kitty])
    for group in groups:
        for k in range(C.SLOTS):
            if seen[k] & group[k]:
                return False
            seen[k] |= group[k]
        total += C.count(group)
    for entry in game.played:
        card = entry & 0xFF
        if C.holds(seen, card):
            return False
        C.add(seen, card)
        total += 1
    return seen == pack and total == C.count(pack)


def random_action(rng, game):
    """Any action of any verb, legal or not."""
    verb = 1 + rng.below(7)
    if verb == A.BID:
        return A.bid(rng.below(200))
    if verb == A.DISCARD:
        cards = C.cards_of(C.pack(game.players))
        return A.discard(cards[rng.below(len(cards))], cards[rng.below(len(cards))], cards[rng.below(len(cards))])
    if verb == A.NOMINATE:
        return A.nominate(rng.below(5))
    if verb == A.PLAY:
        cards = C.cards_of(C.pack(game.players))
        return A.play(cards[rng.below(len(cards))], rng.below(5) - 1)
    return verb << 24


def play_checked_game(rules, seed, max_deals):
    game = Game(rules, seed=seed)
    driver = TableDriver(game, collect=False)
    chooser = Chooser(seed)
    rng = Rng(seed ^ 0x5A5A)
    start = list(game.scores)
    while not game.over and len(game.sheet) < max_deals:
        game.start_deal()
        before = list(game.scores)
        while True:
            assert accounted(game)
            decision = driver.pending()
            if decision is None:
                break
            assert decision.legal, "the seat asked always has a legal action"
            for action in decision.legal:
                assert game.refusal(decision.seat, action) is None, action_text(decision.seat, action)
            for _ in range(3):  # an action that is not legal is refused and changes nothing
                seat = rng.below(game.players)
                bad = random_action(rng, game)
                if game.refusal(seat, bad) is None:
                    continue
                snap = fingerprint(game)
                try:
                    game.apply(seat, bad)
                except IllegalAction as error:
                    assert str(error) and "%" not in str(error)
                else:
                    raise AssertionError("illegal %s accepted" % action_text(seat, bad))
                assert fingerprint(game) == snap
            driver.answer(decision, chooser.choose(decision.legal, game.phase))
        result = game.last_result
        for entry in game.log:
            assert 0 <= entry < 2 ** 30, "a log entry stays a small int on the 32-bit VM"
        if result.result == PASSED_OUT:
            assert sum(result.tricks_won) == 0 and game.scores == before
            continue
        assert sum(result.tricks_won) == 10, "ten tricks a deal"
        assert len(game.played) == 10 * game.trick_size, "every card played once"
        if game.out_seat >= 0:
            assert result.tricks_won[game.out_seat] == 0 and C.count(game.hands[game.out_seat]) == 10
        assert [game.scores[s] - before[s] for s in range(game.sides)] == result.deltas
        if result.result == ALL_PASS_PLAYED:
            assert result.contractor is None and not game.over, "all pass played wins or loses nothing"
            assert all(d >= 0 for d in result.deltas)
        else:
            assert result.result in (MADE, FAILED)
            cside = result.contractor % 2 if game.players == 4 else result.contractor
            for side in range(game.sides):
                if side != cside:
                    assert result.deltas[side] >= 0, "only the contractor's side can lose points"
    for side in range(game.sides):
        assert game.scores[side] == start[side] + sum(r.deltas[side] for r in game.sheet), \
            "a side's score is the sum of its deltas"
    if game.over:
        last = game.sheet[-1]
        assert last.result in (MADE, FAILED)
        if game.loser is None:
            assert last.result == MADE and game.scores[game.winner] >= rules.target
    return game


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=agreement_sets(), seed=st.integers(min_value=0, max_value=2 ** 40))
def test_random_legal_games_of_every_agreement_set_keep_the_invariants_and_replay_identically(values, seed):
    rules = Rules.from_dict(values)
    game = play_checked_game(rules, seed, max_deals=20)
    out = replay(json.loads(json.dumps(game_record(game))))
    assert out["scores"] == game.scores
    assert (out["winner"], out["loser"], out.get("co_winners")) == (game.winner, game.loser, game.co_winners)
    assert [d["deltas"] for d in out["deals"]] == [r.deltas for r in game.sheet]


@pytest.mark.parametrize("players", [3, 4])
def test_a_game_keeping_no_deals_keeps_its_sheet_and_its_record_starts_at_the_deal_in_play(players):
    """``records_kept`` 0 (a board whose drive is read-only to the game: thousand.ui.starting)
    keeps no deal's cards and actions (some 400 bytes each), only the score sheet; a record
    written from the game starts at the deal in play and replays to its scores."""
    import io

    from thousand.five_hundred.record import write_game_record

    game = Game(Rules.from_dict({"players": players}), seed=9)
    game.records_kept = 0
    driver = TableDriver(game, collect=False)
    chooser = Chooser(9)
    while not game.over and len(game.sheet) < 6:
        game.start_deal()
        decision = driver.pending()
        while decision is not None:
            driver.answer(decision, chooser.choose(decision.legal, game.phase))
            decision = driver.pending()
        if not game.over:  # (a game over is written by no board that keeps no deals)
            record = json.loads(json.dumps(game_record(game)))
            assert record["deals"] == [] and replay(record)["scores"] == game.scores
    assert game.records == [] and len(game.sheet) >= 2
    if not game.over:
        game.start_deal()
        decision = driver.pending()
        driver.answer(decision, chooser.choose(decision.legal, game.phase))
        out = io.StringIO()
        write_game_record(game, out)
        record = json.loads(out.getvalue())
        assert record == json.loads(json.dumps(game_record(game))) and len(record["deals"]) == 1
        assert record["start"] == {"scores": game.scores, "dealer": game.dealer}


@settings(max_examples=300, deadline=None)
@given(values=agreement_sets(), numbers=st.lists(st.one_of(st.none(), st.integers(min_value=-99999, max_value=99999)),
                                                 min_size=3, max_size=3))
def test_the_rules_bytes_read_back_as_the_same_rules_and_the_settings_keep_them(values, numbers):
    """``Rules.to_bytes`` (a board's settings keep Five Hundred's rules so) reads back as the
    same rules for every agreement set, the numbers anywhere in their range; the settings'
    bytes carry them through."""
    from thousand.persist.settings import settings_bytes, settings_from

    rules = Rules.from_dict(values)
    for name, number in zip(("defender_cap", "target", "lose_at"), numbers):
        if number is not None or name != "target":
            rules.set(name, number)
    try:
        rules.validate()
    except RulesError:
        assume(False)  # lose_at at or above the target
    data = rules.to_bytes()
    assert Rules.from_bytes(data).to_dict() == rules.to_dict()
    settings = settings_from()
    settings.five_hundred = data
    assert settings_from(settings_bytes(settings)).five_hundred == data


def test_rules_bytes_that_are_not_rules_are_refused_in_words_and_an_unknown_later_agreement_reads_as_its_preset():
    rules = Rules.preset("simple")
    rules.set("players", 4)
    data = rules.to_bytes()
    for bad in (b"", b"\x09", data + b"\x0b\x00", data + b"\x01\x05"):
        with pytest.raises(RulesError):
            Rules.from_bytes(bad)
    later = Rules.from_bytes(data + bytes([len(agreements()), 7, 1, 1]))  # a row this program lacks, then more
    assert later.to_dict() == rules.to_dict()


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_a_boards_settings_slot_holds_five_hundreds_rules_with_four_agreements_changed_beside_thousands(preset, players):
    """The settings' slot of a board's NVM holds 52 bytes (thousand.persist.store.NVM_SLOTS,
    less a record's 12): Thousand's agreements at any preset, levels, toggles and language, and
    Five Hundred's preset, players and any four agreements changed, of any kind (docs/saves.md)."""
    from itertools import combinations

    from thousand.persist.settings import settings_bytes, settings_from
    from thousand.persist.store import NVM_SLOTS, OVERHEAD
    from thousand.rules import Rules as ThousandRules

    room = dict(NVM_SLOTS)["settings"] - OVERHEAD
    settings = settings_from()
    settings.levels = ["normal", "normal"]  # the longest level's name
    settings.language = 3
    changeable = [row for row in agreements() if row[0] != "players"]
    for thousand_preset in ("classic", "full", "club", "family"):
        settings.rules = ThousandRules.preset(thousand_preset)
        for four in combinations(changeable, 4):
            rules = Rules.preset(preset)
            rules.set("players", players)
            for name, kind, _default, choices in four:
                now = getattr(rules, name)
                if kind == BOOL:
                    rules.set(name, not now)
                elif kind == ENUM:
                    rules.set(name, [c for c in choices if c != now][0])
                else:
                    rules.set(name, -99999 if name == "lose_at" else 99999)
            settings.five_hundred = rules.to_bytes()
            assert len(settings_bytes(settings)) <= room, (thousand_preset, rules.to_dict())


def candidate_actions(game):
    """Every action of every verb a seat could try now: all bid codes (and non-codes), every
    card of the pack played with and without a named suit, every discard of the contractor's
    cards and kitty, and some discards of cards nobody holds."""
    pack = C.cards_of(C.pack(game.players))
    out = [A.ACTION_PASS, A.ACTION_NO_NOMINATION, A.ACTION_NO_RAISE, 0, 8 << 24]
    out += [A.bid(code) for code in range(200)]
    out += [A.nominate(s) for s in range(5)]
    for card in pack:
        out += [A.play(card, named) for named in range(-1, 4)]
    if game.contractor >= 0:
        cards = C.cards_of(game.hands[game.contractor]) + C.cards_of(game.kitty)
        for i in range(len(cards)):
            for j in range(i + 1, len(cards)):
                for k in range(j + 1, len(cards)):
                    out.append(A.discard(cards[i], cards[j], cards[k]))
        out += [A.discard(pack[0], pack[1], pack[2]), A.discard(pack[-1], pack[-2], pack[-3])]
    return out


LEGALITY_RULES = [
    {"players": 3, "sans_kitty": True, "raise_own_bid": True, "blind_misere": True, "misere": "anytime"},
    {"players": 4, "sans_kitty": True, "raise_own_bid": True, "blind_misere": True, "joker_lead_last": True},
    {"preset": "american", "players": 4, "defender_cap": 490},
    {"players": 3, "all_pass": "play_nt", "defender_points": "on_fail"},
]


@pytest.mark.slow
def test_the_refusal_accepts_exactly_the_actions_legal_lists_and_words_every_other():
    for index, values in enumerate(LEGALITY_RULES):
        rules = Rules.from_dict(values)
        for seed in range(4):
            game = Game(rules, seed=index * 10 + seed)
            driver = TableDriver(game, collect=False)
            chooser = Chooser(seed)
            for _deal in range(3):
                if game.over:
                    break
                game.start_deal()
                while True:
                    candidates = candidate_actions(game)
                    for seat in range(game.players):
                        legal = set(game.legal(seat))
                        for action in candidates:
                            reason = game.refusal(seat, action)
                            assert (reason is None) == (action in legal), action_text(seat, action)
                            if reason is not None:
                                words = reason_words(game, seat, action, reason)
                                assert words and "%" not in words
                    decision = driver.pending()
                    if decision is None:
                        break
                    driver.answer(decision, chooser.choose(decision.legal, game.phase))


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_refusal_met_in_russian_and_ukrainian_is_in_a_players_words_with_its_facts_filled(language):
    """Issue 38: Five Hundred's refusals in the player's language (five_hundred_refusals.txt),
    their facts filled (a seat's name, a bid's, a card's or a suit's sign), in letters the font
    has; the English page's words never show through."""
    from helpers import DRAWABLE, speaking
    from thousand import texts

    english = {body for _name, _rest, body in texts.entries("five_hundred_refusals", language="en")}
    met = set()
    with speaking(language):
        for index, values in enumerate(LEGALITY_RULES):
            game = Game(Rules.from_dict(values), seed=index)
            driver = TableDriver(game, collect=False)
            chooser = Chooser(index)
            game.start_deal()
            while True:
                for action in candidate_actions(game):
                    reason = game.refusal(0, action)
                    if reason is not None:
                        words = reason_words(game, 0, action, reason)
                        met.add(reason)
                        assert "%" not in words and not set(words) - DRAWABLE[language], words
                        assert any("\u0430" <= ch <= "\u044f" for ch in words) and words not in english, words
                decision = driver.pending()
                if decision is None:
                    break
                driver.answer(decision, chooser.choose(decision.legal, game.phase))
    assert len(met) >= 20, sorted(met)


def test_the_game_and_its_words_name_the_refusal_codes_in_the_same_order():
    """Each language's page has an entry a code of game.py, named as the code, at the code's
    place; then the controller's two (a question first)."""
    from thousand import LANGUAGES, texts

    path = os.path.join(os.path.dirname(__file__), "..", "thousand", "five_hundred", "game.py")
    with open(path) as f:
        source = f.read()
    block = source[source.index("# Why an action is refused"):]
    block = block[:block.index("\n\n")]
    codes = re.findall(r"^_([A-Z0-9_]+) = const\((\d+)\)$", block, re.M)
    assert [int(number) for _name, number in codes] == list(range(1, len(codes) + 1))
    for language in LANGUAGES:
        names = [name for name, _rest, _body in texts.entries("five_hundred_refusals", language=language)]
        assert names == [name for name, _number in codes] + ["RAISE_FIRST", "NOMINATE_FIRST"], language


def test_the_seeded_deal_gives_each_seat_ten_cards_and_three_to_the_kitty_from_the_whole_pack():
    for players in (3, 4):
        game = Game(Rules.from_dict({"players": players}), seed=players)
        game.start_deal()
        union = [0] * C.SLOTS
        for group in game.hands + [game.kitty]:
            for k in range(C.SLOTS):
                union[k] |= group[k]
        assert [C.count(h) for h in game.hands] == [10] * players and C.count(game.kitty) == 3
        assert union == C.pack(players)


def test_a_view_shows_the_kitty_only_to_the_contractor_and_the_open_misere_hand_after_the_first_trick():
    rules = Rules.preset("australian")
    for seed in range(40):
        game = Game(rules, seed=seed)
        game.start_deal()
        first = game.to_move
        game.apply(first, A.bid(A.OPEN_MISERE))
        for s in range(1, 3):
            game.apply((first + s) % 3, A.ACTION_PASS)
        assert game.phase == PHASE_DISCARD
        assert game.view(first).kitty == game.kitty and game.view((first + 1) % 3).kitty is None
        cards = C.cards_of(game.hands[first])
        game.apply(first, A.discard(cards[0], cards[1], cards[2]))
        driver = TableDriver(game, collect=False)
        while game.tricks_played == 0:
            assert game.view((first + 1) % 3).exposed is None
            d = driver.pending()
            driver.answer(d, d.legal[0])
        assert game.view((first + 2) % 3).exposed == game.hands[first]
        assert game.view((first + 2) % 3).hand == game.hands[(first + 2) % 3]
        return
