"""Save a game after every action and resume it exactly ("Continue").

The position is kept as the state at the start of the current deal, the deal's
cards (three 24-bit hand masks; the talon is the rest) and the deal's written
actions, two bytes each; resuming builds a Game at that state, deals those
cards and re-applies the actions, then sets the random state saved with it.
So everything the engine derives (auction, trick, trump, marks) comes back by
the engine's own rules, and the rest of the game is what it would have been.

Two depths, chosen by the store:

- *full* (files, no size limit): every deal of the game since its start, so the
  resumed game has the whole record and score sheet, exactly.
- *compact* (NVM): the score sheet as a few bytes per finished deal (no tricks or
  trumps per trick), plus the current deal.  When even that outgrows the NVM slot,
  the oldest rows are dropped.

Payload, format 1 (integers are LEB128 varints; "zz" zigzag for signed values;
"int5" is zigzag of v/5 with a flag bit when v is a multiple of 5, else of v):

    flags              bit0 full, bit1 a deal has started, bit2 keep_records,
                       bit3 the dark question was answered, bit4 golden_made
    rules              preset index, count, then (agreement index, value) pairs
                       for the agreements that differ from the preset
    seed (zz), deal_number, concessions x3, rng z, rng w
    full:    game start state, deal count, deals
    compact: score sheet, then the start state of the current deal and the deal
             (or only the state when no deal has started)
    extra              the caller's small values (see put_value)

    state = scores (int5) x3, bolts x3, dealer, barrel x3 (0: off), barrels_used x3,
            deals_played
    deal  = hand masks x3 (3 bytes each), action count, actions (2 bytes each:
            verb 4 bits, seat 2, argument 10; verb 0 escapes to 3 raw bytes)

>>> from thousand.game import Game
>>> game = Game(seed=3); game.start_deal(); game.apply(game.to_move, game.legal(game.to_move)[0])
>>> again, extra = decode_game(encode_game(game, {"human": 0}))
>>> again.log == game.log and again.rng.get_state() == game.rng.get_state(), extra
(True, {'human': 0})
"""

from thousand import actions
from thousand.game import (Game, DealResult, NUM_SEATS, PHASE_DARK, PHASE_DEAL_OVER,
                           PHASE_GAME_OVER)
from thousand.rules import Rules, BOOL, INT, INT_OR_NULL, _agreement
from thousand.storage import SaveError, SlotPair, KIND_GAME, default_store

FORMAT_VERSION = 1

# The agreement ids and preset names as format 1 numbers them.  Frozen: when the
# rules gain an agreement, it is appended to a new list for a new format, and a
# save of format 1 still reads through this one (the new agreement keeps its
# preset value: that is the migration).
AGREEMENT_IDS_V1 = (
    "target", "bid_jumps", "bid_cap", "silence_below", "talon_hidden_at_100",
    "discard_open", "must_beat", "must_overtrump", "marriage_needs_trick", "ace_marriage",
    "lead_trump_only_declarer", "round_declarer", "bolt_mode", "bolt_penalty",
    "declarer_bolts", "samosval", "barrel_at", "barrel_deals", "barrel_win",
    "barrel_fall_penalty", "barrel_collision", "barrel_three_falls_zero", "concede",
    "concede_payout", "concede_deduct", "concede_limit", "concede_on_barrel", "golden",
    "golden_raise", "golden_double_marriages", "golden_concede", "golden_fail", "dark",
    "dark_min_score", "dark_concede", "redeal_hand_points_below", "redeal_hand_nines",
    "redeal_hand_jacks", "redeal_talon_points_below", "redeal_talon_two_nines",
    "redeal_talon_three_jacks", "redeal_talon_only_at_100", "redeal_four_aces",
)
PRESET_NAMES_V1 = ("classic", "full", "club", "family")
AGREEMENT_IDS = {1: AGREEMENT_IDS_V1}
PRESET_NAMES = {1: PRESET_NAMES_V1}

_FULL = 1
_HAS_DEAL = 2
_KEEP_RECORDS = 4
_DARK_ANSWERED = 8
_GOLDEN_MADE = 16


