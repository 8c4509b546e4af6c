"""The rules and the score sheet as bytes: the parts of a game save that change only
between deals (``thousand.persist.encode`` encodes each once and keeps its bytes), and
the rules in the settings.  Loaded when they are encoded or read, and let go at once
(thousand/ui/scenes.py): the save after each move does without them.
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


def put_nonzero(w, values, as_int5):
    mask = 0
    for s in range(len(values)):
        if values[s]:
            mask |= 1 << s
    w.uint(mask)
    for v in values:
        if v:
            if as_int5:
                w.int5(v)
            else:
                w.uint(v)


def marks_of(row):
    return list(row.bolts) + [0 if v is None else v for v in row.barrel] + list(row.barrels_used)


def put_sheet(w, rows, count=None):
    """Score sheet rows: what a deal did, and the marks that changed.  ``rows``: a list, or
    an iterator of ``count`` rows (Sheet.read)."""
    w.uint(len(rows) if count is None else count)
    put_sheet_rows(w, rows, None)


def put_sheet_rows(w, rows, prev):
    """The rows after their count: ``prev``, the marks of the row before them (None: they
    are the first, which begin with its number and the scores before it).  Returns the
    last row's marks, so that rows written later can follow (``thousand.persist.encode``
    adds a deal's row to the sheet's bytes kept from the saves before)."""
    for row in rows:
        seats = len(row.scores)
        if prev is None:  # the first row: its number and the scores before it
            w.uint(row.number)
            for s in range(seats):
                w.int5(row.scores[s] - row.deltas[s])
            prev = [0] * (3 * seats)
        has_bid = row.bid is not None
        # A deal played out shares the deck's 120 card points: the declarer's follow.
        played = row.declarer is not None and row.cards[0] + row.cards[1] + row.cards[2] == 120
        w.byte(row.result | (row.kind << 3) | (int(row.dark_declared) << 5)
               | (int(row.talon_shown) << 6) | (int(row.declarer is not None) << 7))
        w.byte(row.dealer | ((row.declarer or 0) << 2) | (int(has_bid) << 4)
               | (int(row.contract is not None) << 5) | (int(row.winner is not None) << 6)
               | (int(played) << 7))
        if has_bid:
            w.int5(row.bid)
        if row.contract is not None:
            w.int5(row.contract - (row.bid or 0))
        if row.winner is not None:
            w.uint(row.winner)
        put_nonzero(w, row.deltas, True)
        if played:
            w.uints([row.cards[s] for s in range(seats) if s != row.declarer])
        else:
            put_nonzero(w, row.cards, False)
        put_nonzero(w, row.marriages, True)
        marks = marks_of(row)
        changed = 0
        for i in range(len(marks)):
            if marks[i] != prev[i]:
                changed |= 1 << i
        w.uint(changed)
        w.uints([marks[i] for i in range(len(marks)) if changed >> i & 1])
        prev = marks
    return prev
