"""Five Hundred's agreements (FIVE_HUNDRED.md section 8): each one's id, type, australian
value and choices, one row each, the presets, and what reads, checks and writes rules (a
record's ``rules`` object, a board's settings bytes): the schema that
``thousand.five_hundred.rules.Rules`` is filled from, as ``thousand.rules_table`` is
Thousand's.

Loaded when rules are made, read or written (a new game, a save, the agreements screen, a
record) and let go while a game is played (``thousand.ui.five_hundred_app.ON_DEMAND``).
It does not import the rules' module (which loads it on demand): the class to fill is given.

>>> agreements()[0]
('players', 'int', 3, (3, 4))
>>> from thousand.five_hundred.rules import Rules
>>> rules = preset(Rules, "simple"); rules.set("players", 4); rules.set("target", 250)
>>> data = to_bytes(rules); len(data), from_bytes(Rules, data) == rules
(7, True)
"""

from thousand.five_hundred import RulesError

BOOL = "bool"
INT = "int"
INT_OR_NULL = "int or null"
ENUM = "enum"

# One flat tuple, four entries a row: id, type, the australian value, an enum's choices
# (the shape of Thousand's thousand/rules.py table).
AGREEMENT_TABLE = (
    "players", INT, 3, (3, 4),
    "bidding", ENUM, "auction", ("auction", "one_round"),
    "misere", ENUM, "after_seven", ("after_seven", "anytime", "off"),
    "blind_misere", BOOL, False, None,
    "sans_kitty", BOOL, False, None,
    "raise_own_bid", BOOL, False, None,
    "all_pass", ENUM, "throw_in", ("throw_in", "redeal_same", "play_nt"),
    "joker_nomination", ENUM, "before_play", ("before_play", "lead"),
    "joker_lead_last", BOOL, False, None,
    "defender_points", ENUM, "always", ("always", "on_fail"),
    "defender_cap", INT_OR_NULL, None, None,
    "target", INT, 500, None,
    "lose_at", INT_OR_NULL, -500, None,
)
_ROW = 4
MAX_POINTS = 99999  # bounds of target, lose_at and defender_cap: small ints, short outputs
_NO_NUMBER = 0x800000  # null in to_bytes (a number there is within MAX_POINTS of 0)

PRESETS = {
    "australian": {},
    "simple": {"misere": "off", "joker_nomination": "lead"},
    "american": {"bidding": "one_round", "all_pass": "play_nt", "joker_nomination": "lead"},
}
PRESET_NAMES = ("australian", "simple", "american")


def agreements():
    """The rows of AGREEMENT_TABLE as (id, type, australian value, choices) tuples."""
    t = AGREEMENT_TABLE
    return [t[i:i + _ROW] for i in range(0, len(t), _ROW)]


def agreement_names():
    t = AGREEMENT_TABLE
    return [t[i] for i in range(0, len(t), _ROW)]


def _row(name):
    t = AGREEMENT_TABLE
    for i in range(0, len(t), _ROW):
        if t[i] == name:
            return t[i:i + _ROW]
    return None


def _is_int(value):
    return isinstance(value, int) and value is not True and value is not False


def check_value(name, value):
    """``value`` if agreement ``name`` may take it, else RulesError in words."""
    row = _row(name)
    if row is None:
        raise RulesError("unknown agreement '%s' (known: %s)" % (name, ", ".join(agreement_names())))
    kind, choices = row[1], row[3]
    if kind == BOOL:
        if value is not True and value is not False:
            raise RulesError("agreement '%s' must be true or false, not %r" % (name, value))
    elif kind == ENUM:
        if not isinstance(value, str) or value not in choices:
            raise RulesError("agreement '%s' must be one of %s, not %r" % (name, ", ".join(choices), value))
    elif value is None and kind == INT_OR_NULL:
        pass
    elif not _is_int(value):
        raise RulesError("agreement '%s' must be a whole number%s, not %r"
                         % (name, " or null" if kind == INT_OR_NULL else "", value))
    elif choices is not None and value not in choices:
        raise RulesError("agreement '%s' must be %s, not %r" % (name, " or ".join([str(c) for c in choices]), value))
    elif value < -MAX_POINTS or value > MAX_POINTS:
        raise RulesError("agreement '%s' must be from %d to %d, not %d" % (name, -MAX_POINTS, MAX_POINTS, value))
    return value



