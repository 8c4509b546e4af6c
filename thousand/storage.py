"""Where saves live, and how a write survives a power cut.

Every kind of saved data (the game, the settings, the statistics) is a *record*
kept in two *slots*.  A record is

    magic "Tk" | kind (1 byte) | format version (1) | sequence (2, LE) | length (2, LE)
    | payload | CRC-32 of everything before it (4, LE)

A write always goes to the slot that does *not* hold the newest good record, with
the next sequence number.  A power cut at any byte of that write leaves a slot
whose CRC fails, and the other slot still holds the previous record: reading
takes the good record with the highest sequence number.  So after a cut the
game resumes at the new state or the one before it, never at a mixture.

Backends (one small interface: ``capacity(name)``, ``read(name, slot)``,
``write(name, slot, data)``, ``keep_aside(name, data)``):

- ``NvmStore``: a bytearray-like NVM (``microcontroller.nvm`` on the device,
  ``MemoryNvm`` in tests).
- ``FileStore``: one file per slot in a directory (the desktop's data directory,
  or a device drive that ``boot.py`` made writable).
- ``MemoryStore``: files in memory, for tests.

``MemoryNvm`` and ``MemoryStore`` can be told to "lose power" after N more bytes:
the write stops there, leaves its partial bytes and raises ``PowerLoss``.

>>> hex(crc32(b"123456789"))
'0xcbf43926'
>>> store = MemoryStore()
>>> pair = SlotPair(store, "demo", KIND_SETTINGS)
>>> pair.write(1, b"hello"); pair.write(1, b"world")
>>> pair.read()
(1, b'world')
"""

import sys

MAGIC = b"Tk"
KIND_GAME = 0x47  # "G"
KIND_SETTINGS = 0x53  # "S"
KIND_STATS = 0x54  # "T"
HEADER_SIZE = 8
TRAILER_SIZE = 4
OVERHEAD = HEADER_SIZE + TRAILER_SIZE
MAX_PAYLOAD = 0xFFFF


class SaveError(Exception):
    """A save that cannot be used; the message is one line for the screen."""


class PowerLoss(Exception):
    """Raised by the test backends when the simulated power goes."""


# ---------------------------------------------------------------- CRC-32
# The usual CRC-32 (zlib's), computed in two 16-bit halves: on a microcontroller
# ints above 2**30 are heap objects, and a CRC step per byte must not allocate.
_CRC_LO = None
_CRC_HI = None


def _crc_tables():
    global _CRC_LO, _CRC_HI
    lo = []
    hi = []
    for n in range(256):
        c_lo = n
        c_hi = 0
        for _ in range(8):
            if c_lo & 1:
                c_lo = ((c_lo >> 1) | ((c_hi & 1) << 15)) ^ 0x8320
                c_hi = (c_hi >> 1) ^ 0xEDB8
            else:
                c_lo = (c_lo >> 1) | ((c_hi & 1) << 15)
                c_hi >>= 1
        lo.append(c_lo)
        hi.append(c_hi)
    _CRC_LO = lo
    _CRC_HI = hi


def crc32_halves(data, start=0, end=None):
    """CRC-32 of ``data[start:end]`` as (high 16 bits, low 16 bits)."""
    if _CRC_LO is None:
        _crc_tables()
    t_lo = _CRC_LO
    t_hi = _CRC_HI
    lo = 0xFFFF
    hi = 0xFFFF
    if end is None:
        end = len(data)
    for i in range(start, end):
        k = (lo ^ data[i]) & 0xFF
        lo = ((lo >> 8) | ((hi & 0xFF) << 8)) ^ t_lo[k]
        hi = (hi >> 8) ^ t_hi[k]
    return hi ^ 0xFFFF, lo ^ 0xFFFF


def crc32(data):
    hi, lo = crc32_halves(data)
    return (hi << 16) | lo


# ---------------------------------------------------------------- records
def pack_record(kind, version, seq, payload):
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise SaveError("save too big (%d bytes)" % n)
    out = bytearray(HEADER_SIZE + n + TRAILER_SIZE)
    out[0:2] = MAGIC
    out[2] = kind
    out[3] = version
    out[4] = seq & 0xFF
    out[5] = (seq >> 8) & 0xFF
    out[6] = n & 0xFF
    out[7] = n >> 8
    out[HEADER_SIZE:HEADER_SIZE + n] = payload
    hi, lo = crc32_halves(out, 0, HEADER_SIZE + n)
    end = HEADER_SIZE + n
    out[end] = lo & 0xFF
    out[end + 1] = lo >> 8
    out[end + 2] = hi & 0xFF
    out[end + 3] = hi >> 8
    return out


