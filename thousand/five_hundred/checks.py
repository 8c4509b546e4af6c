"""Checks of a record's or a save's ``start`` object (FIVE_HUNDRED.md section 10) before a
``Game`` takes it, as ``thousand.checks`` does for Thousand's.

Loaded only when a game is given a start (a record read, a save continued) and let go at the
next screen change (``thousand.ui.five_hundred_app.ON_DEMAND``): a game dealt by its own seed
never carries these messages in a board's heap.
"""


def checked_start(start, rules):
    """(scores, dealer) of a record's ``start`` (FIVE_HUNDRED.md 10), or ValueError."""
    if not isinstance(start, dict):
        raise ValueError("'start' must be an object with 'scores' and 'dealer'")
    players = rules.players
    sides = 2 if players == 4 else 3
    for key in start:
        if key != "scores" and key != "dealer":
            raise ValueError("unknown key '%s' in 'start' (it may hold 'scores' and 'dealer')" % key)
    dealer = start.get("dealer", 0)
    if not isinstance(dealer, int) or dealer is True or dealer is False or dealer < 0 or dealer >= players:
        raise ValueError("'start.dealer' must be a seat from 0 to %d" % (players - 1))
    scores = start.get("scores", [0] * sides)
    if not isinstance(scores, list) or len(scores) != sides:
        raise ValueError("'start.scores' must hold %d scores, one a side" % sides)
    out = []
    for v in scores:
        if not isinstance(v, int) or v is True or v is False or v < -99999 or v > 99999:
            raise ValueError("'start.scores' must hold whole numbers from -99999 to 99999")
        if rules.lose_at is not None and v <= rules.lose_at:
            raise ValueError("a start score of %d is at or below lose_at (%d): that side has lost already"
                             % (v, rules.lose_at))
        out.append(v)
    return out, dealer
