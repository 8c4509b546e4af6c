"""The rules as bytes: the part of a game save that changes only between games
(``thousand.persist.encode`` encodes them once and keeps their bytes), and the rules in the
settings.  (The score sheet's rows, the other part that changes only between deals, are the
game's own bytes: ``thousand.sheet_rows``.)  Loaded when they are encoded or read, and let go
at once (thousand/ui/scenes.py): the save after each move does without them.
"""

from thousand.persist.store import SaveError
from thousand.rules import Rules

# The agreement ids and preset names as format 1 numbers them.  Frozen: when the rules
from thousand.rules_table import BOOL, INT, INT_OR_NULL, agreement

# The agreement ids and preset names as format 1 numbers them.  Frozen: when the rules
# gain an agreement, it goes into a new list for a new format, and a format-1 save still
# reads through this one (the new agreement keeps its preset value: the migration).
AGREEMENT_IDS_V1 = (
    "target", "bid_jumps", "bid_cap", "silence_below", "talon_hidden_at_100",
    "discard_open", "must_beat", "must_overtrump", "marriage_needs_trick", "ace_marriage",
    "lead_trump_only_declarer", "round_declarer", "bolt_mode", "bolt_penalty",
    "declarer_bolts", "samosval", "barrel_at", "barrel_deals", "barrel_win",
    "barrel_fall_penalty", "barrel_collision", "barrel_three_falls_zero", "concede",
    "concede_payout", "concede_deduct", "concede_limit", "concede_on_barrel", "golden",
    "golden_raise", "golden_double_marriages", "golden_concede", "golden_fail", "dark",
    "dark_min_score", "dark_concede", "redeal_hand_points_below", "redeal_hand_nines",
    "redeal_hand_jacks", "redeal_talon_points_below", "redeal_talon_two_nines",
    "redeal_talon_three_jacks", "redeal_talon_only_at_100", "redeal_four_aces",
)
PRESET_NAMES_V1 = ("classic", "full", "club", "family")
# The numbering of every format this program reads: (agreement ids, preset names).
RULES_NUMBERING = {1: (AGREEMENT_IDS_V1, PRESET_NAMES_V1)}


def put_rules(w, rules):
    """The preset, then the agreements that differ from it, by format 1 numbers."""
    base = Rules.preset(rules.preset_name)
    w.uint(PRESET_NAMES_V1.index(rules.preset_name))
    changed = [i for i in range(len(AGREEMENT_IDS_V1))
               if getattr(rules, AGREEMENT_IDS_V1[i]) != getattr(base, AGREEMENT_IDS_V1[i])]
    w.uint(len(changed))
    for i in changed:
        w.uint(i)
        entry = agreement(AGREEMENT_IDS_V1[i])
        value = getattr(rules, entry[0])
        kind = entry[1]
        if kind == BOOL:
            w.uint(1 if value else 0)
        elif kind == INT:
            w.sint(value)
        elif kind == INT_OR_NULL:
            w.uint(0 if value is None else 1)
            if value is not None:
                w.sint(value)
        else:
            w.uint(entry[3].index(value))


def get_rules(r, version=1):
    from thousand import rules_check  # only when reading rules: a save writes them far more often

    ids, presets = RULES_NUMBERING[version]
    index = r.uint()
    if index >= len(presets):
        raise SaveError("save names an unknown preset")
    rules = Rules.preset(presets[index])
    for _ in range(r.uint()):
        i = r.uint()
        if i >= len(ids):
            raise SaveError("save names an unknown agreement")
        entry = agreement(ids[i])
        kind = entry[1] if entry is not None else INT
        if kind == BOOL:
            value = r.uint() == 1
        elif kind == INT:
            value = r.sint()
        elif kind == INT_OR_NULL:
            value = r.sint() if r.uint() else None
        else:
            k = r.uint()
            if k >= len(entry[3]):
                raise SaveError("save holds an unknown value for '%s'" % entry[0])
            value = entry[3][k]
        if entry is not None:  # an agreement the rules no longer have is dropped
            setattr(rules, entry[0], value)
    rules_check.validate(rules)
    return rules
