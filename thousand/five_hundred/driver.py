"""Runs a Five Hundred table: asks the right seat for the right decision and applies it
(the shape of Thousand's ``thousand.driver``).  Players receive only a seat's view.

The order of questions: in the raise window (``raise_own_bid``) the contractor first says
whether he raises (a bid, or the unwritten "no raise"); in the nomination window the Joker's
holder is asked whether he nominates a suit (a nomination, or the unwritten "no") before
the first card is led; otherwise the seat to move.
"""

import gc

from thousand.five_hundred import actions as A
from thousand.five_hundred.game import PHASE_DEAL_OVER, PHASE_GAME_OVER, PHASE_RAISE
from thousand.rng import Rng

SMALL_HEAP = hasattr(gc, "mem_free")  # MicroPython and CircuitPython; not CPython


class RandomPlayer:
    """Chooses uniformly among the legal actions (seeded, portable)."""

    needs_view = False
    level = "random"

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def decide(self, view):
        legal = view.legal
        return legal[self.rng.below(len(legal))]


class Decision:
    """Who must decide what now: ``seat`` and ``legal``; ``question`` is True for the
    raise and nomination questions."""

    def __init__(self, seat, legal, question):
        self.seat = seat
        self.legal = legal
        self.question = question


class TableDriver:
    def __init__(self, game, collect=SMALL_HEAP):
        self.game = game
        self.collect = collect
        self.bot_view = None

    def pending(self):
        """The next Decision, or None when the deal (or the game) is over."""
        game = self.game
        if game.phase == PHASE_DEAL_OVER or game.phase == PHASE_GAME_OVER:
            return None
        if game.phase == PHASE_RAISE:
            legal = []
            for a in game.legal(game.contractor, False):
                v = A.verb(a)
                if v == A.BID or v == A.NO_RAISE:
                    legal.append(a)
            return Decision(game.contractor, legal, True)
        seat = game.nomination_seat()
        if seat >= 0:
            legal = []
            for a in game.legal(seat):
                v = A.verb(a)
                if v == A.NOMINATE or v == A.NO_NOMINATION:
                    legal.append(a)
            return Decision(seat, legal, True)
        seat = game.to_move
        return Decision(seat, game.legal(seat), False)

    def view_for(self, player, decision):
        """What ``player`` sees for ``decision`` (one SeatView refilled for every decision)."""
        if getattr(player, "needs_view", True):
            self.bot_view = self.game.view(decision.seat, decision.legal, self.bot_view)
            return self.bot_view
        return decision

    def answer(self, decision, action):
        game = self.game
        game.apply(decision.seat, action)
        if self.collect and (game.phase == PHASE_DEAL_OVER or game.phase == PHASE_GAME_OVER):
            gc.collect()

    def play_deal(self, players, on_decision=None):
        """Start the next deal and play it to its end; the number of decisions made.
        Thousand's ``TableDriver.play_deal`` written again (the package's docstring says why)."""
        game = self.game
        game.start_deal()
        count = 0
        while True:
            decision = self.pending()
            if decision is None:
                return count
            player = players[decision.seat]
            action = player.decide(self.view_for(player, decision))
            self.answer(decision, action)
            count += 1
            if on_decision is not None:
                on_decision(decision, action)
