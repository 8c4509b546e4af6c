"""One state machine for a whole game of Five Hundred (FIVE_HUNDRED.md), 3 or 4 players.

As Thousand's ``thousand.game``: the game lists a seat's legal actions (``legal``), applies
one at a time (``apply``), refuses an illegal one with a message in a player's words and
changes nothing then, and shows each seat what it may know (``view``).  ``refusal`` is the
one place that decides legality; ``legal`` lists what it accepts (a test holds them
together).  Cards are small ints and a hand one mask a suit (``cards``' docstring says
why); scores and deltas are kept per side (3 players: a side a seat; 4: seats 0+2, 1+3).

>>> from thousand.five_hundred.rules import Rules
>>> game = Game(Rules.preset("australian"), seed=5)
>>> game.start_deal()
>>> game.phase == PHASE_AUCTION, game.to_move
(True, 1)
>>> game.apply(1, A.bid(A.bid_code(7, A.HEARTS_BID)))
>>> try:
...     game.apply(2, A.bid(A.bid_code(7, A.SPADES_BID)))
... except IllegalAction as error:
...     print(error)
7S does not outbid 7H
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.five_hundred import ALL_PASS_PLAYED, FAILED, GAME_NAME, MADE, PASSED_OUT, UNFINISHED
from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.five_hundred.rules import Rules
from thousand.rng import Rng

PHASE_AUCTION = const(0)
PHASE_RAISE = const(1)  # raise_own_bid: the contractor may raise once
PHASE_DISCARD = const(2)  # the contractor holds 13 cards and discards 3
PHASE_PLAY = const(3)
PHASE_DEAL_OVER = const(4)
PHASE_GAME_OVER = const(5)

HAND_SIZE = const(10)
KITTY_SIZE = const(3)
TRICKS = const(10)
_JOKER_POWER = const(200)
_RIGHT_POWER = const(190)
_LEFT_POWER = const(180)
_TRUMP_POWER = const(100)
_NOMINATED_POWER = const(50)

# Why an action is refused: the codes Game.refusal() returns, each worded by
# thousand/five_hundred/explain.py from its entry in assets/text/<language>/five_hundred_refusals.txt
# (in this order; a test compares them).
_NO_SEAT = const(1)
_GAME_OVER = const(2)
_DEAL_OVER = const(3)
_UNKNOWN_ACTION = const(4)
_AUCTION_BID_OR_PASS = const(5)
_ALREADY_PASSED = const(6)
_NOT_TURN_TO_BID = const(7)
_NO_SUCH_BID = const(8)
_BID_NOT_ABOVE = const(9)
_SANS_OFF = const(10)
_MISERE_OFF = const(11)
_MISERE_NEEDS_SEVEN = const(12)
_BLIND_OFF = const(13)
_BLIND_NOT_FIRST = const(14)
_AUCTION_OVER = const(15)
_RAISE_CONTRACTOR_ONLY = const(16)
_RAISE_NOT_BLIND = const(17)
_CONTRACTOR_ACTS = const(18)
_MUST_DISCARD = const(19)
_DISCARD_NOT_HELD = const(20)
_DISCARD_NOT_NOW = const(21)
_NOMINATE_OFF = const(22)
_NOMINATE_SUIT_CONTRACT = const(23)
_NOMINATE_NOT_YET = const(24)
_NOMINATE_NOT_HOLDER = const(25)
_NOMINATE_TOO_LATE = const(26)
_SITTING_OUT = const(27)
_NOTHING_TO_DECLINE = const(28)
_MUST_PLAY = const(29)
_NOT_TURN_TO_PLAY = const(30)
_NOT_HELD = const(31)
_JOKER_NEEDS_SUIT = const(32)
_NO_SUIT_TO_NAME = const(33)
_JOKER_LEAD_LAST = const(34)
_MUST_FOLLOW = const(35)
_NO_RAISE_NOW = const(36)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player."""


