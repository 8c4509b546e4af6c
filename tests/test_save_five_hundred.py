"""Saves name their game (docs/saves.md, format 2): a game of Five Hundred is saved and
continued by replay with every promise of Thousand's saves (a power cut at every byte, a
resume at any decision going on as if never stopped), Thousand's saves of format 1 still read
as Thousand, an older program refuses a newer format in one line, and a session of Thousand
never loads Five Hundred's code."""

import copy
import io
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from conftest import ROOT
from savecheck import MemoryNvm, MemoryStore, PowerLoss
from thousand.five_hundred import actions as A
from thousand.five_hundred.controller import Controller
from thousand.five_hundred.rules import Rules
from thousand.persist import coding
from thousand.persist.continuing import load_game, saved_game
from thousand.persist.saves import NEW_GAME, Saves
from thousand.persist.store import KIND_GAME, NvmStore, SaveError, SlotPair, memory_store
from thousand.rng import Rng

AGREEMENTS = st.fixed_dictionaries({
    "players": st.sampled_from([3, 4]), "preset": st.sampled_from(["australian", "simple", "american"]),
    "raise_own_bid": st.booleans(), "sans_kitty": st.booleans(), "blind_misere": st.booleans(),
    "misere": st.sampled_from(["after_seven", "anytime", "off"]), "joker_lead_last": st.booleans(),
    "defender_cap": st.sampled_from([None, 490]), "target": st.sampled_from([300, 500])})


@pytest.fixture(autouse=True)
def let_the_codec_go():
    """Five Hundred's save codec is let go after each test, as the load plan lets a save's coder
    go on the device: tests/test_ui_storage.py checks which of thousand.persist stay loaded."""
    yield
    sys.modules.pop("thousand.persist.five_hundred", None)


def encode_game(game, extra=None, capacity=None):
    from thousand.persist.five_hundred import encode_game

    payload = encode_game(game, extra, capacity)
    assert b"".join(encode_game(game, extra, capacity, None, True)) == payload  # in parts, as a board's saves are written
    return payload


def pair_of(store):
    return SlotPair(store, "game", KIND_GAME)


def save(store, controller):
    pair = pair_of(store)
    payload = encode_game(controller.game, controller.snapshot(), pair.capacity())
    pair.write(coding.FORMAT_NAMING_THE_GAME, payload)
    return len(payload)


def restored(store):
    found = load_game(pair_of(store))
    return None if found is None else Controller.restore(*found)


def state(controller):
    """Everything that decides how the game goes on, as the player and the computers see it."""
    game = controller.game
    sheet = [(r.number, r.dealer, r.contractor, r.bid, r.result, list(r.tricks_won), list(r.deltas), list(r.scores))
             for r in game.sheet]
    pending = controller.pending()
    return (game.rules.to_dict(), game.deal_number, game.phase, game.to_move, game.dealer, list(game.scores),
            [list(h) for h in game.hands], list(game.kitty), list(game.log), game.rng.get_state(), sheet,
            None if pending is None else (pending.seat, list(pending.legal), pending.question),
            controller.snapshot())


def human_move(controller, chooser):
    """One move of the game: the next deal, a computer's move or the player's (chosen by
    ``chooser``, passing mostly); False when the game is over."""
    if controller.over():
        return False
    if controller.between_deals():
        controller.next_deal()
        return True
    decision = controller.pending()
    if decision.seat != 0:
        controller.step()
        return True
    legal = decision.legal
    action = legal[0] if chooser.below(3) else legal[chooser.below(len(legal))]
    controller.act(action)
    return True


def at_the_players_turn(controller, chooser, moves):
    """Up to ``moves`` moves on, stopping at the player's decision (or the game's end)."""
    for _ in range(moves):
        if not human_move(controller, chooser):
            return
    while not controller.over() and (controller.between_deals() or controller.pending().seat != 0):
        human_move(controller, chooser)


