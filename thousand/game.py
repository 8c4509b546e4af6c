"""One state machine for a whole game of Thousand (RULES.md).

The game offers the legal actions of a seat (``legal``), applies one action at a
time (``apply``), refuses an illegal one with a message a player understands and
changes nothing then, and shows each seat exactly what it may know (``view``).

>>> from thousand.rules import Rules
>>> game = Game(Rules.preset("classic"), seed=5)
>>> game.start_deal()
>>> PHASE_NAMES[game.phase], game.to_move
('auction', 2)
>>> game.apply(2, actions.ACTION_PASS)
>>> try:
...     game.apply(0, actions.bid(107))
... except IllegalAction as error:
...     print(error)
bids go up in steps of 5: 107 is not one
"""

from thousand import actions
from thousand import cards as C
from thousand import scoring
from thousand.rng import Rng
from thousand.rules import Rules

PHASE_DARK = 0  # the first hand decides on a dark game before seeing cards
PHASE_AUCTION = 1
PHASE_TALON = 2  # declarer: talon redeal window, first give
PHASE_GIVE = 3  # declarer: second give
PHASE_CONTRACT = 4
PHASE_PLAY = 5
PHASE_DEAL_OVER = 6  # waiting for start_deal()
PHASE_GAME_OVER = 7
PHASE_NAMES = ("dark", "auction", "talon", "give", "contract", "play", "deal_over", "game_over")

NUM_SEATS = 3
HAND_SIZE = 7
TALON_SIZE = 3
FORCED_BID = 100
DARK_BID = 120
MAX_LISTED_RAISE = 100  # with bid_cap none, bids are offered up to this far above the current one


