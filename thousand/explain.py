"""Why an action is refused, in words a player understands.

``Game.refusal`` decides (the same checks that ``Game.legal`` lists from) and
returns a code; this module only puts that code into words, so the device loads the
words only when a refusal actually happens (RAM is scarce there; the screens offer
legal actions only).
"""

from thousand import actions
from thousand import cards as C
from thousand.game import MAX_LISTED_RAISE, best_in_trick

# The words of each refusal code of thousand/game.py, at the code's number: (the code's
# name there, the words).  tests/test_referee.py checks that the names agree.
WORDS = (
    None,
    ("NO_SEAT", "there is no seat %r"),
    ("GAME_OVER", "the game is over"),
    ("DEAL_OVER", "the deal is over"),
    ("NO_REDEAL_TO_REFUSE", "there is no redeal to refuse"),
    ("DARK_FIRST_HAND_ONLY", "only seat %d (first hand) may decide on a dark game now"),
    ("DARK_QUESTION_FIRST", "seat %d must first say whether it plays dark"),
    ("DARK_OFF", "dark games are off in these rules"),
    ("DARK_TOO_LATE", "a dark game can only be declared by the first hand before the cards are dealt"),
    ("NO_DARK_QUESTION", "there is no dark game to decide now"),
    ("REDEAL_AFTER_RAISE", "too late for a redeal: somebody has raised the bid"),
    ("REDEAL_HAND_FINE", "seat %d's hand does not allow a redeal"),
    ("TALON_REDEAL_DECLARER_ONLY", "only the declarer may call a redeal for the talon"),
    ("TALON_REDEAL_AFTER_GIVE", "too late for a talon redeal: a card was already given"),
    ("TALON_REDEAL_ONLY_AT_100", "a talon redeal is allowed only when the bid is 100"),
    ("TALON_REDEAL_TALON_FINE", "the talon does not allow a redeal"),
    ("REDEAL_TOO_LATE", "too late for a redeal"),
    ("CONCEDE_IN_AUCTION", "nobody can concede during the auction"),
    ("CONCEDE_DECLARER_ONLY", "only the declarer (seat %d) may concede"),
    ("CONCEDE_OFF", "concession is off in these rules"),
    ("CONCEDE_AFTER_PLAY", "too late to concede: the play has started"),
    ("CONCEDE_DARK", "no concession in a dark game in these rules"),
    ("CONCEDE_GOLDEN", "no concession in a golden deal in these rules"),
    ("CONCEDE_LIMIT", "seat %d has used its %d concession(s)"),
    ("CONCEDE_SITTER", "a seat on the barrel cannot concede"),
    ("CONCEDE_BARREL", "no concession while anyone sits on the barrel"),
    ("AUCTION_BID_OR_PASS", "it is the auction: seat %d may bid or pass"),
    ("ALREADY_PASSED", "seat %d has already passed"),
    ("NOT_TURN_TO_BID", "it is seat %d's turn to bid, not seat %d's"),
    ("BID_STEP", "bids go up in steps of 5: %d is not one"),
    ("BID_NOT_ABOVE", "a bid must be above the current %d"),
    ("DARK_OVERBID_NEEDS_MARRIAGE", "only a seat holding a marriage may overbid a dark game"),
    ("DARK_OVERBID_LOW", "a bid over the dark game must be at least %d"),
    ("RAISE_BY_5", "raises are by 5 only: the next bid is %d"),
    ("BID_ABOVE_CAP", "seat %d may bid at most %d (120 plus the marriages in its hand)"),
    ("BID_ABOVE_CEILING", "no hand can make %d: the highest possible bid is %d"),
    ("BID_ABOVE_LISTED", "bids are offered up to %d above the current one"),
    ("DECLARER_ACTS", "only the declarer (seat %d) acts now"),
    ("GIVE_BEFORE_CONTRACT", "give one card to each opponent before announcing the contract"),
    ("MUST_GIVE", "the declarer must now give a card to each opponent"),
    ("NOT_HELD", "seat %d does not hold %s"),
    ("GIVE_TO_SELF", "the declarer gives cards to the opponents, not to himself"),
    ("NO_TARGET", "there is no seat %d to give to"),
    ("ALREADY_RECEIVED", "seat %d has already received a card"),
    ("MUST_ANNOUNCE", "the declarer must now announce the contract"),
    ("CONTRACT_FIXED", "the contract must be %d"),
    ("CONTRACT_BELOW_BID", "the contract cannot be below the bid of %d"),
    ("CONTRACT_STEP", "a contract is a multiple of 5"),
    ("CONTRACT_ABOVE_CAP", "the contract may be at most %d (120 plus the marriages held)"),
    ("MUST_PLAY", "it is time to play a card"),
    ("NOT_TURN_TO_PLAY", "it is seat %d's turn to play, not seat %d's"),
    ("LEAD_TRUMP_SETTER_ONLY", "only seat %d, who set the trump, may lead %s while holding other cards"),
    ("MUST_BEAT", "seat %d must beat the %s"),
    ("MUST_FOLLOW", "seat %d must follow %s"),
    ("MUST_OVERTRUMP", "seat %d must overtrump the %s"),
    ("MUST_TRUMP", "seat %d has no %s and must play a trump (%s)"),
    ("ACE_MARRIAGE_OFF", "the ace marriage is off in these rules"),
    ("NOT_ALL_ACES", "seat %d does not hold all four aces"),
    ("NOT_MARRIAGE_CARD", "only a king or queen (or an ace, for the ace marriage) can declare"),
    ("NO_MARRIAGE_PAIR", "seat %d does not hold the %s marriage"),
    ("DECLARE_NOT_ON_LEAD", "only the player on lead may declare a marriage"),
    ("DECLARE_BEFORE_TRICK", "seat %d must win a trick before declaring a marriage"),
)


