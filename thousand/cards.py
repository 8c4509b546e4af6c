"""Cards as small ints, hands as 24-bit masks, and their two-character names.

A card is ``suit * 6 + rank``: ranks 9, J, Q, K, 10, A are 0..5 and suits
spades, clubs, diamonds, hearts are 0..3.  So a higher int is a higher card
within a suit, a suit's cards are the mask ``0x3F << 6 * suit`` (``suit_mask``) and the
marriage of a suit is worth ``40 + 20 * suit``.  ``suit_of``, ``rank_of`` and
``make_card`` name that arithmetic.

Where a card's suit or rank is read in a hot loop (the engine's move checks, the bots'
search and play-outs) a function call and a cross-module name cost too much on the device
(a call, a global lookup; a ``const`` is folded only in its own module), so those modules
fold the encoding in private consts of the same names as here, ``_RANKS_PER_SUIT`` and
``_SUIT_BITS``, which cost nothing at run time; a test holds each equal to this module's.
Everywhere else (once per decision, per refusal, per card drawn) the functions are called.

>>> ace_of_diamonds = make_card(DIAMONDS, ACE)
>>> card_name(ace_of_diamonds), suit_of(ace_of_diamonds), rank_of(ace_of_diamonds)
('AD', 2, 5)
>>> hand_points(mask_of([make_card(SPADES, ACE), make_card(SPADES, TEN), make_card(SPADES, KING)]))
25
>>> names(mask_of([make_card(HEARTS, QUEEN), make_card(HEARTS, KING)]))
['QH', 'KH']

Reading the text form back (``parse_card``) is in ``thousand.notation``.
"""

from thousand import RANK_SIGNS, const  # const: MicroPython's, or the package's stand-in on CPython
from thousand import POPCOUNT6  # noqa: F401  (C.POPCOUNT6: a suit's card count, shared with Five Hundred)

NUM_CARDS = const(24)
_NUM_SUITS = const(4)
_RANKS_PER_SUIT = const(6)  # a card is suit * 6 + rank, so a suit is six bits of a mask
_SUIT_BITS = const(0x3F)  # the six bits of the first suit (spades) in a mask
FULL_DECK = const(0xFFFFFF)

# The suits and ranks are the cards' vocabulary, public all of them (python-chess style),
# though the device's code reads only some: each is one name in the VM's pool.
SPADES = const(0)
CLUBS = const(1)
DIAMONDS = const(2)
HEARTS = const(3)

NINE = const(0)
JACK = const(1)
QUEEN = const(2)
KING = const(3)
TEN = const(4)
ACE = const(5)

RANK_CHARS = "9JQKTA"
SUIT_CHARS = "SCDH"
SUIT_WORDS = ("spades", "clubs", "diamonds", "hearts")
RANK_WORDS = ("nine", "jack", "queen", "king", "ten", "ace")

# Card points by rank: 9 0, J 2, Q 3, K 4, 10 10, A 11.
RANK_POINTS = b"\x00\x02\x03\x04\x0a\x0b"
# Marriage value by suit: spades 40, clubs 60, diamonds 80, hearts 100.
MARRIAGE_VALUES = (40, 60, 80, 100)
ACE_MARRIAGE_VALUE = const(200)
ALL_ACES = const((1 << 5) | (1 << 11) | (1 << 17) | (1 << 23))
ALL_NINES = const(1 | (1 << 6) | (1 << 12) | (1 << 18))
ALL_JACKS = const((1 << 1) | (1 << 7) | (1 << 13) | (1 << 19))

# SUIT_POINTS6[bits]: the card points of a 6-bit suit mask (by RANK_POINTS) in one lookup,
# as POPCOUNT6 (the package's) its card count.  Written out: computing them at import left
# about 10 KB of garbage on a 32-bit heap while the modules load (a test recomputes them).
SUIT_POINTS6 = (
    b"\x00\x00\x02\x02\x03\x03\x05\x05\x04\x04\x06\x06\x07\x07\x09\x09"
    b"\x0a\x0a\x0c\x0c\x0d\x0d\x0f\x0f\x0e\x0e\x10\x10\x11\x11\x13\x13"
    b"\x0b\x0b\x0d\x0d\x0e\x0e\x10\x10\x0f\x0f\x11\x11\x12\x12\x14\x14"
    b"\x15\x15\x17\x17\x18\x18\x1a\x1a\x19\x19\x1b\x1b\x1c\x1c\x1e\x1e"
)


