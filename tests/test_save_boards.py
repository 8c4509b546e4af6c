"""Each board's save policy (thousand/persist/boards.py) over models of its NVM and sleep memory
(tests/boardstores.py): where each save goes, what a reset, a power cut or a cut inside a write
leaves, the wear count, the battery, and the erases of whole games against the goal."""

import copy
import os
import sys
import types

import pytest

from conftest import slow_but

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import save_sizes  # noqa: E402  (tools/save_sizes.py)
from boardstores import MODELS, HalfPageNvm, NvsNvm, SleepMemory, cut_during  # noqa: E402
from savecheck import PowerLoss, fingerprint  # noqa: E402
from thousand import scoring  # noqa: E402
from thousand.controller import Controller  # noqa: E402
from thousand.persist import boards  # noqa: E402
from thousand.persist.boards import _SLEEP_BYTES as SLEEP_BYTES, POLICIES, policy_saves  # noqa: E402
from thousand.persist.flash import holds, wear_count  # noqa: E402
from thousand.persist.saves import DEAL_END, MOVE, NEW_GAME, SavePolicy, Saves  # noqa: E402
from thousand.persist.boards import RamStore  # noqa: E402
from thousand.persist.journal import JournalStore  # noqa: E402
from thousand.persist import store as store_module  # noqa: E402
from thousand.persist.store import KIND_GAME, KIND_STATS, NVM_SLOTS, OVERHEAD, NvmStore, SaveError, SlotPair  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand import rules_check  # noqa: E402

BOARDS = sorted(POLICIES)
FULL_VOLTS, LOW_VOLTS = 4.1, 3.3


class Rig:
    """A board: its NVM's model, its sleep memory, a battery, and the Saves of each start."""

    def __init__(self, name, nvm=None):
        self.name = name
        self.nvm = nvm if nvm is not None else MODELS[name]()
        self.sleep = SleepMemory(POLICIES[name][SLEEP_BYTES])
        self.volts = FULL_VOLTS
        self.saves = self.start(self.sleep)

    def start(self, sleep):
        return policy_saves(self.name, NvmStore(self.nvm), sleep, lambda: self.volts)

    def after_reset(self):
        """Saves as a new start finds them: the flash and sleep memory kept, RAM lost."""
        return self.start(self.sleep)

    def after_power_cut(self, nvm=None):
        """The flash kept (or ``nvm``, what a cut inside a write left), sleep memory lost."""
        lost = SleepMemory(len(self.sleep))
        lost.lose_power()
        return policy_saves(self.name, NvmStore(nvm if nvm is not None else self.nvm), lost, lambda: self.volts)


def position(controller):
    return fingerprint(controller.game, True), controller.snapshot()


def loaded(saves):
    controller = saves.load_game()
    return None if controller is None else position(controller)


MOMENTS = {"new": NEW_GAME, "move": MOVE, "deal": DEAL_END, "end": DEAL_END}


def app_calls(controller, saves, chooser, deals=10 ** 6):
    """The App's save calls over a game (or its first ``deals`` deals), as tools/save_sizes.py
    makes them, on ``saves``; yields each moment after its save."""
    for moment, call in save_sizes.app_calls(controller, chooser, deals):
        call(saves)
        yield MOMENTS[moment]


def short_game(seed=3, target=400, levels=("random", "random")):
    return Controller(rules_check.from_dict({"preset": "classic", "target": target}), levels=levels, seed=seed)


# ---------------------------------------------------------------- where each save goes
@pytest.mark.parametrize("name", slow_but(BOARDS, ["samd51"]))  # the quick run: one board
def test_a_reset_or_a_power_cut_between_any_two_writes_resumes_at_the_last_save_it_kept(name):
    """After every save of a whole game: a power cut (sleep memory lost) resumes at the last
    save the flash took, a reset (sleep memory kept, RAM lost) at the last one sleep memory
    or the flash took, a MemoryError restart (the same Saves) at the very last one; a game
    over leaves nothing to continue."""
    rig = Rig(name)
    controller = short_game(seed=11, target=700)
    in_flash = kept = last = None
    flash_writes = sleep_writes = 0
    moves = flash_deal_ends = 0
    for moment in app_calls(controller, rig.saves, Rng(12)):
        last = None if controller.over() else position(controller)
        if rig.nvm.writes != flash_writes:
            in_flash = kept = last
            flash_deal_ends += moment == DEAL_END
        if rig.sleep.writes != sleep_writes:
            kept = last
        flash_writes, sleep_writes = rig.nvm.writes, rig.sleep.writes
        moves += moment == MOVE
        if moment == MOVE and moves % 3:
            continue  # a third of the moves, and every deal end: the test stays short
        assert loaded(rig.after_power_cut()) == in_flash
        assert loaded(rig.after_reset()) == kept
        rig.saves.reread_game()
        assert loaded(rig.saves) == last
        assert rig.nvm.writes == flash_writes  # reading wrote nothing
    assert controller.over() and last is None and in_flash is None and kept is None
    assert flash_deal_ends >= 2  # the flash took some deal ends, not only the new game
    assert (rig.sleep.writes > 0) == (name != "rp2040")


