"""Numbers and small values as bytes, both ways: what every saved record is made of (the
rules and the score sheet: ``thousand.persist.rules_sheet``).

No engine here: the settings and the statistics are read and written with it at the
title, where no game is held (thousand/ui/scenes.py).  Integers are LEB128 varints;
"zz" zigzag for signed values; "int5" is zigzag of v/5 with a flag bit when v is a
multiple of 5, else of v.

>>> w = Writer(); w.sint(-7); w.int5(120); put_value(w, {"b": [1, "x"], "a": None})
>>> r = Reader(bytes(w.buf)); r.sint(), r.int5(), get_value(r)
(-7, 120, {'a': None, 'b': [1, 'x']})
"""

from thousand.persist.store import SaveError

# A game save of format 2 begins with its game (docs/saves.md): a byte, the values below.
# Format 1 is Thousand's, which Thousand still writes (a program before format 2 continues it).
FORMAT_NAMING_THE_GAME = 2
GAME_THOUSAND = 0
GAME_FIVE_HUNDRED = 1

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


# Small values (the controller's snapshot, the settings' levels): None, bools, ints,
# text, bytes, lists and dicts with text keys, written with their keys sorted so that
# the bytes do not depend on dict order.
NONE, FALSE, TRUE, INTEGER, TEXT, BYTES, LIST, DICT = range(8)


def put_value(w, value):
    if value is None:
        w.byte(NONE)
    elif value is True or value is False:
        w.byte(TRUE if value else FALSE)
    elif isinstance(value, int):
        w.byte(INTEGER)
        w.sint(value)
    elif isinstance(value, (str, bytes, bytearray)):
        data = value.encode("utf-8") if isinstance(value, str) else value
        w.byte(TEXT if isinstance(value, str) else BYTES)
        w.uint(len(data))
        w.extend(data)
    elif isinstance(value, (list, tuple)):
        w.byte(LIST)
        w.uint(len(value))
        for item in value:
            put_value(w, item)
    elif isinstance(value, dict):
        keys = sorted(value)
        w.byte(DICT)
        w.uint(len(keys))
        for key in keys:
            if not isinstance(key, str):
                raise ValueError("saved dict keys must be text, not %r" % (key,))
            put_value(w, key)
            put_value(w, value[key])
    else:
        raise ValueError("cannot save a %s" % type(value).__name__)


class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        if self.pos >= len(self.data):
            raise SaveError("save ends too early")
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
                raise SaveError("save holds an impossible number")

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
            raise SaveError("save ends too early")
        self.pos += n
        return bytes(self.data[self.pos - n:self.pos])


def get_value(r, depth=0):
    if depth > 16:
        raise SaveError("save nested too deeply")
    tag = r.byte()
    if tag <= TRUE:
        return None if tag == NONE else tag == TRUE
    if tag == INTEGER:
        return r.sint()
    if tag == TEXT:
        return str(r.bytes(r.uint()), "utf-8")
    if tag == BYTES:
        return r.bytes(r.uint())
    if tag == LIST:
        return [get_value(r, depth + 1) for _ in range(r.uint())]
    if tag == DICT:
        out = {}
        for _ in range(r.uint()):
            key = get_value(r, depth + 1)
            out[key] = get_value(r, depth + 1)
        return out
    raise SaveError("save holds an unknown kind of value")
