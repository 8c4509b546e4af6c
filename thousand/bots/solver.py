"""A double-dummy solver for the end of a deal: all hands open, hands as 24-bit masks.

``declarer_points(seat, card, declaring, alpha, beta)`` plays ``card`` for ``seat``
and returns how many points (cards and marriages) the declarer still takes against
best play by both sides, by alpha-beta: the declarer maximises, the defenders
minimise.  (The "declarer" is the seat ``setup`` names: a defender playing for his own
points names himself.)  Moves are tried highest card first, which finds cut-offs early.

Everything lives in preallocated lists and ints; a search allocates nothing but
Python's call frames.  ``limit`` caps the number of nodes: past it the search
raises ``SearchAborted`` and the caller falls back to its heuristic.  ``tick``, when
set, is called every ``_TICK_NODES`` nodes, inside the search: the finest slice a UI
can get (a screen refresh or a button poll there; it must not touch the solver).

Marriages: a seat on lead that holds K and Q of a suit (and has won a trick, if
the rules want that) declares when it leads one of them; the solver does not
consider leading it silently, except for the root move, whose caller says which.
A defender's marriage counts for nothing here but the trump it sets.  The ace
marriage is left to the caller (it never changes the trump).
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand import cards as C
from thousand.game import playable_mask, trick_winner

RANK_POINTS = C.RANK_POINTS

# thousand.cards' encoding, folded as its docstring says, for every node of the exact search:
_RANKS_PER_SUIT = const(6)
_SUIT_BITS = const(0x3F)

_END = const(255)


# The ranks of every 6-bit suit mask, highest first (the order moves are tried in), each
# list ended by _END in a slot of 7 bytes: 448 bytes where a tuple of tuples took 4 KB.
# Written out, not computed at import (that left garbage on the heap while the modules
# load; a test recomputes it).
RANKS_HIGH_FIRST = (
    b"\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff"
    b"\x01\xff\xff\xff\xff\xff\xff\x01\x00\xff\xff\xff\xff\xff"
    b"\x02\xff\xff\xff\xff\xff\xff\x02\x00\xff\xff\xff\xff\xff"
    b"\x02\x01\xff\xff\xff\xff\xff\x02\x01\x00\xff\xff\xff\xff"
    b"\x03\xff\xff\xff\xff\xff\xff\x03\x00\xff\xff\xff\xff\xff"
    b"\x03\x01\xff\xff\xff\xff\xff\x03\x01\x00\xff\xff\xff\xff"
    b"\x03\x02\xff\xff\xff\xff\xff\x03\x02\x00\xff\xff\xff\xff"
    b"\x03\x02\x01\xff\xff\xff\xff\x03\x02\x01\x00\xff\xff\xff"
    b"\x04\xff\xff\xff\xff\xff\xff\x04\x00\xff\xff\xff\xff\xff"
    b"\x04\x01\xff\xff\xff\xff\xff\x04\x01\x00\xff\xff\xff\xff"
    b"\x04\x02\xff\xff\xff\xff\xff\x04\x02\x00\xff\xff\xff\xff"
    b"\x04\x02\x01\xff\xff\xff\xff\x04\x02\x01\x00\xff\xff\xff"
    b"\x04\x03\xff\xff\xff\xff\xff\x04\x03\x00\xff\xff\xff\xff"
    b"\x04\x03\x01\xff\xff\xff\xff\x04\x03\x01\x00\xff\xff\xff"
    b"\x04\x03\x02\xff\xff\xff\xff\x04\x03\x02\x00\xff\xff\xff"
    b"\x04\x03\x02\x01\xff\xff\xff\x04\x03\x02\x01\x00\xff\xff"
    b"\x05\xff\xff\xff\xff\xff\xff\x05\x00\xff\xff\xff\xff\xff"
    b"\x05\x01\xff\xff\xff\xff\xff\x05\x01\x00\xff\xff\xff\xff"
    b"\x05\x02\xff\xff\xff\xff\xff\x05\x02\x00\xff\xff\xff\xff"
    b"\x05\x02\x01\xff\xff\xff\xff\x05\x02\x01\x00\xff\xff\xff"
    b"\x05\x03\xff\xff\xff\xff\xff\x05\x03\x00\xff\xff\xff\xff"
    b"\x05\x03\x01\xff\xff\xff\xff\x05\x03\x01\x00\xff\xff\xff"
    b"\x05\x03\x02\xff\xff\xff\xff\x05\x03\x02\x00\xff\xff\xff"
    b"\x05\x03\x02\x01\xff\xff\xff\x05\x03\x02\x01\x00\xff\xff"
    b"\x05\x04\xff\xff\xff\xff\xff\x05\x04\x00\xff\xff\xff\xff"
    b"\x05\x04\x01\xff\xff\xff\xff\x05\x04\x01\x00\xff\xff\xff"
    b"\x05\x04\x02\xff\xff\xff\xff\x05\x04\x02\x00\xff\xff\xff"
    b"\x05\x04\x02\x01\xff\xff\xff\x05\x04\x02\x01\x00\xff\xff"
    b"\x05\x04\x03\xff\xff\xff\xff\x05\x04\x03\x00\xff\xff\xff"
    b"\x05\x04\x03\x01\xff\xff\xff\x05\x04\x03\x01\x00\xff\xff"
    b"\x05\x04\x03\x02\xff\xff\xff\x05\x04\x03\x02\x00\xff\xff"
    b"\x05\x04\x03\x02\x01\xff\xff\x05\x04\x03\x02\x01\x00\xff"
)


_TICK_NODES = const(256)
_TICK_MASK = const(_TICK_NODES - 1)


class SearchAborted(Exception):
    pass


class Solver:
    def __init__(self, rules):
        self.must_beat = rules.must_beat
        self.must_overtrump = rules.must_overtrump
        self.lead_trump_only_setter = rules.lead_trump_only_declarer
        self.needs_trick = rules.marriage_needs_trick
        self.hands = [0, 0, 0]
        self.tricks_won = [0, 0, 0]
        self.trick_cards = [0, 0, 0]
        self.trick_seats = [0, 0, 0]
        self.trick_len = 0
        self.trump = -1
        self.trump_setter = -1
        self.declarer = 0
        self.nodes = 0
        self.limit = 0
        self.tick = None  # called every _TICK_NODES nodes when set (a UI's poll)

    def setup(self, hands, declarer, trick, trump, trump_setter, tricks_won):
        """Load a position: ``trick`` is the (seat, card) list of the trick being played."""
        for s in range(3):
            self.hands[s] = hands[s]
            self.tricks_won[s] = tricks_won[s]
        self.trick_len = len(trick)
        for i in range(self.trick_len):
            seat, c = trick[i]
            self.trick_seats[i] = seat
            self.trick_cards[i] = c
        self.declarer = declarer
        self.trump = trump
        self.trump_setter = trump_setter

    def declarer_points(self, seat, card, declaring, alpha, beta):
        """Points (cards and marriages) the declarer still takes after ``seat`` plays
        ``card``, against best play, as alpha-beta sees it inside (alpha, beta)."""
        return self._value_play(seat, card, declaring, alpha, beta)

    # ------------------------------------------------------------------ moves
    def _moves(self, seat):
        return playable_mask(self.hands[seat], seat, self.trick_cards, self.trick_len, self.trump,
                             self.trump_setter, self.must_beat, self.must_overtrump,
                             self.lead_trump_only_setter)

    # ------------------------------------------------------------------ exact values
    def _value_node(self, seat, alpha, beta):
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchAborted()
        if not self.nodes & _TICK_MASK and self.tick is not None:
            self.tick()
        moves = self._moves(seat)
        if not moves:
            return 0
        maximize = seat == self.declarer
        best = -1 if maximize else 1000
        for suit in range(4):
            bits = (moves >> (_RANKS_PER_SUIT * suit)) & _SUIT_BITS
            if not bits:
                continue
            base = _RANKS_PER_SUIT * suit
            slot = bits * 7
            rank = RANKS_HIGH_FIRST[slot]
            while rank != _END:
                slot += 1
                v = self._value_play(seat, base + rank, True, alpha, beta)
                rank = RANKS_HIGH_FIRST[slot]
                if maximize:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                return best
                else:
                    if v < best:
                        best = v
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                return best
        return best

    def _value_play(self, seat, card, may_declare, alpha, beta):
        """Play ``card``; the declarer's points from here on (marriages included)."""
        hands = self.hands
        hand = hands[seat]
        pos = self.trick_len
        old_trump = self.trump
        old_setter = self.trump_setter
        marriage = 0
        gain = 0
        if (pos == 0 and may_declare and (card % _RANKS_PER_SUIT == C.QUEEN or card % _RANKS_PER_SUIT == C.KING)
                and hand >> (card ^ 1) & 1 and (self.tricks_won[seat] or not self.needs_trick)):
            suit = card // _RANKS_PER_SUIT
            marriage = C.MARRIAGE_VALUES[suit]
            self.trump = suit
            self.trump_setter = seat
            if seat == self.declarer:
                gain = marriage
        hands[seat] = hand & ~(1 << card)
        self.trick_cards[pos] = card
        self.trick_seats[pos] = seat
        if pos < 2:
            self.trick_len = pos + 1
            result = gain + self._value_node((seat + 1) % 3, alpha - gain, beta - gain)
        else:
            cards = self.trick_cards
            points = RANK_POINTS[cards[0] % _RANKS_PER_SUIT] + RANK_POINTS[cards[1] % _RANKS_PER_SUIT] + RANK_POINTS[card % _RANKS_PER_SUIT]
            seats = self.trick_seats
            winner = seats[trick_winner(cards, 3, self.trump)]
            card0 = cards[0]
            card1 = cards[1]
            seat0 = seats[0]
            seat1 = seats[1]
            self.trick_len = 0
            self.tricks_won[winner] += 1
            if winner == self.declarer:
                gain += points
            result = gain + self._value_node(winner, alpha - gain, beta - gain)
            self.tricks_won[winner] -= 1
            cards[0] = card0
            cards[1] = card1
            seats[0] = seat0
            seats[1] = seat1
        self.trick_len = pos
        hands[seat] = hand
        if marriage:
            self.trump = old_trump
            self.trump_setter = old_setter
        return result
