"""Records are plain ASCII in both games (REFEREE.md, FIVE_HUNDRED.md section 10).

One small module of its own so that Five Hundred's engine reads its records the same way
without loading Thousand's notation (and its actions) into a small heap.
"""


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