def default_start():
    """The ``start`` of a new game: dealer 0, no deals played, every score and mark 0."""
    return {"dealer": 0, "deals_played": 0, "scores": [0] * NUM_SEATS, "bolts": [0] * NUM_SEATS,
            "barrel": [None] * NUM_SEATS, "barrels_used": [0] * NUM_SEATS}


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player."""


class DealResult:
    """What one deal did: the referee's output for it, the score sheet's row."""

    def __init__(self):
        self.number = 0
        self.dealer = 0
        self.declarer = None
        self.bid = None
        self.contract = None
        self.result = scoring.UNFINISHED
        self.kind = scoring.NORMAL
        self.dark_declared = False
        self.talon_shown = False
        self.cards = [0, 0, 0]
        self.marriages = [0, 0, 0]
        self.deltas = [0, 0, 0]
        self.scores = [0, 0, 0]
        self.bolts = [0, 0, 0]
        self.barrel = [None, None, None]
        self.barrels_used = [0, 0, 0]
        self.tricks = []
        self.trumps = []
        self.winner = None

    def to_json(self):
        trumps = []
        for t in self.trumps:
            trumps.append(None if t < 0 else C.SUIT_CHARS[t])
        return {
            "dealer": self.dealer,
            "declarer": self.declarer,
            "bid": self.bid,
            "contract": self.contract,
            "result": scoring.RESULT_NAMES[self.result],
            "golden": self.kind == scoring.GOLDEN,
            "dark": self.kind == scoring.DARK,
            "talon_shown": self.talon_shown,
            "cards": list(self.cards),
            "marriages": list(self.marriages),
            "deltas": list(self.deltas),
            "scores": list(self.scores),
            "bolts": list(self.bolts),
            "barrel": list(self.barrel),
            "barrels_used": list(self.barrels_used),
            "tricks": list(self.tricks),
            "trumps": trumps,
        }


class SeatView:
    """Everything one seat may know, and nothing more.  Bots and screens read only this."""

    def __init__(self):
        self.seat = 0
        self.rules = None  # the agreements; read-only
        self.phase = PHASE_DEAL_OVER
        self.to_move = -1
        self.legal = []
        self.dealer = 0
        self.first_hand = 1
        self.deal_number = 0
        self.kind = scoring.NORMAL
        self.dark_declared = False
        self.hand = 0  # this seat's cards now (0 before it has seen them)
        self.dealt = 0  # its 7 dealt cards (0 before it has seen them)
        self.hand_counts = [0, 0, 0]
        self.talon = None  # the talon's mask once this seat has seen it
        self.talon_shown = False
        self.bid = 0
        self.high_bidder = -1
        self.bids = [None, None, None]  # last bid of each seat this deal, None: none
        self.passed = [False, False, False]
        self.declarer = -1
        self.contract = 0
        self.received = -1  # card this seat received from the declarer
        self.gives = []  # (card or -1 when unseen, target) of the declarer's gives
        self.trick = []  # (seat, card) of the trick being played, in order
        self.leader = -1
        self.trump = -1
        self.trump_setter = -1
        self.played = []  # (seat, card) of every card played this deal, in order
        self.marriages = []  # (seat, suit) declared this deal; suit 4 is the ace marriage
        self.marriage_points = [0, 0, 0]
        self.tricks_won = [0, 0, 0]
        self.card_points = [0, 0, 0]
        self.last_trick = []  # (seat, card) of the last finished trick
        self.last_trick_winner = -1
        self.scores = [0, 0, 0]
        self.bolts = [0, 0, 0]
        self.barrel = [None, None, None]
        self.barrels_used = [0, 0, 0]
        self.deals_played = 0
        self.over = False
        self.winner = None


class Game:
    """A game from the first deal to the winner.

    ``keep_records=True`` keeps every deal's cards and actions so that the whole game can be
    exported as a REFEREE.md record and its score sheet shown; the device may switch it
    off to save memory.
    """

    def __init__(self, rules=None, seed=0, start=None, keep_records=True):
        self.rules = rules if rules is not None else Rules.preset("classic")
        self.rng = Rng(seed)
        self.seed = seed
        self.keep_records = keep_records
        if start is None:
            start = default_start()
        else:
            from thousand.checks import checked_start  # loaded only for records and saves

            start = checked_start(start)
        self.start = start
        self.table = scoring.Table(NUM_SEATS)
        self.table.scores = list(start["scores"])
        self.table.bolts = list(start["bolts"])
        self.table.barrel = list(start["barrel"])
        self.table.barrels_used = list(start["barrels_used"])
        self.dealer = start["dealer"]
        self.deals_played = start["deals_played"]
        self.deal_number = 0  # deals started, redeals included
        self.concessions = [0] * NUM_SEATS
        self.golden_made = False
        self.records = []  # past deals: (dealt hands, talon, log) when record is on
        self.sheet = []  # DealResult of every settled or redealt deal when record is on
        self.last_result = None
        self.winner = None
        self.over = False
        self.phase = PHASE_DEAL_OVER
        self.to_move = -1
        self.deal_start = None
        self._clear_deal()

    # ------------------------------------------------------------------ state
    def _clear_deal(self):
        n = NUM_SEATS
        self.hands = [0] * n
        self.dealt = [0] * n
        self.talon = 0
        self.talon_dealt = 0
        self.first_hand = (self.dealer + 1) % n
        self.kind = scoring.NORMAL
        self.dark_declared = False
        self.dark_active = False  # dark declared and not (yet) overbid
        self.bid = 0
        self.high_bidder = -1
        self.bids = [None] * n
        self.passed = 0  # bit per seat
        self.silenced = 0  # bit per seat
        self.raised = False
        self.window_open = False  # hand redeal window
        self.declarer = -1
        self.contract = 0
        self.talon_shown = False
        self.gives = []  # (card, target)
        self.received = [-1] * n
        self.leader = -1
        self.trick_cards = [0] * n
        self.trick_seats = [0] * n
        self.trick_len = 0
        self.trump = -1
        self.trump_setter = -1
        self.tricks_won = [0] * n
        self.card_points = [0] * n
        self.marriage_points = [0] * n
        self.marriages = []
        self.played = []
        self.last_trick = []
        self.last_trick_winner = -1
        self.tricks = []  # winner of each trick
        self.trumps = []  # trump during each trick
        self.log = []  # this deal's written actions: seat << 16 | action

    @property
    def scores(self):
        return self.table.scores

    @property
    def bolts(self):
        return self.table.bolts

    @property
    def barrel(self):
        return self.table.barrel

    @property
    def barrels_used(self):
        return self.table.barrels_used

    def start_state(self):
        """The state between deals, as a record's ``start`` object."""
        t = self.table
        return {"scores": list(t.scores), "bolts": list(t.bolts), "dealer": self.dealer,
                "barrel": list(t.barrel), "barrels_used": list(t.barrels_used),
                "deals_played": self.deals_played}

    def is_golden_deal(self):
        return self.rules.golden and self.deals_played < 3

    # ------------------------------------------------------------------ dealing
    def start_deal(self, hands=None, talon=None):
        """Deal the next deal: shuffled by the seeded PRNG, or the given masks."""
        if self.over:
            raise IllegalAction("the game is over")
        if self.phase != PHASE_DEAL_OVER:
            raise IllegalAction("the deal is not over yet")
        self._clear_deal()
        self.deal_start = self.start_state()
        self.deal_number += 1
        if hands is None:
            deck = list(range(C.NUM_CARDS))
            self.rng.shuffle(deck)
            hands = [C.mask_of(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(NUM_SEATS)]
            talon = C.mask_of(deck[NUM_SEATS * HAND_SIZE:])
        else:
            from thousand.checks import check_deal

            check_deal(hands, talon)
        self.hands = list(hands)
        self.dealt = list(hands)
        self.talon = talon
        self.talon_dealt = talon
        if self.rules.redeal_four_aces:
            for s in range(NUM_SEATS):
                if hands[s] & C.ALL_ACES == C.ALL_ACES:
                    self._end_without_score(scoring.REDEAL)
                    return
        if self.is_golden_deal():
            self.kind = scoring.GOLDEN
            self.bid = DARK_BID
            self.high_bidder = self.first_hand
            self._finish_auction(self.first_hand)
        elif self._dark_possible():
            self.phase = PHASE_DARK
            self.to_move = self.first_hand
        else:
            self._begin_auction()

    def _dark_possible(self):
        r = self.rules
        if not r.dark or self.table.scores[self.first_hand] < r.dark_min_score:
            return False
        for b in self.table.barrel:
            if b is not None:
                return False
        return True

    def _begin_auction(self):
        self.phase = PHASE_AUCTION
        if self.dark_active:
            self.bid = DARK_BID
        else:
            self.bid = FORCED_BID
        self.high_bidder = self.first_hand
        self.bids[self.first_hand] = self.bid
        self.window_open = True
        below = self.rules.silence_below
        if below is not None:
            for s in range(NUM_SEATS):
                if self.deal_start["scores"][s] < below:
                    self.silenced |= 1 << s
        self.to_move = self.first_hand
        self._next_bidder()

    def _next_bidder(self):
        """Pass the turn on from ``to_move``; auto-pass silenced seats; end the auction."""
        n = NUM_SEATS
        while True:
            if C.count(self.passed) >= n - 1:
                for s in range(n):
                    if not self.passed >> s & 1:
                        self._finish_auction(s)
                        return
            seat = self.to_move
            for i in range(1, n + 1):
                seat = (self.to_move + i) % n
                if not self.passed >> seat & 1:
                    break
            self.to_move = seat
            if self.silenced >> seat & 1:
                self.passed |= 1 << seat  # automatic pass, not written
                continue
            return

    def _finish_auction(self, declarer):
        self.window_open = False
        self.declarer = declarer
        self.hands[declarer] |= self.talon
        r = self.rules
        hidden_at_100 = r.talon_hidden_at_100 and self.bid == FORCED_BID and not self.raised
        self.talon_shown = not (hidden_at_100 or self.dark_active or self.kind == scoring.GOLDEN)
        if self.dark_active:
            self.kind = scoring.DARK
        self.phase = PHASE_TALON
        self.to_move = declarer

    # ------------------------------------------------------------------ queries
    def hand_redeal_entitled(self, seat):
        """May ``seat`` call a hand redeal now?"""
        if not self.window_open or self.phase != PHASE_AUCTION:
            return False
        return _hand_condition(self.rules, self.dealt[seat])

    def redeal_callers(self):
        """Seats that may call a hand redeal now, first hand first."""
        out = []
        for i in range(NUM_SEATS):
            s = (self.first_hand + i) % NUM_SEATS
            if self.hand_redeal_entitled(s):
                out.append(s)
        return out

    def talon_redeal_entitled(self):
        if self.phase != PHASE_TALON:
            return False
        r = self.rules
        if r.redeal_talon_only_at_100 and self.bid != FORCED_BID:
            return False
        return _talon_condition(r, self.talon_dealt)

    def may_concede(self):
        """May the declarer concede now (RULES.md 4.3)?"""
        r = self.rules
        if self.phase not in (PHASE_TALON, PHASE_GIVE, PHASE_CONTRACT, PHASE_PLAY):
            return False
        if self.phase == PHASE_PLAY and (self.played or self.trick_len):
            return False
        if not r.concede:
            return False
        if self.kind == scoring.DARK and not r.dark_concede:
            return False
        if self.kind == scoring.GOLDEN and not r.golden_concede:
            return False
        if r.concede_limit is not None and self.concessions[self.declarer] >= r.concede_limit:
            return False
        barrel = self.table.barrel
        if r.concede_on_barrel == "not_sitter" and barrel[self.declarer] is not None:
            return False
        if r.concede_on_barrel == "nobody":
            for b in barrel:
                if b is not None:
                    return False
        return True

    def bid_cap(self, seat):
        """Highest bid ``seat`` may make, or None when only the ceiling limits it."""
        if self.rules.bid_cap != "marriages":
            return None
        return 120 + C.marriages_in(self.dealt[seat], self.rules.ace_marriage)

    def bid_ceiling(self):
        """No bid or contract above what one hand could ever make: the cards and every
        marriage (and the ace marriage).  Keeps ``bid_cap = none`` finite."""
        return 400 + (C.ACE_MARRIAGE_VALUE if self.rules.ace_marriage else 0)

    def bid_range(self, seat):
        """(lowest, highest, step) of the raises ``seat`` may make now; lowest > highest: none."""
        low = self.bid + 5
        if self.dark_active:
            if C.marriages_in(self.dealt[seat], self.rules.ace_marriage) == 0:
                return low, low - 5, 5
            low = max(low, DARK_BID + 5)
        cap = self.bid_cap(seat)
        high = min(self.bid + MAX_LISTED_RAISE, self.bid_ceiling()) if cap is None else cap
        if not self.rules.bid_jumps:
            high = min(high, low)
        return low, high, 5

    def contract_range(self):
        """(lowest, highest) contract the declarer may announce."""
        if self.kind == scoring.DARK or (self.kind == scoring.GOLDEN and not self.rules.golden_raise):
            return self.bid, self.bid
        if self.rules.bid_cap == "marriages":
            high = 120 + C.marriages_in(self.hands[self.declarer], self.rules.ace_marriage)
        else:
            high = min(self.bid + MAX_LISTED_RAISE, self.bid_ceiling())
        return self.bid, max(high, self.bid)

    def playable(self, seat):
        """Mask of the cards ``seat`` may play now (0 when it is not its turn)."""
        if self.phase != PHASE_PLAY or seat != self.to_move:
            return 0
        r = self.rules
        return playable_mask(self.hands[seat], seat, self.trick_cards, self.trick_len, self.trump,
                             self.trump_setter, r.must_beat, r.must_overtrump, r.lead_trump_only_declarer)

    def declarable(self, seat):
        """Mask of the cards whose lead may declare a marriage (or the ace marriage)."""
        if self.phase != PHASE_PLAY or seat != self.to_move or self.trick_len:
            return 0
        r = self.rules
        if r.marriage_needs_trick and self.tricks_won[seat] == 0:
            return 0
        hand = self.hands[seat]
        out = 0
        for suit in range(4):
            pair = 3 << (6 * suit + C.QUEEN)
            if hand & pair == pair:
                out |= pair
        if r.ace_marriage and hand & C.ALL_ACES == C.ALL_ACES:
            out |= C.ALL_ACES
        return out & self.playable(seat)

    def legal(self, seat):
        """Every legal action of ``seat`` now, as action ints."""
        out = []
        phase = self.phase
        if phase == PHASE_DARK:
            if seat == self.first_hand:
                out.append(actions.ACTION_DARK)
                out.append(actions.ACTION_NODARK)
            return out
        if phase == PHASE_AUCTION:
            if self.hand_redeal_entitled(seat):
                out.append(actions.ACTION_REDEAL)
            if seat == self.to_move:
                out.append(actions.ACTION_PASS)
                low, high, step = self.bid_range(seat)
                amount = low
                while amount <= high:
                    out.append(actions.bid(amount))
                    amount += step
            return out
        if seat != self.declarer and phase != PHASE_PLAY:
            return out
        if phase == PHASE_TALON or phase == PHASE_GIVE:
            if self.talon_redeal_entitled():
                out.append(actions.ACTION_REDEAL)
            targets = self._give_targets()
            for c in C.cards_of(self.hands[seat]):
                for t in targets:
                    out.append(actions.give(c, t))
        elif phase == PHASE_CONTRACT:
            low, high = self.contract_range()
            out.append(actions.contract(low))
            amount = (low // 5 + 1) * 5
            while amount <= high:
                out.append(actions.contract(amount))
                amount += 5
        elif phase == PHASE_PLAY:
            if seat != self.to_move:
                return out
            mask = self.playable(seat)
            for c in C.cards_of(mask):
                out.append(actions.play(c))
            for c in C.cards_of(self.declarable(seat)):
                out.append(actions.declare(c))
        if seat == self.declarer and self.may_concede():
            out.append(actions.ACTION_CONCEDE)
        return out

    def _give_targets(self):
        out = []
        for i in range(1, NUM_SEATS):
            t = (self.declarer + i) % NUM_SEATS
            if self.received[t] < 0:
                out.append(t)
        return out

    # ------------------------------------------------------------------ applying
    def is_legal(self, seat, action):
        if not isinstance(seat, int) or seat < 0 or seat >= NUM_SEATS:
            return False
        if action == actions.ACTION_KEEP:
            return self.hand_redeal_entitled(seat)
        return action in self.legal(seat)

    def apply(self, seat, action):
        """Apply one action of ``seat``; raise IllegalAction (changing nothing) if illegal."""
        if not self.is_legal(seat, action):
            from thousand.explain import why_illegal  # only loaded when needed: saves RAM

            raise IllegalAction(why_illegal(self, seat, action))
        v = action >> 12
        if v != actions.NODARK and v != actions.KEEP:
            self.log.append((seat << 16) | action)
        if v == actions.DARK or v == actions.NODARK:
            if v == actions.DARK:
                self.dark_declared = True
                self.dark_active = True
            self._begin_auction()
        elif v == actions.REDEAL:
            self._end_without_score(scoring.REDEAL)
        elif v == actions.KEEP:
            pass
        elif v == actions.PASS:
            self.passed |= 1 << seat
            self._next_bidder()
        elif v == actions.BID:
            self.bid = action & 0xFFF
            self.bids[seat] = self.bid
            self.high_bidder = seat
            self.raised = True
            self.window_open = False
            self.dark_active = False
            self._next_bidder()
        elif v == actions.GIVE:
            c = actions.card(action)
            t = action & 3
            self.hands[seat] &= ~(1 << c)
            self.hands[t] |= 1 << c
            self.received[t] = c
            self.gives.append((c, t))
            self.phase = PHASE_GIVE if len(self.gives) < NUM_SEATS - 1 else PHASE_CONTRACT
        elif v == actions.CONTRACT:
            self.contract = action & 0xFFF
            self.phase = PHASE_PLAY
            self.leader = self.declarer
            self.to_move = self.declarer
        elif v == actions.CONCEDE:
            if not self.contract:
                self.contract = self.bid
            self.concessions[seat] += 1
            self._settle(scoring.CONCEDED)
        else:
            self._play(seat, action & 0x3F, v == actions.DECLARE)

    def _play(self, seat, card, declaring):
        if declaring:
            self.trump_setter = seat
            if card % 6 == C.ACE:
                self.marriage_points[seat] += C.ACE_MARRIAGE_VALUE
                self.marriages.append((seat, 4))
            else:
                suit = card // 6
                self.marriage_points[seat] += C.MARRIAGE_VALUES[suit]
                self.marriages.append((seat, suit))
                self.trump = suit
        self.hands[seat] &= ~(1 << card)
        if self.trick_len == 0:
            self.leader = seat
        self.trick_cards[self.trick_len] = card
        self.trick_seats[self.trick_len] = seat
        self.trick_len += 1
        self.played.append((seat, card))
        if self.trick_len < NUM_SEATS:
            self.to_move = (seat + 1) % NUM_SEATS
            return
        winner = self.trick_seats[trick_winner(self.trick_cards, self.trick_len, self.trump)]
        points = 0
        last = []
        for i in range(self.trick_len):
            points += C.RANK_POINTS[self.trick_cards[i] % 6]
            last.append((self.trick_seats[i], self.trick_cards[i]))
        self.card_points[winner] += points
        self.tricks_won[winner] += 1
        self.tricks.append(winner)
        self.trumps.append(self.trump)
        self.last_trick = last
        self.last_trick_winner = winner
        self.trick_len = 0
        self.leader = winner
        self.to_move = winner
        if self.hands[winner] == 0:
            made = scoring.declarer_made(self.rules, self.contract, self.card_points[self.declarer],
                                         self.marriage_points[self.declarer])
            self._settle(scoring.MADE if made else scoring.FAILED)

    def _end_without_score(self, result):
        """A redeal: nothing changes, the same dealer deals again."""
        self._store_result(result, [0] * NUM_SEATS)
        self.phase = PHASE_DEAL_OVER
        self.to_move = -1

    def _settle(self, result):
        deltas = scoring.deal_deltas(self.rules, self.kind, self.declarer, self.contract, result,
                                     self.card_points, self.marriage_points, [0] * NUM_SEATS)
        before = list(self.table.scores)
        winner = scoring.settle(self.table, self.rules, self.kind, self.declarer, self.contract,
                                result, deltas, self.tricks_won)
        self.deals_played += 1
        if self.kind == scoring.GOLDEN:
            if result == scoring.MADE:
                self.golden_made = True
            if self.deals_played == 3 and not self.golden_made and winner is None:
                self._golden_failed()
        real = [self.table.scores[s] - before[s] for s in range(NUM_SEATS)]
        self._store_result(result, real)
        self.dealer = (self.dealer + 1) % NUM_SEATS
        if winner is not None:
            self.winner = winner
            self.over = True
            self.last_result.winner = winner
            self.phase = PHASE_GAME_OVER
        else:
            self.phase = PHASE_DEAL_OVER
        self.to_move = -1

    def _golden_failed(self):
        mode = self.rules.golden_fail
        if mode == "keep":
            return
        t = self.table
        for s in range(NUM_SEATS):
            t.scores[s] = 0
            t.bolts[s] = 0
            t.barrel[s] = None
            t.barrels_used[s] = 0
        if mode == "replay":
            self.deals_played = 0
            self.golden_made = False

    def _store_result(self, result, deltas):
        r = DealResult()
        r.number = self.deal_number
        r.dealer = self.dealer
        r.declarer = self.declarer if self.declarer >= 0 else None
        r.bid = self.bid if self.declarer >= 0 else None
        r.contract = self.contract if self.contract else None
        r.result = result
        r.kind = self.kind
        r.dark_declared = self.dark_declared
        r.talon_shown = self.talon_shown
        if result != scoring.CONCEDED and result != scoring.REDEAL:
            r.cards = list(self.card_points)
            r.marriages = list(self.marriage_points)
        r.deltas = deltas
        t = self.table
        r.scores = list(t.scores)
        r.bolts = list(t.bolts)
        r.barrel = list(t.barrel)
        r.barrels_used = list(t.barrels_used)
        r.tricks = list(self.tricks)
        r.trumps = list(self.trumps)
        self.last_result = r
        if self.keep_records:
            self.records.append((list(self.dealt), self.talon_dealt, list(self.log)))
            self.sheet.append(r)

    def unfinished_result(self):
        """The referee's entry for a deal whose actions stopped early."""
        r = DealResult()
        r.number = self.deal_number
        r.dealer = self.dealer
        r.declarer = self.declarer if self.declarer >= 0 else None
        r.bid = self.bid if self.bid else None
        r.contract = self.contract if self.contract else None
        r.kind = self.kind
        r.dark_declared = self.dark_declared
        r.talon_shown = self.talon_shown
        r.cards = list(self.card_points)
        r.marriages = list(self.marriage_points)
        t = self.table
        r.scores = list(t.scores)
        r.bolts = list(t.bolts)
        r.barrel = list(t.barrel)
        r.barrels_used = list(t.barrels_used)
        r.tricks = list(self.tricks)
        r.trumps = list(self.trumps)
        return r

    # ------------------------------------------------------------------ views and records
    def _sees_give(self, seat, target):
        if seat == self.declarer or seat == target:
            return True
        return self.rules.discard_open and self.kind == scoring.NORMAL

    def _sees_talon(self, seat):
        if self.phase == PHASE_DARK or self.phase == PHASE_AUCTION or self.declarer < 0:
            return False
        return seat == self.declarer or self.talon_shown

    def view(self, seat, legal=None, into=None):
        """A SeatView for ``seat``: copies, so nothing in it reaches back into the game.

        ``legal``: the seat's legal actions when the caller has them already.  ``into``:
        a SeatView to fill again instead of a new one (the driver keeps one for all
        the bots, so that a decision allocates no view: on the device a new view's
        attribute table is the allocation that fragmentation makes fail first).  The
        deal's written actions, as this seat saw them, are ``log_text(seat)``.
        """
        v = SeatView() if into is None else into
        v.seat = seat
        v.rules = self.rules  # public knowledge; shared, not copied (RAM), and never changed by readers
        v.phase = self.phase
        v.to_move = self.to_move
        v.legal = self.legal(seat) if legal is None else legal
        v.dealer = self.dealer
        v.first_hand = self.first_hand
        v.deal_number = self.deal_number
        v.kind = self.kind
        v.dark_declared = self.dark_declared
        sees_cards = self.phase != PHASE_DARK and self.deal_start is not None
        v.hand = self.hands[seat] if sees_cards else 0
        v.dealt = self.dealt[seat] if sees_cards else 0
        v.talon = self.talon_dealt if self._sees_talon(seat) else None
        v.talon_shown = self.talon_shown
        v.bid = self.bid
        v.high_bidder = self.high_bidder
        v.declarer = self.declarer
        v.contract = self.contract
        v.received = self.received[seat]
        # The lists are filled in place (slice assignment keeps their storage).
        table = self.table
        for s in range(NUM_SEATS):
            v.hand_counts[s] = 0 if self.phase == PHASE_DARK else C.count(self.hands[s])
            v.bids[s] = self.bids[s]
            v.passed[s] = bool(self.passed >> s & 1)
            v.marriage_points[s] = self.marriage_points[s]
            v.tricks_won[s] = self.tricks_won[s]
            v.card_points[s] = self.card_points[s]
            v.scores[s] = table.scores[s]
            v.bolts[s] = table.bolts[s]
            v.barrel[s] = table.barrel[s]
            v.barrels_used[s] = table.barrels_used[s]
        v.gives[:] = [(c if self._sees_give(seat, t) else -1, t) for (c, t) in self.gives]
        v.trick[:] = [(self.trick_seats[i], self.trick_cards[i]) for i in range(self.trick_len)]
        v.leader = self.leader
        v.trump = self.trump
        v.trump_setter = self.trump_setter
        v.played[:] = self.played
        v.marriages[:] = self.marriages
        v.last_trick[:] = self.last_trick
        v.last_trick_winner = self.last_trick_winner
        v.deals_played = self.deals_played
        v.over = self.over
        v.winner = self.winner
        return v

    def record(self):
        """The whole game so far as a REFEREE.md record (needs ``keep_records=True``)."""
        from thousand.record import game_record

        return game_record(self)

    def seat_record(self, seat):
        """The current deal cut to what ``seat`` may know, as BOTS.md sends it."""
        from thousand.record import seat_record

        return seat_record(self, seat)

    def log_text(self, seat=None):
        """This deal's actions in REFEREE.md text; as ``seat`` saw them when given."""
        from thousand.notation import action_text  # text is for records only: loaded on demand

        out = []
        for entry in self.log:
            s = entry >> 16
            a = entry & 0xFFFF
            hide = False
            if seat is not None and a >> 12 == actions.GIVE:
                hide = not self._sees_give(seat, a & 3)
            out.append(action_text(s, a, hide))
        return out


def best_in_trick(trick_cards, length, suit):
    """The highest card of ``suit`` among the first ``length`` cards, or -1."""
    best = -1
    for i in range(length):
        c = trick_cards[i]
        if c // 6 == suit and c > best:
            best = c
    return best


def playable_mask(hand, seat, trick_cards, length, trump, trump_setter, must_beat, must_overtrump,
                  lead_trump_only_setter):
    """The cards of ``hand`` that ``seat`` may play to a trick of ``length`` cards (RULES 2.1).

    One function for the game and for the bots' open-cards solver, so both follow one rule.
    """
    if length == 0:
        if lead_trump_only_setter and trump >= 0 and seat != trump_setter:
            others = hand & ~(0x3F << (6 * trump))
            if others:
                return others
        return hand
    led = trick_cards[0] // 6
    follow = hand & (0x3F << (6 * led))
    if follow:
        if must_beat:
            higher = follow & ~((2 << best_in_trick(trick_cards, length, led)) - 1)
            if higher:
                return higher
        return follow
    if trump >= 0:
        trumps = hand & (0x3F << (6 * trump))
        if trumps:
            if must_overtrump:
                best = best_in_trick(trick_cards, length, trump)
                if best >= 0:
                    higher = trumps & ~((2 << best) - 1)
                    if higher:
                        return higher
            return trumps
    return hand


def trick_winner(trick_cards, length, trump):
    """Index of the winning card: the highest trump, else the highest of the led suit.

    >>> trick_winner([0, 5, 23], 3, -1)   # 9S, AS, AH: no trump, spades led
    1
    >>> trick_winner([0, 5, 23], 3, 3)    # hearts trump
    2
    """
    led = trick_cards[0] // 6
    best = 0
    best_key = -1
    for i in range(length):
        c = trick_cards[i]
        s = c // 6
        if s == trump:
            key = 100 + c
        elif s == led:
            key = c
        else:
            key = -1
        if key > best_key:
            best_key = key
            best = i
    return best


def _redeal_condition(cards, points_below, nines, jacks):
    """Section 6: fewer points than ``points_below``, or that many nines or jacks (None: off)."""
    if points_below is not None and C.hand_points(cards) < points_below:
        return True
    if nines is not None and C.count(cards & C.ALL_NINES) >= nines:
        return True
    return jacks is not None and C.count(cards & C.ALL_JACKS) >= jacks


def _hand_condition(rules, dealt):
    return _redeal_condition(dealt, rules.redeal_hand_points_below, rules.redeal_hand_nines,
                             rules.redeal_hand_jacks)


def _talon_condition(rules, talon):
    return _redeal_condition(talon, rules.redeal_talon_points_below, rules.redeal_talon_two_nines,
                             rules.redeal_talon_three_jacks)
