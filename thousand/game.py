"""One state machine for a whole game of Thousand (RULES.md).

The game offers the legal actions of a seat (``legal``), applies one action at a
time (``apply``), refuses an illegal one with a message a player understands and
changes nothing then, and shows each seat exactly what it may know (``view``).

>>> from thousand.rules import Rules
>>> game = Game(Rules.preset("classic"), seed=5)
>>> game.start_deal()
>>> game.phase == PHASE_AUCTION, game.to_move
(True, 2)
>>> game.apply(2, actions.ACTION_PASS)
>>> try:
...     game.apply(0, actions.bid(107))
... except IllegalAction as error:
...     print(error)
bids go up in steps of 5: 107 is not one
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand import CONCEDED, DARK, FAILED, GOLDEN, MADE, NORMAL, REDEAL, UNFINISHED, actions
from thousand import cards as C
from thousand.cards import best_in_trick
from thousand.rng import Rng
from thousand.rules import Rules

PHASE_DARK = const(0)  # the first hand decides on a dark game before seeing cards
PHASE_AUCTION = const(1)
PHASE_TALON = const(2)  # declarer: talon redeal window, first give
PHASE_GIVE = const(3)  # declarer: second give
PHASE_CONTRACT = const(4)
PHASE_PLAY = const(5)
PHASE_DEAL_OVER = const(6)  # waiting for start_deal()
PHASE_GAME_OVER = const(7)

NUM_SEATS = const(3)
HAND_SIZE = const(7)
TALON_SIZE = const(3)
FORCED_BID = const(100)
_DARK_BID = const(120)
_MAX_LISTED_RAISE = const(100)  # with bid_cap none, bids are offered up to this far above the current one

# thousand.cards' encoding, folded as its docstring says, for every move check and move list
# (the bots' play-outs and search too):
_RANKS_PER_SUIT = const(6)
_SUIT_BITS = const(0x3F)

# Why an action is refused: the codes Game.refusal() returns (and start_deal's two), each put
# into words by thousand/explain.py from its entry in assets/text/<language>/refusals.txt, the
# entry of the code's number, headed by the code's name (a test holds the two together).
# Private const()s: they take no room in the loaded module.
_NO_SEAT = const(1)
_GAME_OVER = const(2)
_DEAL_OVER = const(3)
_NO_REDEAL_TO_REFUSE = const(4)
_DARK_FIRST_HAND_ONLY = const(5)
_DARK_QUESTION_FIRST = const(6)
_DARK_OFF = const(7)
_DARK_TOO_LATE = const(8)
_NO_DARK_QUESTION = const(9)
_REDEAL_AFTER_RAISE = const(10)
_REDEAL_HAND_FINE = const(11)
_TALON_REDEAL_DECLARER_ONLY = const(12)
_TALON_REDEAL_AFTER_GIVE = const(13)
_TALON_REDEAL_ONLY_AT_100 = const(14)
_TALON_REDEAL_TALON_FINE = const(15)
_REDEAL_TOO_LATE = const(16)
_CONCEDE_IN_AUCTION = const(17)
_CONCEDE_DECLARER_ONLY = const(18)
_CONCEDE_OFF = const(19)
_CONCEDE_AFTER_PLAY = const(20)
_CONCEDE_DARK = const(21)
_CONCEDE_GOLDEN = const(22)
_CONCEDE_LIMIT = const(23)
_CONCEDE_SITTER = const(24)
_CONCEDE_BARREL = const(25)
_AUCTION_BID_OR_PASS = const(26)
_ALREADY_PASSED = const(27)
_NOT_TURN_TO_BID = const(28)
_BID_STEP = const(29)
_BID_NOT_ABOVE = const(30)
_DARK_OVERBID_NEEDS_MARRIAGE = const(31)
_DARK_OVERBID_LOW = const(32)
_RAISE_BY_5 = const(33)
_BID_ABOVE_CAP = const(34)
_BID_ABOVE_CEILING = const(35)
_BID_ABOVE_LISTED = const(36)
_DECLARER_ACTS = const(37)
_GIVE_BEFORE_CONTRACT = const(38)
_MUST_GIVE = const(39)
_NOT_HELD = const(40)
_GIVE_TO_SELF = const(41)
_NO_TARGET = const(42)
_ALREADY_RECEIVED = const(43)
_MUST_ANNOUNCE = const(44)
_CONTRACT_FIXED = const(45)
_CONTRACT_BELOW_BID = const(46)
_CONTRACT_STEP = const(47)
_CONTRACT_ABOVE_CAP = const(48)
_MUST_PLAY = const(49)
_NOT_TURN_TO_PLAY = const(50)
_LEAD_TRUMP_SETTER_ONLY = const(51)
_MUST_BEAT = const(52)
_MUST_FOLLOW = const(53)
_MUST_OVERTRUMP = const(54)
_MUST_TRUMP = const(55)
_ACE_MARRIAGE_OFF = const(56)
_NOT_ALL_ACES = const(57)
_NOT_MARRIAGE_CARD = const(58)
_NO_MARRIAGE_PAIR = const(59)
_DECLARE_NOT_ON_LEAD = const(60)
_DECLARE_BEFORE_TRICK = const(61)
_DEAL_NOT_OVER = const(62)


def default_start():
    """The ``start`` of a new game: dealer 0, no deals played, every score and mark 0."""
    return {"dealer": 0, "deals_played": 0, "scores": [0] * NUM_SEATS, "bolts": [0] * NUM_SEATS,
            "barrel": [None] * NUM_SEATS, "barrels_used": [0] * NUM_SEATS}


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player."""


