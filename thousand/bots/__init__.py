"""Computer opponents.  A bot sees one seat's ``SeatView`` and nothing else.

API::

    from thousand.bots import make_bot
    bot = make_bot("hard", seed=7)       # thousand.PLAYER_LEVELS: random, easy, normal, hard
    action = bot.decide(view)            # one of view.legal

``decide`` answers every question a seat meets: the dark question (``view.legal``
holds ``ACTION_DARK``/``ACTION_NODARK``), the redeal question at deal start
(``Game.pending``: the driver passes a view whose ``legal`` is ``[ACTION_REDEAL, ACTION_KEEP]``; a view
with ``ACTION_REDEAL`` among auction actions is the same question on its turn),
bids, the talon redeal, gives, the contract, concession, and each card, declaring a
marriage or not.

Thinking in slices, so that a device's screen never freezes::

    bot.begin(view)                      # cheap: sets the question up
    while not bot.think_step():          # each call does a bounded amount of work
        ui.poll()                        # (at most one solver run of ``node_cap`` nodes)
    action = bot.result

``decide(view)`` is exactly that loop.  ``bot.progress`` (0..100) tells how far
the search is.  A slice is one solver run (at most ``node_cap`` nodes: 4000 on
hard); for finer slices set ``bot.on_tick = poll`` and the solver calls ``poll()``
every 256 nodes from inside the search.  A search that reaches its node budget stops and the bot falls
back to its heuristic (or to what the finished samples said).

Levels differ in what they do with the same view, never in what they see:

- ``easy``: a beginner: heuristic play only, counting no cards (it forgets the cards
  played and the voids shown, so it draws trumps after the last one has gone and cashes
  winners into a ruff) and never feeding a partner who wins the trick; a deliberate slip
  (a random legal card, but never a king or queen led without declaring its marriage) in
  8 % of its plays; bids and contracts from the evaluator with +-20 points of noise and
  10 points of overbidding; no score posture (barrel, 555, dark, concession).
- ``normal``: a club player: sampling search over the last 2 tricks, 2 sampled deals, at
  most 1000 solver nodes a decision; a slip (as easy's) in 4 % of its plays;
  +-15 points of bidding noise, 2 more of margin; score posture on.
- ``hard``: sampling search over the last 5 tricks, 12 sampled deals, at most
  9000 solver nodes a decision (4000 a solver run); no noise and 5 points of extra margin
  (25 over a rival's forced 100, 10 over a bought bid: defending pays, ``wary``);
  after the talon it weighs the evaluator's three best pairs of gives by 8 play-outs
  each and announces its contract from 16 play-outs of sampled deals (the second-lowest
  declarer's total less 10: ``heuristic.declarer_totals``), concedes only 80 points
  under its bid, feeds no partner
  once the contract is made and, once it is made or lost, plays for its own points;
  score posture on: bids
  the barrel exit, pushes a rival on the barrel off the contract, avoids landing
  on 555, gives its dearer card to a defender sitting on the barrel, risks a dark
  game only when far behind a rival close to winning.
- ``random``: a seeded random legal action (tests and benchmarks).

``expert``, the desktop's analysis level, lives in ``thousand/bots/expert.py`` (hard with a
deeper search); this package never imports it, so the device never loads it.

Search (``normal``, ``hard``): the unseen cards are dealt to the other seats
consistently with what the seat knows (``knowledge.Knowledge``: voids shown,
cards given and talon seen) several times; each deal is solved with all cards
open by ``solver.Solver`` (alpha-beta on masks) for every legal card; the card with
the best sum wins, the contract first (made for the declarer, broken for a
defender), the side's points second.  Before the search starts, and whenever it
runs out of budget, ``heuristic.choose_play`` decides.
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand import PLAYER_LEVELS
from thousand import actions as A
from thousand import cards as C
from thousand.bots import evaluate as E
from thousand.bots.evaluate import MARGIN
from thousand.bots import heuristic as H
from thousand.bots.knowledge import Knowledge
from thousand.bots.solver import SearchAborted, Solver
from thousand.driver import RandomPlayer
from thousand.game import (PHASE_AUCTION, PHASE_CONTRACT, PHASE_DARK, PHASE_GIVE,
                           PHASE_PLAY, PHASE_TALON)
from thousand.rng import Rng
from thousand.slices import Slices

# What making (or breaking) the contract is worth in the search, in card points.
_CONTRACT_WEIGHT = const(200)

# Per level: (samples, search when this many cards or fewer are left in hand,
# node budget per decision, node cap per solver run, slip per mille, bid noise,
# extra bid margin (below 0: overbids), posture, careless: counts no cards and feeds no
# partner, play-outs for the contract and for weighing the gives (0: the linear estimate
# for both), wary: what the opponents' side of a deal is worth to it, in points: extra bid
# margin over a forced 100, a quarter of it over a bought bid, and extra concession margin).
_PARAMS = (
    ("easy", (0, 0, 0, 0, 80, 20, -10, False, True, 0, 0)),
    ("normal", (2, 2, 1000, 1000, 40, 15, 2, True, False, 0, 0)),
    ("hard", (12, 5, 9000, 4000, 0, 0, 5, True, False, 16, 20)),
)

# The contract after play-outs: at most the second-lowest declarer's total of 16 play-outs
# less this margin.  A raise that fails costs the raised contract instead of earning the
# bid, so it must be nearly sure: the linear estimate was not, for big raises, and hard
# raised at most 20 above its bid; the play-outs are sure enough for any raise (docs/bots.md).
_PLAYOUT_MARGIN = const(10)
# Hard's gives: the evaluator's best pairs weighed, and the play-outs for each.
_GIVES_WEIGHED = const(3)
_GIVES_PLAYOUTS = const(8)


def make_bot(level, seed=0):
    """The player of ``level`` (one of thousand.PLAYER_LEVELS) with its own seeded random
    stream: the one factory of the table's players."""
    if level == "random":
        return RandomPlayer(seed)
    for name, params in _PARAMS:
        if name == level:
            return Bot(level, seed, params)
    raise ValueError("unknown player '%s' (known: %s)" % (level, ", ".join(PLAYER_LEVELS)))


