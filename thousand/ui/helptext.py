"""The rules in short, for the help screen (imported only when it is opened).  The words are
data (``thousand.texts``: help.txt); this module
puts the rules' entries together as the agreements make them."""

from thousand import const  # MicroPython's, or the package's stand-in on CPython

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
    """The help's text (``key_help``: this board's buttons) in lines of ``cols``: a list (the
    help screen reads ``Pages``)."""
    return list(Pages(cols, key_help, rules))


class Pages:
    """``lines``, read like a list of them, but held as its paragraphs: a paragraph is wrapped
    when one of its lines is read (the screen reads a page's), and only the last one read is
    kept wrapped.  A line is a string of its own, so the help wrapped whole held about twice
    its text, and made it all in one tick: the heap's high point of a help opened mid-deal."""

    def __init__(self, cols, key_help, rules=None, parts=None):
        """``parts``: another game's paragraphs (Five Hundred's rules,
        ``thousand.five_hundred.helptext.rule_parts``), ``key_help`` then after them as it is;
        by default Thousand's, as ``rules`` make them, and its keys' paragraph."""
        self.cols = cols
        if parts is not None:
            parts.append(key_help)
        else:
            from thousand import texts  # on demand (thousand.ui.scenes)

            if rules is None:
                from thousand.rules import Rules  # (here: Five Hundred's help loads none of Thousand's rules)

                rules = Rules.preset("classic")
            parts = rule_parts(rules)
            parts.append(texts.entries("help", _KEYS)[0][2] % key_help)
        self.parts = parts
        # each paragraph's first line; an empty line between two paragraphs
        starts = [0]
        for part in self.parts:
            starts.append(starts[-1] + self.wrapped(len(starts) - 1, part) + 1)
        self.starts = starts
        self.held = -1  # the paragraph wrapped last, and its lines
        self.held_lines = None

    def wrapped(self, index, part):
        from thousand.ui.widgets import wrap  # here: the terminal's rules_text runs without displayio

        self.held, self.held_lines = index, wrap(part, self.cols)
        return len(self.held_lines)

    def __len__(self):
        return self.starts[-1] - 1

    def __getitem__(self, at):
        if not 0 <= at < len(self):
            raise IndexError(at)
        starts = self.starts
        index = 0
        while starts[index + 1] <= at:
            index += 1
        if index != self.held:
            self.wrapped(index, self.parts[index])
        at -= starts[index]
        return self.held_lines[at] if at < len(self.held_lines) else ""

    def __iter__(self):
        for at in range(len(self)):
            yield self[at]
