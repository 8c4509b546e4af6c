"""Five Hundred's rules in short (FIVE_HUNDRED.md), as these agreements make them: the
terminal game's help and the screens' help page.  A rule an agreement changes says so with
"(agreement)".  The words are data (``thousand.texts``: five_hundred_help.txt, read when the
help is shown); this module puts its entries together."""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.five_hundred.actions import BLIND_MISERE, MISERE, OPEN_MISERE, bid_value

# The entries of five_hundred_help.txt by their places: private const()s take no names in the
# VM's pool (a test holds each to its entry's name).
_GAME = const(1)
_THREE = const(2)
_FOUR = const(3)
_LOSE_AT = const(4)
_DEAL = const(5)
_AUCTION = const(6)
_ONE_ROUND = const(7)
_OUTBID = const(8)
_MISERE = const(9)
_AFTER_SEVEN = const(10)
_SITS_OUT = const(11)
_BLIND_MISERE = const(12)
_SANS_KITTY = const(13)
_RAISING = const(14)
_THROW_IN = const(15)
_REDEAL_SAME = const(16)
_PLAY_NT = const(17)
_KITTY = const(18)
_TRUMPS = const(19)
_JOKER_NOMINATED = const(20)
_JOKER_LED = const(21)
_JOKER_LEAD_LAST = const(22)
_PLAY = const(23)
_SCORING = const(24)
_ALWAYS = const(25)
_ON_FAIL = const(26)
_CAP = const(27)


def rule_parts(rules):
    """The help's paragraphs, each a string of its own."""
    from thousand import texts  # on demand: the help's words are read while it is shown

    r = rules
    w = texts.bodies("five_hundred_help")
    four = r.players == 4
    out = [
        w[_GAME] % (w[_FOUR if four else _THREE], r.target, "" if r.lose_at is None else w[_LOSE_AT] % r.lose_at),
        w[_DEAL] % (43 if four else 33),
        w[_AUCTION] % w[_ONE_ROUND if r.bidding == "one_round" else _OUTBID],
    ]
    if r.misere != "off":
        out.append(w[_MISERE] % (bid_value(MISERE), w[_AFTER_SEVEN] if r.misere == "after_seven" else "",
                                 w[_SITS_OUT] if four else "", bid_value(OPEN_MISERE),
                                 w[_BLIND_MISERE] % bid_value(BLIND_MISERE) if r.blind_misere else ""))
    if r.sans_kitty:
        out.append(w[_SANS_KITTY])
    if r.raise_own_bid:
        out.append(w[_RAISING])
    out.append(w[(_THROW_IN, _REDEAL_SAME, _PLAY_NT)[("throw_in", "redeal_same", "play_nt").index(r.all_pass)]])
    out.append(w[_KITTY])
    out.append(w[_TRUMPS])
    out.append(w[_JOKER_NOMINATED if r.joker_nomination == "before_play" else _JOKER_LED])
    if r.joker_lead_last:
        out.append(w[_JOKER_LEAD_LAST])
    out.append(w[_PLAY])
    out.append(w[_SCORING] % (w[_ALWAYS if r.defender_points == "always" else _ON_FAIL],
                              "" if r.defender_cap is None else w[_CAP] % r.defender_cap))
    return out


def rules_text(rules):
    return "\n\n".join(rule_parts(rules))
