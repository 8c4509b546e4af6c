"""Replay a Five Hundred record (FIVE_HUNDRED.md section 10) through the engine.

The shape of Thousand's ``thousand.record``: ``replay(record)`` returns the referee's output
object or raises its RecordError (the same class: the same error object) with the deal and
action where the record stops making sense.
"""

from thousand.five_hundred import GAME_NAME, RESULT_NAMES, UNFINISHED
from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.five_hundred.game import (HAND_SIZE, KITTY_SIZE, PHASE_DEAL_OVER, PHASE_GAME_OVER, Game,
                                        IllegalAction)
from thousand.five_hundred.notation import parse_action
from thousand.five_hundred.rules import Rules, RulesError
from thousand.ascii_text import RecordError  # both games' (not Thousand's record reader: its engine would load)


def _cards(value, count, what, deal_index, players, seen):
    """The masks of a list of ``count`` cards of the pack, none in ``seen`` (changed in place)."""
    if not isinstance(value, list):
        raise RecordError(deal_index, None, "%s must be a list of %d cards" % (what, count))
    if len(value) != count:
        raise RecordError(deal_index, None, "%s must hold %d cards, not %d" % (what, count, len(value)))
    hand = [0] * C.SLOTS
    for text in value:
        try:
            c = C.parse_card(text)
        except ValueError as error:
            raise RecordError(deal_index, None, "%s: %s" % (what, error))
        if not (C.suit_pack(players, c >> 4) >> (c & 15)) & 1:
            raise RecordError(deal_index, None, "%s: %s is not in the %d-player pack" % (what, C.card_name(c), players))
        if C.holds(seen, c):
            raise RecordError(deal_index, None, "%s is dealt twice" % C.card_name(c))
        C.add(seen, c)
        C.add(hand, c)
    return hand


def read_deal(deal, deal_index, players):
    """The dealt hands and kitty of a record's deal (lists of five masks), checked, and its
    actions."""
    if not isinstance(deal, dict):
        raise RecordError(deal_index, None, "a deal must be an object with hands, kitty and actions")
    hands_in = deal.get("hands")
    if not isinstance(hands_in, list) or len(hands_in) != players:
        raise RecordError(deal_index, None, "'hands' must list the %d seats' cards" % players)
    seen = [0] * C.SLOTS
    hands = []
    for s in range(players):
        hands.append(_cards(hands_in[s], HAND_SIZE, "seat %d's hand" % s, deal_index, players, seen))
    kitty = _cards(deal.get("kitty"), KITTY_SIZE, "the kitty", deal_index, players, seen)
    acts = deal.get("actions", [])
    if not isinstance(acts, list):
        raise RecordError(deal_index, None, "'actions' must be a list of texts like '1 pass'")
    return hands, kitty, acts


def replay(record, on_deal=None):
    """Play a record through a fresh Game; return the referee's output object.
    ``on_deal(game, result)`` is called after each deal (for tests and tools)."""
    if not isinstance(record, dict):
        raise RecordError(None, None, "a game record must be a JSON object")
    if record.get("game") != GAME_NAME:
        raise RecordError(None, None, "'game' must be \"%s\" for a Five Hundred record" % GAME_NAME)
    try:
        rules = Rules.from_dict(record.get("rules"))
    except RulesError as error:
        raise RecordError(None, None, str(error))
    try:
        game = Game(rules, start=record.get("start", {}))
    except ValueError as error:
        raise RecordError(None, None, str(error))
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise RecordError(None, None, "a record needs 'deals', a list of the deals played")
    players = rules.players
    out = []
    for d in range(len(deals)):
        if game.over:
            raise RecordError(d, None, "the game is already over, so no deal may follow")
        if out and out[-1]["result"] == "unfinished":
            raise RecordError(d, None, "deal %d stops before its end, so no deal may follow it" % (d - 1))
        hands, kitty, acts = read_deal(deals[d], d, players)
        game.start_deal(hands, kitty)
        for k in range(len(acts)):  # Thousand's replay loop, written again (see the package)
            text = acts[k]
            try:
                seat, action = parse_action(text, players)
            except ValueError as error:
                raise RecordError(d, k, str(error))
            if game.phase == PHASE_DEAL_OVER or game.phase == PHASE_GAME_OVER:
                raise RecordError(d, k, "the deal is already over, so '%s' cannot follow" % text)
            try:
                game.apply(seat, action)
            except IllegalAction as error:
                raise RecordError(d, k, "'%s': %s" % (text, error))
        if game.phase == PHASE_DEAL_OVER or game.phase == PHASE_GAME_OVER:
            result = game.last_result
        else:
            result = game.unfinished_result()
        out.append(deal_json(result))
        if on_deal is not None:
            on_deal(game, result)
    answer = {"deals": out, "scores": list(game.scores), "winner": game.winner, "loser": game.loser}
    if game.co_winners is not None:
        answer["co_winners"] = list(game.co_winners)
    return answer


