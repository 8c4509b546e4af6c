"""Both games' records as JSON on a stream, a deal at a time (REFEREE.md; FIVE_HUNDRED.md
section 10): a whole game's record built at once was the most a board's game asked of its
heap (docs/five_hundred.md, "On a board").  A module of its own, loaded only while a record
is written, so that neither game's table holds it.
"""


def check_kept(game):
    """ValueError when ``game`` (either game's) keeps no deals for its record: ``records_kept``
    0, a board whose drive is read-only to the game, where no record is written from it (the
    one sent for a bug report is read from the save: thousand.ui.record_program)."""
    if game.records_kept == 0:
        raise ValueError("this game keeps no deals for a record (records_kept 0)")


def write_record_json(out, head, deals):
    """``{head's keys, "deals": [each of deals]}`` on ``out``: ``head`` a tuple of (key, value)
    pairs, written in its order on every VM (a dict's order is MicroPython's own); ``deals``
    an iterator of each deal's object, each made and written in turn.

    >>> import io
    >>> out = io.StringIO()
    >>> write_record_json(out, (("game", "x"), ("start", {"dealer": 1})), iter([{"hands": []}, {"hands": [1]}]))
    >>> out.getvalue()
    '{"game": "x", "start": {"dealer": 1}, "deals": [{"hands": []}, {"hands": [1]}]}'
    """
    import json

    out.write("{")
    for key, value in head:
        out.write('"%s": %s, ' % (key, json.dumps(value)))
    out.write('"deals": [')
    separator = ""
    for deal in deals:
        out.write(separator)
        out.write(json.dumps(deal))
        separator = ", "
    out.write("]}")
