"""Drive a game with one bot per seat: the loop that tools and tests share.

``play_deal(game, bots)`` plays one deal to its end (or a redeal), asking each bot
through its seat's view only.  The two questions whose answers are not written to
the record are asked here: the dark question (the view's ``legal`` already holds
DARK/NODARK) and the redeal question at the start of the auction, put to every seat
of ``game.redeal_callers()`` with ``legal = [ACTION_REDEAL, ACTION_KEEP]``.

``on_decision(seat, view, action)``, when given, sees every decision (timing,
logging); it must not change the view.
"""

from thousand import actions as A
from thousand.game import PHASE_AUCTION, PHASE_DEAL_OVER, PHASE_GAME_OVER


def ask(bot, game, seat, legal=None, on_decision=None):
    view = game.view(seat)
    if legal is not None:
        view.legal = legal
    action = bot.decide(view)
    if on_decision is not None:
        on_decision(seat, view, action)
    return action


def play_deal(game, bots, on_decision=None):
    """Play the next deal of ``game`` with ``bots[seat]``; returns the deal's result."""
    game.start_deal()
    asked = False
    while game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER:
        if game.phase == PHASE_AUCTION and not asked:
            asked = True
            question = [A.ACTION_REDEAL, A.ACTION_KEEP]
            redealt = False
            for seat in game.redeal_callers():
                action = ask(bots[seat], game, seat, question, on_decision)
                game.apply(seat, action)
                if action == A.ACTION_REDEAL:
                    redealt = True
                    break
            if redealt:
                break
            continue
        seat = game.to_move
        game.apply(seat, ask(bots[seat], game, seat, None, on_decision))
    return game.last_result


def play_game(game, bots, on_decision=None, max_deals=1000):
    """Play deals until somebody wins (or ``max_deals``); returns the winner or None."""
    for _ in range(max_deals):
        play_deal(game, bots, on_decision)
        if game.over:
            return game.winner
    return None
