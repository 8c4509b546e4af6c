"""The save format's pieces: CRC, numbers, agreements, values, actions, records."""

import os
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest
from hypothesis import given, strategies as st

from thousand import actions
from thousand.game import Game
from thousand.record import game_record
from thousand.rules import Rules
from thousand.rules_table import AGREEMENT_TABLE, BOOL, INT, INT_OR_NULL, PRESET_NAMES, agreement_names, agreements
from thousand import rules_table as rules_module
from thousand.persist.coding import Reader, Writer, get_value, put_value
from thousand.persist.rules_sheet import AGREEMENT_IDS_V1, PRESET_NAMES_V1, get_rules, put_rules
from thousand.persist.encode import FORMAT_VERSION, encode_game, put_deal
from thousand.persist.restore import decode_game, get_deal
from thousand.persist.files import FileStore
from thousand.persist.reading import unpack_record
from thousand.persist.store import KIND_GAME, KIND_SETTINGS, SLOT_GOOD, SaveError, SlotPair, crc32, holds_record, newer, pack_record
from savecheck import MemoryStore, load, save
from thousand.persist.coding import FORMAT_NAMING_THE_GAME

NEWER_FORMAT = FORMAT_NAMING_THE_GAME + 1  # a format newer than any this program reads


@given(st.binary(max_size=300))
def test_crc32_is_zlibs(data):
    assert crc32(data) == zlib.crc32(data)


@given(st.integers(min_value=-(2 ** 70), max_value=2 ** 70))
def test_numbers_round_trip(n):
    w = Writer()
    w.sint(n)
    w.int5(n)
    if n >= 0:
        w.uint(n)
    r = Reader(bytes(w.buf))
    assert r.sint() == n and r.int5() == n
    if n >= 0:
        assert r.uint() == n
    assert r.pos == len(w.buf)


def test_small_scores_take_one_byte():
    for n in (0, 5, -5, 120, -120, 155):
        w = Writer()
        w.int5(n)
        assert len(w.buf) == 1, n


def test_format_1_numbers_every_agreement_of_the_rules():
    # Adding, removing or reordering agreements needs a new format version and a
    # migration (see AGREEMENT_IDS_V1 in thousand/persist/rules_sheet.py); this test says so when it happens.
    assert tuple(agreement_names()) == AGREEMENT_IDS_V1
    assert tuple(PRESET_NAMES) == PRESET_NAMES_V1


def _agreement_value(entry):
    name, kind, _default, choices = entry
    if kind == BOOL:
        return st.booleans()
    if kind == INT:
        return st.integers(min_value=1, max_value=5000) if name != "barrel_deals" else st.integers(1, 9)
    if kind == INT_OR_NULL:
        return st.none() | st.integers(min_value=0, max_value=3000)
    return st.sampled_from(choices)


@given(st.sampled_from(PRESET_NAMES), st.data())
def test_rules_round_trip(preset, data):
    rules = Rules.preset(preset)
    for entry in data.draw(st.lists(st.sampled_from(agreements()), max_size=12)):
        setattr(rules, entry[0], data.draw(_agreement_value(entry)))
    w = Writer()
    put_rules(w, rules)
    back = get_rules(Reader(bytes(w.buf)))
    assert back == rules and back.preset_name == rules.preset_name


def test_classic_rules_take_two_bytes():
    w = Writer()
    put_rules(w, Rules.preset("classic"))
    assert len(w.buf) == 2


def _saved_rules():
    rules = Rules.preset("classic")
    rules.dark = True
    rules.target = 500
    w = Writer()
    put_rules(w, rules)
    return bytes(w.buf)


def test_an_agreement_added_later_keeps_its_preset_value(monkeypatch):
    # A format-1 save read by a program whose rules gained an agreement: the new one
    # keeps its preset value, the saved ones read as before.
    saved = _saved_rules()
    monkeypatch.setattr(rules_module, "AGREEMENT_TABLE", AGREEMENT_TABLE + ("new_rule", BOOL, True, None))
    back = get_rules(Reader(saved))
    assert back.dark is True and back.target == 500 and back.new_rule is True


