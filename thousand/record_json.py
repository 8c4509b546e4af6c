"""Both games' records as JSON on a stream, a deal at a time (REFEREE.md; FIVE_HUNDRED.md
section 10): a whole game's record built at once was the most a board's game asked of its
heap (docs/five_hundred.md, "On a board").  A module of its own, loaded only while a record
is written, so that neither game's table holds it.
"""


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
