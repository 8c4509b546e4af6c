"""Records appended one after another in a flash that programs erased bytes without an erase.

The RP2040's NVM is one 4 KB sector of its QSPI flash, and CircuitPython programs a write
whose bytes all read 0xFF without erasing anything; any other write erases the sector and
programs all of it again (ports/raspberrypi/common-hal/nvm/ByteArray.c).  So here records
(``thousand.persist.store``'s format) follow each other from the NVM's start, and a write
appends its records after the last one, in one slice assignment onto erased bytes: no erase,
and a cut at any byte of it leaves every record before it whole.  When they do not fit, the
NVM is written again from its start with the newest record of every other name and the new
ones: one erase (and, as for every erase, a cut inside it loses the NVM; docs/saves.md).

Reading takes, per name, the newest good record and the one before it (a record of a newer
format must not hide a readable one: ``SlotPair.scan`` reads them as the two slots).  Bytes
that are no good record are skipped up to the next "Tk", so a cut-short append and an NVM laid
out by ``NvmStore`` (two halves of fixed places) read as well; the next write appends after them.

A game record is appended as its changes from the newest whole game record before it in the
NVM (a *delta*, kind "g": that record's place and CRC, then runs of new bytes and of bytes
copied from it), when that takes at most half its bytes: so every move of the human can be
kept in the flash (about a fifth of a whole record: the deal's new actions and the computer
seats' random states) for an erase every few deals (docs/saves.md).  A compaction writes
every record whole.  Reading gives the whole record back, so the rest of the saves never
sees a delta.

Loaded only where a board's policy names it (thousand/persist/boards.py: the RP2040).

>>> store = JournalStore(bytearray(b"\\xff" * 4096))
>>> from thousand.persist.store import SlotPair, KIND_SETTINGS
>>> pair = SlotPair(store, "settings", KIND_SETTINGS)
>>> pair.write(1, b"hello"); pair.write(1, b"world")
>>> pair.newest(), store.append_at
((1, b'world'), 34)
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.persist.store import KIND_GAME, KIND_SETTINGS, KIND_STATS, KIND_WEAR, MAGIC, NVM_SLOTS, OVERHEAD, SLOT_GOOD, WORN, SaveError, check_record, newer, pack_record, reads_back

_KIND_DELTA = const(0x67)  # "g": a game record as its changes from a whole one before it (above)
_DELTA_HEAD = const(6)  # the whole record's place (2 bytes, little-endian) and its CRC (4)
_ANCHOR = const(8)  # bytes that must match to copy from the whole record rather than write them

# The names a record's kind byte stands for, in the order a compaction writes them: the small
# records first, so that a cut inside its programming more likely spares them.
NAMES = (("settings", KIND_SETTINGS), ("stats", KIND_STATS), ("wear", KIND_WEAR), ("game", KIND_GAME))
_DAMAGED = const(0x100)  # + kind: the index's key of bytes under a header of that kind that are no good record


class JournalStore:
    """A store (``capacity``, ``read``, ``write``) over ``nvm``, appending; ``append(records)``
    writes several records in one write (``thousand.persist.flash``).  ``writes`` counts the
    writes (slice assignments).  It is a board's flash and its store of moves at once
    (thousand/persist/boards.py)."""

    def __init__(self, nvm, aside=None):
        self.nvm = nvm
        self.aside = aside  # where copies of damaged saves go (a FileStore), or None
        self.writes = 0
        self.moves = 0  # moves appended since the wear count was last written (thousand.persist.flash)
        # kind: [(seq, start, end) of the newest good record, of the one before]; None: not read yet
        self.index = None
        self.append_at = 0  # where the next record goes
        self.newest_whole = None  # (start, bytes or None: not read yet) of the newest whole game record: what a delta copies from
        # What a write programs, made once at the start: a compaction's 4 KB found no room in
        # a heap fragmented by a game's moves.
        self.write_buffer = bytearray(len(nvm))

    def capacity(self, name):
        game = len(self.nvm)
        for known, room in NVM_SLOTS:
            if known == name:
                return room
            game -= room
        # A compaction writes the newest record of every name: they always fit together.
        return game

    def scan(self):
        """Index the NVM's good records (and the damaged ones' bytes) and find its end.  It
        reads a record or 64 bytes at a time: no copy of the whole NVM in the heap."""
        nvm = self.nvm
        size = len(nvm)
        tail = size  # after the last byte that is not 0xFF
        while tail:
            chunk = nvm[max(0, tail - 64):tail]
            k = len(chunk)
            while k and chunk[k - 1] == 0xFF:
                k -= 1
            tail -= len(chunk) - k
            if k:
                break
        found = {}
        end = 0
        at = 0
        self.newest_whole = None
        wholes = []  # (start, CRC) of the whole game records: a delta's must be one of them
        while at + OVERHEAD <= tail:
            head = nvm[at:at + 8]
            if head[0:2] == MAGIC:
                kind = head[2]
                stop = at + OVERHEAD + (head[6] | (head[7] << 8))
                good = stop <= size and check_record(nvm[at:stop], kind)[0] == SLOT_GOOD
                if kind == _KIND_DELTA:  # read as the game record it stands for, over the one it names
                    named = nvm[at + 8:at + 8 + _DELTA_HEAD]
                    good = good and (named[0] | (named[1] << 8), bytes(named[2:6])) in wholes
                    kind = KIND_GAME
                elif good and kind == KIND_GAME:
                    wholes.append((at, bytes(nvm[stop - 4:stop])))
                    self.newest_whole = (at, None)  # its bytes read when a delta needs them
                if good:
                    seq = head[4] | (head[5] << 8)
                    kept = found.get(kind)
                    if kept is None:
                        found[kind] = [(seq, at, stop), None]
                    elif newer(seq, kept[0][0]):
                        kept[1] = kept[0]
                        kept[0] = (seq, at, stop)
                    elif kept[1] is None or newer(seq, kept[1][0]):
                        kept[1] = (seq, at, stop)
                    at = end = stop
                    continue
                if _DAMAGED + kind not in found:
                    found[_DAMAGED + kind] = (at, tail)
            # On to the next "Tk" after this byte (the last byte of a chunk is read again).
            chunk = nvm[at + 1:min(at + 65, tail)]
            k = chunk.find(MAGIC)
            at += 1 + (k if k >= 0 else max(0, len(chunk) - 1))
        self.index = found
        # After the last good record, and after any byte written (a cut-short append): a
        # record may end in bytes that read 0xFF, and an append must not start on them.
        self.append_at = max(end, tail)

    def read(self, name, slot):
        """Slot 0: the newest good record of ``name``; slot 1: the one before.  With none, the
        bytes of a damaged one (a cut inside a compaction) in slot 0, else None."""
        if self.index is None:
            self.scan()
        for known, kind in NAMES:
            if known == name:
                break
        kept = self.index.get(kind)
        if kept is not None:
            place = kept[slot]
            if place is None:
                return None
            data = self.nvm[place[1]:place[2]]
            return whole_record(self.nvm, data) if data[2] == _KIND_DELTA else data
        place = self.index.get(_DAMAGED + kind)
        return self.nvm[place[0]:place[1]] if place is not None and slot == 0 else None

    def write(self, name, slot, data):
        """A move's save (``SlotPair.write``); the flash's other writes come with the wear count."""
        self.append(((name, data),))
        self.moves += 1

    def append(self, records):
        """``(name, data)`` records after the last one, in one write onto erased bytes; when
        they do not fit, the NVM again from its start: the newest record of every other
        name and these (one erase).  The game goes last: a cut that spares it spared the
        statistics of its deal's end, written with it."""
        if self.index is None:
            self.scan()
        size = len(self.nvm)
        fresh = {}  # kind (a record's third byte): record
        for name, data in records:
            if len(data) > self.capacity(name):
                raise SaveError("%s save too big for the NVM" % name)
            fresh[data[2]] = data
        placed = []  # (kind, record) in the order written
        used = start = self.append_at
        for name, kind in NAMES:
            data = fresh.get(kind)
            if data is not None:
                if kind == KIND_GAME and self.newest_whole is not None:
                    # As a delta of the newest whole game record where that takes at most half
                    # its bytes.  That record stays in RAM (read once after a start): a move's
                    # save makes no copy of it.
                    at, base = self.newest_whole
                    if base is None:
                        head = self.nvm[at:at + 8]
                        base = self.nvm[at:at + OVERHEAD + (head[6] | (head[7] << 8))]
                        self.newest_whole = (at, base)
                    n = len(base)
                    ops = delta_ops(base, memoryview(data)[8:len(data) - 4], 8, n - 4)
                    if 2 * (OVERHEAD + _DELTA_HEAD + len(ops)) <= len(data):
                        head = bytearray(_DELTA_HEAD)
                        head[0] = at & 0xFF
                        head[1] = at >> 8
                        head[2:6] = base[n - 4:n]
                        data = pack_record(_KIND_DELTA, data[3], data[4] | (data[5] << 8), head + ops)
                placed.append((kind, data))
                used += len(data)
        whole = used > size
        if whole:  # the newest of the others, then these, from the start
            used = start = 0
            placed = []
            for name, kind in NAMES:
                data = fresh.get(kind)
                if data is None and kind in self.index:
                    data = self.read(name, 0)  # whole, a delta's too: its base is erased
                if data is not None:
                    placed.append((kind, data))
                    used += len(data)
            self.index = {}  # the rest is erased
        # The whole sector when it is written again: its rest erased, for the appends to come.
        image = memoryview(self.write_buffer)[:size if whole else used - start]
        at = 0
        for kind, data in placed:
            image[at:at + len(data)] = data
            at += len(data)
        for i in range(at, len(image)):
            image[i] = 0xFF
        found = self.index
        self.index = None  # until the write is done: scanned again if it fails
        self.writes += 1
        self.nvm[start:start + len(image)] = image
        if not reads_back(self.nvm, start, image):
            raise SaveError(WORN)  # scanned again at the next read or write
        image = None
        # The index follows the write: the next write needs no scan of the NVM.
        if whole:
            self.newest_whole = None
        for kind, data in placed:
            kept = found.get(kind)
            found[kind] = [(data[4] | (data[5] << 8), start, start + len(data)), None if kept is None else kept[0]]
            if data[2] == KIND_GAME:
                self.newest_whole = (start, data)
            start += len(data)
        self.index = found
        self.append_at = used


