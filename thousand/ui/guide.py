"""The guided deal (issue 34, item 7): a real first deal, dealt the same every time (its
seed), in which the table says what to do next and why at each of its steps: the auction,
the talon and the gives, the contract, the lead, the marriage, the play and the score.  The
words are data (``thousand.texts``: guided.txt); this module is loaded only in that deal."""

from thousand import actions
from thousand.game import PHASE_AUCTION, PHASE_CONTRACT, PHASE_PLAY, PHASE_TALON

from thousand import const  # MicroPython's, or the package's stand-in on CPython

# The entries of guided.txt by their places (a test holds each to its entry's name).
_AUCTION = const(1)
_GIVE = const(2)
_CONTRACT = const(3)
_LEAD = const(4)
_DECLARE = const(5)
_FOLLOW = const(6)
_SUMMARY = const(7)

def step(view, decision):
    """The place of the words for the player's ``decision`` now, or 0."""
    verbs = [actions.verb(a) for a in decision.legal]
    if view.phase == PHASE_AUCTION and actions.BID in verbs:
        return _AUCTION
    if view.phase == PHASE_TALON and actions.GIVE in verbs:
        return _GIVE
    if view.phase == PHASE_CONTRACT:
        return _CONTRACT
    if view.phase == PHASE_PLAY:
        if actions.DECLARE in verbs:
            return _DECLARE
        return _FOLLOW if view.trick else _LEAD
    return 0


def words(controller, place):
    """The words of step ``place`` the first time it comes in ``controller``'s game, else None."""
    try:
        told = controller.told
    except AttributeError:
        told = controller.told = []
    if place in told or not place:
        return None
    told.append(place)
    from thousand import texts  # on demand (thousand.ui.scenes): the words are data

    return texts.bodies("guided")[place]


def summary_words():
    from thousand import texts  # on demand (thousand.ui.scenes): the words are data

    return texts.bodies("guided")[_SUMMARY]
