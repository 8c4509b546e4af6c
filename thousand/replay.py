"""A deal played again from its cards and its written actions: what a save's restore does
(``thousand.persist.restore``) and what an undo does (``Controller.undo``).

Loaded on demand (thousand/ui/scenes.py): the engine is deterministic, so replaying is
restoring, and no second game is built.
"""

from thousand import actions
from thousand.game import PHASE_DARK, PHASE_DEAL_OVER


def replay_deal(game, hands, talon, log, dark_answered):
    """Deal the cards and re-apply the written actions, as the game first did."""
    game.start_deal(hands, talon)
    for entry in log:
        action = actions.entry_action(entry)
        if game.phase == PHASE_DARK and action != actions.ACTION_DARK:
            game.apply(game.first_hand, actions.ACTION_NODARK)  # "no dark" is not written
        game.apply(actions.entry_seat(entry), action)
    if dark_answered and game.phase == PHASE_DARK:
        game.apply(game.first_hand, actions.ACTION_NODARK)


def rewind(game, length):
    """The deal in play back to when its log held ``length`` actions, in place: dealt again
    with the same cards and its first ``length`` actions applied again.  Nothing between
    deals changes during a deal (the scores, the bolts and the barrel are settled at its
    end), so the deal's start is the game's state now.  The dark question, if any, was
    answered before a written decision of the player's (``Controller.undo``)."""
    log = game.log[:length]
    game.phase = PHASE_DEAL_OVER
    game.deal_number -= 1  # start_deal counts the deal again
    replay_deal(game, game.dealt, game.talon_dealt, log, True)
