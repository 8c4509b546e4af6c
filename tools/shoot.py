# desktop-only: not bundled for the device
"""Render every screen, on every board size, to PNG files; print the display memory.

    python tools/shoot.py --out DIR [--board NAME ...] [--scale N] [--only SCREEN ...]

Files are named ``<board>-<screen>.png``.  No display is needed.  Every state
is reached through real games: seeded games with random players (the human
seat too) are played through the controller until the state occurs, or a
game starts from a given score table (barrel, dark) the way a record does.
For each shot the tool prints the bitmap and palette bytes of the whole
display tree (the device RAM the screen costs), its tile index bytes (a byte a
character of text, a cell of a tile grid) and its displayio objects.
"""

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)

cli.quiet_blinka()
import displayio  # noqa: E402

from thousand import LANGUAGES, actions  # noqa: E402
from thousand.checks import checked_start  # noqa: E402
from thousand.controller import HUMAN, Controller  # noqa: E402
from thousand.driver import RandomPlayer  # noqa: E402
from thousand.game import PHASE_AUCTION, PHASE_CONTRACT, PHASE_DARK, PHASE_GIVE, PHASE_PLAY, PHASE_TALON, Game  # noqa: E402
from thousand.rules import Rules  # noqa: E402
from thousand import rules_check  # noqa: E402
from thousand.hw.boards import MODULES  # noqa: E402
from thousand.ui.desktop import open_app  # noqa: E402
from thousand.ui.starting import start as play_from  # noqa: E402  (the App plays a controller's game from where it is)
from thousand.hw.canvas import display_bytes  # noqa: E402

BOARDS = MODULES  # thousand/hw/boards.py: the files are named by board module
SHORT_GAME = {"preset": "classic", "target": 300}  # below barrel_at: the first to 300 wins


class Table:
    """A seeded game with random players in all three seats, stepped one decision at a time."""

    def __init__(self, app, rules=None, seed=1, start=None):
        rules = rules if rules is not None else Rules.preset("classic")
        game = Game(rules, seed=seed, start=None if start is None else checked_start(start, rules))
        self.controller = Controller(rules, levels=("random", "random"), seed=seed, game=game)
        self.human = RandomPlayer(seed + 1000)
        self.app = app
        play_from(app, self.controller)

    def step(self):
        """One decision (the human's by the random player), or the next deal."""
        controller = self.controller
        if controller.over():
            return False
        if controller.between_deals():
            self.app.deal_ended()  # the app's own book-keeping: statistics, the save
            controller.next_deal()
            return True
        decision = controller.human_decision()
        if decision is not None:
            controller.act(decision.legal[self.human.rng.below(len(decision.legal))])
        else:
            controller.step()
        return True

    def until(self, wanted, max_deals=40):
        """Play until ``wanted(controller)`` holds; False if the game ended first
        or ``max_deals`` deals went by without it."""
        while len(self.controller.sheet()) <= max_deals:
            if wanted(self.controller):
                return True
            if not self.step():
                return False
        return False


def human_to(phase=None, verb=None):
    """A condition: the human decides now (in ``phase``, with an action of ``verb``)."""

    def wanted(controller):
        decision = controller.human_decision()
        if decision is None or decision.question:
            return False
        if phase is not None and controller.view().phase != phase:
            return False
        return verb is None or any(actions.verb(a) == verb for a in decision.legal)

    return wanted


# The seed each search found, by what it looked for: a test draws one scene on every board in
# every language, and the search itself (not the drawing) took most of a scene's time (the
# auction's history: some 20 s a board and language). Seeded games are the same every time,
# so starting from the seed found before finds the same one.
_FOUND = {}


def _search_key(wanted, *given):
    """What a search looks for, as a key of ``_FOUND``: the condition's code, the plain values
    it closes over and ``given``; None where a value is not plain (no memo then)."""
    cells = tuple(cell.cell_contents for cell in wanted.__closure__ or ())
    plain = (int, str, bool, type(None), type(sys))  # a module: the scenes' ``FA``
    if not all(isinstance(value, plain) for value in cells):
        return None
    return (wanted.__code__, cells) + tuple(repr(value) for value in given)


def _first_seed(key, seeds, reaches):
    """The first of ``seeds`` that ``reaches(seed)``, starting at the one found before for
    ``key`` in the same ``seeds`` (every seed before it failed then)."""
    key = None if key is None else key + (seeds.start, seeds.stop)
    start = _FOUND.get(key, seeds.start) if key is not None else seeds.start
    for seed in range(start, seeds.stop):
        if reaches(seed):
            if key is not None:
                _FOUND[key] = seed
            return seed
    raise RuntimeError("no seed reaches the wanted state")