def set_australian(rules):
    """Every agreement of ``rules`` (a ``Rules``) set to its australian value."""
    t = AGREEMENT_TABLE
    for i in range(0, len(t), _ROW):
        setattr(rules, t[i], t[i + 2])


def preset(cls, name="australian"):
    """``cls`` (``Rules``) with preset ``name``'s values."""
    if not isinstance(name, str) or name not in PRESETS:
        raise RulesError("unknown preset %r (known: %s)" % (name, ", ".join(PRESET_NAMES)))
    rules = cls()
    values = PRESETS[name]
    for key in values:
        setattr(rules, key, values[key])
    rules.preset_name = name
    return rules


def from_dict(cls, data):
    """Rules from a record's ``rules`` object: a preset (australian when missing) plus the
    agreements that differ."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise RulesError("'rules' must be an object: a preset and agreements")
    rules = preset(cls, data.get("preset", "australian"))
    for key in data:
        if key != "preset":
            rules.set(key, data[key])
    return rules.validate()


def to_dict(rules):
    """The preset's name plus every agreement that differs from it."""
    base = preset(type(rules), rules.preset_name)
    out = {"preset": rules.preset_name}
    for name in agreement_names():
        if getattr(rules, name) != getattr(base, name) or name == "players":
            out[name] = getattr(rules, name)
    return out


def to_bytes(rules):
    """The rules in a few bytes, as a board's settings keep them (their slot holds 52 bytes
    for every setting): the preset's index in PRESET_NAMES, then, for the players and each
    agreement that differs from the preset, its row's index in AGREEMENT_TABLE and its value
    (a byte: an enum's or a choice's index, 0 or 1; three for a number, two's complement,
    ``_NO_NUMBER`` for null).  Rows are only ever added at the table's end: an older program
    stops at a row it does not know, the rest reading as its preset's."""
    base = preset(type(rules), rules.preset_name)
    out = bytearray([PRESET_NAMES.index(rules.preset_name)])
    t = AGREEMENT_TABLE
    for row in range(0, len(t) // _ROW):
        name, kind, choices = t[row * _ROW], t[row * _ROW + 1], t[row * _ROW + 3]
        value = getattr(rules, name)
        if value == getattr(base, name) and name != "players":
            continue
        out.append(row)
        if choices is not None:
            out.append(choices.index(value))
        elif kind == BOOL:
            out.append(1 if value else 0)
        else:
            number = _NO_NUMBER if value is None else value & 0xFFFFFF
            out.append(number >> 16)
            out.append((number >> 8) & 0xFF)
            out.append(number & 0xFF)
    return bytes(out)


def from_bytes(cls, data):
    """The rules ``to_bytes`` gave; RulesError for bytes that are not such rules."""
    t = AGREEMENT_TABLE
    if len(data) < 1 or data[0] >= len(PRESET_NAMES):
        raise RulesError("no preset in the rules' bytes")
    rules = preset(cls, PRESET_NAMES[data[0]])
    at = 1
    while at < len(data):
        row = data[at]
        if row >= len(t) // _ROW:
            break  # a later program's agreement, and any after it: their preset's values
        name, kind, choices = t[row * _ROW], t[row * _ROW + 1], t[row * _ROW + 3]
        size = 3 if choices is None and kind != BOOL else 1
        if at + 1 + size > len(data):
            raise RulesError("the rules' bytes end inside agreement '%s'" % name)
        if choices is not None:
            if data[at + 1] >= len(choices):
                raise RulesError("agreement '%s' has no choice %d" % (name, data[at + 1]))
            value = choices[data[at + 1]]
        elif kind == BOOL:
            value = data[at + 1] == 1
        else:
            number = (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]
            value = None if number == _NO_NUMBER else number - 0x1000000 if number & 0x800000 else number
        rules.set(name, value)
        at += 1 + size
    return rules.validate()