@settings(max_examples=25, deadline=None)
@given(AGREEMENTS, st.integers(0, 2 ** 20), st.lists(st.integers(1, 60), min_size=1, max_size=4))
def test_a_game_resumed_at_any_decision_goes_on_as_if_never_stopped(agreements, seed, stops):
    rules = Rules.from_dict(agreements)
    controller = Controller(rules, seed=seed)
    chooser = Rng(seed)
    store = MemoryStore()
    for moves in stops:
        at_the_players_turn(controller, chooser, moves)
        if controller.over():
            break
        save(store, controller)
        again = restored(store)
        assert state(again) == state(controller)
        # on with the same choices: the restored game goes as the one that never stopped
        twin_chooser = Rng(0)
        twin_chooser.set_state(chooser.get_state())
        at_the_players_turn(again, twin_chooser, 30)
        at_the_players_turn(controller, chooser, 30)
        assert state(again) == state(controller)


def test_a_question_answered_just_before_the_save_is_not_asked_again():
    """The unwritten answers (no raise, no nomination) replay at their places."""
    checked = set()
    for seed in range(200):
        rules = Rules.from_dict({"raise_own_bid": True, "players": 3 + seed % 2})
        controller = Controller(rules, seed=seed)
        controller.next_deal()
        while not controller.between_deals():
            decision = controller.pending()
            if decision.seat != 0:
                controller.step()
                continue
            quiet = [a for a in decision.legal if A.verb(a) in (A.NO_NOMINATION, A.NO_RAISE)]
            no_trumps = [a for a in decision.legal if A.verb(a) == A.BID and A.bid_denomination(A.argument(a)) == A.NT]
            controller.act(quiet[0] if quiet else no_trumps[0] if no_trumps and not decision.question else decision.legal[0])
            if quiet:
                store = MemoryStore()
                save(store, controller)
                again = restored(store)
                assert state(again) == state(controller) and again.unwritten == controller.unwritten
                checked.add(A.verb(quiet[0]))
        if len(checked) == 2:
            break
    assert checked == {A.NO_NOMINATION, A.NO_RAISE}


def make_store(kind):
    if kind == "file":
        return MemoryStore(truncate=True)
    if kind == "journal":  # the RP2040's: records appended, a move's save as a delta
        from thousand.persist.journal import JournalStore

        return JournalStore(MemoryNvm(4096))
    return NvmStore(MemoryNvm(4096, erase_unit=2048 if kind == "flash" else 0))


def medium_of(store):
    return getattr(store, "nvm", store)


@pytest.mark.parametrize("kind", ["file", "nvm", "flash", "journal"])
def test_power_cut_at_every_byte_of_a_save(kind):
    controller = Controller(Rules.from_dict({"players": 4, "raise_own_bid": True}), seed=11)
    chooser = Rng(12)
    store = make_store(kind)
    saved = None
    seen = set()
    for _ in range(5):
        at_the_players_turn(controller, chooser, 1 + chooser.below(40))
        new = state(controller)
        trial = copy.deepcopy(store)
        before = medium_of(trial).written
        save(trial, controller)
        size = medium_of(trial).written - before
        for cut in list(range(0, size + 1, 1 if kind != "flash" else 23)) + [size - 1, size]:
            trial = copy.deepcopy(store)
            medium_of(trial).power_after(cut)
            try:
                save(trial, controller)
                finished = True
            except PowerLoss:
                finished = False
            medium_of(trial).power_after(None)
            try:
                again = restored(trial)
            except SaveError as error:
                assert saved is None and "\n" not in str(error), "cut at byte %d lost the save before" % cut
                seen.add("damaged")
                continue
            found = None if again is None else state(again)
            assert found in (new, saved), "cut at byte %d" % cut
            assert not finished or found == new
            seen.add("new" if found == new else "old")
        save(store, controller)
        saved = new
    assert "new" in seen and ("old" in seen or "damaged" in seen)