def find(app, wanted, rules=None, start=None, seeds=range(1, 400)):
    """The first seeded game that reaches ``wanted``, shown on the table."""
    found = []

    def reaches(seed):
        found[:] = [Table(app, rules, seed, start)]
        return found[0].until(wanted)

    _first_seed(_search_key(wanted, None if rules is None else sorted(vars(rules).items()), start), seeds, reaches)
    show_table(app)
    return found[0]


def show_table(app):
    app.show("table")
    app.screens["table"].changed = True
    app.screens["table"].tick(app.now)


class FiveHundredTable(Table):
    """A seeded game of Five Hundred, random players in every seat (``Table``'s steps)."""

    def __init__(self, app, players=3, seed=1, rules=None, levels="random"):
        from thousand.five_hundred.controller import Controller as FiveHundred
        from thousand.five_hundred.rules import Rules as FiveHundredRules
        from thousand.rng import Rng

        rules = rules if rules is not None else FiveHundredRules.preset()
        rules.set("players", players)
        self.controller = FiveHundred(rules, levels=[levels] * (players - 1), seed=seed)

        class Human:
            rng = Rng(seed + 1000)

        self.human = Human
        self.app = app
        play_from(app, self.controller)


class FirstChoice:
    """A random source that always draws 0: the first legal action (pass, in the auction)."""

    @staticmethod
    def below(count):
        return 0


def find_five_hundred(app, wanted, players=3, seeds=range(1, 400), rules=None):
    """The first seeded game of Five Hundred that reaches ``wanted``, shown on the table."""
    found = []

    def reaches(seed):
        found[:] = [FiveHundredTable(app, players, seed, rules)]
        return found[0].until(wanted)

    key = _search_key(wanted, "five hundred", players, None if rules is None else sorted(vars(rules).items()))
    _first_seed(key, seeds, reaches)
    show_table(app)
    return found[0]


def human_does(verb, trick=None):
    """A condition of Five Hundred: the human decides now with an action of ``verb``
    (``trick``: with that many cards in the trick already, at least)."""
    from thousand.five_hundred import actions as FA

    def wanted(controller):
        decision = controller.human_decision()
        if decision is None or not any(FA.verb(a) == verb for a in decision.legal):
            return False
        return trick is None or len(controller.view().trick) >= trick

    return wanted


def five_hundred_scenes():
    """Five Hundred's screens: (name, function(app)), as ``scenes``."""
    from thousand.five_hundred import actions as FA
    from thousand.five_hundred import cards as FC
    from thousand.hw import keys

    def auction(app):
        find_five_hundred(app, lambda c: human_does(FA.BID)(c) and any(x >= 0 for x in c.view().calls))
        screen = app.screen
        screen.key(keys.UP)  # the lowest bid, then a level up
        screen.key(keys.UP)

    def discard(app):
        find_five_hundred(app, human_does(FA.DISCARD))
        app.screen.key(keys.A)  # the first card marked
        app.screen.key(keys.RIGHT)

    def nominate(app):
        find_five_hundred(app, human_does(FA.NOMINATE))

    def play(app, players=3):
        find_five_hundred(app, human_does(FA.PLAY, trick=players - 1), players)

    def refused(app):
        """A card the rules refuse, chosen: its reason on the status line, in the player's words."""
        find_five_hundred(app, lambda c: human_does(FA.PLAY)(c) and c.view().trick and any(
            FA.play(card) not in c.human_decision().legal for card in FC.cards_of(c.view().hand)))
        screen = app.screen
        screen.cursor = [not screen.is_legal(card) for card in screen.hand_cards].index(True)
        screen.key(keys.A)

    def trick_taken(app):
        find_five_hundred(app, lambda c: c.view().last_trick_winner > 0 and not c.view().trick
                          and c.human_decision() is None and c.view().phase == 3)

    def joker_lead(app):
        table = find_five_hundred(app, lambda c: human_does(FA.PLAY)(c) and any(
            FA.play_named(a) >= 0 for a in c.human_decision().legal))
        screen = app.screen
        screen.cursor = screen.hand_cards.index(64)
        screen.key(keys.A)  # on the Joker: the suit it leads as
        return table

    def summary(app, over=False):
        table = find_five_hundred(app, human_does(FA.PLAY))
        table.until((lambda c: c.over()) if over else (lambda c: c.between_deals()), max_deals=60)
        if over:
            app.deal_ended()
        app.show("summary")

    def sheet(app):
        table = FiveHundredTable(app, 3, seed=5, levels="easy")
        table.human.rng = FirstChoice()  # the human passes (a random one bids 10NT and ends the game)
        table.until(lambda c: len(c.sheet()) >= 12 or c.over(), max_deals=20)
        app.back_to = "title"
        app.show("sheet")

    def tablemenu(app):
        play(app)
        app.show("tablemenu")

    def help_page(app):
        play(app)
        app.show("help")

    def agreements(app):  # its editor, a few agreements changed, the cursor on the Joker's
        app.back_to = "fivehundred"
        app.show("fhagreements")
        screen = app.screen
        for key in (keys.RIGHT, keys.A, keys.RIGHT, keys.RIGHT, keys.A) + (keys.RIGHT,) * 6 + (keys.A,):
            screen.key(key)

    def statistics(app):  # after a game of 3 players: its page (A turns from Thousand's)
        summary(app, True)
        app.show("statistics")
        app.screen.key(keys.A)

    return (
        ("fh-new", lambda app: app.show("fivehundred")),
        ("fh-agreements", agreements),
        ("fh-auction", auction),
        ("fh-auction-4", lambda app: find_five_hundred(app, human_does(FA.BID), 4)),
        ("fh-discard", discard),
        ("fh-nominate", nominate),
        ("fh-play", play),
        ("fh-play-4", lambda app: play(app, 4)),
        ("fh-joker-lead", joker_lead),
        ("fh-refused", refused),
        ("fh-trick-taken", trick_taken),
        ("fh-tablemenu", tablemenu),
        ("fh-help", help_page),
        ("fh-summary", summary),
        ("fh-summary-4", lambda app: (find_five_hundred(app, lambda c: c.between_deals(), 4), app.show("summary"))),
        ("fh-sheet", sheet),
        ("fh-gameover", lambda app: summary(app, True)),
        ("fh-statistics", statistics),
    )


