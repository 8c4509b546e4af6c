"""What one seat knows about the cards it cannot see, read from its SeatView only.

``Knowledge(view)`` works out, for the play phase:

- ``played``: every card already played (finished tricks and the current one);
- ``located[s]``: cards known to be in seat ``s``'s hand now (gives it saw, the talon
  cards with the declarer when the talon was shown);
- ``voids[s]``: suits (bit per suit) seat ``s`` has shown it cannot hold: it did not
  follow the led suit, and also the trump when it did not trump either;
- ``unknown``: the cards not in this seat's hand, not played and not located.

``deal_sample(rng, out)`` fills ``out`` with three hands that agree with all of it:
this is what the sampling search solves with all cards open.  It never looks
further than the view, so two games whose views agree give the same samples.
"""

from thousand import cards as C
from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.game import NUM_SEATS

# thousand.cards' encoding, folded as its docstring says, for every card of every deal the
# search samples:
_RANKS_PER_SUIT = const(6)
_SUIT_BITS = const(0x3F)


def _trumps_per_trick(view):
    """The trump in force for each trick so far, from the cards played and the
    marriages declared (both public).

    A declared marriage's lead is the first queen or king of that suit its seat
    played: playing either one earlier would have broken the pair.  The trump
    changes at that very trick.  The ace marriage sets no trump.
    """
    declared = 0  # bit seat * 4 + suit for each declared marriage not yet seen led
    for seat, suit in view.marriages:
        if suit < 4:
            declared |= 1 << (seat * 4 + suit)
    out = []
    trump = -1
    played = view.played
    for i in range(len(played)):
        seat, c = played[i]
        rank = c % _RANKS_PER_SUIT
        if declared and (rank == C.QUEEN or rank == C.KING):
            bit = 1 << (seat * 4 + c // _RANKS_PER_SUIT)
            if declared & bit:
                declared &= ~bit
                trump = c // _RANKS_PER_SUIT
        if i % NUM_SEATS == 0:
            out.append(trump)
    return out


class Knowledge:
    def __init__(self, view):
        self.seat = view.seat
        self.declarer = view.declarer
        self.hand = view.hand
        self.trump = view.trump
        played = 0
        for _seat, c in view.played:
            played |= 1 << c
        self.played = played
        self.voids = [0, 0, 0]
        self._read_voids(view)
        self.located = [0, 0, 0]
        self.unseen_gift_to = -1  # a defender whose received card this seat did not see
        me = view.seat
        decl = view.declarer
        if decl >= 0:
            if view.talon is not None and decl != me:
                self.located[decl] |= view.talon
            for c, target in view.gives:
                if c >= 0:
                    if target != me:
                        self.located[target] |= 1 << c
                    if decl != me:
                        self.located[decl] &= ~(1 << c)
                elif target != me:
                    self.unseen_gift_to = target
        for s in range(NUM_SEATS):
            self.located[s] &= ~played
        self.located[me] = 0
        if self.unseen_gift_to >= 0:
            # A talon card in a suit the declarer has shown void in can only be the
            # card he gave face down.
            shown = self.located[decl] & self.voids_mask(decl)
            if shown:
                self.located[decl] &= ~shown
                self.located[self.unseen_gift_to] |= shown
                self.unseen_gift_to = -1
        known = self.hand | played
        for s in range(NUM_SEATS):
            known |= self.located[s]
        self.unknown = C.FULL_DECK & ~known
        self.counts = list(view.hand_counts)

    def _read_voids(self, view):
        trumps = _trumps_per_trick(view)
        played = view.played
        i = 0
        n = len(played)
        trick = 0
        while i < n:
            led = played[i][1] // _RANKS_PER_SUIT
            trump = trumps[trick] if trick < len(trumps) else -1
            j = i + 1
            while j < n and j < i + NUM_SEATS:
                seat, c = played[j]
                suit = c // _RANKS_PER_SUIT
                if suit != led:
                    self.voids[seat] |= 1 << led
                    if trump >= 0 and suit != trump:
                        self.voids[seat] |= 1 << trump
                j += 1
            i += NUM_SEATS
            trick += 1

    def possible(self, seat):
        """Cards seat ``seat`` may hold as far as this seat knows (its located ones included)."""
        allowed = 0
        for suit in range(4):
            if not self.voids[seat] >> suit & 1:
                allowed |= _SUIT_BITS << (_RANKS_PER_SUIT * suit)
        return self.located[seat] | (self.unknown & allowed)

    def outstanding(self):
        """Cards held by the other seats: not mine, not played."""
        return C.FULL_DECK & ~(self.hand | self.played)

    def deal_sample(self, rng, out, scratch):
        """Fill ``out`` (3 masks) with hands consistent with the view; False if impossible.

        ``scratch`` is a preallocated list of at least 24 ints.
        """
        me = self.seat
        a = (me + 1) % NUM_SEATS
        b = (me + 2) % NUM_SEATS
        hand_a = self.located[a]
        hand_b = self.located[b]
        pool = self.unknown
        gift_to = self.unseen_gift_to
        if gift_to >= 0 and self.declarer >= 0:
            # The card given face down to the other defender may be one of the talon
            # cards that this seat saw: move one there now and then, as the declarer's
            # ten cards would (three of ten came from the talon).
            decl = self.declarer
            talon_left = self.located[decl] & ~self.voids_mask(gift_to)
            if talon_left and rng.below(10) < 3:
                pick = rng.below(C.count(talon_left))
                c = _nth_card(talon_left, pick)
                if decl == a:
                    hand_a &= ~(1 << c)
                    hand_b |= 1 << c
                else:
                    hand_b &= ~(1 << c)
                    hand_a |= 1 << c
        need_a = self.counts[a] - C.count(hand_a)
        need_b = self.counts[b] - C.count(hand_b)
        only_a = pool & self.voids_mask(b) & ~self.voids_mask(a)
        only_b = pool & self.voids_mask(a) & ~self.voids_mask(b)
        free = pool & ~only_a & ~only_b
        need_a -= C.count(only_a)
        need_b -= C.count(only_b)
        if need_a < 0 or need_b < 0 or need_a + need_b != C.count(free):
            # The void reading cannot be met (it should not happen): ignore the voids.
            free = pool
            only_a = only_b = 0
            need_a = self.counts[a] - C.count(hand_a)
            if need_a < 0 or need_a > C.count(free):
                return False
        n = 0
        c = 0
        m = free
        while m:
            if m & 1:
                scratch[n] = c
                n += 1
            m >>= 1
            c += 1
        # Partial Fisher-Yates: the first need_a cards of a shuffle go to seat a.
        for i in range(need_a):
            j = i + rng.below(n - i)
            t = scratch[j]
            scratch[j] = scratch[i]
            scratch[i] = t
            hand_a |= 1 << t
        for i in range(need_a, n):
            hand_b |= 1 << scratch[i]
        out[me] = self.hand
        out[a] = hand_a | only_a
        out[b] = hand_b | only_b
        return True

    def voids_mask(self, seat):
        """Cards of the suits ``seat`` has shown it lacks."""
        v = self.voids[seat]
        m = 0
        for suit in range(4):
            if v >> suit & 1:
                m |= _SUIT_BITS << (_RANKS_PER_SUIT * suit)
        return m


def _nth_card(mask, n):
    c = 0
    while True:
        if mask >> c & 1:
            if n == 0:
                return c
            n -= 1
        c += 1