def deal_json(result):
    """The referee's entry for a deal, from its DealResult."""
    bid = result.bid
    return {
        "dealer": result.dealer,
        "contractor": result.contractor,
        "bid": None if bid is None else A.bid_name(bid),
        "value": None if bid is None else A.bid_value(bid),
        "result": RESULT_NAMES[result.result],
        "tricks_won": list(result.tricks_won),
        "deltas": list(result.deltas) if result.result != UNFINISHED else [0] * len(result.deltas),
        "scores": list(result.scores),
    }


def recorded_deals(game):
    """(dealt, kitty, log) of every deal of the game's record, the deal in play last (the
    engine keeps each deal's dealt cards and log in ``game.records`` when ``keep_records``;
    the kitty as dealt)."""
    for deal in game.records:
        yield deal
    if game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER and game.deal_number:
        yield game.dealt, game.kitty, game.log


def record_start(game):
    """Where the game's record starts: its ``start``; for a game that keeps no deals
    (``records_kept`` 0: a board whose drive is read-only to the game), the scores and the
    dealer now: before the deal in play (a deal changes them at its end) or between deals, as
    the record a board sends from its save does (``thousand.ui.record_program``; a game over,
    whose end a board writes where it keeps its deals only, has no deal left to replay)."""
    if game.records_kept != 0:
        return dict(game.start)
    return {"scores": list(game.scores), "dealer": game.dealer}


def game_record(game):
    """The game's deals so far as a record."""
    deals = [_deal_json(dealt, kitty, log) for dealt, kitty, log in recorded_deals(game)]
    return {"game": GAME_NAME, "rules": game.rules.to_dict(), "start": record_start(game), "deals": deals}


def write_game_record(game, out):
    """``game_record(game)`` as JSON on ``out`` (a file, sys.stdout), a deal at a time, as
    Thousand's (``thousand.record_json``).

    >>> import io, json
    >>> game = Game(seed=2); game.start_deal(); out = io.StringIO(); write_game_record(game, out)
    >>> json.loads(out.getvalue()) == json.loads(json.dumps(game_record(game)))
    True
    """
    from thousand.record_json import write_record_json

    write_record_json(out, (("game", GAME_NAME), ("rules", game.rules.to_dict()), ("start", record_start(game))),
                      (_deal_json(dealt, kitty, log) for dealt, kitty, log in recorded_deals(game)))


def seat_record(game, seat):
    """The current deal cut to what ``seat`` may know, as BOTS.md sends it (docs/bots.md,
    Five Hundred): ``start`` the state before this deal, the seat's own dealt hand (the others
    null), the kitty once this seat took it, another seat's discard as ``??``, and, once the
    open misère hand lies face up, ``exposed``: the cards it still holds."""
    from thousand.five_hundred.game import PHASE_AUCTION, PHASE_RAISE
    from thousand.five_hundred.notation import action_text

    hands = [None] * game.players
    hands[seat] = C.names(game.dealt[seat])
    took = (seat == game.contractor and not A.is_sans(game.bid) and game.phase != PHASE_AUCTION
            and game.phase != PHASE_RAISE)
    actions = []
    for entry in game.log:
        s = A.entry_seat(entry)
        action = A.entry_action(entry)
        if A.verb(action) == A.DISCARD and s != seat:
            actions.append("%d discard ?? ?? ??" % s)
        else:
            actions.append(action_text(s, action))
    deal = {"hands": hands, "kitty": C.names(game.kitty) if took else None, "actions": actions}
    if game.exposed >= 0:
        deal["exposed"] = C.names(game.hands[game.exposed])
    return {"game": GAME_NAME, "rules": game.rules.to_dict(),
            "start": {"scores": list(game.scores), "dealer": game.dealer}, "deals": [deal]}


def _deal_json(dealt, kitty, log):
    from thousand.five_hundred.notation import action_text

    return {"hands": [C.names(h) for h in dealt], "kitty": C.names(kitty),
            "actions": [action_text(A.entry_seat(e), A.entry_action(e)) for e in log]}
