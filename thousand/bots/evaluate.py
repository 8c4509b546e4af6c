"""An integer-weight hand evaluator: what the declarer of a hand will take in a deal.

``features(hand)`` reads eight numbers off a hand mask; ``estimate`` combines them
with the integer weights below (tuned by
``tools/tune_bidding.py`` on self-play outcomes).  The auction model sees seven
cards and prices the unseen talon: the points it brings on average are in the
constant, and the chance that it completes a half marriage is the
``HALF_MARRIAGES`` feature (a K or Q whose partner is unseen: 3 talon cards out of
17 unseen ones).

Features, in order:
 0 card points held             4 half marriages (value of suits with K or Q alone)
 1 aces                         5 length beyond three cards, summed over suits
 2 aces with their ten          6 tens without their ace, in suits of two or fewer
 3 marriages held (value)       7 marriages held but no ace to win the lead first
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand import cards as C

# The bidding weights, written by tools/tune_bidding.py between the two WEIGHTS lines
# (run the tool; do not edit by hand).  Each model estimates the declarer's total of a
# deal (card points plus declared marriages) as ``(CONST + sum(W[i] * feature[i])) // 16``
# from ``features``.  ``MARGIN`` is subtracted before bidding so that a bid at the estimate
# is made about the wanted share of the time.
# WEIGHTS begin
# Tuned by: python tools/tune_bidding.py --deals 2000 --seed 1 --rules classic --play-level normal --make-rate 0.80 --write
# Seven dealt cards, the talon unseen (the auction).
AUCTION_CONST = 412
AUCTION_W = (4, 283, 110, 15, 2, 122, 29, -7)
# The eight cards kept after the gives (the contract).
CONTRACT_CONST = -273
CONTRACT_W = (12, 202, 114, 15, 0, 204, -19, -13)
MARGIN = 15
# WEIGHTS end

# thousand.cards' encoding, folded as its docstring says, for every hand and give the bidding weighs:
_RANKS_PER_SUIT = const(6)
_SUIT_BITS = const(0x3F)

NUM_FEATURES = const(8)
_POINTS = const(0)
_ACES = const(1)
_ACE_TENS = const(2)
_MARRIAGES = const(3)
HALF_MARRIAGES = const(4)  # tools/tune_bidding.py clears it for a hand that sees its talon
_LENGTH = const(5)
_LOOSE_TENS = const(6)
_NO_ENTRY = const(7)


def features(hand, out):
    """Write the features of ``hand`` into the list ``out`` (length 8); return it."""
    aces = 0
    ace_tens = 0
    marriages = 0
    half = 0
    length = 0
    loose = 0
    for suit in range(4):
        bits = (hand >> (_RANKS_PER_SUIT * suit)) & _SUIT_BITS
        n = C.POPCOUNT6[bits]
        if n > 3:
            length += n - 3
        if bits & 0x20:
            aces += 1
            if bits & 0x10:
                ace_tens += 1
        elif bits & 0x10 and n <= 2:
            loose += 1
        pair = bits & 0x0C
        if pair == 0x0C:
            marriages += C.MARRIAGE_VALUES[suit]
        elif pair:
            half += C.MARRIAGE_VALUES[suit]
    out[_POINTS] = C.hand_points(hand)
    out[_ACES] = aces
    out[_ACE_TENS] = ace_tens
    out[_MARRIAGES] = marriages
    out[HALF_MARRIAGES] = half
    out[_LENGTH] = length
    out[_LOOSE_TENS] = loose
    out[_NO_ENTRY] = 0 if aces else marriages
    return out


def combine(feats, const, weights):
    total = const
    for i in range(NUM_FEATURES):
        total += weights[i] * feats[i]
    return total // 16


_scratch = [0] * NUM_FEATURES


def auction_estimate(dealt):
    """Expected declarer total of a 7-card dealt hand, talon unseen."""
    return combine(features(dealt, _scratch), AUCTION_CONST, AUCTION_W)


def contract_estimate(kept):
    """Expected declarer total of the 8 cards kept after the gives."""
    feats = features(kept, _scratch)
    feats[HALF_MARRIAGES] = 0  # the partner card is with an opponent or played: no hope
    return combine(feats, CONTRACT_CONST, CONTRACT_W)


def best_gives(hand, count):
    """The ``count`` pairs of cards of a 10-card ``hand`` whose giving away keeps the best 8:
    a list of ``(value, card_a, card_b)``, best first, the value in quarter points (the
    kept cards' ``contract_estimate`` less what the two cards cost to give).  A K or Q
    whose partner is unseen is dearer to give: it might complete an opponent's marriage.
    """
    cards = C.cards_of(hand)
    best = []
    n = len(cards)
    for i in range(n):
        for j in range(i + 1, n):
            a = cards[i]
            b = cards[j]
            kept = hand & ~((1 << a) | (1 << b))
            value = contract_estimate(kept) * 4 - _give_cost(a, hand) - _give_cost(b, hand)
            k = len(best)
            while k and value > best[k - 1][0]:  # ties keep the earlier pair first
                k -= 1
            if k < count:
                best.insert(k, (value, a, b))
                if len(best) > count:
                    best.pop()
    return best


def _give_cost(card, hand):
    """Quarter points lost by giving ``card`` away: its points to an opponent, a marriage risk."""
    rank = card % _RANKS_PER_SUIT
    cost = C.RANK_POINTS[rank] * 2
    if rank == C.QUEEN or rank == C.KING:
        if not hand >> (card ^ 1) & 1:
            # The partner card is with one of the two opponents: half the time the
            # receiver completes a marriage (and may take the trump from us).
            cost += C.MARRIAGE_VALUES[card // _RANKS_PER_SUIT] * 2
    return cost