# ---------------------------------------------------------------- bytes
class Writer:
    def __init__(self):
        self.buf = bytearray()

    def byte(self, b):
        self.buf.append(b)

    def uint(self, n):
        if n < 0:
            raise ValueError("negative value %d where none can be" % n)
        while n >= 0x80:
            self.buf.append((n & 0x7F) | 0x80)
            n >>= 7
        self.buf.append(n)

    def sint(self, n):
        self.uint(n * 2 if n >= 0 else -n * 2 - 1)

    def int5(self, n):
        if n % 5 == 0:
            n //= 5
            self.uint((n * 2 if n >= 0 else -n * 2 - 1) * 2)
        else:
            self.uint((n * 2 if n >= 0 else -n * 2 - 1) * 2 + 1)

    def mask24(self, m):
        self.buf.append(m & 0xFF)
        self.buf.append((m >> 8) & 0xFF)
        self.buf.append((m >> 16) & 0xFF)


class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        if self.pos >= len(self.data):
            raise SaveError("save ends too early")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def uint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if b < 0x80:
                return n
            shift += 7
            if shift > 280:
                raise SaveError("save holds an impossible number")

    def sint(self):
        n = self.uint()
        return n >> 1 if not n & 1 else -(n >> 1) - 1

    def int5(self):
        n = self.uint()
        flag = n & 1
        n >>= 1
        n = n >> 1 if not n & 1 else -(n >> 1) - 1
        return n if flag else n * 5

    def mask24(self):
        return self.byte() | (self.byte() << 8) | (self.byte() << 16)

    def bytes(self, n):
        if self.pos + n > len(self.data):
            raise SaveError("save ends too early")
        out = bytes(self.data[self.pos:self.pos + n])
        self.pos += n
        return out


# ---------------------------------------------------------------- rules
def put_rules(w, rules):
    """The preset, then the agreements that differ from it, by format 1 numbers."""
    base = Rules.preset(rules.preset_name)
    w.uint(PRESET_NAMES_V1.index(rules.preset_name))
    changed = []
    for i in range(len(AGREEMENT_IDS_V1)):
        name = AGREEMENT_IDS_V1[i]
        if getattr(rules, name) != getattr(base, name):
            changed.append(i)
    w.uint(len(changed))
    for i in changed:
        name = AGREEMENT_IDS_V1[i]
        w.uint(i)
        entry = _agreement(name)
        value = getattr(rules, name)
        kind = entry[1]
        if kind == BOOL:
            w.uint(1 if value else 0)
        elif kind == INT:
            w.sint(value)
        elif kind == INT_OR_NULL:
            if value is None:
                w.uint(0)
            else:
                w.uint(1)
                w.sint(value)
        else:
            w.uint(entry[3].index(value))


def get_rules(r, version=FORMAT_VERSION):
    ids = AGREEMENT_IDS[version]
    presets = PRESET_NAMES[version]
    index = r.uint()
    if index >= len(presets):
        raise SaveError("save names an unknown preset")
    rules = Rules.preset(presets[index])
    for _ in range(r.uint()):
        i = r.uint()
        if i >= len(ids):
            raise SaveError("save names an unknown agreement")
        entry = _agreement(ids[i])
        kind = entry[1] if entry is not None else INT
        if kind == BOOL:
            value = r.uint() == 1
        elif kind == INT:
            value = r.sint()
        elif kind == INT_OR_NULL:
            value = r.sint() if r.uint() else None
        else:
            k = r.uint()
            if k >= len(entry[3]):
                raise SaveError("save holds an unknown value for '%s'" % entry[0])
            value = entry[3][k]
        if entry is not None:  # an agreement the rules no longer have is dropped
            setattr(rules, entry[0], value)
    rules.validate()
    return rules


# ---------------------------------------------------------------- small values
# The caller's extra data (human seat, bot levels, bot random states ...): None,
# bools, ints, text, bytes, lists and dicts with text keys; dicts are written
# with their keys sorted so that the bytes do not depend on dict order.
_NONE = 0
_FALSE = 1
_TRUE = 2
_INT = 3
_STR = 4
_BYTES = 5
_LIST = 6
_DICT = 7


def put_value(w, value):
    if value is None:
        w.byte(_NONE)
    elif value is True or value is False:
        w.byte(_TRUE if value else _FALSE)
    elif isinstance(value, int):
        w.byte(_INT)
        w.sint(value)
    elif isinstance(value, str):
        data = value.encode("utf-8")
        w.byte(_STR)
        w.uint(len(data))
        w.buf.extend(data)
    elif isinstance(value, (bytes, bytearray)):
        w.byte(_BYTES)
        w.uint(len(value))
        w.buf.extend(value)
    elif isinstance(value, (list, tuple)):
        w.byte(_LIST)
        w.uint(len(value))
        for item in value:
            put_value(w, item)
    elif isinstance(value, dict):
        keys = sorted(value)
        w.byte(_DICT)
        w.uint(len(keys))
        for key in keys:
            if not isinstance(key, str):
                raise ValueError("saved dict keys must be text, not %r" % (key,))
            put_value(w, key)
            put_value(w, value[key])
    else:
        raise ValueError("cannot save a %s" % type(value).__name__)


