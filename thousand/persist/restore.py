"""Continue: a game save read back into a Game and its Controller, older formats included.

Loaded for a Continue and let go at the next screen change.  A save that cannot be used
is reported in one line (``SaveError``) and, where files can be written, a copy of its
bytes is kept beside the saves (``game.damaged-1``, ``reading``); it never stops the game.

>>> from thousand.persist.encode import encode_game
>>> game = Game(seed=3); game.start_deal(); game.apply(game.to_move, game.legal(game.to_move)[0])
>>> again, extra = decode_game(encode_game(game, {"seed": 3}))
>>> again.log == game.log and again.rng.get_state() == game.rng.get_state(), extra
(True, {'seed': 3})
"""

from thousand import actions
from thousand.game import NUM_SEATS, DealResult, Game
from thousand.persist import encode
from thousand.persist.coding import Reader, get_value
from thousand.persist.reading import keep_aside, read_record
from thousand.persist.rules_sheet import RULES_NUMBERING, get_rules
from thousand.persist.store import SaveError, pack_record
from thousand.replay import replay_deal


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
        log.append(actions.log_entry((word >> 10) & 3, actions.action_of(v, arg)))  # encode.pack_action's word
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


def decode_game(payload, version=encode.FORMAT_VERSION):
    """(game, extra) from a save payload; SaveError when it does not make sense."""
    if version not in RULES_NUMBERING:
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
            for row in rows:
                game.sheet.append(row)
        if rows:
            game.last_result = rows[-1]
        if flags & encode.HAS_DEAL:
            hands, talon, log = get_deal(r)
            for entry in log:  # the replay concedes again: count from before it
                if actions.entry_action(entry) == actions.ACTION_CONCEDE:
                    concessions[actions.entry_seat(entry)] -= 1
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


def load_game(pair):
    """(game, extra) of the game save, None when there is none; SaveError (one line) for a
    damaged, foreign or newer save, after keeping a copy aside where the store can."""
    found = read_record(pair, encode.FORMAT_VERSION)
    if found is None or not found[1]:  # nothing saved, or the empty save of a game over
        return None
    version, payload = found
    try:
        return decode_game(payload, version)
    except SaveError as error:
        message = str(error)
    except MemoryError:
        # No room now is no damage: the app starts again and reads the save again
        # (thousand.ui.app.main), where calling it unreadable would lose the game.
        raise
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