class DealResult:
    """What one deal did: the score sheet's row, and the referee's output for it
    (``thousand.record.deal_json``).  Rows read from a game's Sheet have no tricks and trumps
    (None)."""

    def __init__(self):
        self.number = 0
        self.dealer = 0
        self.declarer = None
        self.bid = None
        self.contract = None
        self.result = UNFINISHED
        self.kind = NORMAL
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


class Sheet:
    """The score sheet: a DealResult per settled or redealt deal, read like a list.  Its rows
    are bytes (``thousand.sheet_rows``, about 12 a row), read in order from the first: a row
    holds the marks that changed since the row before, and its scores are the row before's
    plus its changes (the Sheet keeps the scores before its first row).  A save copies the
    bytes as they are.  Rows read have no tricks and trumps (the referee reads those from
    ``Game.last_result`` at the deal's end).  What reads and writes them is
    ``thousand.sheet_rows``'s, loaded when a row is added or read, not held with the game."""

    new_row = DealResult  # what a row is read into (thousand.sheet_rows makes them so)

    def __init__(self):
        self.data = bytearray()  # the rows' bytes, to ``size``, and room for more
        self.size = 0
        self.count = 0  # rows
        self.first_number = 0  # the first row's deal number: the rows are numbered on from it
        self.scores_before = [0, 0, 0]  # the scores before the first row
        self.marks = None  # the last row's marks (thousand.sheet_rows.put_row's)
        self.last_at = 0  # where the last row's bytes begin

    def __len__(self):
        return self.count

    def __iter__(self):
        from thousand.sheet_rows import rows

        return rows(self, 0, self.count, None)

    def __getitem__(self, index):
        from thousand.sheet_rows import rows

        if isinstance(index, slice):
            start, stop, step = index.indices(self.count)
            found = list(rows(self, start, max(start, stop), None))
            return found if step == 1 else found[::step]
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError(index)
        for r in rows(self, index, index + 1, None):
            return r

    def read(self, start, end):
        """Rows ``start`` to ``end`` read one by one into the same DealResult, each valid until
        the next (for a reader that keeps none: the score sheet's screen)."""
        from thousand.sheet_rows import rows

        return rows(self, start, end, DealResult())

    def append(self, result):
        """``result``'s row added (it may be filled again afterwards: a save's reader does
        so).  Its deal number follows the last row's."""
        from thousand.sheet_rows import append

        append(self, result)


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
        self.kind = NORMAL
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
    off to save memory.  ``records_kept`` (None: every deal) bounds the deals whose cards
    and actions are kept to between that many and twice as many (two more where the golden
    deals were made, below), the last ones: the record then starts from the state before its
    first deal kept (``start``), as a record may, and a long game's heap stops growing by its
    records (a board sets it: ``thousand.ui.starting.start``); 0 keeps none, the sheet only (a
    board whose drive is read-only to the game): a record then starts at the deal in play
    (``thousand.record.record_start``).  A record's start cannot say
    that a golden deal was made (REFEREE.md has no such key), so it never starts at the second
    or third golden deal after one was: its replay would set the scores back to zero after the
    third.

    ``start`` (None: ``default_start()``) is taken as it is, complete: a start from outside (a
    record's, a save's, a tool's few keys) goes through ``thousand.checks.checked_start``
    first, which refuses what a game cannot reach and fills in what is left out.
    """

    def __init__(self, rules=None, seed=0, start=None, keep_records=True):
        self.rules = rules if rules is not None else Rules.preset("classic")
        self.rng = Rng(seed)
        self.seed = seed
        self.keep_records = keep_records
        if start is None:
            start = default_start()
        self.start = start
        # The scores between deals, what scoring.settle changes (the game is its table).
        self.scores = list(start["scores"])
        self.bolts = list(start["bolts"])
        self.barrel = list(start["barrel"])  # None, or barrel deals left
        self.barrels_used = list(start["barrels_used"])
        self.dealer = start["dealer"]
        self.deals_played = start["deals_played"]
        self.deal_number = 0  # deals started, redeals included
        self.concessions = [0] * NUM_SEATS
        self.golden_made = False
        self.records = []  # past deals, packed (pack_deal), when record is on
        self.records_kept = None  # see the class: set before the first deal (or a restore's)
        self.records_mark = None  # (a place in records, the state before that deal), once dealt
        self.sheet = Sheet()  # every settled or redealt deal when record is on
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
        self.kind = NORMAL
        self.dark_declared = False
        self.dark_active = False  # dark declared and not (yet) overbid
        self.bid = 0
        self.high_bidder = -1
        self.bids = [None] * n
        self.passed = 0  # bit per seat
        self.silenced = 0  # bit per seat
        self.raised = False
        self.window_open = False  # hand redeal window
        self.questions = 0  # a bit per seat still to be asked the redeal question (pending)
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
        self.log = []  # this deal's actions, KEEP too (a record leaves it out): actions.log_entry

    def start_state(self):
        """The state between deals, as a record's ``start`` object."""
        return {"scores": list(self.scores), "bolts": list(self.bolts), "dealer": self.dealer,
                "barrel": list(self.barrel), "barrels_used": list(self.barrels_used),
                "deals_played": self.deals_played}

    # ------------------------------------------------------------------ dealing
    def start_deal(self, hands=None, talon=None):
        """Deal the next deal: shuffled by the seeded PRNG, or the given masks, taken as they
        are (a caller with a deal from outside checks it first: ``thousand.checks.check_deal``)."""
        if self.over or self.phase != PHASE_DEAL_OVER:
            from thousand.explain import reason_words  # only loaded when needed: saves RAM

            raise IllegalAction(reason_words(self, None, None, _GAME_OVER if self.over else _DEAL_NOT_OVER))
        self._clear_deal()
        self.deal_start = self.start_state()
        kept = self.records_kept
        if kept and self.keep_records:
            # The deal now dealt is records[len(self.records)]: marked once ``kept`` deals are
            # before it (where a record may start), and ``kept`` deals after the mark the ones
            # before it go and the record starts where the one marked began.
            mark = self.records_mark
            if mark is not None and len(self.records) - mark[0] >= kept:
                self.records = self.records[mark[0]:]
                self.start = mark[1]
                self.records_mark = mark = None
            if mark is None and len(self.records) >= kept and not (self.golden_made and self.deals_played < 3):
                self.records_mark = (len(self.records), self.deal_start)
        self.deal_number += 1
        if hands is None:
            deck = list(range(C.NUM_CARDS))
            self.rng.shuffle(deck)
            hands = [0] * NUM_SEATS
            for i in range(NUM_SEATS):
                hands[i] = C.mask_of(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE])
            talon = C.mask_of(deck[NUM_SEATS * HAND_SIZE:])
        self.hands = list(hands)
        self.dealt = list(hands)
        self.talon = talon
        self.talon_dealt = talon
        r = self.rules
        golden = r.golden and self.deals_played < 3
        if (not golden and r.dark and self.scores[self.first_hand] >= r.dark_min_score
                and self.barrel.count(None) == NUM_SEATS):  # nobody sits on the barrel
            # RULES.md 2: the dark question comes before the deal, so before its forced redeal
            self.phase = PHASE_DARK
            self.to_move = self.first_hand
        elif self.four_aces_dealt():
            self._end_without_score(REDEAL)
        elif golden:
            self.kind = GOLDEN
            self.bid = _DARK_BID
            self.high_bidder = self.first_hand
            self._finish_auction(self.first_hand)
        else:
            self._begin_auction()

    def start_play(self, hands, talon, declarer, contract, gives, talon_shown):
        """A deal set up at its first trick for a bot's simulations (hard's play-outs), as
        ``Solver.setup`` sets a position up for solving: the ``hands`` as they are after the
        ``gives`` ((card, target) twice), the ``declarer`` on lead with ``contract``.  Nothing
        is checked and no score changes before the deal is played out: the table's game is
        never set up this way."""
        self._clear_deal()
        self.deal_start = self.start  # the seats see their cards
        self.hands = list(hands)
        self.talon_dealt = talon
        self.talon_shown = talon_shown
        self.declarer = declarer
        self.bid = self.contract = contract
        for c, target in gives:
            self.gives.append((c, target))
            self.received[target] = c
        self.phase = PHASE_PLAY
        self.leader = self.to_move = declarer

    def four_aces_dealt(self):
        """Whether four aces in one dealt hand force a redeal (``redeal_four_aces``)."""
        if self.rules.redeal_four_aces:
            for hand in self.dealt:
                if hand & C.ALL_ACES == C.ALL_ACES:
                    return True
        return False

    def _begin_auction(self):
        self.phase = PHASE_AUCTION
        if self.dark_active:
            self.bid = _DARK_BID
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
        for s in self.redeal_callers():  # asked before the first turn (pending)
            self.questions |= 1 << s

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
        self.talon_shown = not (hidden_at_100 or self.dark_active or self.kind == GOLDEN)
        if self.dark_active:
            self.kind = DARK
        self.phase = PHASE_TALON
        self.to_move = declarer

    # ------------------------------------------------------------------ queries
    def hand_redeal_entitled(self, seat):
        """May ``seat`` call a hand redeal now?"""
        if not self.window_open or self.phase != PHASE_AUCTION:
            return False
        r = self.rules
        return _redeal_condition(self.dealt[seat], r.redeal_hand_points_below, r.redeal_hand_nines,
                                 r.redeal_hand_jacks)

    def redeal_callers(self):
        """Seats that may call a hand redeal now, first hand first."""
        out = []
        for i in range(NUM_SEATS):
            s = (self.first_hand + i) % NUM_SEATS
            if self.hand_redeal_entitled(s):
                out.append(s)
        return out

    def pending(self):
        """(seat, question): whom the game waits for now, and whether it is for the redeal
        question of the auction's start (answered REDEAL or KEEP, first hand first) rather
        than a turn; None when the deal or the game is over."""
        if self.phase >= PHASE_DEAL_OVER:
            return None
        for i in range(NUM_SEATS):
            s = (self.first_hand + i) % NUM_SEATS
            if self.questions >> s & 1:
                return s, True
        return self.to_move, False

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
            low = max(low, _DARK_BID + 5)
        cap = self.bid_cap(seat)
        high = min(self.bid + _MAX_LISTED_RAISE, self.bid_ceiling()) if cap is None else cap
        if not self.rules.bid_jumps:
            high = min(high, low)
        return low, high, 5

    def contract_range(self):
        """(lowest, highest) contract the declarer may announce."""
        if self.kind == DARK or (self.kind == GOLDEN and not self.rules.golden_raise):
            return self.bid, self.bid
        if self.rules.bid_cap == "marriages":
            high = 120 + C.marriages_in(self.hands[self.declarer], self.rules.ace_marriage)
        else:
            high = min(self.bid + _MAX_LISTED_RAISE, self.bid_ceiling())
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
            pair = 3 << (_RANKS_PER_SUIT * suit + C.QUEEN)
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
            if self._talon_redeal_refusal(seat) is None:
                out.append(actions.ACTION_REDEAL)
            for c in C.cards_of(self.hands[seat]):
                for i in range(1, NUM_SEATS):  # the opponents who have no card yet
                    t = (seat + i) % NUM_SEATS
                    if self.received[t] < 0:
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
        else:  # the deal or the game is over
            return out
        if self._concession_refusal(seat) is None:
            out.append(actions.ACTION_CONCEDE)
        return out

    # ------------------------------------------------------------------ legality
    # refusal() is the one place that decides whether an action is legal; legal() lists the
    # actions it accepts, built from the same queries (bid_range, contract_range, playable,
    # declarable, the redeal and concession checks); a test holds the two together.

    def refusal(self, seat, action):
        """None when ``seat`` may do ``action`` now, else why not: a code that
        ``thousand.explain`` puts into words (loaded only on a refusal)."""
        if not isinstance(seat, int) or seat < 0 or seat >= NUM_SEATS:
            return _NO_SEAT
        if self.over:
            return _GAME_OVER
        phase = self.phase
        v = actions.verb(action)
        if phase == PHASE_DEAL_OVER:
            return _DEAL_OVER
        if v == actions.KEEP:
            return None if self.hand_redeal_entitled(seat) else _NO_REDEAL_TO_REFUSE
        if phase == PHASE_DARK:
            if seat != self.first_hand:
                return _DARK_FIRST_HAND_ONLY
            if v == actions.DARK or v == actions.NODARK:
                return None
            return _DARK_QUESTION_FIRST
        if v == actions.DARK:
            return _DARK_TOO_LATE if self.rules.dark else _DARK_OFF
        if v == actions.NODARK:
            return _NO_DARK_QUESTION
        if v == actions.REDEAL:
            if phase == PHASE_AUCTION:
                if self.hand_redeal_entitled(seat):
                    return None
                return _REDEAL_HAND_FINE if self.window_open else _REDEAL_AFTER_RAISE
            if phase == PHASE_TALON or phase == PHASE_GIVE:
                return self._talon_redeal_refusal(seat)
            return _REDEAL_TOO_LATE
        if v == actions.CONCEDE:
            return self._concession_refusal(seat)
        if phase == PHASE_AUCTION:
            if v != actions.PASS and v != actions.BID:
                return _AUCTION_BID_OR_PASS
            if seat != self.to_move:
                return _ALREADY_PASSED if self.passed >> seat & 1 else _NOT_TURN_TO_BID
            if v == actions.PASS:
                return None
            return self._bid_refusal(seat, actions.amount(action))
        if seat != self.declarer and phase != PHASE_PLAY:
            return _DECLARER_ACTS
        if phase == PHASE_TALON or phase == PHASE_GIVE:
            if v == actions.CONTRACT:
                return _GIVE_BEFORE_CONTRACT
            if v != actions.GIVE:
                return _MUST_GIVE
            target = actions.target(action)
            if not self.hands[seat] >> actions.card(action) & 1:
                return _NOT_HELD
            if target == seat:
                return _GIVE_TO_SELF
            if target >= NUM_SEATS:
                return _NO_TARGET
            return _ALREADY_RECEIVED if self.received[target] >= 0 else None
        if phase == PHASE_CONTRACT:
            if v != actions.CONTRACT:
                return _MUST_ANNOUNCE
            return self._contract_refusal(actions.amount(action))
        if v != actions.PLAY and v != actions.DECLARE:
            return _MUST_PLAY
        if seat != self.to_move:
            return _NOT_TURN_TO_PLAY
        card = actions.card(action)
        if card >= C.NUM_CARDS or not self.hands[seat] >> card & 1:
            return _NOT_HELD
        if not self.playable(seat) >> card & 1:
            return self._unplayable_refusal(seat, card)
        if v == actions.DECLARE and not self.declarable(seat) >> card & 1:
            return self._undeclarable_refusal(seat, card)
        return None

    def is_legal(self, seat, action):
        return self.refusal(seat, action) is None

    def _talon_redeal_refusal(self, seat):
        if seat != self.declarer:
            return _TALON_REDEAL_DECLARER_ONLY
        if self.phase != PHASE_TALON:
            return _TALON_REDEAL_AFTER_GIVE
        if self.rules.redeal_talon_only_at_100 and self.bid != FORCED_BID:
            return _TALON_REDEAL_ONLY_AT_100
        r = self.rules
        if _redeal_condition(self.talon_dealt, r.redeal_talon_points_below, r.redeal_talon_two_nines,
                             r.redeal_talon_three_jacks):
            return None
        return _TALON_REDEAL_TALON_FINE

    def _concession_refusal(self, seat):
        """Why ``seat`` may not concede now (RULES.md 4.3), or None."""
        if self.phase == PHASE_AUCTION:
            return _CONCEDE_IN_AUCTION
        if seat != self.declarer:
            return _CONCEDE_DECLARER_ONLY
        r = self.rules
        if not r.concede:
            return _CONCEDE_OFF
        if self.played or self.trick_len:
            return _CONCEDE_AFTER_PLAY
        if self.kind == DARK and not r.dark_concede:
            return _CONCEDE_DARK
        if self.kind == GOLDEN and not r.golden_concede:
            return _CONCEDE_GOLDEN
        if r.concede_limit is not None and self.concessions[seat] >= r.concede_limit:
            return _CONCEDE_LIMIT
        barrel = self.barrel
        if r.concede_on_barrel == "not_sitter" and barrel[seat] is not None:
            return _CONCEDE_SITTER
        if r.concede_on_barrel == "nobody":
            for b in barrel:
                if b is not None:
                    return _CONCEDE_BARREL
        return None

    def _bid_refusal(self, seat, amount):
        if amount % 5:
            return _BID_STEP
        if amount <= self.bid:
            return _BID_NOT_ABOVE
        if self.dark_active and C.marriages_in(self.dealt[seat], self.rules.ace_marriage) == 0:
            return _DARK_OVERBID_NEEDS_MARRIAGE
        low, high, _step = self.bid_range(seat)
        if amount < low:
            return _DARK_OVERBID_LOW
        if amount <= high:
            return None
        if not self.rules.bid_jumps and amount > self.bid + 5:
            return _RAISE_BY_5
        if self.bid_cap(seat) is not None:
            return _BID_ABOVE_CAP
        return _BID_ABOVE_CEILING if amount > self.bid_ceiling() else _BID_ABOVE_LISTED

    def _contract_refusal(self, amount):
        low, high = self.contract_range()
        if amount == low:
            return None
        if low == high:
            return _CONTRACT_FIXED
        if amount < low:
            return _CONTRACT_BELOW_BID
        if amount % 5:
            return _CONTRACT_STEP
        return _CONTRACT_ABOVE_CAP if amount > high else None

    def _unplayable_refusal(self, seat, card):
        """Which rule of playable() keeps ``card`` (held) from the trick, read from what
        that mask allows."""
        if self.trick_len == 0:
            return _LEAD_TRUMP_SETTER_ONLY  # the only rule that restricts a lead
        led = self.trick_cards[0] // _RANKS_PER_SUIT
        if self.playable(seat) & C.suit_mask(led):  # it must follow
            return _MUST_BEAT if card // _RANKS_PER_SUIT == led else _MUST_FOLLOW
        return _MUST_OVERTRUMP if card // _RANKS_PER_SUIT == self.trump else _MUST_TRUMP

    def _undeclarable_refusal(self, seat, card):
        """Which condition of declarable() a playable ``card`` misses."""
        rank = card % _RANKS_PER_SUIT
        hand = self.hands[seat]
        if rank == C.ACE:
            if not self.rules.ace_marriage:
                return _ACE_MARRIAGE_OFF
            if hand & C.ALL_ACES != C.ALL_ACES:
                return _NOT_ALL_ACES
        elif rank != C.KING and rank != C.QUEEN:
            return _NOT_MARRIAGE_CARD
        elif not hand >> (card ^ 1) & 1:  # queen and king differ in the last bit
            return _NO_MARRIAGE_PAIR
        return _DECLARE_NOT_ON_LEAD if self.trick_len else _DECLARE_BEFORE_TRICK

    # ------------------------------------------------------------------ applying
    def apply(self, seat, action):
        """Apply one action of ``seat``; raise IllegalAction (changing nothing) if illegal."""
        reason = self.refusal(seat, action)
        if reason is not None:
            from thousand.explain import reason_words  # only loaded when needed: saves RAM

            raise IllegalAction(reason_words(self, seat, action, reason))
        v = actions.verb(action)
        if v != actions.NODARK:  # KEEP is logged for saves and undo; records leave it out
            self.log.append(actions.log_entry(seat, action))
        if v == actions.KEEP:  # a redeal question answered (pending)
            self.questions &= ~(1 << seat)
            return
        self.questions = 0  # a record writes no KEEP: any other action answers KEEP to the rest
        if v == actions.DARK or v == actions.NODARK:
            if v == actions.DARK:
                self.dark_declared = True
                self.dark_active = True
            if self.four_aces_dealt():
                self._end_without_score(REDEAL)
            else:
                self._begin_auction()
        elif v == actions.REDEAL:
            self._end_without_score(REDEAL)
        elif v == actions.PASS:
            self.passed |= 1 << seat
            self._next_bidder()
        elif v == actions.BID:
            self.bid = actions.amount(action)
            self.bids[seat] = self.bid
            self.high_bidder = seat
            self.raised = True
            self.window_open = False
            self.dark_active = False
            self._next_bidder()
        elif v == actions.GIVE:
            c = actions.card(action)
            t = actions.target(action)
            self.hands[seat] &= ~(1 << c)
            self.hands[t] |= 1 << c
            self.received[t] = c
            self.gives.append((c, t))
            self.phase = PHASE_GIVE if len(self.gives) < NUM_SEATS - 1 else PHASE_CONTRACT
        elif v == actions.CONTRACT:
            self.contract = actions.amount(action)
            self.phase = PHASE_PLAY
            self.leader = self.declarer
            self.to_move = self.declarer
        elif v == actions.CONCEDE:
            if not self.contract:
                self.contract = self.bid
            self.concessions[seat] += 1
            self._settle(CONCEDED)
        else:
            self._play(seat, actions.card(action), v == actions.DECLARE)

    def _play(self, seat, card, declaring):
        if declaring:
            self.trump_setter = seat
            if card % _RANKS_PER_SUIT == C.ACE:
                self.marriage_points[seat] += C.ACE_MARRIAGE_VALUE
                self.marriages.append((seat, 4))
            else:
                suit = card // _RANKS_PER_SUIT
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
            points += C.RANK_POINTS[self.trick_cards[i] % _RANKS_PER_SUIT]
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
            from thousand.scoring import declarer_made  # a deal's end: loaded for it

            made = declarer_made(self.rules, self.contract, self.card_points[self.declarer],
                                 self.marriage_points[self.declarer])
            self._settle(MADE if made else FAILED)

    def _end_without_score(self, result):
        """A redeal: nothing changes, the same dealer deals again."""
        from thousand.scoring import deal_row  # a deal's end: loaded for it (thousand/ui/scenes.py)

        self._store_result(deal_row(self, result, [0] * NUM_SEATS, DealResult()))
        self.phase = PHASE_DEAL_OVER
        self.to_move = -1

    def _settle(self, result):
        """A deal played or conceded to its end: scored (``thousand.scoring.end_deal``, which
        also fills in its row), the next dealer, the game over or the next deal to deal."""
        from thousand.scoring import end_deal  # a deal's end: loaded for it (thousand/ui/scenes.py)

        row = DealResult()
        winner = end_deal(self, result, row)
        self._store_result(row, winner)
        self.dealer = (self.dealer + 1) % NUM_SEATS
        if winner is not None:
            self.winner = winner
            self.over = True
            self.phase = PHASE_GAME_OVER
        else:
            self.phase = PHASE_DEAL_OVER
        self.to_move = -1

    def _store_result(self, row, winner=None):
        row.winner = winner
        self.last_result = row
        if self.keep_records:
            if self.records_kept != 0:
                self.records.append(pack_deal(self.dealt, self.talon_dealt, self.log))
            self.sheet.append(row)

    def unfinished_result(self):
        """The referee's entry for a deal whose actions stopped early."""
        from thousand.scoring import deal_row

        return deal_row(self, UNFINISHED, [0] * NUM_SEATS, DealResult())

    # ------------------------------------------------------------------ views and records
    def _sees_give(self, seat, target):
        if seat == self.declarer or seat == target:
            return True
        return self.rules.discard_open and self.kind == NORMAL

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
        for s in range(NUM_SEATS):
            v.hand_counts[s] = 0 if self.phase == PHASE_DARK else C.count(self.hands[s])
            v.bids[s] = self.bids[s]
            v.passed[s] = bool(self.passed >> s & 1)
            v.marriage_points[s] = self.marriage_points[s]
            v.tricks_won[s] = self.tricks_won[s]
            v.card_points[s] = self.card_points[s]
            v.scores[s] = self.scores[s]
            v.bolts[s] = self.bolts[s]
            v.barrel[s] = self.barrel[s]
            v.barrels_used[s] = self.barrels_used[s]
        del v.gives[:]
        for c, t in self.gives:
            v.gives.append((c if self._sees_give(seat, t) else -1, t))
        del v.trick[:]
        for i in range(self.trick_len):
            v.trick.append((self.trick_seats[i], self.trick_cards[i]))
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


