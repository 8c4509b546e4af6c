"""Why an action is refused, in words a player understands.

Kept apart from the game so that the device loads these messages only when a
refusal actually happens (RAM is scarce there; the screens offer legal actions only).
"""

from thousand import actions
from thousand import cards as C
from thousand import scoring
from thousand.game import (FORCED_BID, MAX_LISTED_RAISE, NUM_SEATS, PHASE_AUCTION,
                           PHASE_CONTRACT, PHASE_DARK, PHASE_DEAL_OVER, PHASE_GIVE, PHASE_PLAY,
                           PHASE_TALON, best_in_trick)


def why_illegal(game, seat, action):
    """None when ``seat`` may do ``action`` now, else the reason in plain words."""
    if game.is_legal(seat, action):
        return None
    return _reason(game, seat, action) or "seat %s cannot do that now" % (seat,)


def _reason(game, seat, action):
    if not isinstance(seat, int) or seat < 0 or seat >= NUM_SEATS:
        return "there is no seat %r" % (seat,)
    if game.over:
        return "the game is over"
    phase = game.phase
    v = action >> 12
    if phase == PHASE_DEAL_OVER:
        return "the deal is over"
    if v == actions.KEEP:
        return None if game.hand_redeal_entitled(seat) else "there is no redeal to refuse"
    if phase == PHASE_DARK:
        if seat != game.first_hand:
            return "only seat %d (first hand) may decide on a dark game now" % game.first_hand
        if v == actions.DARK or v == actions.NODARK:
            return None
        return "seat %d must first say whether it plays dark" % seat
    if v == actions.DARK:
        if not game.rules.dark:
            return "dark games are off in these rules"
        return "a dark game can only be declared by the first hand before the cards are dealt"
    if v == actions.NODARK:
        return "there is no dark game to decide now"
    if v == actions.REDEAL:
        if phase == PHASE_AUCTION:
            if game.hand_redeal_entitled(seat):
                return None
            if not game.window_open:
                return "too late for a redeal: somebody has raised the bid"
            return "seat %d's hand does not allow a redeal" % seat
        if phase == PHASE_TALON or phase == PHASE_GIVE:
            if seat != game.declarer:
                return "only the declarer may call a redeal for the talon"
            if phase == PHASE_GIVE:
                return "too late for a talon redeal: a card was already given"
            if game.rules.redeal_talon_only_at_100 and game.bid != FORCED_BID:
                return "a talon redeal is allowed only when the bid is 100"
            if game.talon_redeal_entitled():
                return None
            return "the talon does not allow a redeal"
        return "too late for a redeal"
    if v == actions.CONCEDE:
        if phase == PHASE_AUCTION:
            return "nobody can concede during the auction"
        if seat != game.declarer:
            return "only the declarer (seat %d) may concede" % game.declarer
        if game.may_concede():
            return None
        return _why_no_concession(game)
    if phase == PHASE_AUCTION:
        if v != actions.PASS and v != actions.BID:
            return "it is the auction: seat %d may bid or pass" % game.to_move
        if seat != game.to_move:
            if game.passed >> seat & 1:
                return "seat %d has already passed" % seat
            return "it is seat %d's turn to bid, not seat %d's" % (game.to_move, seat)
        if v == actions.PASS:
            return None
        amount = action & 0xFFF
        low, high, _ = game.bid_range(seat)
        if amount % 5:
            return "bids go up in steps of 5: %d is not one" % amount
        if amount <= game.bid:
            return "a bid must be above the current %d" % game.bid
        if game.dark_active and C.marriages_in(game.dealt[seat], game.rules.ace_marriage) == 0:
            return "only a seat holding a marriage may overbid a dark game"
        if amount < low:
            return "a bid over the dark game must be at least %d" % low
        if amount > high:
            if not game.rules.bid_jumps and amount > game.bid + 5:
                return "raises are by 5 only: the next bid is %d" % (game.bid + 5)
            if game.bid_cap(seat) is not None:
                return "seat %d may bid at most %d (120 plus the marriages in its hand)" % (seat, high)
            if amount > game.bid_ceiling():
                return "no hand can make %d: the highest possible bid is %d" % (amount, game.bid_ceiling())
            return "bids are offered up to %d above the current one" % MAX_LISTED_RAISE
        return None
    if seat != game.declarer and phase != PHASE_PLAY:
        return "only the declarer (seat %d) acts now" % game.declarer
    if phase == PHASE_TALON or phase == PHASE_GIVE:
        if v == actions.CONTRACT:
            return "give one card to each opponent before announcing the contract"
        if v != actions.GIVE:
            return "the declarer must now give a card to each opponent"
        c = actions.card(action)
        t = action & 3
        if not game.hands[seat] >> c & 1:
            return "seat %d does not hold %s" % (seat, C.card_name(c))
        if t == seat:
            return "the declarer gives cards to the opponents, not to himself"
        if game.received[t] >= 0:
            return "seat %d has already received a card" % t
        return None
    if phase == PHASE_CONTRACT:
        if v != actions.CONTRACT:
            return "the declarer must now announce the contract"
        amount = action & 0xFFF
        low, high = game.contract_range()
        if amount == low:
            return None
        if low == high:
            return "the contract must be %d" % low
        if amount < low:
            return "the contract cannot be below the bid of %d" % low
        if amount % 5:
            return "a contract is a multiple of 5"
        if amount > high:
            return "the contract may be at most %d (120 plus the marriages held)" % high
        return None
    # play
    if v != actions.PLAY and v != actions.DECLARE:
        return "it is time to play a card"
    if seat != game.to_move:
        return "it is seat %d's turn to play, not seat %d's" % (game.to_move, seat)
    c = action & 0x3F
    if c >= C.NUM_CARDS or not game.hands[seat] >> c & 1:
        return "seat %d does not hold %s" % (seat, C.card_name(c % 24))
    if not game.playable(seat) >> c & 1:
        return _why_not_playable(game, seat, c)
    if v == actions.DECLARE and not game.declarable(seat) >> c & 1:
        return _why_not_declarable(game, seat, c)
    return None