@pytest.mark.parametrize("name", BOARDS)
def test_a_reset_resumes_at_the_last_move(name):
    """Sleep memory keeps the moves where it holds a save; the RP2040's 256 bytes do not, so its
    moves are appended to its flash's journal (a power cut loses none either)."""
    rig = Rig(name)
    controller = short_game(seed=11, target=700)
    for moment in app_calls(controller, rig.saves, Rng(12)):
        if moment == MOVE and controller.game.deal_number >= 3 and len(controller.game.log) > 8:
            break
    else:
        pytest.fail("the game ended first")
    assert position(rig.after_reset().load_game()) == position(controller)
    if POLICIES[name][boards._JOURNAL]:
        assert rig.sleep.writes == 0 and position(rig.after_power_cut().load_game()) == position(controller)
    rig.saves.reread_game()  # a MemoryError restart keeps RAM: the last move everywhere
    assert position(rig.saves.load_game()) == position(controller)


def play_deal_out(controller, chooser):
    while not controller.between_deals() and not controller.over():
        decision = controller.human_decision()
        if decision is None:
            controller.step()
        else:
            controller.act(save_sizes.human_choice(decision.legal, chooser, controller.game.phase))


@pytest.mark.parametrize("name", BOARDS)
def test_a_power_cut_resumes_at_a_deals_start_with_the_same_cards_and_computer_decisions(name):
    """The flash holds a deal's end with the computer seats' random states: Continue deals the
    same cards, and given the same moves of the human the computer seats move the same."""
    rig = Rig(name)
    controller = short_game(seed=21, target=1000, levels=("normal", "easy"))
    chooser = Rng(22)
    deals = {}  # deal number: (dealt, log)
    choosers = {}  # deal number: the human's chooser when that deal ended
    for moment in app_calls(controller, rig.saves, chooser, deals=14):
        if moment == DEAL_END:
            deals[controller.game.deal_number] = (list(controller.game.dealt), list(controller.game.log))
            choosers[controller.game.deal_number] = chooser.get_state()
        elif controller.game.deal_number == 14 and len(controller.game.log) > 5:
            break  # the power goes in deal 14
    cut = position(controller)
    play_deal_out(controller, chooser)  # as it would have gone on
    deals[14] = (list(controller.game.dealt), list(controller.game.log))
    again = rig.after_power_cut().load_game()
    if POLICIES[name][boards._JOURNAL]:  # the flash took every move: the last one
        assert position(again) == cut
        return
    per = POLICIES[name][boards._DEALS_PER_FLASH]
    assert again.between_deals() and again.game.deal_number == 13 // per * per  # the last deal end in the flash
    replay = Rng()
    replay.set_state(choosers[again.game.deal_number])
    compared = 0
    start = again.game.deal_number
    for moment in app_calls(again, Saves(NvmStore(bytearray(b"\xff" * 8192))), replay, deals=14 - start):
        if moment == DEAL_END:
            assert (list(again.game.dealt), list(again.game.log)) == deals[again.game.deal_number]
            compared += 1
    assert compared == 14 - start >= 1


# ---------------------------------------------------------------- one write, the wear count, the battery
@pytest.mark.parametrize("name", BOARDS)
def test_a_deals_end_writes_the_game_the_statistics_and_the_wear_count_in_one_flash_write(name):
    rig = Rig(name)
    controller = short_game(seed=8, target=1000)
    flash_deal_ends = 0
    writes = 0
    for moment in app_calls(controller, rig.saves, Rng(9), deals=12):
        wrote, writes = rig.nvm.writes - writes, rig.nvm.writes
        if moment != DEAL_END or not wrote:
            continue  # a move, or a deal's end that went to sleep memory or RAM
        flash_deal_ends += 1
        assert wrote == 1  # one write
        after = rig.after_power_cut()
        assert loaded(after) == position(controller)
        assert after.load_stats().deals == len([r for r in controller.game.sheet if r.result != scoring.REDEAL])
    assert flash_deal_ends == 12 // POLICIES[name][boards._DEALS_PER_FLASH]
    assert wear_count(rig.saves) == rig.nvm.writes  # with the moves a journal appended
    assert rig.nvm.writes == 1 + flash_deal_ends or POLICIES[name][boards._JOURNAL]


def test_the_wear_count_goes_on_across_games_and_shows_on_the_statistics_screen():
    rig = Rig("esp32s3")
    for seed in (1, 2):
        saves = rig.after_reset()
        for _ in app_calls(short_game(seed=seed, target=300), saves, Rng(seed)):
            pass
    lines = rig.after_power_cut().load_stats().lines()
    assert lines[-1] == "Flash writes %d" % rig.nvm.writes and rig.nvm.writes > 4
    assert max(len(line) for line in lines) <= 25
    assert "Flash writes" not in " ".join(Saves(NvmStore(bytearray(8192))).load_stats().lines())  # desktop: none


def test_a_settings_change_is_one_flash_write_and_an_unchanged_one_none():
    rig = Rig("samd51")
    settings = rig.saves.load_settings()
    settings.sound = False
    rig.saves.save_settings(settings)
    rig.saves.save_settings(settings)
    assert rig.nvm.writes == 1 == wear_count(rig.saves)
    assert rig.after_power_cut().load_settings().sound is False


