"""A score sheet row as bytes: how ``thousand.game.Sheet`` keeps its rows, and what a game
save holds of them as they are (docs/saves.md, format 1's sheet); the Sheet's rows added,
read, and loaded from a save.  Loaded when a deal's row is added or rows are read, and let
go after (thousand/ui/scenes.py): the game holds the Sheet's bytes, not this code.

A row is what its deal did and the marks (bolts, barrels) that changed since the row before
it; its number and scores are not in it: the rows are numbered on from the first, and a
row's scores are the row before's plus its changes (the Sheet keeps the first number and
the scores before the first row).  Numbers are ``thousand.coding``'s varints; ``w`` and
``r`` are any of its Writers and Readers (a save's Reader says damage as a SaveError).

    byte  result (3 bits), kind (2), dark declared, talon shown, has a declarer
    byte  dealer (2 bits), declarer (2), has a bid, has a contract, has a winner,
          played out (the declarer's card points are what the others' leave of 120)
    bid (int5), contract - bid (int5), winner: each when it is there
    changes (int5: a seat mask, then each seat's that is not 0)
    card points (the others' only when played out, else a seat mask and the nonzero)
    marriage points (int5: a seat mask, then the nonzero)
    marks changed (a mask of 9 bits), then each changed mark: bolts x3, barrel x3
          (0: off), barrels used x3
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.coding import Reader, Writer

# The rows' buffer grows by _ROWS_STEP bytes when full: made again at every row, each row
# would leave a hole of the buffer's size behind in a heap that never moves an object.
# (Before, each row was packed in a 36-byte struct, and the saves kept their own encoding of
# the same rows besides: about 45 bytes a deal for the whole game, 4 KB of a long game's table.)
_ROWS_STEP = const(256)  # about twenty rows


def marks_of(row):
    """A row's marks, as its bytes compare them: bolts, barrel (0: off), barrels used."""
    return list(row.bolts) + [0 if v is None else v for v in row.barrel] + list(row.barrels_used)


def put_nonzero(w, values, as_int5):
    mask = 0
    for s in range(len(values)):
        if values[s]:
            mask |= 1 << s
    w.uint(mask)
    for v in values:
        if v:
            if as_int5:
                w.int5(v)
            else:
                w.uint(v)


def get_nonzero_into(r, as_int5, into):
    """A per-seat list of the row's (only the seats with a value are written) into ``into``."""
    mask = r.uint()
    for s in range(len(into)):
        into[s] = (r.int5() if as_int5 else r.uint()) if mask >> s & 1 else 0


def put_row(w, row, prev):
    """``row`` (a DealResult) written after a row whose marks were ``prev`` (None: it is the
    first, its marks written against none); returns its marks, for the row after it."""
    seats = len(row.scores)
    if prev is None:
        prev = [0] * (3 * seats)
    has_bid = row.bid is not None
    # A deal played out shares the deck's 120 card points: the declarer's follow.
    played = row.declarer is not None and row.cards[0] + row.cards[1] + row.cards[2] == 120
    w.byte(row.result | (row.kind << 3) | (int(row.dark_declared) << 5)
           | (int(row.talon_shown) << 6) | (int(row.declarer is not None) << 7))
    w.byte(row.dealer | ((row.declarer or 0) << 2) | (int(has_bid) << 4)
           | (int(row.contract is not None) << 5) | (int(row.winner is not None) << 6)
           | (int(played) << 7))
    if has_bid:
        w.int5(row.bid)
    if row.contract is not None:
        w.int5(row.contract - (row.bid or 0))
    if row.winner is not None:
        w.uint(row.winner)
    put_nonzero(w, row.deltas, True)
    if played:
        w.uints([row.cards[s] for s in range(seats) if s != row.declarer])
    else:
        put_nonzero(w, row.cards, False)
    put_nonzero(w, row.marriages, True)
    marks = marks_of(row)
    changed = 0
    for i in range(len(marks)):
        if marks[i] != prev[i]:
            changed |= 1 << i
    w.uint(changed)
    w.uints([marks[i] for i in range(len(marks)) if changed >> i & 1])
    return marks