def make_card(suit, rank):
    return suit * _RANKS_PER_SUIT + rank


def card_text(card):
    """``Q`` and the hearts' symbol, ``10`` and the spades': a card as the screens and the
    refusals write it (its rank in the language's signs, ``thousand.RANK_SIGNS``), its suit
    a symbol of the font strip (chr(1) to chr(4) in the text: S C D H)."""
    return RANK_SIGNS[card % _RANKS_PER_SUIT] + chr(1 + card // _RANKS_PER_SUIT)


def suit_of(card):
    return card // _RANKS_PER_SUIT


def rank_of(card):
    return card % _RANKS_PER_SUIT


def suit_mask(suit):
    """The mask of every card of ``suit``."""
    return _SUIT_BITS << (_RANKS_PER_SUIT * suit)


def count(mask):
    """Number of cards in a mask."""
    return (
        POPCOUNT6[mask & _SUIT_BITS]
        + POPCOUNT6[(mask >> _RANKS_PER_SUIT) & _SUIT_BITS]
        + POPCOUNT6[(mask >> 2 * _RANKS_PER_SUIT) & _SUIT_BITS]
        + POPCOUNT6[(mask >> 3 * _RANKS_PER_SUIT) & _SUIT_BITS]
    )


def hand_points(mask):
    """Card points in a mask.  ``count``'s four lookups written again with the other table, not
    one function given the table: both run for every hand the bots weigh, a call more each."""
    return (
        SUIT_POINTS6[mask & _SUIT_BITS]
        + SUIT_POINTS6[(mask >> _RANKS_PER_SUIT) & _SUIT_BITS]
        + SUIT_POINTS6[(mask >> 2 * _RANKS_PER_SUIT) & _SUIT_BITS]
        + SUIT_POINTS6[(mask >> 3 * _RANKS_PER_SUIT) & _SUIT_BITS]
    )


def lowest(mask):
    """The lowest card of a non-empty mask."""
    card = 0
    while not (mask >> card) & 1:
        card += 1
    return card


def cards_of(mask):
    """The cards of a mask, lowest first."""
    out = []
    card = 0
    while mask:
        if mask & 1:
            out.append(card)
        mask >>= 1
        card += 1
    return out


def mask_of(cards):
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def marriages_in(mask, ace_marriage=True):
    """Total value of the marriages (and the ace marriage) held in ``mask``.

    This is what ``bid_cap = marriages`` adds to 120.
    """
    total = 0
    for suit in range(4):
        if (mask >> (_RANKS_PER_SUIT * suit + QUEEN)) & 3 == 3:  # queen and king are adjacent bits
            total += MARRIAGE_VALUES[suit]
    if ace_marriage and mask & ALL_ACES == ALL_ACES:
        total += ACE_MARRIAGE_VALUE
    return total


def best_in_trick(trick_cards, length, suit):
    """The highest card of ``suit`` among the first ``length`` cards, or -1."""
    best = -1
    for i in range(length):
        c = trick_cards[i]
        if c // _RANKS_PER_SUIT == suit and c > best:
            best = c
    return best


def card_name(card):
    """Two-character notation: rank ``9JQKTA`` then suit ``SCDH``."""
    return RANK_CHARS[card % _RANKS_PER_SUIT] + SUIT_CHARS[card // _RANKS_PER_SUIT]


def card_words(card):
    return RANK_WORDS[card % _RANKS_PER_SUIT] + " of " + SUIT_WORDS[card // _RANKS_PER_SUIT]


def names(mask):
    out = cards_of(mask)
    for i in range(len(out)):
        out[i] = card_name(out[i])
    return out