def test_an_agreement_removed_later_is_dropped(monkeypatch):
    saved = _saved_rules()
    monkeypatch.setattr(rules_module, "AGREEMENT_TABLE", sum((e for e in agreements() if e[0] != "dark"), ()))
    back = get_rules(Reader(saved))
    assert back.target == 500


values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2 ** 40), max_value=2 ** 40)
    | st.text(max_size=8) | st.binary(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12)


@given(values)
def test_extra_values_round_trip(value):
    w = Writer()
    put_value(w, value)
    r = Reader(bytes(w.buf))
    back = get_value(r)
    assert r.pos == len(w.buf) and back == value


def test_extra_dicts_do_not_depend_on_key_order():
    a, b = Writer(), Writer()
    put_value(a, {"x": 1, "y": [2, "z"]})
    put_value(b, {"y": [2, "z"], "x": 1})
    assert a.buf == b.buf


def test_actions_take_two_bytes_and_odd_ones_escape():
    log = [(1 << 16) | actions.bid(105), (2 << 16) | actions.ACTION_PASS,
           (0 << 16) | actions.give(23, 2), (0 << 16) | actions.contract(120),
           (0 << 16) | actions.declare(15), (2 << 16) | actions.play(0)]
    odd = [(1 << 16) | actions.bid(107), (1 << 16) | actions.contract(4094)]
    w = Writer()
    put_deal(w, [0x7F, 0x7F << 7, 0x7F << 14], log + odd)
    assert len(w.buf) == 9 + 1 + 2 * len(log) + 5 * len(odd)
    hands, talon, back = get_deal(Reader(bytes(w.buf)))
    assert back == log + odd
    assert talon == 0xFFFFFF ^ (0x7F | 0x7F << 7 | 0x7F << 14)


def test_records_detect_every_single_byte_change():
    record = pack_record(KIND_GAME, 1, 7, b"position bytes")
    for i in range(len(record)):
        for flip in (1, 0x80):
            bad = bytearray(record)
            bad[i] ^= flip
            store = MemoryStore()
            store.files[("game", 0)] = bad
            best, damaged = SlotPair(store, "game", KIND_GAME).scan()
            assert best is None and damaged == [bytes(bad)]


def test_a_slot_holds_a_record_only_when_its_kind_version_sequence_and_every_payload_byte_agree():
    """store.holds_record: the check before a flash write, which compares the payload where it
    lies in the slot's bytes (a bytearray read back, or any buffer the payload is kept in)."""
    payload = b"position bytes"
    record = bytearray(pack_record(KIND_GAME, 1, 7, payload))
    assert unpack_record(record, KIND_GAME) == (SLOT_GOOD, 1, 7, payload)
    for kept in (payload, bytearray(payload), memoryview(bytearray(b"x" + payload))[1:]):
        assert holds_record(record, KIND_GAME, 1, 7, kept)
    assert not holds_record(record, KIND_GAME, 2, 7, payload)  # another version
    assert not holds_record(record, KIND_GAME, 1, 8, payload)  # another sequence number
    assert not holds_record(record, KIND_SETTINGS, 1, 7, payload)  # another kind of record
    assert not holds_record(record, KIND_GAME, 1, 7, b"position byteS")  # one byte differs
    assert not holds_record(record, KIND_GAME, 1, 7, payload + b"!")  # one byte more
    assert not holds_record(None, KIND_GAME, 1, 7, payload)  # a slot never written
    record[-1] ^= 1
    assert not holds_record(record, KIND_GAME, 1, 7, payload)  # damaged


def test_sequence_numbers_wrap():
    assert newer(1, 0) and newer(0, 0xFFFF) and not newer(0xFFFF, 0) and not newer(3, 3)
    store = MemoryStore()
    store.files[("s", 0)] = pack_record(KIND_SETTINGS, 1, 0xFFFE, b"a")
    for text in (b"b", b"c", b"d"):
        SlotPair(store, "s", KIND_SETTINGS).write(1, text)
        assert SlotPair(store, "s", KIND_SETTINGS).newest() == (1, text)


