"""Scoring one deal of Five Hundred and the game's end (FIVE_HUNDRED.md sections 6 and 7).

Loaded at a deal's end only.  ``settle(game)`` adds the deal's deltas to ``game.scores``,
decides a win or a loss, and returns (deltas, result).
"""

from thousand.five_hundred import ALL_PASS_PLAYED, FAILED, MADE, side_of
from thousand.five_hundred import actions as A

SLAM_MINIMUM = 250


def trick_points(score, tricks, cap):
    """A non-contracting side's 10 a trick, raising ``score`` to at most ``cap`` (None: no cap).

    >>> trick_points(470, 3, 490), trick_points(490, 2, 490), trick_points(480, 3, None)
    (20, 0, 30)
    """
    gain = 10 * tricks
    if cap is None:
        return gain
    if score >= cap:
        return 0
    return min(gain, cap - score)


def contract_delta(code, side_tricks, contractor_tricks):
    """The contractor's side's score for contract ``code`` and whether it was made.

    >>> contract_delta(A.bid_code(7, 2), 8, 8), contract_delta(A.bid_code(7, 2), 10, 10)
    ((180, True), (250, True))
    >>> contract_delta(A.bid_code(8, 1), 10, 6), contract_delta(A.bid_code(7, 1), 6, 6)
    ((260, True), (-160, False))
    >>> contract_delta(A.MISERE, 0, 0), contract_delta(A.MISERE, 1, 1)
    ((250, True), (-250, False))
    """
    value = A.bid_value(code)
    if A.is_misere(code):
        made = contractor_tricks == 0
    else:
        made = side_tricks >= A.bid_tricks(code)
        if made and side_tricks == 10:
            return max(value, SLAM_MINIMUM), True
    return (value if made else -value), made


def settle(game):
    r = game.rules
    players = game.players
    sides = game.sides
    side_tricks = [0] * sides
    for s in range(players):
        side_tricks[side_of(s, players)] += game.tricks_won[s]
    deltas = [0] * sides
    contractor = game.contractor
    if contractor < 0:  # all pass, played at no trumps: 10 a trick for every side
        for side in range(sides):
            deltas[side] = trick_points(game.scores[side], side_tricks[side], r.defender_cap)
            game.scores[side] += deltas[side]
        return deltas, ALL_PASS_PLAYED
    cside = side_of(contractor, players)
    delta, made = contract_delta(game.bid, side_tricks[cside], game.tricks_won[contractor])
    deltas[cside] = delta
    if not A.is_misere(game.bid) and (not made or r.defender_points == "always"):
        for side in range(sides):
            if side != cside:
                deltas[side] = trick_points(game.scores[side], side_tricks[side], r.defender_cap)
    for side in range(sides):
        game.scores[side] += deltas[side]
    if made and game.scores[cside] >= r.target:
        game.winner = cside
        game.over = True
    elif r.lose_at is not None and game.scores[cside] <= r.lose_at:
        game.loser = cside
        game.over = True
        if sides == 2:
            game.winner = 1 - cside
        else:
            a, b = [s for s in range(3) if s != cside]
            if game.scores[a] > game.scores[b]:
                game.winner = a
            elif game.scores[b] > game.scores[a]:
                game.winner = b
            else:
                game.co_winners = [a, b]
    return deltas, (MADE if made else FAILED)
