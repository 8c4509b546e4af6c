"""Reading saves back: Continue, damage reports, migration of older formats.

Loaded only when a save is read (the title, a Continue, loading the settings or the
statistics) and unloaded again when the table comes back.  A save that cannot be used
is reported in one line (``SaveError``) and, where files can be written, a copy of its
bytes is kept beside the saves (``game.damaged-1``); it never stops the game.

>>> from thousand.persist.encode import encode_game
>>> game = Game(seed=3); game.start_deal(); game.apply(game.to_move, game.legal(game.to_move)[0])
>>> again, extra = decode_game(encode_game(game, {"seed": 3}))
>>> again.log == game.log and again.rng.get_state() == game.rng.get_state(), extra
(True, {'seed': 3})
"""

from thousand import actions
from thousand.game import NUM_SEATS, PHASE_DARK, DealResult, Game
from thousand.rules import BOOL, INT, INT_OR_NULL, Rules, _agreement
from thousand.persist import encode
from thousand.persist.store import SaveError, pack_record

# The agreement ids and preset names of every format this program reads.
AGREEMENT_IDS = {1: encode.AGREEMENT_IDS_V1}
PRESET_NAMES = {1: encode.PRESET_NAMES_V1}


class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        if self.pos >= len(self.data):
            raise SaveError("save ends too early")
        self.pos += 1
        return self.data[self.pos - 1]

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
        return -(n >> 1) - 1 if n & 1 else n >> 1

    def int5(self):
        n = self.uint()
        v = n >> 1
        v = -(v >> 1) - 1 if v & 1 else v >> 1
        return v if n & 1 else v * 5

    def mask24(self):
        return self.byte() | (self.byte() << 8) | (self.byte() << 16)

    def uints(self, count):
        return [self.uint() for _ in range(count)]

    def bytes(self, n):
        if self.pos + n > len(self.data):
            raise SaveError("save ends too early")
        self.pos += n
        return bytes(self.data[self.pos - n:self.pos])


def get_rules(r, version=encode.FORMAT_VERSION):
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


def get_value(r, depth=0):
    if depth > 16:
        raise SaveError("save nested too deeply")
    tag = r.byte()
    if tag <= encode.TRUE:
        return None if tag == encode.NONE else tag == encode.TRUE
    if tag == encode.INTEGER:
        return r.sint()
    if tag == encode.TEXT:
        return str(r.bytes(r.uint()), "utf-8")
    if tag == encode.BYTES:
        return r.bytes(r.uint())
    if tag == encode.LIST:
        return [get_value(r, depth + 1) for _ in range(r.uint())]
    if tag == encode.DICT:
        out = {}
        for _ in range(r.uint()):
            key = get_value(r, depth + 1)
            out[key] = get_value(r, depth + 1)
        return out
    raise SaveError("save holds an unknown kind of value")


def get_state(r):
    scores = [r.int5() for _ in range(NUM_SEATS)]
    bolts = r.uints(NUM_SEATS)
    dealer = r.uint()
    barrel = [v or None for v in r.uints(NUM_SEATS)]
    return {"scores": scores, "bolts": bolts, "dealer": dealer, "barrel": barrel,
            "barrels_used": r.uints(NUM_SEATS), "deals_played": r.uint()}


def get_deal(r):
    """(hand masks, talon mask, log) of a deal."""
    hands = [r.mask24() for _ in range(NUM_SEATS)]
    log = []
    for _ in range(r.uint()):
        word = (r.byte() << 8) | r.byte()
        v = word >> 12
        if v == 0:
            log.append(r.mask24())
            continue
        arg = word & 0x3FF
        if v == actions.BID or v == actions.CONTRACT:
            arg *= 5
        log.append((((word >> 10) & 3) << 16) | (v << 12) | arg)
    return hands, 0xFFFFFF ^ (hands[0] | hands[1] | hands[2]), log


def get_nonzero(r, as_int5):
    mask = r.uint()
    return [(r.int5() if as_int5 else r.uint()) if mask >> s & 1 else 0 for s in range(NUM_SEATS)]


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
        row.deltas = get_nonzero(r, True)
        if b1 >> 7:
            cards = [0 if s == row.declarer else r.uint() for s in range(NUM_SEATS)]
            cards[row.declarer] = 120 - sum(cards)
            row.cards = cards
        else:
            row.cards = get_nonzero(r, False)
        row.marriages = get_nonzero(r, True)
        changed = r.uint()
        for i in range(len(marks)):
            if changed >> i & 1:
                marks[i] = r.uint()
        for s in range(NUM_SEATS):
            scores[s] += row.deltas[s]
        row.scores = list(scores)
        row.bolts = marks[0:NUM_SEATS]
        row.barrel = [v or None for v in marks[NUM_SEATS:2 * NUM_SEATS]]
        row.barrels_used = marks[2 * NUM_SEATS:]
        rows.append(row)
    return rows


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