def test_write_goes_beside_the_newest_good_record():
    store = MemoryStore()
    pair = SlotPair(store, "s", KIND_SETTINGS)
    pair.write(1, b"old")
    store.files[("s", 1)] = bytearray(b"Tk garbage from a cut write")
    fresh = SlotPair(store, "s", KIND_SETTINGS)
    assert fresh.newest() == (1, b"old")  # the cut write is passed over quietly
    fresh.write(1, b"new")  # ... and overwritten, the good slot kept
    assert store.files[("s", 0)] == pack_record(KIND_SETTINGS, 1, 1, b"old")
    assert SlotPair(store, "s", KIND_SETTINGS).newest() == (1, b"new")


def test_damaged_save_is_reported_in_one_line_and_kept_aside(tmp_path):
    store = FileStore(str(tmp_path))
    game = Game(seed=1)
    game.start_deal()
    save(store, game)
    with open(store.path("game", 0), "r+b") as f:
        f.seek(20)
        f.write(b"\x00")
    with open(store.path("game", 0), "rb") as f:
        raw = f.read()
    with pytest.raises(SaveError) as error:
        load(store)
    message = str(error.value)
    assert "\n" not in message and "damaged" in message and len(message) < 80 + len(str(tmp_path))
    assert (tmp_path / "game.damaged-1").read_bytes() == raw
    # A new game saves over it.
    save(store, game)
    assert load(store)[0].log == game.log


def test_a_settings_record_is_not_taken_for_a_game():
    store = MemoryStore()
    SlotPair(store, "game", KIND_SETTINGS).write(1, b"settings")
    with pytest.raises(SaveError):
        load(store)


def test_newer_format_is_refused_with_a_message_and_kept(tmp_path):
    store = FileStore(str(tmp_path))
    SlotPair(store, "game", KIND_GAME).write(NEWER_FORMAT, b"from the future")
    with pytest.raises(SaveError) as error:
        load(store)
    assert "newer" in str(error.value) and "\n" not in str(error.value)
    assert b"from the future" in (tmp_path / "game.damaged-1").read_bytes()


def test_unreadable_payload_with_a_good_crc_is_refused_not_crashed():
    game = Game(seed=4)
    game.start_deal()
    payload = encode_game(game)
    for cut in range(len(payload)):
        for junk in (payload[:cut], payload[:cut] + b"\xff" * 3, payload + b"\x00"):
            store = MemoryStore()
            SlotPair(store, "game", KIND_GAME).write(FORMAT_VERSION, junk)
            try:
                load(store)
            except SaveError as error:
                assert "\n" not in str(error)


def test_no_save_is_none():
    assert load(MemoryStore()) is None


def test_old_format_numbers_are_refused():
    with pytest.raises(SaveError):
        decode_game(b"\x00", 0)


def test_damaged_file_is_copied_aside_once(tmp_path):
    store = FileStore(str(tmp_path))
    game = Game(seed=2)
    game.start_deal()
    save(store, game)
    with open(store.path("game", 0), "r+b") as f:
        f.seek(15)
        f.write(b"\x00\x01")
    for _ in range(3):
        with pytest.raises(SaveError) as error:
            load(store)
    assert str(tmp_path / "game.damaged-1") in str(error.value)
    assert sorted(os.listdir(tmp_path)) == ["game.0", "game.damaged-1"]


def test_no_room_to_read_a_save_is_no_damage_the_memory_error_goes_on_and_the_save_stays(tmp_path, monkeypatch):
    # On a board the app starts again on a MemoryError and reads the save again
    # (thousand.ui.app.main); a save called unreadable instead would lose the game.
    from thousand.persist import restore
    from thousand.persist.reading import load_kept

    store = FileStore(str(tmp_path))
    game = Game(seed=2)
    game.start_deal()
    save(store, game)
    SlotPair(store, "settings", KIND_SETTINGS).write(1, b"settings")

    def no_room(*args):
        raise MemoryError

    monkeypatch.setattr(restore, "decode_game", no_room)
    with pytest.raises(MemoryError):
        load(store)
    with pytest.raises(MemoryError):  # the settings and statistics are not started afresh either
        load_kept(SlotPair(store, "settings", KIND_SETTINGS), 1, no_room, dict)
    assert sorted(os.listdir(tmp_path)) == ["game.0", "settings.0"]  # nothing kept aside as damaged
    monkeypatch.undo()
    assert load(store)[0].log == game.log


