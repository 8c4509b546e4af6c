"""Every agreement of RULES.md sections 6 and 7: its id, type, classic value and choices, one
row each, and the presets (named sets of values): the schema that ``thousand.rules.Rules``
is filled from.

Loaded when rules are made or read (a new game, a save read, the settings, the agreements
and new-game screens, a record): a game in play holds only its ``Rules``' values, not this
table (thousand/ui/scenes.py lets it go; 3.9 KB of a board's heap at the table, measured
with tools/device_budget.py).  It imports nothing of the game's, so that ``thousand.rules``
can load it on demand without a circle.

>>> agreements()[0]
('target', 'int', 1000, None)
>>> "dark" in PRESETS["full"], PRESET_NAMES[0]
(True, 'classic')
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


def set_classic(rules):
    """Every agreement of ``rules`` (a ``thousand.rules.Rules``) set to its classic value."""
    table = AGREEMENT_TABLE
    for i in range(0, len(table), _AGREEMENT_ROW):
        setattr(rules, table[i], table[i + 2])


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


def agreement(name):
    """The row of agreement ``name``, or None (thousand.rules_check, thousand.persist.rules_sheet)."""
    table = AGREEMENT_TABLE
    for i in range(0, len(table), _AGREEMENT_ROW):
        if table[i] == name:
            return table[i:i + _AGREEMENT_ROW]
    return None