def get_value(r, depth=0):
    if depth > 16:
        raise SaveError("save nested too deeply")
    tag = r.byte()
    if tag == _NONE:
        return None
    if tag == _FALSE or tag == _TRUE:
        return tag == _TRUE
    if tag == _INT:
        return r.sint()
    if tag == _STR:
        return str(r.bytes(r.uint()), "utf-8")
    if tag == _BYTES:
        return r.bytes(r.uint())
    if tag == _LIST:
        return [get_value(r, depth + 1) for _ in range(r.uint())]
    if tag == _DICT:
        out = {}
        for _ in range(r.uint()):
            key = get_value(r, depth + 1)
            out[key] = get_value(r, depth + 1)
        return out
    raise SaveError("save holds an unknown kind of value")


# ---------------------------------------------------------------- state and deals
def put_state(w, state):
    for v in state["scores"]:
        w.int5(v)
    for v in state["bolts"]:
        w.uint(v)
    w.uint(state["dealer"])
    for v in state["barrel"]:
        w.uint(0 if v is None else v)
    for v in state["barrels_used"]:
        w.uint(v)
    w.uint(state["deals_played"])


def get_state(r):
    scores = [r.int5() for _ in range(NUM_SEATS)]
    bolts = [r.uint() for _ in range(NUM_SEATS)]
    dealer = r.uint()
    barrel = []
    for _ in range(NUM_SEATS):
        v = r.uint()
        barrel.append(None if v == 0 else v)
    used = [r.uint() for _ in range(NUM_SEATS)]
    return {"scores": scores, "bolts": bolts, "dealer": dealer, "barrel": barrel,
            "barrels_used": used, "deals_played": r.uint()}


def _pack_agreement(entry):
    """An action log entry in 16 bits, or None when it does not fit."""
    seat = entry >> 16
    action = entry & 0xFFFF
    v = action >> 12
    arg = action & 0xFFF
    if v == actions.BID or v == actions.CONTRACT:
        if arg % 5:
            return None
        arg //= 5
    elif v != actions.GIVE and v != actions.PLAY and v != actions.DECLARE and arg:
        return None
    if v == 0 or arg > 0x3FF or seat > 3:
        return None
    return (v << 12) | (seat << 10) | arg


def put_deal(w, dealt, log):
    for s in range(NUM_SEATS):
        w.mask24(dealt[s])
    w.uint(len(log))
    for entry in log:
        word = _pack_agreement(entry)
        if word is None:
            w.byte(0)
            w.byte(0)
            w.mask24(entry)
        else:
            w.byte(word >> 8)
            w.byte(word & 0xFF)


def get_deal(r):
    hands = [r.mask24() for _ in range(NUM_SEATS)]
    talon = 0xFFFFFF ^ (hands[0] | hands[1] | hands[2])
    log = []
    for _ in range(r.uint()):
        word = (r.byte() << 8) | r.byte()
        v = word >> 12
        if v == 0:
            log.append(r.mask24())
            continue
        seat = (word >> 10) & 3
        arg = word & 0x3FF
        if v == actions.BID or v == actions.CONTRACT:
            arg *= 5
        log.append((seat << 16) | (v << 12) | arg)
    return hands, talon, log


def replay_deal(game, hands, talon, log, dark_answered):
    """Deal the cards and re-apply the written actions, as the game first did."""
    game.start_deal(hands, talon)
    for entry in log:
        action = entry & 0xFFFF
        if game.phase == PHASE_DARK and action != actions.ACTION_DARK:
            game.apply(game.first_hand, actions.ACTION_NODARK)  # "no dark" is not written
        game.apply(entry >> 16, action)
    if dark_answered and game.phase == PHASE_DARK:
        game.apply(game.first_hand, actions.ACTION_NODARK)


# ---------------------------------------------------------------- score sheet rows
def _put_nonzero(w, values, as_int5):
    mask = 0
    for s in range(NUM_SEATS):
        if values[s]:
            mask |= 1 << s
    w.uint(mask)
    for s in range(NUM_SEATS):
        if values[s]:
            if as_int5:
                w.int5(values[s])
            else:
                w.uint(values[s])