@pytest.mark.parametrize("name", BOARDS)
def test_the_low_battery_path_saves_every_move_to_the_flash(name):
    rig = Rig(name)
    controller = short_game(seed=4)
    calls = app_calls(controller, rig.saves, Rng(5))
    for moment in calls:
        if moment == DEAL_END:
            break
    rig.volts = LOW_VOLTS
    moves = 0
    for moment in calls:
        if moment == MOVE:
            moves += 1
            assert loaded(rig.after_power_cut()) == position(controller)  # a flat battery loses nothing
            assert wear_count(rig.saves) == rig.nvm.writes
        if moves == 6:
            break
    writes = rig.nvm.writes
    rig.volts = LOW_VOLTS + 0.05  # within the hysteresis: still low
    next(moment for moment in calls if moment == MOVE)
    assert rig.nvm.writes == writes + 1
    rig.volts = FULL_VOLTS  # charged (or on USB): moves leave the flash alone again (but the journal's)
    next(moment for moment in calls if moment == MOVE)
    assert rig.nvm.writes == writes + 1 + POLICIES[name][boards._JOURNAL]


def test_a_pause_mid_deal_puts_the_moves_kept_off_the_flash_on_it_with_their_statistics():
    """The PyBadge's flash takes every deal end; a pause mid-deal (the screen dims: App.dim)
    writes the newest game and statistics that sleep memory holds, so that switching off
    after it loses nothing; with none pending it writes nothing."""
    rig = Rig("samd51")
    controller = short_game(seed=8, target=1000)
    deal_ends = 0
    for moment in app_calls(controller, rig.saves, Rng(9)):
        deal_ends += moment == DEAL_END
        if deal_ends == 3 and moment == MOVE and len(controller.game.log) > 6:
            break
    writes = rig.nvm.writes
    assert loaded(rig.after_power_cut()) != position(controller)  # the flash holds the deal's start
    rig.saves.flush()
    assert rig.nvm.writes == writes + 1 and wear_count(rig.saves) == rig.nvm.writes
    after = rig.after_power_cut()
    assert loaded(after) == position(controller)  # the last move, even
    assert after.load_stats().deals == len([r for r in controller.game.sheet if r.result != scoring.REDEAL]) >= 2
    rig.saves.flush()  # nothing pending: no write
    assert rig.nvm.writes == writes + 1
    assert not rig.saves.policy.pending


def test_an_unknown_battery_is_never_low():
    assert SavePolicy(RamStore(), 1, lambda: None, 3.6).to_moves(MOVE)
    assert SavePolicy(RamStore(), 1, None, 3.6).to_moves(MOVE)
    assert not SavePolicy(RamStore(), 1, lambda: 3.0, 3.6).to_moves(MOVE)


# ---------------------------------------------------------------- cuts inside a write
def flash_writes_of_a_game(rig, seed, target=500):
    """Every write of the flash in a game, with the flash's position before and after it."""
    rig.nvm.log = []
    controller = short_game(seed=seed, target=target)
    positions = [None]
    for _ in app_calls(controller, rig.saves, Rng(seed + 1)):
        if len(rig.nvm.log) == len(positions):
            positions.append(None if controller.over() else position(controller))
    return [(write, positions[k], positions[k + 1]) for k, write in enumerate(rig.nvm.log)]


LOST = "lost"


def found_after(saves):
    """The position a start finds, or LOST: nothing, or a record cut short that it tells in
    one line ("game save damaged, not used"; statistics or settings cut short the same)."""
    found = loaded(saves)
    problem = saves.take_problem()
    assert problem is None or ("\n" not in problem and "damaged, not used" in problem)
    if problem is not None and problem.startswith("game"):
        return LOST
    return LOST if found is None else found


@pytest.mark.slow
@pytest.mark.parametrize("name", BOARDS)
def test_a_cut_inside_a_flash_write_leaves_the_save_before_the_new_one_or_on_an_erase_nothing(name):
    """A cut at (a sample of) every step of every flash write of a game: the start finds the
    save before, the new one, or where the firmware had erased the NVM's flash (SAMD51, an
    RP2040 write onto programmed bytes, ESP32-S3's nvs_erase_all) nothing at all: no Python
    layout closes that window, which is why the flash is written seldom.  Never a crash or a
    wrong game; nothing is told for an erased NVM (it reads as never written)."""
    rig = Rig(name)
    writes = flash_writes_of_a_game(rig, 31)
    assert len(writes) >= 3
    outcomes = set()
    for (before, start, values), old, new in writes:
        steps = len(before) + 1 if name != "esp32s3" else 3
        for step in sorted(set(range(0, steps, 97)) | {1, 2, steps - 1, steps}):
            found = found_after(rig.after_power_cut(cut_during(rig.nvm, before, start, values, step)))
            assert found in (old or LOST, new or LOST, LOST), (start, step)
            outcomes.add("old" if found == old else "new" if found == new else LOST)
    assert outcomes == {"old", "new", LOST}


