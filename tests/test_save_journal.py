"""The RP2040's journal (thousand/persist/journal.py) over the model of its NVM
(tests/boardstores.py): appends onto erased bytes cost no erase, a full sector is written
again with the newest record of every name, and what a cut leaves is read."""

import os
import sys

import pytest
from hypothesis import given, settings, strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import save_sizes  # noqa: E402  (tools/save_sizes.py)
from boardstores import Rp2040Nvm, cut_during  # noqa: E402
from thousand.persist.boards import policy_saves  # noqa: E402
from thousand.controller import Controller  # noqa: E402
from thousand.persist.journal import _KIND_DELTA as KIND_DELTA, JournalStore, delta_ops, whole_record  # noqa: E402
from thousand.persist.reading import read_record  # noqa: E402
from thousand.persist.store import KIND_GAME, KIND_SETTINGS, KIND_STATS, NvmStore, SaveError, SlotPair, crc32, pack_record  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand import rules_check  # noqa: E402


def pairs(store):
    return (SlotPair(store, "settings", KIND_SETTINGS), SlotPair(store, "stats", KIND_STATS),
            SlotPair(store, "game", KIND_GAME))


def test_records_are_appended_without_an_erase_until_the_sector_is_full_then_written_again_once():
    nvm = Rp2040Nvm()
    store = JournalStore(nvm)
    settings, stats, game = pairs(store)
    settings.write(1, b"sound off")
    for n in range(200):
        stats.write(1, b"S%03d" % n)
        game.write(1, bytes([n]) * 300)
        if nvm.erases == 0:
            appended = n
    assert appended >= 9  # 3.3 KB of appends before the first erase
    # Every erase wrote the newest of each name again: the settings outlive them all.
    assert 10 <= nvm.erases <= 200 // appended + 1
    again = JournalStore(nvm)
    assert [pair.newest() for pair in pairs(again)] == [(1, b"sound off"), (1, b"S199"), (1, bytes([199]) * 300)]
    assert again.capacity("game") == 4096 - 256 and again.capacity("settings") == 64


def test_an_nvm_laid_out_in_two_halves_reads_whole_and_the_next_write_appends_after_it():
    """A PicoSystem's NVM written before the journal (NvmStore's fixed places) is read as it
    is, newest record by sequence number; the first new write erases nothing."""
    nvm = Rp2040Nvm()
    old = pairs(NvmStore(nvm))
    old[0].write(1, b"level hard")
    for n in range(3):
        old[2].write(1, b"game %d" % n)
    erases = nvm.erases
    settings, stats, game = pairs(JournalStore(nvm))
    assert settings.newest() == (1, b"level hard") and game.newest() == (1, b"game 2") and stats.newest() is None
    game.write(1, b"game 3")
    assert nvm.erases == erases and pairs(JournalStore(nvm))[2].newest() == (1, b"game 3")


def test_a_cut_short_append_is_skipped_and_the_next_one_goes_after_it():
    nvm = Rp2040Nvm()
    game = pairs(JournalStore(nvm))[2]
    game.write(1, b"first")
    nvm.log = []
    game.write(1, b"second" * 20)
    before, start, values = nvm.log[0]
    for step in range(len(values)):
        trial = cut_during(nvm, before, start, values, step)
        again = pairs(JournalStore(trial))[2]
        assert again.newest() == (1, b"first") and trial.erases == 0
        again.write(1, b"third")
        assert JournalStore(trial).read("game", 0)[8:13] == b"third" and trial.erases == 0


def test_an_append_never_starts_on_a_records_last_bytes_that_read_0xff():
    """A record's CRC may end in 0xFF bytes, which read as erased flash: the journal appends
    after the record, not after its last byte that is not 0xFF."""
    store = JournalStore(Rp2040Nvm())
    game = SlotPair(store, "game", KIND_GAME)
    for n in range(3000):
        game.write(1, b"%d" % n)
        if store.nvm.data[store.append_at - 1] == 0xFF:
            break
    else:
        pytest.fail("no record ended in 0xFF")
    game.write(1, b"after")
    again = SlotPair(JournalStore(store.nvm), "game", KIND_GAME)
    assert again.scan()[0] == (1, b"after") and again.store.read("game", 1)[8:-4] == b"%d" % n


