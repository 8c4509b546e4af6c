"""Five Hundred's cards as small ints, and a hand as one mask a suit.

A card is ``suit << 4 | rank``: ranks ``4 5 6 7 8 9 T J Q K A`` are 0..10 and suits
spades, clubs, diamonds, hearts are 0..3 (FIVE_HUNDRED.md section 1); the Joker is
``JOKER`` (64), "suit" 4, rank 0.  So ``card >> 4`` is its suit and ``1 << (card & 15)``
its bit in that suit's mask.

Why one mask a suit: the 4-player pack has 43 cards and the 3-player pack 33, and a
single mask of either needs more than the 30 bits (and a sign) that a small int holds on
the device's 32-bit VM.  A longer int is a long integer, allocated on the heap at every
``|`` and ``&``: a deal would leave garbage at every card played.  Five masks of at most
11 bits (four suits and the Joker's slot) never leave small ints, and the suit a rule asks
about ("must follow hearts") is one of them already.  A hand is a list of five such masks
(``hand[suit]``; ``hand[JOKER_SLOT]`` is 1 when the Joker is held), changed in place.

>>> card_name(make_card(HEARTS, JACK)), card_name(JOKER), parse_card("10d") == make_card(DIAMONDS, TEN)
('JH', 'JK', True)
>>> hand = [0, 0, 0, 0, 0]; add(hand, JOKER); add(hand, parse_card("4H")); names(hand)
['4H', 'JK']
>>> count(pack(3)), count(pack(4))
(33, 43)
"""

from thousand import RANK_SIGNS  # a rank as the player's language writes it (rank_sign)
from thousand import POPCOUNT6  # a 6-bit popcount: the same table as Thousand's cards read
from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.ascii_text import plain_ascii  # records are ASCII in both games

SPADES = const(0)
CLUBS = const(1)
DIAMONDS = const(2)
HEARTS = const(3)
JOKER_SLOT = const(4)  # the fifth mask of a hand: bit 0 is the Joker
SLOTS = const(5)
NO_SUIT = const(5)  # the "suit" of an un-nominated Joker in no trumps: none

FOUR = const(0)
FIVE = const(1)
SEVEN = const(3)
TEN = const(6)
JACK = const(7)
ACE = const(10)
JOKER = const(64)

# The cards' words, in the shape of Thousand's (thousand/cards.py), written again (see the package).
RANK_CHARS = "456789TJQKA"
SUIT_CHARS = "SCDH"
SUIT_WORDS = ("spades", "clubs", "diamonds", "hearts")
SUIT_WORD = ("spade", "club", "diamond", "heart")

_MASK_3P = const(0x7F8)  # 7 .. A
_MASK_4P_BLACK = const(0x7FE)  # 5 .. A
_MASK_4P_RED = const(0x7FF)  # 4 .. A


def make_card(suit, rank):
    return suit << 4 | rank


def suit_pack(players, suit):
    """The mask of ``suit`` in the pack of ``players`` (section 1's table)."""
    if suit == JOKER_SLOT:
        return 1
    if players == 3:
        return _MASK_3P
    return _MASK_4P_RED if suit >= DIAMONDS else _MASK_4P_BLACK


def pack(players):
    """The whole pack of ``players`` as a new hand (five masks)."""
    out = [0] * SLOTS
    for s in range(SLOTS):
        out[s] = suit_pack(players, s)
    return out


def holds(hand, card):
    return (hand[card >> 4] >> (card & 15)) & 1


def add(hand, card):
    hand[card >> 4] |= 1 << (card & 15)


def remove(hand, card):
    hand[card >> 4] &= ~(1 << (card & 15))


def count_mask(mask):
    return POPCOUNT6[mask & 0x3F] + POPCOUNT6[(mask >> 6) & 0x3F]


def count(hand):
    """Number of cards in a hand."""
    return (count_mask(hand[0]) + count_mask(hand[1]) + count_mask(hand[2]) + count_mask(hand[3])
            + hand[4])


def cards_of(hand):
    """The cards of a hand, spades' lowest first, the Joker last."""
    out = []
    for s in range(SLOTS):
        mask = hand[s]
        rank = 0
        while mask:
            if mask & 1:
                out.append(s << 4 | rank)
            mask >>= 1
            rank += 1
    return out


def hand_of(cards):
    hand = [0] * SLOTS
    for c in cards:
        add(hand, c)
    return hand


def card_name(card):
    """``TH``, ``4S``, ``JK``."""
    if card == JOKER:
        return "JK"
    return RANK_CHARS[card & 15] + SUIT_CHARS[card >> 4]


def rank_sign(card):
    """A card's rank as the screens, the refusals and the terminal write it: 4 to 8 as digits,
    9 T J Q K A as Thousand's signs in the player's language (``thousand.RANK_SIGNS``)."""
    rank = card & 15
    return str(rank + 4) if rank < 5 else RANK_SIGNS[(0, 4, 1, 2, 3, 5)[rank - 5]]


def names(hand):
    out = cards_of(hand)
    for i in range(len(out)):
        out[i] = card_name(out[i])
    return out


def parse_card(text):
    """Read ``TH``, ``10h``, ``jk``; raise ValueError for anything else (a card outside the
    pack in play is refused by the record reader, which knows the pack)."""
    if not isinstance(text, str):
        raise ValueError("a card must be written as text, like 'TH', not %r" % (text,))
    word = plain_ascii(text).strip().upper()
    if word == "JK":
        return JOKER
    if word.startswith("10"):
        word = "T" + word[2:]
    if len(word) != 2 or word[0] not in RANK_CHARS or word[1] not in SUIT_CHARS:
        raise ValueError("unknown card '%s' (write rank 4 to 9, T J Q K A then suit S C D H, "
                         "like TH or 5S, or JK for the Joker)" % text)
    return SUIT_CHARS.index(word[1]) << 4 | RANK_CHARS.index(word[0])


def parse_suit(text):
    word = text.strip().upper() if isinstance(text, str) else ""
    if len(word) != 1 or word not in SUIT_CHARS:
        raise ValueError("unknown suit '%s' (write S, C, D or H)" % (text,))
    return SUIT_CHARS.index(word)