def test_a_store_that_refuses_gives_a_save_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    game = Game(seed=2)
    game.start_deal()
    with pytest.raises(SaveError) as error:
        save(FileStore(str(blocker / "saves")), game)
    assert "cannot save game" in str(error.value)


# A format-1 save of the *full* depth, written by the program before thousand/persist
# (files kept every deal since the game's start): Game(rules_for(1), seed=11) after 90
# moves of savecheck.play with Rng(12), extra {"chooser": that Rng's state}.
OLD_FULL_SAVE = bytes.fromhex(
    "0f010200900321c8011604000000ede7d7a303efac9bea0200000000000000000000000000000408412b4302c494b800"
    "1b645c64027418940698079008900e9405980d90179412980290159416980c940198049003980b90119409980f901094"
    "149013940a980041242c248b020a50c11b6858685d7818980c900d941194099807900a90139417981494059801900094"
    "0298039016980e9006940f940b980490129408981090150a68885405418092161b605560027018900b94069809901794"
    "159814900594049800900d941098119812901394169408980790039402980c9001940a980f900e3808d004112703e600"
    "0518001000644e640874140701040763686f6f736572060203f0a2f0f30603dcf9a0da04")


def test_a_full_depth_save_of_the_previous_program_still_resumes_whole():
    from savecheck import fingerprint, play, rules_for
    from thousand.rng import Rng

    game = Game(rules_for(1), seed=11)
    chooser = Rng(12)
    play(game, chooser, 90)
    again, extra = decode_game(OLD_FULL_SAVE)
    assert extra == {"chooser": list(chooser.get_state())}
    assert fingerprint(again, False) == fingerprint(game, False)
    assert game_record(again) == game_record(game)


# ---------------------------------------------------------------- bad files (issue 14)
def _saved_twice(folder):
    store = FileStore(str(folder))
    game = Game(seed=2)
    game.start_deal()
    save(store, game)
    game.apply(game.to_move, game.legal(game.to_move)[0])
    save(store, game)  # both slots hold a good record
    return store, game


def test_a_zeroed_save_file_is_reported_as_damage(tmp_path):
    store, _game = _saved_twice(tmp_path)
    for slot in (0, 1):
        path = store.path("game", slot)
        size = os.path.getsize(path)
        with open(path, "wb") as f:
            f.write(bytes(size))  # the right length, no record
    with pytest.raises(SaveError) as error:
        load(store)
    assert str(error.value).startswith("game save damaged, not used")
    assert (tmp_path / "game.damaged-1").read_bytes() == bytes(os.path.getsize(store.path("game", 0)))


@pytest.mark.parametrize("fill", [0xFF, 0x00], ids=["erased flash", "ESP32 NVS before its first write"])
def test_an_erased_nvm_is_a_fresh_board_not_damage(fill):
    from thousand.persist.settings import load_settings
    from thousand.persist.store import NvmStore

    store = NvmStore(bytearray([fill]) * 8192)
    assert load(store) is None
    assert load_settings(store)[1] is None
    store.nvm[store.places["game"][0]] = 0x55  # a written byte where a record should start
    with pytest.raises(SaveError, match="game save damaged"):
        load(store)


def test_an_oversized_junk_file_is_read_and_kept_only_as_far_as_a_save_can_be(tmp_path):
    import tracemalloc

    from thousand.persist.files import MOST_A_RECORD_TAKES

    store, _game = _saved_twice(tmp_path)
    huge = 300 * 2 ** 20
    for slot, start in ((0, b""), (1, b"junk" * 1000)):
        with open(store.path("game", slot), "wb") as f:
            f.write(start)
            f.truncate(huge)  # sparse: 300 MB to read, next to nothing on the disk
    tracemalloc.start()
    try:
        with pytest.raises(SaveError, match="game save damaged"):
            load(store)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * MOST_A_RECORD_TAKES
    kept = sorted(name for name in os.listdir(tmp_path) if "damaged" in name)
    assert kept == ["game.damaged-1", "game.damaged-2"]
    assert all(os.path.getsize(tmp_path / name) == MOST_A_RECORD_TAKES for name in kept)