def test_a_cut_inside_a_compaction_leaves_the_records_programmed_and_tells_the_one_cut_short():
    nvm = Rp2040Nvm()
    settings, stats, game = pairs(JournalStore(nvm))
    settings.write(1, b"s" * 40)
    stats.write(1, b"t" * 100)
    nvm.log = []
    while nvm.erases == 0:
        game.write(1, b"g" * 1000)
    before, start, values = nvm.log[-1]
    trial = cut_during(nvm, before, start, values, 1 + 52 + 112 + 500)  # the erase, two records, half the game
    settings, stats, game = pairs(JournalStore(trial))
    assert settings.newest() == (1, b"s" * 40) and stats.newest() == (1, b"t" * 100)
    with pytest.raises(SaveError, match="game save damaged, not used"):
        read_record(game)


def test_a_newer_programs_record_does_not_hide_the_readable_one_before_it():
    store = JournalStore(Rp2040Nvm())
    game = SlotPair(store, "game", KIND_GAME)
    game.write(1, b"ours")
    game.write(9, b"a newer Thousand's")
    again = SlotPair(JournalStore(store.nvm), "game", KIND_GAME)
    assert read_record(again, readable=1) == (1, b"ours")


def test_a_record_too_big_for_its_room_is_refused_in_one_line():
    store = JournalStore(Rp2040Nvm())
    with pytest.raises(SaveError, match="settings save too big"):
        SlotPair(store, "settings", KIND_SETTINGS).write(1, b"x" * 60)


def test_the_rp2040_keeps_every_move_and_every_deals_end_in_its_flash_within_its_erase_goal():
    """Issue 17 on the PicoSystem: every save in the flash (a reset or a power cut loses
    nothing), the moves as deltas, within the 27 erases of a 40-deal game."""
    deals, played = save_sizes.count_writes(0, rules_check.from_dict({"preset": "full", "target": 1000}), boards=("rp2040",))
    board = played["rp2040"]
    assert isinstance(board.saves.store, JournalStore) and board.saves.policy.moves is board.saves.store
    assert board.calls["move"] > 5 * deals
    assert board.nvm.writes == sum(board.calls.values())  # the new game, every move, every deal's end
    forty, _ = save_sizes.erases_text(board, deals)
    assert forty <= save_sizes.GOAL["rp2040"]
    assert board.erases["move"] > 0  # the moves fill the sector too: they are counted
    assert policy_saves("rp2040", NvmStore(Rp2040Nvm())).store.capacity("game") == 3840


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["settings", "stats", "game"]), st.integers(0, 1500), st.integers(0, 255)),
                min_size=1, max_size=40),
       st.integers(0, 10 ** 6))
def test_any_writes_read_back_newest_and_a_cut_in_the_last_leaves_the_record_before_or_the_new(writes, cut):
    """Writes of any names and sizes (up to their rooms), each after a start: a new start
    reads the last record of each name.  A power cut at any step of the last write: an append leaves every other
    name's last record and this name's one before or the new one; a write of the whole
    sector (its erase) may lose records, but never shows a record that was not written."""
    nvm = Rp2040Nvm()
    store = JournalStore(nvm)
    kinds = {"settings": KIND_SETTINGS, "stats": KIND_STATS, "game": KIND_GAME}

    def payload(name, size, fill):
        return bytes([fill]) * min(size, store.capacity(name) - 12)

    last = {}
    for name, size, fill in writes[:-1]:  # each after a start: the journal read from the NVM
        SlotPair(JournalStore(nvm), name, kinds[name]).write(1, payload(name, size, fill))
        last[name] = payload(name, size, fill)

    def newest(nvm):
        found = {}
        for name in kinds:
            record = SlotPair(JournalStore(nvm), name, kinds[name]).newest()
            found[name] = None if record is None else record[1]
        return found

    assert newest(nvm) == dict((name, last.get(name)) for name in kinds)
    name, size, fill = writes[-1]
    nvm.log = []
    SlotPair(JournalStore(nvm), name, kinds[name]).write(1, payload(name, size, fill))
    before, start, values = nvm.log[0]
    appended = all(b == 0xFF for b in before[start:start + len(values)])
    found = newest(cut_during(nvm, before, start, values, cut % (len(values) + 2)))
    for other in kinds:
        allowed = {last.get(other)}
        if other == name:
            allowed.add(payload(name, size, fill))
        if not appended:
            allowed.add(None)  # inside the sector's erase and programming
        assert found[other] in allowed, (other, appended)


