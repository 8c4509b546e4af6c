"""The computers' card play (``thousand.bots``' ``Bot``, whose dispatch calls ``choose_card`` with
itself as ``bot``): the heuristic's card, a beginner's slip, and the sampling search.

A module of its own so that a board holds it, and the solver, only while the cards are
played (the load plan, ``thousand.ui.scenes``: the auction's code, ``thousand.bots.auction``,
is let go meanwhile, and this one between deals and in the auction).
"""

from thousand import actions as A
from thousand import cards as C
from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.bots.heuristic import choose_play
from thousand.bots.knowledge import Knowledge
from thousand.bots.solver import SearchAborted, Solver

# What making (or breaking) the contract is worth in the search, in card points.
_CONTRACT_WEIGHT = const(200)


def choose_card(bot, view):
    """Sets ``bot.result`` to the heuristic's card; returns the search's slices (a generator,
    a solver run a slice, that sets the search's card where it differs), or nothing to do (an
    empty tuple).  A plain function, not a generator: while the search thinks, a slice at a
    time, this frame is gone (a generator's frame is the thinking's high point on a board:
    docs/memory.md)."""
    know = Knowledge(view)
    if bot.slip and bot.rng.below(1000) < bot.slip:
        bot.result = _slip(bot, view.legal)
        return ()
    if bot.careless:
        # A beginner remembers neither the cards played nor who showed out of a suit:
        # any card he does not hold may still be out, so he draws trumps after the
        # last one has gone and cashes winners into a ruff.
        know.played = 0
        know.voids = [0, 0, 0]
        know.unknown = C.FULL_DECK & ~view.hand
    decl = view.declarer
    mine = False
    if bot.wary and view.seat != decl:
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
    choice = choose_play(view, know, not (bot.careless or mine))
    bot.result = choice
    ace_marriage = A.verb(choice) == A.DECLARE and C.rank_of(A.card(choice)) == C.ACE
    if bot.samples and C.count(view.hand) <= bot.search_cards and not ace_marriage:
        return _search(bot, view, know, choice, not mine)
    return ()


def _slip(bot, legal):
    """A deliberate mistake: a random card, as a careless player picks one.  Even a
    careless player declares the marriage of the king or queen he leads, so the
    silent lead of a declarable card is never the slip."""
    plays = []
    for a in legal:
        if A.is_play(a) and not (A.verb(a) == A.PLAY and A.declare(A.card(a)) in legal):
            plays.append(a)
    return plays[bot.rng.below(len(plays))]


def _search(bot, view, know, fallback, feeds_partner):
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
    # A solver a decision, not one a bot: the module is let go between deals (and imported
    # again), and a solver of the module before would raise a SearchAborted that this one's
    # ``except`` does not know.
    solver = Solver(view.rules)
    solver.tick = bot.on_tick
    utility = [0] * n
    hands = bot._hands
    budget = bot.node_budget
    done = 0
    declarer_side = me == decl
    values = bot._values
    for sample in range(bot.samples):
        if not know.deal_sample(bot.rng, hands, bot._scratch):
            break
        solver.setup(hands, decl if feeds_partner else me, view.trick, view.trump, view.trump_setter, view.tricks_won)
        try:
            for i in range(n):
                a = candidates[i]
                solver.nodes = 0
                solver.limit = min(budget, bot.node_cap)
                values[i] = solver.declarer_points(me, A.card(a), A.verb(a) == A.DECLARE, -1, 1000)
                budget -= solver.nodes
                bot.progress = (sample * n + i + 1) * 100 // (bot.samples * n)
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
    bot.result = candidates[best]
