"""Card play by rules of thumb: the bot's play before the search starts, and its fallback.

- Keep K and Q while the marriage is still declarable; declare as soon as allowed,
  the dearest marriage first, but while no trump is set cash the boss cards first
  (nobody can ruff them yet); win a trick first when a marriage waits for one.
- The declarer draws trumps with boss trumps; everybody cashes boss cards in suits
  where no opponent is known to ruff, a defender his boss trumps too (they cannot be
  ruffed, and each one he cashes takes a trump that would ruff his side's winners).
- Following: feed points to a partner who is sure to win the trick, win with the
  cheapest card that does it when last (or sure to hold when second), else throw
  the cheapest card that is not worth keeping.

Everything is read from the seat's view and ``Knowledge`` (cards counted so far).
"""

from thousand import actions as A
from thousand import cards as C
from thousand import const  # MicroPython's, or the package's stand-in on CPython

# thousand.cards' encoding, folded as its docstring says, for every card of every play-out:
_RANKS_PER_SUIT = const(6)
_SUIT_BITS = const(0x3F)

SUITS_MASK = (_SUIT_BITS, _SUIT_BITS << _RANKS_PER_SUIT, _SUIT_BITS << 2 * _RANKS_PER_SUIT,
              _SUIT_BITS << 3 * _RANKS_PER_SUIT)


def marriage_cards(hand):
    """K and Q of every suit whose marriage ``hand`` still holds."""
    out = 0
    for suit in range(4):
        pair = 0x0C << (_RANKS_PER_SUIT * suit)
        if hand & pair == pair:
            out |= pair
    return out