# ---------------------------------------------------------------- the moves, as deltas
def edited(data, edits):
    """``data`` with ``edits`` made one after another: (where, bytes taken out, bytes put in)."""
    for where, out, put in edits:
        at = where % (len(data) + 1)
        data = data[:at] + put + data[at + out:]
    return data


EDITS = st.lists(st.tuples(st.integers(0, 10 ** 4), st.integers(0, 40), st.binary(max_size=40)), max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=700), EDITS)
def test_a_delta_gives_back_the_very_bytes_it_was_made_from(base, edits):
    """A payload made of any edits of a whole record's, as ``append`` writes it and ``read``
    makes it whole again."""
    new = edited(base, edits)
    nvm = bytes(3) + pack_record(KIND_GAME, 1, 7, base)  # the whole record at 3
    ops = delta_ops(nvm, new, 3 + 8, len(nvm) - 4)
    named = bytes([3, 0]) + crc32(nvm[3:len(nvm) - 4]).to_bytes(4, "little")
    assert whole_record(nvm, pack_record(KIND_DELTA, 1, 8, named + ops)) == pack_record(KIND_GAME, 1, 8, new)
    if not edits:
        assert len(ops) <= 8  # nothing new: one copy of the whole


def test_a_moves_save_is_a_delta_of_the_whole_record_before_it_and_a_start_reads_it_whole():
    """The PicoSystem's moves go to its flash as deltas of the whole game record before them:
    a cut at any byte of one leaves the save before it, whole."""
    nvm = Rp2040Nvm()
    saves = policy_saves("rp2040", NvmStore(nvm))
    controller = Controller(rules_check.from_dict({"preset": "full", "target": 1000}), levels=("normal", "normal"), seed=5)
    deltas = wholes = 0
    delta_bytes = whole_bytes = 0
    for moment, call in save_sizes.app_calls(controller, Rng(6), deals=8):
        nvm.log = []
        call(saves)
        if moment != "move" or len(nvm.log) != 1 or nvm.erases:
            continue
        before, start, values = nvm.log[0]
        record = SlotPair(JournalStore(nvm), "game", KIND_GAME).newest()
        assert record == saves.game_record.newest() and record[1]
        whole = len(record[1]) + 12
        if values[2] == KIND_DELTA:
            deltas += 1
            delta_bytes += len(values)
            whole_bytes += whole
        else:
            wholes += 1
        if deltas == 20:  # a cut at every byte of one move's delta
            kept = SlotPair(JournalStore(cut_during(nvm, before, start, values, 0)), "game", KIND_GAME).newest()
            for step in range(1, len(values) + 1):
                cut = SlotPair(JournalStore(cut_during(nvm, before, start, values, step)), "game", KIND_GAME).newest()
                assert cut == (kept if step < len(values) else record)
    assert deltas > 5 * max(1, wholes) and deltas > 30
    assert delta_bytes * 2 < whole_bytes  # under half in the first deals (a fifth over whole games)


def test_a_compaction_writes_the_newest_game_whole_when_it_was_a_delta():
    nvm = Rp2040Nvm()
    settings, stats, game = pairs(JournalStore(nvm))
    base = bytes(range(256)) * 3
    game.write(1, base)
    game.write(1, base + b"one more move")
    assert nvm.data[nvm.data.find(b"Tk", 12):][2] == KIND_DELTA
    while nvm.erases == 0:
        stats.write(1, b"t" * 150)
    assert nvm.data[nvm.data.find(b"Tk", 60):][2] == KIND_GAME  # after settings (none) and stats, whole
    again = pairs(JournalStore(nvm))
    assert again[2].newest() == (1, base + b"one more move") and again[1].newest() == (1, b"t" * 150)
    game.write(1, base + b"and another")
    assert pairs(JournalStore(nvm))[2].newest() == (1, base + b"and another")


def test_a_delta_whose_whole_record_is_damaged_is_not_read():
    nvm = Rp2040Nvm()
    game = pairs(JournalStore(nvm))[2]
    base = bytes(range(200)) * 2
    game.write(1, base)
    game.write(1, base + b"x")
    assert pairs(JournalStore(nvm))[2].newest() == (1, base + b"x")
    nvm.data[100] ^= 1  # a bit of the whole record flips
    with pytest.raises(SaveError, match="game save damaged, not used"):
        read_record(pairs(JournalStore(nvm))[2])
