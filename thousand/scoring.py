"""Scoring one deal (RULES.md section 4) and the game-level rules after it (section 3),
and the game's own work at a deal's end (``end_deal``, ``deal_row``).

All game-level rules live in ``settle``, which runs once after every deal that
was played or conceded, in the order of RULES.md section 3: deltas, bolts,
barrel, samosval, win.

>>> [round5(x) for x in (17, 18, 67, 68, 12, 13)]
[15, 20, 65, 70, 10, 15]
"""

# The deal's results and kinds are the package's words (thousand/__init__.py); the engine
# loads this module only at a deal's end.
from thousand import CONCEDED, DARK, FAILED, GOLDEN, MADE, NORMAL, REDEAL, RESULT_NAMES, UNFINISHED  # noqa: F401


def round5(x):
    """Nearest multiple of 5; remainders 1-2 go down, 3-4 go up."""
    return (x + 2) // 5 * 5


def concede_payout(rules, contract):
    if rules.concede_payout == "sixty":
        return 60
    return (contract // 10) * 5


def deal_deltas(rules, kind, declarer, contract, result, cards, marriages, out):
    """Write each seat's score change of one deal into ``out`` (before section 3 rules)."""
    double = 2 if kind != NORMAL else 1
    n = len(out)
    if result == CONCEDED:
        pay = concede_payout(rules, contract) * double
        for s in range(n):
            out[s] = pay
        out[declarer] = -contract * double if rules.concede_deduct else 0
        return out
    for s in range(n):
        total = cards[s] + marriages[s]
        if s == declarer:
            reached = round5(total) if rules.round_declarer else total
            out[s] = contract * double if reached >= contract else -contract * double
        elif kind == DARK or (kind == GOLDEN and not rules.golden_double_marriages):
            out[s] = 2 * round5(cards[s]) + marriages[s]
        else:
            out[s] = double * round5(total)
    return out


def declarer_made(rules, contract, cards, marriages):
    total = cards + marriages
    reached = round5(total) if rules.round_declarer else total
    return reached >= contract


def _fall(table, rules, seat, score):
    """A seat leaves the barrel involuntarily: one used barrel, maybe the three-falls zero."""
    table.barrel[seat] = None
    # Without the three-falls zero the count grows with every fall (past 255 in a record of some
    # 1,100 deals): it stops at 255, all that a packed deal row keeps.
    if table.barrels_used[seat] < 255:
        table.barrels_used[seat] += 1
    if rules.barrel_three_falls_zero and table.barrels_used[seat] >= 3:
        score = 0
        table.barrels_used[seat] = 0
    table.scores[seat] = score


def settle(table, rules, kind, declarer, contract, result, deltas, tricks_won):
    """Apply one finished deal to ``table`` by the rules of RULES.md section 3.

    ``table`` holds the scores between deals: ``scores``, ``bolts``, ``barrel`` (None or
    the barrel deals left), ``barrels_used`` per seat and ``winner``; the Game is one.

    ``deltas`` are the section 4 changes; ``tricks_won`` the tricks each seat took.
    Returns the winner seat or None.
    """
    n = len(table.scores)
    sit = rules.barrel_at
    sitting = [False] * n
    for s in range(n):
        sitting[s] = table.barrel[s] is not None
    penalised = [False] * n
    fell = [False] * n

    # 1. Deal deltas; a seat on the barrel is dealt with in step 3.
    for s in range(n):
        if not sitting[s]:
            table.scores[s] += deltas[s]

    # 2. Bolts: only in deals that were played out.
    if result == MADE or result == FAILED:
        if rules.bolt_mode != "off":
            per = 2 if kind != NORMAL else 1
            for s in range(n):
                if tricks_won[s] > 0:
                    if rules.bolt_mode == "consecutive3":
                        table.bolts[s] = 0
                    continue
                if s == declarer and not rules.declarer_bolts:
                    continue
                table.bolts[s] += per
                if table.bolts[s] >= 3:
                    table.bolts[s] = 0
                    penalised[s] = True
                    if not sitting[s]:
                        table.scores[s] -= rules.bolt_penalty

    # 3. The barrel: first the seats already on it...
    for s in range(n):
        if not sitting[s]:
            continue
        score = sit
        falls = False
        if s == declarer and (result == FAILED or result == CONCEDED):
            score = sit + deltas[s]
            falls = True
        if penalised[s]:
            score -= rules.bolt_penalty
            falls = True
        if falls:
            _fall(table, rules, s, score)
            fell[s] = True
        elif (s == declarer and result == MADE and contract >= rules.barrel_win
              and sit + deltas[s] >= rules.target):
            table.scores[s] = sit + deltas[s]
            table.barrel[s] = None
            table.winner = s
        else:
            table.scores[s] = sit
            table.barrel[s] -= 1
            if table.barrel[s] <= 0:
                _fall(table, rules, s, sit - rules.barrel_fall_penalty)
                fell[s] = True
    # ...then new arrivals...
    arrivals = []
    for s in range(n):
        if not sitting[s] and not fell[s] and table.scores[s] >= sit:
            table.scores[s] = sit
            table.barrel[s] = rules.barrel_deals
            arrivals.append(s)
    # ...then knock-offs.
    if arrivals and rules.barrel_collision == "knock_off":
        for s in range(n):
            if table.barrel[s] is None:
                continue
            if s in arrivals and len(arrivals) == 1:
                continue
            _fall(table, rules, s, sit - rules.barrel_fall_penalty)

    # 4. Samosval.
    if rules.samosval != "off":
        for s in range(n):
            if table.scores[s] == 555 or (table.scores[s] == -555 and rules.samosval == "both"):
                table.scores[s] = 0

    # 5. Win.  Only through the barrel, unless the target is below the barrel.
    if table.winner is None and rules.target <= sit:
        best = None
        for s in range(n):
            if table.scores[s] >= rules.target and (best is None or table.scores[s] > table.scores[best]):
                best = s
        table.winner = best
    return table.winner


def end_deal(game, result, row):
    """The scores at the end of ``game``'s deal (a ``thousand.game.Game``'s, played or
    conceded to it with ``result``): the deal's (``deal_deltas``), the game's rules after it
    (``settle``) and the golden deals' outcome; ``row`` (a ``DealResult``) filled in with the
    scores' real changes (``deal_row``).  The winner, or None.  The game's own code, kept here
    as it runs once a deal: the game's module, held at every moment of play, does not hold it."""
    n = len(game.scores)
    deltas = deal_deltas(game.rules, game.kind, game.declarer, game.contract, result,
                         game.card_points, game.marriage_points, [0] * n)
    change = list(game.scores)  # the scores before the deal, then each seat's change
    winner = settle(game, game.rules, game.kind, game.declarer, game.contract, result, deltas, game.tricks_won)
    game.deals_played += 1
    if game.kind == GOLDEN:
        if result == MADE:
            game.golden_made = True
        if (game.deals_played == 3 and not game.golden_made and winner is None
                and game.rules.golden_fail != "keep"):
            for s in range(n):  # the golden deals failed: back to zero
                game.scores[s] = 0
                game.bolts[s] = 0
                game.barrel[s] = None
                game.barrels_used[s] = 0
            if game.rules.golden_fail == "replay":
                game.deals_played = 0
                game.golden_made = False
    for s in range(n):
        change[s] = game.scores[s] - change[s]
    deal_row(game, result, change, row)
    return winner


def deal_row(game, result, deltas, row):
    """``row`` (a ``DealResult``) filled in with ``game``'s deal as it stands, ended by
    ``result`` with the scores' changes ``deltas``; returned."""
    has_declarer = game.declarer >= 0
    row.number = game.deal_number
    row.dealer = game.dealer
    row.declarer = game.declarer if has_declarer else None
    # an unfinished auction shows its bid; a redeal before a declarer has none
    row.bid = game.bid if has_declarer or (result == UNFINISHED and game.bid) else None
    row.contract = game.contract if game.contract else None
    row.result = result
    row.kind = game.kind
    row.dark_declared = game.dark_declared
    row.talon_shown = game.talon_shown
    if result != CONCEDED and result != REDEAL:
        row.cards = list(game.card_points)
        row.marriages = list(game.marriage_points)
    row.deltas = deltas
    row.scores = list(game.scores)
    row.bolts = list(game.bolts)
    row.barrel = list(game.barrel)
    row.barrels_used = list(game.barrels_used)
    row.tricks = list(game.tricks)
    row.trumps = list(game.trumps)
    return row


# What a deal's row alone does not say, read after it (the summaries of the window and the
# terminal): the bolt count the penalty emptied, and the scores a failed golden start reset.
def golden_reset(result):
    """Did this deal end the golden deals with every score back to 0 (none was made)?"""
    return result.kind == GOLDEN and result.scores == [0, 0, 0] and (
        result.deltas[0] != 0 or result.deltas[1] != 0 or result.deltas[2] != 0)


def bolt_penalised(result, view):
    """The seats that paid the bolt penalty in this deal (``view`` at its end): a played deal,
    no trick taken and a bolt due, yet no bolts after it: only the penalty empties the count
    so (RULES.md section 3), short of the golden reset."""
    rules = view.rules
    if rules.bolt_mode == "off" or (result.result != MADE and result.result != FAILED) or golden_reset(result):
        return []
    return [s for s in range(3) if view.tricks_won[s] == 0 and result.bolts[s] == 0
            and (s != result.declarer or rules.declarer_bolts)]
