"""The game save's bytes, written after every human move: loaded for each save and let go
after it (thousand/ui/scenes.py), the bytes kept from save to save held by the caller.

A save is the state at the start of the current deal, the deal's cards (three 24-bit
hand masks; the talon is the rest) and its actions, two bytes each; restoring deals
those cards and re-applies the actions (``thousand.persist.restore``): the engine is
deterministic, so replaying is restoring.  Before it, the score sheet of the finished
deals, a few bytes a row (no tricks); when the NVM slot is full its oldest rows go.

Payload, format 1 (integers are LEB128 varints; "zz" zigzag for signed values;
"int5" is zigzag of v/5 with a flag bit when v is a multiple of 5, else of v):

    flags              bit0 full (only read: older saves), bit1 a deal has started,
                       bit2 keep_records, bit3 the dark question was answered,
                       bit4 golden_made
    rules              preset index, count, then (agreement index, value) pairs
                       for the agreements that differ from the preset
    seed (zz), deal_number, concessions x3, rng z, rng w
    score sheet        count, first number, scores before it, then rows
    deal start state   (the game's state between deals when no deal has started)
    deal               when one has started
    extra              the controller's snapshot (see put_value)

    state = scores (int5) x3, bolts x3, dealer, barrel x3 (0: off), barrels_used x3,
            deals_played
    deal  = hand masks x3 (3 bytes each), action count, actions (2 bytes each:
            verb 4 bits, seat 2, argument 10; verb 0 escapes to 3 raw bytes), KEEP
            included (the redeal questions answered: thousand.game.Game.pending)

Before thousand/persist, format 1 also had a *full* depth (every deal since the game's
start), written to files; ``restore`` still reads it.
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand import actions
from thousand.game import PHASE_DARK, PHASE_DEAL_OVER, PHASE_GAME_OVER
from thousand.persist.coding import Writer, put_value

FORMAT_VERSION = 1

FULL = 1
HAS_DEAL = 2
KEEP_RECORDS = 4
DARK_ANSWERED = 8
GOLDEN_MADE = 16


def put_state(w, state):
    for v in state["scores"]:
        w.int5(v)
    w.uints(state["bolts"])
    w.uint(state["dealer"])
    w.uints([0 if v is None else v for v in state["barrel"]])
    w.uints(state["barrels_used"])
    w.uint(state["deals_played"])


def pack_action(entry):
    """A log entry (seat << 16 | action) in 16 bits, or None when it does not fit."""
    seat = actions.entry_seat(entry)
    action = actions.entry_action(entry)
    v = actions.verb(action)
    arg = actions.amount(action)
    if v == actions.BID or v == actions.CONTRACT:
        if arg % 5:
            return None
        arg //= 5
    elif v != actions.GIVE and v != actions.PLAY and v != actions.DECLARE and arg:
        return None
    if v == 0 or arg > 0x3FF or seat > 3:
        return None
    return (v << 12) | (seat << 10) | arg  # the save's own 16-bit word: verb 4, seat 2, argument 10 bits


def put_deal(w, dealt, log):
    for mask in dealt:
        w.mask24(mask)
    w.uint(len(log))
    for entry in log:
        word = pack_action(entry)
        if word is None:
            w.byte(0)
            w.byte(0)
            w.mask24(entry)
        else:
            w.byte(word >> 8)
            w.byte(word & 0xFF)


def deal_in_progress(game):
    return game.deal_start is not None and game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER


def finished_count(game):
    """How many rows of the sheet are finished deals (not the deal the position replays)."""
    n = len(game.sheet)
    if n and game.deal_start is not None and not deal_in_progress(game) \
            and game.sheet.first_number + n - 1 == game.deal_number:  # the last row's number
        return n - 1
    return n


# The rules' bytes change only between deals, and a save is written after every move: the
# rules are encoded once and kept.  The sheet's rows are the game's own bytes
# (thousand.game.Sheet, thousand.sheet_rows), copied as they are: a save that must drop the
# oldest rows to fit its slot encodes only its new first row again (its marks in full) and
# takes the rest as they are.  The caller keeps these (``new_memo``;
# thousand.persist.saves.Saves), so that this module and its coder can be let go between
# saves: only bytes and ints are kept, nothing of theirs that would hold them loaded.
_RULES = const(0)  # the rules encoded last; their bytes in _RULES_BYTES
_RULES_BYTES = const(1)
_FIRST = const(2)  # (row, its bytes as a save's first row) made last, or None
_TAIL = const(3)  # the last payload's bytes after its sheet: the next one's buffer for them is made that size at once


def new_memo():
    """What a caller of ``encode_game`` keeps from save to save."""
    return [None, b"", None, 0]


def seed_memo(m, rules, rules_bytes):
    """``m`` as the saves that made them would have left it: ``rules`` encoded as
    ``rules_bytes`` (thousand.persist.restore reads them from a save of this format)."""
    m[_RULES], m[_RULES_BYTES] = rules, rules_bytes


def _rules_bytes(m, rules):
    if m[_RULES] is not rules:
        from thousand.persist.rules_sheet import put_rules

        w = Writer()
        put_rules(w, rules)
        m[_RULES], m[_RULES_BYTES] = rules, bytes(w.buf)
    return m[_RULES_BYTES]


def put_sheet_head(w, number, scores_before):
    """What a save's sheet holds before its rows: the first row's number, the scores before it."""
    w.uint(number)
    for v in scores_before:
        w.int5(v)


def _first_row(m, sheet, row):
    """Row ``row``'s bytes as the first of a save's sheet (its number, the scores before it,
    its marks in full), kept for the next save."""
    if m[_FIRST] is None or m[_FIRST][0] != row:
        from thousand.sheet_rows import put_row

        w = Writer(32)
        for r in sheet.read(row, row + 1):
            put_sheet_head(w, r.number, [r.scores[s] - r.deltas[s] for s in range(len(r.scores))])
            put_row(w, r, None)
        m[_FIRST] = None
        m[_FIRST] = (row, bytes(w.buf))
    return m[_FIRST][1]


def encode_game(game, extra=None, capacity=None, memo=None, in_parts=False):
    """The save payload of ``game`` and ``extra``; the oldest sheet rows are dropped to
    fit ``capacity`` bytes (the NVM slot's room; None: no limit).  ``memo``: what the saves
    before kept (``new_memo``; None: everything encoded anew).  ``in_parts``: the payload as
    a list of buffers (thousand.persist.store's ``size_of``), the sheet's rows where the game
    keeps them, for a store that writes them where the record lies: no block of the
    payload's size made (a long game's, some 1.5 KB, at every move)."""
    m = new_memo() if memo is None else memo
    started = game.deal_start is not None
    # The payload's parts before and after its sheet, then the payload made at its size once: a
    # save's peak holds it and these (docs/memory.md, "A save's buffers"); no copy of it.
    head = Writer(64)
    head.uint((HAS_DEAL if started else 0) | (KEEP_RECORDS if game.keep_records else 0)
              | (DARK_ANSWERED if started and game.phase != PHASE_DARK else 0)
              | (GOLDEN_MADE if game.golden_made else 0))
    head.extend(_rules_bytes(m, game.rules))
    head.sint(game.seed if isinstance(game.seed, int) else 0)
    head.uint(game.deal_number)
    head.uints(game.concessions)
    head.uints(game.rng.get_state())
    tail = Writer(m[_TAIL] + 32 if m[_TAIL] else 256)  # (grown by doubling, a save of 2 KB made 4 KB of buffers)
    put_state(tail, game.deal_start if started else game.start_state())
    if started:
        put_deal(tail, game.dealt, game.log)
    put_value(tail, extra)
    from thousand.sheet_rows import bytes_of, end_of  # the game's rows, copied as they are

    count = finished_count(game)
    sheet = game.sheet
    chain = bytes_of(sheet, count)  # the rows as the game keeps them
    first = Writer(16)  # the first row's number and the scores before it; when rows are dropped, the new first row's bytes
    put_sheet_head(first, sheet.first_number, sheet.scores_before)
    first = first.buf
    drop = 0
    after = 0  # where the rows after the first's bytes begin in the chain
    while True:
        kept = len(first) + len(chain) - after if drop < count else 0
        size = len(head.buf) + (1 if count - drop < 0x80 else 2) + kept + len(tail.buf)
        if capacity is None or size <= capacity or drop >= count:
            break
        # Drop about as many rows as the excess needs, at least one.
        per_row = kept // (count - drop)
        drop = min(count, drop + max(1, (size - capacity) // max(1, per_row)))
        if drop < count:
            first, after = _first_row(m, sheet, drop), end_of(sheet, drop)
    m[_TAIL] = tail.n
    if in_parts:
        rows = Writer(2)
        rows.uint(count - drop)
        parts = [head.buf, rows.buf]
        if drop < count:
            parts.append(first)
            parts.append(chain[after:])
        parts.append(tail.buf)
        return parts
    out = Writer(size)
    out.extend(head.buf)
    out.uint(count - drop)
    if drop < count:
        out.extend(first)
        out.extend(chain[after:])
    chain = first = None
    out.extend(tail.buf)
    return out.data if out.n == len(out.data) else bytes(out.buf)  # (the size counted above: a bytearray of it)
