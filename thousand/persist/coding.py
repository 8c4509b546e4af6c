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

from thousand import coding
from thousand.persist.store import SaveError

Writer = coding.Writer  # the savers' writer, here beside their Reader

# A game save of format 2 begins with its game (docs/saves.md): a byte, the values below.
# Format 1 is Thousand's, which Thousand still writes (a program before format 2 continues it).
FORMAT_NAMING_THE_GAME = 2
GAME_THOUSAND = 0
GAME_FIVE_HUNDRED = 1

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


class Reader(coding.Reader):
    """A saved record's reader: its damage is a SaveError."""

    error = SaveError


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
