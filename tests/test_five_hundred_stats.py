"""Five Hundred's statistics (thousand.persist.five_hundred_stats): kept in Thousand's record,
counted at its deal ends and on Continue, each deal once, with 3 and 4 players apart; older
statistics read its numbers as zeros and an older program reads Thousand's whole."""

import pytest
from hypothesis import given, strategies as st

from thousand.five_hundred import ALL_PASS_PLAYED, MADE, PASSED_OUT
from thousand.five_hundred.controller import Controller
from thousand.five_hundred.rules import Rules
from thousand.persist import stats as stats_module
from thousand.persist.coding import Writer
from thousand.persist.five_hundred_stats import lines
from thousand.persist.saves import NEW_GAME, Saves
from thousand.persist.stats import FIELDS, Stats, stats_bytes, stats_from
from thousand.persist.store import memory_store
from thousand.rng import Rng

_FIVE_HUNDRED_COUNTS = len(Stats().five_hundred)  # 14 a game of 3 players, 14 of 4


def old_bytes(stats, fields):
    """``stats`` as a program whose statistics had ``fields`` wrote them."""
    w = Writer()
    w.uint(len(fields))
    for name in fields:
        value = getattr(stats, name)
        if name in ("best_score", "worst_score"):
            w.uint(0 if value is None else 1)
            if value is not None:
                w.sint(value)
        else:
            w.uint(value)
    return bytes(w.buf)


@given(st.lists(st.integers(-2 ** 20, 2 ** 20), min_size=_FIVE_HUNDRED_COUNTS, max_size=_FIVE_HUNDRED_COUNTS),
       st.integers(0, 2 ** 20))
def test_five_hundreds_numbers_round_trip_beside_thousands(numbers, games):
    stats = Stats()
    stats.games = games
    stats.five_hundred = list(numbers)
    back = stats_from(stats_bytes(stats))
    assert back.five_hundred == numbers and back.games == games


def test_statistics_saved_before_five_hundred_was_counted_read_its_numbers_as_zeros():
    stats = Stats()
    stats.games, stats.wins, stats.undone, stats.best_score = 5, 3, 2, 740
    back = stats_from(old_bytes(stats, FIELDS[:FIELDS.index("five_hundred")]))
    assert (back.games, back.wins, back.undone, back.best_score) == (5, 3, 2, 740)
    assert back.five_hundred == [0] * _FIVE_HUNDRED_COUNTS


def test_a_player_of_thousand_only_pays_one_byte_for_five_hundreds_numbers():
    """The statistics go to the flash at every deal's end (the RP2040's journal fills by their bytes)."""
    stats = Stats()
    stats.games, stats.deals = 3, 120
    older = old_bytes(stats, FIELDS[:FIELDS.index("five_hundred")])
    assert len(stats_bytes(stats)) == len(older) + 1
    stats.five_hundred[3] = 2  # the trailing zeros left out, the zeros before kept
    back = stats_from(stats_bytes(stats))
    assert len(stats_bytes(stats)) == len(older) + 5 and back.five_hundred == stats.five_hundred


def test_an_older_program_reads_the_new_statistics_with_thousands_numbers_whole(monkeypatch):
    stats = Stats()
    stats.games, stats.hints, stats.worst_score, stats.best_score = 9, 4, -120, 1000
    stats.five_hundred = list(range(1, _FIVE_HUNDRED_COUNTS + 1))
    data = stats_bytes(stats)
    monkeypatch.setattr(stats_module, "FIELDS", FIELDS[:FIELDS.index("five_hundred")])  # the program before
    back = stats_from(data)
    assert (back.games, back.hints, back.worst_score, back.best_score) == (9, 4, -120, 1000)


def move(controller, rng):
    """The next move in a deal: a computer's, or the player's at random."""
    decision = controller.pending()
    if decision.seat != 0:
        controller.step()
    else:
        controller.act(decision.legal[rng.below(len(decision.legal))])


def play_game(players, seed, saves):
    """A whole game of Five Hundred, the player choosing at random, its deal ends counted as the
    app counts them (``Saves.end_deal``); the controller at the game's end."""
    controller = Controller(Rules.from_dict({"preset": "australian", "players": players, "target": 300}), seed=seed)
    saves.save_game(controller, NEW_GAME)
    rng = Rng(seed)
    while True:
        if controller.between_deals() or controller.over():
            saves.end_deal(controller, 0)
            if controller.over():
                return controller
            controller.next_deal()
            continue
        move(controller, rng)


@pytest.mark.parametrize("players", [3, 4])
def test_a_game_of_five_hundred_is_counted_at_its_deal_ends_for_its_players_only(players):
    saves = Saves(memory_store())
    controller = play_game(players, 11, saves)
    game = controller.game
    stats = saves.load_stats()
    at = 0 if players == 3 else _FIVE_HUNDRED_COUNTS // 2
    mine = stats.five_hundred[at:at + _FIVE_HUNDRED_COUNTS // 2]
    other = stats.five_hundred[_FIVE_HUNDRED_COUNTS // 2 - at:_FIVE_HUNDRED_COUNTS - at]
    played = [r for r in game.sheet if r.result != PASSED_OUT]
    taken = [r for r in played if r.contractor == 0 and r.result != ALL_PASS_PLAYED]
    side = 0
    assert mine[0] == 1 and mine[1] == (1 if game.winner == side or side in (game.co_winners or ()) else 0)
    assert mine[2] == len(played) > 0
    assert mine[3] == len(taken) and mine[4] == len([r for r in taken if r.result == MADE])
    assert mine[12] == mine[13] == game.scores[side]
    assert other == [0] * (_FIVE_HUNDRED_COUNTS // 2) and stats.games == stats.deals == 0  # Thousand's untouched
    before = list(stats.five_hundred)
    saves.end_deal(controller, 0)  # told again: counted once
    assert saves.load_stats().five_hundred == before


def test_continue_counts_a_deal_that_ended_after_the_game_save_but_before_the_statistics():
    saves = Saves(memory_store())
    controller = Controller(Rules.preset("australian"), seed=3)
    saves.save_game(controller, NEW_GAME)
    rng = Rng(3)
    while True:
        if controller.between_deals():
            result = controller.game.last_result
            if result is not None and result.result != PASSED_OUT:
                break
            controller.next_deal()
            continue
        move(controller, rng)
    saves.save_game(controller)  # the game saved at the deal's end, the statistics not (a cut)
    assert saves.load_stats().five_hundred[2] == 0
    again = Saves(saves.store)
    assert again.load_game() is not None
    assert again.load_stats().five_hundred[2] == 1


def test_five_hundreds_pages_fit_the_smallest_screen_in_every_language():
    """25 columns on the 160-pixel screens, with numbers of their longest likely size."""
    import os

    from helpers import speaking

    stats = Stats()
    stats.five_hundred = [999] * _FIVE_HUNDRED_COUNTS
    stats.five_hundred[12] = stats.five_hundred[13] = stats.five_hundred[26] = stats.five_hundred[27] = -1200
    text = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets", "text")
    for language in sorted(os.listdir(text)):
        with speaking(language):
            for players in (3, 4):
                found = lines(stats, players)
                assert len(found) == 11 and all(len(line) <= 25 for line in found), (language, found)