def _get_nonzero(r, as_int5):
    mask = r.uint()
    out = [0] * NUM_SEATS
    for s in range(NUM_SEATS):
        if mask >> s & 1:
            out[s] = r.int5() if as_int5 else r.uint()
    return out


def _marks(row):
    out = list(row.bolts)
    for v in row.barrel:
        out.append(0 if v is None else v)
    out.extend(row.barrels_used)
    return out


def put_sheet(w, rows):
    """Score sheet rows: what a deal did, and the marks that changed."""
    w.uint(len(rows))
    if not rows:
        return
    w.uint(rows[0].number)
    first = rows[0]
    for s in range(NUM_SEATS):
        w.int5(first.scores[s] - first.deltas[s])
    prev = [0] * (3 * NUM_SEATS)
    for row in rows:
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
        _put_nonzero(w, row.deltas, True)
        if played:
            for s in range(NUM_SEATS):
                if s != row.declarer:
                    w.uint(row.cards[s])
        else:
            _put_nonzero(w, row.cards, False)
        _put_nonzero(w, row.marriages, True)
        marks = _marks(row)
        changed = 0
        for i in range(len(marks)):
            if marks[i] != prev[i]:
                changed |= 1 << i
        w.uint(changed)
        for i in range(len(marks)):
            if changed >> i & 1:
                w.uint(marks[i])
        prev = marks


def get_sheet(r):
    rows = []
    count = r.uint()
    if not count:
        return rows
    number = r.uint()
    scores = [r.int5() for _ in range(NUM_SEATS)]
    marks = [0] * (3 * NUM_SEATS)
    for _ in range(count):
        row = DealResult()
        row.number = number
        number += 1
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
        row.deltas = _get_nonzero(r, True)
        if b1 >> 7:
            cards = [0] * NUM_SEATS
            for s in range(NUM_SEATS):
                if s != row.declarer:
                    cards[s] = r.uint()
            cards[row.declarer] = 120 - sum(cards)
            row.cards = cards
        else:
            row.cards = _get_nonzero(r, False)
        row.marriages = _get_nonzero(r, True)
        changed = r.uint()
        for i in range(len(marks)):
            if changed >> i & 1:
                marks[i] = r.uint()
        for s in range(NUM_SEATS):
            scores[s] += row.deltas[s]
        row.scores = list(scores)
        row.bolts = marks[0:NUM_SEATS]
        row.barrel = [None if v == 0 else v for v in marks[NUM_SEATS:2 * NUM_SEATS]]
        row.barrels_used = marks[2 * NUM_SEATS:]
        rows.append(row)
    return rows


# ---------------------------------------------------------------- the game
def _deal_in_progress(game):
    return game.deal_start is not None and game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER


def full_history_possible(game):
    """Do the game's records hold every deal since its start (needed for full depth)?

    Not after a compact resume: its records begin at the deal it resumed.
    """
    started = len(game.records) + (1 if _deal_in_progress(game) else 0)
    return game.keep_records and len(game.records) == len(game.sheet) and game.deal_number == started


def _flags(game, full):
    flags = 0
    if full:
        flags |= _FULL
    if game.deal_start is not None:
        flags |= _HAS_DEAL
    if game.keep_records:
        flags |= _KEEP_RECORDS
    if game.deal_start is not None and game.phase != PHASE_DARK:
        flags |= _DARK_ANSWERED
    if game.golden_made:
        flags |= _GOLDEN_MADE
    return flags


def _put_head(w, game, full):
    w.uint(_flags(game, full))
    put_rules(w, game.rules)
    w.sint(game.seed if isinstance(game.seed, int) else 0)
    w.uint(game.deal_number)
    for v in game.concessions:
        w.uint(v)
    z, rw = game.rng.get_state()
    w.uint(z)
    w.uint(rw)


def _sheet_rows(game):
    """The finished rows of the sheet, without the deal the position replays."""
    rows = game.sheet
    if rows and game.deal_start is not None and not _deal_in_progress(game) \
            and rows[-1].number == game.deal_number:
        return rows[:-1]
    return rows


