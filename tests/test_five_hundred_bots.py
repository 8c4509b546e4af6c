"""Five Hundred's computer players (thousand/five_hundred/bots.py) and its self-play tool."""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from test_micropython import run_micropython
from thousand.five_hundred import MADE
from thousand.five_hundred.bots import make_player
from thousand.five_hundred.driver import TableDriver
from thousand.five_hundred.game import Game
from thousand.five_hundred.rules import Rules

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
def test_the_easy_bot_and_the_random_player_only_ever_choose_legal_actions(values):
    rules = Rules.from_dict(values)
    for seed in range(12):
        game = Game(rules, seed=seed)
        driver = TableDriver(game, collect=False)
        players = [make_player("easy" if (s + seed) % 2 else "random", seed * 7 + s) for s in range(rules.players)]
        while not game.over and len(game.sheet) < 15:
            game.start_deal()
            while True:
                decision = driver.pending()
                if decision is None:
                    break
                player = players[decision.seat]
                action = player.decide(driver.view_for(player, decision))
                assert action in decision.legal
                driver.answer(decision, action)


def test_the_easy_bot_decides_the_same_whatever_the_cards_it_cannot_see():
    """Between two other seats holding as many cards, swapping their hands changes nothing
    the bot may know, so it must change nothing it does."""
    for players in (3, 4):
        rules = Rules.from_dict({"players": players})
        swaps = 0
        for seed in range(8):
            game = Game(rules, seed=seed)
            driver = TableDriver(game, collect=False)
            bots = [make_player("easy", s) for s in range(players)]
            for _deal in range(3):
                if game.over:
                    break
                game.start_deal()
                while True:
                    decision = driver.pending()
                    if decision is None:
                        break
                    seat = decision.seat
                    chosen = bots[seat].decide(game.view(seat, decision.legal))
                    others = [s for s in range(players) if s != seat and s != game.exposed]
                    a, b = others[0], others[1]
                    if game.hands[a] != game.hands[b] and game.view(seat).hand_counts[a] == \
                            game.view(seat).hand_counts[b]:
                        game.hands[a], game.hands[b] = game.hands[b], game.hands[a]
                        assert make_player("easy", seat).decide(game.view(seat, decision.legal)) == chosen
                        game.hands[a], game.hands[b] = game.hands[b], game.hands[a]
                        swaps += 1
                    driver.answer(decision, chosen)
        assert swaps > 50


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


@pytest.mark.parametrize("players", [3, 4])
def test_easy_bots_among_themselves_make_most_of_their_contracts(players):
    rules = Rules.from_dict({"players": players, "target": 99999, "lose_at": None})
    made = failed = 0
    for seed in range(30):
        game = Game(rules, seed=seed)
        driver = TableDriver(game, collect=False)
        seats = [make_player("easy", seed * 5 + s) for s in range(players)]
        for _deal in range(8):
            driver.play_deal(seats)
            result = game.last_result
            if result.contractor is not None:
                made += result.result == MADE
                failed += result.result != MADE
    assert made + failed > 60 and made >= 3 * failed


def test_selfplay_plays_five_hundred_at_three_and_four_and_refuses_a_bad_table():
    for players, sides in (("3", 3), ("4", 2), ("easy,random,easy,random", 2)):
        out = subprocess.run([sys.executable, SELFPLAY, "--game", "five_hundred", "--players", players,
                              "--games", "4", "--seed", "2"], capture_output=True, text=True, check=True)
        figures = json.loads(out.stdout)
        assert figures["game"] == "five_hundred" and figures["games"] == 4 and len(figures["wins"]) == sides
        assert figures["deals"] >= 4 and figures["decisions"] > 40
    for argv, words in ((["--players", "5"], "3 or 4"), (["--players", "easy,hard,random"], "unknown player"),
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
