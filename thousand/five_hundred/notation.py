"""The text form of Five Hundred's cards, bids and actions (FIVE_HUNDRED.md section 10).

>>> parse_action("0 bid 7h sans", 3) == (0, A.bid(A.bid_code(7, A.HEARTS_BID, True)))
True
>>> action_text(*parse_action("2 PLAY jk h", 4)), action_text(*parse_action("1 bid tn", 3))
('2 play JK H', '1 bid 10NT')
>>> action_text(*parse_action("0 discard 4d 9S kc", 4))
'0 discard 9S KC 4D'
"""

from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.ascii_text import plain_ascii

_MISERES = {"misere": A.MISERE, "open_misere": A.OPEN_MISERE, "blind_misere": A.BLIND_MISERE}


def parse_bid(words, text):
    """A bid's code from its words (``["7H"]``, ``["10nt", "sans"]``, ``["misere"]``)."""
    if not words or len(words) > 2:
        raise ValueError("'bid' needs a bid, like '7H', '10NT', '7H sans' or 'misere': '%s'" % text)
    word = words[0].upper()
    sans = len(words) == 2
    if sans and words[1].lower() != "sans":
        raise ValueError("only 'sans' may follow a bid, in '%s'" % text)
    if word.lower() in _MISERES:
        if sans:
            raise ValueError("a misère is never bid sans kitty: '%s'" % text)
        return _MISERES[word.lower()]
    if word[:2] == "10":
        tricks, rest = 10, word[2:]
    elif word[:1] == "T":
        tricks, rest = 10, word[1:]
    elif word[:1] in ("6", "7", "8", "9"):
        tricks, rest = int(word[0]), word[1:]
    else:
        raise ValueError("'%s' is not a bid (6 to 10 tricks, then S C D H or NT, like 7H)" % words[0])
    if rest == "N":
        rest = "NT"
    if rest not in A.DENOMINATION_CHARS:
        raise ValueError("'%s' is not a bid (6 to 10 tricks, then S C D H or NT, like 7H)" % words[0])
    return A.bid_code(tricks, A.DENOMINATION_CHARS.index(rest), sans)


def parse_action(text, players):
    """``"SEAT VERB ARGS"`` to ``(seat, action)``; ValueError with a plain message."""
    if not isinstance(text, str):
        raise ValueError("an action must be text like '1 pass', not %r" % (text,))
    words = plain_ascii(text).split()
    if len(words) < 2:
        raise ValueError("cannot read action '%s' (write it like '1 pass' or '0 play AS')" % text)
    head = words[0]
    if len(head) != 1 or head not in "0123456789":  # str.isdigit would take '²' too
        raise ValueError("action '%s' must start with a seat number" % text)
    seat = int(head)
    if seat >= players:
        raise ValueError("there is no seat %d (seats are 0 to %d)" % (seat, players - 1))
    verb = words[1].lower()
    rest = words[2:]
    if verb == "pass":
        if rest:
            raise ValueError("'pass' takes nothing after it in '%s'" % text)
        return seat, A.ACTION_PASS
    if verb == "bid":
        return seat, A.bid(parse_bid(rest, text))
    if verb == "discard":
        if len(rest) != 3:
            raise ValueError("'discard' needs three cards, as in '%d discard 4D 9S KC'" % seat)
        a, b, c = C.parse_card(rest[0]), C.parse_card(rest[1]), C.parse_card(rest[2])
        if a == b or b == c or a == c:
            raise ValueError("a discard is three different cards: '%s'" % text)
        return seat, A.discard(a, b, c)
    if verb == "nominate":
        if len(rest) != 1:
            raise ValueError("'nominate' needs one suit, as in '%d nominate H'" % seat)
        return seat, A.nominate(C.parse_suit(rest[0]))
    if verb == "play":
        if len(rest) == 1:
            return seat, A.play(C.parse_card(rest[0]))
        if len(rest) == 2:
            card = C.parse_card(rest[0])
            if card != C.JOKER:
                raise ValueError("only the Joker is led with a suit named: '%s'" % text)
            return seat, A.play(card, C.parse_suit(rest[1]))
        raise ValueError("'play' needs one card (the Joker led: and a suit): '%s'" % text)
    raise ValueError("unknown action '%s' in '%s'" % (words[1], text))


def action_text(seat, action):
    v = A.verb(action)
    if v == A.PASS:
        return "%d pass" % seat
    if v == A.BID:
        return "%d bid %s" % (seat, A.bid_name(A.argument(action)))
    if v == A.DISCARD:
        return "%d discard %s" % (seat, " ".join([C.card_name(c) for c in A.discard_cards(action)]))
    if v == A.NOMINATE:
        return "%d nominate %s" % (seat, C.SUIT_CHARS[A.argument(action)])
    if v == A.PLAY:
        named = A.play_named(action)
        card = C.card_name(A.play_card(action))
        return "%d play %s" % (seat, card) if named < 0 else "%d play %s %s" % (seat, card, C.SUIT_CHARS[named])
    return "%d %s" % (seat, ("no_nomination" if v == A.NO_NOMINATION else "no_raise"))


def log_text(game):
    out = []
    for entry in game.log:
        out.append(action_text(A.entry_seat(entry), A.entry_action(entry)))
    return out
