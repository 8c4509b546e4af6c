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

Loaded only where a board's policy names it (thousand/persist/boards.py: the RP2040).

>>> store = JournalStore(bytearray(b"\\xff" * 4096))
>>> from thousand.persist.store import SlotPair, KIND_SETTINGS
>>> pair = SlotPair(store, "settings", KIND_SETTINGS)
>>> pair.write(1, b"hello"); pair.write(1, b"world")
>>> pair.newest(), store.end
((1, b'world'), 34)
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


from thousand.persist.store import KIND_GAME, KIND_SETTINGS, KIND_STATS, KIND_WEAR, MAGIC, NVM_SLOTS, OVERHEAD, SLOT_GOOD, SaveError, newer, unpack_record

# The names a record's kind byte stands for, in the order a compaction writes them: the small
# records first, so that a cut inside its programming more likely spares them.  (On a board
# every new name stays in the VM's pool for good: this module reuses the names it can.)
NAMES = (("settings", KIND_SETTINGS), ("stats", KIND_STATS), ("wear", KIND_WEAR), ("game", KIND_GAME))
_DAMAGED = const(0x100)  # + kind: the index's key of bytes under a header of that kind that are no good record


class JournalStore:
    """A store (``capacity``, ``read``, ``write``) over ``nvm``, appending; ``append(records)``
    writes several records in one write (``thousand.persist.flash``).  ``writes`` counts the
    writes (slice assignments)."""

    def __init__(self, nvm, aside=None):
        self.nvm = nvm
        self.aside = aside  # where copies of damaged saves go (a FileStore), or None
        self.writes = 0
        # kind: [(seq, start, end) of the newest good record, of the one before]; None: not read yet
        self.found = None
        self.end = 0  # where the next record goes

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
        while at + OVERHEAD <= tail:
            head = nvm[at:at + 8]
            if head[0:2] == MAGIC:
                kind = head[2]
                stop = at + OVERHEAD + (head[6] | (head[7] << 8))
                if stop <= size and unpack_record(nvm[at:stop], kind)[0] == SLOT_GOOD:
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
        self.found = found
        # After the last good record, and after any byte written (a cut-short append): a
        # record may end in bytes that read 0xFF, and an append must not start on them.
        self.end = max(end, tail)

    def read(self, name, slot):
        """Slot 0: the newest good record of ``name``; slot 1: the one before.  With none, the
        bytes of a damaged one (a cut inside a compaction) in slot 0, else None."""
        if self.found is None:
            self.scan()
        for known, kind in NAMES:
            if known == name:
                break
        kept = self.found.get(kind)
        if kept is not None:
            place = kept[slot]
            return None if place is None else self.nvm[place[1]:place[2]]
        place = self.found.get(_DAMAGED + kind)
        return self.nvm[place[0]:place[1]] if place is not None and slot == 0 else None

    def write(self, name, slot, data):
        self.append(((name, data),))

    def append(self, records):
        """``(name, data)`` records after the last one, in one write onto erased bytes; when
        they do not fit, the NVM again from its start: the newest record of every other
        name and these (one erase).  The game goes last: a cut that spares it spared the
        statistics of its deal's end, written with it."""
        if self.found is None:
            self.scan()
        size = len(self.nvm)
        fresh = {}  # kind (a record's third byte): record
        for name, data in records:
            if len(data) > self.capacity(name):
                raise SaveError("%s save too big for the NVM" % name)
            fresh[data[2]] = data
        image = bytearray()
        placed = []  # (kind, record) in the order written
        for name, kind in NAMES:
            data = fresh.get(kind)
            if data is not None:
                placed.append((kind, data))
                image += data
        start = self.end
        whole = start + len(image) > size
        if whole:  # the newest of the others, then these, from the start
            start = 0
            image = bytearray()
            placed = []
            for name, kind in NAMES:
                data = fresh.get(kind)
                if data is None and kind in self.found:
                    place = self.found[kind][0]
                    data = self.nvm[place[1]:place[2]]
                if data is not None:
                    placed.append((kind, data))
                    image += data
            self.found = {}  # the rest is erased
        used = start + len(image)
        if whole:
            image += b"\xff" * (size - used)  # the rest erased, for the appends to come
        found = self.found
        self.found = None  # until the write is done: scanned again if it fails
        self.writes += 1
        self.nvm[start:start + len(image)] = image
        # The index follows the write: the next write needs no scan of the NVM.
        for kind, data in placed:
            kept = found.get(kind)
            found[kind] = [(data[4] | (data[5] << 8), start, start + len(data)), None if kept is None else kept[0]]
            start += len(data)
        self.found = found
        self.end = used