def test_a_newer_record_beside_an_older_valid_save_does_not_hide_it(tmp_path):
    store, game = _saved_twice(tmp_path)
    SlotPair(store, "game", KIND_GAME).write(NEWER_FORMAT, b"from the future")  # over the older slot
    SlotPair(store, "game", KIND_GAME).write(NEWER_FORMAT, b"from the future, again")  # the other one
    with pytest.raises(SaveError, match="from a newer Thousand"):
        load(store)
    store, game = _saved_twice(tmp_path / "second")
    SlotPair(store, "game", KIND_GAME).write(NEWER_FORMAT, b"from the future")
    again, _extra = load(store)
    assert again.log == game.log  # the readable save, not "a newer Thousand"
    assert b"from the future" in (tmp_path / "second" / "game.damaged-1").read_bytes()  # kept: the next save writes over it
    save(store, again)
    assert load(store)[0].log == game.log


def test_newer_settings_beside_older_valid_ones_do_not_hide_them(tmp_path):
    from thousand.persist.settings import load_settings, save_settings, settings_bytes, settings_from

    store = FileStore(str(tmp_path))
    settings = settings_from()
    settings.sound = False
    save_settings(store, settings_bytes(settings))
    SlotPair(store, "settings", KIND_SETTINGS).write(9, b"\x00\x00")
    kept, problem = load_settings(store)
    assert problem is None and kept.sound is False


def test_a_moves_save_after_a_deals_end_does_without_the_rules_and_sheet_coder():
    """The save after each move holds the score sheet's bytes encoded at the deal's end, so
    that thousand.persist.rules_sheet stays unloaded at the table (thousand/ui/scenes.py)."""
    from savecheck import step
    from thousand.game import PHASE_DEAL_OVER
    from thousand.persist.encode import new_memo
    from thousand.rng import Rng

    game = Game(seed=4)
    game.start_deal()
    chooser = Rng(2)
    memo = new_memo()
    while game.phase != PHASE_DEAL_OVER:
        step(game, chooser)
    at_the_end = encode_game(game, None, None, memo)
    step(game, chooser)  # the next deal
    sys.modules.pop("thousand.persist.rules_sheet", None)
    step(game, chooser)
    saved = encode_game(game, None, None, memo)
    assert "thousand.persist.rules_sheet" not in sys.modules
    again, _ = decode_game(saved)
    assert again.log == game.log and [r.scores for r in again.sheet] == [r.scores for r in game.sheet]
    assert [r.scores for r in decode_game(at_the_end)[0].sheet] == [r.scores for r in game.sheet]


def test_the_sheet_kept_from_save_to_save_encodes_as_the_whole_sheet_would():
    """A deal's end adds its row to the sheet's bytes kept from the saves before; at every
    move, with the slot's room or without, the save is byte for byte the one made anew, and
    is made once, at the size counted before (a bytearray of it, not a copy of a buffer)."""
    from savecheck import step
    from thousand.game import PHASE_GAME_OVER
    from thousand.persist import encode
    from thousand.rng import Rng
    from thousand.sheet_rows import marks_of

    for capacity in (None, 260):  # 260: the oldest rows are dropped once the sheet grows
        game = Game(seed=6)
        chooser = Rng(3)
        memo = encode.new_memo()
        saves = 0
        while game.phase != PHASE_GAME_OVER and len(game.sheet) < 16:
            step(game, chooser)
            kept = encode_game(game, None, capacity, memo)
            assert type(kept) is bytearray, "the payload's size was counted wrong: copied"
            assert encode_game(game, None, capacity, memo) == kept  # again, after a deal's end added its row
            assert kept == encode_game(game, None, capacity)  # anew
            parts = encode_game(game, None, capacity, memo, in_parts=True)  # as a board's store of moves takes it
            assert type(parts) is list and b"".join(parts) == kept
            saves += 1
            sheet = decode_game(kept)[0].sheet
            assert [marks_of(row) + list(row.scores) for row in sheet] == \
                [marks_of(row) + list(row.scores) for row in game.sheet[len(game.sheet) - len(sheet):]]
        assert saves > 100 and len(game.sheet) >= 16
        assert len(sheet) == len(game.sheet) if capacity is None else 0 < len(sheet) < len(game.sheet)


