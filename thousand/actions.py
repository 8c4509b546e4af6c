"""Actions as small ints.

An action is ``verb << 12 | argument``: the amount for a bid or contract, the
card for a play, ``card * 4 + target`` for a give.  The seat is not part of it:
``Game.apply(seat, action)`` takes both.  Small ints cost no allocation and
compare with ``==``.  Their text form of REFEREE.md (``"1 bid 105"``) is in
``thousand.notation``.

>>> a = give(8, 2)
>>> verb(a) == GIVE, card(a), target(a)
(True, 8, 2)
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython

PASS = const(1)
BID = const(2)
DARK = const(3)
NODARK = const(4)
REDEAL = const(5)
GIVE = const(6)
CONTRACT = const(7)
CONCEDE = const(8)
PLAY = const(9)
DECLARE = const(10)  # lead a card and declare its marriage (or, with an ace, the ace marriage)
KEEP = const(11)  # answer "no" to a redeal question; never written to a record

_VERB_SHIFT = const(12)
_ARGUMENT = const(0xFFF)  # the bits under the verb
_CARD = const(0x3F)  # the argument's card, 0..23 (not a suit's mask: thousand.cards has those)
_SEAT_SHIFT = const(16)  # a log entry is seat << 16 | action

ACTION_PASS = const(PASS << _VERB_SHIFT)
ACTION_DARK = const(DARK << _VERB_SHIFT)
ACTION_NODARK = const(NODARK << _VERB_SHIFT)
ACTION_REDEAL = const(REDEAL << _VERB_SHIFT)
ACTION_CONCEDE = const(CONCEDE << _VERB_SHIFT)
ACTION_KEEP = const(KEEP << _VERB_SHIFT)


def action_of(verb, argument=0):
    """The action of ``verb`` with ``argument`` (an amount, a card, or card * 4 + target)."""
    return (verb << _VERB_SHIFT) | argument


def bid(amount):
    return (BID << _VERB_SHIFT) | amount


def contract(amount):
    return (CONTRACT << _VERB_SHIFT) | amount


def give(card, target):
    return (GIVE << _VERB_SHIFT) | (card << 2) | target


def play(card):
    return (PLAY << _VERB_SHIFT) | card


def declare(card):
    return (DECLARE << _VERB_SHIFT) | card


def verb(action):
    return action >> _VERB_SHIFT


def amount(action):
    return action & _ARGUMENT


def card(action):
    """The card of a play, declare or give."""
    if action >> _VERB_SHIFT == GIVE:
        return (action >> 2) & _CARD
    return action & _CARD


def target(action):
    return action & 3


def is_play(action):
    v = action >> _VERB_SHIFT
    return v == PLAY or v == DECLARE


def log_entry(seat, action):
    """One entry of a deal's log (``Game.log``): the seat and its action in one int."""
    return (seat << _SEAT_SHIFT) | action


def entry_seat(entry):
    return entry >> _SEAT_SHIFT


def entry_action(entry):
    return entry & 0xFFFF
