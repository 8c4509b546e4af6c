"""A game of Five Hundred as a save's payload, both ways (docs/saves.md, format 2).

Loaded only when a game of Five Hundred is saved or continued: a session of Thousand never
loads it (``thousand.persist.saves`` and ``restore`` choose by the game).  As Thousand's
save (``encode``): the score sheet, the state at the start of the deal in play, that deal's
cards and actions, and the controller's snapshot; restoring deals the cards again and
re-applies the actions with the unwritten answers at their places
(``thousand.five_hundred.replay``): replaying is restoring.

Payload after format 2's game byte (``GAME_FIVE_HUNDRED``; integers are LEB128 varints,
"zz" zigzag for signed values):

    rules          the agreements as a value (``coding.put_value``): the preset and the
                   agreements that differ from it, by name (``Rules.to_dict``), so an
                   agreement added later reads as its preset's value
    seed (zz), deal_number, the game's rng state (2)
    flags          bit0 a deal is in play, bit1 keep_records
    scores (zz) a side, dealer: the game's now (a deal changes neither until its end)
    sheet          count; when not 0 the first row's number and the scores (zz) before it;
                   then a row a deal: dealer, contractor + 1, bid + 1, result, tricks a
                   seat, deltas (zz) a side (the oldest rows go when a slot is full)
    deal           when one is in play: the hands and the kitty, five masks each; the
                   number of actions, then each as a byte (seat << 3 | verb) and its argument
    extra          the controller's snapshot (``put_value``), its unwritten answers with it

>>> from thousand.five_hundred.controller import Controller
>>> c = Controller(seed=4); c.next_deal()
>>> while c.step() is None: pass  # a computer seat thinks in slices
>>> c.game.log != []
True
>>> game, extra = decode_game(encode_game(c.game, c.snapshot()))
>>> game.log == c.game.log and game.hands == c.game.hands and extra == c.snapshot()
True
"""

from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.five_hundred.game import PHASE_DEAL_OVER, PHASE_GAME_OVER, DealResult, Game
from thousand.five_hundred.rules import Rules
from thousand.persist.coding import FORMAT_NAMING_THE_GAME, GAME_FIVE_HUNDRED, Reader, Writer, get_value, put_value
from thousand.persist.store import SaveError

FORMAT_VERSION = FORMAT_NAMING_THE_GAME  # what a save of this game is written as
_IN_DEAL = 1
_KEEP_RECORDS = 2


def in_deal(game):
    return game.deal_number > 0 and game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER


def _put_row(w, row):
    w.uint(row.dealer)
    w.uint(0 if row.contractor is None else row.contractor + 1)
    w.uint(0 if row.bid is None else row.bid + 1)
    w.uint(row.result)
    w.uints(row.tricks_won)
    for delta in row.deltas:
        w.sint(delta)


def _put_sheet(w, rows, first):
    """The sheet's rows from ``first`` (the oldest ones left out)."""
    w.uint(len(rows) - first)
    if first < len(rows):
        row = rows[first]
        w.uint(row.number)
        for side in range(len(row.scores)):
            w.sint(row.scores[side] - row.deltas[side])
        for k in range(first, len(rows)):
            _put_row(w, rows[k])