@pytest.mark.slow
def test_a_cut_at_every_byte_of_a_samd51_flash_write_loses_the_nvm_only_until_its_first_half_is_programmed_again():
    """The SAMD51's NVM is one 8 KB block that every write erases and programs again from its
    start (ASF4's _flash_write, 16 pages in order).  A cut at every step of a deal end's write
    into each half: before the erase the start reads the save before; from the erase until the
    first half's records (settings, statistics, wear count: 256 bytes, then the game's record)
    are programmed again, no game (the window README and docs/saves.md state); then the game
    the first half holds (the one before for a write into the second half, the new one for a
    write into the first), and the new one once the write is whole."""

    def game_in(data):
        found = SlotPair(NvmStore(samd51_holding(data)), "game", KIND_GAME).newest()
        return None if found is None else found[1]

    rig = Rig("samd51")
    game_at = NvmStore(rig.nvm).places["game"][0]
    assert game_at == 256
    checked = set()
    for (before, start, values), old, new in flash_writes_of_a_game(rig, 31)[1:]:
        half = start // 4096
        if half in checked or old is None or new is None:
            continue
        checked.add(half)
        after = cut_during(rig.nvm, before, start, values, len(before) + 1).data
        old_game, new_game = game_in(before), game_in(after)
        assert old_game is not None and new_game is not None and old_game != new_game
        first_half_game = OVERHEAD + len(new_game if half == 0 else old_game)
        lost_until = 1 + game_at + first_half_game  # steps: the erase, then a byte each
        new_from = 1 + half * 4096 + game_at + OVERHEAD + len(new_game)
        for step in range(len(before) + 2):
            found = game_in(cut_during(rig.nvm, before, start, values, step).data)
            if step == 0:
                assert found == old_game
            elif step < lost_until:
                assert found is None, step
            elif step < new_from:
                assert found == (old_game if half else new_game), step
            else:
                assert found == new_game, step
    assert checked == {0, 1}


@pytest.mark.slow
def test_where_the_erase_unit_is_half_the_nvm_a_cut_anywhere_leaves_the_save_before_or_the_new_one():
    """Flash erasing 4 KB of an 8 KB NVM (an nRF52840's pages): a write of the game, the
    statistics and the wear count into one half never touches the save in the other."""
    rig = Rig("samd51", nvm=HalfPageNvm())
    writes = flash_writes_of_a_game(rig, 14, target=300)
    outcomes = set()
    for (before, start, values), old, new in writes:
        for step in range(0, 4098, 13):
            found = found_after(rig.after_power_cut(cut_during(rig.nvm, before, start, values, step)))
            assert found in (old or LOST, new or LOST), (start, step)
            outcomes.add(found == new)
    assert outcomes == {False, True}


def test_a_write_onto_erased_bytes_of_an_rp2040_keeps_the_save_before_at_every_byte():
    """The RP2040 programs without erasing when every byte written to is 0xFF: a deal's end
    appended to the journal, cut at every byte, leaves the save before it."""
    rig = Rig("rp2040")
    writes = flash_writes_of_a_game(rig, 2, target=300)
    (before, start, values), old, new = writes[1]
    assert all(b == 0xFF for b in before[start:start + len(values)])
    for step in range(len(values) + 1):
        trial = cut_during(rig.nvm, before, start, values, step)
        assert trial.erases == rig.nvm.erases  # no erase
        assert found_after(rig.after_power_cut(trial)) == (new if step == len(values) else old)


