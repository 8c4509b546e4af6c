"""Why an action is refused, in words a player understands.

``Game.refusal`` decides (the same checks that ``Game.legal`` lists from) and returns a
code; this module puts that code into words.  The words are data, not code: the entry of
the code's number in ``assets/text/<language>/refusals.txt`` (``thousand.texts``), whose
head names the facts its %-fields take.  So the device reads the words of one refusal, and
only when a refusal happens (RAM is scarce there; the screens offer legal actions only).
"""

from thousand import SEAT_WORDS, actions, texts
from thousand import cards as C


def why_illegal(game, seat, action):
    """None when ``seat`` may do ``action`` now, else the reason in plain words."""
    reason = game.refusal(seat, action)
    return None if reason is None else reason_words(game, seat, action, reason)


def reason_words(game, seat, action, reason):
    """The words of refusal code ``reason`` (``Game.refusal``) for this action."""
    _code, facts, words = texts.entries("refusals", reason)[0]
    if not facts:
        return words
    return words % tuple(_fact(game, seat, action, name) for name in facts.split())


def _fact(game, seat, action, name):
    """The fact ``name`` that the words of a refusal take (refusals.txt says which): a
    seat, an amount, a card or a suit in words; a seat's fact and "_name": the seat as the
    screens name it; a card's or suit's "_sign": as the screens write it (chr(1) to chr(4)
    a suit's symbol).  (Names of more than 10 characters, or the game's own: a shorter
    string here would be one more name in the VM's pool.)"""
    if name.endswith("_name"):
        return SEAT_WORDS[_fact(game, seat, action, name[:-5])]
    if name.endswith("_sign"):  # a suit (0 to 3) or 4 + a card, as the screens write it
        if name == "trump_suit_sign":
            sign = game.trump
        elif name == "card_suit_sign" or name == "held_card_sign":
            sign = actions.card(action) % C.NUM_CARDS
            sign = 4 + sign if name == "held_card_sign" else C.suit_of(sign)
        else:
            led = C.suit_of(game.trick_cards[0])
            sign = led if name == "led_suit_sign" else 4 + C.best_in_trick(
                game.trick_cards, game.trick_len, game.trump if name == "best_trump_sign" else led)
        return chr(1 + sign) if sign < 4 else C.card_text(sign - 4)
    if name == "seat":
        return seat
    if name == "to_move" or name == "declarer" or name == "first_hand" or name == "bid" or name == "trump_setter":
        return getattr(game, name)
    if name == "amount":
        return actions.amount(action)
    if name == "card":
        return C.card_name(actions.card(action) % C.NUM_CARDS)
    if name == "target":
        return actions.target(action)
    if name == "bid_range_low":
        return game.bid_range(seat)[0]
    if name == "bid_range_high":
        return game.bid_range(seat)[1]
    if name == "bid_plus_five":
        return game.bid + 5
    if name == "bid_ceiling":
        return game.bid_ceiling()
    if name == "contract_low":
        return game.contract_range()[0]
    if name == "contract_high":
        return game.contract_range()[1]
    if name == "concede_limit":
        return game.rules.concede_limit
    if name == "trump_suit_words":
        return C.SUIT_WORDS[game.trump]
    if name == "card_suit_words":
        return C.SUIT_WORDS[C.suit_of(actions.card(action))]
    led = C.suit_of(game.trick_cards[0])
    if name == "led_suit_words":
        return C.SUIT_WORDS[led]
    if name == "best_led_card":
        return C.card_words(C.best_in_trick(game.trick_cards, game.trick_len, led))
    if name == "best_trump_card":
        return C.card_words(C.best_in_trick(game.trick_cards, game.trick_len, game.trump))
    raise ValueError("refusals.txt names no such fact: " + name)

