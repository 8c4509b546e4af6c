"""Runs a table: asks the player the game waits for (``Game.pending``: the dark question,
the redeal questions, then turns) for its decision and applies it.

Selfplay, the tournament and the screens' controller all go through this.  Players only
ever receive a seat's view (``Game.view``), never the game.

A player is any object with ``decide(view) -> action`` (one of ``view.legal``).
A player whose ``needs_view`` is False gets the Decision itself, which holds ``seat``
and ``legal`` (the random player: it needs nothing more, and building full views
would dominate the benchmark).
"""

import gc

from thousand import actions
from thousand.game import PHASE_DEAL_OVER, PHASE_GAME_OVER
from thousand.rng import Rng

SMALL_HEAP = hasattr(gc, "mem_free")  # MicroPython and CircuitPython; not CPython


class RandomPlayer:
    """The ``random`` level (``thousand.bots.make_bot("random")``), no bot: uniform among the
    legal actions (seeded, portable).  Here, not in the bots, so that the engine plays
    without them (tools/selfplay.py's random players under MicroPython in a 96 KB heap)."""

    needs_view = False
    level = "random"

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def decide(self, view):
        legal = view.legal
        return legal[self.rng.below(len(legal))]


class Decision:
    """Who must decide what now: ``seat`` and ``legal``; ``question`` is True for the
    redeal question of the deal's start (answered REDEAL or KEEP)."""

    def __init__(self, seat, legal, question):
        self.seat = seat
        self.legal = legal
        self.question = question


class TableDriver:
    """Steps a game one decision at a time.

    ``collect``: collect the garbage when a deal ends, so that the next deal's
    allocations start from a tidy heap instead of between the last one's leftovers
    (on the device, fragmentation is what fails first).  By default it is on where
    the heap is small and the collector cheap (MicroPython and CircuitPython, whose
    ``gc`` has ``mem_free``) and off on CPython, where the tournament plays
    hundreds of thousands of deals.  (After every move it gained 2 KB more, but
    made the search's allocations slower: 15 % more instructions per decision.)
    """

    def __init__(self, game, collect=SMALL_HEAP):
        self.game = game
        self.collect = collect
        self.bot_view = None  # the one SeatView every player's decision is filled into

    def pending(self):
        """The next Decision (``Game.pending``'s), or None when the deal (or game) is over."""
        game = self.game
        found = game.pending()
        if found is None:
            return None
        seat, question = found
        return Decision(seat, [actions.ACTION_REDEAL, actions.ACTION_KEEP] if question else game.legal(seat),
                        question)

    def view_for(self, player, decision):
        """What ``player`` sees for ``decision``.

        Players decide one at a time, so one SeatView serves them all: it is filled
        again for every decision and is valid until the next ``view_for``.
        """
        if getattr(player, "needs_view", True):
            self.bot_view = self.game.view(decision.seat, decision.legal, self.bot_view)
            return self.bot_view
        return decision  # its seat and legal are all such a player reads

    def answer(self, decision, action):
        """Apply a player's answer to ``decision`` (IllegalAction if it is not legal)."""
        game = self.game
        game.apply(decision.seat, action)
        if self.collect and (game.phase == PHASE_DEAL_OVER or game.phase == PHASE_GAME_OVER):
            gc.collect()

    def play_deal(self, players, on_decision=None):
        """Start the next deal and play it to its end with ``players`` (one per seat).

        Returns the number of decisions made.
        """
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