def encode_game(game, extra=None, capacity=None, memo=None, in_parts=False):
    """The save payload of ``game`` and ``extra`` (after format 2's game byte, which it
    begins with); the oldest sheet rows are dropped to fit ``capacity`` (None: no limit).
    ``memo`` is Thousand's (``encode.new_memo``): this game's save needs none.
    ``in_parts``: the payload as a list of buffers, as Thousand's ``encode_game`` gives it."""
    head = Writer()
    head.byte(GAME_FIVE_HUNDRED)
    put_value(head, game.rules.to_dict())
    head.sint(game.seed if isinstance(game.seed, int) else 0)
    head.uint(game.deal_number)
    head.uints(game.rng.get_state())
    playing = in_deal(game)
    head.uint((_IN_DEAL if playing else 0) | (_KEEP_RECORDS if game.keep_records else 0))
    for score in game.scores:
        head.sint(score)
    head.uint(game.dealer)
    tail = Writer()
    if playing:
        for hand in game.dealt:
            tail.uints(hand)
        tail.uints(game.kitty)
        tail.uint(len(game.log))
        for entry in game.log:
            action = A.entry_action(entry)
            tail.byte(A.entry_seat(entry) << 3 | A.verb(action))
            tail.uint(A.argument(action))
    put_value(tail, extra)
    rows = game.sheet
    first = 0
    while True:
        sheet = Writer()
        _put_sheet(sheet, rows, first)
        if capacity is None or len(head.buf) + len(sheet.buf) + len(tail.buf) <= capacity or first >= len(rows):
            break
        first += 1
    if in_parts:
        return [head.buf, sheet.buf, tail.buf]
    out = Writer(len(head.buf) + len(sheet.buf) + len(tail.buf))  # made once at its size, as Thousand's
    out.extend(head.buf)  # (thousand.persist.encode): no buffer grown to it, no copy of it
    out.extend(sheet.buf)
    out.extend(tail.buf)
    return out.data


def _get_sheet(r, players, sides):
    rows = []
    count = r.uint()
    if not count:
        return rows
    number = r.uint()
    scores = [r.sint() for _ in range(sides)]
    for _ in range(count):
        row = DealResult(players, sides)
        row.number = number
        number += 1
        row.dealer = r.uint()
        contractor = r.uint()
        row.contractor = contractor - 1 if contractor else None
        bid = r.uint()
        row.bid = bid - 1 if bid else None
        row.result = r.uint()
        row.tricks_won = r.uints(players)
        for side in range(sides):
            row.deltas[side] = r.sint()
            scores[side] += row.deltas[side]
            row.scores[side] = scores[side]
        rows.append(row)
    return rows


def _get_masks(r, what):
    masks = r.uints(C.SLOTS)
    for slot in range(C.SLOTS):
        if masks[slot] >> (1 if slot == C.JOKER_SLOT else 11):
            raise SaveError("save holds an impossible %s" % what)
    return masks


def decode_game(payload):
    """(game, extra) from a payload ``encode_game`` wrote; SaveError when it makes no sense."""
    from thousand.five_hundred.replay import replay_deal

    r = Reader(payload)
    if r.byte() != GAME_FIVE_HUNDRED:
        raise SaveError("save is not a game of Five Hundred")
    try:
        rules = Rules.from_dict(get_value(r))
    except ValueError as error:  # RulesError: an agreement this program does not know
        raise SaveError("save's agreements unknown here (%s)" % error)
    seed = r.sint()
    deal_number = r.uint()
    rng_state = (r.uint(), r.uint())
    flags = r.uint()
    sides = rules.sides
    scores = [r.sint() for _ in range(sides)]
    dealer = r.uint()
    players = rules.players
    try:
        game = Game(rules, seed=0, start={"scores": scores, "dealer": dealer}, keep_records=bool(flags & _KEEP_RECORDS))
    except ValueError as error:
        raise SaveError("save's position is impossible (%s)" % error)
    sheet = _get_sheet(r, players, sides)
    if game.keep_records:
        game.sheet = sheet
    if sheet:
        game.last_result = sheet[-1]
    hands = kitty = log = None
    if flags & _IN_DEAL:
        hands = [_get_masks(r, "hand") for _ in range(players)]
        kitty = _get_masks(r, "kitty")
        log = []
        for _ in range(r.uint()):
            head = r.byte()
            log.append(A.log_entry(head >> 3, (head & 7) << 24 | r.uint()))
    extra = get_value(r)
    if r.pos != len(payload):
        raise SaveError("save has bytes after its end")
    if log is not None:
        game.deal_number = deal_number - 1  # start_deal counts it again
        replay_deal(game, hands, kitty, log, extra["unwritten"] if isinstance(extra, dict) else ())
    game.deal_number = deal_number
    game.seed = seed
    game.rng.set_state(rng_state)
    return game, extra
