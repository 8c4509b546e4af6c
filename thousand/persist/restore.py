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
from thousand.checks import check_deal, checked_start
from thousand.game import NUM_SEATS, DealResult, Game, Sheet
from thousand.persist import encode
from thousand.persist.coding import FORMAT_NAMING_THE_GAME, GAME_FIVE_HUNDRED, GAME_THOUSAND, Reader, get_value
from thousand.persist.reading import keep_aside, read_record
from thousand.persist.rules_sheet import RULES_NUMBERING, get_rules, marks_of
from thousand.persist.store import SaveError, pack_record
from thousand.replay import replay_deal


def get_state(r, rules):
    """The game's ``start`` (the state between deals), checked as a start from outside."""
    scores = [r.int5() for _ in range(NUM_SEATS)]
    bolts = r.uints(NUM_SEATS)
    dealer = r.uint()
    barrel = [v or None for v in r.uints(NUM_SEATS)]
    return checked_start({"scores": scores, "bolts": bolts, "dealer": dealer, "barrel": barrel,
                          "barrels_used": r.uints(NUM_SEATS), "deals_played": r.uint()}, rules)


def get_deal(r):
    """(hand masks, talon mask, log) of a deal, its cards checked as a deal from outside."""
    hands = [r.mask24() for _ in range(NUM_SEATS)]
    talon = 0xFFFFFF ^ (hands[0] | hands[1] | hands[2])
    check_deal(hands, talon)
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
    return hands, talon, log


def get_nonzero_into(r, as_int5, into):
    """A per-seat list of the save's (only the seats with a value are written) into ``into``."""
    mask = r.uint()
    for s in range(NUM_SEATS):
        into[s] = (r.int5() if as_int5 else r.uint()) if mask >> s & 1 else 0


def get_sheet(r, sheet, ends=None):
    """The save's score sheet appended to ``sheet`` (a Game's Sheet, or None to skip it) row
    by row, each row read into the same DealResult: a long game's rows read as DealResults
    and then packed were some 150 KB of garbage in a fresh VM's first tick (65 rows), which a
    board collects in pieces between the rows it keeps.  The last row, or None.  ``ends``: a
    list given the rows' start in the payload and each row's end (seed_memo)."""
    count = r.uint()
    if not count:
        return None
    if ends is not None:
        ends.append(r.pos)
    number = r.uint()
    scores = [r.int5() for _ in range(NUM_SEATS)]
    marks = [0] * (3 * NUM_SEATS)
    row = DealResult()
    for _ in range(count):
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
        get_nonzero_into(r, True, row.deltas)
        cards = row.cards
        if b1 >> 7:  # the declarer's card points are what the others' leave of 120
            others = 0
            for s in range(NUM_SEATS):
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
        for s in range(NUM_SEATS):
            scores[s] += row.deltas[s]
            row.scores[s] = scores[s]
            row.bolts[s] = marks[s]
            row.barrel[s] = marks[NUM_SEATS + s] or None
            row.barrels_used[s] = marks[2 * NUM_SEATS + s]
        if sheet is not None:
            sheet.append(row)
        if ends is not None:
            ends.append(r.pos)
    return row


def decode_game(payload, version=encode.FORMAT_VERSION, memo=None):
    """(game, extra) from a save payload; SaveError when it does not make sense.  ``memo``
    (``encode.new_memo()``): filled with the payload's rules and sheet as the saves that
    follow would encode them (``encode.seed_memo``), so that the first save after a
    Continue encodes neither again (a long game's sheet encoded anew was some 60 KB of
    garbage at the table)."""
    if version not in RULES_NUMBERING:
        raise SaveError("save format %d cannot be read by this version" % version)
    r = Reader(payload)
    flags = r.uint()
    rules_at = r.pos
    rules = get_rules(r, version)
    rules_end = r.pos
    ends = []
    seed = r.sint()
    deal_number = r.uint()
    concessions = r.uints(NUM_SEATS)
    rng_state = (r.uint(), r.uint())
    keep = bool(flags & encode.KEEP_RECORDS)
    answered = bool(flags & encode.DARK_ANSWERED)
    golden_made = bool(flags & encode.GOLDEN_MADE)
    if flags & encode.FULL:  # written before thousand/persist: every deal since the game's start
        game = Game(rules, seed=0, start=get_state(r, rules), keep_records=keep)
        count = r.uint()
        for k in range(count):
            hands, talon, log = get_deal(r)
            replay_deal(game, hands, talon, log, answered or k < count - 1)
        if game.deal_number != deal_number or game.concessions != concessions or game.golden_made != golden_made:
            raise SaveError("save does not replay to its own position")
    else:
        sheet = Sheet() if keep else None
        last = get_sheet(r, sheet, ends)
        game = Game(rules, seed=0, start=get_state(r, rules), keep_records=keep)
        game.golden_made = golden_made
        if keep:
            game.sheet = sheet
        if last is not None:
            game.last_result = last
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
    if memo is not None and version == encode.FORMAT_VERSION and keep and not flags & encode.FULL:
        start = ends[0] if ends else 0
        encode.seed_memo(memo, game.rules, bytes(payload[rules_at:rules_end]), game.sheet,
                         bytes(payload[start:ends[-1]]) if ends else b"", [end - start for end in ends] or [0],
                         None if last is None else marks_of(last))
    return game, extra


