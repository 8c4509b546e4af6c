"""What Five Hundred's normal and hard bots imagine: deals of the cards a seat has not seen
(``Sampler``), each played out to the tenth trick by every seat at once (``Playout``).

A seat's view is all the sampler reads: the cards it holds, has seen played, took in the
kitty or laid down, the counts of the others' hands, the open misère hand, who nominated the
Joker, and the suits each seat showed out of.  The unseen cards are dealt to the other seats
(their counts) and the rest to a sink (the kitty, another contractor's discards, the hand of
the partner sitting out), never giving a seat a card of a suit it showed out of.

A play-out knows every hand of its sample and plays each seat's card by one rule: follow with
the cheapest card no later opponent can beat, else the cheapest card; lead the cheapest card
nobody can beat, else the lowest of the longest plain suit; the misère contractor plays his
highest card that does not win, the misère defenders keep him winning.  Hands stay masks (one
a suit, as the engine's), every array is the sampler's or the play-out's own, filled in place:
a play-out allocates nothing.

>>> from thousand.five_hundred.game import Game
>>> from thousand.rng import Rng
>>> game = Game(seed=4); game.start_deal()
>>> view = game.view(1); sampler = Sampler(3); sampler.setup(view)
>>> sampler.sample(Rng(1)); [C.count(h) for h in sampler.hands]
[10, 10, 10]
>>> sampler.hands[1] == view.hand
True
"""

from thousand.five_hundred import actions as A
from thousand.five_hundred import side_of
from thousand.five_hundred import cards as C
from thousand.five_hundred.game import TRICKS, card_power, follow_suit, holds_suit
from thousand.five_hundred.scoring import contract_delta

_TRIES = 20  # deals drawn before the shown voids are let go
_LOWEST = 999
_KEYS = [0, 0, 0]  # discard_three's, filled in place
_UNKNOWN = -9  # a threat not worked out yet


