"""Where saves live, and how a write survives a power cut.

Every kind of saved data (the game, the settings, the statistics) is a *record* kept
in two *slots*:

    "Tk" | kind (1 byte) | format version (1) | sequence (2, LE) | length (2, LE)
    | payload | CRC-32 of everything before it (4, LE)

A write goes to the slot that does *not* hold the newest good record, with the next
sequence number: a power cut at any byte of it leaves a slot whose CRC fails beside
the previous record, and reading takes the good record with the highest sequence
number.  So after a cut the game resumes at the new state or the one before it.

A store has ``capacity(name)``, ``read(name, slot)`` and ``write(name, slot, data)``:
``NvmStore`` here, over ``microcontroller.nvm`` or ``alarm.sleep_memory`` (or any
bytearray); ``FileStore`` over a directory and ``default_store()`` are in
``thousand.persist.files``, ``RamStore`` in ``thousand.persist.boards``, ``JournalStore`` (records
appended, the RP2040's flash) in ``thousand.persist.journal``.  A record a board
also keeps in sleep memory or RAM (its moves) has its two slots there too, and the newest
by sequence number is read.  Reading with damage reports, and a record's payload read,
are ``thousand.persist.reading``'s part (on demand: a VM reads its saves once;
this module is resident for the writes).

>>> hex(crc32(b"123456789"))
'0xcbf43926'
>>> pair = SlotPair(NvmStore(bytearray(4096)), "settings", KIND_SETTINGS)
>>> pair.write(1, b"hello"); pair.write(1, b"world")
>>> version, payload = pair.newest()  # (a board's memory's slice: a bytearray of its own)
>>> version, bytes(payload)
(1, b'world')
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython

MAGIC = b"Tk"
KIND_GAME = 0x47  # "G"
KIND_SETTINGS = 0x53  # "S"
KIND_STATS = 0x54  # "T"
KIND_WEAR = 0x57  # "W": how many times this board's flash was written (thousand.persist.flash)
_HEADER_SIZE = const(8)
_PART = const(128)  # the most bytes of a payload's part copied from sleep memory (SlotPair.scan)
OVERHEAD = _HEADER_SIZE + 4  # the header and the CRC


class SaveError(Exception):
    """A save that cannot be used or written; the message is one line for the screen."""


# A flash write that read back wrong (a worn block): said once, then saves go to sleep memory.
WORN = "Flash worn: saves last until switched off"


def reads_back(nvm, start, data):
    """Does ``nvm`` hold ``data`` at ``start``?  Read back after a flash write, 64 bytes at a
    time (no copy of the whole write on the heap)."""
    n = len(data)
    at = 0
    while at < n:
        end = min(n, at + 64)
        if bytes(nvm[start + at:start + end]) != bytes(data[at:end]):
            return False
        at = end
    return True


# ---------------------------------------------------------------- CRC-32
# zlib's CRC-32, a nibble at a time (tables of 16 entries, not 256: 64 bytes of heap kept
# for the whole game, not 1 KB), in two 16-bit halves: on a microcontroller ints above
# 2**30 are heap objects, and a step must not allocate.
_tables = None


def _crc_tables():
    from array import array

    lo = array("H")
    hi = array("H")
    for n in range(16):
        c_lo = n
        c_hi = 0
        for _ in range(4):
            carry = c_lo & 1
            c_lo = (c_lo >> 1) | ((c_hi & 1) << 15)
            c_hi >>= 1
            if carry:
                c_lo ^= 0x8320
                c_hi ^= 0xEDB8
        lo.append(c_lo)
        hi.append(c_hi)
    return lo, hi


def crc32_halves(data, end, start=0):
    """CRC-32 of ``data[start:end]`` as (high 16 bits, low 16 bits).  Read in slices of
    ``_PART`` bytes: a board's flash is checked where it lies (``SlotPair.scan``), and its
    slice is a copy (a long game's record whole, 1.4 KB, was the block a pause's flush failed
    to find), its byte an ESP32-S3's whole NVM read."""
    global _tables
    if _tables is None:
        _tables = _crc_tables()
    t_lo, t_hi = _tables
    lo = hi = 0xFFFF
    for at in range(start, end, _PART):
        for b in data[at:min(at + _PART, end)]:
            k = (lo ^ b) & 0xF
            lo = ((lo >> 4) | ((hi & 0xF) << 12)) ^ t_lo[k]
            hi = (hi >> 4) ^ t_hi[k]
            k = (lo ^ (b >> 4)) & 0xF
            lo = ((lo >> 4) | ((hi & 0xF) << 12)) ^ t_lo[k]
            hi = (hi >> 4) ^ t_hi[k]
    return hi ^ 0xFFFF, lo ^ 0xFFFF