def _why_no_concession(game):
    r = game.rules
    if not r.concede:
        return "concession is off in these rules"
    if game.phase == PHASE_PLAY:
        return "too late to concede: the play has started"
    if game.kind == scoring.DARK:
        return "no concession in a dark game in these rules"
    if game.kind == scoring.GOLDEN:
        return "no concession in a golden deal in these rules"
    if r.concede_limit is not None and game.concessions[game.declarer] >= r.concede_limit:
        return "seat %d has used its %d concession(s)" % (game.declarer, r.concede_limit)
    if r.concede_on_barrel == "not_sitter":
        return "a seat on the barrel cannot concede"
    return "no concession while anyone sits on the barrel"


def _why_not_playable(game, seat, card):
    hand = game.hands[seat]
    if game.trick_len == 0:
        return "only seat %d, who set the trump, may lead %s while holding other cards" % (
            game.trump_setter, C.SUIT_WORDS[game.trump])
    led = game.trick_cards[0] // 6
    if hand & C.suit_mask(led):
        if card // 6 == led:
            best = best_in_trick(game.trick_cards, game.trick_len, led)
            return "seat %d must beat the %s" % (seat, C.card_words(best))
        return "seat %d must follow %s" % (seat, C.SUIT_WORDS[led])
    if card // 6 == game.trump:
        best = best_in_trick(game.trick_cards, game.trick_len, game.trump)
        return "seat %d must overtrump the %s" % (seat, C.card_words(best))
    return "seat %d has no %s and must play a trump (%s)" % (seat, C.SUIT_WORDS[led], C.SUIT_WORDS[game.trump])


def _why_not_declarable(game, seat, card):
    rank = card % 6
    r = game.rules
    if rank == C.ACE:
        if not r.ace_marriage:
            return "the ace marriage is off in these rules"
        if game.hands[seat] & C.ALL_ACES != C.ALL_ACES:
            return "seat %d does not hold all four aces" % seat
    elif rank != C.KING and rank != C.QUEEN:
        return "only a king or queen (or an ace, for the ace marriage) can declare"
    elif not game.hands[seat] >> (card ^ 1) & 1:  # queen and king differ in the last bit
        return "seat %d does not hold the %s marriage" % (seat, C.SUIT_WORDS[card // 6])
    if game.trick_len:
        return "only the player on lead may declare a marriage"
    return "seat %d must win a trick before declaring a marriage" % seat
