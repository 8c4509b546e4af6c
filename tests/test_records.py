"""Records out of a game: the whole game (REFEREE.md) and one seat's cut (BOTS.md)."""

import json

import pytest

from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers import SPADES_HAND, SPADES_TALON, act, deal, new_game
from thousand.controller import Controller
from thousand.record import deal_json, game_record, replay, seat_record
from thousand.rules import Rules


def test_whole_game_record_replays_to_the_same_scores():
    game = new_game(start={"dealer": 2})
    deal(game, SPADES_HAND, SPADES_TALON)
    act(game, "1 pass", "2 pass", "0 give JH 1", "0 give TH 2", "0 contract 120", "0 concede")
    deal(game, SPADES_HAND, SPADES_TALON)
    act(game, "2 pass")  # unfinished: exported as it stands
    record = json.loads(json.dumps(game_record(game)))
    assert record["deals"][0]["actions"][-1] == "0 concede"
    assert record["deals"][1]["actions"] == ["2 pass"]
    out = replay(record)
    assert out["deals"][0]["deltas"] == [-120, 60, 60]
    assert out["deals"][1]["result"] == "unfinished" and out["scores"] == game.scores


def test_seat_record_hides_what_the_seat_has_not_seen():
    game = new_game(start={"dealer": 2, "scores": [10, 20, 30]})
    deal(game, SPADES_HAND, SPADES_TALON)
    act(game, "1 pass", "2 pass", "0 give JH 1", "0 give TH 2")
    cut = seat_record(game, 2)
    assert cut["start"]["scores"] == [10, 20, 30]
    d = cut["deals"][0]
    assert d["hands"][0] is None and d["hands"][1] is None and len(d["hands"][2]) == 7
    assert d["talon"] is None  # bought at 100: hidden
    assert d["actions"] == ["1 pass", "2 pass", "0 give ?? 1", "0 give TH 2"]
    mine = seat_record(game, 0)["deals"][0]
    assert mine["talon"] == ["JH", "TH", "AH"] and mine["actions"][2] == "0 give JH 1"


def test_controller_plays_a_game_of_random_seats_to_the_end_or_a_limit():
    controller = Controller(Rules.preset("classic"), levels=("random", "random"), seed=4)
    deals = 0
    controller.next_deal()
    while not controller.over() and deals < 60:
        if controller.between_deals():
            deals += 1
            controller.next_deal()
            continue
        decision = controller.pending()
        if decision.seat == 0:
            controller.act(decision.legal[0])
        else:
            assert controller.step() is not None
    last = deal_json(controller.last_result())
    last["tricks"] = last["trumps"] = []  # the sheet's rows keep neither
    assert controller.sheet() and deal_json(controller.sheet()[-1]) == last


def test_the_controller_writes_its_game_as_one_line_that_replays_to_its_scores():
    import io

    controller = Controller(Rules.preset("classic"), levels=("random", "random"), seed=9)
    controller.next_deal()
    for _ in range(40):  # into the first deal's play, past the auction and the talon
        decision = controller.pending()
        if decision is None:
            break
        if decision.seat == 0:
            controller.act(decision.legal[-1])
        else:
            controller.step()
    out = io.StringIO()
    controller.write_record(out)
    text = out.getvalue()
    assert text.endswith("\n") and text.count("\n") == 1
    assert replay(json.loads(text))["scores"] == controller.game.scores


@pytest.mark.parametrize("preset", ["classic", "full"])
def test_a_game_keeping_no_deals_keeps_its_sheet_and_its_record_starts_at_the_deal_in_play(preset):
    """``records_kept`` 0 (a board whose drive is read-only to the game: thousand.ui.starting)
    keeps no deal's cards and actions, only the score sheet; a record written from the game
    (the table menu's, where the board cannot reload for it) starts at the deal in play, as the
    one a board sends from its save, and replays to the game's scores, between deals too."""
    import io

    from thousand.driver import RandomPlayer, TableDriver
    from thousand.game import Game
    from thousand.record import write_game_record

    game = Game(Rules.preset(preset), seed=8)
    game.records_kept = 0
    players = [RandomPlayer(24 + s) for s in range(3)]
    driver = TableDriver(game)
    for _ in range(8):
        driver.play_deal(players)
    assert game.records == [] and len(game.sheet) == 8
    between = game_record(game)
    assert between["deals"] == [] and replay(json.loads(json.dumps(between)))["scores"] == game.scores
    game.start_deal()
    for _ in range(5):
        decision = driver.pending()
        driver.answer(decision, players[decision.seat].decide(driver.view_for(players[decision.seat], decision)))
    out = io.StringIO()
    write_game_record(game, out)
    record = json.loads(out.getvalue())
    assert record == json.loads(json.dumps(game_record(game)))
    assert len(record["deals"]) == 1 and record["start"]["scores"] == game.scores
    replay(record)  # the deal in play replays (unfinished) from its start


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 6), kept=st.integers(1, 5), deals=st.integers(1, 40),
       preset=st.sampled_from(["classic", "full"]))
@example(seed=1, kept=1, deals=3, preset="full")  # the first golden deal made: no record starts at the second
def test_a_game_keeping_only_its_last_records_exports_a_record_that_replays_to_its_scores(seed, kept, deals, preset):
    """``Game.records_kept`` (a board's: thousand.ui.starting.start) keeps the last ``kept`` to ``2 * kept``
    deals' cards and actions (two more where the golden deals were made: a record's start
    cannot say so, so it never starts at the second or third golden deal then); the record
    starts from the state before the first deal kept and replays to the game's scores, its
    deals the same as the whole game's last ones."""
    from thousand.driver import RandomPlayer, TableDriver
    from thousand.game import Game

    games = []
    for bound in (None, kept):
        game = Game(Rules.preset(preset), seed=seed)
        game.records_kept = bound
        players = [RandomPlayer(seed * 3 + s) for s in range(3)]
        driver = TableDriver(game)
        for _ in range(deals):
            if game.over:
                break
            driver.play_deal(players)
            assert bound is None or len(game.records) <= 2 * bound + 2
        games.append(game)
    whole, bounded = (json.loads(json.dumps(game_record(game))) for game in games)
    assert bounded["deals"] == whole["deals"][len(whole["deals"]) - len(bounded["deals"]):]
    assert len(bounded["deals"]) >= min(kept, len(whole["deals"]))
    out = replay(bounded)
    assert out["scores"] == games[1].scores == games[0].scores
