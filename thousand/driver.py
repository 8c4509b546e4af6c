"""Runs a table: asks the right player for the right decision and applies it.

Selfplay, the tournament and the screens' controller all go through this, so the
order of questions (dark, then the redeal questions, then turns) is the same
everywhere.  Players only ever receive a seat's view (``Game.view``), never the game.

A player is any object with ``decide(view) -> action`` (one of ``view.legal``).
A player whose ``needs_view`` is False gets a lighter object holding only
``seat`` and ``legal`` (the random player: it needs nothing more, and building full
views would dominate the benchmark).
"""

import gc

from thousand import PLAYER_LEVELS, actions
from thousand.game import PHASE_AUCTION, PHASE_DEAL_OVER, PHASE_GAME_OVER
from thousand.rng import Rng

SMALL_HEAP = hasattr(gc, "mem_free")  # MicroPython and CircuitPython; not CPython


class LegalOnly:
    """The part of a view a random player needs."""

    def __init__(self, seat, legal):
        self.seat = seat
        self.legal = legal


class RandomPlayer:
    """Chooses uniformly among the legal actions (seeded, portable)."""

    needs_view = False

    def __init__(self, seed=0):
        self.rng = Rng(seed)
        self.name = "random"

    def decide(self, view):
        legal = view.legal
        return legal[self.rng.below(len(legal))]


BOT_LEVELS = PLAYER_LEVELS[1:]  # the levels of thousand.bots


def make_player(name, seed=0):
    """A player by level name: ``random`` or a bot level of ``thousand.bots``."""
    if name == "random":
        return RandomPlayer(seed)
    if name not in BOT_LEVELS:
        raise ValueError("unknown player '%s' (known: %s)" % (name, ", ".join(player_names())))
    from thousand import bots

    return bots.make_bot(name, seed)


def player_names():
    return list(PLAYER_LEVELS)


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
        self.questions = []  # seats still to be asked about a hand redeal
        self.asked_deal = -1  # deal number whose redeal questions were set up
        self.bot_view = None  # the one SeatView every player's decision is filled into

    def pending(self):
        """The next Decision, or None when the deal (or game) is over."""
        game = self.game
        if game.phase == PHASE_DEAL_OVER or game.phase == PHASE_GAME_OVER:
            return None
        if game.phase == PHASE_AUCTION and self.asked_deal != game.deal_number:
            self.asked_deal = game.deal_number
            self.questions = game.redeal_callers()
        while self.questions:
            seat = self.questions[0]
            if game.hand_redeal_entitled(seat):
                return Decision(seat, [actions.ACTION_REDEAL, actions.ACTION_KEEP], True)
            self.questions.pop(0)
        seat = game.to_move
        return Decision(seat, game.legal(seat), False)

    def view_for(self, player, decision):
        """What ``player`` sees for ``decision``.

        Players decide one at a time, so one SeatView serves them all: it is filled
        again for every decision and is valid until the next ``view_for``.
        """
        if getattr(player, "needs_view", True):
            self.bot_view = self.game.view(decision.seat, decision.legal, self.bot_view)
            return self.bot_view
        return LegalOnly(decision.seat, decision.legal)

    def answer(self, decision, action):
        """Apply a player's answer to ``decision`` (IllegalAction if it is not legal)."""
        if decision.question:
            self.questions.pop(0)
            if action == actions.ACTION_KEEP:
                return
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
