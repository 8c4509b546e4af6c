"""The agreements (house rules) of RULES.md sections 6 and 7 as one object.

>>> rules = Rules.preset("full")
>>> rules.dark, rules.target
(True, 1000)

The table holds only the values: reading and checking them from outside (a record's
``rules`` object, a value set on the agreements screen) and writing them back as such an
object is ``thousand.rules_check``'s, which imports this module and is loaded only then.
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython

BOOL = "bool"
INT = "int"
INT_OR_NULL = "int or null"
ENUM = "enum"

# Every agreement, one row of four entries: id, type, classic value, choices of an enum.
# One flat tuple: a tuple for each row cost 1.8 KB more of the device's heap.  The
# editor's line of help for each is data (assets/text/<language>/agreements.txt, read by
# thousand.texts), so that the device reads those words only while the agreements screen is open.
AGREEMENT_TABLE = (
    "target", INT, 1000, None,
    "bid_jumps", BOOL, True, None,
    "bid_cap", ENUM, "marriages", ("marriages", "none"),
    "silence_below", INT_OR_NULL, None, None,
    "talon_hidden_at_100", BOOL, True, None,
    "discard_open", BOOL, False, None,
    "must_beat", BOOL, False, None,
    "must_overtrump", BOOL, False, None,
    "marriage_needs_trick", BOOL, True, None,
    "ace_marriage", BOOL, True, None,
    "lead_trump_only_declarer", BOOL, False, None,
    "round_declarer", BOOL, False, None,
    "bolt_mode", ENUM, "any3", ("any3", "consecutive3", "off"),
    "bolt_penalty", INT, 120, None,
    "declarer_bolts", BOOL, True, None,
    "samosval", ENUM, "both", ("both", "positive", "off"),
    "barrel_at", INT, 880, None,
    "barrel_deals", INT, 3, None,
    "barrel_win", INT, 120, None,
    "barrel_fall_penalty", INT, 120, None,
    "barrel_collision", ENUM, "knock_off", ("knock_off", "share"),
    "barrel_three_falls_zero", BOOL, True, None,
    "concede", BOOL, True, None,
    "concede_payout", ENUM, "half", ("half", "sixty"),
    "concede_deduct", BOOL, True, None,
    "concede_limit", INT_OR_NULL, None, None,
    "concede_on_barrel", ENUM, "allowed", ("allowed", "not_sitter", "nobody"),
    "golden", BOOL, False, None,
    "golden_raise", BOOL, False, None,
    "golden_double_marriages", BOOL, True, None,
    "golden_concede", BOOL, False, None,
    "golden_fail", ENUM, "reset", ("reset", "replay", "keep"),
    "dark", BOOL, False, None,
    "dark_min_score", INT, 240, None,
    "dark_concede", BOOL, False, None,
    "redeal_hand_points_below", INT_OR_NULL, 13, None,
    "redeal_hand_nines", INT_OR_NULL, 3, None,
    "redeal_hand_jacks", INT_OR_NULL, 4, None,
    "redeal_talon_points_below", INT_OR_NULL, 5, None,
    "redeal_talon_two_nines", INT_OR_NULL, 2, None,
    "redeal_talon_three_jacks", INT_OR_NULL, 3, None,
    "redeal_talon_only_at_100", BOOL, False, None,
    "redeal_four_aces", BOOL, False, None,
)
_AGREEMENT_ROW = const(4)  # entries of a row of AGREEMENT_TABLE


def agreements():
    """The rows of AGREEMENT_TABLE as (id, type, classic value, choices) tuples.

    >>> agreements()[0]
    ('target', 'int', 1000, None)
    """
    table = AGREEMENT_TABLE
    out = []
    for i in range(0, len(table), _AGREEMENT_ROW):
        out.append(table[i:i + _AGREEMENT_ROW])
    return out


def agreement_names():
    table = AGREEMENT_TABLE
    out = []
    for i in range(0, len(table), _AGREEMENT_ROW):
        out.append(table[i])
    return out


# Named sets of values, each given as its differences from classic.
PRESETS = {
    "classic": {},
    "full": {"golden": True, "dark": True},
    # A strict club table: forced beating and overtrumping and +5 raises.
    "club": {"must_beat": True, "must_overtrump": True, "bid_jumps": False, "barrel_at": 900},
    # A lenient family table: no bolts, no samosval, barrel sits can be shared.
    "family": {"bolt_mode": "off", "samosval": "off", "barrel_collision": "share"},
}
PRESET_NAMES = ("classic", "full", "club", "family")


class RulesError(ValueError):
    pass


def _agreement(name):
    """The row of agreement ``name``, or None (thousand.rules_check, thousand.persist.rules_sheet)."""
    table = AGREEMENT_TABLE
    for i in range(0, len(table), _AGREEMENT_ROW):
        if table[i] == name:
            return table[i:i + _AGREEMENT_ROW]
    return None


class Rules:
    """One value for every agreement, read as plain attributes (``rules.bid_cap``)."""

    def __init__(self):
        table = AGREEMENT_TABLE
        for i in range(0, len(table), _AGREEMENT_ROW):
            setattr(self, table[i], table[i + 2])
        self.preset_name = "classic"

    @classmethod
    def preset(cls, name="classic"):
        if not isinstance(name, str):
            raise RulesError("a preset is a name (%s)" % ", ".join(PRESET_NAMES))
        if name not in PRESETS:
            raise RulesError(
                "unknown preset %r (known: %s)" % (name, ", ".join(PRESET_NAMES))
            )
        rules = cls()
        values = PRESETS[name]
        for key in values:
            setattr(rules, key, values[key])
        rules.preset_name = name
        return rules

    def copy(self):
        other = Rules()
        for name in agreement_names():
            setattr(other, name, getattr(self, name))
        other.preset_name = self.preset_name
        return other

    def __eq__(self, other):
        if not isinstance(other, Rules):
            return False
        for name in agreement_names():
            if getattr(self, name) != getattr(other, name):
                return False
        return True
