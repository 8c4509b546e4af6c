"""The rules in short, for the help screen (imported only when it is opened), and the guided
first deal.  The words are data (``thousand.texts``: help.txt and guide.txt); this module
puts the rules' entries together as the agreements make them."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# The entries of help.txt by their places: private const()s take no names in the VM's pool,
# where a key in words would (a test holds each to its entry's name).
_KEYS = const(1)
_OFF = const(2)
_GAME = const(3)
_DEAL = const(4)
_BID_JUMPS = const(5)
_BID_BY_5 = const(6)
_BID_CAP = const(7)
_BID_CAP_ACES = const(8)
_TALON = const(9)
_TALON_HIDDEN_AT_100 = const(10)
_TALON_CAP = const(11)
_PLAY = const(12)
_MARRIAGES = const(13)
_MARRIAGE_NEEDS_TRICK = const(14)
_ACE_MARRIAGE = const(15)
_SCORING = const(16)
_BARREL = const(17)
_BOLTS = const(18)
_BOLTS_IN_A_ROW = const(19)
_GOLDEN = const(20)
_GOLDEN_FAIL_RESET = const(21)
_GOLDEN_FAIL_REPLAY = const(22)
_GOLDEN_FAIL_KEEP = const(23)
_DARK = const(24)
_SAMOSVAL = const(25)
_SAMOSVAL_BOTH = const(26)


def rules_text(rules):
    """The rules in short (RULES.md) as these agreements (thousand.rules) make them: a rule an
    agreement switches is marked "(agreement)", and one switched off says so."""
    return "\n\n".join(rule_parts(rules))


def rule_parts(rules):
    """``rules_text``'s paragraphs, each a string of its own (the board's help wraps them one
    by one: no string of the whole text, which a fragmented heap may have no block for)."""
    from thousand import texts  # on demand (thousand.ui.scenes)

    r = rules
    w = texts.bodies("help")
    cap = r.bid_cap == "marriages"
    # Each part with the fields of its words; None: its agreement is off (its title, then "off")
    parts = (
        (w[_GAME], r.target),
        (w[_DEAL], w[_BID_JUMPS if r.bid_jumps else _BID_BY_5]),
        (w[_BID_CAP], (w[_BID_CAP_ACES] if r.ace_marriage else "") if cap else None),
        (w[_TALON], (w[_TALON_HIDDEN_AT_100] if r.talon_hidden_at_100 else "", w[_TALON_CAP] if cap else "")),
        (w[_PLAY], ()),
        (w[_MARRIAGES], w[_MARRIAGE_NEEDS_TRICK] if r.marriage_needs_trick else ""),
        (w[_ACE_MARRIAGE], () if r.ace_marriage else None),
        (w[_SCORING], ()),
        (w[_BARREL], (r.barrel_at, r.barrel_win, r.target, r.barrel_deals, r.barrel_fall_penalty)),
        (w[_BOLTS], (w[_BOLTS_IN_A_ROW] if r.bolt_mode == "consecutive3" else "", r.bolt_penalty)
         if r.bolt_mode != "off" else None),
        (w[_GOLDEN], w[_GOLDEN_FAIL_RESET + ("reset", "replay", "keep").index(r.golden_fail)] if r.golden else None),
        (w[_DARK], r.dark_min_score if r.dark else None),
        (w[_SAMOSVAL], (w[_SAMOSVAL_BOTH] if r.samosval == "both" else "") if r.samosval != "off" else None),
    )
    out = []
    for part, fields in parts:
        out.append(part[:part.find("\n") + 1] + w[_OFF] if fields is None else part % fields)
    return out


def lines(cols, key_help, rules=None):
    """The help's text (``key_help``: this board's buttons) or, with ``key_help`` None, the
    guided first deal's, in lines of ``cols``."""
    from thousand import texts
    from thousand.rules import Rules
    from thousand.ui.widgets import wrap

    if key_help is None:  # the guided first deal
        return wrap(texts.entries("guide", 1)[0][2], cols)
    if rules is None:
        rules = Rules.preset("classic")
    out = []
    for part in rule_parts(rules) + [texts.entries("help", _KEYS)[0][2] % key_help]:
        if out:
            out.append("")  # the empty line between two paragraphs
        out += wrap(part, cols)
    return out
