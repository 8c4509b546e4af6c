"""Five Hundred's easy player (``EasyBot``, rules of thumb: ``thousand.five_hundred.bots``'
docstring) and the quick hand count the others read too (``trick_estimate``)."""

from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.five_hundred.game import (PHASE_AUCTION, PHASE_DISCARD, PHASE_PLAY, PHASE_RAISE, card_power,
                                        follow_suit)


def _partner(view, seat):
    return (seat + 2) % 4 if view.players == 4 else -1


def trick_estimate(hand, denomination):
    """Tricks ``hand`` (five masks) may take with ``denomination`` (0..3 trumps, 4 no trumps),
    in tenths."""
    tenths = 0
    joker = hand[C.JOKER_SLOT]
    if denomination < 4:
        trump = denomination
        left = (trump ^ 1) << 4 | C.JACK
        trumps = C.count_mask(hand[trump]) + joker + (1 if C.holds(hand, left) else 0)
        tenths += 10 * joker
        if C.holds(hand, trump << 4 | C.JACK):
            tenths += 10
        if C.holds(hand, left):
            tenths += 8
        for rank, worth in ((C.ACE, 7), (C.ACE - 1, 5), (C.ACE - 2, 4)):
            if hand[trump] >> rank & 1:
                tenths += worth
        tenths += 4 * max(0, trumps - 4)  # long trumps take the last tricks
        tenths += 2 * trumps
        for suit in range(4):
            if suit == trump:
                continue
            mask = hand[suit] & ~(1 << C.JACK) if suit == trump ^ 1 else hand[suit]
            if mask >> C.ACE & 1:
                tenths += 9
            if mask >> (C.ACE - 1) & 1 and C.count_mask(mask) >= 2:
                tenths += 4
            if not mask and trumps >= 3:
                tenths += 4  # a void to trump in
    else:
        tenths += 10 * joker
        for suit in range(4):
            mask = hand[suit]
            length = C.count_mask(mask)
            if mask >> C.ACE & 1:
                tenths += 9
            if mask >> (C.ACE - 1) & 1 and length >= 2:
                tenths += 6
            if mask >> (C.ACE - 2) & 1 and length >= 3:
                tenths += 3
            tenths += 4 * max(0, length - 4)
    return tenths + 12  # the kitty's three cards


def _misere_fit(hand):
    """Whether the hand is low enough for a misère: no Joker, few cards above 9."""
    if hand[C.JOKER_SLOT]:
        return False
    high = 0
    for suit in range(4):
        high += C.count_mask(hand[suit] >> (C.TEN))
    return high <= 1


