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
  9000 solver nodes a decision (4000 a solver run); no noise and no extra margin but
  ``wary``'s (20 over a rival's forced 100, 5 over a bought bid: defending pays; 5 more
  each until 2026-12-07, when bidding 5 to 10 points bolder gained on two hards);
  after the talon it weighs the evaluator's three best pairs of gives by 8 play-outs
  each and announces its contract from 16 play-outs of sampled deals (the second-lowest
  declarer's total less 10: ``auction.declarer_totals``), concedes only 80 points
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

from thousand import PLAYER_LEVELS
from thousand import actions as A
from thousand import cards as C
from thousand.driver import RandomPlayer
from thousand.game import PHASE_AUCTION, PHASE_CONTRACT, PHASE_DARK, PHASE_GIVE, PHASE_PLAY, PHASE_TALON
from thousand.rng import Rng
from thousand.slices import Slices

# Per level: (samples, search when this many cards or fewer are left in hand,
# node budget per decision, node cap per solver run, slip per mille, bid noise,
# extra bid margin (below 0: overbids), posture, careless: counts no cards and feeds no
# partner, play-outs for the contract and for weighing the gives (0: the linear estimate
# for both), wary: what the opponents' side of a deal is worth to it, in points: extra bid
# margin over a forced 100, a quarter of it over a bought bid, and extra concession margin).
_PARAMS = (
    ("easy", (0, 0, 0, 0, 80, 20, -10, False, True, 0, 0)),
    ("normal", (2, 2, 1000, 1000, 40, 15, 2, True, False, 0, 0)),
    ("hard", (12, 5, 9000, 4000, 0, 0, 0, True, False, 16, 20)),
)


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
        self._hands = [0, 0, 0]
        self._scratch = [0] * C.NUM_CARDS
        self._values = [0] * 16
        self._second_give = -1  # the second card of the pair hard's play-outs chose
        self.on_tick = None  # called every 256 solver nodes during a search

    # ------------------------------------------------------------------ dispatch
    def _think(self, view):
        """The decision's generator (``Slices``): the auction's and the declarer's choices are
        ``thousand.bots.auction``'s, the card play ``thousand.bots.play``'s, each imported for
        its phases only (a board's load plan holds one of them at a time: ``thousand.ui.scenes``)."""
        legal = view.legal
        if len(legal) == 1:
            self.result = legal[0]
            return
        phase = view.phase
        if phase == PHASE_PLAY:
            if A.ACTION_CONCEDE in legal:  # the declarer's first card, the last moment to concede
                from thousand.bots import auction

                if auction.wants_concession(self, view):
                    self.result = A.ACTION_CONCEDE
                    return
            from thousand.bots import play

            for _ in play.choose_card(self, view):
                yield
            return
        from thousand.bots import auction

        if phase == PHASE_DARK:
            self.result = A.ACTION_DARK if auction.wants_dark(self, view) else A.ACTION_NODARK
        elif A.ACTION_KEEP in legal:
            self.result = A.ACTION_REDEAL if auction.wants_hand_redeal(self, view) else A.ACTION_KEEP
        elif phase == PHASE_AUCTION:
            if A.ACTION_REDEAL in legal and auction.wants_hand_redeal(self, view):
                self.result = A.ACTION_REDEAL
            else:
                self.result = self._bid(view)
        elif phase == PHASE_TALON or phase == PHASE_GIVE:
            for _ in auction.give(self, view):
                yield
        elif phase == PHASE_CONTRACT:
            for _ in auction.contract(self, view):
                yield
        else:
            self.result = legal[0]

    def _bid(self, view):
        """The level's bid (a method: ``tools/tournament.py``'s variants replace it)."""
        from thousand.bots import auction

        return auction.bid(self, view)