# What a slot holds.
SLOT_BLANK = 0  # never written (or erased)
SLOT_GOOD = 1
SLOT_DAMAGED = 2  # written, but cut short or corrupted
SLOT_FOREIGN = 3  # a good record of another kind of data: not ours


def unpack_record(data, kind):
    """(state, version, seq, payload) of a slot's bytes."""
    if not data:
        return SLOT_BLANK, 0, 0, None
    if len(data) < OVERHEAD or data[0:2] != MAGIC:
        for b in data[0:HEADER_SIZE]:
            if b != 0xFF and b != 0:
                return SLOT_DAMAGED, 0, 0, None
        return SLOT_BLANK, 0, 0, None
    n = data[6] | (data[7] << 8)
    end = HEADER_SIZE + n
    if end + TRAILER_SIZE > len(data):
        return SLOT_DAMAGED, 0, 0, None
    hi, lo = crc32_halves(data, 0, end)
    if (data[end] | (data[end + 1] << 8)) != lo or (data[end + 2] | (data[end + 3] << 8)) != hi:
        return SLOT_DAMAGED, 0, 0, None
    if data[2] != kind:
        return SLOT_FOREIGN, 0, 0, None
    return SLOT_GOOD, data[3], data[4] | (data[5] << 8), bytes(data[HEADER_SIZE:end])


def newer(a, b):
    """Is sequence number ``a`` after ``b`` (16-bit, wrapping)?"""
    return a != b and ((a - b) & 0xFFFF) < 0x8000


class SlotPair:
    """One record kept in two slots of a store.

    ``read()`` gives (format version, payload) of the newest good record, None when
    nothing was ever saved, and raises SaveError when only damaged or foreign data
    is there (after keeping a copy aside where the store can).  ``write()`` never
    touches the slot holding the newest good record.
    """

    def __init__(self, store, name, kind):
        self.store = store
        self.name = name
        self.kind = kind
        self._scanned = False
        self._newest = -1  # slot of the newest good record, -1: none
        self._seq = 0

    def capacity(self):
        """Largest payload this store takes, or None when unlimited."""
        cap = self.store.capacity(self.name)
        return None if cap is None else cap - OVERHEAD

    def scan(self):
        """Read both slots: (newest good (version, payload) or None, damaged slots' bytes)."""
        best = None
        bad = []
        self._newest = -1
        self._seq = 0
        for slot in (0, 1):
            raw = self.store.read(self.name, slot)
            state, version, seq, payload = unpack_record(raw, self.kind)
            if state == SLOT_GOOD:
                if best is None or newer(seq, self._seq):
                    best = (version, payload)
                    self._newest = slot
                    self._seq = seq
            elif state != SLOT_BLANK:
                bad.append(raw)
        self._scanned = True
        return best, bad

    def read(self):
        best, bad = self.scan()
        if best is not None:
            # A damaged slot beside a good one is a write that a power cut stopped:
            # expected, and nothing is lost that was ever finished.
            return best
        if bad:
            kept = None
            for raw in bad:
                kept = self.store.keep_aside(self.name, bytes(raw)) or kept
            where = "; copy kept in %s" % kept if kept else ""
            raise SaveError("%s save damaged, not used%s" % (self.name, where))
        return None

    def write(self, version, payload):
        if not self._scanned:
            self.scan()
        cap = self.capacity()
        if cap is not None and len(payload) > cap:
            raise SaveError("%s save too big: %d bytes, room for %d" % (self.name, len(payload), cap))
        seq = (self._seq + 1) & 0xFFFF if self._newest >= 0 else 1
        slot = 1 - self._newest if self._newest >= 0 else 0
        record = pack_record(self.kind, version, seq, payload)
        try:
            self.store.write(self.name, slot, record)
        except OSError as error:  # disk full, drive read-only: say so, keep playing
            raise SaveError("cannot save %s (%s)" % (self.name, error))
        self._newest = slot
        self._seq = seq

    def keep_aside(self, version, payload):
        """Keep a copy of a record we cannot use; the words to add to the message."""
        record = pack_record(self.kind, version, 0, payload)
        where = self.store.keep_aside(self.name, bytes(record))
        return "; copy kept in %s" % where if where else ""

    def clear(self):
        """Forget both slots (a new game replaces the old save)."""
        for slot in (0, 1):
            self.store.write(self.name, slot, b"")
        self._newest = -1
        self._seq = 0
        self._scanned = True