def test_a_long_sheet_drops_its_oldest_rows_to_fit_the_nvm():
    controller = Controller(Rules.from_dict({"target": 99999, "lose_at": None}), seed=3)
    chooser = Rng(3)
    while controller.game.deal_number < 150:
        human_move(controller, chooser)
    at_the_players_turn(controller, chooser, 1)
    store = NvmStore(bytearray(b"\xff" * 4096))
    assert save(store, controller) <= pair_of(store).capacity()
    again = restored(store)
    rows = again.game.sheet
    assert 0 < len(rows) < len(controller.game.sheet)
    assert [(r.number, list(r.scores)) for r in rows] == [
        (r.number, list(r.scores)) for r in controller.game.sheet[-len(rows):]]
    assert state(again)[:10] == state(controller)[:10]


def test_thousands_saves_of_format_1_read_as_thousand_and_a_game_byte_names_either():
    from thousand.controller import Controller as Thousand
    from thousand.persist.encode import encode_game as encode_thousand

    saves = Saves(memory_store())
    thousand = Thousand(seed=3)
    saves.save_game(thousand, NEW_GAME)
    assert pair_of(saves.store).newest()[0] == 1  # Thousand still writes format 1
    assert saved_game(saves.game_record) == "thousand"
    assert type(Saves(saves.store).load_game()).__module__ == "thousand.controller"
    # format 2 with Thousand's byte: Thousand's payload after it
    store = MemoryStore()
    payload = bytes([coding.GAME_THOUSAND]) + encode_thousand(thousand.game, thousand.snapshot())
    pair_of(store).write(coding.FORMAT_NAMING_THE_GAME, payload)
    game, extra = load_game(pair_of(store))
    assert game.seed == 3 and extra == thousand.snapshot()


def test_a_game_this_program_does_not_know_is_refused_in_one_line_and_kept(tmp_path):
    from thousand.persist.files import FileStore

    store = FileStore(str(tmp_path))
    pair_of(store).write(coding.FORMAT_NAMING_THE_GAME, bytes([7]) + b"chess")
    with pytest.raises(SaveError, match="^save is of a game this version does not know; copy kept in "):
        load_game(pair_of(store))
    assert saved_game(pair_of(store)) is None


def test_an_older_program_refuses_a_save_of_five_hundred_in_one_line_and_keeps_it(tmp_path):
    from thousand.persist.files import FileStore
    from thousand.persist.reading import read_record

    store = FileStore(str(tmp_path))
    save(store, Controller(seed=2))
    with pytest.raises(SaveError) as refused:
        read_record(pair_of(store), 1)  # what a program reading format 1 only does
    assert str(refused.value).startswith("game save is from a newer Thousand (format 2), not used")
    assert os.path.exists(tmp_path / "game.damaged-1")


def test_the_window_and_the_device_continue_five_hundred_as_the_terminal_does():
    saves = Saves(memory_store())
    controller = Controller(Rules.from_dict({"players": 4}), seed=5)
    controller.next_deal()
    saves.save_game(controller, NEW_GAME)
    assert saved_game(saves.game_record) == "five_hundred"
    window = Saves(saves.store)  # the screens' (thousand.ui.app): no flag of their own
    again = window.load_game()
    assert again is not None and state(again) == state(controller) and window.take_problem() is None


def test_a_game_over_leaves_the_empty_save_and_a_record_of_five_hundred(tmp_path):
    import json

    saves = Saves(memory_store(), records_dir=str(tmp_path))
    controller = Controller(Rules.from_dict({"target": 200}), seed=1, levels=["easy", "easy"])
    chooser = Rng(1)
    saves.save_game(controller, NEW_GAME)
    while not controller.over():
        human_move(controller, chooser)
        if controller.between_deals() or controller.over():
            saves.end_deal(controller, 0)
        else:
            saves.save_game(controller)
    assert not saves.has_game() and saved_game(saves.game_record) is None
    saves.export(controller)
    record = json.load(open(tmp_path / "last.json"))
    assert record["game"] == "five_hundred" and len(record["deals"]) == controller.game.deal_number