def rows_encoded(monkeypatch):
    """A list that gets a 1 for every row the sheet's row encoder encodes."""
    from thousand import sheet_rows

    encoded = []
    real = sheet_rows.put_row

    def counting(w, row, prev):
        encoded.append(1)
        return real(w, row, prev)

    monkeypatch.setattr(sheet_rows, "put_row", counting)
    return encoded


def test_a_full_slot_drops_its_oldest_rows_without_encoding_the_sheet_again(monkeypatch):
    """Once the slot is full, saves drop the oldest rows: a save encodes at most the rows it
    has not encoded before, its new first row and the deal's own (the whole sheet encoded
    again was some 80 KB of garbage at a long game's deal end on a PyBadge), and is still the
    save made anew."""
    from savecheck import step
    from thousand.game import PHASE_GAME_OVER
    from thousand.persist import encode
    from thousand.rng import Rng

    encoded = rows_encoded(monkeypatch)
    game = Game(seed=6)
    chooser = Rng(3)
    memo = encode.new_memo()
    dropping = 0
    while game.phase != PHASE_GAME_OVER and len(game.sheet) < 24:
        step(game, chooser)
        del encoded[:]
        kept = encode_game(game, None, 260, memo)
        assert sum(encoded) <= 3, encoded
        assert kept == encode_game(game, None, 260)  # anew
        dropping += len(decode_game(kept)[0].sheet) < len(game.sheet) - 1
    assert dropping > 50


def test_a_continued_game_saves_without_encoding_its_sheet_again(monkeypatch):
    """Read back with a memo, a save leaves its rules and its sheet's bytes for the saves
    after it: the first save after a Continue encodes no row it read (a long game's sheet
    encoded again was some 60 KB of garbage at the table) and is the save made anew."""
    from savecheck import step
    from thousand.game import PHASE_GAME_OVER
    from thousand.persist import encode
    from thousand.rng import Rng

    encoded = rows_encoded(monkeypatch)
    for capacity in (None, 260):
        game = Game(seed=6)
        chooser = Rng(3)
        continued = 0
        while game.phase != PHASE_GAME_OVER and len(game.sheet) < 20:
            step(game, chooser)
            if game.phase == PHASE_GAME_OVER:
                break
            memo = encode.new_memo()
            again, _ = decode_game(encode_game(game, None, capacity), memo=memo)
            del encoded[:]
            kept = encode_game(again, None, capacity, memo)
            count = sum(encoded)
            assert kept == encode_game(again, None, capacity)  # anew
            assert count <= (1 if len(again.sheet) > len(decode_game(kept)[0].sheet) else 0) + 1, encoded
            continued += len(again.sheet) > 2 and not count
        assert continued > 50


def test_the_sheets_rows_are_kept_in_one_buffer_made_again_only_when_it_is_full():
    """Made again at every deal's end, the rows' buffer would leave a hole of its size a
    deal in a heap that never moves an object; it grows by a step (about twenty rows) when
    full, and a save encodes the same bytes as before."""
    from savecheck import step
    from thousand import sheet_rows
    from thousand.game import PHASE_GAME_OVER
    from thousand.persist import encode
    from thousand.rng import Rng

    game = Game(seed=6)
    chooser = Rng(3)
    memo = encode.new_memo()
    buffers = []
    while game.phase != PHASE_GAME_OVER and len(game.sheet) < 60:
        step(game, chooser)
        assert encode_game(game, None, None, memo) == encode_game(game, None, None)
        chain = game.sheet.data
        assert type(chain) is bytearray
        if not buffers or buffers[-1] is not chain:
            buffers.append(chain)
    used = game.sheet.size
    assert len(game.sheet) >= 60
    assert len(buffers) <= 2 + used // sheet_rows._ROWS_STEP < len(game.sheet) // 4
    assert len(chain) - used <= sheet_rows._ROWS_STEP + 64
    assert all(type(kept) in (type(None), bytes, int) or kept is game.rules for kept in memo)  # nothing of the coder's