def get_row(r, row, marks):
    """The row at ``r`` read into ``row`` (a DealResult: all but its number and scores),
    ``marks`` (the row before's: ``[0] * 9`` before the first) updated to its own."""
    seats = len(row.cards)
    b0 = r.byte()
    b1 = r.byte()
    row.result = b0 & 7
    row.kind = (b0 >> 3) & 3
    row.dark_declared = bool(b0 >> 5 & 1)
    row.talon_shown = bool(b0 >> 6 & 1)
    row.dealer = b1 & 3
    row.declarer = (b1 >> 2) & 3 if b0 >> 7 else None
    row.bid = r.int5() if b1 >> 4 & 1 else None
    row.contract = r.int5() + (row.bid or 0) if b1 >> 5 & 1 else None
    row.winner = r.uint() if b1 >> 6 & 1 else None
    get_nonzero_into(r, True, row.deltas)
    cards = row.cards
    if b1 >> 7:  # the declarer's card points are what the others' leave of 120
        others = 0
        for s in range(seats):
            cards[s] = 0 if s == row.declarer else r.uint()
            others += cards[s]
        cards[row.declarer] = 120 - others
    else:
        get_nonzero_into(r, False, cards)
    get_nonzero_into(r, True, row.marriages)
    changed = r.uint()
    for i in range(len(marks)):
        if changed >> i & 1:
            marks[i] = r.uint()
    for s in range(seats):
        row.bolts[s] = marks[s]
        row.barrel[s] = marks[seats + s] or None
        row.barrels_used[s] = marks[2 * seats + s]


def append(sheet, result):
    """``result``'s row added to ``sheet`` (thousand.game.Sheet.append)."""
    r = result
    seats = len(sheet.scores_before)
    if sheet.count == 0:
        sheet.first_number = r.number
        for s in range(seats):
            sheet.scores_before[s] = r.scores[s] - r.deltas[s]
    elif r.number != sheet.first_number + sheet.count:
        raise ValueError("deal %d's row after deal %d's" % (r.number, sheet.first_number + sheet.count - 1))
    w = Writer(0, _ROWS_STEP, sheet.data, sheet.size)
    sheet.marks = put_row(w, r, sheet.marks)
    sheet.data, sheet.last_at, sheet.size = w.data, sheet.size, w.n  # made anew, a step larger, only when it was full
    sheet.count += 1


def rows(sheet, start, end, into):
    """``sheet``'s rows ``start`` to ``end``, read in order from the first (a row's marks
    follow the row's before), each a new row (``sheet.new_row``: a DealResult) where ``into``
    is None, else ``into`` filled again."""
    seats = len(sheet.scores_before)
    r = Reader(sheet.data)
    scores = list(sheet.scores_before)
    marks = [0] * (3 * seats)
    row = sheet.new_row() if into is None else into
    for i in range(min(end, sheet.count)):
        get_row(r, row, marks)
        for s in range(seats):
            scores[s] += row.deltas[s]
        if i < start:
            continue
        row.number = sheet.first_number + i
        for s in range(seats):
            row.scores[s] = scores[s]
        row.tricks = row.trumps = None
        yield row
        if into is None and i + 1 < end:
            row = sheet.new_row()


def end_of(sheet, index):
    """Where row ``index``'s bytes end in ``sheet.data``."""
    seats = len(sheet.scores_before)
    r = Reader(sheet.data)
    row, marks = sheet.new_row(), [0] * (3 * seats)
    for _ in range(index + 1):
        get_row(r, row, marks)
    return r.pos


def bytes_of(sheet, end):
    """The bytes of ``sheet``'s rows 0 to ``end``, a view: what a save copies."""
    return memoryview(sheet.data)[:sheet.size if end == sheet.count else sheet.last_at if end == sheet.count - 1
                                  else end_of(sheet, end - 1) if end else 0]


def load(sheet, r, count, number, scores_before):
    """``count`` rows read from ``r`` (a save's Reader: its damage raised as its error) into
    ``sheet``, empty, numbered from ``number`` after ``scores_before``, their bytes kept as
    they were read; the last one, a DealResult with its scores, or None."""
    seats = len(scores_before)
    start = r.pos
    sheet.first_number = number
    sheet.scores_before = list(scores_before)
    scores = list(scores_before)
    marks = [0] * (3 * seats)
    row = None
    for i in range(count):
        if row is None:
            row = sheet.new_row()
        sheet.last_at = r.pos - start
        get_row(r, row, marks)
        row.number = number + i
        for s in range(seats):
            scores[s] += row.deltas[s]
            row.scores[s] = scores[s]
    sheet.size = r.pos - start
    sheet.data = bytearray(sheet.size + _ROWS_STEP if count else 0)
    sheet.data[:sheet.size] = r.data[start:r.pos]
    sheet.count = count
    sheet.marks = marks if count else None
    return row