class Sampler:
    """Deals of the cards one seat has not seen, consistent with what it has seen."""

    def __init__(self, players):
        self.players = players
        self.hands = [[0] * C.SLOTS for _ in range(players)]
        self.fixed = [[0] * C.SLOTS for _ in range(players)]  # known cards of each seat
        self.pool = [0] * 48
        self.npool = 0
        self.need = [0] * players  # unseen cards each seat still holds
        self.room = [0] * (players + 1)  # a deal's room left, the sink last
        self.voids = [0] * players  # bit per suit each seat showed out of
        self.rest = [0] * C.SLOTS  # a deal's sink: the kitty while it lies unseen
        self.constrained = 0  # the pool's first cards, those some seat showed out of
        self.strict = True  # whether the last deal kept every shown void (else it let them go)
        self.seat = 0

    def setup(self, view, trump=None, nominated=None):
        """Read ``view``: the unseen cards, the known ones, the shown voids (``trump`` and
        ``nominated``: the contract's, by default the view's)."""
        n = self.players
        seat = view.seat
        self.seat = seat
        trump = view.trump if trump is None else trump
        nominated = view.nominated if nominated is None else nominated
        seen = [0] * C.SLOTS
        for k in range(C.SLOTS):
            seen[k] = view.hand[k]
        for _s, card in view.played:
            C.add(seen, card)
        if view.discards is not None:
            for k in range(C.SLOTS):
                seen[k] |= view.discards[k]
        for s in range(n):
            fixed = self.fixed[s]
            for k in range(C.SLOTS):
                fixed[k] = view.hand[k] if s == seat else 0
            self.voids[s] = 0
        if view.exposed is not None and view.contractor != seat and view.contractor >= 0:
            for k in range(C.SLOTS):
                self.fixed[view.contractor][k] = view.exposed[k]
                seen[k] |= view.exposed[k]
        holder = view.joker_nominator
        if holder >= 0 and holder != seat and not seen[C.JOKER_SLOT]:
            self.fixed[holder][C.JOKER_SLOT] = 1
            seen[C.JOKER_SLOT] = 1
        self.npool = 0
        for k in range(C.SLOTS):
            mask = C.suit_pack(n, k) & ~seen[k]
            rank = 0
            while mask:
                if mask & 1:
                    self.pool[self.npool] = k << 4 | rank
                    self.npool += 1
                mask >>= 1
                rank += 1
        for s in range(n):
            self.need[s] = 0 if s == seat or s == view.out_seat else view.hand_counts[s] - C.count(self.fixed[s])
        # the suits shown out of: a card of another suit on a led suit (a Joker lead naming a
        # suit is left out of past tricks: the view does not keep the name)
        size = n - 1 if view.out_seat >= 0 else n
        played = view.played
        total = len(played)
        start = 0
        while start < total:
            led_card = played[start][1]
            if start + size > total:
                led = view.led_suit
            elif led_card == C.JOKER and trump < 0 and nominated < 0:
                led = -1
            else:
                led = follow_suit(led_card, trump, nominated)
            if 0 <= led < 4:
                for i in range(start + 1, min(start + size, total)):
                    s, card = played[i]
                    if follow_suit(card, trump, nominated) != led:
                        self.voids[s] |= 1 << led
            start += size
        self.trump = trump
        self.nominated = nominated
        # the cards some seat may not hold first: dealt while every seat still has room
        pool = self.pool
        self.constrained = 0
        for i in range(self.npool):
            card = pool[i]
            suit_bit = 1 << follow_suit(card, trump, nominated)
            for s in range(n):
                if self.need[s] and self.voids[s] & suit_bit:
                    pool[i] = pool[self.constrained]
                    pool[self.constrained] = card
                    self.constrained += 1
                    break

    def sample(self, rng):
        """Fill ``hands`` with one deal of the unseen cards (the seat's own hand as it is)."""
        n = self.players
        pool = self.pool
        count = self.npool
        trump = self.trump
        nominated = self.nominated
        room = self.room
        for attempt in range(_TRIES + 1):
            strict = attempt < _TRIES
            self.strict = strict
            first = self.constrained
            for i in range(count - 1, 0, -1):  # Fisher-Yates, in place, in each part
                if i == first:
                    continue
                low = first if i > first else 0
                j = low + rng.below(i + 1 - low)
                pool[i], pool[j] = pool[j], pool[i]
            sink = count
            for s in range(n):
                room[s] = self.need[s]
                sink -= self.need[s]
                hand = self.hands[s]
                fixed = self.fixed[s]
                for k in range(C.SLOTS):
                    hand[k] = fixed[k]
            room[n] = sink
            rest = self.rest
            for k in range(C.SLOTS):
                rest[k] = 0
            ok = True
            for i in range(count):
                card = pool[i]
                suit_bit = 1 << follow_suit(card, trump, nominated) if strict else 0
                total = 0
                for s in range(n + 1):
                    if room[s] and (s == n or not self.voids[s] & suit_bit):
                        total += room[s]
                if not total:
                    ok = False
                    break
                pick = rng.below(total)
                for s in range(n + 1):
                    if room[s] and (s == n or not self.voids[s] & suit_bit):
                        if pick < room[s]:
                            room[s] -= 1
                            C.add(self.hands[s] if s < n else rest, card)
                            break
                        pick -= room[s]
            if ok:
                return