def test_a_reset_inside_a_sleep_memory_write_leaves_the_move_before_or_the_new_one():
    """A record goes into sleep memory where it lies, in a few writes (its header, its
    payload a part at a time, its CRC): a reset at any step of any of them finds the move
    before or the new one."""
    rig = Rig("samd51")
    rig.sleep.log = []
    controller = short_game(seed=11, target=700)
    records = []  # each record sleep memory took: (its first write, its last, the position saved before it, its own, the flash then)
    saved = None
    for moment in app_calls(controller, rig.saves, Rng(12), deals=3):
        first = records[-1][1] + 1 if records else 0
        if len(rig.sleep.log) > first:
            records.append((first, len(rig.sleep.log) - 1, saved, position(controller), bytes(rig.nvm.data)))
        saved = position(controller)  # a deal's end goes to the flash
    assert min(last - first for first, last, _, _, _ in records) >= 4  # a game's save: its parts (encode_game)
    outcomes = set()
    for first, last, old, new, flash in (records[1], records[len(records) // 2], records[-1]):
        for k in range(first, last + 1):
            before, start, values = rig.sleep.log[k]
            for step in sorted(set(range(0, len(values), 3)) | {len(values)}):
                rig_after = copy.copy(rig)
                rig_after.nvm = samd51_holding(flash)
                rig_after.sleep = cut_during(rig.sleep, before, start, values, step)
                found = found_after(rig_after.after_reset())
                assert found in (old, new)
                outcomes.add(found == new)
    assert outcomes == {False, True}


def test_sleep_memory_takes_a_record_where_it_lies_the_same_bytes_as_a_packed_one(monkeypatch):
    """No copy of the payload is made for sleep memory (a long game's save is some 1.4 KB a
    move), and its slots hold what a packed record's write would leave."""
    pack_record = store_module.pack_record
    monkeypatch.setattr(store_module, "pack_record", lambda *args: pytest.fail("a copy was packed"))
    in_place = NvmStore(bytearray(4096), in_ram=True)
    packed = NvmStore(bytearray(4096))
    pair = SlotPair(in_place, "game", KIND_GAME)
    payloads = (b"one", b"", bytes(range(200)) * 4, [b"pa", memoryview(b"xrts")[1:], b""], b"two")
    for seq, payload in enumerate(payloads, 1):
        slot = pair.next_slot()
        pair.write(3, payload)
        packed.write("game", slot, pack_record(KIND_GAME, 3, seq, b"".join(payload) if isinstance(payload, list) else payload))
        assert in_place.nvm == packed.nvm
    assert pair.newest() == (3, b"two") and in_place.writes == packed.writes == 5
    with pytest.raises(SaveError):  # parts that add up to more than its slots hold
        SlotPair(in_place, "stats", KIND_STATS).write(3, [bytes(100), bytes(100)])
    with pytest.raises(SaveError):
        SlotPair(in_place, "stats", KIND_STATS).write(3, bytes(200))  # its slots hold 176 bytes


def test_a_record_is_checked_where_it_lies_in_sleep_memory_and_the_flash_and_its_payload_copied_once(monkeypatch):
    """A long game's record is some 1.5 KB, and a copy of it was the block a long game's heap
    failed to find: sleep memory's slots and the flash's are checked where they lie (their
    CRC over slices of 128 bytes) and only the newest payload is copied, once (in parts of at
    most 128 bytes for the flash's write); whether the flash holds a new record is told by
    its header, and that it holds it already by its bytes where they lie."""
    rig = Rig("samd51")
    controller = short_game(seed=11, target=700)
    for moment in app_calls(controller, rig.saves, Rng(12)):
        if moment == MOVE and controller.game.deal_number >= 2 and len(controller.game.log) > 6:
            break
    copies = []  # (the memory, the bytes of each slice read)
    for model in (SleepMemory, type(rig.nvm)):
        def read(self, index, read=model.__getitem__):
            if isinstance(index, slice):
                copies.append((type(self), index.stop - index.start))
            return read(self, index)
        monkeypatch.setattr(model, "__getitem__", read)
    pair = rig.after_reset().game_record
    version, payload = pair.newest()
    assert len(payload) > 128
    # the newest payload copied once; every slot, the flash's too, checked in slices of 128 bytes
    assert [n for memory, n in copies if n > 128] == [len(payload)] and copies[-1] == (SleepMemory, len(payload))
    assert position(rig.after_reset().load_game()) == position(controller)
    del copies[:]
    flash = pair.store
    assert not holds(flash, [(pair, version, payload)])  # sleep memory's is newer than the flash's
    assert copies and all(n <= 8 for _, n in copies)
    del copies[:]
    rig.after_reset().flush(True)  # before a reload: the flash takes it, beside its slot's image
    assert max(n for memory, n in copies if memory is SleepMemory) <= 128  # in parts, no copy of the record
    images = [n for memory, n in copies if n > 128]
    assert len(images) == 1 and images[0] > len(payload)  # the slot's image, the write's one large block
    del copies[:]
    after = rig.after_reset()
    after.flush(True)  # the flash holds it already: told where it lies, nothing written
    assert copies and all(n <= 128 for _, n in copies)
    assert position(rig.after_power_cut().load_game()) == position(controller)


def test_nvs_loses_the_whole_blob_between_its_erase_and_its_commit():
    """Why ESP32-S3 keeps no two slots in one blob written by CircuitPython: nvs_erase_all,
    then nvs_set_blob, then nvs_commit (ports/espressif/common-hal/nvm/ByteArray.c)."""
    nvm = NvsNvm()
    store = NvmStore(nvm)
    saves = Saves(store)
    settings = saves.load_settings()
    settings.sound = False
    saves.save_settings(settings)
    nvm.power_after(1)  # past the erase, before the blob is written
    settings.sound = True
    with pytest.raises(PowerLoss):
        saves.save_settings(settings)
    nvm.power_after(None)
    assert bytes(nvm.data) == b"\xff" * 8192  # both slots, the settings and everything else
    assert Saves(NvmStore(nvm)).load_settings().sound is True  # the defaults: nothing to report


# ---------------------------------------------------------------- formats and stores
def test_an_nvm_written_before_the_wear_count_still_reads_whole(monkeypatch):
    """Version 1 of the layout gave the statistics 192 bytes and had no wear record: its
    settings, statistics and game read as they were, and the next write counts from 1."""
    from thousand.persist import store as store_module
    from thousand.persist.settings import save_settings, settings_bytes
    from thousand.persist.stats import save_stats

    nvm = bytearray(b"\xff" * 8192)
    monkeypatch.setattr(store_module, "NVM_SLOTS", (("settings", 64), ("stats", 192)))
    old = NvmStore(nvm)
    saves = Saves(old)
    settings = saves.load_settings()
    settings.levels = ["hard", "easy"]
    save_settings(old, settings_bytes(settings))
    stats = saves.load_stats()
    stats.games = 4
    save_stats(old, stats)
    controller = short_game(seed=40)
    for moment in app_calls(controller, saves, Rng(41)):
        if moment == MOVE and controller.game.deal_number == 2:
            break
    monkeypatch.setattr(store_module, "NVM_SLOTS", NVM_SLOTS)
    rig = Rig("samd51", nvm=samd51_holding(nvm))
    again = rig.saves
    assert again.load_settings().levels == ["hard", "easy"] and again.take_problem() is None
    assert position(again.load_game()) == position(controller)
    assert again.load_stats().games == 4 and wear_count(again) == 0
    again.save_game(controller, NEW_GAME)
    assert wear_count(again) == 0  # the very game the flash holds: not written again
    settings = again.load_settings()
    settings.sound = not settings.sound
    again.save_settings(settings)
    assert wear_count(again) == 1 and rig.after_power_cut().load_stats().games == 4


def samd51_holding(data):
    nvm = MODELS["samd51"]()
    nvm.data[:] = data
    return nvm


def test_a_game_over_leaves_nothing_to_continue_and_a_newer_program_save_is_still_refused():
    rig = Rig("samd51")
    for _ in app_calls(short_game(seed=9, target=300), rig.saves, Rng(10)):
        pass
    again = rig.after_reset()
    assert not again.has_game() and again.load_game() is None and again.take_problem() is None
    again.game_record.write(9, b"\x01")  # a newer Thousand's save beside the empty one
    later = rig.after_power_cut()
    assert later.load_game() is None and later.take_problem() is None  # it hides nothing
    fresh = Rig("samd51")
    fresh.saves.game_record.write(9, b"\x01")  # a newer Thousand's save alone
    later = fresh.after_power_cut()
    assert later.load_game() is None
    assert later.take_problem().startswith("game save is from a newer Thousand (format 9)")


def test_ram_keeps_only_the_newest_record_of_each_kind():
    ram = RamStore()
    flash = NvmStore(bytearray(b"\xff" * 4096))
    saves = Saves(flash, policy=SavePolicy(ram))
    controller = short_game(seed=1)
    for moment in app_calls(controller, saves, Rng(2), deals=1):
        if moment == MOVE:
            assert len(ram.records) == 1
    assert ram.writes > 3


# ---------------------------------------------------------------- the boards' hardware facts
class FakeAnalogIn:
    value = 0

    def __init__(self, pin):
        if pin is None:
            raise ValueError("pin in use")
        self.pin = pin
        self.reference_voltage = 3.3


def board_module(monkeypatch, name, analog=FakeAnalogIn, i2c=None):
    """``thousand.hw.<name>`` imported over fake ``board``, ``supervisor`` and ``analogio``."""
    fake_board = types.SimpleNamespace(A6="A6", BAT_SENSE="GP26", I2C=i2c or (lambda: None))
    monkeypatch.setitem(sys.modules, "board", fake_board)
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(ticks_ms=lambda: 0))
    monkeypatch.setitem(sys.modules, "analogio", types.SimpleNamespace(AnalogIn=analog))
    import thousand.hw as package

    for module in ("device", name):  # imported afresh, and put back as they were after the test
        monkeypatch.delitem(sys.modules, "thousand.hw." + module, raising=False)
        monkeypatch.delattr(package, module, raising=False)
    __import__("thousand.hw." + name)
    return sys.modules["thousand.hw." + name]


@pytest.mark.parametrize("name, factor", [("pybadge", 2), ("pygamer", 2), ("picosystem", 3)])
def test_a_boards_battery_reads_its_divided_voltage_or_none(monkeypatch, name, factor):
    module = board_module(monkeypatch, name)
    FakeAnalogIn.value = 65535 * 3.7 / factor / 3.3
    assert module.battery_volts() == pytest.approx(3.7, abs=0.001)
    assert module.save_policy in POLICIES
    monkeypatch.setitem(sys.modules, "analogio", types.SimpleNamespace(AnalogIn=lambda pin: FakeAnalogIn(None)))
    module.device._battery = None
    assert module.battery_volts() is None  # the pin cannot be read
    monkeypatch.setitem(sys.modules, "analogio", None)  # no analogio at all: an ImportError
    assert module.battery_volts() is None


class FakeBus:
    def __init__(self, reply, locked=False):
        self.reply = reply
        self.locked = locked
        self.asked = []

    def try_lock(self):
        return not self.locked

    def unlock(self):
        pass

    def writeto_then_readfrom(self, address, out, into):
        self.asked.append((address, bytes(out)))
        if self.reply is None:
            raise OSError(19, "no device")
        into[:] = self.reply


def test_the_feathers_fuel_gauge_gives_the_cell_volts_or_none(monkeypatch):
    bus = FakeBus((47360).to_bytes(2, "big"))  # 47360 x 78.125 uV = 3.7 V
    module = board_module(monkeypatch, "feather_esp32s3_rtft", i2c=lambda: bus)
    assert module.battery_volts() == pytest.approx(3.7) and bus.asked == [(0x36, b"\x02")]
    bus.reply = b"\x00\x10"  # no battery: next to nothing
    assert module.battery_volts() is None
    bus.reply = None  # no gauge answering
    assert module.battery_volts() is None
    bus.locked = True
    assert module.battery_volts() is None


def test_sleep_memory_is_none_where_the_firmware_has_none(monkeypatch):
    module = board_module(monkeypatch, "pybadge")
    monkeypatch.setitem(sys.modules, "alarm", types.SimpleNamespace())
    assert module.sleep_memory() is None

    class Unimplemented:  # the atmel-samd port's first SleepMemory (2021) raised at every use
        def __len__(self):
            raise NotImplementedError("Sleep Memory not available")

    monkeypatch.setitem(sys.modules, "alarm", types.SimpleNamespace(sleep_memory=Unimplemented()))
    assert module.sleep_memory() is None
    memory = bytearray(8192)
    monkeypatch.setitem(sys.modules, "alarm", types.SimpleNamespace(sleep_memory=memory))
    assert module.sleep_memory() is memory


def test_a_boards_saves_follow_its_row_and_the_desktop_saves_every_move(monkeypatch, tmp_path):
    from thousand.persist import files

    fake = types.SimpleNamespace(save_policy="rp2040", sleep_memory=lambda: bytearray(256), battery_volts=lambda: 4.0)
    nvm = bytearray(b"\xff" * 4096)
    monkeypatch.setattr(files, "default_store", lambda: NvmStore(nvm))
    saves = boards.board_saves(fake)
    assert isinstance(saves.store, JournalStore) and saves.store.nvm is nvm  # records appended to its NVM
    assert saves.policy.moves is saves.store  # the moves too: 256 bytes of sleep memory hold no save
    assert saves.policy.deals_per_flash == POLICIES["rp2040"][boards._DEALS_PER_FLASH]
    fake.save_policy, fake.sleep_memory = "samd51", lambda: bytearray(8192)
    assert isinstance(boards.board_saves(fake).policy.moves, NvmStore)
    for name in BOARDS:  # the models are of the NVMs the table states
        assert len(MODELS[name]()) == POLICIES[name][boards._NVM_BYTES]
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(files, "default_store", lambda: files.FileStore(str(tmp_path)))
    desktop = boards.board_saves(types.SimpleNamespace())
    assert desktop.policy.moves is None and not desktop.policy.to_moves(MOVE)


def test_the_device_budget_takes_each_boards_nvm_and_sleep_memory_from_its_modules_policy():
    """tools/device_budget.py's robot makes the board's sleep memory (outside the VM's heap, as
    the NVM) as large as the row its board module names says, not from a table of its own."""
    import device_budget

    for board, policy in (("pybadge", "samd51"), ("picosystem", "rp2040"), ("feather_esp32s3_reverse_tft", "esp32s3")):
        row = POLICIES[policy]
        assert device_budget.policy_row(board) is row
        assert device_budget.sleep_memory_bytes(board) == row[SLEEP_BYTES]


def test_a_board_whose_drive_is_read_only_exports_no_record_and_loads_nothing_to_try(monkeypatch, tmp_path):
    """boot.py leaves a board's drive read-only to the game unless it says otherwise, which
    default_store finds at boot (no place for damaged saves aside): the game's end then loads
    neither the record's writers nor the files' module (their names would stay in the VM's pool)."""
    from thousand.controller import Controller
    from thousand.persist import files

    fake = types.SimpleNamespace(save_policy="samd51", sleep_memory=lambda: bytearray(8192), battery_volts=lambda: 4.0)
    aside = files.FileStore(str(tmp_path))
    monkeypatch.setattr(files, "default_store", lambda: NvmStore(bytearray(b"\xff" * 8192), aside))
    writable = boards.board_saves(fake)
    assert isinstance(writable.policy.moves, NvmStore) and writable.records_dir is None  # records decides
    monkeypatch.setattr(files, "default_store", lambda: NvmStore(bytearray(b"\xff" * 8192)))
    saves = boards.board_saves(fake)
    assert isinstance(saves.policy.moves, NvmStore) and saves.records_dir == ""
    for name in ("thousand.persist.records", "thousand.persist.files", "thousand.record"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    saves.export(Controller(seed=1))
    assert not {"thousand.persist.records", "thousand.persist.files", "thousand.record"} & set(sys.modules)


# ---------------------------------------------------------------- whole games against the goal
@pytest.mark.slow
def test_whole_games_to_1000_stay_within_each_boards_erase_goal():
    """tools/save_sizes.py --writes: a seeded game to 1000 on every board's policy, counted as
    the App saves it; each board within its goal for a 40-deal game, before it 5 times more."""
    deals, played = save_sizes.count_writes(0, rules_check.from_dict({"preset": "full", "target": 1000}))
    assert deals >= 20
    for name in BOARDS:
        board = played[name]
        forty, _ = save_sizes.erases_text(board, deals)
        assert forty <= save_sizes.GOAL[name], name
        assert wear_count(board.saves) == board.nvm.writes
        per = POLICIES[name][boards._DEALS_PER_FLASH]
        moves = board.calls["move"] if POLICIES[name][boards._JOURNAL] else 0
        assert board.nvm.writes == 2 + (deals - 1) // per + moves  # the new game, every per-th deal end, the end
    assert save_sizes.erases_text(played["before"], deals)[0] > 5 * save_sizes.GOAL["samd51"]


def test_a_low_battery_from_some_deal_on_saves_every_move_to_the_flash_in_the_tool():
    deals, played = save_sizes.count_writes(2, rules_check.from_dict({"preset": "classic", "target": 300}),
                                            boards=("samd51",), low_from=2)
    board = played["samd51"]
    assert board.erases["move"] >= 5 and board.nvm.writes == wear_count(board.saves)


# ---------------------------------------------------------------- a worn flash, writes for nothing
def worn(name, at=300):
    """A model of ``name``'s NVM whose byte ``at`` (in the first half's game) no longer takes
    what is programmed: it reads back with a bit flipped after every write."""

    class Worn(MODELS[name]):
        def set_bytes(self, start, values):
            MODELS[name].set_bytes(self, start, values)
            self.data[at] ^= 0x10

    return Worn()


@pytest.mark.parametrize("name", ["samd51", "esp32s3"])
def test_a_flash_write_that_reads_back_wrong_is_told_once_and_play_goes_on_in_sleep_memory(name):
    from thousand.persist.store import WORN

    rig = Rig(name, nvm=worn(name))
    controller = short_game(seed=11, target=700)
    told = []
    for moment in app_calls(controller, rig.saves, Rng(12), deals=4):
        problem = rig.saves.take_problem()
        if problem is not None:
            told.append(problem)
        if moment == MOVE and controller.game.deal_number == 4 and len(controller.game.log) > 6:
            break
    assert told == [WORN] and "\n" not in WORN and len(WORN) <= 42
    assert rig.saves.policy.worn and rig.nvm.writes <= 2  # after it the flash is left alone
    assert loaded(rig.after_reset()) == position(controller)  # sleep memory took every save since
    rig.saves.flush()  # a pause: nothing to the worn flash
    assert rig.nvm.writes <= 2 and rig.saves.take_problem() is None


def test_a_write_the_flash_already_holds_is_not_made():
    """"Save, go to title" right after a deal's end, a pause with nothing new, an unchanged
    setting: the flash holds those bytes as its newest, so nothing is erased for them."""
    from thousand.persist.saves import LEAVE

    rig = Rig("samd51")
    controller = short_game(seed=8, target=1000)
    for moment in app_calls(controller, rig.saves, Rng(9), deals=2):
        pass
    assert controller.between_deals()
    writes = rig.nvm.writes
    rig.saves.save_game(controller, LEAVE)
    rig.saves.flush()
    assert rig.nvm.writes == writes == wear_count(rig.saves)
    assert loaded(rig.after_power_cut()) == position(controller)
    controller.next_deal()
    while controller.human_decision() is None:
        controller.step()
    controller.act(controller.human_decision().legal[0])
    rig.saves.save_game(controller)  # a move: sleep memory, newer than the flash's deal end
    rig.saves.save_game(controller, LEAVE)
    assert rig.nvm.writes == writes + 1 and loaded(rig.after_power_cut()) == position(controller)


def test_the_statistics_screen_shows_the_flashs_wear_as_a_share_of_its_rated_minimum():
    rig = Rig("samd51")
    for _ in app_calls(short_game(seed=1, target=300), rig.saves, Rng(1)):
        pass
    lines = rig.after_power_cut().load_stats().lines()
    share = rig.nvm.writes * 10000 // 10000  # hundredths of a percent of 10,000 cycles
    assert lines[-2] == "Flash wear %d.%02d%%" % (share // 100, share % 100) and rig.nvm.writes > 4
    assert POLICIES["samd51"][boards._CYCLES] == 10000 and POLICIES["rp2040"][boards._CYCLES] == 100000


@pytest.mark.parametrize("name", BOARDS)
def test_before_a_reload_the_flash_takes_what_only_sleep_memory_holds_and_nothing_else(name):
    """App.fresh_vm: ``flush(True)`` before every reload.  After a deal's end the flash holds
    the game: nothing is written.  A move after it, then a reset (a new program, which never
    knew the move was pending): the flash takes it, once; the RP2040's journal took it already."""
    rig = Rig(name)
    controller = short_game(seed=8, target=1000)
    for moment in app_calls(controller, rig.saves, Rng(9), deals=1):
        pass
    writes = rig.nvm.writes
    rig.saves.flush(True)
    assert rig.nvm.writes == writes
    controller.next_deal()
    while controller.human_decision() is None:
        controller.step()
    controller.act(controller.human_decision().legal[0])
    rig.saves.save_game(controller)
    writes = rig.nvm.writes  # the RP2040's journal appended the move
    again = rig.after_reset()
    again.flush(True)
    again.flush(True)
    assert rig.nvm.writes == writes + (0 if POLICIES[name][boards._JOURNAL] else 1)
    assert loaded(rig.after_power_cut()) == position(controller)


def test_a_boards_reload_names_the_next_program_or_says_it_is_not_on_the_drive(monkeypatch):
    """``reload(program)``: CircuitPython runs ``program`` once in the fresh VM (then code.py,
    also after an error in it); where the file is not on the drive, set_next_code_file raises
    ValueError ("File not found"): no reload, and False for the caller to do it in its VM."""
    module = board_module(monkeypatch, "pybadge")
    calls = []

    def set_next_code_file(filename, **options):
        if filename != "record.py":
            raise ValueError("File not found")
        calls.append((filename, options))

    supervisor = sys.modules["supervisor"]
    supervisor.set_next_code_file = set_next_code_file
    supervisor.reload = lambda: calls.append("reload")
    assert module.reload("record") is True
    assert calls == [("record.py", {"reload_on_error": True}), "reload"]
    assert module.reload("title") is False and len(calls) == 2  # not on this drive: no reload
    assert module.reload() is True and calls[-1] == "reload"