class Bot(Slices):
    """A computer opponent of one level: ``decide``, or ``begin`` then ``think_step`` until it
    returns True (``result``), over a generator that yields between slices (``thousand.slices``)."""

    def __init__(self, level, seed, params):
        self.level = level
        self.rng = Rng(seed)
        (self.samples, self.search_cards, self.node_budget, self.node_cap, self.slip,
         self.bid_noise, self.bid_margin, self.posture, self.careless, self.playouts,
         self.wary) = params
        self.result = None
        self.progress = 0
        self._steps = None
        self._solver = None
        self._hands = [0, 0, 0]
        self._scratch = [0] * C.NUM_CARDS
        self._values = [0] * 16
        self._second_give = -1  # the second card of the pair hard's play-outs chose
        self.on_tick = None  # called every 256 solver nodes during a search

    # ------------------------------------------------------------------ dispatch
    def _think(self, view):
        legal = view.legal
        if len(legal) == 1:
            self.result = legal[0]
            return
        phase = view.phase
        if phase == PHASE_DARK:
            self.result = A.ACTION_DARK if self._wants_dark(view) else A.ACTION_NODARK
            return
        if A.ACTION_KEEP in legal:
            self.result = A.ACTION_REDEAL if self._wants_hand_redeal(view) else A.ACTION_KEEP
            return
        if phase == PHASE_AUCTION:
            if A.ACTION_REDEAL in legal and self._wants_hand_redeal(view):
                self.result = A.ACTION_REDEAL
            else:
                self.result = self._bid(view)
            return
        if phase == PHASE_TALON or phase == PHASE_GIVE:
            for _ in self._give(view):
                yield
            return
        if phase == PHASE_CONTRACT:
            for _ in self._contract(view):
                yield
            return
        if phase == PHASE_PLAY:
            if A.ACTION_CONCEDE in legal and self._wants_concession(view, E.contract_estimate(view.hand)):
                self.result = A.ACTION_CONCEDE
                return
            for _ in self._play(view):
                yield
            return
        self.result = legal[0]

    # ------------------------------------------------------------------ auction
    def _noise(self):
        if not self.bid_noise:
            return 0
        return self.rng.below(2 * self.bid_noise + 1) - self.bid_noise

    def _wants_dark(self, view):
        """Gamble on a blind 120 only when far behind a rival who is close to winning."""
        if not self.posture:
            return False
        me = view.seat
        best_rival = None
        for s in range(3):
            if s != me and (best_rival is None or view.scores[s] > best_rival):
                best_rival = view.scores[s]
        return best_rival >= 700 and view.scores[me] <= best_rival - 400

    def _wants_hand_redeal(self, view):
        return E.auction_estimate(view.dealt) + self._noise() < 100

    def _bid(self, view):
        me = view.seat
        legal = view.legal
        low = 0
        offered = []
        for a in legal:
            if A.verb(a) == A.BID:
                amount = A.amount(a)
                offered.append(amount)
                if not low or amount < low:
                    low = amount
        if not low:
            return A.ACTION_PASS
        limit = E.auction_estimate(view.dealt) + self._noise() - MARGIN - self.bid_margin
        # The score is relative: a rival's forced 100 fails more often than not, and
        # defending it pays well, so outbid it only with a good hand (docs/bots.md).
        limit -= self.wary if view.bid == 100 else self.wary >> 2
        if self.posture:
            rules = view.rules
            exit_bid = rules.barrel_win
            if view.barrel[me] is not None:
                # On the barrel only a contract of barrel_win or more wins; the last
                # attempt is worth a risk, since running out costs the same fall.
                push = 15 if view.barrel[me] <= 1 else 5
                if limit + push >= exit_bid and exit_bid in offered:
                    return A.bid(exit_bid)
                if limit + push >= exit_bid:
                    limit += push
            else:
                holder = view.high_bidder
                if holder >= 0 and holder != me and view.barrel[holder] is not None:
                    # Do not let a rival on the barrel buy his way out cheaply.
                    limit += 15
            if view.scores[me] + low == 555:
                limit -= 5  # a contract landing on 555 would drop us to 0
        if low <= limit:
            return A.bid(low)
        return A.ACTION_PASS

    # ------------------------------------------------------------------ declarer
    def _give(self, view):
        """Sets ``result``; a generator, as hard's play-outs take a slice of thinking each."""
        legal = view.legal
        hand = view.hand
        me = view.seat
        if view.phase == PHASE_TALON:
            self._second_give = -1
            ranked = E.best_gives(hand, _GIVES_WEIGHED if self.playouts else 1)
            value, first, second = ranked[0]
            estimate = value // 4
            if A.ACTION_REDEAL in legal and estimate < view.bid - 5:
                self.result = A.ACTION_REDEAL
                return
            if A.ACTION_CONCEDE in legal and self._wants_concession(view, estimate):
                self.result = A.ACTION_CONCEDE
                return
            # The dearer card goes where points hurt least: a defender on the barrel gains
            # nothing, else the lower score.
            target = (me + 1) % 3
            other = (me + 2) % 3
            if self.posture and view.barrel[other] is not None and view.barrel[target] is None:
                target = other
            elif view.scores[other] < view.scores[target]:
                target = other
            if not self.playouts:
                self.result = A.give(first if C.RANK_POINTS[C.rank_of(first)] >= C.RANK_POINTS[C.rank_of(second)]
                                     else second, target)
                return
            # Hard weighs the evaluator's best pairs by play-outs of sampled deals, the same
            # random stream for each (so that they meet alike deals), and keeps the pair the
            # declarer takes most with on average (docs/bots.md).
            start = self.rng.get_state()
            totals = [0] * _GIVES_PLAYOUTS
            best = -1
            for _value, a, b in ranked:
                if C.RANK_POINTS[C.rank_of(a)] < C.RANK_POINTS[C.rank_of(b)]:
                    a, b = b, a
                self.rng.set_state(start)
                after = H.after_gives(view, hand & ~(1 << a) & ~(1 << b), ((a, target), (b, 3 - me - target)))
                for _ in H.declarer_totals(after, self.rng, totals, self._hands, self._scratch):
                    yield
                total = sum(totals)
                if total > best:
                    best = total
                    self.result = A.give(a, target)
                    self._second_give = b
            return
        card = self._second_give  # the second card of the pair the play-outs chose
        if card < 0 or not hand >> card & 1:
            card = -1
            best = 0
            for c in C.cards_of(hand):
                value = E.contract_estimate(hand & ~(1 << c)) * 4 - E._give_cost(c, hand)
                if card < 0 or value > best:
                    card = c
                    best = value
        for a in legal:
            if A.verb(a) == A.GIVE and A.card(a) == card:
                self.result = a  # one opponent is left to give to
                return

    def _contract(self, view):
        """Sets ``result``; a generator, as the play-outs take a slice of thinking each."""
        legal = view.legal
        if A.ACTION_CONCEDE in legal and self._wants_concession(view, E.contract_estimate(view.hand)):
            self.result = A.ACTION_CONCEDE
            return
        amounts = []
        for a in legal:
            if A.verb(a) == A.CONTRACT:
                amounts.append(A.amount(a))
        amounts.sort()
        low = amounts[0]
        if self.playouts:
            totals = [0] * self.playouts
            done = 0
            for _ in H.declarer_totals(view, self.rng, totals, self._hands, self._scratch):
                done += 1
                self.progress = done * 100 // self.playouts
                yield
            limit = totals[1] - _PLAYOUT_MARGIN
        else:
            limit = E.contract_estimate(view.hand) + self._noise() - MARGIN - self.bid_margin
        me = view.seat
        choice = low
        for amount in amounts:
            if amount <= limit:
                choice = amount
        if self.posture:
            exit_bid = view.rules.barrel_win
            if view.barrel[me] is not None and choice < exit_bid <= limit + 15 and exit_bid in amounts:
                choice = exit_bid  # the barrel exit is there: take it
            if view.scores[me] + choice == 555 and view.barrel[me] is None:
                if choice + 5 in amounts and choice + 5 <= limit + 10:
                    choice += 5
                elif choice - 5 in amounts:
                    choice -= 5
        self.result = A.contract(choice)

    def _wants_concession(self, view, estimate):
        """Concede only hopeless deals: a failed contract costs as much, and paying
        the defenders half the contract each is dearer than their likely points."""
        if not self.posture:
            return False
        return estimate < view.bid - 60 - self.wary

    # ------------------------------------------------------------------ play
    def _play(self, view):
        know = Knowledge(view)
        if self.slip and self.rng.below(1000) < self.slip:
            self.result = self._slip(view.legal)
            return
        if self.careless:
            # A beginner remembers neither the cards played nor who showed out of a suit:
            # any card he does not hold may still be out, so he draws trumps after the
            # last one has gone and cashes winners into a ruff.
            know.played = 0
            know.voids = [0, 0, 0]
            know.unknown = C.FULL_DECK & ~view.hand
        decl = view.declarer
        mine = False
        if self.wary and view.seat != decl:
            # Once the contract is made, or beyond every card point left and every marriage
            # still whole, the declarer's score is fixed and the other defender is a rival:
            # a wary defender feeds him nothing and plays for his own points (docs/bots.md).
            left = 120 - sum(view.card_points)
            gone = know.played | view.hand
            for suit in range(4):
                if not (gone >> C.make_card(suit, C.QUEEN)) & 3:  # neither its Q nor its K gone
                    left += C.MARRIAGE_VALUES[suit]
            if not gone & C.ALL_ACES:
                left += C.ACE_MARRIAGE_VALUE
            need = view.contract - view.card_points[decl] - view.marriage_points[decl]
            mine = need <= 0 or need > left
        choice = H.choose_play(view, know, not (self.careless or mine))
        self.result = choice
        ace_marriage = A.verb(choice) == A.DECLARE and C.rank_of(A.card(choice)) == C.ACE
        if self.samples and C.count(view.hand) <= self.search_cards and not ace_marriage:
            for _ in self._search(view, know, choice, not mine):
                yield

    def _slip(self, legal):
        """A deliberate mistake: a random card, as a careless player picks one.  Even a
        careless player declares the marriage of the king or queen he leads, so the
        silent lead of a declarable card is never the slip."""
        plays = []
        for a in legal:
            if A.is_play(a) and not (A.verb(a) == A.PLAY and A.declare(A.card(a)) in legal):
                plays.append(a)
        return plays[self.rng.below(len(plays))]

    def _search(self, view, know, fallback, feeds_partner):
        """Sampling search: solve several consistent deals open, keep the best average.

        Each sample is solved exactly (the declarer's points from here on) for every
        candidate card.  The utility puts the contract first (made for the declarer,
        broken for a defender) and the points of the seat's side second; a defender who no
        longer plays for his side (not ``feeds_partner``, as ``heuristic.choose_play`` reads it: his
        declarer's contract is made or lost) counts his own points only.
        """
        decl = view.declarer
        me = view.seat
        need = view.contract - view.card_points[decl] - view.marriage_points[decl]
        candidates = []
        for a in view.legal:
            if A.is_play(a):
                candidates.append(a)
        n = len(candidates)
        if n < 2:
            return
        if self._solver is None:
            self._solver = Solver(view.rules)
        solver = self._solver
        solver.tick = self.on_tick
        utility = [0] * n
        hands = self._hands
        budget = self.node_budget
        done = 0
        declarer_side = me == decl
        values = self._values
        for sample in range(self.samples):
            if not know.deal_sample(self.rng, hands, self._scratch):
                break
            solver.setup(hands, decl if feeds_partner else me, view.trick, view.trump, view.trump_setter, view.tricks_won)
            try:
                for i in range(n):
                    a = candidates[i]
                    solver.nodes = 0
                    solver.limit = min(budget, self.node_cap)
                    values[i] = solver.declarer_points(me, A.card(a), A.verb(a) == A.DECLARE, -1, 1000)
                    budget -= solver.nodes
                    self.progress = (sample * n + i + 1) * 100 // (self.samples * n)
                    yield
            except SearchAborted:
                break
            except RuntimeError:
                # CircuitPython's "pystack exhausted": the search went deeper than the
                # board's Python stack allows (settings.toml's CIRCUITPY_PYSTACK_SIZE is
                # too small).  Keep the heuristic's card rather than stop the game.
                done = 0
                break
            for i in range(n):
                v = values[i]
                made = v >= need
                if not feeds_partner:
                    utility[i] += v  # his own points
                elif declarer_side:
                    utility[i] += (_CONTRACT_WEIGHT if made else 0) + v
                else:
                    utility[i] += (0 if made else _CONTRACT_WEIGHT) - v
            done += 1
        if done < 2:
            return  # too little to go on: keep the heuristic's card
        best = 0
        for i in range(1, n):
            if utility[i] > utility[best]:
                best = i
        if fallback in candidates and utility[candidates.index(fallback)] == utility[best]:
            return
        self.result = candidates[best]
