"""Replay a REFEREE.md game record through the engine.

``replay(record)`` returns the referee's output object, or raises RecordError
with the deal and action index where the record stops making sense.
"""

from thousand import DARK, GOLDEN, RESULT_NAMES, UNFINISHED, actions
from thousand import cards as C
from thousand import notation
from thousand.game import (HAND_SIZE, NUM_SEATS, PHASE_DARK, PHASE_DEAL_OVER, PHASE_GAME_OVER,
                           TALON_SIZE, Game, IllegalAction, unpack_deal)
from thousand.rules import RulesError
from thousand import rules_check
from thousand.ascii_text import RecordError  # both games' records raise it (the referee imports it from here)


def _cards(value, count, what, deal_index):
    if not isinstance(value, list):
        raise RecordError(deal_index, None, "%s must be a list of %d cards" % (what, count))
    if len(value) != count:
        raise RecordError(deal_index, None, "%s must hold %d cards, not %d" % (what, count, len(value)))
    mask = 0
    for text in value:
        try:
            c = notation.parse_card(text)
        except ValueError as error:
            raise RecordError(deal_index, None, "%s: %s" % (what, error))
        if mask >> c & 1:
            raise RecordError(deal_index, None, "%s holds %s twice" % (what, C.card_name(c)))
        mask |= 1 << c
    return mask


def read_deal(deal, deal_index):
    """The dealt hands and talon of a record's deal as masks, checked."""
    if not isinstance(deal, dict):
        raise RecordError(deal_index, None, "a deal must be an object with hands, talon and actions")
    hands_in = deal.get("hands")
    if not isinstance(hands_in, list) or len(hands_in) != NUM_SEATS:
        raise RecordError(deal_index, None, "'hands' must list the %d seats' cards" % NUM_SEATS)
    hands = []
    seen = 0
    for s in range(NUM_SEATS):
        mask = _cards(hands_in[s], HAND_SIZE, "seat %d's hand" % s, deal_index)
        if seen & mask:
            raise RecordError(deal_index, None, "%s is dealt twice" % C.card_name(C.lowest(seen & mask)))
        seen |= mask
        hands.append(mask)
    talon = _cards(deal.get("talon"), TALON_SIZE, "the talon", deal_index)
    if seen & talon:
        raise RecordError(deal_index, None, "%s is dealt twice" % C.card_name(C.lowest(seen & talon)))
    acts = deal.get("actions", [])
    if not isinstance(acts, list):
        raise RecordError(deal_index, None, "'actions' must be a list of texts like '1 pass'")
    return hands, talon, acts


# No game is this long (a tournament stops one at 400 deals); a packed deal row numbers
# its deal in 16 bits.
MAX_RECORD_DEALS = 9999


def replay(record, on_deal=None):
    """Play a record through a fresh Game; return the referee's output object.

    ``on_deal(game, result)`` is called after each deal (for tests and tools).
    """
    if not isinstance(record, dict):
        raise RecordError(None, None, "a game record must be a JSON object")
    try:
        rules = rules_check.from_dict(record.get("rules"))
    except RulesError as error:
        raise RecordError(None, None, str(error))
    try:
        start = record.get("start")
        if start is not None:
            from thousand.checks import checked_start  # the referee's: a board writes records, never reads them

            start = checked_start(start, rules)
        game = Game(rules, start=start)
    except ValueError as error:
        raise RecordError(None, None, str(error))
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise RecordError(None, None, "a record needs 'deals', a list of the deals played")
    if len(deals) > MAX_RECORD_DEALS:
        raise RecordError(None, None, "a record of %d deals is longer than any game: at most %d"
                          % (len(deals), MAX_RECORD_DEALS))
    out = []
    for d in range(len(deals)):
        if game.over:
            raise RecordError(d, None, "the game was already won by seat %d before this deal" % game.winner)
        if out and out[-1]["result"] == "unfinished":
            raise RecordError(d, None, "deal %d stops before its end, so no deal may follow it" % (d - 1))
        hands, talon, acts = read_deal(deals[d], d)
        game.start_deal(hands, talon)
        for k in range(len(acts)):
            text = acts[k]
            try:
                seat, action = notation.parse_action(text, NUM_SEATS)
            except ValueError as error:
                raise RecordError(d, k, str(error))
            if game.phase == PHASE_DARK and action != actions.ACTION_DARK:
                game.apply(game.first_hand, actions.ACTION_NODARK)  # "no dark" is not written
            if game.phase == PHASE_DEAL_OVER or game.phase == PHASE_GAME_OVER:
                raise RecordError(d, k, "the deal is already over, so '%s' cannot follow" % text)
            try:
                game.apply(seat, action)
            except IllegalAction as error:
                raise RecordError(d, k, "'%s': %s" % (text, error))
        if game.phase == PHASE_DARK and game.four_aces_dealt():
            # dark or not, these cards are redealt: the unwritten "no dark" ends the deal
            game.apply(game.first_hand, actions.ACTION_NODARK)
        if game.phase == PHASE_DEAL_OVER or game.phase == PHASE_GAME_OVER:
            result = game.last_result
        else:
            result = game.unfinished_result()
        entry = deal_json(result)
        if result.result == UNFINISHED:
            entry["deltas"] = [0] * NUM_SEATS
        out.append(entry)
        if on_deal is not None:
            on_deal(game, result)
    return {"deals": out, "scores": list(game.scores), "winner": game.winner}