def pack_deal(dealt, talon, log):
    """A deal of ``Game.records`` in bytes, 3 a number: the dealt hands, the talon, each log
    entry (a tuple of lists took about twice as much of a board's heap)."""
    values = list(dealt) + [talon] + list(log)
    out = bytearray(3 * len(values))
    for i in range(len(values)):
        v = values[i]
        out[3 * i] = v & 0xFF
        out[3 * i + 1] = (v >> 8) & 0xFF
        out[3 * i + 2] = v >> 16
    return bytes(out)


def unpack_deal(packed):
    """(dealt hands, talon, log) of a deal that ``pack_deal`` packed."""
    values = [packed[i] | packed[i + 1] << 8 | packed[i + 2] << 16 for i in range(0, len(packed), 3)]
    return values[0:3], values[3], values[4:]


def playable_mask(hand, seat, trick_cards, length, trump, trump_setter, must_beat, must_overtrump,
                  lead_trump_only_setter):
    """The cards of ``hand`` that ``seat`` may play to a trick of ``length`` cards (RULES 2.1).

    One function for the game and for the bots' open-cards solver, so both follow one rule.
    """
    if length == 0:
        if lead_trump_only_setter and trump >= 0 and seat != trump_setter:
            others = hand & ~(_SUIT_BITS << (_RANKS_PER_SUIT * trump))
            if others:
                return others
        return hand
    led = trick_cards[0] // _RANKS_PER_SUIT
    follow = hand & (_SUIT_BITS << (_RANKS_PER_SUIT * led))
    if follow:
        if must_beat:
            higher = follow & ~((2 << best_in_trick(trick_cards, length, led)) - 1)
            if higher:
                return higher
        return follow
    if trump >= 0:
        trumps = hand & (_SUIT_BITS << (_RANKS_PER_SUIT * trump))
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
    led = trick_cards[0] // _RANKS_PER_SUIT
    best = 0
    best_key = -1
    for i in range(length):
        c = trick_cards[i]
        s = c // _RANKS_PER_SUIT
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
