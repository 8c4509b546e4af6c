"""Five Hundred's computer players (thousand/five_hundred/bots.py) and its self-play tool."""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from test_micropython import run_micropython
from thousand.five_hundred import MADE
from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand import PLAYER_LEVELS
from thousand.five_hundred.bots import LEVELS, make_player
from thousand.five_hundred.driver import TableDriver
from thousand.five_hundred.game import Game, IllegalAction
from thousand.five_hundred.rules import Rules
from thousand.rng import Rng

SELFPLAY = os.path.join(ROOT, "tools", "selfplay.py")

RULE_SETS = [
    {"players": 3},
    {"players": 4},
    {"players": 3, "sans_kitty": True, "raise_own_bid": True, "blind_misere": True, "misere": "anytime",
     "joker_lead_last": True},
    {"preset": "american", "players": 4, "defender_cap": 490, "defender_points": "on_fail"},
    {"preset": "simple", "players": 4, "all_pass": "redeal_same", "sans_kitty": True},
]


@pytest.mark.parametrize("values", RULE_SETS, ids=[str(i) for i in range(len(RULE_SETS))])
def test_every_level_only_ever_chooses_legal_actions(values):
    rules = Rules.from_dict(values)
    for seed in range(8):
        game = Game(rules, seed=seed)
        driver = TableDriver(game, collect=False)
        players = [make_player(LEVELS[(s + seed) % len(LEVELS)], seed * 7 + s) for s in range(rules.players)]
        while not game.over and len(game.sheet) < 8:
            game.start_deal()
            while True:
                decision = driver.pending()
                if decision is None:
                    break
                player = players[decision.seat]
                action = player.decide(driver.view_for(player, decision))
                assert action in decision.legal
                driver.answer(decision, action)


def _replayed(game, dealt, kitty):
    """``game``'s deal dealt again with other cards and its log applied again, or None when
    a written action is not legal with those cards."""
    other = Game(game.rules, start={"scores": list(game.scores), "dealer": game.dealer})
    other.deal_number = game.deal_number - 1
    other.start_deal(dealt, kitty)
    try:
        for entry in game.log:
            other.apply(A.entry_seat(entry), A.entry_action(entry))
    except IllegalAction:
        return None
    if other.phase != game.phase or other.to_move != game.to_move or other.nomination_seat() != game.nomination_seat():
        return None
    return other


def hidden_swaps(game, seat, rng, tries):
    """Games that differ from ``game`` only in cards ``seat`` has not seen: one unplayed card
    of another seat's (or of the kitty, unless ``seat`` took it) swapped with another's."""
    view = game.view(seat)
    places = [s for s in range(game.players) if s != seat and s != game.exposed]
    if view.kitty is None:
        places.append(-1)  # the kitty
    used = [0] * C.SLOTS
    for entry in game.played:
        C.add(used, entry & 0xFF)
    if game.nominated >= 0 or game.joker_nominator >= 0:
        C.add(used, C.JOKER)  # who nominated is public
    out = []
    for _ in range(tries):
        i = rng.below(len(places))
        j = rng.below(len(places) - 1)
        if j >= i:
            j += 1
        dealt = [list(h) for h in game.dealt]
        kitty = list(game.kitty)
        a = dealt[places[i]] if places[i] >= 0 else kitty
        b = dealt[places[j]] if places[j] >= 0 else kitty
        free_a = [c for c in C.cards_of(a) if not C.holds(used, c)]
        free_b = [c for c in C.cards_of(b) if not C.holds(used, c)]
        if not free_a or not free_b:
            continue
        ca = free_a[rng.below(len(free_a))]
        cb = free_b[rng.below(len(free_b))]
        C.remove(a, ca)
        C.add(a, cb)
        C.remove(b, cb)
        C.add(b, ca)
        other = _replayed(game, dealt, kitty)
        if other is not None:
            out.append(other)
    return out


def view_fields(view):
    fields = dict(vars(view))
    del fields["rules"]
    return fields


@pytest.mark.parametrize("players,level", [(3, "easy"), (4, "easy"), (3, "normal"), (4, "normal"), (3, "hard"),
                                          (4, "hard")])
