"""Five Hundred's normal and hard players: every decision weighed over sampled deals of the
unseen cards played out to the end (``thousand.five_hundred.playout``; how, in
``thousand.five_hundred.bots``' docstring and docs/bots.md).  A module of its own so that a
table of easy and random players never loads it."""

from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.five_hundred.easy import EasyBot, _partner, trick_estimate
from thousand.slices import Slices

# A level's settings: play-outs a card decision shares among its legal cards (at least
# ``min_deals`` deals each, at most ``max_deals``), deals a denomination is weighed over in
# the auction and how many denominations are, the share of those deals that must make a
# contract before it is bid, deals a discard or a nomination is weighed over (0: by rule),
# and the share of cards played at random (a slip).
_SETTINGS = {
    #         play, min, max, bid deals, denominations, make, tricks spared, weigh, slips %
    "normal": (12, 2, 4, 6, 2, 60, 1, 0, 3),
    "hard": (45, 2, 10, 8, 3, 62, 0, 4, 0),
}
_DISCARD_CANDIDATES = 4


class SearchBot(Slices, EasyBot):
    """Normal and hard: every decision weighed over sampled deals of the unseen cards (the
    module's docstring), thought in slices (``thousand.slices``): ``_bid``, ``_weigh_misere``,
    ``_nominate``, ``_discard``, ``_play`` and ``_weigh`` are generators that yield after each
    play-out and set ``result`` (``count`` for ``_weigh_misere``); between two yields the frame
    holds the seat's view and small ints, the deals live in the bot's ``Sampler`` and
    ``Playout``."""

    def __init__(self, seed=0, level="hard", shared=None):
        EasyBot.__init__(self, seed)
        self.level = level
        # [players, Sampler, Playout]: the deals and the play-outs, made at the first decision;
        # ``shared``, a list the bots of one table share (``Controller``): they think one at a
        # time, and each decision sets them up anew from its view (about 1.6 KB of a board's
        # heap a computer seat less).
        self.shared = [] if shared is None else shared
        (self.play_outs, self.min_deals, self.max_deals, self.bid_deals, self.denominations,
         self.make_percent, self.spare_tricks, self.weigh_deals, self.slip_percent) = _SETTINGS[level]
        self.totals = [0] * 20  # a decision's summed scores, one a candidate
        self.tenths = [0] * 5  # the auction's quick estimate of each denomination
        self.made = [0] * 5 * 11  # the auction's deals making n tricks or more, per denomination
        self.three = [0, 0, 0]
        self.plays = []  # a card decision's distinct plays (_distinct_plays), filled in place
        self.distinct = 0
        self.count = 0  # _weigh_misere's answer
        self.gone = [0] * C.SLOTS

    def _think(self, view):
        way = self._route(view)
        if isinstance(way, int):
            self.result = way
            return
        for _ in way(view):
            yield

    def _tools(self, players):
        shared = self.shared
        if not shared or shared[0] != players:
            from thousand.five_hundred.playout import Playout, Sampler

            shared[:] = ()  # the old ones go before the new are made
            shared.extend((players, Sampler(players), Playout(players)))
        return shared[1], shared[2]

    # ------------------------------------------------------------ the auction
    def _bid(self, view):
        from thousand.five_hundred.playout import discard_three

        legal = view.legal
        seat = view.seat
        partner = _partner(view, seat)
        if partner >= 0 and view.high_bidder == partner:
            self.result = A.ACTION_PASS
            return
        tenths = self.tenths
        for d in range(5):
            tenths[d] = trick_estimate(view.hand, d)
        sampler, playout = self._tools(view.players)
        made = self.made
        for i in range(len(made)):
            made[i] = 0
        weighed = 0
        while weighed < self.denominations:
            d = -1
            for e in range(5):
                if tenths[e] >= 50 and (d < 0 or tenths[e] > tenths[d]):
                    d = e
            if d < 0:
                break
            tenths[d] = -1
            weighed += 1
            trump = d if d < 4 else -1
            sampler.setup(view, trump, -1)
            hands = sampler.hands
            mine = hands[seat]
            three = self.three
            for _ in range(self.bid_deals):
                sampler.sample(self.rng)
                for k in range(C.SLOTS):
                    mine[k] |= sampler.rest[k]
                discard_three(mine, trump, False, three)
                for card in three:
                    C.remove(mine, card)
                playout.load(view, hands, trump, -1, seat, False, -1)
                tricks = playout.run_from(seat)
                side_tricks = tricks[seat] + (tricks[partner] if partner >= 0 else 0)
                for n in range(6, side_tricks + 1):
                    made[d * 11 + n] += 1
                yield
        for _ in self._weigh_misere(view, legal):
            yield
        misere_made = self.count
        best = A.ACTION_PASS
        best_value = 0
        for a in legal:
            if A.verb(a) != A.BID:
                continue
            code = A.argument(a)
            if code == A.MISERE or code == A.OPEN_MISERE:
                count = misere_made if code == A.MISERE else (self.bid_deals if misere_made == self.bid_deals else 0)
                value = A.bid_value(code)
                if 100 * count >= self.make_percent * self.bid_deals and (2 * count - self.bid_deals) * value > best_value:
                    best_value = (2 * count - self.bid_deals) * value
                    best = a
                continue
            if A.is_misere(code) or A.is_sans(code):
                continue
            d = A.bid_denomination(code)
            n = A.bid_tricks(code)
            if n + self.spare_tricks > 10:
                continue
            count = made[d * 11 + n + self.spare_tricks]
            if 100 * count < self.make_percent * self.bid_deals:
                continue
            value = A.bid_value(code)
            expected = (2 * count - self.bid_deals) * value
            if expected > best_value:
                best_value = expected
                best = a
        self.result = best

    def _weigh_misere(self, view, legal):
        """Of the auction's deals, how many a misère (the kitty taken, the three highest laid
        down) takes no trick in, in ``count``; 0 when no misère may be bid or the hand holds the
        Joker or more than three cards above nine."""
        from thousand.five_hundred.playout import discard_three

        hand = view.hand
        high = 0
        for suit in range(4):
            high += C.count_mask(hand[suit] >> C.TEN)
        self.count = 0
        if hand[C.JOKER_SLOT] or high > 3 or (A.bid(A.MISERE) not in legal and A.bid(A.OPEN_MISERE) not in legal):
            return
        seat = view.seat
        partner = _partner(view, seat)
        sampler, playout = self._tools(view.players)
        sampler.setup(view, -1, -1)
        mine = sampler.hands[seat]
        three = self.three
        for _ in range(self.bid_deals):
            sampler.sample(self.rng)
            for k in range(C.SLOTS):
                mine[k] |= sampler.rest[k]
            discard_three(mine, -1, True, three)
            for card in three:
                C.remove(mine, card)
            if partner >= 0:
                for k in range(C.SLOTS):
                    sampler.hands[partner][k] = 0
            playout.load(view, sampler.hands, -1, -1, seat, True, partner)
            if playout.run_from(seat)[seat] == 0:
                self.count += 1
            yield

    # ------------------------------------------------------------ the Joker and the kitty
    def _nominate(self, view):
        if not self.weigh_deals:
            self.result = EasyBot._nominate(self, view)
            return
        for _ in self._weigh(view, view.legal, len(view.legal)):
            yield

    def _discard(self, view):
        from thousand.five_hundred.playout import discard_three

        hand = view.hand
        trump = view.trump
        three = self.three
        discard_three(hand, trump, view.misere, three)
        first = A.discard(three[0], three[1], three[2])
        if not self.weigh_deals or first not in view.legal:
            self.result = first if first in view.legal else EasyBot._discard(self, view)
            return
        # candidates: the cheapest three, and each short plain suit laid down whole
        candidates = [first]
        for suit in range(4):
            if suit == trump or len(candidates) >= _DISCARD_CANDIDATES:
                continue
            mask = hand[suit]
            if trump >= 0 and suit == trump ^ 1:
                mask &= ~(1 << C.JACK)
            length = C.count_mask(mask)
            if not 1 <= length <= 3 or mask >> C.ACE & 1:
                continue
            chosen = C.cards_of([mask if k == suit else 0 for k in range(C.SLOTS)])
            for card in three:
                if len(chosen) == 3:
                    break
                if card not in chosen:
                    chosen.append(card)
            a = A.discard(chosen[0], chosen[1], chosen[2])
            if a not in candidates and a in view.legal:
                candidates.append(a)
        if len(candidates) == 1:
            self.result = first
            return
        for _ in self._weigh(view, candidates, len(candidates)):
            yield

    # ------------------------------------------------------------ the play
    def _play(self, view):
        legal = view.legal
        if self.slip_percent and self.rng.below(100) < self.slip_percent:
            self.result = legal[self.rng.below(len(legal))]
            return
        for _ in self._weigh(view, self._distinct_plays(view), self.distinct):
            yield

    def _distinct_plays(self, view):
        """The legal plays less those equal to a lower one: a card is left out when every card
        between it and the lower card kept of its suit is the seat's own or gone (played, or
        laid down by it), as both win and lose the same tricks (the bowers and the Joker are
        always kept).  Fills ``self.plays`` and ``self.distinct``."""
        plays = self.plays
        gone = self.gone
        hand = view.hand
        for k in range(C.SLOTS):
            gone[k] = hand[k] | (view.discards[k] if view.discards is not None else 0)
        for _s, card in view.played:
            C.add(gone, card)
        trump = view.trump
        count = 0
        last = -1
        for a in view.legal:
            card = A.play_card(a)
            slot = card >> 4
            rank = card & 15
            plain = card != C.JOKER and A.play_named(a) < 0 and not (trump >= 0 and rank == C.JACK and (
                slot == trump or slot == trump ^ 1))
            if plain and last >= 0 and last >> 4 == slot:
                between = ((1 << rank) - 1) & ~((1 << ((last & 15) + 1)) - 1)
                if trump >= 0 and (slot == trump or slot == trump ^ 1):
                    between &= ~(1 << C.JACK)  # the bowers rank elsewhere
                if not between & C.suit_pack(view.players, slot) & ~gone[slot]:
                    continue
            if count == len(plays):
                plays.append(a)
            else:
                plays[count] = a
            count += 1
            last = card if plain else -1
        self.distinct = count
        return plays

    def _weigh(self, view, candidates, count):
        """The candidate (a card, a discard or a nomination) that scores best for the seat's
        side over sampled deals, each played out to the deal's end, in ``result``."""
        from thousand.five_hundred.playout import utility

        if count == 1:
            self.result = candidates[0]
            return
        seat = view.seat
        sampler, playout = self._tools(view.players)
        totals = self.totals
        if count > len(totals):
            totals.extend([0] * (count - len(totals)))
        for i in range(count):
            totals[i] = 0
        if A.verb(candidates[0]) == A.PLAY:
            deals = max(self.min_deals, min(self.max_deals, self.play_outs // count))
        else:
            deals = self.weigh_deals
        sampler.setup(view)
        hands = sampler.hands
        contractor = view.contractor
        contract = view.bid if contractor >= 0 else -1
        rules = view.rules
        for _ in range(deals):
            sampler.sample(self.rng)
            for i in range(count):
                action = candidates[i]
                kind = A.verb(action)
                nominated = view.nominated
                if kind == A.NOMINATE:
                    nominated = A.argument(action)
                playout.load(view, hands, view.trump, nominated, contractor, view.misere, view.out_seat)
                if kind == A.PLAY:
                    tricks = playout.run(seat, A.play_card(action), A.play_named(action))
                elif kind == A.DISCARD:
                    held = playout.hands[seat]
                    for card in A.discard_cards(action):
                        C.remove(held, card)
                    tricks = playout.run_from(contractor)
                else:
                    tricks = playout.run_from(view.to_move)
                totals[i] += utility(seat, view.players, contract, contractor, tricks, rules, view.scores)
                yield
        best = 0
        for i in range(1, count):
            if totals[i] > totals[best]:
                best = i
        self.result = candidates[best]
