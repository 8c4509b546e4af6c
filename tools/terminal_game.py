"""Thousand in a terminal: the same game flow as the screens, through the same controller.

    python tools/terminal_game.py [--seed S] [--rules PRESET or JSON] [--levels normal,normal]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)
from thousand import actions  # noqa: E402
from thousand import cards as C  # noqa: E402
from thousand import scoring  # noqa: E402
from thousand.controller import HUMAN, Controller, seat_name  # noqa: E402
from thousand.driver import player_names  # noqa: E402
from thousand.notation import PHASE_NAMES  # noqa: E402

OUTPUT_CLOSED = "%s: the output was closed, so the game ended\n"
SUIT_SIGNS = {"S": "\u2660", "C": "\u2663", "D": "\u2666", "H": "\u2665"}


def show_card(card):
    name = C.card_name(card)
    rank = "10" if name[0] == "T" else name[0]
    return rank + SUIT_SIGNS[name[1]]


def show_cards(mask):
    return " ".join(show_card(c) for c in C.cards_of(mask)) or "-"


def action_label(action):
    v = actions.verb(action)
    if v == actions.PLAY:
        return "play " + show_card(actions.card(action))
    if v == actions.DECLARE:
        return "lead %s and declare the marriage" % show_card(actions.card(action))
    if v == actions.GIVE:
        return "give %s to %s" % (show_card(actions.card(action)), seat_name(actions.target(action)))
    if v == actions.BID:
        return "bid %d" % actions.amount(action)
    if v == actions.CONTRACT:
        return "contract %d" % actions.amount(action)
    return {actions.PASS: "pass", actions.DARK: "play dark (blind 120)", actions.NODARK: "play open",
            actions.REDEAL: "call a redeal", actions.KEEP: "keep these cards",
            actions.CONCEDE: "concede (raspis)"}[v]


def show_table(view, out):
    scores = "  ".join("%s %d%s" % (seat_name(s), view.scores[s],
                                    " (barrel %d)" % view.barrel[s] if view.barrel[s] is not None else "")
                       for s in range(3))
    out.write("\n-- Scores: %s\n" % scores)
    out.write("   Phase: %s   dealer: %s" % (PHASE_NAMES[view.phase], seat_name(view.dealer)))
    if view.declarer >= 0:
        out.write("   declarer: %s for %d" % (seat_name(view.declarer), view.contract or view.bid))
    elif view.bid:
        out.write("   bid: %d by %s" % (view.bid, seat_name(view.high_bidder)))
    if view.trump >= 0:
        out.write("   trump: %s" % SUIT_SIGNS["SCDH"[view.trump]])
    out.write("\n")
    if view.talon is not None and view.phase in (2, 3):
        out.write("   Talon: %s\n" % show_cards(view.talon))
    if view.trick:
        out.write("   Trick: %s\n" % "  ".join("%s %s" % (seat_name(s), show_card(c)) for s, c in view.trick))
    out.write("   Your hand: %s\n" % show_cards(view.hand))


def number(answer):
    """The whole number typed, or None: ASCII digits only (isdigit() also takes '²', which int()
    refuses), and no more of them than a bid has (int() refuses 5000 digits)."""
    if answer.isascii() and answer.isdigit() and len(answer) <= 4:
        return int(answer)
    return None


def read_answer(prompt):
    """input(), where a closed standard input (sys.stdin is None) reads as its end."""
    if sys.stdin is None:
        raise EOFError
    return input(prompt)


def choose(decision, view, read, out):
    legal = decision.legal
    bids = [a for a in legal if actions.verb(a) in (actions.BID, actions.CONTRACT)]
    others = [a for a in legal if a not in bids]
    options = list(others)
    if bids:
        options.append(bids[0])
        if len(bids) > 1:
            out.write("   (or type a number from %d to %d)\n" % (actions.amount(bids[0]), actions.amount(bids[-1])))
    for i, action in enumerate(options):
        out.write("   %2d) %s\n" % (i + 1, action_label(action)))
    while True:
        answer = read("Your choice: ").strip()
        if answer.lower() in ("q", "quit"):
            raise KeyboardInterrupt
        value = number(answer)
        if value is not None:
            if 1 <= value <= len(options):
                return options[value - 1]
            for a in bids:
                if actions.amount(a) == value:
                    return a
        out.write("   Please type one of the numbers above (q quits).\n")


KIND_WORDS = {scoring.DARK: " (a dark deal)", scoring.GOLDEN: " (a golden deal)"}


def summary(result, out):
    out.write("\n== Deal over: %s%s" % (scoring.RESULT_NAMES[result.result], KIND_WORDS.get(result.kind, "")))
    if result.declarer is not None and result.result != scoring.REDEAL:
        out.write(", %s played for %d" % (seat_name(result.declarer), result.contract or result.bid))
    out.write("\n")
    for s in range(3):
        out.write("   %-5s cards %3d  marriages %3d  change %+5d  score %5d  bolts %d\n" % (
            seat_name(s), result.cards[s], result.marriages[s], result.deltas[s], result.scores[s],
            result.bolts[s]))
    if result.kind == scoring.GOLDEN and result.scores == [0, 0, 0] and any(result.deltas):
        out.write("   No golden deal was made: every score is back to 0.\n")


def play(controller, read=read_answer, out=sys.stdout):
    """Run one game to its end; returns the winner seat."""
    game = controller.game
    if game.phase == 6 and game.last_result is None:
        controller.next_deal()
    talon_told = -1  # the deal whose talon the player was shown
    while True:
        if controller.over():
            summary(game.last_result, out)
            out.write("\n*** %s won the game! ***\n" % seat_name(game.winner))
            return game.winner
        if controller.between_deals():
            summary(game.last_result, out)
            read("Press Enter for the next deal...")
            controller.next_deal()
            continue
        decision = controller.pending()
        if decision.seat != HUMAN:
            done = controller.step()
            # A seat's answer to the redeal question is its own unless it redeals: "keeps the
            # cards" would tell that its hand could have been thrown in (RULES.md).
            if done is not None and actions.verb(done[1]) != actions.KEEP:
                out.write("   %s\n" % controller.describe(*done))
            view = controller.view()
            if view.talon is not None and view.declarer != HUMAN and talon_told != view.deal_number:
                # shown to all when a computer seat takes it above 100 (RULES.md section 2)
                talon_told = view.deal_number
                out.write("   Talon: %s\n" % show_cards(view.talon))
            continue
        view = controller.view()
        show_table(view, out)
        if decision.question:
            out.write("   Your hand allows a redeal.\n")
        controller.act(choose(decision, view, read, out))


def main(argv=None):
    parser = cli.Parser(description="Play Thousand in the terminal against two computer players.")
    parser.add_argument("--seed", type=int, default=None, help="seed for the deals (default: random)")
    parser.add_argument("--rules", type=cli.rules_spec, default="classic", help="preset name or JSON agreements")
    parser.add_argument("--levels", type=cli.opponents, default=None,
                        help="the two opponents' levels (default: normal,normal)")
    options = parser.parse_args(argv)
    default = "normal" if "normal" in player_names() else "random"
    levels = (options.levels or default + "," + default).split(",")
    seed = options.seed if options.seed is not None else int.from_bytes(os.urandom(4), "little")
    if sys.stdout is None:  # started with its output closed: nothing to play on
        sys.stderr.write(OUTPUT_CLOSED % parser.prog)
        return 1
    controller = Controller(options.rules, levels=levels, seed=seed)
    # Bytes that are not text are a wrong answer, and a terminal without the suits' signs
    # shows '?': neither is a crash.
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):  # a text file (not None, as a closed stdin is)
            stream.reconfigure(errors="replace")
    try:
        try:
            print("Thousand: you are seat 0 (You) against West and East. Seed %d. Type q to quit." % seed)
            play(controller)
        except KeyboardInterrupt:
            print("\nBye.")
        except EOFError:
            print("\nBye: the input ended.")
        sys.stdout.flush()
    except BrokenPipeError:
        # whoever read the game went away: the rest of the output goes nowhere, one line says why
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.stderr.write(OUTPUT_CLOSED % parser.prog)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
