"""Thousand in a terminal: the same game flow as the screens, through the same controller.

    python tools/terminal_game.py [--continue] [--game thousand|five_hundred] [--players 3|4] [--seed S]
                                  [--rules PRESET or JSON] [--levels normal,normal] [--lang en|ru]

The game is saved after each of your moves where the window keeps it (the data directory,
thousand.persist): --continue goes on with it, in the terminal or the window.
"""

import errno
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)
import terminal_common  # noqa: E402  (beside this script: the asking loop both terminal games share)
from terminal_common import (SUIT_OF_SIGN, SUIT_SIGNS, YOUR_WORDS, number, read_answer, refused,  # noqa: E402,F401
                             tell_problem)
from terminal_common import words as w  # noqa: E402  (the terminal page's words, in the player's language)
from thousand import DEFAULT_LEVEL, LANGUAGES, RANK_SIGNS, actions  # noqa: E402
from thousand import cards as C  # noqa: E402
from thousand import scoring  # noqa: E402
from thousand.controller import HUMAN, Controller, seat_name  # noqa: E402
from thousand.game import PHASE_AUCTION, PHASE_CONTRACT, PHASE_PLAY  # noqa: E402
from thousand.notation import parse_card  # noqa: E402

OUTPUT_CLOSED = "%s: the output %s, so the game ended%s\n"
CARD_VERBS = (actions.PLAY, actions.DECLARE, actions.GIVE)
AMOUNT_VERBS = (actions.BID, actions.CONTRACT)
# A card's choice is numbered by its place in the hand, the other choices of that decision
# right after the hand's last card: numbers that stay put while the hand does.

def show_card(card):
    name = C.card_name(card)
    return RANK_SIGNS[card % 6] + SUIT_SIGNS[name[1]]  # the rank in the player's language (--lang)


def show_cards(mask):
    return " ".join(show_card(c) for c in C.cards_of(mask)) or "-"


