"""Why an action of Five Hundred is refused, in a player's words.

``Game.refusal`` decides and returns a code; this module only words it, and is loaded
only when a refusal happens (the screens offer legal actions only).  WORDS is in the order
of the codes in thousand/five_hundred/game.py (a test compares the two).
"""

from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C

WORDS = (
    None,
    "there is no seat %(seat)s",
    "the game is over",
    "the deal is over",
    "that is not an action of Five Hundred",
    "in the auction seat %(seat)s may only bid or pass",
    "seat %(seat)s has passed, and a pass is final for the deal",
    "it is seat %(to_move)s's turn to speak, not seat %(seat)s's",
    "there is no such bid",
    "%(bid)s does not outbid %(current)s",
    "bids sans kitty are not played at this table",
    "misère is not played at this table",
    "misère may be bid only over a bid of 7 tricks, not over %(current)s",
    "blind misère is not played at this table",
    "blind misère can only be seat %(seat)s's first call of the deal",
    "the auction is over",
    "the auction is over: only the contractor (seat %(contractor)s) may raise his bid",
    "the contractor may not raise to blind misère",
    "seat %(contractor)s, the contractor, acts now",
    "seat %(seat)s must first discard three cards",
    "seat %(seat)s must discard three different cards of his 13: %(cards)s are not",
    "there is nothing to discard now",
    "the Joker is not nominated at this table: it takes a suit only when led",
    "in a suit contract the Joker is the highest trump and takes no suit",
    "the Joker is nominated after the discard, before the first card is played",
    "seat %(seat)s does not hold the Joker",
    "the Joker's suit can be nominated only once, before the first card is played",
    "seat %(out)s sits out this deal: his partner plays misère",
    "there is no nomination to decline",
    "seat %(seat)s must play a card",
    "it is seat %(to_move)s's turn to play, not seat %(seat)s's",
    "seat %(seat)s does not hold %(card)s",
    "seat %(seat)s leads the Joker and must name the suit the others follow (as in 'play JK H')",
    "a suit is named only when leading an un-nominated Joker in no trumps or misère",
    "the Joker may be led only to the last trick",
    "seat %(seat)s must follow %(led)s",
    "there is no raise to decline now",
)


def reason_words(game, seat, action, reason):
    """The words of refusal ``reason`` for ``seat``'s ``action``."""
    v = A.verb(action)
    context = {
        "seat": seat, "to_move": game.to_move, "contractor": game.contractor, "out": game.out_seat,
        "bid": A.bid_name(A.argument(action)) if v == A.BID and A.is_bid_code(A.argument(action)) else "",
        "current": A.bid_name(game.bid) if game.bid >= 0 else "no bid",
        "card": C.card_name(A.play_card(action)) if v == A.PLAY and A.play_card(action) <= C.JOKER else "that card",
        "led": C.SUIT_WORDS[game.led_suit] if 0 <= game.led_suit < 4 else "the led suit",
        "cards": "",
    }
    if v == A.DISCARD:
        context["cards"] = " ".join([C.card_name(c) if c <= C.JOKER else "?" for c in A.discard_cards(action)])
    return WORDS[reason] % context
