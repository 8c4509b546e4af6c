"""Why a deal ended in a redeal, in one line (beside ``thousand.explain``, the words of
refusals; loaded only when a redeal is told, and let go at the next screen change).

The line names who called it and the condition of RULES.md section 6 that the cards met,
never the cards themselves: a call is made at the table, and the cards are dealt again.
"""

from thousand import SEAT_NAMES, actions
from thousand import cards as C
from thousand.game import _redeal_condition as meets  # the engine's judgement, one condition at a time


def redeal_reason(game):
    """The reason of the redeal that just ended ``game``'s deal, or None if it was none."""
    log = game.log
    rules = game.rules
    if log and actions.entry_action(log[-1]) == actions.ACTION_REDEAL:
        seat = actions.entry_seat(log[-1])
        if seat == game.declarer:  # a declarer exists once the auction (and its window) is over
            met = _condition(game.talon_dealt, rules.redeal_talon_points_below, rules.redeal_talon_two_nines,
                             rules.redeal_talon_three_jacks)
            return "Redeal: the talon has %s (%s call)" % (met, _owner(seat))
        met = _condition(game.dealt[seat], rules.redeal_hand_points_below, rules.redeal_hand_nines,
                         rules.redeal_hand_jacks)
        return "Redeal: %s hand has %s" % (_owner(seat), met)
    if game.four_aces_dealt():
        for seat in range(len(game.dealt)):
            if game.dealt[seat] & C.ALL_ACES == C.ALL_ACES:
                return "Redeal: four aces in %s hand" % _owner(seat)
    return None


def _owner(seat):
    return "your" if seat == 0 else SEAT_NAMES[seat] + "'s"


def _condition(cards, points_below, nines, jacks):
    """The first condition of section 6 that ``cards`` meet."""
    if meets(cards, points_below, None, None):
        return "under %d points" % points_below
    if meets(cards, None, nines, None):
        return "%d or more nines" % nines
    return "%d or more jacks" % jacks