def higher_than(card):
    """Cards of ``card``'s suit above it."""
    return SUITS_MASK[card // _RANKS_PER_SUIT] & ~((2 << card) - 1)


def card_key(card, led, trump):
    suit = card // _RANKS_PER_SUIT
    if suit == trump:
        return 100 + card
    if suit == led:
        return card
    return -1


def current_winner(trick, trump):
    """(seat, card) winning the unfinished ``trick`` so far."""
    led = trick[0][1] // _RANKS_PER_SUIT
    best_seat, best_card = trick[0]
    best = card_key(best_card, led, trump)
    for seat, c in trick:
        k = card_key(c, led, trump)
        if k > best:
            best = k
            best_seat = seat
            best_card = c
    return best_seat, best_card


def sure_to_hold(card, led, trump, rival_cards):
    """Can no card of ``rival_cards`` (what a seat still to play may hold) beat ``card``?"""
    suit = card // _RANKS_PER_SUIT
    if suit == trump:
        return not rival_cards & higher_than(card)
    if rival_cards & higher_than(card):
        return False
    if trump < 0:
        return True
    # The rival can ruff only when void in the led suit: unknown, so fear it when he may.
    return not rival_cards & SUITS_MASK[trump]


def play_mask(legal):
    m = 0
    for a in legal:
        if A.verb(a) == A.PLAY:
            m |= 1 << A.card(a)
    return m


def _cheapest(mask, avoid, trump, boss):
    """The card of ``mask`` that costs least to give up."""
    best = -1
    best_cost = 0
    for c in C.cards_of(mask):
        cost = C.RANK_POINTS[c % _RANKS_PER_SUIT] * 4 + c % _RANKS_PER_SUIT
        if avoid >> c & 1:
            cost += 200
        if boss >> c & 1:
            cost += 60
        if c // _RANKS_PER_SUIT == trump:
            cost += 40
        if best < 0 or cost < best_cost:
            best = c
            best_cost = cost
    return best


def _by_strength(mask, led, trump, strongest):
    """The weakest card of ``mask`` by trick strength (the cheapest way to win), or
    with ``strongest`` the strongest."""
    best = -1
    best_key = 0
    for c in C.cards_of(mask):
        k = card_key(c, led, trump)
        if best < 0 or (k > best_key if strongest else k < best_key):
            best = c
            best_key = k
    return best


def boss_cards(hand, outstanding):
    out = 0
    for c in C.cards_of(hand):
        if not outstanding & higher_than(c):
            out |= 1 << c
    return out


def choose_play(view, know, feeds_partner=True):
    """The heuristic's card for ``view`` (phase play, this seat to move); without ``feeds_partner``
    it never gives points to a partner who wins the trick (a beginner's habit)."""
    if view.trick:
        return follow(view, know, feeds_partner)
    return lead(view, know)


def lead(view, know):
    legal = view.legal
    me = view.seat
    hand = view.hand
    trump = view.trump
    decl = view.declarer
    best_declare = -1
    for a in legal:
        if A.verb(a) == A.DECLARE:
            c = A.card(a)
            if c % _RANKS_PER_SUIT == C.ACE:
                return a  # the ace marriage: 200 and the trump stays
            if best_declare < 0 or c // _RANKS_PER_SUIT > best_declare // _RANKS_PER_SUIT:
                best_declare = c
    outstanding = know.outstanding()
    if best_declare >= 0 and trump < 0:
        # No trump yet: a boss card cannot be ruffed now, and may be once the
        # marriage sets one.  Cash them first; the lead comes back each time.
        sure = boss_cards(hand, outstanding) & play_mask(legal) & ~marriage_cards(hand)
        if sure:
            best = -1
            for c in C.cards_of(sure):
                if best < 0 or C.RANK_POINTS[c % _RANKS_PER_SUIT] > C.RANK_POINTS[best % _RANKS_PER_SUIT]:
                    best = c
            return A.play(best)
    if best_declare >= 0:
        suit = best_declare // _RANKS_PER_SUIT
        top = 0x30 << (_RANKS_PER_SUIT * suit)  # the ten and the ace
        king = _RANKS_PER_SUIT * suit + C.KING
        # Lead the king when nobody else holds the ten or ace that would take it.
        card = king if not outstanding & top else king - 1
        return A.declare(card)
    playable = play_mask(legal)
    keep = marriage_cards(hand)
    free = playable & ~keep
    if not free:
        free = playable
    boss = boss_cards(hand, outstanding)
    opponents = []
    for s in range(3):
        if s != me and (me == decl or s == decl):
            opponents.append(s)
    # Draw trumps with boss trumps while an opponent may still hold some.
    if trump >= 0 and me == decl:
        trumps_out = 0
        for s in opponents:
            trumps_out |= know.possible(s) & SUITS_MASK[trump]
        mine = free & boss & SUITS_MASK[trump]
        if trumps_out and mine:
            return A.play(_highest(mine))
    # Cash a boss card where no opponent is known to ruff it.
    cash = -1
    for c in C.cards_of(free & boss):
        suit = c // _RANKS_PER_SUIT
        if trump >= 0 and suit != trump:
            ruff = False
            for s in opponents:
                if know.voids[s] >> suit & 1 and know.possible(s) & SUITS_MASK[trump]:
                    ruff = True
            if ruff:
                continue
        if cash < 0 or C.RANK_POINTS[c % _RANKS_PER_SUIT] > C.RANK_POINTS[cash % _RANKS_PER_SUIT]:
            cash = c
    if cash >= 0:
        return A.play(cash)
    # Lead low, from a suit where a marriage is not at stake.
    return A.play(_cheapest(free, keep, trump if me != decl else -1, boss))


def _highest(mask):
    c = 23
    while not mask >> c & 1:
        c -= 1
    return c


def follow(view, know, feeds_partner=True):
    legal = view.legal
    me = view.seat
    decl = view.declarer
    hand = view.hand
    trump = view.trump
    trick = view.trick
    led = trick[0][1] // _RANKS_PER_SUIT
    playable = play_mask(legal)
    keep = marriage_cards(hand)
    outstanding = know.outstanding()
    boss = boss_cards(hand, outstanding)
    win_seat, win_card = current_winner(trick, trump)
    last = len(trick) == 2
    next_seat = (me + 1) % 3
    rival_cards = 0 if last else know.possible(next_seat)
    partner_winning = me != decl and win_seat != decl
    if partner_winning:
        if feeds_partner and (last or sure_to_hold(win_card, led, trump, rival_cards)):
            # Feed the partner: the dearest card that is not a winner of its own.
            best = -1
            best_value = 0
            for c in C.cards_of(playable & ~keep):
                value = C.RANK_POINTS[c % _RANKS_PER_SUIT] * 4 - (30 if boss >> c & 1 and c % _RANKS_PER_SUIT == C.ACE else 0)
                if c // _RANKS_PER_SUIT == trump and c // _RANKS_PER_SUIT != led:
                    value -= 30
                if best < 0 or value > best_value:
                    best = c
                    best_value = value
            if best >= 0:
                return A.play(best)
        return A.play(_cheapest(playable, keep, trump, boss))
    best_key = card_key(win_card, led, trump)
    winners = 0
    for c in C.cards_of(playable):
        if card_key(c, led, trump) > best_key:
            winners |= 1 << c
    if winners:
        if last:
            choice = winners & ~keep or winners
            return A.play(_by_strength(choice, led, trump, False))
        sure = 0
        for c in C.cards_of(winners):
            if sure_to_hold(c, led, trump, rival_cards):
                sure |= 1 << c
        if sure:
            choice = sure & ~keep or sure
            return A.play(_by_strength(choice, led, trump, False))
        trick_points = 0
        for _s, c in trick:
            trick_points += C.RANK_POINTS[c % _RANKS_PER_SUIT]
        partner_next = me != decl and next_seat != decl
        if not partner_next and trick_points >= 10:
            # Make the last player pay for the trick with his best card.
            choice = winners & ~keep or winners
            return A.play(_by_strength(choice, led, trump, True))
    return A.play(_cheapest(playable, keep, trump, boss))