def crc32(data):
    hi, lo = crc32_halves(data, len(data))
    return (hi << 16) | lo


# ---------------------------------------------------------------- records
def size_of(payload):
    """The bytes of a payload: one buffer, or a list of buffers (``parts``), the payload their
    bytes one after another, as the game's saves are made (thousand.persist.encode's
    ``encode_game(..., in_parts=True)``: its parts written where the record lies, never
    joined into one block of the record's size, the largest a move's save made).

    >>> size_of(b"abc"), size_of([b"ab", memoryview(b"cde")[1:]])
    (3, 4)
    """
    if isinstance(payload, list):
        n = 0
        for part in payload:
            n += len(part)
        return n
    return len(payload)


def pack_record(kind, version, seq, payload):
    out = bytearray(OVERHEAD + size_of(payload))
    pack_into(out, 0, kind, version, seq, payload)
    return out


def pack_into(out, at, kind, version, seq, payload):
    """The record of ``payload`` (a buffer, or a list of them: ``size_of``) written into ``out``
    at ``at`` (OVERHEAD bytes more than the payload) in slice assignments, its header, its
    payload (a part each), its CRC (read back from ``out``): a board's flash write packs its
    records into the slot's own bytes (thousand.persist.flash), and sleep memory takes a
    record where it lies (``SlotPair.write``), not into a copy of each."""
    n = size_of(payload)
    end = at + _HEADER_SIZE + n
    out[at:at + _HEADER_SIZE] = record_head(kind, version, seq, n)
    if isinstance(payload, list):
        start = at + _HEADER_SIZE
        for part in payload:
            if len(part):  # (no write of nothing to a board's memory)
                out[start:start + len(part)] = part
                start += len(part)
    else:
        out[at + _HEADER_SIZE:end] = payload
    hi, lo = crc32_halves(out, end, at)
    out[end:end + 4] = bytes((lo & 0xFF, lo >> 8, hi & 0xFF, hi >> 8))


def record_head(kind, version, seq, n):
    """The header of a record of ``n`` bytes of payload."""
    return MAGIC + bytes((kind, version, seq & 0xFF, (seq >> 8) & 0xFF, n & 0xFF, n >> 8))


# What a slot holds.
_SLOT_BLANK = const(0)  # never written (or erased)
SLOT_GOOD = 1
_SLOT_DAMAGED = const(2)  # written, but cut short or corrupted
_SLOT_FOREIGN = const(3)  # a good record of another kind of data: not ours


def holds_record(data, kind, version, seq, payload, at=0):
    """Do a slot's bytes (from ``at``: a board's flash where it lies) hold this very record,
    good?  Its payload compared in parts of 64 bytes (``reads_back``), not copied first (at a
    deal's end the game's save is the table's largest block).  Here, not in
    ``thousand.persist.reading``: ``thousand.persist.flash`` imports it, and a deal's end
    would load that module too beside the flash's write (the PicoSystem's session then
    needed 3 KB more: docs/memory.md)."""
    state, held, held_seq, end = check_record(data, kind, at)
    if not (state == SLOT_GOOD and held == version and held_seq == seq and end - _HEADER_SIZE == size_of(payload)):
        return False
    at += _HEADER_SIZE
    for part in payload if isinstance(payload, list) else (payload,):
        if not reads_back(data, at, part):
            return False
        at += len(part)
    return True


def check_record(data, kind, at=0):
    """(what the slot holds, version, seq, where its payload ends) of a slot's bytes, the slot
    from ``at`` (where its payload ends counted from there; the payload itself:
    ``thousand.persist.reading.unpack_record``)."""
    if not data:
        return _SLOT_BLANK, 0, 0, 0
    if len(data) < at + OVERHEAD or data[at:at + 2] != MAGIC:
        return _SLOT_DAMAGED, 0, 0, 0
    end = at + _HEADER_SIZE + (data[at + 6] | (data[at + 7] << 8))
    if end + 4 > len(data):
        return _SLOT_DAMAGED, 0, 0, 0
    hi, lo = crc32_halves(data, end, at)
    if (data[end] | (data[end + 1] << 8)) != lo or (data[end + 2] | (data[end + 3] << 8)) != hi:
        return _SLOT_DAMAGED, 0, 0, 0
    if data[at + 2] != kind:
        return _SLOT_FOREIGN, 0, 0, 0
    return SLOT_GOOD, data[at + 3], data[at + 4] | (data[at + 5] << 8), end - at


def newer(a, b):
    """Is sequence number ``a`` after ``b`` (16-bit, wrapping)?"""
    return a != b and ((a - b) & 0xFFFF) < 0x8000