def deal_json(result):
    """The referee's output for a deal (REFEREE.md), from its DealResult (kept out of the
    engine: only records need it)."""
    trumps = []
    for t in result.trumps or ():  # None in rows read from a Sheet
        trumps.append(None if t < 0 else C.SUIT_CHARS[t])
    return {
        "dealer": result.dealer,
        "declarer": result.declarer,
        "bid": result.bid,
        "contract": result.contract,
        "result": RESULT_NAMES[result.result],
        "golden": result.kind == GOLDEN,
        "dark": result.kind == DARK,
        "talon_shown": result.talon_shown,
        "cards": list(result.cards),
        "marriages": list(result.marriages),
        "deltas": list(result.deltas),
        "scores": list(result.scores),
        "bolts": list(result.bolts),
        "barrel": list(result.barrel),
        "barrels_used": list(result.barrels_used),
        "tricks": list(result.tricks or ()),
        "trumps": trumps,
    }

def _deal_json(dealt, talon, log):
    return {"hands": [C.names(h) for h in dealt], "talon": C.names(talon),
            "actions": [notation.action_text(actions.entry_seat(e), actions.entry_action(e)) for e in log
                        if actions.entry_action(e) != actions.ACTION_KEEP]}  # a record writes no "keep"


def recorded_deals(game):
    """(dealt, talon, log) of every deal of the game's record, the deal in play last: one
    deal unpacked at a time (a long game's record unpacked whole was some 20 KB at once)."""
    for packed in game.records:
        yield unpack_deal(packed)
    if game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER and game.deal_start is not None:
        yield game.dealt, game.talon_dealt, game.log


def record_start(game):
    """Where the game's record starts: its ``start``; for a game that keeps no deals
    (``records_kept`` 0: a board whose drive is read-only to the game), the deal in play's
    start, or the state between deals, as the record a board sends from its save does
    (``thousand.ui.record_program``; a game over, whose end a board writes where it keeps its
    deals only, has no deal left to replay)."""
    if game.records_kept != 0:
        return dict(game.start)
    if game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER and game.deal_start is not None:
        return dict(game.deal_start)
    return game.start_state()


def game_record(game):
    """The whole game so far as a REFEREE.md record (the game needs ``keep_records=True``)."""
    deals = [_deal_json(dealt, talon, log) for dealt, talon, log in recorded_deals(game)]
    return {"rules": rules_check.to_dict(game.rules), "start": record_start(game), "deals": deals}


def write_game_record(game, out):
    """``game_record(game)`` as JSON on ``out`` (a file, sys.stdout), a deal at a time:
    the whole record at once may not fit a device's heap.

    >>> import io, json
    >>> from thousand.game import Game
    >>> game = Game(seed=2); game.start_deal(); out = io.StringIO(); write_game_record(game, out)
    >>> json.loads(out.getvalue()) == json.loads(json.dumps(game_record(game)))
    True
    """
    from thousand.record_json import write_record_json

    write_record_json(out, (("rules", rules_check.to_dict(game.rules)), ("start", record_start(game))),
                      (_deal_json(dealt, talon, log) for dealt, talon, log in recorded_deals(game)))


def seat_record(game, seat):
    """The current deal cut to what ``seat`` may know, as BOTS.md sends it."""
    hands = [None] * NUM_SEATS
    if game.phase != PHASE_DARK:
        hands[seat] = C.names(game.dealt[seat])
    talon = C.names(game.talon_dealt) if game._sees_talon(seat) else None
    deal = {"hands": hands, "talon": talon, "actions": notation.log_text(game, seat)}
    return {"rules": rules_check.to_dict(game.rules), "start": dict(game.deal_start or game.start_state()),
            "deals": [deal]}
