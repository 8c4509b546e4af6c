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

PASS = 1
BID = 2
DARK = 3
NODARK = 4
REDEAL = 5
GIVE = 6
CONTRACT = 7
CONCEDE = 8
PLAY = 9
DECLARE = 10  # lead a card and declare its marriage (or, with an ace, the ace marriage)
KEEP = 11  # answer "no" to a redeal question; never written to a record

ACTION_PASS = PASS << 12
ACTION_DARK = DARK << 12
ACTION_NODARK = NODARK << 12
ACTION_REDEAL = REDEAL << 12
ACTION_CONCEDE = CONCEDE << 12
ACTION_KEEP = KEEP << 12


def bid(amount):
    return (BID << 12) | amount


def contract(amount):
    return (CONTRACT << 12) | amount


def give(card, target):
    return (GIVE << 12) | (card << 2) | target


def play(card):
    return (PLAY << 12) | card


def declare(card):
    return (DECLARE << 12) | card


def verb(action):
    return action >> 12


def amount(action):
    return action & 0xFFF


def card(action):
    """The card of a play, declare or give."""
    if action >> 12 == GIVE:
        return (action >> 2) & 0x3F
    return action & 0x3F


def target(action):
    return action & 3


def is_play(action):
    v = action >> 12
    return v == PLAY or v == DECLARE