def marriage_value(card):
    return C.ACE_MARRIAGE_VALUE if card % 6 == C.ACE else C.MARRIAGE_VALUES[card // 6]


def action_label(action):
    v = actions.verb(action)
    if v == actions.PLAY:
        return w("do_play") % show_card(actions.card(action))
    if v == actions.DECLARE:
        card = actions.card(action)
        return w("do_declare") % (show_card(card), w("ace") if card % 6 == C.ACE else "", marriage_value(card))
    if v == actions.GIVE:
        return w("do_give") % (show_card(actions.card(action)), seat_name(actions.target(action)))
    if v == actions.BID:
        return w("do_bid") % actions.amount(action)
    if v == actions.CONTRACT:
        return w("do_contract") % actions.amount(action)
    return w({actions.PASS: "do_pass", actions.DARK: "do_dark", actions.NODARK: "do_open", actions.REDEAL: "do_redeal",
              actions.KEEP: "do_keep", actions.CONCEDE: "do_concede"}[v])


def describe(seat, action, view):
    """A computer seat's move as the player sees it: cards as in the hand, and a given card
    named where the player's view shows it (the receiver's, or all with discard_open)."""
    v = actions.verb(action)
    name = seat_name(seat)
    if v == actions.PLAY:
        return w("plays") % (name, show_card(actions.card(action)))
    if v == actions.DECLARE:
        card = actions.card(action)
        return w("you_lead" if seat == HUMAN else "leads") % (
            (show_card(card), w("ace") if card % 6 == C.ACE else "", marriage_value(card)) if seat == HUMAN else
            (name, show_card(card), w("ace") if card % 6 == C.ACE else "", marriage_value(card)))
    if v == actions.GIVE:
        card, target = actions.card(action), actions.target(action)
        if (card, target) not in view.gives:  # a face-down card: the view has -1 there
            return w("gives_a_card") % (name, seat_name(target))
        if target == HUMAN:
            return w("gives_you") % (name, show_card(card))
        return w("gives") % (name, show_card(card), seat_name(target))
    if v == actions.BID:
        return w("bids") % (name, actions.amount(action))
    if v == actions.CONTRACT:
        return w("plays_for") % (name, actions.amount(action))
    return w({actions.PASS: "passes", actions.DARK: "plays_dark", actions.NODARK: "plays_open",
              actions.REDEAL: "calls_a_redeal", actions.CONCEDE: "concedes", actions.KEEP: "keeps"}[v]) % name


def deals_left(count):
    """What a barrel mark counts: the deals left to win from the barrel."""
    return w("one_deal") if count == 1 else w("deals") % count


def show_table(view, out):
    scores = "  ".join("%s %d%s" % (seat_name(s), view.scores[s],
                                    w("on_the_barrel") % deals_left(view.barrel[s]) if view.barrel[s] is not None else "")
                       for s in range(3))
    out.write("\n" + w("scores") % scores + "\n")
    out.write(w("phase") % (w("phases").split()[view.phase], seat_name(view.dealer)))
    if view.declarer >= 0:
        out.write(w("declarer") % (seat_name(view.declarer), view.contract or view.bid))
    elif view.bid:
        out.write(w("bid_by") % (view.bid, seat_name(view.high_bidder)))
    if view.trump >= 0:
        out.write(w("trump") % SUIT_SIGNS["SCDH"[view.trump]])
    out.write("%s\n" % kind_words(view.kind))  # a dark or golden deal, all through it
    if view.talon is not None and view.phase in (2, 3):
        out.write(w("talon") % show_cards(view.talon) + "\n")
    if view.trick:
        out.write(w("trick") % "  ".join("%s %s" % (seat_name(s), show_card(c)) for s, c in view.trick) + "\n")
    if view.phase == PHASE_PLAY:
        out.write(w("card_points") % view.card_points[HUMAN] + "\n")
    out.write(w("hand") % show_cards(view.hand) + "\n")




def typed_card(answer):
    """The card typed by name, any case, suit as a letter or a sign (AS, 10h, qc, 10♠), or None."""
    text = answer.strip()
    if text and text[-1] in SUIT_OF_SIGN:
        text = text[:-1] + SUIT_OF_SIGN[text[-1]]
    try:
        return parse_card(text)
    except ValueError:
        return None




class Choices:
    """The player's choices at one decision, each under a number: a card's under its place in
    the hand as shown, the others after the hand's last card when cards are chosen (else from
    1); the lowest bid or contract is listed and any other amount is typed.  A choice's words
    as listed (``pass``, ``bid 115``, ``play open``) are an answer too."""

    def __init__(self, decision, view):
        self.legal = decision.legal
        self.view = view
        self.hand = C.cards_of(view.hand)
        self.by_card = {}
        self.amounts = [a for a in self.legal if actions.verb(a) in AMOUNT_VERBS]
        others = []
        for action in self.legal:
            v = actions.verb(action)
            if v in CARD_VERBS:
                self.by_card.setdefault(actions.card(action), []).append(action)
            elif v not in AMOUNT_VERBS:
                others.append(action)
        self.numbered = {}
        for card, card_actions in self.by_card.items():
            self.numbered[self.hand.index(card) + 1] = card_actions
        first = len(self.hand) + 1 if self.by_card else 1
        for i, action in enumerate(others + self.amounts[:1]):
            self.numbered[first + i] = [action]

    def show(self, out):
        for key in sorted(self.numbered):
            out.write("   %2d) %s\n" % (key, " / ".join(action_label(a) for a in self.numbered[key])))
        if len(self.amounts) > 1:
            out.write(w("or_amount") % (actions.amount(self.amounts[0]), actions.amount(self.amounts[-1])) + "\n")
        if len(self.legal) == 1:
            out.write(w("only_choice") + "\n")

    def pick(self, answer):
        """The actions an answer names (two when a card allows two), or None when it names none.
        A card or amount that is not allowed is still named, so that the engine says why."""
        if answer == "":
            return list(self.legal) if len(self.legal) == 1 else None
        words = " ".join(answer.lower().split())
        for action in self.legal:
            if action_label(action).lower() == words:
                return [action]
        verb, _, amount = words.partition(" ")
        bid, contract = (w(name).split()[0].lower() for name in ("do_bid", "do_contract"))
        if verb in (bid, contract) and number(amount) is not None:  # "bid 135": any amount
            return [actions.action_of(actions.BID if verb == bid else actions.CONTRACT, number(amount))]
        value = number(answer)
        if value is not None:
            if value in self.numbered:
                return self.numbered[value]
            if self.by_card and 1 <= value <= len(self.hand):
                return [self.card_action(self.hand[value - 1])]
            amount_verb = self.amount_verb()  # any other number in the auction is a bid, say
            return None if amount_verb is None else [actions.action_of(amount_verb, value)]
        card = typed_card(answer)
        if card is None:
            return None
        return self.by_card.get(card) or [self.card_action(card)]

    @property
    def how_to_answer(self):
        """What to type, told when an answer names no choice (terminal_common.choose)."""
        return w("how_to_answer") + "\n"

    def amount_verb(self):
        if self.amounts:
            return actions.verb(self.amounts[0])
        return {PHASE_AUCTION: actions.BID, PHASE_CONTRACT: actions.CONTRACT}.get(self.view.phase)

    def card_action(self, card):
        """What a card not among the choices would do now: a give while the declarer gives,
        else a play (the engine refuses it, with its reason)."""
        for action in self.legal:
            if actions.verb(action) == actions.GIVE:
                return actions.give(card, actions.target(action))
        return actions.play(card)


def show_help(rules, out):
    """The rules in short, as the help screen has them for these agreements, and the keys here."""
    import textwrap

    from thousand.ui.helptext import rules_text

    for paragraph in (rules_text(rules) + "\n\n" + w("keys")).split("\n"):
        out.write("\n".join(textwrap.wrap(paragraph, 78, initial_indent="   ", subsequent_indent="   ")) + "\n")


def last_trick(view):
    """The deal's last finished trick in the order played, with who took it ('' before the first)."""
    if not view.last_trick:
        return ""
    return w("took_the_trick") % (seat_name(view.last_trick_winner), "  ".join(
        "%s %s" % (seat_name(s), show_card(c)) for s, c in view.last_trick))


def choose(decision, view, read, out, act, hint=None, undo=None):
    """The loop both terminal games share (terminal_common.choose), with this game's words."""
    return terminal_common.choose(decision, view, read, out, act, hint, undo, talk=sys.modules[__name__])


def in_your_words(reason, view=None):
    """A refusal as the player reads it: ``seat 0 must follow hearts`` -> ``you must follow hearts``
    (``view``, the player's, is Five Hundred's to give: its seats depend on the table).

    >>> in_your_words("it is seat 1's turn to play, not seat 0's")
    "it is West's turn to play, not yours"
    >>> in_your_words("seat 0 may bid at most 140 (120 plus the marriages in its hand)")
    'you may bid at most 140 (120 plus the marriages in your hand)'
    """
    about_you = reason.startswith("seat 0") or reason.startswith("only seat 0")
    for old, new in YOUR_WORDS:
        reason = reason.replace(old, new)
    if about_you:
        reason = reason.replace(" its ", " your ")
    for seat in (1, 2):
        reason = reason.replace("seat %d" % seat, seat_name(seat))
    for suit in range(4):  # the screens' suit signs (chr(1) to chr(4)) as the terminal's
        reason = reason.replace(chr(1 + suit), SUIT_SIGNS[C.SUIT_CHARS[suit]])
    return reason


def kind_words(kind):
    """A dark or golden deal's mark, after the table's and the summary's first line."""
    return w("dark_deal") if kind == scoring.DARK else w("golden_deal") if kind == scoring.GOLDEN else ""


def summary(result, out, view=None):
    """The deal's lines; ``view`` (the player's, at the deal's end) tells the bolt penalties."""
    out.write("\n" + w("deal_over") % (w(scoring.RESULT_NAMES[result.result]), kind_words(result.kind)))
    if result.declarer is not None and result.result != scoring.REDEAL:
        out.write(w("played_for") % (seat_name(result.declarer), result.contract or result.bid))
    out.write("\n")
    penalised = [] if view is None else scoring.bolt_penalised(result, view)
    for s in range(3):
        out.write(w("seat_line") % (
            seat_name(s), result.cards[s], result.marriages[s], result.deltas[s], result.scores[s],
            result.bolts[s], w("third_bolt") % view.rules.bolt_penalty if s in penalised else "",
            w("barrel_left") % deals_left(result.barrel[s]) if result.barrel[s] is not None else "") + "\n")
    if scoring.golden_reset(result):
        out.write(w("golden_reset") + "\n")


def tell_trick(action, view, out):
    """After a card that finished a trick: who took it (the window says so in its status line)."""
    if actions.verb(action) in (actions.PLAY, actions.DECLARE) and not view.trick and view.last_trick:
        out.write("   %s\n" % last_trick(view))




def play(controller, read=read_answer, out=sys.stdout, storage=None):
    """Run one game to its end; returns the winner seat.  ``storage`` (a
    thousand.persist.saves.Saves) keeps the game as the window does: after each of the
    player's moves, and at each deal's end with the statistics."""
    game = controller.game
    if game.phase == 6 and game.last_result is None:
        controller.next_deal()
    talon_told = -1  # the deal whose talon the player was shown
    while True:
        if controller.between_deals() or controller.over():
            if storage is not None:
                storage.end_deal(controller, HUMAN)
                tell_problem(storage, out)
        if controller.over():
            if storage is not None:
                storage.export(controller)
            summary(game.last_result, out, controller.view())
            out.write("\n" + w("won_the_game") % seat_name(game.winner) + "\n")
            return game.winner
        if controller.between_deals():
            if game.last_result.result == scoring.REDEAL:  # nobody scored: one line, and on
                out.write("   %s.\n" % controller.redeal_reason())
                controller.next_deal()
                continue
            summary(game.last_result, out, controller.view())
            read(w("next_deal"))
            controller.next_deal()
            continue
        decision = controller.pending()
        if decision.seat != HUMAN:
            view = controller.view()
            if (view.talon is not None and view.declarer != HUMAN and view.phase < PHASE_PLAY
                    and talon_told != view.deal_number):
                # shown to all when a computer seat takes it above 100 (RULES.md section 2),
                # before it gives two of its cards
                talon_told = view.deal_number
                out.write(w("talon") % show_cards(view.talon) + "\n")
            done = controller.step()
            view = controller.view()
            # A seat's answer to the redeal question is its own unless it redeals: "keeps the
            # cards" would tell that its hand could have been thrown in (RULES.md).
            if done is not None and actions.verb(done[1]) != actions.KEEP:
                out.write("   %s\n" % describe(done[0], done[1], view))
                tell_trick(done[1], view, out)
            continue
        view = controller.view()
        show_table(view, out)
        if decision.question:
            out.write(w("redeal_allowed") + "\n")
        action = choose(decision, view, read, out, controller.act, controller.hint, controller.undo)
        if action is None:  # taken back: the deal goes again from before that move
            talon_told = -1
        else:
            if actions.verb(action) == actions.DECLARE:  # as a computer's marriage is told
                out.write("   %s\n" % describe(HUMAN, action, view))
            tell_trick(action, controller.view(), out)
        if storage is not None and not controller.between_deals() and not controller.over():
            storage.save_game(controller)  # a deal's end is saved with its statistics, above
            tell_problem(storage, out)


def five_hundreds(name):
    """Five Hundred's terminal words ``name`` (five_hundred_terminal.txt), for its new game and saves."""
    return terminal_common.words(name, "five_hundred_terminal")


def open_game(options, storage, out, read=read_answer, ask=False):
    """The saved game with --continue (a new one when there is none), else a new game,
    which replaces the saved one as the window's New game does; with ``ask`` (a player at
    the terminal) a saved game is not replaced before the player says so.  ``options.game``
    is the game a new one plays (Thousand, or Five Hundred with ``options.players``), in the
    player's words (--lang)."""
    if not options.resume and ask and storage.has_game():
        from thousand.persist.continuing import saved_game

        saved = saved_game(storage.game_record)
        if saved == "thousand":
            answer = read(w("saved_game"))
        else:
            answer = read(five_hundreds("saved_game") % five_hundreds("title" if saved == "five_hundred" else "another_game"))
        options.resume = answer.strip().lower() not in ("n", "new")
    if options.resume:
        controller = storage.load_game()
        tell_problem(storage, out)
        if controller is not None:
            if controller.between_deals():  # saved at a deal's end: the next deal, as the window does
                controller.next_deal()
            if controller.game_name == "thousand":
                out.write(w("goes_on") % (controller.seed, controller.game.deal_number) + "\n")
            else:
                out.write(five_hundreds("goes_on") % (five_hundreds("title"), controller.seed, controller.game.deal_number) + "\n")
            return controller
        out.write(w("no_saved_game") + "\n")
    from thousand.persist.saves import NEW_GAME

    seed = options.seed if options.seed is not None else int.from_bytes(os.urandom(4), "little")
    if getattr(options, "game", "thousand") == "five_hundred":
        from thousand.five_hundred.controller import Controller as FiveHundred

        controller = FiveHundred(options.rules, levels=options.levels and options.levels.split(","), seed=seed)
        table = five_hundreds("with_partner" if controller.game.players == 4 else "against")
        storage.save_game(controller, NEW_GAME)
        tell_problem(storage, out)
        out.write(five_hundreds("new_game") % (five_hundreds("title"), table, seed) + "\n")
        return controller
    levels = (options.levels or DEFAULT_LEVEL + "," + DEFAULT_LEVEL).split(",")
    controller = Controller(options.rules, levels=levels, seed=seed)
    storage.save_game(controller, NEW_GAME)
    tell_problem(storage, out)
    out.write(w("new_game") % seed + "\n")
    return controller


def leave(controller, storage):
    """Quitting mid-game keeps it, as the window's "Save, go to title" does: None, or the
    one line saying why it could not be saved."""
    from thousand.persist.saves import LEAVE

    if controller is not None and not controller.over():
        storage.save_game(controller, LEAVE)
        if storage.problem is not None:
            return storage.take_problem()
        storage.export(controller)
    return None


def kept_words(problem):
    """Whether the game was kept on leaving: None, or the problem that kept it from being saved."""
    return w("saved") if problem is None else w("not_saved") % problem


def goodbye(problem, ended=""):
    return "\n" + w("bye") % (ended, kept_words(problem))


def main(argv=None):
    parser = cli.Parser(description="Play Thousand, or Five Hundred, in the terminal against computer players.")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="go on with the saved game (of this terminal or the window), whichever game it is")
    parser.add_argument("--game", choices=cli.GAMES, default="thousand", help="the game a new game plays")
    parser.add_argument("--players", type=cli.table_size, default=None,
                        help="Five Hundred: 3 (you against two computers, the default) or 4 (you and a computer "
                             "partner against two computers)")
    parser.add_argument("--seed", type=cli.seed, default=None, help="seed for the deals (default: random)")
    parser.add_argument("--rules", default=None,
                        help="preset name or JSON agreements (default: classic; Five Hundred's: australian)")
    parser.add_argument("--levels", default=None,
                        help="the opponents' levels, one a computer seat (default: normal,normal; Five "
                             "Hundred's: its strongest)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the language of the cards, seats, refusals and summaries (default en)")
    options = parser.parse_args(argv)
    try:
        options.rules, options.levels = cli.game_setup(options.game, options.rules, options.players, options.levels)
    except cli.ArgumentTypeError as error:
        parser.error(str(error))
    from thousand.texts import set_language

    set_language(options.lang)
    if sys.stdout is None:  # started with its output closed (when not run by cli.run): nothing to play on
        sys.stderr.write(OUTPUT_CLOSED % (parser.prog, "was closed", ""))
        return 1
    # Bytes that are not text are a wrong answer, and a terminal without the suits' signs
    # shows '?': neither is a crash.
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):  # a text file (not None, as a closed stdin is)
            stream.reconfigure(errors="replace")
    from thousand.ui.desktop import desktop_saves  # the window's saves, in the data directory

    storage = desktop_saves()
    controller = None
    try:
        try:
            controller = open_game(options, storage, sys.stdout, ask=sys.stdin is not None and sys.stdin.isatty())
            if controller.game_name == "five_hundred":
                import terminal_five_hundred  # (tools/, beside this script)

                terminal_five_hundred.play(controller, storage=storage)
            else:
                play(controller, storage=storage)
        except KeyboardInterrupt:
            print(goodbye(leave(controller, storage)))
        except EOFError:
            print(goodbye(leave(controller, storage), w("input_ended")))
        sys.stdout.flush()
    except OSError as error:
        # whoever read the game went away (a broken pipe), the output was closed, or the disk
        # is full: the game is kept as on quitting, the rest of the output goes nowhere, one
        # line says why
        problem = leave(controller, storage)
        cli.quiet_stdout()
        if isinstance(error, BrokenPipeError) or error.errno == errno.EBADF:
            what = "was closed"
        else:
            what = "could not be written (%s)" % (error.strerror or error)
        if controller is None:
            kept = ""
        else:
            kept = "; " + kept_words(problem)
        sys.stderr.write(OUTPUT_CLOSED % (parser.prog, what, kept))
        return 1
    return 0


if __name__ == "__main__":
    cli.run(main)
