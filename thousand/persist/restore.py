"""Thousand's game save read back into a Game (``encode``'s inverse), older formats included.

Loaded for a Continue of Thousand (``thousand.persist.continuing``, which reads the save and
chooses the game's decoder) and let go at the next screen change.

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
from thousand.persist.coding import Reader, get_value
from thousand.persist.rules_sheet import RULES_NUMBERING, get_rules, marks_of
from thousand.persist.store import SaveError
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