class Kept:
    """Settings-like data kept in a SlotPair: subclasses give NAME, KIND, VERSION,
    ``to_bytes()`` and ``from_bytes(payload)``.

    ``load()`` never fails: losing settings or statistics must never stop the game
    from starting, so damaged or newer data gives a fresh object whose ``problem``
    says why in one line (None when all was well).
    """

    NAME = None
    KIND = 0
    VERSION = 1
    problem = None

    @classmethod
    def _pair(cls, store):
        return SlotPair(store if store is not None else default_store(), cls.NAME, cls.KIND)

    @classmethod
    def load(cls, store=None):
        pair = cls._pair(store)
        found = None
        try:
            found = pair.read()
            if found is None:
                return cls()
            if found[0] != cls.VERSION:
                raise SaveError("%s format %d unknown" % (cls.NAME, found[0]))
            return cls.from_bytes(found[1])
        except Exception as error:
            message = str(error) if isinstance(error, SaveError) else \
                "%s unreadable (%s)" % (pair.name, type(error).__name__)
            if found is not None:
                message += pair.keep_aside(found[0], found[1])
            out = cls()
            out.problem = message + "; started afresh"
            return out

    def save(self, store=None):
        """Raises SaveError (one line) when the store refuses."""
        self._pair(store).write(self.VERSION, self.to_bytes())


# ---------------------------------------------------------------- NVM backend
# Room per slot in the NVM, by record name.  The game slot holds the position
# (under 256 bytes) plus the score sheet; settings and statistics are small.
NVM_SLOTS = (("settings", 64), ("stats", 192))
NVM_MIN_GAME = 1024


class NvmStore:
    """Slots at fixed places in a bytearray-like non-volatile memory.

    The NVM is cut in two halves, each holding slot 0 (first half) or slot 1
    (second half) of every record: settings, stats, then the game taking the rest.
    Flash is erased in units, and the firmware rewrites a whole unit for any write
    in it; with the slots in different halves, a cut during that rewrite spoils
    only one slot of each record wherever the erase unit is at most half the NVM
    (nRF52840: 4 KB pages of an 8 KB NVM).  Where one erase unit is the whole NVM
    (SAMD51: 8 KB block; RP2040: 4 KB sector) the firmware's erase-and-program of
    a few milliseconds stays a window no Python code can close.  Every write is
    also one erase of that unit: see docs/saves.md on wear.
    """

    def __init__(self, nvm, aside=None):
        size = len(nvm)
        half = size // 2
        fixed = 0
        for _name, room in NVM_SLOTS:
            fixed += room
        if half - fixed < NVM_MIN_GAME:
            raise SaveError("NVM too small for saves (%d bytes)" % size)
        self.nvm = nvm
        self.half = half
        self.aside = aside  # a FileStore on a writable drive, or None
        self._places = {}
        offset = 0
        for name, room in NVM_SLOTS:
            self._places[name] = (offset, room)
            offset += room
        self._places["game"] = (offset, half - offset)

    def _place(self, name):
        place = self._places.get(name)
        if place is None:
            raise SaveError("no room in the NVM for '%s'" % name)
        return place

    def capacity(self, name):
        return self._place(name)[1]

    def read(self, name, slot):
        offset, room = self._place(name)
        start = offset + slot * self.half
        head = self.nvm[start:start + HEADER_SIZE]
        if head[0:2] != MAGIC:
            return head
        n = head[6] | (head[7] << 8)
        return self.nvm[start:start + min(room, HEADER_SIZE + n + TRAILER_SIZE)]

    def write(self, name, slot, data):
        offset, room = self._place(name)
        start = offset + slot * self.half
        if not data:
            data = b"\xff" * HEADER_SIZE  # blank the header: the slot reads as never written
        if len(data) > room:
            raise SaveError("%s save too big for the NVM" % name)
        # One slice assignment: the firmware then erases and programs once.
        self.nvm[start:start + len(data)] = data

    def keep_aside(self, name, data):
        if self.aside is None:
            return None
        return self.aside.keep_aside(name, data)


class MemoryNvm:
    """A stand-in for ``microcontroller.nvm`` that can lose power mid-write.

    ``erase_unit`` > 0 models flash: a write rewrites every unit it touches from its
    start, so a cut leaves the rest of that unit erased (0xFF), as a firmware doing
    read-erase-program would.  0 models memory written in place byte by byte.
    """

    def __init__(self, size, erase_unit=0):
        self.data = bytearray(b"\xff" * size)
        self.erase_unit = erase_unit
        self.budget = None  # bytes that may still be written before the power goes
        self.written = 0

    def power_after(self, count):
        self.budget = count

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return bytes(self.data[index])

    def _program(self, i, value):
        if self.budget is not None:
            if self.budget <= 0:
                raise PowerLoss()
            self.budget -= 1
        self.data[i] = value
        self.written += 1

    def __setitem__(self, index, values):
        start, stop = index.start, index.stop
        if stop - start != len(values):
            raise ValueError("NVM slices cannot change size")
        unit = self.erase_unit
        if not unit:
            for k in range(len(values)):
                self._program(start + k, values[k])
            return
        first = start - start % unit
        last = stop + (-stop) % unit
        image = bytearray(self.data[first:last])
        image[start - first:stop - first] = values
        for i in range(first, last):
            self.data[i] = 0xFF
        for k in range(len(image)):
            self._program(first + k, image[k])