def test_hidden_cards_never_change_a_bots_choice(players, level):
    rng = Rng(5 + len(level))
    checked = 0
    for g in range(6):
        rules = Rules.from_dict({"players": players, "sans_kitty": g % 2 == 1, "misere": "anytime"})
        game = Game(rules, seed=100 + g)
        driver = TableDriver(game, collect=False)
        movers = [make_player("easy", 40 + s) for s in range(players)]
        for _deal in range(4):
            if game.over:
                break
            game.start_deal()
            while True:
                decision = driver.pending()
                if decision is None:
                    break
                seat = decision.seat
                view = game.view(seat, decision.legal)
                if rng.below(3) == 0:
                    for other in hidden_swaps(game, seat, rng, 3):
                        other_view = other.view(seat, TableDriver(other, collect=False).pending().legal)
                        assert view_fields(other_view) == view_fields(view)
                        assert make_player(level, 77).decide(other_view) == make_player(level, 77).decide(
                            game.view(seat, decision.legal))
                        checked += 1
                driver.answer(decision, movers[seat].decide(view))
    assert checked > 100


@pytest.mark.parametrize("players", [3, 4])
def test_the_easy_bot_scores_more_a_deal_than_the_random_player(players):
    rules = Rules.from_dict({"players": players, "target": 99999, "lose_at": None})
    per_level = {"easy": 0, "random": 0}
    deals = 0
    for seed in range(40):
        names = (["easy", "random"] * 2)[:players] if seed % 2 else (["random", "easy"] * 2)[:players]
        if players == 3:
            names = ["easy", "random", "random"][seed % 3:] + ["easy", "random", "random"][:seed % 3]
        game = Game(rules, seed=seed)
        driver = TableDriver(game, collect=False)
        seats = [make_player(names[s], seed * 5 + s) for s in range(players)]
        for _deal in range(8):
            driver.play_deal(seats)
            result = game.last_result
            deals += 1
            for s in range(players if players == 3 else 2):  # one seat a side
                per_level[names[s]] += result.deltas[s] / (1 if players == 4 else names.count(names[s]))
    assert per_level["easy"] / deals > per_level["random"] / deals + 100


def contracts_made(level, players, games=30):
    """(made, failed) of the contracts ``level`` bots play among themselves."""
    rules = Rules.from_dict({"players": players, "target": 99999, "lose_at": None})
    made = failed = 0
    for seed in range(games):
        game = Game(rules, seed=seed)
        driver = TableDriver(game, collect=False)
        seats = [make_player(level, seed * 5 + s) for s in range(players)]
        for _deal in range(8):
            driver.play_deal(seats)
            result = game.last_result
            if result.contractor is not None:
                made += result.result == MADE
                failed += result.result != MADE
    return made, failed


@pytest.mark.parametrize("players", [3, 4])
def test_easy_bots_overbid_as_beginners_and_fail_about_half_of_their_contracts(players):
    made, failed = contracts_made("easy", players)
    assert made + failed > 100 and 0.3 * (made + failed) < failed < 0.7 * (made + failed)


def test_selfplay_plays_five_hundred_at_three_and_four_and_refuses_a_bad_table():
    for players, sides in (("3", 3), ("4", 2), ("easy,random,easy,random", 2)):
        out = subprocess.run([sys.executable, SELFPLAY, "--game", "five_hundred", "--players", players,
                              "--games", "4", "--seed", "2"], capture_output=True, text=True, check=True)
        figures = json.loads(out.stdout)
        assert figures["game"] == "five_hundred" and figures["games"] == 4 and len(figures["wins"]) == sides
        assert figures["deals"] >= 4 and figures["decisions"] > 40
    for argv, words in ((["--players", "5"], "3 or 4"), (["--players", "easy,expert,random"], "unknown player"),
                        (["--rules", "classic"], "unknown rules preset"), (["--game", "chess"], "unknown game")):
        proc = subprocess.run([sys.executable, SELFPLAY, "--game", "five_hundred"] + argv, capture_output=True, text=True)
        assert proc.returncode == 2 and words in proc.stderr and proc.stderr.count("\n") == 1 and proc.stdout == ""


def test_selfplay_of_five_hundred_gives_the_same_games_on_micropython(micropython):
    args = ["--game", "five_hundred", "--players", "easy,random,easy,random", "--games", "3", "--seed", "9",
            "--max-deals", "30", "--rules", "american"]
    proc = run_micropython(micropython, [SELFPLAY] + args, ROOT)
    assert proc.returncode == 0, proc.stderr
    upy = json.loads(proc.stdout)
    cpy = json.loads(subprocess.run([sys.executable, SELFPLAY] + args, capture_output=True, text=True,
                                    check=True).stdout)
    for key in ("games", "deals", "passed_out", "actions", "decisions", "wins", "unfinished_games"):
        assert upy[key] == cpy[key], key
    assert upy["peak_alloc"] > 0 and "peak_alloc" not in cpy
