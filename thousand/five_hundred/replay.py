"""A deal of Five Hundred played again from its cards, its written actions and its unwritten
answers: what a save's restore does (``thousand.five_hundred.save``) and what an undo does
(``Controller.undo``).  The engine is deterministic, so replaying is restoring.

Two answers are never written in the game's log (a record has no place for them,
FIVE_HUNDRED.md 10): the contractor's "no raise" and the Joker holder's "no nomination".
A deal's next written action stands for them in a record, but a deal saved (or taken back)
just after one of them must ask no question again: the controller keeps each as
``position << 3 | verb``, the log's length when it was answered and its verb
(``Controller.unwritten``), and the replay answers it at that place.
"""

from thousand.five_hundred import actions as A
from thousand.five_hundred.game import PHASE_DEAL_OVER


def unwritten_entry(position, verb):
    return position << 3 | verb


def _answer(game, unwritten, k, position):
    """Apply the unwritten answers given at ``position`` (from the ``k``-th); the next k."""
    while k < len(unwritten) and unwritten[k] >> 3 == position:
        if unwritten[k] & 7 == A.NO_RAISE:
            game.apply(game.contractor, A.ACTION_NO_RAISE)
        else:
            game.apply(game.nomination_seat(), A.ACTION_NO_NOMINATION)
        k += 1
    return k


def replay_deal(game, hands, kitty, log, unwritten=()):
    """Deal ``hands`` and ``kitty`` (lists of five masks) and apply the ``log`` entries, with
    the ``unwritten`` answers at their places, as the game first did (IllegalAction when
    they do not make sense)."""
    game.start_deal(hands, kitty)
    k = 0
    for i in range(len(log)):
        k = _answer(game, unwritten, k, i)
        entry = log[i]
        game.apply(A.entry_seat(entry), A.entry_action(entry))
    _answer(game, unwritten, k, len(log))


def rewind(game, length, unwritten):
    """The deal in play back to when its log held ``length`` actions, in place: dealt again
    with the same cards, its first ``length`` actions and the ``unwritten`` answers given
    by then applied again.  Scores and the dealer change only at a deal's end, so the
    deal's start is the game's state now."""
    hands = [list(hand) for hand in game.dealt]  # (start_deal clears the game's own lists)
    kitty = list(game.kitty)
    log = game.log[:length]
    game.phase = PHASE_DEAL_OVER
    game.deal_number -= 1  # start_deal counts the deal again
    replay_deal(game, hands, kitty, log, [u for u in unwritten if u >> 3 <= length])