def why_illegal(game, seat, action):
    """None when ``seat`` may do ``action`` now, else the reason in plain words."""
    reason = game.refusal(seat, action)
    return None if reason is None else reason_words(game, seat, action, reason)


def reason_words(game, seat, action, reason):
    """The words of refusal code ``reason`` (``Game.refusal``) for this action."""
    words = WORDS[reason][1]
    if "%" not in words:
        return words
    return words % _facts(game, seat, action, WORDS[reason][0])


def _facts(game, seat, action, name):
    """What the words of the refusal ``name`` name: seats, amounts, cards."""
    if name == "NO_SEAT":
        return (seat,)
    if name == "DARK_FIRST_HAND_ONLY":
        return game.first_hand
    if name in ("CONCEDE_DECLARER_ONLY", "DECLARER_ACTS"):
        return game.declarer
    if name == "CONCEDE_LIMIT":
        return game.declarer, game.rules.concede_limit
    if name == "AUCTION_BID_OR_PASS":
        return game.to_move
    if name in ("NOT_TURN_TO_BID", "NOT_TURN_TO_PLAY"):
        return game.to_move, seat
    amount = actions.amount(action)
    if name == "BID_STEP":
        return amount
    if name == "BID_NOT_ABOVE":
        return game.bid
    if name == "DARK_OVERBID_LOW":
        return game.bid_range(seat)[0]
    if name == "RAISE_BY_5":
        return game.bid + 5
    if name == "BID_ABOVE_CAP":
        return seat, game.bid_range(seat)[1]
    if name == "BID_ABOVE_CEILING":
        return amount, game.bid_ceiling()
    if name == "BID_ABOVE_LISTED":
        return MAX_LISTED_RAISE
    card = actions.card(action)
    if name == "NOT_HELD":
        return seat, C.card_name(card % C.NUM_CARDS)
    if name == "NO_TARGET" or name == "ALREADY_RECEIVED":
        return actions.target(action)
    if name in ("CONTRACT_FIXED", "CONTRACT_BELOW_BID"):
        return game.contract_range()[0]
    if name == "CONTRACT_ABOVE_CAP":
        return game.contract_range()[1]
    if name == "LEAD_TRUMP_SETTER_ONLY":
        return game.trump_setter, C.SUIT_WORDS[game.trump]
    led = game.trick_cards[0] // 6
    if name == "MUST_BEAT":
        return seat, C.card_words(best_in_trick(game.trick_cards, game.trick_len, led))
    if name == "MUST_FOLLOW":
        return seat, C.SUIT_WORDS[led]
    if name == "MUST_OVERTRUMP":
        return seat, C.card_words(best_in_trick(game.trick_cards, game.trick_len, game.trump))
    if name == "MUST_TRUMP":
        return seat, C.SUIT_WORDS[led], C.SUIT_WORDS[game.trump]
    if name == "NO_MARRIAGE_PAIR":
        return seat, C.SUIT_WORDS[card // 6]
    return seat  # the words name only the seat