def play_trick_choice(app, verb):
    """Open the second-step choice (declare or not; give to whom) on a card that has one."""
    screen = app.screens["table"]
    for card in screen.hand_cards:
        mine = [a for c, a in screen.card_actions if c == card]
        if len(mine) > 1 and any(actions.verb(a) == verb for a in mine):
            screen.cursor = screen.hand_cards.index(card)
            screen.choose_card(card)
            return True
    return False


def has_choice(verb):
    def wanted(controller):
        decision = controller.human_decision()
        if decision is None:
            return False
        seen = {}
        for action in decision.legal:
            if actions.verb(action) == verb:
                card = actions.card(action)
                seen[card] = seen.get(card, 0) + 1
        return any(n > 1 for n in seen.values()) or (verb == actions.DECLARE and verb in map(actions.verb, decision.legal))

    return wanted


def illegal_cards_shown(controller):
    decision = controller.human_decision()
    if decision is None or controller.view().phase != PHASE_PLAY:
        return False
    view = controller.view()
    return view.trick and view.trump >= 0 and len(decision.legal) < bin(view.hand).count("1")


def bot_thinking(controller):
    decision = controller.pending()
    return decision is not None and decision.seat != HUMAN and controller.view().phase == PHASE_PLAY \
        and len(controller.view().trick) == 1


def trick_taken(controller):
    """A computer took the trick and leads the next: the trick stays, its taker named."""
    view, decision = controller.view(), controller.pending()
    return (view.phase == PHASE_PLAY and not view.trick and bool(view.last_trick) and decision is not None
            and decision.seat == view.last_trick_winner != HUMAN)


def auction_history(controller):
    """The player bids after a computer bid and then passed: its pass keeps its last bid."""
    view = controller.view()
    return human_to(PHASE_AUCTION, actions.BID)(controller) and any(
        view.passed[seat] and view.bids[seat] is not None and view.bids[seat] > 100 for seat in (1, 2))


GUIDE_SEED = 16777229  # the guided deal's game ("How to play" on the title; thousand/ui/guide.py)


def guided_play(controller):
    """The player's move in the guided deal as its words advise: the lowest raise up to 120,
    keep the cards, the lowest contract, the first legal card."""
    legal = controller.human_decision().legal

    def of(verb):
        return [a for a in legal if actions.verb(a) == verb]

    bids = [a for a in of(actions.BID) if actions.amount(a) <= 120]
    for choice in (bids, of(actions.CONTRACT), of(actions.KEEP), of(actions.NODARK), of(actions.PASS)):
        if choice:
            return min(choice, key=lambda a: actions.amount(a) if actions.verb(a) in (actions.BID, actions.CONTRACT) else 0)
    return legal[0]


