"""Checks of what reaches the engine from outside: a record's or a save's ``start``
object and a deal given card by card.  The callers that take such input call them
(``thousand.record``, ``thousand.persist.restore``, the tools' and tests' partial starts)
before they give it to a ``Game``, which takes its start and a given deal as they are: so
a game dealt by its own seed never carries these messages in memory, and the game does
not import its checks back.
"""

from thousand import cards as C
from thousand import const
from thousand.game import HAND_SIZE, NUM_SEATS, TALON_SIZE, default_start

START_KEYS = ("scores", "bolts", "dealer", "barrel", "barrels_used", "deals_played")
# Bounds of what a game can reach, far beyond any real game (bolts reset at 3), so that
# a record's numbers stay small ints on the device and short in every output.  Private
# constants (``_NAME = const(n)``) but the one tools/cli.py reads: no names in a board's pool.
_MAX_SCORE = const(99999)
MAX_COUNT = const(99999)
_MAX_BOLTS = const(2)
_MAX_BARRELS = const(99)  # times on the barrel, barrel deals left: a packed deal row keeps a byte


def checked_start(start, rules=None):
    """Validate a record's or a save's ``start`` object; return a complete copy.

    With ``rules``, also refuse a start those rules cannot reach (a seat on the barrel
    below the sitting score or with more barrel deals left than the rules give)."""
    if not isinstance(start, dict):
        raise ValueError("'start' must be an object")
    for key in start:
        if key not in START_KEYS:
            raise ValueError("unknown key '%s' in 'start'" % key)
    out = default_start()
    for key in ("dealer", "deals_played"):
        if key in start:
            value = start[key]
            if not isinstance(value, int) or value is True or value is False or value < 0 or value > MAX_COUNT:
                raise ValueError("'start.%s' must be a whole number from 0 to %d" % (key, MAX_COUNT))
            out[key] = value
    if out["dealer"] >= NUM_SEATS:
        raise ValueError("'start.dealer' must be a seat from 0 to %d" % (NUM_SEATS - 1))
    for key, low, high in (("scores", -_MAX_SCORE, _MAX_SCORE), ("bolts", 0, _MAX_BOLTS),
                           ("barrel", 1, _MAX_BARRELS), ("barrels_used", 0, _MAX_BARRELS)):
        if key not in start:
            continue  # the default start's list stays
        value = start[key]
        allow_null = key == "barrel"
        if not isinstance(value, list) or len(value) != NUM_SEATS:
            raise ValueError("'start.%s' must be a list of %d values" % (key, NUM_SEATS))
        for v in value:
            if v is None and allow_null:
                continue
            if not isinstance(v, int) or v is True or v is False:
                raise ValueError("'start.%s' must hold whole numbers%s"
                                 % (key, " or null" if allow_null else ""))
            if v < low or v > high:
                raise ValueError("'start.%s' holds %d: it must be from %d to %d" % (key, v, low, high))
        out[key] = list(value)
    if rules is not None:
        for s in range(NUM_SEATS):
            left = out["barrel"][s]
            if left is None:
                continue
            if out["scores"][s] < rules.barrel_at:
                raise ValueError("seat %d is on the barrel with %d, below the sitting score %d"
                                 % (s, out["scores"][s], rules.barrel_at))
            if left > rules.barrel_deals:
                raise ValueError("seat %d has %d barrel deals left, but the rules give %d"
                                 % (s, left, rules.barrel_deals))
    return out


def check_deal(hands, talon):
    """Refuse a deal that is not 7 + 7 + 7 cards and a talon of 3, each card once."""
    if len(hands) != NUM_SEATS:
        raise ValueError("a deal needs %d hands" % NUM_SEATS)
    seen = 0
    for s in range(NUM_SEATS):
        if C.count(hands[s]) != HAND_SIZE:
            raise ValueError("seat %d must be dealt %d cards" % (s, HAND_SIZE))
        if seen & hands[s]:
            raise ValueError("a card is dealt twice")
        seen |= hands[s]
    if C.count(talon) != TALON_SIZE:
        raise ValueError("the talon must hold %d cards" % TALON_SIZE)
    if seen & talon:
        raise ValueError("a card is dealt twice")
