"""The text form of cards and actions of REFEREE.md, written and read.

The engine plays with small ints (``thousand.cards``, ``thousand.actions``); text is
needed only for records, the referee and external bots, so it lives here and the
device loads it only when it writes a record.

>>> card_name(parse_card("10H")), parse_card("9s")
('TH', 0)
>>> a = give(parse_card("QC"), 2)
>>> action_text(0, a)
'0 give QC 2'
>>> parse_action("1 bid 105") == (1, bid(105))
True
>>> action_text(*parse_action("2 play kh declare"))
'2 play KH declare'
"""

from thousand.actions import (ACTION_KEEP, BID, CONTRACT, DECLARE, GIVE, PLAY, action_of, amount, bid, card, contract,
                              declare, entry_action, entry_seat, give, play, target, verb)
from thousand.ascii_text import plain_ascii
from thousand.cards import RANK_CHARS, SUIT_CHARS, card_name, make_card

PHASE_NAMES = ("dark", "auction", "talon", "give", "contract", "play", "deal_over", "game_over")
VERB_WORDS = (None, "pass", "bid", "dark", "nodark", "redeal", "give", "contract",
              "concede", "play", "play", "keep")
DIGITS = "0123456789"


def parse_card(text):
    """Read ``TH``, ``10H`` or ``9s``; raise ValueError for anything else."""
    if not isinstance(text, str):
        raise ValueError("a card must be written as text, like 'TH', not %r" % (text,))
    word = plain_ascii(text).strip().upper()
    if word.startswith("10"):
        word = "T" + word[2:]
    if len(word) != 2 or word[0] not in RANK_CHARS or word[1] not in SUIT_CHARS:
        raise ValueError(
            "unknown card '%s' (write rank 9 J Q K T A then suit S C D H, like TH or 9S)"
            % text
        )
    return make_card(SUIT_CHARS.index(word[1]), RANK_CHARS.index(word[0]))


def action_text(seat, action, hide_card=False):
    """REFEREE.md notation; ``hide_card`` writes ``??`` for an unseen given card."""
    v = verb(action)
    head = "%d %s" % (seat, VERB_WORDS[v])
    if v == BID or v == CONTRACT:
        return "%s %d" % (head, amount(action))
    if v == GIVE:
        return "%s %s %d" % (head, "??" if hide_card else card_name(card(action)), target(action))
    if v == PLAY:
        return "%s %s" % (head, card_name(card(action)))
    if v == DECLARE:
        return "%s %s declare" % (head, card_name(card(action)))
    return head


def _plain_number(word, text):
    """A number of REFEREE.md: ASCII digits, no sign, no leading zero, at most 4 digits
    (int() alone would also read '+1', '0_1', '01' and full-width digits)."""
    if not word or len(word) > 4 or word.strip(DIGITS) or (word[0] == "0" and len(word) > 1):
        raise ValueError("'%s' is not a plain number in '%s'" % (word, text))
    return int(word)


def parse_action(text, num_seats=3):
    """``"SEAT VERB ARGS"`` to ``(seat, action)``; ValueError with a plain message."""
    if not isinstance(text, str):
        raise ValueError("an action must be text like '1 pass', not %r" % (text,))
    words = plain_ascii(text).split()
    if len(words) < 2:
        raise ValueError("cannot read action '%s' (write it like '1 pass' or '0 play AS')" % text)
    try:
        seat = _plain_number(words[0], text)
    except ValueError:
        raise ValueError("action '%s' must start with a seat number" % text)
    if seat >= num_seats:
        raise ValueError("there is no seat %d (seats are 0 to %d)" % (seat, num_seats - 1))
    word = words[1].lower()
    rest = words[2:]
    if word == "nodark" or word == "keep":
        # answers to a bot's question (BOTS.md), never written in a record
        raise ValueError("'%s' is not an action of a record in '%s'" % (word, text))
    if word in ("pass", "dark", "redeal", "concede"):
        if rest:
            raise ValueError("'%s' takes nothing after it in '%s'" % (word, text))
        return seat, action_of(VERB_WORDS.index(word))
    if word == "bid" or word == "contract":
        if len(rest) != 1:
            raise ValueError("'%s' needs one number, as in '%d %s 120'" % (word, seat, word))
        value = _plain_number(rest[0], text)
        if value > 4095:
            raise ValueError("%d is not a possible %s" % (value, word))
        return seat, (bid(value) if word == "bid" else contract(value))
    if word == "give":
        if len(rest) != 2:
            raise ValueError("'give' needs a card and a seat, as in '%d give 9H 1'" % seat)
        c = parse_card(rest[0])
        to = _plain_number(rest[1], text)
        if to >= num_seats:
            raise ValueError("there is no seat %d to give a card to" % to)
        return seat, give(c, to)
    if word == "play":
        if len(rest) == 1:
            return seat, play(parse_card(rest[0]))
        if len(rest) == 2 and rest[1].lower() == "declare":
            return seat, declare(parse_card(rest[0]))
        raise ValueError("'play' needs one card, optionally followed by 'declare': '%s'" % text)
    raise ValueError("unknown action '%s' in '%s'" % (words[1], text))


def log_text(game, seat=None):
    """``game``'s deal so far in REFEREE.md text; as ``seat`` saw it when given."""
    out = []
    for entry in game.log:
        a = entry_action(entry)
        if a == ACTION_KEEP:  # the game's log keeps it; a record does not
            continue
        hide = seat is not None and verb(a) == GIVE and not game._sees_give(seat, target(a))
        out.append(action_text(entry_seat(entry), a, hide))
    return out
