"""Small builders for engine tests: deals written in card notation, actions as text."""

from thousand import cards as C
from thousand.checks import checked_start
from thousand.game import Game
from thousand.notation import action_text, parse_action, parse_card
from thousand.record import replay
from thousand import rules_check


def masks(hands_text, talon_text):
    hands = [C.mask_of([parse_card(t) for t in h.split()]) for h in hands_text]
    talon = C.mask_of([parse_card(t) for t in talon_text.split()])
    return hands, talon


def new_game(rules=None, start=None, **agreements):
    r = rules_check.from_dict(dict(rules or {"preset": "classic"}, **agreements))
    return Game(r, start=None if start is None else checked_start(start, r))


def deal(game, hands_text, talon_text):
    hands, talon = masks(hands_text, talon_text)
    game.start_deal(hands, talon)
    return game


def act(game, *texts):
    for text in texts:
        seat, action = parse_action(text)
        game.apply(seat, action)
    return game


def legal_text(game, seat):
    return [action_text(seat, a) for a in game.legal(seat)]


def run_record(deals, rules=None, start=None):
    record = {"rules": rules or {"preset": "classic"}, "deals": deals}
    if start is not None:
        record["start"] = start
    return replay(record)


# A deal where seat 0 holds the whole of spades and the heart marriage; handy default.
SPADES_HAND = ("AS TS KS QS JS 9S KH", "AC TC KC QC JC 9C QH", "AD TD KD QD JD 9D 9H")
SPADES_TALON = "AH TH JH"


class speaking:
    """``with speaking("ru"):`` the player's words in that language (thousand.texts.set_language),
    English again after, whatever happens inside."""

    def __init__(self, code):
        self.code = code

    def __enter__(self):
        from thousand.texts import set_language

        set_language(self.code)
        return self

    def __exit__(self, *_exc):
        from thousand.texts import set_language

        set_language("en")
        return False


# The characters each language's font strip has (tools/make_font.py): printable ASCII and the
# suits' signs (chr(1) to chr(4)); then Russian's letters; Ukrainian's, those and its own;
# Polish's, English's and its own.
DRAWABLE = {"en": set(map(chr, range(1, 5))) | set(map(chr, range(0x20, 0x7F)))}
DRAWABLE["ru"] = DRAWABLE["en"] | set(map(chr, range(0x410, 0x450))) | {"\u0401", "\u0451"}
DRAWABLE["uk"] = DRAWABLE["ru"] | set("\u0404\u0406\u0407\u0454\u0456\u0457\u0490\u0491")  # Є І Ї є і ї Ґ ґ
DRAWABLE["pl"] = DRAWABLE["en"] | set("ĄąĆćĘęŁłŃńÓóŚśŹźŻż")
DRAWABLE["all"] = DRAWABLE["uk"] | DRAWABLE["pl"]  # the language screen's strip, font-all.bmp


def plan_modules(*plans):
    """The whole names of the modules in strings of the load plan (``thousand.ui.scenes``;
    each argument a string or a tuple of them, as ``needed`` gives), where they are written
    within the package; the package itself (``thousand``) comes with any of them."""
    names = set()
    for plan in plans:
        for part in ((plan,) if isinstance(plan, str) else plan):
            names |= {"thousand." + name for name in part.split()}
    return names | {"thousand"}