class EasyBot:
    # A player as every player of both games is (needs_view, level, decide(view)), its view
    # read as Thousand's heuristic reads one: the shape written again (see the package).
    needs_view = True
    level = "easy"
    # Tricks it counts on beyond its estimate, at 3 players and at 4: a beginner's optimism
    # (at 4, in his partner's tricks too). It buys most deals and fails about half of its
    # contracts at 3 players, a third at 4, as Thousand's easy fails about half
    # (docs/bots.md; at one trick it made about 70 % and 88 %, as well as normal played).
    overbid = (2, 3)
    slip_percent = 8  # cards played at random, of those it chooses

    def __init__(self, seed=0):
        from thousand.rng import Rng

        self.rng = Rng(seed)

    def decide(self, view):
        way = self._route(view)
        return way if isinstance(way, int) else way(view)

    def _route(self, view):
        """The answer that needs no thought (an action), or the method that thinks it out
        (``_bid``, ``_nominate``, ``_discard`` or ``_play``): the one dispatch of every level."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        first = A.verb(legal[0])
        if view.phase == PHASE_AUCTION:
            return self._bid
        if view.phase == PHASE_RAISE and view.seat == view.contractor and A.ACTION_NO_RAISE in legal:
            return A.ACTION_NO_RAISE
        if first == A.NOMINATE or A.ACTION_NO_NOMINATION in legal:
            return self._nominate
        if view.phase == PHASE_DISCARD or first == A.DISCARD:
            return self._discard
        if view.phase == PHASE_PLAY:
            return self._play
        return legal[0]

    # ------------------------------------------------------------ the auction
    def _bid(self, view):
        legal = view.legal
        seat = view.seat
        partner = _partner(view, seat)
        if partner >= 0 and view.high_bidder == partner:
            return A.ACTION_PASS
        best_tricks = 0
        best_denomination = 0
        for d in range(5):
            tricks = trick_estimate(view.hand, d) // 10 + self.overbid[view.players - 3]
            if tricks > best_tricks or (tricks == best_tricks and d > best_denomination):
                best_tricks = tricks
                best_denomination = d
        if _misere_fit(view.hand):
            for a in legal:
                if A.argument(a) == A.MISERE and A.verb(a) == A.BID:
                    return a
        if best_tricks >= 6:
            for a in legal:  # the lowest legal bid in that denomination within the estimate
                if A.verb(a) != A.BID:
                    continue
                code = A.argument(a)
                if A.is_misere(code) or A.is_sans(code):
                    continue
                if A.bid_denomination(code) == best_denomination and A.bid_tricks(code) <= min(best_tricks, 10):
                    return a
        return A.ACTION_PASS

    # ------------------------------------------------------------ the Joker and the kitty
    def _nominate(self, view):
        legal = view.legal
        if view.misere and view.seat == view.contractor:
            # a suit he is void in lets him throw the Joker away safely; else his shortest
            best = -1
            best_length = 99
            for suit in range(4):
                length = C.count_mask(view.hand[suit])
                if length < best_length:
                    best_length = length
                    best = suit
            return A.nominate(best)
        return A.ACTION_NO_NOMINATION if A.ACTION_NO_NOMINATION in legal else legal[0]

    def _keep_value(self, view, card):
        trump = view.trump
        if view.misere:
            return -(card & 15) - (50 if card == C.JOKER else 0)
        if card == C.JOKER:
            return 300
        if trump >= 0 and follow_suit(card, trump, -1) == trump:
            return 200 + card_power(card, trump, trump, -1)
        rank = card & 15
        return rank + (40 if rank == C.ACE else 0) + (10 if rank == C.ACE - 1 else 0)

    def _discard(self, view):
        best = None
        best_value = None
        for a in view.legal:
            if A.verb(a) != A.DISCARD:
                continue
            value = 0
            for card in A.discard_cards(a):
                value += self._keep_value(view, card)
            if best_value is None or value < best_value:
                best_value = value
                best = a
        return best if best is not None else view.legal[0]

    # ------------------------------------------------------------ the play
    def _play(self, view):
        legal = view.legal
        if self.rng.below(100) < self.slip_percent:
            return legal[self.rng.below(len(legal))]  # a careless card
        trump = view.trump
        nominated = view.nominated
        seat = view.seat
        trick = view.trick
        if not trick:
            return self._lead(view)
        led = view.led_suit
        best_power = -2
        winner = -1
        for s, card in trick:
            p = card_power(card, led, trump, nominated)
            if p > best_power:
                best_power = p
                winner = s
        partner = _partner(view, seat)
        lowest = None
        lowest_key = 999
        lowest_win = None
        lowest_win_power = 999
        highest_loser = None
        highest_loser_power = -999
        for a in legal:
            card = A.play_card(a)
            p = card_power(card, led, trump, nominated)
            key = self._keep_value(view, card) if not view.misere else -self._keep_value(view, card)
            if key < lowest_key:
                lowest_key = key
                lowest = a
            if p > best_power and p < lowest_win_power:
                lowest_win_power = p
                lowest_win = a
            if p <= best_power and (card & 15) + (20 if card == C.JOKER else 0) > highest_loser_power:
                highest_loser_power = (card & 15) + (20 if card == C.JOKER else 0)
                highest_loser = a
        if view.misere and seat == view.contractor:
            if highest_loser is not None:
                return highest_loser
            return lowest
        if view.misere:
            return lowest  # a defender against misère keeps his low cards to duck under
        if partner >= 0 and winner == partner:
            return lowest
        if lowest_win is not None and (len(trick) == view.players - 1 - (1 if view.out_seat >= 0 else 0)
                                       or lowest_win_power >= 100 or (A.play_card(lowest_win) & 15) >= C.ACE - 1):
            return lowest_win
        return lowest

    def _lead(self, view):
        legal = view.legal
        trump = view.trump
        contracting = view.contractor >= 0 and (view.seat == view.contractor or view.seat == _partner(view, view.contractor))
        if view.misere and view.seat == view.contractor:
            best = legal[0]
            best_rank = 99
            for a in legal:
                card = A.play_card(a)
                rank = (card & 15) + (50 if card == C.JOKER else 0)
                if rank < best_rank:
                    best_rank = rank
                    best = a
            return best
        best = legal[0]
        best_key = -999
        for a in legal:
            card = A.play_card(a)
            named = A.play_named(a)
            if named >= 0 and named != self._longest(view.hand):
                continue  # the Joker led names the suit the bot holds most of
            suit = follow_suit(card, trump, view.nominated)
            if contracting and trump >= 0 and suit == trump:
                key = 100 + card_power(card, trump, trump, view.nominated)
            elif card & 15 == C.ACE and suit != trump:
                key = 90
            else:
                key = -(card & 15)
            if key > best_key:
                best_key = key
                best = a
        return best

    def _longest(self, hand):
        best = 0
        for suit in range(1, 4):
            if C.count_mask(hand[suit]) > C.count_mask(hand[best]):
                best = suit
        return best
