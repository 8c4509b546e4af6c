"""Five Hundred's statistics: counted at its deal ends, its pages of the statistics screen.

Kept in Thousand's record (``thousand.persist.stats``) as one list of numbers,
``Stats.five_hundred``: 14 for games of 3 players, then 14 for games of 4, at the places
below (the best and worst final scores mean something once a game is counted).  Loaded at a
deal's end of Five Hundred (``Saves.end_deal``), on Continue of its save, and by the
statistics screen's pages of Five Hundred: a session of Thousand counts with none of it.

In a game of 4 the wins, the final scores and the games gone out backwards are your side's
(you and North); the contracts, misères and ten tricks are yours, as the contractor.

>>> from thousand.persist.stats import Stats
>>> stats = Stats()
>>> stats.five_hundred[_PER_GAME + _N_GAMES] = 2; stats.five_hundred[_PER_GAME + _N_WINS] = 1
>>> stats.five_hundred[_PER_GAME + _N_BEST_SCORE] = 520
>>> lines(stats, 4)[:2]
['Games 2, won 1 (50%)', 'Deals played 0']
"""

from thousand import const

# Each game's numbers in Stats.five_hundred, from _PER_GAME times 0 (3 players) or 1 (4).
_N_GAMES = const(0)
_N_WINS = const(1)
_N_DEALS_PLAYED = const(2)
_N_CONTRACTS_TAKEN = const(3)
_N_CONTRACTS_MADE = const(4)
_N_BEST_MADE = const(5)  # the best contract made: its value (Avondale's table)
_N_MISERES_TAKEN = const(6)
_N_MISERES_MADE = const(7)
_N_TEN_TRICKS = const(8)  # contracts made with all ten tricks to your side
_N_OUT_BACKWARDS = const(9)  # games lost at lose_at (your side's score)
_N_HINTS_ASKED = const(10)
_N_GAMES_UNDONE = const(11)
_N_BEST_SCORE = const(12)
_N_WORST_SCORE = const(13)
_PER_GAME = const(14)  # thousand.persist.stats._FIVE_HUNDRED_COUNTS is two of these

# The lines of stats.txt (thousand.texts) by their places, as thousand.persist.stats names them
# (a test holds each to its entry's name).
_GAMES = const(1)
_DEALS = const(2)
_CONTRACTS = const(3)
_AVERAGE = const(4)
_BEST_CONTRACT = const(5)
_BARRELS = const(6)
_BOLTS = const(7)
_CONCESSIONS = const(8)
_MARRIAGES = const(9)
_HINTS = const(10)
_UNDONE = const(11)
_BEST_SCORE = const(12)
_WORST_SCORE = const(13)
_FLASH_WEAR = const(14)
_FLASH_WRITES = const(15)
_THOUSAND = const(16)
_FIVE_HUNDRED = const(17)
_NEXT_GAME = const(18)
_MISERES = const(19)
_ALL_TEN = const(20)
_BACKWARDS = const(21)


def _numbers(stats, players):
    """(the list, the first place of the game of ``players``'s numbers)."""
    return stats.five_hundred, _PER_GAME if players == 4 else 0


def record_deal(stats, game, human):
    """Count the deal that just ended; False when there is none or it was counted (as
    ``Stats.record_deal``: the same key, so a deal played again after a cut counts once)."""
    from thousand.five_hundred import ALL_PASS_PLAYED, MADE, PASSED_OUT, side_of  # held with its game
    from thousand.persist.stats import deal_key

    result = game.last_result
    if result is None or result.number != game.deal_number:
        return False
    key = deal_key(game, 0)
    if key == stats.last_deal_key:
        return False
    stats.last_deal_key = key
    if result.result == PASSED_OUT:  # thrown in: no deal played
        return True
    v, at = _numbers(stats, game.players)
    v[at + _N_DEALS_PLAYED] += 1
    if result.contractor == human and result.result != ALL_PASS_PLAYED:
        from thousand.five_hundred.actions import bid_value, is_misere

        made = result.result == MADE
        v[at + _N_CONTRACTS_TAKEN] += 1
        if is_misere(result.bid):
            v[at + _N_MISERES_TAKEN] += 1
            if made:
                v[at + _N_MISERES_MADE] += 1
        if made:
            v[at + _N_CONTRACTS_MADE] += 1
            v[at + _N_BEST_MADE] = max(v[at + _N_BEST_MADE], bid_value(result.bid))
            tricks = 0
            for seat in range(game.players):
                if side_of(seat, game.players) == side_of(human, game.players):
                    tricks += result.tricks_won[seat]
            if tricks == 10 and not is_misere(result.bid):
                v[at + _N_TEN_TRICKS] += 1
    return True


def record_game(stats, game, human):
    """Count a finished game; False when it is not over or was counted."""
    from thousand.five_hundred import side_of
    from thousand.persist.stats import deal_key

    if not game.over:
        return False
    key = deal_key(game, 1)
    if key == stats.last_game_key:
        return False
    record_deal(stats, game, human)  # the last deal, if not yet counted
    stats.last_game_key = key
    v, at = _numbers(stats, game.players)
    side = side_of(human, game.players)
    v[at + _N_GAMES] += 1
    if game.winner == side or game.co_winners is not None and side in game.co_winners:
        v[at + _N_WINS] += 1
    if game.loser == side:
        v[at + _N_OUT_BACKWARDS] += 1
    score = game.scores[side]
    if v[at + _N_GAMES] == 1 or score > v[at + _N_BEST_SCORE]:
        v[at + _N_BEST_SCORE] = score
    if v[at + _N_GAMES] == 1 or score < v[at + _N_WORST_SCORE]:
        v[at + _N_WORST_SCORE] = score
    return True


def count(stats, controller, human):
    """A deal of Five Hundred has ended (``thousand.persist.stats.end_deal`` asks): count it, its
    hints, and the game when it is over; true when something was counted."""
    game = controller.game
    v, at = _numbers(stats, game.players)
    counted = record_deal(stats, game, human)
    if counted:
        v[at + _N_HINTS_ASKED] += controller.hints
    if controller.over() and record_game(stats, game, human):
        counted = True
        if controller.undos:  # a game with a decision taken back is marked
            v[at + _N_GAMES_UNDONE] += 1
    return counted


def lines(stats, players):
    """The statistics screen's page of Five Hundred with ``players``, one line each, at most 25
    characters (the 160 px screen), in the player's language (stats.txt)."""
    from thousand import texts  # on demand (thousand.ui.scenes): the words are data

    w = texts.bodies("stats")
    v, at = _numbers(stats, players)
    games = v[at + _N_GAMES]
    out = [w[_GAMES] % (games, v[at + _N_WINS], v[at + _N_WINS] * 100 // games if games else 0),
           w[_DEALS] % v[at + _N_DEALS_PLAYED], w[_CONTRACTS] % (v[at + _N_CONTRACTS_TAKEN], v[at + _N_CONTRACTS_MADE]),
           w[_BEST_CONTRACT] % v[at + _N_BEST_MADE], w[_MISERES] % (v[at + _N_MISERES_TAKEN], v[at + _N_MISERES_MADE]),
           w[_ALL_TEN] % v[at + _N_TEN_TRICKS], w[_BACKWARDS] % v[at + _N_OUT_BACKWARDS], w[_HINTS] % v[at + _N_HINTS_ASKED],
           w[_UNDONE] % v[at + _N_GAMES_UNDONE]]
    if games:
        out.append(w[_BEST_SCORE] % v[at + _N_BEST_SCORE])
        out.append(w[_WORST_SCORE] % v[at + _N_WORST_SCORE])
    return out