def encode_game(game, extra=None, full=None, capacity=None):
    """The save payload of ``game``.

    ``full`` None: full depth where there is no ``capacity`` (files), compact in a
    limited slot (NVM), where the oldest sheet rows are dropped to fit.
    """
    if full is None:
        full = capacity is None
    full = full and full_history_possible(game)
    w = Writer()
    _put_head(w, game, full)
    if full:
        put_state(w, game.start)
        deals = list(game.records)
        if _deal_in_progress(game):
            deals.append((game.dealt, game.talon_dealt, game.log))
        w.uint(len(deals))
        for dealt, _talon, log in deals:
            put_deal(w, dealt, log)
        put_value(w, extra)
        return bytes(w.buf)
    rows = _sheet_rows(game)
    tail = Writer()
    if game.deal_start is not None:
        put_state(tail, game.deal_start)
        put_deal(tail, game.dealt, game.log)
    else:
        put_state(tail, game.start_state())
    put_value(tail, extra)
    drop = 0
    while True:
        sheet = Writer()
        put_sheet(sheet, rows[drop:])
        size = len(w.buf) + len(sheet.buf) + len(tail.buf)
        if capacity is None or size <= capacity or drop >= len(rows):
            break
        # Drop about as many rows as the excess needs, at least one.
        per_row = len(sheet.buf) // max(1, len(rows) - drop)
        drop += max(1, (size - capacity) // max(1, per_row))
        drop = min(drop, len(rows))
    w.buf.extend(sheet.buf)
    w.buf.extend(tail.buf)
    return bytes(w.buf)


def decode_game(payload, version=FORMAT_VERSION):
    """(game, extra) from a save payload; SaveError when it does not make sense."""
    if version != FORMAT_VERSION:
        raise SaveError("save format %d cannot be read by this version" % version)
    r = Reader(payload)
    flags = r.uint()
    rules = get_rules(r, version)
    seed = r.sint()
    deal_number = r.uint()
    concessions = [r.uint() for _ in range(NUM_SEATS)]
    rng_state = (r.uint(), r.uint())
    keep = bool(flags & _KEEP_RECORDS)
    answered = bool(flags & _DARK_ANSWERED)
    if flags & _FULL:
        game = Game(rules, seed=0, start=get_state(r), keep_records=keep)
        count = r.uint()
        for k in range(count):
            hands, talon, log = get_deal(r)
            replay_deal(game, hands, talon, log, answered or k < count - 1)
        if (game.deal_number != deal_number or game.concessions != concessions
                or game.golden_made != bool(flags & _GOLDEN_MADE)):
            raise SaveError("save does not replay to its own position")
    else:
        rows = get_sheet(r)
        game = Game(rules, seed=0, start=get_state(r), keep_records=keep)
        game.golden_made = bool(flags & _GOLDEN_MADE)
        if keep:
            game.sheet = rows
        if rows:
            game.last_result = rows[-1]
        if flags & _HAS_DEAL:
            hands, talon, log = get_deal(r)
            for entry in log:  # the replay concedes again: count from before it
                if (entry & 0xFFFF) == actions.ACTION_CONCEDE:
                    concessions[entry >> 16] -= 1
            game.concessions = concessions
            game.deal_number = deal_number - 1
            replay_deal(game, hands, talon, log, answered)
        else:
            game.concessions = concessions
            game.deal_number = deal_number
        game.golden_made = bool(flags & _GOLDEN_MADE)
    game.seed = seed
    game.rng.set_state(rng_state)
    extra = get_value(r)
    if r.pos != len(payload):
        raise SaveError("save has bytes after its end")
    return game, extra


class SaveSlot:
    """The game save: ``save(game, extra)`` after every action, ``load()`` for Continue.

    ``load()`` returns (game, extra), None when there is no save, and raises
    SaveError (one line for the screen) for a damaged, foreign or newer save,
    after keeping a copy aside where the store can.
    """

    def __init__(self, store=None, name="game"):
        self.store = store if store is not None else default_store()
        self.pair = SlotPair(self.store, name, KIND_GAME)
        self.last_size = 0

    def save(self, game, extra=None):
        """Write the position; return its size in bytes (the record's payload).

        Raises SaveError (one line) when the store refuses; the game can go on.
        """
        payload = encode_game(game, extra, None, self.pair.capacity())
        self.pair.write(FORMAT_VERSION, payload)
        self.last_size = len(payload)
        return self.last_size

    def load(self):
        found = self.pair.read()
        if found is None:
            return None
        version, payload = found
        if version > FORMAT_VERSION:
            raise SaveError("save is from a newer Thousand (format %d)%s"
                            % (version, self.pair.keep_aside(version, payload)))
        try:
            return decode_game(payload, version)
        except SaveError as error:
            message = str(error)
        except Exception as error:  # a bad save must never stop the game from starting
            message = "save unreadable (%s)" % type(error).__name__
        raise SaveError(message + self.pair.keep_aside(version, payload))

    def clear(self):
        self.pair.clear()
