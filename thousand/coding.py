"""Numbers as bytes, both ways: LEB128 varints, "zz" zigzag for signed values, and "int5",
zigzag of v/5 with a flag bit when v is a multiple of 5, else of v.  The one coder of the
score sheet's rows (``thousand.sheet_rows``: how ``thousand.game.Sheet`` keeps them) and of
every saved record (``thousand.persist.coding``).  No engine and no saves here: loaded when
a deal's row is added or rows are read or saved, and let go after (thousand/ui/scenes.py).

>>> w = Writer(); w.sint(-7); w.int5(120); w.int5(-3); w.uint(300)
>>> r = Reader(bytes(w.buf)); r.sint(), r.int5(), r.int5(), r.uint()
(-7, 120, -3, 300)
"""


class Writer:
    """Bytes and varints into a buffer that doubles when full.  (A bytearray grown a byte at
    a time moves every 8 bytes when other objects were made meanwhile, and leaves its old
    copies behind: 20 to 40 KB of garbage for a save of 1 KB on the 32-bit VM, after every
    move.)  ``buf`` is a view of what was written: read it before writing more."""

    def __init__(self, size=256, step=0, data=None, n=0):
        # ``data``: a buffer to go on writing into, its first ``n`` bytes written; ``step``: 0,
        # double when full, else grow by so many bytes (for a buffer kept long, as the saves'
        # memo keeps its rows: it keeps ``data``, a Writer kept would keep this module loaded)
        self.data = bytearray(size) if data is None else data
        self.n = n
        self.step = step

    @property
    def buf(self):
        return memoryview(self.data)[:self.n]

    def _room(self, more):
        data = self.data
        if self.n + more > len(data):
            bigger = bytearray(self.n + more + self.step if self.step else max(2 * len(data), self.n + more))
            bigger[:self.n] = memoryview(data)[:self.n]  # (data[:n] was a copy)
            self.data = bigger

    def byte(self, b):
        if self.n == len(self.data):
            self._room(1)
        self.data[self.n] = b
        self.n += 1

    def extend(self, data):
        n = len(data)
        self._room(n)
        self.data[self.n:self.n + n] = data
        self.n += n

    def uint(self, n):
        if n < 0:
            raise ValueError("negative value %d where none can be" % n)
        while n >= 0x80:
            self.byte((n & 0x7F) | 0x80)
            n >>= 7
        self.byte(n)

    def sint(self, n):
        self.uint(n * 2 if n >= 0 else -n * 2 - 1)

    def int5(self, n):
        if n % 5:
            self.uint((n * 2 if n >= 0 else -n * 2 - 1) * 2 + 1)
        else:
            n //= 5
            self.uint((n * 2 if n >= 0 else -n * 2 - 1) * 2)

    def mask24(self, m):
        self.byte(m & 0xFF)
        self.byte((m >> 8) & 0xFF)
        self.byte(m >> 16)

    def uints(self, values):
        for v in values:
            self.uint(v)


class Reader:
    """Bytes and varints read back; a read past the end or an impossible number raises
    ``error`` (thousand.persist.coding's Reader: SaveError, a save's damage)."""

    error = ValueError

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        if self.pos >= len(self.data):
            raise self.error("save ends too early")
        self.pos += 1
        return self.data[self.pos - 1]

    def uint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if b < 0x80:
                return n
            shift += 7
            if shift > 280:
                raise self.error("save holds an impossible number")

    def sint(self):
        n = self.uint()
        return -(n >> 1) - 1 if n & 1 else n >> 1

    def int5(self):
        n = self.uint()
        v = n >> 1
        v = -(v >> 1) - 1 if v & 1 else v >> 1
        return v if n & 1 else v * 5

    def mask24(self):
        return self.byte() | (self.byte() << 8) | (self.byte() << 16)

    def uints(self, count):
        return [self.uint() for _ in range(count)]

    def bytes(self, n):
        if self.pos + n > len(self.data):
            raise self.error("save ends too early")
        self.pos += n
        return bytes(self.data[self.pos - n:self.pos])
