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
from thousand.game import NUM_SEATS, Game, Sheet
from thousand.persist import encode
from thousand.persist.coding import Reader, get_value
from thousand.persist.rules_sheet import RULES_NUMBERING, get_rules
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


def get_sheet(r, sheet):
    """The save's score sheet read into ``sheet`` (an empty Sheet), its rows' bytes kept as
    they are; the last row, or None."""
    count = r.uint()
    if not count:
        return None
    from thousand.sheet_rows import load

    number = r.uint()
    return load(sheet, r, count, number, [r.int5() for _ in range(NUM_SEATS)])


def decode_game(payload, version=encode.FORMAT_VERSION, memo=None):
    """(game, extra) from a save payload; SaveError when it does not make sense.  ``memo``
    (``encode.new_memo()``): filled with the payload's rules and sheet as the saves that
    follow would encode them (``encode.seed_memo``), so that the first save after a
    Continue encodes neither again (a long game's sheet encoded anew was some 60 KB of
    garbage at the table): the sheet's rows are the game's, as the save held them."""
    if version not in RULES_NUMBERING:
        raise SaveError("save format %d cannot be read by this version" % version)
    r = Reader(payload)
    flags = r.uint()
    rules_at = r.pos
    rules = get_rules(r, version)
    rules_end = r.pos
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
        sheet = Sheet()  # read to its end even where the game keeps none
        last = get_sheet(r, sheet)
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
        encode.seed_memo(memo, game.rules, bytes(payload[rules_at:rules_end]))
    return game, extra
