"""Five Hundred's actions and bids as small ints (the idea of thousand/actions.py).

An action is ``verb << 24 | argument``: a bid's code, a discard's three cards
(``c1 | c2 << 7 | c3 << 14``, lowest first, so one set of cards is one action), a
nominated suit, or a played card with the suit named on a Joker lead
(``card | (suit + 1) << 7``, 0: none named).  The seat is not part of it.  A log entry is
``seat << 27 | action``: still below 2**30.

A bid's code is its place on the ladder of FIVE_HUNDRED.md 3.1, so that "outbids" is
``>``: ``8 * (5 * (tricks - 6) + denomination) + 2 * sans`` for suit and no-trump bids
(denominations S C D H NT are 0..4), and misère, open misère and blind misère between
them (76: after 7NT sans; 180, 181: after 10D sans, before 10H).

>>> b = bid_code(7, HEARTS_BID, True); bid_name(b), bid_value(b), bid_tricks(b)
('7H sans', 200, 7)
>>> bid_code(7, NT, True) < MISERE < bid_code(8, SPADES_BID, False)
True
>>> a = discard(30, 5, 64); verb(a) == DISCARD, discard_cards(a)
(True, (5, 30, 64))
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython

PASS = const(1)
BID = const(2)
DISCARD = const(3)
NOMINATE = const(4)
PLAY = const(5)
NO_NOMINATION = const(6)  # the Joker's holder answers "no" to the nomination; never written
NO_RAISE = const(7)  # raise_own_bid: the contractor keeps his bid; never written (a record
# shows only his next action, the discard or the lead)

_VERB_SHIFT = const(24)
_ARGUMENT = const(0xFFFFFF)
_SEAT_SHIFT = const(27)
_CARD = const(0x7F)

ACTION_PASS = const(PASS << _VERB_SHIFT)
ACTION_NO_NOMINATION = const(NO_NOMINATION << _VERB_SHIFT)
ACTION_NO_RAISE = const(NO_RAISE << _VERB_SHIFT)

SPADES_BID = const(0)
HEARTS_BID = const(3)
NT = const(4)
MISERE = const(76)
OPEN_MISERE = const(180)
BLIND_MISERE = const(181)
MAX_BID = const(198)  # 10NT sans
DENOMINATION_CHARS = ("S", "C", "D", "H", "NT")


def verb(action):
    return action >> _VERB_SHIFT


def argument(action):
    return action & _ARGUMENT


def bid(code):
    return BID << _VERB_SHIFT | code


def nominate(suit):
    return NOMINATE << _VERB_SHIFT | suit


def play(card, named=-1):
    return PLAY << _VERB_SHIFT | card | (named + 1) << 7


def play_card(action):
    return action & _CARD


def play_named(action):
    """The suit named with a Joker lead, or -1."""
    return ((action >> 7) & 7) - 1


def discard(a, b, c):
    """The discard of three cards, in any order."""
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return DISCARD << _VERB_SHIFT | a | b << 7 | c << 14


def discard_cards(action):
    return (action & _CARD, (action >> 7) & _CARD, (action >> 14) & _CARD)


def log_entry(seat, action):
    return seat << _SEAT_SHIFT | action


def entry_seat(entry):
    return entry >> _SEAT_SHIFT


def entry_action(entry):
    return entry & ((1 << _SEAT_SHIFT) - 1)


# ---------------------------------------------------------------- bids
def bid_code(tricks, denomination, sans=False):
    return 8 * (5 * (tricks - 6) + denomination) + (2 if sans else 0)


def is_bid_code(code):
    """Whether ``code`` is a bid of the ladder (sans or not)."""
    if code == MISERE or code == OPEN_MISERE or code == BLIND_MISERE:
        return True
    return 0 <= code <= MAX_BID and code & 5 == 0


def is_misere(code):
    return code == MISERE or code == OPEN_MISERE or code == BLIND_MISERE


def is_sans(code):
    return code >= 0 and not is_misere(code) and code & 2 == 2


def bid_tricks(code):
    """Tricks a suit or no-trump bid needs (0 for a misère)."""
    if is_misere(code):
        return 0
    return 6 + (code >> 3) // 5


def bid_denomination(code):
    """0..3 a trump suit, 4 no trumps, -1 a misère."""
    if is_misere(code):
        return -1
    return (code >> 3) % 5


def bid_value(code):
    if code == MISERE:
        return 250
    if code == OPEN_MISERE or code == BLIND_MISERE:
        return 500
    return 40 + 20 * bid_denomination(code) + 100 * (bid_tricks(code) - 6)


def bid_name(code):
    """The canonical text: ``7H``, ``10NT``, ``7H sans``, ``misere``, ``open_misere``."""
    if code == MISERE:
        return "misere"
    if code == OPEN_MISERE:
        return "open_misere"
    if code == BLIND_MISERE:
        return "blind_misere"
    text = "%d%s" % (bid_tricks(code), DENOMINATION_CHARS[bid_denomination(code)])
    return text + " sans" if is_sans(code) else text