def load_game(pair, memo=None):
    """(game, extra) of the game save, None when there is none; SaveError (one line) for a
    damaged, foreign or newer save, after keeping a copy aside where the store can."""
    found = load_named(pair, memo)
    return None if found is None else found[1:]


def load_named(pair, memo=None):
    """(the game's name, game, extra) of the game save, as ``load_game``.  A save of format 2
    names its game in its first byte (docs/saves.md): Thousand's payload follows, or Five
    Hundred's (``thousand.persist.five_hundred``, loaded for it only)."""
    found = read_record(pair, FORMAT_NAMING_THE_GAME)
    if found is None or not found[1]:  # nothing saved, or the empty save of a game over
        return None
    version, payload = found
    try:
        if version < FORMAT_NAMING_THE_GAME:
            return ("thousand",) + decode_game(payload, version, memo)
        if payload[0] == GAME_THOUSAND:
            return ("thousand",) + decode_game(memoryview(payload)[1:], encode.FORMAT_VERSION, memo)
        if payload[0] == GAME_FIVE_HUNDRED:
            try:  # desktop-only until the device plays Five Hundred (tools/bundle.py leaves it out)
                from thousand.persist.five_hundred import decode_game as decode_five_hundred
            except ImportError:
                raise SaveError("the saved game is Five Hundred, which this version does not play")
            return ("five_hundred",) + decode_five_hundred(payload)
        raise SaveError("save is of a game this version does not know")
    except SaveError as error:
        message = str(error)
    except MemoryError:
        # No room now is no damage: the app starts again and reads the save again
        # (thousand.ui.app.main), where calling it unreadable would lose the game.
        raise
    except Exception as error:  # a bad save must never stop the game from starting
        message = "save unreadable (%s)" % type(error).__name__
    raise SaveError(message + keep_aside(pair, pack_record(pair.kind, version, 0, payload)))


def saved_game(pair):
    """Which game the save holds ("thousand", "five_hundred"), read but not decoded; None
    when there is none (or it cannot be read: ``load_game`` says why)."""
    try:
        found = read_record(pair, FORMAT_NAMING_THE_GAME)
    except SaveError:
        return None
    if found is None or not found[1]:
        return None
    if found[0] < FORMAT_NAMING_THE_GAME or found[1][0] == GAME_THOUSAND:
        return "thousand"
    return "five_hundred" if found[1][0] == GAME_FIVE_HUNDRED else None


def load_controller(saves, pair):
    """Continue: the saved game as a Controller ready to play on, or None (no save, or a
    bad one, reported to ``saves``).  A deal that ended after the game save but before the
    statistics save (a power cut between the two) is counted now.  A game of Five Hundred
    is continued as Five Hundred's (the screens and the terminal game play it)."""
    memo = encode.new_memo()
    try:
        found = load_named(pair, memo)
    except SaveError as error:
        saves.report(str(error))
        return None
    if found is None:
        return None
    name, game, extra = found
    if name != "thousand":
        return five_hundred_controller(saves, game, extra)
    from thousand.controller import HUMAN, Controller

    try:
        controller = Controller.restore(game, extra)
        asked = extra.get("ask")
        if asked is not None:  # saved before the game held its redeal questions (issue 33): the
            game.questions = 0  # seats still to be asked were the snapshot's, a "keep" no action
            for seat in asked:
                game.questions |= 1 << seat
    except (KeyError, IndexError, TypeError, ValueError) as error:  # a snapshot we did not write
        saves.report("save unusable (%s)" % type(error).__name__)
        return None
    stats = saves.load_stats()
    if stats.record_game(game, HUMAN) if game.over else stats.record_deal(game, HUMAN):
        saves.save_stats(stats)
    if game.over:  # saved just before the save was to be cleared: nothing to continue
        saves.clear_game()
        return None
    saves.encoded = memo  # the rules and the sheet as read: the next save encodes neither again
    return controller


def five_hundred_controller(saves, game, extra):
    """The Controller of a saved game of Five Hundred, or None (reported).  A deal that ended
    after the game save but before the statistics save is counted now, as Thousand's."""
    try:
        from thousand.five_hundred.controller import Controller  # (where the save's decoder was: above)
    except ImportError:
        return None
    try:
        controller = Controller.restore(game, extra)
    except (KeyError, IndexError, TypeError, ValueError) as error:  # a snapshot we did not write
        saves.report("save unusable (%s)" % type(error).__name__)
        return None
    from thousand import HUMAN
    from thousand.persist.five_hundred_stats import record_deal, record_game

    stats = saves.load_stats()
    if record_game(stats, game, HUMAN) if game.over else record_deal(stats, game, HUMAN):
        saves.save_stats(stats)
    return controller
