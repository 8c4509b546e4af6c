"""Small values as bytes, both ways, over ``thousand.coding``'s numbers: what every saved
record is made of (the rules: ``thousand.persist.rules_sheet``; the score sheet's rows are
the game's own bytes, ``thousand.sheet_rows``).  Its Reader says a record's damage as a
SaveError.

No engine here: the settings and the statistics are read and written with it at the
title, where no game is held (thousand/ui/scenes.py).

>>> w = Writer(); w.sint(-7); w.int5(120); put_value(w, {"b": [1, "x"], "a": None})
>>> r = Reader(bytes(w.buf)); r.sint(), r.int5(), get_value(r)
(-7, 120, {'a': None, 'b': [1, 'x']})
"""

from thousand import coding, const
from thousand.persist.store import SaveError

Writer = coding.Writer  # the savers' writer, here beside their Reader

# A game save of format 2 begins with its game (docs/saves.md): a byte, the values below.
# Format 1 is Thousand's, which Thousand still writes (a program before format 2 continues it).
FORMAT_NAMING_THE_GAME = 2
GAME_THOUSAND = 0
GAME_FIVE_HUNDRED = 1

# Small values (the controller's snapshot, the settings' levels): None, bools, ints,
# text, bytes, lists and dicts with text keys, written with their keys sorted so that
# the bytes do not depend on dict order.  Their tags are private constants: a name written
# ``_NAME = const(n)`` is folded into the bytecode and is no name in a board's pool
# (docs/memory.md, "Fewer names").
_NONE = const(0)
_FALSE = const(1)
_TRUE = const(2)
_INTEGER = const(3)
_TEXT = const(4)
_BYTES = const(5)
_LIST = const(6)
_DICT = const(7)


def put_value(w, value):
    if value is None:
        w.byte(_NONE)
    elif value is True or value is False:
        w.byte(_TRUE if value else _FALSE)
    elif isinstance(value, int):
        w.byte(_INTEGER)
        w.sint(value)
    elif isinstance(value, (str, bytes, bytearray)):
        data = value.encode("utf-8") if isinstance(value, str) else value
        w.byte(_TEXT if isinstance(value, str) else _BYTES)
        w.uint(len(data))
        w.extend(data)
    elif isinstance(value, (list, tuple)):
        w.byte(_LIST)
        w.uint(len(value))
        for item in value:
            put_value(w, item)
    elif isinstance(value, dict):
        keys = sorted(value)
        w.byte(_DICT)
        w.uint(len(keys))
        for key in keys:
            if not isinstance(key, str):
                raise ValueError("saved dict keys must be text, not %r" % (key,))
            put_value(w, key)
            put_value(w, value[key])
    else:
        raise ValueError("cannot save a %s" % type(value).__name__)


class Reader(coding.Reader):
    """A saved record's reader: its damage is a SaveError."""

    error = SaveError


def get_value(r, depth=0):
    if depth > 16:
        raise SaveError("save nested too deeply")
    tag = r.byte()
    if tag <= _TRUE:
        return None if tag == _NONE else tag == _TRUE
    if tag == _INTEGER:
        return r.sint()
    if tag == _TEXT:
        return str(r.bytes(r.uint()), "utf-8")
    if tag == _BYTES:
        return r.bytes(r.uint())
    if tag == _LIST:
        return [get_value(r, depth + 1) for _ in range(r.uint())]
    if tag == _DICT:
        out = {}
        for _ in range(r.uint()):
            key = get_value(r, depth + 1)
            out[key] = get_value(r, depth + 1)
        return out
    raise SaveError("save holds an unknown kind of value")