def utility(seat, players, contract, contractor, tricks, rules, scores):
    """``seat``'s side's points from a deal whose seats took ``tricks``, less the mean of the
    other sides' (the contract ``contract`` of ``contractor``; -1: all-pass no trumps)."""
    sides = 2 if players == 4 else 3
    mine = side_of(seat, players)
    total_mine = 0
    total_others = 0
    if contractor < 0:
        for s in range(players):
            if side_of(s, players) == mine:
                total_mine += 10 * tricks[s]
            else:
                total_others += 10 * tricks[s]
        return total_mine - total_others // (sides - 1)
    side = side_of(contractor, players)
    side_tricks = 0
    for s in range(players):
        if side_of(s, players) == side:
            side_tricks += tricks[s]
    delta, made = contract_delta(contract, side_tricks, tricks[contractor])
    defend = not A.is_misere(contract) and (rules.defender_points == "always" or not made)
    cap = rules.defender_cap
    for s in range(sides):
        if s == side:
            points = delta
        elif defend:
            points = 0
            for t in range(players):
                if side_of(t, players) == s:
                    points += 10 * tricks[t]
            if cap is not None:
                points = 0 if scores[s] >= cap else min(points, cap - scores[s])
        else:
            points = 0
        if s == mine:
            total_mine += points
        else:
            total_others += points
    return total_mine - total_others // (sides - 1)


def _top_rank(mask):
    """The highest rank of a suit's mask (-1: empty)."""
    rank = C.ACE
    while rank >= 0 and not mask >> rank & 1:
        rank -= 1
    return rank


def card_key(card, trump, nominated):
    """What playing ``card`` costs its holder: its rank in its own suit (trumps above)."""
    return card_power(card, follow_suit(card, trump, nominated), trump, nominated)