def guided(wanted):
    """A scene of the guided deal: its game (classic, normal computers) played to ``wanted``."""

    def scene(app):
        controller = Controller(Rules.preset("classic"), seed=GUIDE_SEED)
        play_from(app, controller)
        while not wanted(controller) and not controller.between_deals():
            if controller.pending().seat != HUMAN:
                controller.step()
            else:
                controller.act(guided_play(controller))
        if controller.between_deals():
            app.deal_ended()
            app.show("summary")
        else:
            show_table(app)

    return scene


def scenes():
    """(screen name, function(app) that brings the app to it), in order."""

    def title(app):
        app.show("title")

    def agreements(app):
        app.show("agreements")
        for _ in range(14):
            app.screen.key(3)  # RIGHT: down the list, so it scrolls and shows a help line

    def table_auction(app):
        find(app, human_to(PHASE_AUCTION, actions.BID))

    def table_redeal(app):
        find(app, lambda c: c.human_decision() is not None and c.human_decision().question)

    def table_dark(app):
        start = {"scores": [300, 200, 100], "dealer": 2}
        find(app, lambda c: c.view().phase == PHASE_DARK and c.human_decision() is not None,
             Rules.preset("full"), start)

    def table_talon(app):
        find(app, human_to(PHASE_TALON, actions.GIVE))

    def table_give(app):
        find(app, human_to(PHASE_GIVE, actions.GIVE))

    def table_computer_talon(app):  # a computer won above 100: its talon, shown to all, until A
        find(app, lambda c: c.view().phase == PHASE_TALON and c.view().declarer != HUMAN
             and c.view().talon is not None)

    def table_give_to(app):
        find(app, human_to(PHASE_TALON, actions.GIVE))
        play_trick_choice(app, actions.GIVE)

    def table_contract(app):
        find(app, human_to(PHASE_CONTRACT, actions.CONTRACT))

    def table_play(app):
        find(app, illegal_cards_shown)

    def table_refused(app):  # A on a card the rules refuse: the reason on the status line
        find(app, illegal_cards_shown)
        screen = app.screens["table"]
        screen.cursor = [not screen.is_legal(card) for card in screen.hand_cards].index(True)
        screen.key(4)  # A

    def table_hint(app):  # a hint asked for at the talon: the table points to it and says it
        tablemenu_hint(app)
        while app.thinker is not None:
            app.tick(app.now)
        app.tick(app.now)

    def table_declare(app):
        find(app, lambda c: human_to(PHASE_PLAY, actions.DECLARE)(c) and has_choice(actions.DECLARE)(c))
        play_trick_choice(app, actions.DECLARE)

    def table_thinking(app):
        find(app, bot_thinking)

    def table_auction_history(app):
        find(app, auction_history)

    def table_trick_taken(app):
        find(app, trick_taken)

    def table_last_trick(app):  # "Last trick" chosen in the table's menu: shown until a key
        find(app, lambda c: human_to(PHASE_PLAY)(c) and bool(c.view().trick) and bool(c.view().last_trick))
        app.last_trick = True
        show_table(app)

    def table_barrel(app):
        start = {"scores": [880, 300, -120], "barrel": [2, None, None], "bolts": [1, 2, 0],
                 "deals_played": 10, "dealer": 2}
        find(app, human_to(PHASE_PLAY), None, start)

    def table_golden(app):
        find(app, human_to(PHASE_PLAY), Rules.preset("full"))

    def tablemenu(app):
        find(app, human_to(PHASE_TALON, actions.GIVE))
        app.show("tablemenu")

    def tablemenu_hint(app):  # the hint chosen at the talon: the hard bot thinks, a slice a tick
        tablemenu(app)
        app.screen.cursor = app.screen.entries().index("hint")
        app.screen.key(4)  # A

    def summary(app):
        table = find(app, human_to(PHASE_PLAY))
        table.until(lambda c: c.between_deals())
        app.show("summary")

    def long_game(app):
        table = Table(app, Rules.preset("classic"), seed=7)
        table.until(lambda c: len(c.sheet()) >= 24 or c.over(), max_deals=30)
        return table

    def sheet(app):
        long_game(app)
        app.back_to = "title"
        app.show("sheet")

    def chart(app):
        long_game(app)
        app.back_to = "title"
        app.show("chart")

    def gameover(app):
        find(app, lambda c: c.over(), rules_check.from_dict(SHORT_GAME))
        app.deal_ended()
        app.show("summary")

    def statistics(app):
        gameover(app)
        app.show("statistics")

    return (
        ("title", title),
        ("language", lambda app: app.show("language")),  # the first start's question
        ("newgame", lambda app: app.show("newgame")),
        ("agreements", agreements),
        ("settings", lambda app: app.show("settings")),
        ("help", lambda app: app.show("help")),
        ("table-auction", table_auction),
        ("table-auction-history", table_auction_history),
        ("table-redeal", table_redeal),
        ("table-dark", table_dark),
        ("table-talon", table_talon),
        ("table-give-to", table_give_to),
        ("table-give", table_give),
        ("table-computer-talon", table_computer_talon),
        ("table-contract", table_contract),
        ("table-play", table_play),
        ("table-declare", table_declare),
        ("table-refused", table_refused),
        ("table-thinking", table_thinking),
        ("table-trick-taken", table_trick_taken),
        ("table-last-trick", table_last_trick),
        ("table-barrel", table_barrel),
        ("table-golden", table_golden),
        ("guided-auction", guided(human_to(PHASE_AUCTION, actions.BID))),
        ("guided-give", guided(human_to(PHASE_TALON, actions.GIVE))),
        ("guided-contract", guided(human_to(PHASE_CONTRACT))),
        ("guided-lead", guided(lambda c: human_to(PHASE_PLAY)(c) and not c.view().trick)),
        ("guided-declare", guided(human_to(PHASE_PLAY, actions.DECLARE))),
        ("guided-follow", guided(lambda c: human_to(PHASE_PLAY)(c) and bool(c.view().trick))),
        ("guided-summary", guided(lambda c: False)),
        ("tablemenu", tablemenu),
        ("tablemenu-hint", tablemenu_hint),
        ("table-hint", table_hint),
        ("summary", summary),
        ("sheet", sheet),
        ("chart", chart),
        ("gameover", gameover),
        ("statistics", statistics),
    ) + five_hundred_scenes()


