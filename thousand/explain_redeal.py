"""Why a deal ended in a redeal, in one line (beside ``thousand.explain``, the words of
refusals; loaded only when a redeal is told, and let go at the next screen change).

The line names who called it and the condition of RULES.md section 6 that the cards met,
never the cards themselves: a call is made at the table, and the cards are dealt again.
The words are data: ``assets/text/<language>/redeal.txt`` (``thousand.texts``).
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand import SEAT_NAMES, actions, texts
from thousand import cards as C
from thousand.game import _redeal_condition as meets  # the engine's judgement, one condition at a time

# The entries of redeal.txt by their places (a test holds each to its entry's name).
_TALON = const(1)
_HAND = const(2)
_FOUR_ACES = const(3)
_YOUR = const(4)
_OWNER = const(5)
_POINTS_BELOW = const(6)
_NINES = const(7)
_JACKS = const(8)


def redeal_reason(game):
    """The reason of the redeal that just ended ``game``'s deal, or None if it was none."""
    log = game.log
    rules = game.rules
    if log and actions.entry_action(log[-1]) == actions.ACTION_REDEAL:
        seat = actions.entry_seat(log[-1])
        w = texts.bodies("redeal")
        if seat == game.declarer:  # a declarer exists once the auction (and its window) is over
            met = _condition(w, game.talon_dealt, rules.redeal_talon_points_below, rules.redeal_talon_two_nines,
                             rules.redeal_talon_three_jacks)
            return w[_TALON] % (met, _owner(w, seat))
        met = _condition(w, game.dealt[seat], rules.redeal_hand_points_below, rules.redeal_hand_nines,
                         rules.redeal_hand_jacks)
        return w[_HAND] % (_owner(w, seat), met)
    if game.four_aces_dealt():
        for seat in range(len(game.dealt)):
            if game.dealt[seat] & C.ALL_ACES == C.ALL_ACES:
                w = texts.bodies("redeal")
                return w[_FOUR_ACES] % _owner(w, seat)
    return None


def _owner(w, seat):
    return w[_YOUR] if seat == 0 else w[_OWNER] % SEAT_NAMES[seat]


def _condition(w, cards, points_below, nines, jacks):
    """The first condition of section 6 that ``cards`` meet."""
    if meets(cards, points_below, None, None):
        return w[_POINTS_BELOW] % points_below
    if meets(cards, None, nines, None):
        return w[_NINES] % nines
    return w[_JACKS] % jacks
