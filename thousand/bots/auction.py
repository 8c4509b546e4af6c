"""The computers' auction and declarer's choices (``thousand.bots``' ``Bot``, whose dispatch
calls these with itself as ``bot``): the dark question, the redeal of a hand, the bids, the
talon's redeal, the gives, the contract and the concession.

A module of its own so that a board holds it only while the game is in those phases (the
load plan, ``thousand.ui.scenes``: the play's code, ``thousand.bots.play``, is let go
meanwhile, and this one during the play).

Play-outs (``declarer_totals``): sampled deals played out by the heuristic's rules
(``heuristic.choose_play``) for every seat, for hard's gives and contract.  The contract
estimate from the eight kept cards (``evaluate.contract_estimate``, a linear model) cannot
see how the cards play together; the play-outs can: the declarer's total over them predicts
his real total with an error of 19 points where the linear model's is 24 (docs/bots.md).
Fair by construction: the deals are ``Knowledge.deal_sample``'s, drawn from the seat's view
only, and they are played out on a ``Game`` of the bot's own (the engine as a simulator),
never on the table's game.  (Here, not in the heuristic's module, which the play holds too:
0.6 KB of bytecode a board held through every trick for nothing.)
"""

from thousand import actions as A
from thousand import cards as C
from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.bots.evaluate import MARGIN, _give_cost, auction_estimate, best_gives, contract_estimate
from thousand.bots.heuristic import choose_play
from thousand.bots.knowledge import Knowledge
from thousand.game import PHASE_TALON, Game, SeatView, trick_winner

# thousand.cards' encoding, folded as its docstring says, for every play-out's last trick:
_RANKS_PER_SUIT = const(6)
# The contract after play-outs: at most the second-lowest declarer's total of 16 play-outs
# less this margin.  A raise that fails costs the raised contract instead of earning the
# bid, so it must be nearly sure: the linear estimate was not, for big raises, and hard
# raised at most 20 above its bid; the play-outs are sure enough for any raise (docs/bots.md).
_PLAYOUT_MARGIN = const(10)
# Hard's gives: the evaluator's best pairs weighed, and the play-outs for each.
_GIVES_WEIGHED = const(3)
_GIVES_PLAYOUTS = const(8)



def _noise(bot):
    if not bot.bid_noise:
        return 0
    return bot.rng.below(2 * bot.bid_noise + 1) - bot.bid_noise


def wants_dark(bot, view):
    """Gamble on a blind 120 only when far behind a rival who is close to winning."""
    if not bot.posture:
        return False
    me = view.seat
    best_rival = None
    for s in range(3):
        if s != me and (best_rival is None or view.scores[s] > best_rival):
            best_rival = view.scores[s]
    return best_rival >= 700 and view.scores[me] <= best_rival - 400


def wants_hand_redeal(bot, view):
    return auction_estimate(view.dealt) + _noise(bot) < 100


def bid(bot, view):
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
    limit = auction_estimate(view.dealt) + _noise(bot) - MARGIN - bot.bid_margin
    # The score is relative: a rival's forced 100 fails more often than not, and
    # defending it pays well, so outbid it only with a good hand (docs/bots.md).
    limit -= bot.wary if view.bid == 100 else bot.wary >> 2
    if bot.posture:
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
def _play_out(view, hands, scratch):
    """The declarer's points (cards and marriages) in one play-out of the deal ``hands``.

    A plain function, not the generator's own code: a collection scans a generator's frame
    whole, the stack slots above its top included, and the play-out's game and views left
    there (a method's ``self``, a call's argument) stayed alive between two slices, where the
    board's heap is measured: some 3 KB at a hard declarer's gives and contract, the table's
    highest tick (docs/memory.md, "Stale slots of a generator's frame").  This frame is gone
    at the return."""
    me = view.seat
    game = Game(view.rules, keep_records=False)
    seat_view = SeatView()
    game.start_play(hands, view.talon, me, view.bid, view.gives, view.talon_shown)
    # Seven tricks by the heuristic; the last one plays itself (one card each).
    while game.hands[me] & (game.hands[me] - 1) or game.trick_len:
        seat = game.to_move
        game.view(seat, None, seat_view)
        game.apply(seat, choose_play(seat_view, Knowledge(seat_view)))
    seat = game.leader
    points = 0
    for j in range(3):
        scratch[j] = C.lowest(game.hands[(seat + j) % 3])  # the sample is read: free
        points += C.RANK_POINTS[scratch[j] % _RANKS_PER_SUIT]
    if (seat + trick_winner(scratch, 3, game.trump)) % 3 == me:
        points += game.card_points[me]
    else:
        points = game.card_points[me]
    return points + game.marriage_points[me]


class _AfterGives:
    """The declarer's view (at the talon) as it will be once he has made ``gives`` ((card,
    target) twice) and kept ``kept``: only what ``declarer_totals`` reads of a SeatView (its
    Knowledge and each play-out), before the first trick (no card played, no marriage, no
    trump).  Held through hard's play-outs at the talon, the table's highest ticks: a SeatView
    filled for it took 0.9 KB there, this takes 0.2 KB (docs/memory.md)."""

    trump = -1
    played = ()
    marriages = ()

    def __init__(self, view, kept, gives):
        self.seat = self.declarer = view.seat
        self.rules = view.rules
        self.hand = kept
        self.talon = view.talon
        self.talon_shown = view.talon_shown
        self.bid = view.bid
        count = C.count(kept)
        self.hand_counts = (count, count, count)
        self.gives = gives


