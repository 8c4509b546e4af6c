"""Five Hundred's normal and hard bots: the sampled deals and play-outs they weigh
(thousand/five_hundred/playout.py), their levels, their strength, and the tools that measure
them (tools/tournament.py, tools/bot_legality.py, the external-bot requests)."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from test_micropython import run_micropython
from thousand import PLAYER_LEVELS
from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.five_hundred.bots import LEVELS, make_player
from thousand.five_hundred.search import SearchBot
from thousand.five_hundred.driver import TableDriver
from thousand.five_hundred.game import PHASE_PLAY, Game, follow_suit
from thousand.five_hundred.playout import Playout, Sampler, utility
from thousand.five_hundred.rules import Rules
from thousand.five_hundred.scoring import contract_delta
from thousand.rng import Rng

sys.path.insert(0, os.path.join(ROOT, "tools"))
import bot_legality  # noqa: E402
import tournament  # noqa: E402

TOURNAMENT = os.path.join(ROOT, "tools", "tournament.py")
SELFPLAY = os.path.join(ROOT, "tools", "selfplay.py")

RULES_VALUES = st.fixed_dictionaries({
    "players": st.sampled_from([3, 4]),
    "misere": st.sampled_from(["after_seven", "anytime", "off"]),
    "sans_kitty": st.booleans(),
    "joker_nomination": st.sampled_from(["before_play", "lead"]),
    "joker_lead_last": st.booleans(),
    "all_pass": st.sampled_from(["throw_in", "play_nt"]),
    "raise_own_bid": st.booleans(),
})


def test_five_hundred_offers_the_same_four_levels_as_thousand_from_one_list():
    assert LEVELS is PLAYER_LEVELS
    for level in LEVELS:
        assert make_player(level, 3).level == level
    with pytest.raises(ValueError, match="unknown player"):
        make_player("expert")
    import cli

    rules, levels = cli.game_setup("five_hundred", None, 4, "hard,normal,easy")
    assert rules.players == 4 and levels == "hard,normal,easy"


def test_the_controllers_opponents_and_hint_default_to_hard():
    from thousand.five_hundred.controller import Controller

    controller = Controller(Rules.from_dict({"players": 4}), seed=2)
    assert controller.levels == ["hard", "hard", "hard"]
    assert [p.level for p in controller.players[1:]] == ["hard", "hard", "hard"]


def positions(values, seed, every=3):
    """Views of seats met in a game of easy bots (about one decision in ``every``) with the game
    at that moment: (game, view)."""
    rules = Rules.from_dict(values)
    game = Game(rules, seed=seed)
    driver = TableDriver(game, collect=False)
    movers = [make_player("easy", seed + s) for s in range(rules.players)]
    rng = Rng(seed)
    for _deal in range(3):
        if game.over:
            return
        game.start_deal()
        while True:
            decision = driver.pending()
            if decision is None:
                break
            view = game.view(decision.seat, decision.legal)
            if rng.below(every) == 0:
                yield game, view
            driver.answer(decision, movers[decision.seat].decide(view))


@settings(max_examples=30, deadline=None)
@given(RULES_VALUES, st.integers(0, 10 ** 6))
def test_sampled_deals_agree_with_everything_the_seat_knows_and_the_real_hands_agree_with_the_voids_read(values, seed):
    checked = kept = 0
    for game, view in positions(values, seed):
        sampler = Sampler(game.players)
        sampler.setup(view)
        seat = view.seat
        for s in range(game.players):  # every void read is true of the real hand
            for suit in range(4):
                if sampler.voids[s] >> suit & 1:
                    assert not any(follow_suit(c, game.trump, game.nominated) == suit
                                   for c in C.cards_of(game.hands[s])), (s, suit)
        seen = list(view.hand)
        for _s, card in view.played:
            C.add(seen, card)
        for _ in range(3):
            sampler.sample(Rng(seed + checked))
            checked += 1
            assert sampler.hands[seat] == view.hand
            everything = [0] * C.SLOTS
            for s in range(game.players):
                hand = sampler.hands[s]
                expected = 0 if s == view.out_seat and s != seat else view.hand_counts[s]
                assert C.count(hand) == expected
                if view.exposed is not None and s == view.contractor:
                    assert hand == view.exposed
                if view.joker_nominator >= 0 and game.hands[view.joker_nominator][C.JOKER_SLOT]:
                    assert sampler.hands[view.joker_nominator][C.JOKER_SLOT]
                for card in C.cards_of(hand):
                    assert not C.holds(everything, card)
                    C.add(everything, card)
                    if s != seat:
                        assert not C.holds(seen, card)
                        assert not sampler.strict or not sampler.voids[s] >> follow_suit(
                            card, game.trump, game.nominated) & 1 or card == C.JOKER and s == view.joker_nominator
            kept += sampler.strict
            for card in C.cards_of(sampler.rest):
                assert not C.holds(everything, card) and not C.holds(seen, card)
    assert kept >= 0.9 * checked  # the voids are let go only when no deal keeping them was found


@settings(max_examples=40, deadline=None)
@given(RULES_VALUES, st.integers(0, 10 ** 6))
def test_a_play_out_of_the_real_hands_plays_only_legal_cards_and_counts_the_engines_tricks(values, seed):
    rules = Rules.from_dict(values)
    game = Game(rules, seed=seed)
    driver = TableDriver(game, collect=False)
    bots = [make_player("easy", seed + s) for s in range(rules.players)]
    game.start_deal()
    while True:  # to the first card of the play
        decision = driver.pending()
        if decision is None:
            return  # thrown in
        if game.phase == PHASE_PLAY and not decision.question:
            break
        driver.answer(decision, bots[decision.seat].decide(game.view(decision.seat, decision.legal)))
    view = game.view(game.to_move)
    playout = Playout(game.players)
    playout.load(view, game.hands, game.trump, game.nominated, game.contractor, game.misere, game.out_seat)
    seat = game.to_move
    while playout.played < 10:
        card, named = playout.choose(seat)
        game.apply(seat, A.play(card, named))  # refused if the play-out broke a rule
        seat = playout.put(seat, card, named)
        assert seat == game.to_move or game.tricks_played == 10
    assert playout.tricks == game.tricks_won


def test_utility_is_the_sides_score_less_the_others_mean():
    rules = Rules.from_dict({"players": 3})
    seven_hearts = A.bid_code(7, A.HEARTS_BID)
    made = utility(0, 3, seven_hearts, 0, [8, 1, 1], rules, [0, 0, 0])
    assert made == contract_delta(seven_hearts, 8, 8)[0] - 10
    assert utility(1, 3, seven_hearts, 0, [6, 3, 1], rules, [0, 0, 0]) == 30 - (-200 + 10) // 2
    four = Rules.from_dict({"players": 4, "defender_points": "on_fail"})
    assert utility(1, 4, seven_hearts, 0, [4, 1, 4, 1], four, [0, 0]) == -200  # made: defenders score nothing
    assert utility(0, 4, A.MISERE, 0, [0, 5, 0, 5], four, [0, 0]) == 250
    assert utility(0, 4, -1, -1, [3, 2, 3, 2], four, [0, 0]) == 20


def test_hard_bids_a_hand_of_top_trumps_and_passes_a_hand_of_nothing():
    rules = Rules.from_dict({"players": 3})
    strong = C.hand_of([C.parse_card(c) for c in "JK JH JD AH KH QH TH AS AC AD".split()])
    weak = C.hand_of([C.parse_card(c) for c in "KS QS 9S KC QC 9C KD QD 9D 8H".split()])
    for hand, bids in ((strong, True), (weak, False)):
        rest = C.pack(3)
        for k in range(C.SLOTS):
            rest[k] &= ~hand[k]
        cards = C.cards_of(rest)
        hands = [hand, C.hand_of(cards[:10]), C.hand_of(cards[10:20])]
        game = Game(rules, seed=3, start={"dealer": 2})
        game.start_deal(hands, C.hand_of(cards[20:]))
        action = make_player("hard", 5).decide(game.view(0))
        assert (A.verb(action) == A.BID) == bids, A.bid_name(A.argument(action)) if A.verb(action) == A.BID else "pass"
        if bids:
            assert A.bid_denomination(A.argument(action)) == A.HEARTS_BID and A.bid_tricks(A.argument(action)) >= 8


def test_a_partner_never_outbids_his_partner():
    rules = Rules.from_dict({"players": 4})
    for seed in range(30):
        game = Game(rules, seed=seed)
        driver = TableDriver(game, collect=False)
        bots = [make_player("hard" if s % 2 else "normal", seed + s) for s in range(4)]
        game.start_deal()
        while True:
            decision = driver.pending()
            if decision is None or game.phase != 0:
                break
            view = game.view(decision.seat, decision.legal)
            action = bots[decision.seat].decide(view)
            if game.high_bidder == (decision.seat + 2) % 4:
                assert action == A.ACTION_PASS
            driver.answer(decision, action)


def test_hard_lays_down_its_discard_and_names_the_jokers_suit_by_weighing_sampled_deals(monkeypatch):
    weighed = []
    original = SearchBot._weigh

    def spy(self, view, candidates, count):
        weighed.append(A.verb(candidates[0]))
        return original(self, view, candidates, count)

    monkeypatch.setattr(SearchBot, "_weigh", spy)
    rules = Rules.from_dict({"players": 3, "misere": "anytime"})
    for seed in range(40):
        game = Game(rules, seed=seed)
        TableDriver(game, collect=False).play_deal([make_player("hard", seed + s) for s in range(3)])
    assert A.DISCARD in weighed and A.PLAY in weighed and A.NOMINATE in weighed


def _short_match(seats, sets, seed=3):
    """Per-name figures and gaps of a duplicate match run in process (tournament.run_set)."""
    totals = {name: tournament.Stats() for name in seats}
    rules = Rules.from_dict({"players": len(seats)}).to_dict()
    for i in range(sets):
        stats, messages = tournament.run_set((tuple(seats), "deals", i, seed, rules, 10.0, None, "five_hundred"))
        assert not messages
        for name in stats:
            totals[name].merge(stats[name])
    return totals, tournament.gaps(totals, seats)


@pytest.mark.slow
def test_over_duplicate_deals_hard_gains_on_normal_and_normal_on_easy_and_hard_makes_most_contracts():
    totals, gaps = _short_match(["hard", "normal", "easy"], 150)
    assert gaps["hard - normal"]["per_deal"] > 0 and gaps["hard - easy"]["per_deal"] > 2 * gaps["hard - easy"]["se"]
    assert gaps["normal - easy"]["per_deal"] > 0
    hard = totals["hard"]
    assert hard.declarer_deals > 100 and hard.made >= 0.7 * hard.declarer_deals


@pytest.mark.slow
def test_with_four_players_hard_partners_gain_on_easy_partners():
    _totals, gaps = _short_match(["hard", "easy", "hard", "easy"], 120)
    assert gaps["hard - easy"]["per_deal"] > gaps["hard - easy"]["se"]


@pytest.mark.slow
def test_the_tournament_plays_five_hundred_with_four_players_and_refuses_what_it_cannot_seat():
    out = subprocess.run([sys.executable, TOURNAMENT, "--game", "five_hundred", "--players", "4", "--seat", "hard",
                          "--seat", "easy", "--seat", "hard", "--seat", "easy", "--deals", "3", "--json"],
                         capture_output=True, text=True, check=True)
    figures = json.loads(out.stdout)
    assert figures["game"] == "five_hundred" and figures["deals"] == 12 and set(figures["players"]) == {"hard", "easy"}
    assert "hard - easy" in figures["gaps"] and "bought_deals" not in figures["players"]["hard"]
    text = subprocess.run([sys.executable, TOURNAMENT, "--game", "five_hundred", "--seat", "normal", "--seat", "easy",
                           "--seat", "random", "--deals", "2"], capture_output=True, text=True, check=True).stdout
    assert "a hand; contracts made" in text and "normal - easy" in text
    for argv, words in ((["--players", "4", "--seat", "hard"] * 1 + ["--seat", "easy", "--seat", "easy"],
                         "exactly four times"),
                        (["--seat", "baseline", "--seat", "easy", "--seat", "easy"], "Five Hundred's seats"),
                        (["--rules", "classic", "--seat", "easy", "--seat", "easy", "--seat", "easy"], "unknown"),
                        (["--players", "5", "--seat", "easy"], "3 or 4")):
        proc = subprocess.run([sys.executable, TOURNAMENT, "--game", "five_hundred", "--deals", "1"] + argv,
                              capture_output=True, text=True)
        assert proc.returncode == 2 and words in proc.stderr, proc.stderr
    proc = subprocess.run([sys.executable, TOURNAMENT, "--players", "4", "--seat", "easy", "--seat", "easy",
                           "--seat", "easy", "--deals", "1"], capture_output=True, text=True)
    assert proc.returncode == 2 and "Thousand is played by 3" in proc.stderr


RECORDING_BOT = r'''
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    request = json.loads(line)
    log.write(line)
    log.flush()
    sys.stdout.write(request["legal"][0] + "\n")
    sys.stdout.flush()
'''


@pytest.mark.slow
def test_an_external_bot_gets_five_hundred_requests_cut_to_its_seat(tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text(RECORDING_BOT)
    log = tmp_path / "requests.jsonl"
    rules = json.dumps({"players": 4, "misere": "anytime"})
    subprocess.run([sys.executable, TOURNAMENT, "--game", "five_hundred", "--rules", rules, "--seat",
                    "cmd:%s %s %s" % (sys.executable, bot, log), "--seat", "hard", "--seat", "normal", "--seat", "easy",
                    "--deals", "3", "--json"], capture_output=True, text=True, check=True)
    requests = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(requests) > 60
    phases = set()
    for request in requests:
        seat = request["seat"]
        phases.add(request["phase"])
        record = request["record"]
        assert record["game"] == "five_hundred" and len(record["deals"]) == 1
        assert set(record["start"]) == {"scores", "dealer"} and len(record["start"]["scores"]) == 2
        deal = record["deals"][0]
        assert [h is None for h in deal["hands"]] == [s != seat for s in range(4)] and len(deal["hands"][seat]) == 10
        for action in deal["actions"]:
            words = action.split()
            if words[1] == "discard" and int(words[0]) != seat:
                assert words[2:] == ["??", "??", "??"]
        assert deal["kitty"] is None or request["phase"] in ("discard", "play", "nominate")
        assert all(text.startswith("%d " % seat) for text in request["legal"])
    assert {"auction", "play"} <= phases and phases <= {"auction", "raise", "discard", "nominate", "play"}


def test_the_legality_runs_agreement_sets_are_every_combination_of_the_choices():
    total = bot_legality.five_hundred_sets()
    assert total == 2 * 2 * 3 * 2 * 2 * 2 * 3 * 2 * 2 * 2
    seen = set()
    for index in range(total):
        rules = bot_legality.five_hundred_rules_for(index).to_dict()
        seen.add(tuple(rules.get(name) for name, _values in bot_legality.five_hundred_choices()))
    assert len(seen) == total


def test_the_legality_run_checks_every_decision_of_each_level_in_five_hundred():
    decisions = 0
    levels = set()
    for index in range(0, 2304, 577):
        bots = bot_legality.play_checked_five_hundred(index, 3, 2)
        levels.update(b.bot.level for b in bots)
        decisions += sum(b.decisions for b in bots)
    assert decisions > 100 and levels == set(LEVELS)


def test_a_checked_bot_that_answers_outside_the_legal_list_fails_the_legality_run():
    class Wrong:
        level = "wrong"

        def decide(self, view):
            return A.ACTION_NO_RAISE

    game = Game(Rules.from_dict({"players": 3}), seed=1)
    with pytest.raises(AssertionError, match="wrong bot chose"):
        TableDriver(game, collect=False).play_deal([bot_legality.CheckedBot(Wrong())] * 3)


@pytest.mark.slow
def test_selfplay_of_five_hundreds_search_bots_gives_the_same_games_on_micropython(micropython):
    args = ["--game", "five_hundred", "--players", "hard,normal,easy", "--games", "1", "--seed", "4",
            "--max-deals", "3"]
    proc = run_micropython(micropython, [SELFPLAY] + args, ROOT)
    assert proc.returncode == 0, proc.stderr
    upy = json.loads(proc.stdout)
    cpy = json.loads(subprocess.run([sys.executable, SELFPLAY] + args, capture_output=True, text=True,
                                    check=True).stdout)
    for key in ("games", "deals", "passed_out", "actions", "decisions", "wins"):
        assert upy[key] == cpy[key], key


def _think_to_the_end(controller, limit=20000):
    """Step the controller to the end of its deal; the steps that applied nothing while a
    computer seat thought (its decision the controller's ``thinking``)."""
    thinking = 0
    for _ in range(limit):
        if controller.between_deals() or controller.over():
            return thinking
        decision = controller.pending()
        if decision.seat == 0:
            controller.act(decision.legal[0])
            continue
        if controller.step() is None:
            assert controller.thinking is decision
            thinking += 1
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("players", [3, 4])
def test_a_computer_seat_thinks_in_slices_across_steps_and_decides_as_when_asked_at_once(players):
    from thousand.five_hundred.controller import Controller

    rules = Rules.from_dict({"players": players})
    sliced = Controller(rules, seed=5)
    sliced.next_deal()
    thinking = _think_to_the_end(sliced)
    # the same game with every computer seat deciding at once (decide, no slices)
    whole = Controller(rules, seed=5)
    whole.next_deal()
    while not whole.between_deals():
        decision = whole.pending()
        if decision.seat == 0:
            whole.act(decision.legal[0])
            continue
        player = whole.players[decision.seat]
        whole._apply(decision, player.decide(whole.driver.view_for(player, decision)))
    assert thinking > 10 * len(sliced.game.log) // players  # many steps a decision, not one
    assert sliced.game.log == whole.game.log and sliced.game.scores == whole.game.scores


def test_a_game_saved_while_a_computer_seat_thinks_goes_on_as_the_uninterrupted_one():
    from thousand.five_hundred.controller import Controller
    from thousand.persist.five_hundred import decode_game, encode_game

    rules = Rules.from_dict({"players": 3})
    for seed in (2, 9):
        controller = Controller(rules, seed=seed)
        controller.next_deal()
        steps = 0
        while steps < 40:  # into the deal, a computer seat half-way through a decision
            decision = controller.pending()
            if decision.seat == 0:
                controller.act(decision.legal[0])
                continue
            if controller.step() is None:
                steps += 1
        assert controller.thinking is not None
        game, extra = decode_game(encode_game(controller.game, controller.snapshot()))
        restored = Controller.restore(game, extra)
        _think_to_the_end(controller)
        _think_to_the_end(restored)
        assert restored.game.log == controller.game.log and len(controller.game.log) > 0


def test_the_hint_thinks_in_slices_from_the_players_view_and_gives_the_same_action_again():
    from thousand.five_hundred.controller import Controller

    controller = Controller(Rules.from_dict({"players": 3}), seed=4)
    controller.next_deal()
    while controller.human_decision() is None:
        controller.step()
    bot = controller.hint()
    slices = 0
    while not bot.think_step():
        slices += 1
    assert slices > 0 and bot.result in controller.human_decision().legal
    assert controller.hint().decide() == bot.result


@pytest.mark.parametrize("players", [3, 4])
def test_the_computer_seats_of_a_table_share_one_set_of_deals_and_play_outs_and_play_as_with_their_own(players):
    """Issue 37 (memory): the normal and hard seats of one table, and its hint, share one
    ``Sampler`` and one ``Playout`` (they think one at a time, each decision setting them up
    anew from its view): a board's heap holds one set, not one a seat.  The game they play is
    the one they played with a set each."""
    from thousand.five_hundred.controller import Controller

    def play(share):
        controller = Controller(Rules.from_dict({"players": players}), levels=["hard", "normal", "hard"][:players - 1], seed=7)
        if not share:
            for player in controller.players[1:]:
                player.shared = []
        controller.next_deal()
        hints = 0
        while not controller.between_deals():
            decision = controller.human_decision()
            if decision is None:
                controller.step()
            elif hints < 2 and len(decision.legal) > 1:  # a hint, and its action played
                hints += 1
                bot = controller.hint()
                while not bot.think_step():
                    pass
                controller.act(bot.result)
            else:
                controller.act(decision.legal[-1])
        return controller

    shared, own = play(True), play(False)
    assert [player.shared is shared.tools for player in shared.players[1:]] == [True] * (players - 1)
    assert shared.tools[0] == players and isinstance(shared.tools[1], Sampler) and isinstance(shared.tools[2], Playout)
    assert own.players[1].shared is not own.players[2].shared and own.players[1].shared is not own.tools
    assert shared.game.log == own.game.log and shared.game.scores == own.game.scores and len(shared.game.log) > 20
