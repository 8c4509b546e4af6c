"""Random games for the save tests; runs under CPython and MicroPython alike.

``play(game, chooser, n)`` makes up to ``n`` moves (a move is an action, or dealing
the next deal), each chosen by ``chooser`` (a Rng) among the legal ones, so that a
seed replays the same game everywhere.  ``fingerprint(game)`` is everything that
decides how a game goes on, for comparing a resumed game with one that never stopped.
"""

from thousand import actions
from thousand.game import NUM_SEATS, PHASE_DEAL_OVER, PHASE_GAME_OVER
from thousand.rules import Rules


def choices(game):
    if game.phase == PHASE_GAME_OVER:
        return []
    if game.phase == PHASE_DEAL_OVER:
        return [(-1, 0)]
    mover = game.to_move
    out = [(mover, a) for a in game.legal(mover)]
    for s in range(NUM_SEATS):
        if s != mover and actions.ACTION_REDEAL in game.legal(s):
            out.append((s, actions.ACTION_REDEAL))
    return out


def step(game, chooser):
    """One move; False when the game is over."""
    opts = choices(game)
    if not opts:
        return False
    # Pass often and announce the lowest contract mostly, as a player would, so
    # that contracts are made now and then and games reach their end.
    seat, action = opts[chooser.below(len(opts))]
    if chooser.below(4):
        if game.phase == 1 and (game.to_move, actions.ACTION_PASS) in opts:
            seat, action = game.to_move, actions.ACTION_PASS
        elif game.phase == 4:
            seat, action = opts[0]
    if seat < 0:
        game.start_deal()
    else:
        game.apply(seat, action)
    return True


def play(game, chooser, moves):
    done = 0
    while done < moves and step(game, chooser):
        done += 1
    return done


RULE_SETS = (
    {"preset": "classic", "target": 200},
    {"preset": "full", "target": 200, "dark_min_score": 100},
    {"preset": "club", "target": 200, "concede_limit": 1},
    {"preset": "family", "target": 200, "silence_below": -150},
    {"preset": "full", "golden_fail": "replay", "golden_concede": True, "dark_concede": True,
     "dark_min_score": 0, "target": 250, "bolt_penalty": 7},
    {"preset": "classic", "target": 130, "barrel_at": 120, "barrel_deals": 5, "barrel_win": 100,
     "samosval": "positive", "redeal_four_aces": True, "redeal_hand_points_below": 30},
)


def rules_for(index):
    return Rules.from_dict(RULE_SETS[index % len(RULE_SETS)])


def fingerprint(game, compact=False):
    """What decides the rest of the game, and what the screens show of it now.

    ``compact``: leave out what a compact save does not keep (tricks and trumps
    of finished deals).
    """
    last = game.last_result
    return [
        game.deal_start, game.dealer, game.deals_played, game.deal_number,
        list(game.concessions), game.golden_made, game.over, game.winner,
        game.phase, game.to_move, list(game.hands), list(game.dealt), game.talon_dealt,
        list(game.log), game.rng.get_state(), list(game.scores), list(game.bolts),
        list(game.barrel), list(game.barrels_used), game.bid, game.contract, game.declarer,
        game.trump, list(game.tricks), list(game.played), list(game.marriages),
        [game.legal(s) for s in range(NUM_SEATS)],
        None if last is None else (sheet_row(last) if compact else last.to_json()),
        [sheet_row(r) for r in game.sheet],
        game.rules.to_dict(),
    ]


def sheet_row(r):
    """A score sheet row as the compact save keeps it (no tricks or trumps)."""
    j = r.to_json()
    j["number"] = r.number
    j["winner"] = r.winner
    del j["tricks"]
    del j["trumps"]
    return j