def count_objects(group):
    """displayio objects in a tree: groups, tile grids, and distinct bitmaps and palettes."""
    seen = set()
    count = 0

    def walk(layer):
        nonlocal count
        count += 1
        if isinstance(layer, displayio.Group):
            for child in layer:
                walk(child)
        elif isinstance(layer, displayio.TileGrid):
            for part in (layer.bitmap, layer.pixel_shader):
                if id(part) not in seen:
                    seen.add(id(part))
                    count += 1

    walk(group)
    return count


def shoot(board, out, scale=2, only=None, language="en"):
    """Render every scene on ``board`` in ``language``; yield (screen, path, bitmap bytes,
    palette bytes, tile index bytes, objects).  The pictures of a language other than
    English are named ``<board>-<language>-<screen>.png``."""
    for name, setup in scenes():
        if only and name not in only:
            continue
        app = open_app(board, seed=1, window=False, storage=None, language=language)
        setup(app)
        app.display.refresh()
        path = os.path.join(out, "%s-%s.png" % (board if language == "en" else board + "-" + language, name))
        app.display.save_png(path, scale)
        group = app.display.root_group
        bitmaps, palettes, tiles = display_bytes(group)
        yield name, path, bitmaps, palettes, tiles, count_objects(group)
        app.display.release()


def main(argv=None):
    parser = cli.Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=cli.out_dir, required=True)
    parser.add_argument("--board", action="append", choices=sorted(MODULES))
    parser.add_argument("--only", action="append", help="a screen name (repeatable)")
    parser.add_argument("--scale", type=cli.scale, default=2)
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the screens' language (default en)")
    options = parser.parse_args(argv)
    known = [name for name, _setup in scenes()]
    for name in options.only or []:
        if name not in known:
            parser.error("unknown screen %r (one of %s)" % (name, ", ".join(known)))
    os.makedirs(options.out, exist_ok=True)
    print("%-22s %-16s %8s %8s %8s %7s %7s" % ("board", "screen", "bitmaps", "palettes", "total", "tiles", "objects"))
    for board in options.board or BOARDS:
        for name, _path, bitmaps, palettes, tiles, objects in shoot(board, options.out, options.scale, options.only,
                                                                    options.lang):
            print("%-22s %-16s %8d %8d %8d %7d %7d" % (board, name, bitmaps, palettes, bitmaps + palettes, tiles,
                                                       objects))
    return 0


if __name__ == "__main__":
    cli.run(main)
