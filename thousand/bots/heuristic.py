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

Play-outs (``declarer_totals``): sampled deals played out by these rules for every seat,
for hard's gives and contract.  The contract estimate from the eight kept cards
(``evaluate.contract_estimate``, a linear model) cannot see how the cards play together;
the play-outs can: the declarer's total over them predicts his real total with an error of
19 points where the linear model's is 24 (docs/bots.md).  Fair by construction: the deals
are ``Knowledge.deal_sample``'s, drawn from the seat's view only, and they are played out
on a ``Game`` of the bot's own (the engine as a simulator), never on the table's game.
"""

from thousand import actions as A
from thousand import cards as C
from thousand import const  # MicroPython's, or the package's stand-in on CPython
from thousand.bots.knowledge import Knowledge
from thousand.game import PHASE_CONTRACT, Game, SeatView, trick_winner

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


def after_gives(view, kept, gives):
    """The declarer's view (at the talon) as it will be once he has made ``gives`` ((card,
    target) twice) and kept ``kept``: what ``declarer_totals`` reads of it."""
    after = SeatView()
    after.seat = after.declarer = view.seat
    after.rules = view.rules
    after.phase = PHASE_CONTRACT
    after.hand = kept
    after.talon = view.talon
    after.talon_shown = view.talon_shown
    after.bid = view.bid
    for s in range(3):
        after.hand_counts[s] = C.count(kept)
    after.gives.extend(gives)
    return after


def declarer_totals(view, rng, out, hands, scratch):
    """Fill ``out`` with the declarer's points (cards and marriages) in ``len(out)`` play-outs
    of deals sampled from ``view`` (the declarer's, before the first trick); sorted, lowest
    first, once the generator is done (it yields after each play-out).  ``hands`` (3) and
    ``scratch`` (24) are the caller's preallocated lists."""
    know = Knowledge(view)
    me = view.seat
    for i in range(len(out)):
        if not know.deal_sample(rng, hands, scratch):
            return  # not before the first trick, where no void is shown; out stays as it is
        # A game and a view of its own for each play-out, let go before the yield: the
        # generator's frame holds them between two slices, where the board's heap is measured
        # (the table's peak was a hard declarer's gives, between two play-outs).
        game = Game(view.rules, keep_records=False)
        seat_view = SeatView()
        game.start_play(hands, view.talon, me, view.bid, view.gives, view.talon_shown)
        # Seven tricks by the heuristic; the last one plays itself (one card each).
        while game.hands[me] & (game.hands[me] - 1) or game.trick_len:
            seat = game.to_move
            game.view(seat, None, seat_view)
            game.apply(seat, choose_play(seat_view, Knowledge(seat_view)))
        seat = game.leader
        points = 0
        for j in range(3):
            scratch[j] = C.lowest(game.hands[(seat + j) % 3])  # the sample is read: free
            points += C.RANK_POINTS[scratch[j] % _RANKS_PER_SUIT]
        if (seat + trick_winner(scratch, 3, game.trump)) % 3 == me:
            points += game.card_points[me]
        else:
            points = game.card_points[me]
        out[i] = points + game.marriage_points[me]
        game = seat_view = None
        # A play-out leaves some 15 KB of garbage (views, Knowledge, legal lists): a slice
        # of the bot's thinking each, so that the heap is tidied between them.
        yield
    out.sort()
