"""Five Hundred's computer players, each reading one seat's view (``SeatView``) only.

* ``random``: uniform among the legal actions (``thousand.five_hundred.driver.RandomPlayer``).
* ``easy`` (``thousand.five_hundred.easy.EasyBot``): a simple heuristic (below).
* ``normal`` and ``hard`` (``thousand.five_hundred.search.SearchBot``, loaded only for them):
  they imagine the deal.  Each decision draws deals
  of the cards the seat has not seen (``thousand.five_hundred.playout``: consistent with the
  suits shown out of, the Joker's nominator, the open misère hand) and plays each one out to
  the tenth trick, every seat by one quick rule: the card (or, for hard, the discard and the
  Joker's nomination) that scores best for the seat's side over those deals is chosen.  In
  the auction each denomination worth a look is played out over sampled kitties and deals
  (the kitty taken, the three cheapest cards laid down), and the bot bids the contract of the
  best expected score among those made often enough.  A partner (4 players) counts his
  side's tricks and never outbids his partner.  Normal draws fewer deals, weighs the discard
  and the nomination by rule as easy does, and slips a card now and then.  Both think in
  slices (``thousand.slices``, as Thousand's bots): ``begin(view)``, then ``think_step()``,
  a play-out each, until it returns True and ``result`` holds the action; ``decide(view)``
  is that loop, and the controller steps a slice a tick so that a board's screen lives.
* ``easy``: a simple heuristic.  It bids the denomination its hand counts the most tricks
  in (trumps by rank, side aces and kings, a trick from the kitty) and never outbids its
  partner; it keeps its bid; it discards the weakest cards (the highest in a misère); it
  plays the lowest card that wins the trick, or its lowest card when it cannot win or its
  partner already wins; in a misère it plays the highest card that does not win.

``make_player(name, seed)`` builds any of them (the levels are ``thousand.PLAYER_LEVELS``,
Thousand's list: the same four names); every decision is one of ``view.legal``.

>>> from thousand.five_hundred.game import Game
>>> from thousand.five_hundred.driver import TableDriver
>>> game = Game(seed=3); driver = TableDriver(game, collect=False)
>>> n = driver.play_deal([make_player("easy", s) for s in range(3)])
>>> sum(game.last_result.tricks_won) in (0, 10)
True
"""

from thousand import PLAYER_LEVELS as LEVELS  # one list of levels for both games
from thousand.five_hundred.driver import RandomPlayer


def make_player(name, seed=0, shared=None):
    """A player of level ``name``; ``shared``: a list in which the normal and hard players of
    one table share their deals and play-outs (``SearchBot``: they think one at a time)."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "easy":
        from thousand.five_hundred.easy import EasyBot

        return EasyBot(seed)
    if name == "normal" or name == "hard":
        from thousand.five_hundred.search import SearchBot  # loaded only for these levels

        return SearchBot(seed, name, shared)
    raise ValueError("unknown player '%s' (known: %s)" % (name, ", ".join(LEVELS)))