class DealResult:
    """What one deal did: the score sheet's row and the referee's entry for it."""

    def __init__(self, players, sides):
        self.number = 0
        self.dealer = 0
        self.contractor = None
        self.bid = None  # the contract's code (thousand.five_hundred.actions)
        self.result = UNFINISHED
        self.tricks_won = [0] * players
        self.deltas = [0] * sides
        self.scores = [0] * sides
        self.winner = None
        self.loser = None
        self.co_winners = None


class SeatView:
    """Everything one seat may know, and nothing more.  Bots and screens read only this.
    Filled in place by ``Game.view(seat, into=view)``."""

    def __init__(self, players=3, sides=3):
        self.seat = 0
        self.rules = None  # the agreements; read-only
        self.players = players
        self.phase = PHASE_DEAL_OVER
        self.to_move = -1
        self.legal = []
        self.dealer = 0
        self.deal_number = 0
        self.hand = [0] * C.SLOTS  # this seat's cards now
        self.hand_counts = [0] * players
        self.kitty = None  # the kitty (five masks) once this seat, the contractor, took it
        self.discards = None  # the contractor's own discards
        self.exposed = None  # an open misère contractor's hand, after the first trick
        self.bid = -1  # the high bid's code, -1: none yet
        self.high_bidder = -1
        self.calls = [-1] * players  # each seat's last call: a bid's code, CALL_PASS, or -1: none yet
        self.passed = [False] * players
        self.contractor = -1
        self.trump = -1
        self.misere = False
        self.out_seat = -1
        self.nominated = -1
        self.joker_nominator = -1
        self.trick = []  # (seat, card) of the trick being played, in order
        self.leader = -1
        self.led_suit = -1
        self.tricks_played = 0
        self.played = []  # (seat, card) of every card played this deal, in order
        self.tricks_won = [0] * players
        self.last_trick = []
        self.last_trick_winner = -1
        self.scores = [0] * sides
        self.over = False
        self.winner = None


CALL_PASS = const(-2)  # a seat's call in SeatView.calls and Game.calls: passed


