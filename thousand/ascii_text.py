"""What both games' records share: plain ASCII text (REFEREE.md, FIVE_HUNDRED.md section 10)
and ``RecordError``, the error a record's replay raises (one class, which the referee catches
for both games).

One small module of its own so that Five Hundred's engine reads and writes its records the
same way without loading Thousand's notation (and its actions), or Thousand's record reader
(and its whole engine: a board's name pool keeps their names), into a small heap.
"""


class RecordError(ValueError):
    """Where a record stops making sense: the deal and the action (indexes, or None), and why."""

    def __init__(self, deal, action, message):
        super().__init__(message)  # ValueError.__init__(self, ...) fails on MicroPython
        self.deal = deal
        self.action = action
        self.message = message

    def to_json(self):
        return {"error": {"deal": self.deal, "action": self.action, "message": self.message}}


def plain_ascii(text):
    """``text`` when every character is printable ASCII, as REFEREE.md's records are; else
    ValueError naming the first that is not (a no-break space, or the long s 'ſ', which
    upper-cases to 'S', is refused, not read as a space or an S).

    >>> plain_ascii("0 play AS")
    '0 play AS'
    >>> plain_ascii("0 play A\u017f")
    Traceback (most recent call last):
    ValueError: '0 play A?' holds U+017F, which is not plain ASCII
    """
    for c in text:
        if not " " <= c <= "~":
            raise ValueError("'%s' holds U+%04X, which is not plain ASCII" % (
                "".join(k if " " <= k <= "~" else "?" for k in text[:40]), ord(c)))
    return text