class Playout:
    """One deal played out to its end from a position, every hand known."""

    def __init__(self, players):
        self.players = players
        self.hands = [[0] * C.SLOTS for _ in range(players)]
        self.trick_cards = [0] * 4
        self.trick_seats = [0] * 4
        self.tricks = [0] * players
        self.threats = [0] * 4  # a lead's threat() per suit, filled as needed

    def load(self, view, hands, trump, nominated, contractor, misere, out_seat):
        """The position of ``view`` (its trick so far, the tricks won) with ``hands``, under
        a contract of these (the view's own, or one the bot weighs in the auction)."""
        n = self.players
        for s in range(n):
            for k in range(C.SLOTS):
                self.hands[s][k] = hands[s][k]
            self.tricks[s] = view.tricks_won[s] if view.tricks_won else 0
        self.trump = trump
        self.nominated = nominated
        self.contractor = contractor
        self.misere = misere
        self.out_seat = out_seat
        self.size = n - 1 if out_seat >= 0 else n
        self.joker_lead_last = view.rules.joker_lead_last
        self.played = view.tricks_played
        self.length = 0
        self.led = -1
        for s, card in view.trick:
            self.trick_cards[self.length] = card
            self.trick_seats[self.length] = s
            self.length += 1
        if self.length:
            self.led = view.led_suit

    def side(self, seat):
        return seat & 1 if self.players == 4 else seat

    def next_seat(self, seat):
        seat = (seat + 1) % self.players
        if seat == self.out_seat:
            seat = (seat + 1) % self.players
        return seat

    def put(self, seat, card, named):
        """Play ``card`` (a Joker lead naming ``named``); the seat to play next."""
        C.remove(self.hands[seat], card)
        if self.length == 0:
            self.led = named if named >= 0 else follow_suit(card, self.trump, self.nominated)
        self.trick_cards[self.length] = card
        self.trick_seats[self.length] = seat
        self.length += 1
        if self.length < self.size:
            return self.next_seat(seat)
        best = 0
        best_power = -2
        for i in range(self.length):
            p = card_power(self.trick_cards[i], self.led, self.trump, self.nominated)
            if p > best_power:
                best_power = p
                best = i
        winner = self.trick_seats[best]
        self.tricks[winner] += 1
        self.played += 1
        self.length = 0
        self.led = -1
        return winner

    def run(self, seat, card, named):
        """Play ``card`` for ``seat``, then every seat by the rule to the end; the tricks."""
        seat = self.put(seat, card, named)
        return self.run_from(seat)

    def run_from(self, seat):
        while self.played < TRICKS:
            card, named = self.choose(seat)
            seat = self.put(seat, card, named)
        return self.tricks

    def holds(self, seat, suit):
        """Whether ``seat`` holds a card that follows ``suit``."""
        return suit < 4 and holds_suit(self.hands[seat], suit, self.trump, self.nominated)

    def best_answer(self, seat, led):
        """The highest power ``seat`` can play on a trick led in ``led``."""
        hand = self.hands[seat]
        trump = self.trump
        if trump >= 0:
            if hand[C.JOKER_SLOT] and (led == trump or not self.holds(seat, led)):
                return card_power(C.JOKER, led, trump, -1)
            if led != trump and self.holds(seat, led):
                mask = hand[led] & ~(1 << C.JACK) if led == trump ^ 1 else hand[led]
                return _top_rank(mask)
            # a trump (led, or on a suit it is void in), or any card that cannot win
            if hand[trump] >> C.JACK & 1:
                return card_power(trump << 4 | C.JACK, led, trump, -1)
            if hand[trump ^ 1] >> C.JACK & 1:
                return card_power((trump ^ 1) << 4 | C.JACK, led, trump, -1)
            if hand[trump]:
                return card_power(trump << 4 | _top_rank(hand[trump]), led, trump, -1)
            return -1
        nominated = self.nominated
        if self.holds(seat, led):
            if hand[C.JOKER_SLOT] and nominated == led:
                return card_power(C.JOKER, led, trump, nominated)
            return _top_rank(hand[led])
        if hand[C.JOKER_SLOT] and nominated < 0:
            return card_power(C.JOKER, led, trump, nominated)
        return -1

    def threat(self, seat, led, after):
        """The highest power an opponent of ``seat`` among the ``after`` seats still to play
        can play on a trick led in ``led`` (-2: none)."""
        other = seat
        mine = self.side(seat)
        best = -2
        for _ in range(after):
            other = self.next_seat(other)
            if self.side(other) != mine:
                p = self.best_answer(other, led)
                if p > best:
                    best = p
        return best

    def choose(self, seat):
        """(card, named suit or -1) of ``seat`` by the play-out's rule."""
        if self.length == 0:
            return self.lead(seat)
        hand = self.hands[seat]
        trump = self.trump
        nominated = self.nominated
        led = self.led
        best_power = -2
        winner = -1
        for i in range(self.length):
            p = card_power(self.trick_cards[i], led, trump, nominated)
            if p > best_power:
                best_power = p
                winner = self.trick_seats[i]
        after = self.size - self.length - 1
        follow = self.holds(seat, led)
        misere = self.misere
        contractor = self.contractor
        threat = self.threat(seat, led, after) if after else -2
        # the partner wins it unless an opponent still to play beats him
        ours = self.side(winner) == self.side(seat) and threat < best_power
        cheapest = -1
        cheapest_key = _LOWEST
        dearest_under = -1  # the dearest card that does not win
        dearest_key = -_LOWEST
        win = -1
        win_key = _LOWEST
        for k in range(C.SLOTS):
            mask = hand[k]
            rank = 0
            while mask:
                if mask & 1:
                    card = k << 4 | rank
                    if not follow or follow_suit(card, trump, nominated) == led:
                        key = card_key(card, trump, nominated)
                        p = card_power(card, led, trump, nominated)
                        if key < cheapest_key:
                            cheapest_key = key
                            cheapest = card
                        if p < best_power:
                            if key > dearest_key:
                                dearest_key = key
                                dearest_under = card
                        elif not misere and not ours and key < win_key and p > threat:
                            win_key = key
                            win = card
                mask >>= 1
                rank += 1
        if misere:
            if seat == contractor or winner == contractor:
                # the contractor ducks; a defender keeps the contractor winning
                return (dearest_under if dearest_under >= 0 else self._dearest(seat, led, follow)), -1
            return cheapest, -1
        if win >= 0:
            return win, -1
        return cheapest, -1

    def _dearest(self, seat, led, follow):
        hand = self.hands[seat]
        best = -1
        best_key = -_LOWEST
        for k in range(C.SLOTS):
            mask = hand[k]
            rank = 0
            while mask:
                if mask & 1:
                    card = k << 4 | rank
                    if not follow or follow_suit(card, self.trump, self.nominated) == led:
                        key = card_key(card, self.trump, self.nominated)
                        if key > best_key:
                            best_key = key
                            best = card
                mask >>= 1
                rank += 1
        return best

    def lead(self, seat):
        hand = self.hands[seat]
        trump = self.trump
        nominated = self.nominated
        after = self.size - 1
        no_joker = self.joker_lead_last and self.played < TRICKS - 1
        misere_lead = self.misere
        longest = 0
        longest_count = -1
        for suit in range(4):
            if suit != trump:
                c = C.count_mask(hand[suit])
                if c > longest_count:
                    longest_count = c
                    longest = suit
        threats = self.threats
        for suit in range(4):
            threats[suit] = _UNKNOWN
        sure = -1
        sure_key = _LOWEST
        sure_trump = -1
        low = -1
        low_key = _LOWEST
        any_card = -1
        any_key = _LOWEST
        for k in range(C.SLOTS):
            mask = hand[k]
            rank = 0
            while mask:
                if mask & 1:
                    card = k << 4 | rank
                    if not (no_joker and card == C.JOKER):
                        suit = follow_suit(card, trump, nominated)
                        key = card_key(card, trump, nominated)
                        if key < any_key:
                            any_key = key
                            any_card = card
                        if suit == longest and key < low_key:
                            low_key = key
                            low = card
                        if not misere_lead and suit < 4:
                            if threats[suit] == _UNKNOWN:
                                threats[suit] = self.threat(seat, suit, after)
                        if not misere_lead and suit < 4 and card_power(card, suit, trump, nominated) > threats[suit]:
                            if key < sure_key:
                                sure_key = key
                                sure = card
                            if suit == trump:
                                sure_trump = card
                mask >>= 1
                rank += 1
        if misere_lead:
            card = any_card
        elif sure_trump >= 0 and seat == self.contractor or (
                sure_trump >= 0 and self.contractor >= 0 and self.side(seat) == self.side(self.contractor)):
            card = sure_trump
        elif sure >= 0:
            card = sure
        elif low >= 0:
            card = low
        else:
            card = any_card
        if card == C.JOKER and trump < 0 and nominated < 0:
            return card, longest
        return card, -1