class Game:
    """A game of Five Hundred from the first deal to its end."""

    game_name = GAME_NAME  # which game this is, for those that keep either (Thousand's Game has none)

    def __init__(self, rules=None, seed=0, start=None, keep_records=True):
        self.rules = rules if rules is not None else Rules.preset("australian")
        r = self.rules
        self.players = r.players
        self.sides = 2 if r.players == 4 else 3
        self.rng = Rng(seed)
        self.seed = seed
        scores = [0] * self.sides
        dealer = 0
        if start is not None:  # a record's or a save's: checked in a module loaded only then
            from thousand.five_hundred.checks import checked_start

            scores, dealer = checked_start(start, r)
        self.start = {"scores": list(scores), "dealer": dealer}
        self.scores = scores
        self.dealer = dealer
        self.deal_number = 0
        self.last_result = None
        self.keep_records = keep_records
        self.sheet = []  # every deal's DealResult, when keep_records
        self.records = []  # every past deal's (dealt hands, kitty, log), when keep_records
        # None (or a board's bound, where its drive is writable): every deal's cards and actions
        # are kept for the record; 0 (a board whose drive is read-only to the game, where no
        # record is written from them: thousand.ui.starting): none, the sheet only (a record
        # then starts at the deal in play: record.record_start).  A deal's record took some
        # 400 bytes of a board's heap, which a game held to its end.
        self.records_kept = None
        self.winner = None
        self.loser = None
        self.co_winners = None
        self.over = False
        self.phase = PHASE_DEAL_OVER
        self.to_move = -1
        n = self.players
        self.hands = [[0] * C.SLOTS for _ in range(n)]
        self.dealt = [[0] * C.SLOTS for _ in range(n)]
        self.kitty = [0] * C.SLOTS
        self.discards = [0] * C.SLOTS
        self.calls = [-1] * n
        self.tricks_won = [0] * n
        self.trick_cards = [0] * n
        self.trick_seats = [0] * n
        self.played = []
        self.last_trick = []
        self.log = []
        self._clear_deal()

    # ------------------------------------------------------------------ state
    def _clear_deal(self):
        n = self.players
        for s in range(n):
            for k in range(C.SLOTS):
                self.hands[s][k] = 0
                self.dealt[s][k] = 0
            self.calls[s] = -1
            self.tricks_won[s] = 0
        for k in range(C.SLOTS):
            self.kitty[k] = 0
            self.discards[k] = 0
        self.bid = -1
        self.high_bidder = -1
        self.passed = 0  # bit per seat
        self.spoken = 0  # bit per seat: has made a call this deal
        self.ncalls = 0
        self.contractor = -1
        self.raised = False
        self.trump = -1  # 0..3 in a suit contract
        self.misere = False
        self.out_seat = -1
        self.nominated = -1
        self.joker_nominator = -1
        self.nomination_closed = False
        self.exposed = -1  # the open misère contractor once his hand lies face up
        self.trick_len = 0
        self.trick_size = n
        self.led_suit = -1
        self.leader = -1
        self.tricks_played = 0
        del self.played[:]
        del self.last_trick[:]
        self.last_trick_winner = -1
        self.log = []

    def start_deal(self, hands=None, kitty=None):
        """Deal the next deal: shuffled by the seeded PRNG, or the given hands (lists of five
        masks, checked by the record reader) and kitty."""
        if self.over:
            raise IllegalAction("the game is over")
        if self.phase != PHASE_DEAL_OVER:
            raise IllegalAction("the deal is not over yet")
        self._clear_deal()
        self.deal_number += 1
        n = self.players
        if hands is None:
            deck = C.cards_of(C.pack(n))
            self.rng.shuffle(deck)
            # FIVE_HUNDRED.md 2.2: 3 each, 1 to the kitty, 4 each, 1, 3 each, 1; from the
            # dealer's left
            i = 0
            for packet in (3, 4, 3):
                for k in range(n):
                    seat = (self.dealer + 1 + k) % n
                    for _ in range(packet):
                        C.add(self.hands[seat], deck[i])
                        i += 1
                C.add(self.kitty, deck[i])
                i += 1
        else:
            for s in range(n):
                for k in range(C.SLOTS):
                    self.hands[s][k] = hands[s][k]
            for k in range(C.SLOTS):
                self.kitty[k] = kitty[k]
        for s in range(n):
            for k in range(C.SLOTS):
                self.dealt[s][k] = self.hands[s][k]
        self.phase = PHASE_AUCTION
        self.to_move = (self.dealer + 1) % n

    # ------------------------------------------------------------------ the auction
    def _after_call(self):
        n = self.players
        everyone = (1 << n) - 1
        if self.rules.bidding == "one_round":
            if self.ncalls >= n:
                self._end_auction()
                return
            self.to_move = (self.to_move + 1) % n
            return
        if self.passed == everyone:
            self._end_auction()
            return
        if self.high_bidder >= 0 and self.passed | (1 << self.high_bidder) == everyone:
            self._end_auction()
            return
        seat = self.to_move
        for _ in range(n):
            seat = (seat + 1) % n
            if not self.passed >> seat & 1:
                break
        self.to_move = seat

    def _end_auction(self):
        if self.high_bidder < 0:
            all_pass = self.rules.all_pass
            if all_pass == "play_nt":
                self._set_contract(-1)
                self._begin_play((self.dealer + 1) % self.players)
            else:
                self._end_thrown_in(all_pass == "throw_in")
            return
        self.contractor = self.high_bidder
        self._set_contract(self.bid)
        if self.rules.raise_own_bid and not self.raised:
            self.phase = PHASE_RAISE
            self.to_move = self.contractor
            self.leader = self.contractor
        else:
            self._take_kitty()

    def _set_contract(self, code):
        """The trump suit, misère and who sits out, for the contract ``code`` (-1: all-pass NT)."""
        self.trump = -1
        self.misere = False
        self.out_seat = -1
        self.trick_size = self.players
        if code < 0:
            return
        if A.is_misere(code):
            self.misere = True
            if self.players == 4:
                self.out_seat = (self.contractor + 2) % 4
                self.trick_size = 3
        else:
            d = A.bid_denomination(code)
            if d < A.NT:
                self.trump = d

    def _take_kitty(self):
        """The auction (and the raise) over: the contractor takes the kitty, or leads sans."""
        if A.is_sans(self.bid):
            self._begin_play(self.contractor)
            return
        hand = self.hands[self.contractor]
        for k in range(C.SLOTS):
            hand[k] |= self.kitty[k]
        self.phase = PHASE_DISCARD
        self.to_move = self.contractor

    def _begin_play(self, leader):
        self.phase = PHASE_PLAY
        self.leader = leader
        self.to_move = leader
        self.trick_len = 0

    # ------------------------------------------------------------------ queries
    def next_seat(self, seat):
        """The seat after ``seat`` that plays this deal (the misère partner sits out)."""
        seat = (seat + 1) % self.players
        if seat == self.out_seat:
            seat = (seat + 1) % self.players
        return seat

    def joker_holder(self):
        """The seat holding the Joker, or -1 (in the kitty, the discards, or played)."""
        for s in range(self.players):
            if self.hands[s][C.JOKER_SLOT]:
                return s
        return -1

    def nomination_seat(self):
        """The seat that may nominate the Joker's suit now, or -1 (FIVE_HUNDRED.md 2.6, 5)."""
        if (self.nomination_closed or self.trump >= 0 or self.tricks_played or self.trick_len
                or self.rules.joker_nomination != "before_play"):
            return -1
        if self.phase != PHASE_PLAY and not (self.phase == PHASE_RAISE and A.is_sans(self.bid)):
            return -1
        holder = self.joker_holder()
        return -1 if holder == self.out_seat else holder

    def follow_suit(self, card):
        """The suit ``card`` counts as for following now (``follow_suit``)."""
        return follow_suit(card, self.trump, self.nominated)

    def holds_suit(self, seat, suit):
        """Whether ``seat`` holds a card that counts as ``suit`` (follow_suit)."""
        return holds_suit(self.hands[seat], suit, self.trump, self.nominated)

    def power(self, card, led):
        """How high ``card`` ranks now in a trick led in ``led`` (``card_power``)."""
        return card_power(card, led, self.trump, self.nominated)

    def names_suit_on_lead(self, card):
        """Whether leading ``card`` now must name a suit (an un-nominated Joker in NT or misère)."""
        return card == C.JOKER and self.trump < 0 and self.nominated < 0

    # ------------------------------------------------------------------ legality
    def refusal(self, seat, action):
        """None when ``seat`` may do ``action`` now, else why not: a code that
        ``thousand.five_hundred.explain`` puts into words (loaded only on a refusal)."""
        if not isinstance(seat, int) or seat < 0 or seat >= self.players:
            return _NO_SEAT
        if self.over:
            return _GAME_OVER
        phase = self.phase
        if phase == PHASE_DEAL_OVER:
            return _DEAL_OVER
        v = A.verb(action)
        if v < A.PASS or v > A.NO_RAISE:
            return _UNKNOWN_ACTION
        if phase == PHASE_AUCTION:
            if v != A.PASS and v != A.BID:
                return _AUCTION_BID_OR_PASS
            if seat != self.to_move:
                return _ALREADY_PASSED if self.passed >> seat & 1 else _NOT_TURN_TO_BID
            if v == A.PASS:
                return None
            return self._bid_refusal(seat, A.argument(action), False)
        if v == A.PASS:
            return _AUCTION_OVER
        if v == A.BID:
            if phase != PHASE_RAISE:
                return _AUCTION_OVER
            if seat != self.contractor:
                return _RAISE_CONTRACTOR_ONLY
            code = A.argument(action)
            if code == A.BLIND_MISERE:
                return _RAISE_NOT_BLIND
            return self._bid_refusal(seat, code, True)
        if v == A.NO_RAISE:
            return None if phase == PHASE_RAISE and seat == self.contractor else _NO_RAISE_NOW
        if v == A.NOMINATE or v == A.NO_NOMINATION:
            return self._nomination_refusal(seat, action)
        sans = A.is_sans(self.bid) and self.contractor >= 0
        if phase == PHASE_DISCARD or (phase == PHASE_RAISE and not sans):
            if seat != self.contractor:
                return _CONTRACTOR_ACTS
            if v != A.DISCARD:
                return _MUST_DISCARD
            return self._discard_refusal(seat, action, phase == PHASE_RAISE)
        # play (or the raise window of a sans contract, which a play or nomination closes)
        if v == A.DISCARD:
            return _DISCARD_NOT_NOW
        if v != A.PLAY:
            return _MUST_PLAY
        return self._play_refusal(seat, A.play_card(action), A.play_named(action))

    def is_legal(self, seat, action):
        return self.refusal(seat, action) is None

    def _bid_refusal(self, seat, code, raising):
        if not A.is_bid_code(code):
            return _NO_SUCH_BID
        r = self.rules
        if code <= self.bid:
            return _BID_NOT_ABOVE
        if A.is_sans(code) and not r.sans_kitty:
            return _SANS_OFF
        if A.is_misere(code):
            if r.misere == "off":
                return _MISERE_OFF
            if code == A.MISERE and r.misere == "after_seven" and (self.bid < 0 or A.bid_tricks(self.bid) != 7):
                return _MISERE_NEEDS_SEVEN
            if code == A.BLIND_MISERE:
                if not r.blind_misere:
                    return _BLIND_OFF
                if self.spoken >> seat & 1 or raising:
                    return _BLIND_NOT_FIRST
        return None

    def _discard_refusal(self, seat, action, kitty_not_taken):
        hand = self.hands[seat]
        kitty = self.kitty
        for card in A.discard_cards(action):
            if card > C.JOKER:
                return _DISCARD_NOT_HELD
            slot, bit = card >> 4, card & 15
            if not ((hand[slot] | (kitty[slot] if kitty_not_taken else 0)) >> bit) & 1:
                return _DISCARD_NOT_HELD
        a, b, c = A.discard_cards(action)
        if a == b or b == c:
            return _DISCARD_NOT_HELD
        return None

    def _nomination_refusal(self, seat, action):
        r = self.rules
        if r.joker_nomination != "before_play":
            return _NOMINATE_OFF if A.verb(action) == A.NOMINATE else _NOTHING_TO_DECLINE
        if self.contractor >= 0 and self.trump >= 0:
            return _NOMINATE_SUIT_CONTRACT
        if seat == self.out_seat:
            return _SITTING_OUT
        if not self.hands[seat][C.JOKER_SLOT]:
            return _NOMINATE_NOT_HOLDER
        if self.phase == PHASE_DISCARD or (self.phase == PHASE_RAISE and not A.is_sans(self.bid)):
            return _NOMINATE_NOT_YET
        if self.nomination_seat() != seat:
            return _NOMINATE_TOO_LATE
        if A.verb(action) == A.NOMINATE and A.argument(action) > C.HEARTS:
            return _UNKNOWN_ACTION
        return None

    def _play_refusal(self, seat, card, named):
        if seat == self.out_seat:
            return _SITTING_OUT
        if seat != self.to_move:
            return _NOT_TURN_TO_PLAY
        if card > C.JOKER or not C.holds(self.hands[seat], card):
            return _NOT_HELD
        if self.trick_len == 0:
            if card == C.JOKER and self.rules.joker_lead_last and self.tricks_played < TRICKS - 1:
                return _JOKER_LEAD_LAST
            if self.names_suit_on_lead(card):
                return _JOKER_NEEDS_SUIT if named < 0 or named > C.HEARTS else None
            return _NO_SUIT_TO_NAME if named >= 0 else None
        if named >= 0:
            return _NO_SUIT_TO_NAME
        led = self.led_suit
        if self.follow_suit(card) != led and self.holds_suit(seat, led):
            return _MUST_FOLLOW
        return None

    def legal(self, seat, discards=True):
        """Every legal action of ``seat`` now, as action ints (a new list).

        ``discards=False`` leaves out the discards: the raise's question (TableDriver) asks
        only for the bids and "no raise", and would drop the 286 discards of 13 cards."""
        out = []
        phase = self.phase
        if self.over or phase == PHASE_DEAL_OVER or seat < 0 or seat >= self.players:
            return out
        if phase == PHASE_AUCTION:
            if seat != self.to_move:
                return out
            out.append(A.ACTION_PASS)
            self._list_bids(seat, out, False)
            return out
        if self.nomination_seat() == seat:
            for suit in range(4):
                out.append(A.nominate(suit))
            out.append(A.ACTION_NO_NOMINATION)
        if seat != self.to_move:
            return out
        sans = A.is_sans(self.bid) and self.contractor >= 0
        if phase == PHASE_RAISE:
            self._list_bids(seat, out, True)
            out.append(A.ACTION_NO_RAISE)
        if discards and (phase == PHASE_DISCARD or (phase == PHASE_RAISE and not sans)):
            cards = C.cards_of(self.hands[seat])
            if phase == PHASE_RAISE:
                cards += C.cards_of(self.kitty)
            k = len(cards)
            at = len(out)
            # One allocation of the whole answer for the 286 discards (`out += [0] * n` made a
            # 2.3 KB list and then grew `out` by as much: the compiled engine's 96 KB heap test
            # failed there).
            whole = [0] * (at + k * (k - 1) * (k - 2) // 6)
            for i in range(at):
                whole[i] = out[i]
            out = whole
            for i in range(k):
                for j in range(i + 1, k):
                    for m in range(j + 1, k):
                        out[at] = A.discard(cards[i], cards[j], cards[m])
                        at += 1
            return out
        self._list_plays(seat, out)
        return out

    def _list_bids(self, seat, out, raising):
        code = self.bid + 1 if self.bid >= 0 else 0
        while code <= A.MAX_BID:
            if A.is_bid_code(code) and self._bid_refusal(seat, code, raising) is None and not (
                    raising and code == A.BLIND_MISERE):
                out.append(A.bid(code))
            code += 1

    def _list_plays(self, seat, out):
        hand = self.hands[seat]
        lead = self.trick_len == 0
        for slot in range(C.SLOTS):
            mask = hand[slot]
            rank = 0
            while mask:
                if mask & 1:
                    card = slot << 4 | rank
                    if lead and self.names_suit_on_lead(card):
                        if self._play_refusal(seat, card, 0) is None:
                            for suit in range(4):
                                out.append(A.play(card, suit))
                    elif self._play_refusal(seat, card, -1) is None:
                        out.append(A.play(card))
                mask >>= 1
                rank += 1

    # ------------------------------------------------------------------ applying
    def apply(self, seat, action):
        """Apply one action of ``seat``; raise IllegalAction (changing nothing) if illegal."""
        reason = self.refusal(seat, action)
        if reason is not None:
            from thousand.five_hundred.explain import reason_words  # loaded on a refusal only

            raise IllegalAction(reason_words(self, seat, action, reason))
        v = A.verb(action)
        if v != A.NO_NOMINATION and v != A.NO_RAISE:
            self.log.append(A.log_entry(seat, action))
        phase = self.phase
        if phase == PHASE_AUCTION:
            self.spoken |= 1 << seat
            self.ncalls += 1
            if v == A.PASS:
                self.passed |= 1 << seat
                self.calls[seat] = CALL_PASS
            else:
                self.bid = A.argument(action)
                self.high_bidder = seat
                self.calls[seat] = self.bid
            self._after_call()
            return
        if phase == PHASE_RAISE:
            if v == A.BID:
                self.bid = A.argument(action)
                self.calls[seat] = self.bid
                self.raised = True
                self._set_contract(self.bid)
            self._take_kitty()  # the raise window closes with the raise or the next action
            if v == A.BID or v == A.NO_RAISE:
                return
        if v == A.DISCARD:
            hand = self.hands[seat]
            for card in A.discard_cards(action):
                C.remove(hand, card)
                C.add(self.discards, card)
            self._begin_play(self.contractor)
        elif v == A.NOMINATE:
            self.nominated = A.argument(action)
            self.joker_nominator = seat
            self.nomination_closed = True
        elif v == A.NO_NOMINATION:
            self.nomination_closed = True
        else:
            self._play(seat, A.play_card(action), A.play_named(action))

    def _play(self, seat, card, named):
        self.nomination_closed = True
        C.remove(self.hands[seat], card)
        if self.trick_len == 0:
            self.leader = seat
            self.led_suit = named if named >= 0 else self.follow_suit(card)
        self.trick_cards[self.trick_len] = card
        self.trick_seats[self.trick_len] = seat
        self.trick_len += 1
        self.played.append(seat << 8 | card)
        if self.trick_len < self.trick_size:
            self.to_move = self.next_seat(seat)
            return
        best = 0
        best_power = -2
        led = self.led_suit
        for i in range(self.trick_len):
            p = self.power(self.trick_cards[i], led)
            if p > best_power:
                best_power = p
                best = i
        winner = self.trick_seats[best]
        del self.last_trick[:]
        for i in range(self.trick_len):
            self.last_trick.append(self.trick_seats[i] << 8 | self.trick_cards[i])
        self.last_trick_winner = winner
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        self.trick_len = 0
        self.led_suit = -1
        self.leader = winner
        self.to_move = winner
        if self.tricks_played == 1 and self.bid == A.OPEN_MISERE and self.contractor >= 0:
            self.exposed = self.contractor
        if self.tricks_played == TRICKS:
            self._settle()

    def _end_thrown_in(self, rotate):
        result = self._result(PASSED_OUT, [0] * self.sides)
        self._store(result)
        if rotate:
            self.dealer = (self.dealer + 1) % self.players
        self.phase = PHASE_DEAL_OVER
        self.to_move = -1

    def _settle(self):
        from thousand.five_hundred.scoring import settle  # a deal's end only

        deltas, outcome = settle(self)
        result = self._result(outcome, deltas)
        result.winner = self.winner
        result.loser = self.loser
        result.co_winners = self.co_winners
        self._store(result)
        self.dealer = (self.dealer + 1) % self.players
        self.phase = PHASE_GAME_OVER if self.over else PHASE_DEAL_OVER
        self.to_move = -1

    def _store(self, result):
        self.last_result = result
        if self.keep_records:
            self.sheet.append(result)
            if self.records_kept != 0:
                self.records.append(([list(h) for h in self.dealt], list(self.kitty), list(self.log)))

    def _result(self, outcome, deltas):
        r = DealResult(self.players, self.sides)
        r.number = self.deal_number
        r.dealer = self.dealer
        if self.contractor >= 0:
            r.contractor = self.contractor
            r.bid = self.bid
        elif outcome == UNFINISHED and self.high_bidder >= 0:
            r.contractor = self.high_bidder  # the auction still running: its high bid so far
            r.bid = self.bid
        r.result = outcome
        for s in range(self.players):
            r.tricks_won[s] = self.tricks_won[s]
        for s in range(self.sides):
            r.deltas[s] = deltas[s]
            r.scores[s] = self.scores[s]
        return r

    def unfinished_result(self):
        """The referee's entry for a deal whose actions stopped early."""
        return self._result(UNFINISHED, [0] * self.sides)

    # ------------------------------------------------------------------ views
    def view(self, seat, legal=None, into=None):
        """A SeatView for ``seat``: copies, nothing in it reaches back into the game;
        ``into``: a view to fill again (no new view per decision)."""
        n = self.players
        v = SeatView(n, self.sides) if into is None else into
        v.seat = seat
        v.rules = self.rules
        v.players = n
        v.phase = self.phase
        v.to_move = self.to_move
        v.legal = self.legal(seat) if legal is None else legal
        v.dealer = self.dealer
        v.deal_number = self.deal_number
        for k in range(C.SLOTS):
            v.hand[k] = self.hands[seat][k]
        taken = seat == self.contractor and not A.is_sans(self.bid) and self.phase != PHASE_RAISE
        v.kitty = list(self.kitty) if taken and self.phase != PHASE_AUCTION else None
        v.discards = list(self.discards) if taken and self.phase >= PHASE_PLAY else None
        v.exposed = list(self.hands[self.exposed]) if self.exposed >= 0 else None
        v.bid = self.bid
        v.high_bidder = self.high_bidder
        v.contractor = self.contractor
        for s in range(n):
            v.hand_counts[s] = C.count(self.hands[s])
            v.calls[s] = self.calls[s]
            v.passed[s] = bool(self.passed >> s & 1)
            v.tricks_won[s] = self.tricks_won[s]
        for s in range(self.sides):
            v.scores[s] = self.scores[s]
        v.trump = self.trump
        v.misere = self.misere
        v.out_seat = self.out_seat
        v.nominated = self.nominated
        v.joker_nominator = self.joker_nominator
        del v.trick[:]
        for i in range(self.trick_len):
            v.trick.append((self.trick_seats[i], self.trick_cards[i]))
        v.leader = self.leader
        v.led_suit = self.led_suit
        v.tricks_played = self.tricks_played
        del v.played[:]
        for e in self.played:
            v.played.append((e >> 8, e & 0xFF))
        del v.last_trick[:]
        for e in self.last_trick:
            v.last_trick.append((e >> 8, e & 0xFF))
        v.last_trick_winner = self.last_trick_winner
        v.over = self.over
        v.winner = self.winner
        return v


def follow_suit(card, trump, nominated):
    """The suit ``card`` counts as for following: the left bower and the Joker are trumps in
    a suit contract; in no trumps and misère the Joker is in its nominated suit, or in none
    (NO_SUIT).  One function for the game and the bots, so both follow one rule."""
    if card == C.JOKER:
        if trump >= 0:
            return trump
        return nominated if nominated >= 0 else C.NO_SUIT
    if trump >= 0 and card == ((trump ^ 1) << 4 | C.JACK):
        return trump
    return card >> 4


def holds_suit(hand, suit, trump, nominated):
    """Whether ``hand`` (five masks) holds a card that counts as ``suit`` (``follow_suit``),
    by its masks: the game's and the bots' play-outs' one test."""
    if suit == C.NO_SUIT:
        return False
    if trump >= 0:
        if suit == trump:
            return bool(hand[suit] or hand[C.JOKER_SLOT] or hand[suit ^ 1] >> C.JACK & 1)
        if suit == trump ^ 1:
            return bool(hand[suit] & ~(1 << C.JACK))
        return bool(hand[suit])
    return bool(hand[suit] or (hand[C.JOKER_SLOT] and nominated == suit))


def card_power(card, led, trump, nominated):
    """How high ``card`` ranks in a trick led in ``led``; -1: it cannot win (section 4, 5).

    >>> jd, ac = C.parse_card("JD"), C.parse_card("AC")
    >>> card_power(jd, C.CLUBS, C.HEARTS, -1) > card_power(ac, C.CLUBS, C.HEARTS, -1)  # the left bower
    True
    >>> card_power(C.JOKER, C.SPADES, -1, -1) > card_power(C.parse_card("AS"), C.SPADES, -1, -1)
    True
    >>> card_power(C.JOKER, C.SPADES, -1, C.HEARTS)   # nominated a heart, played on spades
    -1
    """
    if card == C.JOKER:
        if trump >= 0 or nominated < 0:
            return _JOKER_POWER
        return _NOMINATED_POWER if nominated == led else -1
    if trump >= 0:
        suit = card >> 4
        if card & 15 == C.JACK:
            if suit == trump:
                return _RIGHT_POWER
            if suit == trump ^ 1:
                return _LEFT_POWER
        if suit == trump:
            return _TRUMP_POWER + (card & 15)
    if follow_suit(card, trump, nominated) == led:
        return card & 15
    return -1
