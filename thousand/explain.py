"""Why an action is refused, in words a player understands.

``Game.refusal`` decides (the same checks that ``Game.legal`` lists from) and
returns a code; this module only puts that code into words, so the device loads the
words only when a refusal actually happens (RAM is scarce there; the screens offer
legal actions only).
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


from thousand import actions
from thousand import cards as C
from thousand.game import MAX_LISTED_RAISE, best_in_trick

# The refusal codes of thousand/game.py, the same names at the same numbers (a test
# compares the two lists); private const()s, so they take no room in the loaded module.
_NO_SEAT = const(1)
_GAME_OVER = const(2)
_DEAL_OVER = const(3)
_NO_REDEAL_TO_REFUSE = const(4)
_DARK_FIRST_HAND_ONLY = const(5)
_DARK_QUESTION_FIRST = const(6)
_DARK_OFF = const(7)
_DARK_TOO_LATE = const(8)
_NO_DARK_QUESTION = const(9)
_REDEAL_AFTER_RAISE = const(10)
_REDEAL_HAND_FINE = const(11)
_TALON_REDEAL_DECLARER_ONLY = const(12)
_TALON_REDEAL_AFTER_GIVE = const(13)
_TALON_REDEAL_ONLY_AT_100 = const(14)
_TALON_REDEAL_TALON_FINE = const(15)
_REDEAL_TOO_LATE = const(16)
_CONCEDE_IN_AUCTION = const(17)
_CONCEDE_DECLARER_ONLY = const(18)
_CONCEDE_OFF = const(19)
_CONCEDE_AFTER_PLAY = const(20)
_CONCEDE_DARK = const(21)
_CONCEDE_GOLDEN = const(22)
_CONCEDE_LIMIT = const(23)
_CONCEDE_SITTER = const(24)
_CONCEDE_BARREL = const(25)
_AUCTION_BID_OR_PASS = const(26)
_ALREADY_PASSED = const(27)
_NOT_TURN_TO_BID = const(28)
_BID_STEP = const(29)
_BID_NOT_ABOVE = const(30)
_DARK_OVERBID_NEEDS_MARRIAGE = const(31)
_DARK_OVERBID_LOW = const(32)
_RAISE_BY_5 = const(33)
_BID_ABOVE_CAP = const(34)
_BID_ABOVE_CEILING = const(35)
_BID_ABOVE_LISTED = const(36)
_DECLARER_ACTS = const(37)
_GIVE_BEFORE_CONTRACT = const(38)
_MUST_GIVE = const(39)
_NOT_HELD = const(40)
_GIVE_TO_SELF = const(41)
_NO_TARGET = const(42)
_ALREADY_RECEIVED = const(43)
_MUST_ANNOUNCE = const(44)
_CONTRACT_FIXED = const(45)
_CONTRACT_BELOW_BID = const(46)
_CONTRACT_STEP = const(47)
_CONTRACT_ABOVE_CAP = const(48)
_MUST_PLAY = const(49)
_NOT_TURN_TO_PLAY = const(50)
_LEAD_TRUMP_SETTER_ONLY = const(51)
_MUST_BEAT = const(52)
_MUST_FOLLOW = const(53)
_MUST_OVERTRUMP = const(54)
_MUST_TRUMP = const(55)
_ACE_MARRIAGE_OFF = const(56)
_NOT_ALL_ACES = const(57)
_NOT_MARRIAGE_CARD = const(58)
_NO_MARRIAGE_PAIR = const(59)
_DECLARE_NOT_ON_LEAD = const(60)
_DECLARE_BEFORE_TRICK = const(61)

# The words of each code, at the code's number.
WORDS = (
    None,
    "there is no seat %r",  # NO_SEAT
    "the game is over",  # GAME_OVER
    "the deal is over",  # DEAL_OVER
    "there is no redeal to refuse",  # NO_REDEAL_TO_REFUSE
    "only seat %d (first hand) may decide on a dark game now",  # DARK_FIRST_HAND_ONLY
    "seat %d must first say whether it plays dark",  # DARK_QUESTION_FIRST
    "dark games are off in these rules",  # DARK_OFF
    "a dark game can only be declared by the first hand before the cards are dealt",  # DARK_TOO_LATE
    "there is no dark game to decide now",  # NO_DARK_QUESTION
    "too late for a redeal: somebody has raised the bid",  # REDEAL_AFTER_RAISE
    "seat %d's hand does not allow a redeal",  # REDEAL_HAND_FINE
    "only the declarer may call a redeal for the talon",  # TALON_REDEAL_DECLARER_ONLY
    "too late for a talon redeal: a card was already given",  # TALON_REDEAL_AFTER_GIVE
    "a talon redeal is allowed only when the bid is 100",  # TALON_REDEAL_ONLY_AT_100
    "the talon does not allow a redeal",  # TALON_REDEAL_TALON_FINE
    "too late for a redeal",  # REDEAL_TOO_LATE
    "nobody can concede during the auction",  # CONCEDE_IN_AUCTION
    "only the declarer (seat %d) may concede",  # CONCEDE_DECLARER_ONLY
    "concession is off in these rules",  # CONCEDE_OFF
    "too late to concede: the play has started",  # CONCEDE_AFTER_PLAY
    "no concession in a dark game in these rules",  # CONCEDE_DARK
    "no concession in a golden deal in these rules",  # CONCEDE_GOLDEN
    "seat %d has used its %d concession(s)",  # CONCEDE_LIMIT
    "a seat on the barrel cannot concede",  # CONCEDE_SITTER
    "no concession while anyone sits on the barrel",  # CONCEDE_BARREL
    "it is the auction: seat %d may bid or pass",  # AUCTION_BID_OR_PASS
    "seat %d has already passed",  # ALREADY_PASSED
    "it is seat %d's turn to bid, not seat %d's",  # NOT_TURN_TO_BID
    "bids go up in steps of 5: %d is not one",  # BID_STEP
    "a bid must be above the current %d",  # BID_NOT_ABOVE
    "only a seat holding a marriage may overbid a dark game",  # DARK_OVERBID_NEEDS_MARRIAGE
    "a bid over the dark game must be at least %d",  # DARK_OVERBID_LOW
    "raises are by 5 only: the next bid is %d",  # RAISE_BY_5
    "seat %d may bid at most %d (120 plus the marriages in its hand)",  # BID_ABOVE_CAP
    "no hand can make %d: the highest possible bid is %d",  # BID_ABOVE_CEILING
    "bids are offered up to %d above the current one",  # BID_ABOVE_LISTED
    "only the declarer (seat %d) acts now",  # DECLARER_ACTS
    "give one card to each opponent before announcing the contract",  # GIVE_BEFORE_CONTRACT
    "the declarer must now give a card to each opponent",  # MUST_GIVE
    "seat %d does not hold %s",  # NOT_HELD
    "the declarer gives cards to the opponents, not to himself",  # GIVE_TO_SELF
    "there is no seat %d to give to",  # NO_TARGET
    "seat %d has already received a card",  # ALREADY_RECEIVED
    "the declarer must now announce the contract",  # MUST_ANNOUNCE
    "the contract must be %d",  # CONTRACT_FIXED
    "the contract cannot be below the bid of %d",  # CONTRACT_BELOW_BID
    "a contract is a multiple of 5",  # CONTRACT_STEP
    "the contract may be at most %d (120 plus the marriages held)",  # CONTRACT_ABOVE_CAP
    "it is time to play a card",  # MUST_PLAY
    "it is seat %d's turn to play, not seat %d's",  # NOT_TURN_TO_PLAY
    "only seat %d, who set the trump, may lead %s while holding other cards",  # LEAD_TRUMP_SETTER_ONLY
    "seat %d must beat the %s",  # MUST_BEAT
    "seat %d must follow %s",  # MUST_FOLLOW
    "seat %d must overtrump the %s",  # MUST_OVERTRUMP
    "seat %d has no %s and must play a trump (%s)",  # MUST_TRUMP
    "the ace marriage is off in these rules",  # ACE_MARRIAGE_OFF
    "seat %d does not hold all four aces",  # NOT_ALL_ACES
    "only a king or queen (or an ace, for the ace marriage) can declare",  # NOT_MARRIAGE_CARD
    "seat %d does not hold the %s marriage",  # NO_MARRIAGE_PAIR
    "only the player on lead may declare a marriage",  # DECLARE_NOT_ON_LEAD
    "seat %d must win a trick before declaring a marriage",  # DECLARE_BEFORE_TRICK
)


def why_illegal(game, seat, action):
    """None when ``seat`` may do ``action`` now, else the reason in plain words."""
    reason = game.refusal(seat, action)
    return None if reason is None else reason_words(game, seat, action, reason)


def reason_words(game, seat, action, reason):
    """The words of refusal code ``reason`` (``Game.refusal``) for this action."""
    words = WORDS[reason]
    if "%" not in words:
        return words
    return words % _facts(game, seat, action, reason)


def _facts(game, seat, action, reason):
    """What the words of refusal code ``reason`` name: seats, amounts, cards."""
    if reason == _NO_SEAT:
        return (seat,)
    if reason == _DARK_FIRST_HAND_ONLY:
        return game.first_hand
    if reason == _CONCEDE_DECLARER_ONLY or reason == _DECLARER_ACTS:
        return game.declarer
    if reason == _CONCEDE_LIMIT:
        return game.declarer, game.rules.concede_limit
    if reason == _AUCTION_BID_OR_PASS:
        return game.to_move
    if reason == _NOT_TURN_TO_BID or reason == _NOT_TURN_TO_PLAY:
        return game.to_move, seat
    amount = actions.amount(action)
    if reason == _BID_STEP:
        return amount
    if reason == _BID_NOT_ABOVE:
        return game.bid
    if reason == _DARK_OVERBID_LOW:
        return game.bid_range(seat)[0]
    if reason == _RAISE_BY_5:
        return game.bid + 5
    if reason == _BID_ABOVE_CAP:
        return seat, game.bid_range(seat)[1]
    if reason == _BID_ABOVE_CEILING:
        return amount, game.bid_ceiling()
    if reason == _BID_ABOVE_LISTED:
        return MAX_LISTED_RAISE
    card = actions.card(action)
    if reason == _NOT_HELD:
        return seat, C.card_name(card % C.NUM_CARDS)
    if reason == _NO_TARGET or reason == _ALREADY_RECEIVED:
        return actions.target(action)
    if reason == _CONTRACT_FIXED or reason == _CONTRACT_BELOW_BID:
        return game.contract_range()[0]
    if reason == _CONTRACT_ABOVE_CAP:
        return game.contract_range()[1]
    if reason == _LEAD_TRUMP_SETTER_ONLY:
        return game.trump_setter, C.SUIT_WORDS[game.trump]
    led = game.trick_cards[0] // 6
    if reason == _MUST_BEAT:
        return seat, C.card_words(best_in_trick(game.trick_cards, game.trick_len, led))
    if reason == _MUST_FOLLOW:
        return seat, C.SUIT_WORDS[led]
    if reason == _MUST_OVERTRUMP:
        return seat, C.card_words(best_in_trick(game.trick_cards, game.trick_len, game.trump))
    if reason == _MUST_TRUMP:
        return seat, C.SUIT_WORDS[led], C.SUIT_WORDS[game.trump]
    if reason == _NO_MARRIAGE_PAIR:
        return seat, C.SUIT_WORDS[card // 6]
    return seat  # the words name only the seat