def declarer_totals(view, rng, out, hands, scratch):
    """Fill ``out`` with the declarer's points (cards and marriages) in ``len(out)`` play-outs
    of deals sampled from ``view`` (the declarer's, before the first trick); sorted, lowest
    first, once the generator is done (it yields after each play-out).  ``hands`` (3) and
    ``scratch`` (24) are the caller's preallocated lists."""
    know = Knowledge(view)
    for i in range(len(out)):
        if not know.deal_sample(rng, hands, scratch):
            return  # not before the first trick, where no void is shown; out stays as it is
        out[i] = _play_out(view, hands, scratch)
        # A play-out leaves some 15 KB of garbage (views, Knowledge, legal lists): a slice
        # of the bot's thinking each, so that the heap is tidied between them.
        yield
    out.sort()


def give(bot, view):
    """Sets ``result``; a generator, as hard's play-outs take a slice of thinking each."""
    legal = view.legal
    hand = view.hand
    me = view.seat
    if view.phase == PHASE_TALON:
        bot._second_give = -1
        ranked = best_gives(hand, _GIVES_WEIGHED if bot.playouts else 1)
        value, first, second = ranked[0]
        estimate = value // 4
        if A.ACTION_REDEAL in legal and estimate < view.bid - 5:
            bot.result = A.ACTION_REDEAL
            return
        if A.ACTION_CONCEDE in legal and wants_concession(bot, view, estimate):
            bot.result = A.ACTION_CONCEDE
            return
        # The dearer card goes where points hurt least: a defender on the barrel gains
        # nothing, else the lower score.
        target = (me + 1) % 3
        other = (me + 2) % 3
        if bot.posture and view.barrel[other] is not None and view.barrel[target] is None:
            target = other
        elif view.scores[other] < view.scores[target]:
            target = other
        if not bot.playouts:
            bot.result = A.give(first if C.RANK_POINTS[C.rank_of(first)] >= C.RANK_POINTS[C.rank_of(second)]
                                 else second, target)
            return
        # Hard weighs the evaluator's best pairs by play-outs of sampled deals, the same
        # random stream for each (so that they meet alike deals), and keeps the pair the
        # declarer takes most with on average (docs/bots.md).
        start = bot.rng.get_state()
        totals = [0] * _GIVES_PLAYOUTS
        best = -1
        for _value, a, b in ranked:
            if C.RANK_POINTS[C.rank_of(a)] < C.RANK_POINTS[C.rank_of(b)]:
                a, b = b, a
            bot.rng.set_state(start)
            after = _AfterGives(view, hand & ~(1 << a) & ~(1 << b), ((a, target), (b, 3 - me - target)))
            for _ in declarer_totals(after, bot.rng, totals, bot._hands, bot._scratch):
                yield
            total = sum(totals)
            if total > best:
                best = total
                bot.result = A.give(a, target)
                bot._second_give = b
        return
    card = bot._second_give  # the second card of the pair the play-outs chose
    if card < 0 or not hand >> card & 1:
        card = -1
        best = 0
        for c in C.cards_of(hand):
            value = contract_estimate(hand & ~(1 << c)) * 4 - _give_cost(c, hand)
            if card < 0 or value > best:
                card = c
                best = value
    for a in legal:
        if A.verb(a) == A.GIVE and A.card(a) == card:
            bot.result = a  # one opponent is left to give to
            return


def contract(bot, view):
    """Sets ``result``; a generator, as the play-outs take a slice of thinking each."""
    legal = view.legal
    if A.ACTION_CONCEDE in legal and wants_concession(bot, view, contract_estimate(view.hand)):
        bot.result = A.ACTION_CONCEDE
        return
    amounts = []
    for a in legal:
        if A.verb(a) == A.CONTRACT:
            amounts.append(A.amount(a))
    amounts.sort()
    low = amounts[0]
    if bot.playouts:
        totals = [0] * bot.playouts
        done = 0
        for _ in declarer_totals(view, bot.rng, totals, bot._hands, bot._scratch):
            done += 1
            bot.progress = done * 100 // bot.playouts
            yield
        limit = totals[1] - _PLAYOUT_MARGIN
    else:
        limit = contract_estimate(view.hand) + _noise(bot) - MARGIN - bot.bid_margin
    me = view.seat
    choice = low
    for amount in amounts:
        if amount <= limit:
            choice = amount
    if bot.posture:
        exit_bid = view.rules.barrel_win
        if view.barrel[me] is not None and choice < exit_bid <= limit + 15 and exit_bid in amounts:
            choice = exit_bid  # the barrel exit is there: take it
        if view.scores[me] + choice == 555 and view.barrel[me] is None:
            if choice + 5 in amounts and choice + 5 <= limit + 10:
                choice += 5
            elif choice - 5 in amounts:
                choice -= 5
    bot.result = A.contract(choice)


def wants_concession(bot, view, estimate=None):
    """Concede only hopeless deals: a failed contract costs as much, and paying the defenders
    half the contract each is dearer than their likely points.  ``estimate``: what the
    declarer expects to take; by default (at his first card, the last moment he may concede)
    the linear estimate of his hand."""
    if not bot.posture:
        return False
    if estimate is None:
        estimate = contract_estimate(view.hand)
    return estimate < view.bid - 60 - bot.wary