class SlotPair:
    """One record kept in two slots of a store and, with ``moves`` (sleep memory or RAM, where
    a board keeps its moves), two more there: the newest good record of them all is read.
    ``write()`` goes to the slot of its store that does not hold that store's newest good
    record, with the next sequence number.  Only ``store``'s damage is told: sleep memory
    holds anything after a power cut, and that is no damage."""

    def __init__(self, store, name, kind, moves=None):
        self.store = store
        self.moves = moves
        self.name = name
        self.kind = kind
        self.newest_slot = None  # per store, the slot of its newest good record or -1; None: not scanned
        self.seq = 0  # the highest sequence number of a good record

    def capacity(self, moves=False):
        """Largest payload that store takes, or None when unlimited."""
        cap = (self.moves if moves else self.store).capacity(self.name)
        return None if cap is None else cap - OVERHEAD

    def scan(self, readable=255, in_parts=False):
        """(newest good (version, payload) of a format up to ``readable``, or None; the bytes
        of ``store``'s damaged, foreign or newer slots).  A newer record never hides a
        readable one.  ``in_parts``: a payload in sleep memory as a list of copies of its
        parts (``size_of``), none above ``_PART`` bytes, for a write that takes parts (a
        pause's flush, beside the flash's image of the slot: two blocks of a long game's
        record each, where one failed to find its room)."""
        best = None
        bad = []
        self.newest_slot = [-1, -1]
        own = [0, 0]  # each store's highest sequence number
        self.seq = 0
        # The RP2040's journal is its flash and its store of moves at once: read once.
        for at in range(2 if self.moves is None or self.moves is self.store else 4):
            store = self.store if at < 2 else self.moves
            # Sleep memory's and the flash's slots are checked where they lie, the CRC over
            # slices of ``_PART`` bytes (``crc32_halves``): a long game's record is some 1.5
            # KB, and a copy of each slot read was the block a long game's pause failed to
            # find (sleep memory's, then the flash's).  An ESP32-S3 reads its whole NVM blob
            # into the heap for every read, a byte's too (CircuitPython's ports/espressif
            # nvm/ByteArray.c): a dozen reads a slot so, not one a byte.
            in_place = isinstance(store, NvmStore)
            if in_place:  # the whole memory, the slot from ``start``
                start, _, raw = store.head(self.name, at & 1)
                if raw is not None:  # written (None: never, a blank slot)
                    raw = store.nvm
            else:
                raw, start = store.read(self.name, at & 1), 0
            state, version, seq, end = check_record(raw, self.kind, start)
            if state == SLOT_GOOD and version <= readable:
                if self.newest_slot[at >> 1] < 0 or newer(seq, own[at >> 1]):
                    self.newest_slot[at >> 1] = at & 1
                    own[at >> 1] = seq
                if best is None or newer(seq, self.seq):
                    best = (version, raw, start, end, in_place)  # its payload copied once, at the end, not at every good slot
                    self.seq = seq
            elif state != _SLOT_BLANK and at < 2:  # (sleep memory's damage is no one's problem)
                bad.append(bytes(store.read(self.name, at & 1)))
            raw = None
        if best is not None:
            version, raw, start, end, in_place = best
            if in_place and in_parts:
                best = (version, [raw[at:min(at + _PART, start + end)] for at in range(start + _HEADER_SIZE, start + end, _PART)])
            elif in_place:  # a board's memory's slice is a copy of its own (it has no memoryview)
                best = (version, raw[start + _HEADER_SIZE:start + end])
            else:
                best = (version, bytes(memoryview(raw)[_HEADER_SIZE:end]))
        return best, bad

    def newest(self, in_parts=False):
        """(version, payload) of the newest good record, or None; ``in_parts``: ``scan``'s."""
        return self.scan(255, in_parts)[0]

    def next_slot(self, moves=False):
        """The slot of that store the next write goes to: not its newest good record's."""
        if self.newest_slot is None:
            self.scan()
        newest = self.newest_slot[moves]
        return 1 - newest if newest >= 0 else 0

    def record(self, version, payload, moves=False):
        """The record to write next (the next sequence number); SaveError (one line) when the
        payload does not fit.  Then ``wrote()``."""
        return pack_record(self.kind, version, self.next_seq(payload, moves), payload)

    def next_seq(self, payload, moves=False):
        """The sequence number of the record of ``payload`` written next; SaveError (one line)
        when it does not fit."""
        if self.newest_slot is None:
            self.scan()
        cap = self.capacity(moves)
        n = size_of(payload)
        if cap is not None and n > cap:
            raise SaveError("%s save too big: %d bytes, room for %d" % (self.name, n, cap))
        if n > 0xFFFF:
            raise SaveError("%s save too big (%d bytes)" % (self.name, n))
        return (self.seq + 1) & 0xFFFF

    def wrote(self, slot, moves=False):
        self.newest_slot[moves] = slot
        self.seq = (self.seq + 1) & 0xFFFF

    def write(self, version, payload, moves=False):
        """To ``store``, or with ``moves`` to the store of moves.  Raises SaveError (one line)
        when the payload does not fit or the store refuses."""
        store = self.moves if moves else self.store
        if getattr(store, "in_ram", False):  # sleep memory: packed where it lies, no copy made
            seq = self.next_seq(payload, moves)
            slot = self.next_slot(moves)
            store.writes += 1
            pack_into(store.nvm, store.head(self.name, slot)[0], self.kind, version, seq, payload)
            self.wrote(slot, moves)
            return
        data = self.record(version, payload, moves)
        slot = self.next_slot(moves)
        try:
            store.write(self.name, slot, data)
        except OSError as error:  # disk full, drive read-only: say so, keep playing
            raise SaveError("cannot save %s (%s)" % (self.name, error))
        self.wrote(slot, moves)