def discard_three(hand, trump, misere, out):
    """The three cards a quick contractor lays down from ``hand`` (13 cards) for a contract
    in ``trump`` (-1: no trumps), written into ``out`` (three cards): the cheapest to keep."""
    keys = _KEYS
    for i in range(3):
        out[i] = -1
        keys[i] = _LOWEST
    for k in range(C.SLOTS):
        mask = hand[k]
        length = C.count_mask(mask)
        rank = 0
        while mask:
            if mask & 1:
                card = k << 4 | rank
                key = keep_value(card, trump, misere, length)
                for i in range(3):
                    if key < keys[i]:
                        for j in range(2, i, -1):
                            keys[j] = keys[j - 1]
                            out[j] = out[j - 1]
                        keys[i] = key
                        out[i] = card
                        break
            mask >>= 1
            rank += 1
    return out


def keep_value(card, trump, misere, length):
    """How much a contractor wants to keep ``card`` (of a suit he holds ``length`` of)."""
    rank = card & 15
    if misere:
        return -rank - (50 if card == C.JOKER else 0) - (3 if length <= 2 else 0)
    if card == C.JOKER:
        return 300
    if trump >= 0 and follow_suit(card, trump, -1) == trump:
        return 200 + card_power(card, trump, trump, -1)
    value = rank + (40 if rank == C.ACE else 0) + (10 if rank == C.ACE - 1 and length >= 2 else 0)
    if trump >= 0 and length <= 2 and rank < C.ACE:
        value -= 4  # short side suits are the ones to void
    if trump < 0:
        value += length  # no trumps: long suits take tricks
    return value
