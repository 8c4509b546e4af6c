"""Actions as small ints, and their text form of REFEREE.md (``"1 bid 105"``).

An action is ``verb << 12 | argument``: the amount for a bid or contract, the
card for a play, ``card * 4 + target`` for a give.  The seat is not part of it:
``Game.apply(seat, action)`` takes both.  Small ints cost no allocation and
compare with ``==``.

>>> a = give(parse_card("QC"), 2)
>>> action_text(0, a)
'0 give QC 2'
>>> parse_action("1 bid 105") == (1, bid(105))
True
>>> action_text(*parse_action("2 play kh declare"))
'2 play KH declare'
"""

from thousand.cards import card_name, parse_card

PASS = 1
BID = 2
DARK = 3
NODARK = 4
REDEAL = 5
GIVE = 6
CONTRACT = 7
CONCEDE = 8
PLAY = 9
DECLARE = 10  # lead a card and declare its marriage (or, with an ace, the ace marriage)
KEEP = 11  # answer "no" to a redeal question; never written to a record

VERB_WORDS = (None, "pass", "bid", "dark", "nodark", "redeal", "give", "contract",
              "concede", "play", "play", "keep")

ACTION_PASS = PASS << 12
ACTION_DARK = DARK << 12
ACTION_NODARK = NODARK << 12
ACTION_REDEAL = REDEAL << 12
ACTION_CONCEDE = CONCEDE << 12
ACTION_KEEP = KEEP << 12


def bid(amount):
    return (BID << 12) | amount


def contract(amount):
    return (CONTRACT << 12) | amount


def give(card, target):
    return (GIVE << 12) | (card << 2) | target


def play(card):
    return (PLAY << 12) | card


def declare(card):
    return (DECLARE << 12) | card


def verb(action):
    return action >> 12


def amount(action):
    return action & 0xFFF


def card(action):
    """The card of a play, declare or give."""
    if action >> 12 == GIVE:
        return (action >> 2) & 0x3F
    return action & 0x3F


def target(action):
    return action & 3


def is_play(action):
    v = action >> 12
    return v == PLAY or v == DECLARE


def action_text(seat, action, hide_card=False):
    """REFEREE.md notation; ``hide_card`` writes ``??`` for an unseen given card."""
    v = action >> 12
    head = "%d %s" % (seat, VERB_WORDS[v])
    if v == BID or v == CONTRACT:
        return "%s %d" % (head, action & 0xFFF)
    if v == GIVE:
        return "%s %s %d" % (head, "??" if hide_card else card_name(card(action)), action & 3)
    if v == PLAY:
        return "%s %s" % (head, card_name(action & 0x3F))
    if v == DECLARE:
        return "%s %s declare" % (head, card_name(action & 0x3F))
    return head


def parse_action(text, num_seats=3):
    """``"SEAT VERB ARGS"`` to ``(seat, action)``; ValueError with a plain message."""
    if not isinstance(text, str):
        raise ValueError("an action must be text like '1 pass', not %r" % (text,))
    words = text.split()
    if len(words) < 2:
        raise ValueError("cannot read action '%s' (write it like '1 pass' or '0 play AS')" % text)
    try:
        seat = int(words[0])
    except ValueError:
        raise ValueError("action '%s' must start with a seat number" % text)
    if seat < 0 or seat >= num_seats:
        raise ValueError("there is no seat %d (seats are 0 to %d)" % (seat, num_seats - 1))
    word = words[1].lower()
    rest = words[2:]
    if word in ("pass", "dark", "nodark", "redeal", "concede", "keep"):
        if rest:
            raise ValueError("'%s' takes nothing after it in '%s'" % (word, text))
        return seat, VERB_WORDS.index(word) << 12
    if word == "bid" or word == "contract":
        if len(rest) != 1:
            raise ValueError("'%s' needs one number, as in '%d %s 120'" % (word, seat, word))
        try:
            value = int(rest[0])
        except ValueError:
            raise ValueError("'%s' is not a number in '%s'" % (rest[0], text))
        if value < 0 or value > 4095:
            raise ValueError("%d is not a possible %s" % (value, word))
        return seat, (bid(value) if word == "bid" else contract(value))
    if word == "give":
        if len(rest) != 2:
            raise ValueError("'give' needs a card and a seat, as in '%d give 9H 1'" % seat)
        c = parse_card(rest[0])
        try:
            to = int(rest[1])
        except ValueError:
            raise ValueError("'%s' is not a seat number in '%s'" % (rest[1], text))
        if to < 0 or to >= num_seats:
            raise ValueError("there is no seat %d to give a card to" % to)
        return seat, give(c, to)
    if word == "play":
        if len(rest) == 1:
            return seat, play(parse_card(rest[0]))
        if len(rest) == 2 and rest[1].lower() == "declare":
            return seat, declare(parse_card(rest[0]))
        raise ValueError("'play' needs one card, optionally followed by 'declare': '%s'" % text)
    raise ValueError("unknown action '%s' in '%s'" % (words[1], text))