def decode_game(payload, version=encode.FORMAT_VERSION):
    """(game, extra) from a save payload; SaveError when it does not make sense."""
    if version not in AGREEMENT_IDS:
        raise SaveError("save format %d cannot be read by this version" % version)
    r = Reader(payload)
    flags = r.uint()
    rules = get_rules(r, version)
    seed = r.sint()
    deal_number = r.uint()
    concessions = r.uints(NUM_SEATS)
    rng_state = (r.uint(), r.uint())
    keep = bool(flags & encode.KEEP_RECORDS)
    answered = bool(flags & encode.DARK_ANSWERED)
    golden_made = bool(flags & encode.GOLDEN_MADE)
    if flags & encode.FULL:  # written before thousand/persist: every deal since the game's start
        game = Game(rules, seed=0, start=get_state(r), keep_records=keep)
        count = r.uint()
        for k in range(count):
            hands, talon, log = get_deal(r)
            replay_deal(game, hands, talon, log, answered or k < count - 1)
        if game.deal_number != deal_number or game.concessions != concessions or game.golden_made != golden_made:
            raise SaveError("save does not replay to its own position")
    else:
        rows = get_sheet(r)
        game = Game(rules, seed=0, start=get_state(r), keep_records=keep)
        game.golden_made = golden_made
        if keep:
            game.sheet = rows
        if rows:
            game.last_result = rows[-1]
        if flags & encode.HAS_DEAL:
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
        game.golden_made = golden_made
    game.seed = seed
    game.rng.set_state(rng_state)
    extra = get_value(r)
    if r.pos != len(payload):
        raise SaveError("save has bytes after its end")
    return game, extra


# ---------------------------------------------------------------- records that cannot be used
def keep_aside(pair, data):
    """Copy bytes we cannot use to ``NAME.damaged-N`` beside the saves (a FileStore, or the
    writable drive an NvmStore was given); the words to add to the message.  The same
    bytes found again (every start until a new save) are not copied twice."""
    files = getattr(pair.store, "aside", pair.store)
    directory = getattr(files, "directory", None)
    if directory is None:
        return ""
    from thousand.persist.files import exists, join, make_dirs

    try:
        make_dirs(directory)
        n = 1
        while True:
            path = join(directory, "%s.damaged-%d" % (pair.name, n))
            if not exists(path):
                break
            with open(path, "rb") as f:
                if f.read() == data:
                    return "; copy kept in " + path
            n += 1
        with open(path, "wb") as f:
            f.write(data)
        return "; copy kept in " + path
    except OSError:
        return ""


def read_record(pair):
    """(version, payload) of the newest good record, None when nothing was ever saved;
    SaveError when only damaged or foreign data is there."""
    best, bad = pair.scan()
    if best is not None or not bad:
        # A damaged slot beside a good one is a write that a power cut stopped:
        # expected, and nothing is lost that was ever finished.
        return best
    kept = ""
    for raw in bad:
        kept = keep_aside(pair, raw) or kept
    raise SaveError("%s save damaged, not used%s" % (pair.name, kept))


def load_game(pair):
    """(game, extra) of the game save, None when there is none; SaveError (one line) for a
    damaged, foreign or newer save, after keeping a copy aside where the store can."""
    found = read_record(pair)
    if found is None:
        return None
    version, payload = found
    if version > encode.FORMAT_VERSION:
        message = "save is from a newer Thousand (format %d)" % version
    else:
        try:
            return decode_game(payload, version)
        except SaveError as error:
            message = str(error)
        except Exception as error:  # a bad save must never stop the game from starting
            message = "save unreadable (%s)" % type(error).__name__
    raise SaveError(message + keep_aside(pair, pack_record(pair.kind, version, 0, payload)))


def load_controller(saves, pair):
    """Continue: the saved game as a Controller ready to play on, or None (no save, or a
    bad one, reported to ``saves``).  A deal that ended after the game save but before the
    statistics save (a power cut between the two) is counted now."""
    from thousand.controller import HUMAN, Controller

    try:
        found = load_game(pair)
    except SaveError as error:
        saves.report(str(error))
        return None
    if found is None:
        return None
    game, extra = found
    try:
        controller = Controller.restore(game, extra)
    except (KeyError, IndexError, TypeError, ValueError) as error:  # a snapshot we did not write
        saves.report("save unusable (%s)" % type(error).__name__)
        return None
    stats = saves.load_stats()
    if stats.record_game(game, HUMAN) if game.over else stats.record_deal(game, HUMAN):
        saves.save_stats(stats)
    if game.over:  # saved just before the save was to be cleared: nothing to continue
        saves.clear_game()
        return None
    return controller


def load_kept(pair, version, from_bytes, fresh):
    """Settings or statistics: (``from_bytes(payload)`` of the newest record, None), or
    (``fresh()``, one line) when it is damaged, newer or unreadable: losing them must
    never stop the game from starting."""
    found = None
    try:
        found = read_record(pair)
        if found is None:
            return fresh(), None
        if found[0] != version:
            raise SaveError("%s format %d unknown" % (pair.name, found[0]))
        return from_bytes(found[1]), None
    except Exception as error:
        message = str(error) if isinstance(error, SaveError) else "%s unreadable (%s)" % (pair.name, type(error).__name__)
        if found is not None:
            message += keep_aside(pair, pack_record(pair.kind, found[0], 0, found[1]))
        return fresh(), message + "; started afresh"