def delta_ops(record, payload, start=0, end=None):
    """``payload`` as runs of new bytes (a count, the bytes) each followed by a copy from
    ``record[start:end]`` (an offset from ``start`` and a length, varints); the last run has no
    copy.  A copy starts where ``_ANCHOR`` bytes match and goes on as far as they do.

    >>> bytes(delta_ops(b"0123456789abcdef", b"xy0123456789abZ"))
    b'\\x02xy\\x00\\x0c\\x01Z'
    """
    from thousand.persist.coding import Writer

    w = Writer(128)
    n = len(payload)
    m = len(record) if end is None else end
    i = run = 0
    while i + _ANCHOR <= n:
        j = record.find(bytes(payload[i:i + _ANCHOR]), start, m)
        if j < 0:
            i += 1
            continue
        k = _ANCHOR
        while i + k < n and j + k < m and payload[i + k] == record[j + k]:
            k += 1
        w.uint(i - run)
        w.extend(payload[run:i])
        w.uint(j - start)
        w.uint(k)
        i += k
        run = i
    w.uint(n - run)
    w.extend(payload[run:n])
    return bytes(w.buf)


def whole_record(nvm, data):
    """The whole game record that the delta record ``data`` (its CRC checked) stands for, made
    again from the whole record it names in ``nvm`` and packed with its CRC; ``data`` itself
    (read as foreign: damage) when its runs and copies do not fit."""
    from thousand.persist.coding import Reader, Writer

    start = data[8] | (data[9] << 8)
    head = nvm[start:start + 8]
    record = nvm[start:start + OVERHEAD + (head[6] | (head[7] << 8))]
    r = Reader(memoryview(data)[:len(data) - 4])
    r.pos = 8 + _DELTA_HEAD
    w = Writer(len(record) + 64)
    try:
        while True:
            w.extend(r.bytes(r.uint()))
            if r.pos == len(r.data):
                break
            at = 8 + r.uint()
            w.extend(record[at:at + r.uint()])
    except SaveError:
        return data
    return pack_record(KIND_GAME, data[3], data[4] | (data[5] << 8), w.buf)