# ---------------------------------------------------------------- file backends
def _join(directory, name):
    if directory.endswith("/"):
        return directory + name
    return directory + "/" + name


def _exists(path):
    import os
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def make_dirs(path):
    """``os.makedirs`` for CircuitPython too (it has only ``mkdir``)."""
    import os
    parts = path.split("/")
    current = ""
    for i in range(len(parts)):
        part = parts[i]
        current = part if i == 0 else current + "/" + part
        if not part or _exists(current):
            continue
        os.mkdir(current)


class FileStore:
    """One file per slot (``game.0``, ``game.1``) in a directory; no size limit."""

    def __init__(self, directory):
        self.directory = directory

    def capacity(self, name):
        return None

    def path(self, name, slot):
        return _join(self.directory, "%s.%d" % (name, slot))

    def read(self, name, slot):
        try:
            with open(self.path(name, slot), "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, slot, data):
        make_dirs(self.directory)
        with open(self.path(name, slot), "wb") as f:
            f.write(data)
            f.flush()
            try:
                import os
                os.fsync(f.fileno())  # CPython: the bytes reach the disk before we go on
            except (AttributeError, ImportError, OSError):
                pass

    def keep_aside(self, name, data):
        """Copy damaged bytes to ``NAME.damaged-N``; return that path (None if read-only).

        The same bytes found again (every start until a new save) are not copied twice.
        """
        try:
            make_dirs(self.directory)
            n = 1
            while True:
                path = _join(self.directory, "%s.damaged-%d" % (name, n))
                if not _exists(path):
                    break
                with open(path, "rb") as f:
                    if f.read() == data:
                        return path
                n += 1
            with open(path, "wb") as f:
                f.write(data)
            return path
        except OSError:
            return None


class MemoryStore:
    """Files in memory that can lose power mid-write (tests).

    ``truncate=True`` models a file opened for writing (emptied first, then
    written); False models storage written in place over the old bytes.
    """

    def __init__(self, truncate=True, capacity=None):
        self.files = {}
        self.truncate = truncate
        self.room = capacity
        self.budget = None
        self.written = 0
        self.aside = []

    def power_after(self, count):
        self.budget = count

    def capacity(self, name):
        return self.room

    def read(self, name, slot):
        data = self.files.get((name, slot))
        return None if data is None else bytes(data)

    def write(self, name, slot, data):
        old = self.files.get((name, slot))
        buf = bytearray() if self.truncate or old is None else bytearray(old)
        self.files[(name, slot)] = buf
        for k in range(len(data)):
            if self.budget is not None:
                if self.budget <= 0:
                    raise PowerLoss()
                self.budget -= 1
            self.written += 1
            if k < len(buf):
                buf[k] = data[k]
            else:
                buf.append(data[k])
        if not data:
            buf[:] = b""

    def keep_aside(self, name, data):
        self.aside.append((name, bytes(data)))
        return "memory #%d" % len(self.aside)


# ---------------------------------------------------------------- choosing a store
def data_dir():
    """The desktop's data directory: $THOUSAND_DATA_DIR, else the XDG data home."""
    import os
    getenv = getattr(os, "getenv", None)
    if getenv is None:
        return "/saves"
    path = getenv("THOUSAND_DATA_DIR")
    if path:
        return path
    base = getenv("XDG_DATA_HOME")
    if not base:
        home = getenv("HOME") or getenv("USERPROFILE") or "."
        base = _join(home, ".local/share")
    return _join(base, "thousand")


def is_circuitpython():
    return sys.implementation.name == "circuitpython"


def drive_writable(directory="/saves"):
    """Can we write files there (CircuitPython: did boot.py remount the drive)?"""
    try:
        make_dirs(directory)
        probe = _join(directory, ".probe")
        with open(probe, "wb") as f:
            f.write(b"1")
        import os
        os.remove(probe)
        return True
    except OSError:
        return False


def default_store():
    """The store for this machine: NVM on a CircuitPython board, else the data directory.

    On the device a writable drive (see boot.py) takes copies of damaged saves.
    """
    if is_circuitpython():
        # Imported here, not at the top: CPython has no such module, and Blinka's
        # stand-in prints a warning on a PC.  Nothing board-specific beyond nvm.
        import microcontroller
        nvm = getattr(microcontroller, "nvm", None)
        aside = FileStore("/saves") if drive_writable("/saves") else None
        if nvm is not None:
            try:
                return NvmStore(nvm, aside)
            except SaveError:
                pass
        if aside is not None:
            return aside
        return MemoryStore()  # nowhere to keep anything: the game still runs
    return FileStore(data_dir())