# ---------------------------------------------------------------- the NVM
# Room per slot in the NVM, by record name; the game takes the rest of each half.  Before
# the wear count the statistics had 192 bytes: their records never took 80.
NVM_SLOTS = (("settings", 64), ("stats", 176), ("wear", 16))
_NVM_MIN_GAME = const(1024)


class NvmStore:
    """Slots at fixed places in a bytearray-like memory: ``microcontroller.nvm`` (flash) or
    ``alarm.sleep_memory`` (RAM that outlives a reset, not a power cut).

    The memory is cut in two halves, each holding slot 0 (first half) or slot 1 (second
    half) of every record.  The firmware rewrites a whole flash erase unit for any NVM
    write: with the slots in different halves, a cut during that rewrite spoils only one
    slot wherever the erase unit is at most half the NVM (nRF52840).  Where one unit is the
    whole NVM (SAMD51, RP2040; ESP32-S3's NVS blob) a cut during the firmware's erase and
    rewrite is a window no Python code can close (docs/saves.md): so the board's write
    policy writes the flash seldom, several records in one write (``thousand.persist.flash``).
    ``writes`` counts the records written (a slice assignment each; in an ``in_ram`` store, one
    for its header, one a part of its payload and one for its CRC: ``pack_into``).
    """

    def __init__(self, nvm, aside=None, in_ram=False):
        self.nvm = nvm
        # ``alarm.sleep_memory`` (RAM), where a board keeps its moves: a record is written and
        # checked where it lies (``SlotPair``), not copied.  A long game's save is some 1.5 KB
        # (its score sheet), and those copies were the blocks a long game's heap failed to
        # find (docs/memory.md).  Never the flash: each of its writes is an erase.
        self.in_ram = in_ram
        self.half = len(nvm) // 2
        self.aside = aside  # where copies of damaged saves go (a FileStore), or None
        self.writes = 0
        self.places = {}
        offset = 0
        for name, room in NVM_SLOTS:
            self.places[name] = (offset, room)
            offset += room
        if self.half - offset < _NVM_MIN_GAME:
            raise SaveError("NVM too small for saves (%d bytes)" % len(nvm))
        self.places["game"] = (offset, self.half - offset)

    def capacity(self, name):
        return self.places[name][1]

    def read(self, name, slot):
        start, room, head = self.head(name, slot)
        if head is None or head[0:2] != MAGIC:
            return head
        n = head[6] | (head[7] << 8)
        return self.nvm[start:start + min(room, OVERHEAD + n)]

    def head(self, name, slot):
        """(where the slot starts, its room, its header's bytes; None: never written)."""
        offset, room = self.places[name]
        start = offset + slot * self.half
        head = self.nvm[start:start + _HEADER_SIZE]
        if head[0:2] != MAGIC:
            for b in head:
                if b != 0xFF and b != 0:
                    return start, room, head  # written, but not a record: damage
            # erased flash (0xFF), or an ESP32's NVS before its first write (0): never written
            return start, room, None
        return start, room, head

    def write(self, name, slot, data):
        offset, room = self.places[name]
        if not data:
            data = b"\xff" * _HEADER_SIZE  # a blank header: the slot reads as never written
        if len(data) > room:
            raise SaveError("%s save too big for the NVM" % name)
        start = offset + slot * self.half
        self.writes += 1
        # One slice assignment: the firmware then erases and programs once.
        self.nvm[start:start + len(data)] = data


def memory_store():
    """A store in RAM for this session only (no persistence: tests, screenshots)."""
    return NvmStore(bytearray(b"\xff" * 4096))