# A deal played to its end, saved after each of the player's moves and counted at its end, in
# a fresh interpreter (where sys.modules tells what it loaded): the import of a game's
# Controller and the Controller made, the two %s it is formatted with.
DEAL_SAVED_AFTER_EVERY_MOVE = """
import sys
%s
from thousand.persist.saves import NEW_GAME, Saves
from thousand.persist.store import memory_store
saves = Saves(memory_store())
c = %s
saves.save_game(c, NEW_GAME)
c.next_deal()
while not c.between_deals():
    d = c.pending()
    if d.seat == 0:
        c.act(d.legal[0]); saves.save_game(c)
    else:
        c.step()
saves.end_deal(c, 0)
"""


def modules_loaded(script):
    """What ``script`` printed in a fresh interpreter (it must end without an error)."""
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert (out.returncode, out.stderr) == (0, ""), out.stderr
    return out.stdout.strip()


def test_thousand_never_loads_five_hundreds_code():
    """A Thousand game saved after every move, continued and ended loads no module of Five
    Hundred's (the device's memory for Thousand stays as it was)."""
    loaded = modules_loaded(DEAL_SAVED_AFTER_EVERY_MOVE % (
        "from thousand.controller import Controller", 'Controller(seed=4, levels=("random", "random"))') + """
again = Saves(saves.store).load_game()
assert again is not None
print(sorted(m for m in sys.modules if "five_hundred" in m))
""")
    assert loaded == "[]"


def test_a_five_hundred_deal_played_saved_counted_written_as_a_record_and_continued_loads_none_of_thousands_engine():
    """Five Hundred's play, its saves, its statistics, its record as the board writes it and
    Continue load no module of Thousand's engine, its record reader, its save reader or its
    cards: on a board their names would stay in the pool of the game's VM (docs/memory.md; its
    record once loaded Thousand's whole engine for ``RecordError``, its cards Thousand's for a
    popcount table, Continue Thousand's save reader, ``thousand.persist.restore``)."""
    loaded = modules_loaded(DEAL_SAVED_AFTER_EVERY_MOVE % (
        "from thousand.five_hundred.controller import Controller", "Controller(seed=4)") + """
import io
from thousand.persist.records import write_game
out = io.StringIO()
write_game(c.game, out)
assert out.getvalue().startswith('{')
c.next_deal()
c.act(c.pending().legal[0]) if c.pending().seat == 0 else c.step()
saves.save_game(c)
again = Saves(saves.store).load_game()
assert again.game_name == "five_hundred" and again.game.log == c.game.log
engine = ("thousand.game", "thousand.record", "thousand.cards", "thousand.actions", "thousand.notation",
          "thousand.controller", "thousand.checks", "thousand.replay", "thousand.scoring", "thousand.bots",
          "thousand.persist.restore", "thousand.persist.encode")
print(sorted(m for m in sys.modules if m in engine))
""")
    assert loaded == "[]"


def test_the_terminal_continues_the_saved_game_of_five_hundred_at_the_same_decision(tmp_path):
    env = dict(os.environ, THOUSAND_DATA_DIR=str(tmp_path), PYTHONUNBUFFERED="1")
    game = [sys.executable, os.path.join(ROOT, "tools", "terminal_game.py")]
    first = subprocess.run(game + ["--game", "five_hundred", "--players", "4", "--seed", "3"],
                           input=b"1\n" * 12 + b"q\n", capture_output=True, timeout=120, env=env)
    out = first.stdout.decode("utf-8")
    assert (first.returncode, first.stderr) == (0, b"") and out.rstrip().endswith("the game is saved (--continue goes on with it).")
    left = out[out.rfind("\n-- Scores: "):]
    left = left[:left.find("Your choice: ")]
    again = subprocess.run(game + ["--continue"], input=b"q\n", capture_output=True, timeout=120, env=env)
    out = again.stdout.decode("utf-8")
    assert out.startswith("Five Hundred: the saved game goes on (seed 3, deal ")
    assert out[out.find("\n-- Scores: "):out.find("Your choice: ")] == left
