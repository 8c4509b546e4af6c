"""Why an action of Five Hundred is refused, in a player's words.

``Game.refusal`` decides and returns a code; this module only words it, and is loaded
only when a refusal happens (the screens offer legal actions only).  The words are data, as
Thousand's (``thousand.explain``): the entry of the code's number in
``assets/text/<language>/five_hundred_refusals.txt`` (``thousand.texts``), whose head names the
facts its %-fields take; its entries are in the order of the codes in
thousand/five_hundred/game.py (a test compares the two).  The referee never sets a language:
its messages are English's entries.
"""

from thousand import texts
from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C


def reason_words(game, seat, action, reason):
    """The words of refusal ``reason`` (``Game.refusal``; or the page's place of another
    refusal, the controller's) for ``seat``'s ``action``."""
    _code, facts, words = texts.entries("five_hundred_refusals", reason)[0]
    if not facts:
        return words
    return words % tuple(_fact(game, seat, action, name) for name in facts.split())


def _fact(game, seat, action, name):
    """The fact ``name`` that a refusal's words take (its page's head says which): a seat, a
    bid, a card or a suit in English's words; with "_name", a seat as the screens name it; with
    "_sign", a bid, a card or a suit as the screens write it (chr(1) to chr(4) a suit's symbol,
    the five_hundred page's words for the Joker, NT and the misères)."""
    v = A.verb(action)
    if name.endswith("_name"):
        names = texts.entries("five_hundred", "seats4" if game.players == 4 else "seats")[0][2].split()
        return names[_fact(game, seat, action, name[:-5])]
    if name == "seat":
        return seat
    if name == "to_move":
        return game.to_move
    if name == "contractor":
        return game.contractor
    if name == "out":
        return game.out_seat
    if name == "bid" or name == "bid_sign":
        code = A.argument(action)
        if v != A.BID or not A.is_bid_code(code):
            return ""
        return A.bid_name(code) if name == "bid" else _bid_sign(code)
    if name == "current" or name == "current_sign":
        if game.bid < 0:
            return "no bid" if name == "current" else "-"
        return A.bid_name(game.bid) if name == "current" else _bid_sign(game.bid)
    if name == "card" or name == "card_sign":
        card = A.play_card(action) if v == A.PLAY else C.JOKER + 1
        if card > C.JOKER:
            return "that card" if name == "card" else "?"
        return C.card_name(card) if name == "card" else _card_sign(card)
    if name == "cards" or name == "cards_sign":
        if v != A.DISCARD:
            return ""
        return " ".join([("?" if c > C.JOKER else C.card_name(c) if name == "cards" else _card_sign(c))
                         for c in A.discard_cards(action)])
    if name == "led":
        return C.SUIT_WORDS[game.led_suit] if 0 <= game.led_suit < 4 else "the led suit"
    if name == "led_sign":
        return chr(1 + game.led_suit) if 0 <= game.led_suit < 4 else "?"
    raise ValueError("five_hundred_refusals.txt names no such fact: " + name)


def _card_sign(card):
    """A card as the screens write it (thousand.ui.five_hundred_table.card_words: a screen's
    module, which the engine does not import)."""
    if card == C.JOKER:
        return texts.entries("five_hundred", "joker")[0][2]
    return C.rank_sign(card) + chr(1 + (card >> 4))


def _bid_sign(code):
    """A bid as the screens write it (thousand.ui.five_hundred_table.bid_words)."""
    if A.is_misere(code):
        return texts.entries("five_hundred", "misere" if code == A.MISERE else
                             "open_misere" if code == A.OPEN_MISERE else "blind_misere")[0][2]
    d = A.bid_denomination(code)
    text = str(A.bid_tricks(code)) + (texts.entries("five_hundred", "nt")[0][2] if d == A.NT else chr(1 + d))
    return text + " " + texts.entries("five_hundred", "sans")[0][2] if A.is_sans(code) else text
