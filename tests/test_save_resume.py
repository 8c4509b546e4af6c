"""Resume games at random points and play them on with the same seeds: the results
equal an uninterrupted run, in the NVM and through real files."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest
from hypothesis import example, given, settings, strategies as st

from savecheck import MemoryNvm, MemoryStore, fingerprint, load, play, rules_for, save, sheet_row, step
from thousand.game import Game
from thousand.notation import log_text
from thousand.record import game_record
from thousand.persist.encode import encode_game
from thousand.persist.restore import decode_game
from thousand.persist.files import FileStore
from thousand.persist.store import NvmStore
from thousand.rng import Rng

MOVE_CAP = 900  # games with barrel rules may run long under random play: compare there


def uninterrupted(rule_set, seed):
    game = Game(rules_for(rule_set), seed=seed)
    chooser = Rng(seed + 1)
    play(game, chooser, MOVE_CAP)
    return game


def resumed(rule_set, seed, stops, store):
    """The same game, saved and resumed at each move count in ``stops``."""
    game = Game(rules_for(rule_set), seed=seed)
    chooser = Rng(seed + 1)
    done = 0
    for stop in sorted(stops):
        done += play(game, chooser, stop - done)
        save(store, game, {"chooser": list(chooser.get_state()), "human": 0})
        game, extra = load(store)
        assert extra["human"] == 0
        chooser = Rng()
        chooser.set_state(extra["chooser"])
    play(game, chooser, MOVE_CAP - done)
    return game


def assert_same_game(a, b):
    """The same game, and the same record from the deal the last resume began at."""
    assert a.scores == b.scores and a.winner == b.winner and a.over == b.over
    assert fingerprint(a, True) == fingerprint(b, True)
    deals = game_record(a)["deals"]
    assert deals == game_record(b)["deals"][len(game_record(b)["deals"]) - len(deals):]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 5), st.integers(0, 10 ** 6), st.lists(st.integers(0, 400), min_size=1, max_size=4))
def test_a_game_resumed_from_files_anywhere_goes_on_as_if_never_stopped(rule_set, seed, stops):
    expected = uninterrupted(rule_set, seed)
    got = resumed(rule_set, seed, stops, MemoryStore())
    assert_same_game(got, expected)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 5), st.integers(0, 10 ** 6), st.lists(st.integers(0, 400), min_size=1, max_size=4))
def test_a_game_resumed_from_the_nvm_anywhere_goes_on_as_if_never_stopped(rule_set, seed, stops):
    expected = uninterrupted(rule_set, seed)
    got = resumed(rule_set, seed, stops, NvmStore(MemoryNvm(4096)))
    assert_same_game(got, expected)


def test_resume_at_every_move_of_whole_games():
    for rule_set in range(6):
        seed = 50 + rule_set
        expected = uninterrupted(rule_set, seed)
        game = Game(rules_for(rule_set), seed=seed)
        chooser = Rng(seed + 1)
        moves = 0
        while moves < MOVE_CAP:
            again, extra = decode_game(encode_game(game, list(chooser.get_state())))
            assert fingerprint(again, True) == fingerprint(game, True) and extra == list(chooser.get_state())
            if not step(game, chooser):
                break
            moves += 1
        assert fingerprint(game, False) == fingerprint(expected, False)


def test_desktop_files_in_the_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path / "data"))
    from thousand.persist.files import FileStore, data_dir, default_store  # as loaded now (scenes unload it)
    assert data_dir() == str(tmp_path / "data")
    store = default_store()
    assert isinstance(store, FileStore)
    expected = uninterrupted(2, 11)
    got = resumed(2, 11, [10, 90, 200], store)
    assert_same_game(got, expected)
    assert sorted(os.listdir(tmp_path / "data")) == ["game.0", "game.1"]


def test_data_directory_defaults(monkeypatch):
    from thousand.persist.files import data_dir
    monkeypatch.delenv("THOUSAND_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", "/x/data")
    assert data_dir() == "/x/data/thousand"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", "/home/p")
    assert data_dir() == "/home/p/.local/share/thousand"


@pytest.mark.slow
def test_a_sheet_too_long_for_the_nvm_drops_its_oldest_rows():
    game = Game(rules_for(5), seed=17)  # barrel rules: long games under random play
    chooser = Rng(18)
    store = NvmStore(MemoryNvm(2560))  # the smallest NVM taken: 1 KB for the game
    size = 0
    while len(game.sheet) < 140 and step(game, chooser):
        size = save(store, game, list(chooser.get_state()))
    assert size <= store.capacity("game") - 12
    back, state = load(store)
    assert state == list(chooser.get_state())
    kept = len(back.sheet)
    assert 40 < kept < len(game.sheet)
    assert [sheet_row(r) for r in back.sheet] == [sheet_row(r) for r in game.sheet[-kept:]]
    assert fingerprint(back, True)[:28] == fingerprint(game, True)[:28]


def play_controller(controller, chooser, moves):
    """Up to ``moves`` moves: the human's choice (from ``chooser``), a computer's move, a new
    deal.  A computer's slice of thinking is no move: a controller saved while its bot was
    thinking thinks again from the start after a restore, in more or fewer slices."""
    done = 0
    while done < moves and not controller.over():
        if controller.between_deals():
            controller.next_deal()
        elif controller.human_decision() is None:
            if controller.step() is None:
                continue
        else:
            decision = controller.human_decision()
            controller.act(decision.legal[chooser.below(len(decision.legal))])
        done += 1


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(0, 300), st.sampled_from(["random", "easy", "normal"]))
@example(25, 23, "normal")  # saved while a bot was half-way through its thinking
def test_a_controller_restored_from_its_save_plays_on_as_the_one_saved(seed, moves, level):
    """The controller's snapshot keeps what its Game does not: the bots' levels and random
    states, the seed, the redeal questions still to ask and the hints asked for in the deal."""
    from thousand.controller import Controller
    from thousand.persist.saves import Saves
    from thousand.persist.store import memory_store

    rules = rules_for(seed % 6)
    controller = Controller(rules, levels=(level, "random"), seed=seed)
    chooser = Rng(seed + 1)
    play_controller(controller, chooser, moves)
    if controller.human_decision() is not None:
        assert controller.hint().decide() in controller.human_decision().legal  # counted, kept, touching no bot
        assert controller.hints == 1
    if controller.can_undo() and seed % 2:
        told = []
        controller.listeners = [lambda seat, action: told.append((seat, action))]
        assert controller.undo() and controller.undos == 1  # counted, kept; the bots' states as they were
        assert told == [(0, None)] and not controller.can_undo()  # the listeners told, as of the player's move
    store = memory_store()
    Saves(store).save_game(controller)
    again = Saves(store).load_game()
    if controller.over():
        assert again is None  # a finished game is not continued
        return
    assert again is not controller and again.snapshot() == controller.snapshot()
    twin_chooser = Rng()
    twin_chooser.set_state(chooser.get_state())
    play_controller(controller, chooser, 150)
    play_controller(again, twin_chooser, 150)
    assert fingerprint(again.game, True) == fingerprint(controller.game, True)
    assert again.snapshot() == controller.snapshot()


# ---------------------------------------------------------------- the redeal questions (issue 33)
QUESTION_RULES = {"preset": "club", "redeal_hand_points_below": 40}  # most hands may call a redeal


def mid_questions(seed):
    """A controller of random computer seats whose game waits for a redeal question after
    another was answered "keep" (a KEEP in its log), or None."""
    from thousand import actions
    from thousand.controller import Controller
    from thousand import rules_check

    controller = Controller(rules_check.from_dict(QUESTION_RULES), levels=("random", "random"), seed=seed)
    controller.next_deal()
    for _ in range(6):
        pending = controller.game.pending()
        if pending is None or not pending[1]:
            return None
        if any(actions.entry_action(e) == actions.ACTION_KEEP for e in controller.game.log):
            return controller
        if controller.human_decision() is None:
            controller.step()
        else:
            controller.act(actions.ACTION_KEEP)
    return None


def test_a_game_saved_between_two_redeal_questions_resumes_asking_the_ones_left():
    """A "keep" is one of the deal's actions in the save, so the restored game asks what was
    left to ask, and the snapshot carries no "ask" of its own."""
    from thousand.persist.saves import Saves
    from thousand.persist.store import memory_store

    found = 0
    for seed in range(60):
        controller = mid_questions(seed)
        if controller is None:
            continue
        found += 1
        assert "ask" not in controller.snapshot()
        store = memory_store()
        Saves(store).save_game(controller)
        again = Saves(store).load_game()
        assert again.game.pending() == controller.game.pending()
        assert again.game.questions == controller.game.questions
        chooser, twin = Rng(seed), Rng(seed)
        play_controller(controller, chooser, 120)
        play_controller(again, twin, 120)
        assert fingerprint(again.game, True) == fingerprint(controller.game, True)
    assert found >= 5


# Written by the program before the game held its redeal questions (issue 33): a Controller of
# QUESTION_RULES, random computer seats, seed 2, its first deal's questions asked of seats 1, 2
# and 0 (first hand first), seats 1 and 2 answered "keep" (no action then), seat 0 being asked;
# the snapshot's "ask" is [0].
OLD_SAVE_ASKING_SEAT_0 = bytes.fromhex(
    "0e02012301500401000000939e9d67ebbacc860300000000000000000000000000000028c10c510252843481000706"
    "040361736b06010300040568696e7473030004066c6576656c730602040672616e646f6d040672616e646f6d040372"
    "6e67060403bc84ad9d02039290ec4303e0ec9baf010396fed9f60304047365656403040405756e646f730300")


def test_a_save_written_before_the_game_held_its_questions_resumes_asking_the_one_left():
    from thousand import actions
    from thousand.controller import Controller
    from thousand.persist.encode import FORMAT_VERSION
    from thousand.persist.saves import Saves
    from thousand.persist.store import memory_store
    from thousand import rules_check

    store = memory_store()
    saves = Saves(store)
    saves.write(False, [(saves.game_record, FORMAT_VERSION, OLD_SAVE_ASKING_SEAT_0)])
    again = Saves(store).load_game()
    assert again.game.pending() == (0, True) and again.game.questions == 1  # seats 1 and 2 not again
    # The same game played now: seats 1 and 2 answer "keep" as they did, written in its log.
    now = Controller(rules_check.from_dict(QUESTION_RULES), levels=("random", "random"), seed=2)
    now.next_deal()
    while now.human_decision() is None:
        now.step()
    assert now.game.pending() == (0, True) and [actions.entry_seat(e) for e in now.game.log] == [1, 2]
    assert now.snapshot() == again.snapshot()
    for controller in (now, again):
        controller.act(actions.ACTION_KEEP)
    play_controller(now, Rng(5), 200)
    play_controller(again, Rng(5), 200)
    assert game_record(again.game)["deals"] == game_record(now.game)["deals"]
    assert again.game.scores == now.game.scores and log_text(again.game) == log_text(now.game)
