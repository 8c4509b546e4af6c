"""Five Hundred in a terminal: ``tools/terminal_game.py --game five_hundred [--players 3|4]``.

The same loop and comforts as Thousand's terminal game (its ``choose``: a hint, undo, the
last trick, the rules' help, a refusal in the player's words), through Five Hundred's
controller (``thousand.five_hundred.controller``); this module says the game's own words:
its cards, bids and actions, the table with 3 or 4 seats and the partner, the deal's
summary and the score sheet per side.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import terminal_common as T  # noqa: E402  (beside this script)
from thousand import HUMAN  # noqa: E402
from thousand.five_hundred import ALL_PASS_PLAYED, FAILED, MADE, PASSED_OUT, side_of  # noqa: E402
from thousand.five_hundred import actions as A  # noqa: E402
from thousand.five_hundred import cards as C  # noqa: E402
from thousand.five_hundred.controller import seat_names, side_names  # noqa: E402
from thousand.five_hundred.game import PHASE_AUCTION, PHASE_DISCARD, PHASE_PLAY, PHASE_RAISE  # noqa: E402
from thousand.five_hundred.notation import parse_bid  # noqa: E402
from thousand.five_hundred.scoring import contract_delta  # noqa: E402

SUIT_SIGNS = T.SUIT_SIGNS  # S C D H, as Thousand's
HOW_TO_ANSWER = ("   Type one of the numbers above, a card such as 10\u2665, a bid such as 7h or 8nt, ? for a "
                 "hint, l for the last trick, s for the score sheet, u to undo, h for the rules, or q to quit.\n")
HOW_TO_DISCARD = ("   Type the three cards to discard: their numbers (as 1 5 13) or names (as 4s 9c kd); ? for a "
                  "hint, u to undo, h for the rules, q to quit.\n")
TERMINAL_KEYS = ("KEYS\nType a choice's number (a card's is its place in your hand), a card's name (AS, 10h, "
                 "q\u2666, jk for the Joker), a bid (pass, 7h, bid 8nt, 7s sans, misere, open misere) or a choice's "
                 "words; to discard, three numbers or names (1 5 13); Enter alone takes a forced choice. ? asks "
                 "for a hint (from your cards only), l shows the last trick, s the score sheet, u takes your last "
                 "move back (with the computers' moves after it), h shows this help, q saves and quits.")


def show_card(card):
    if card == C.JOKER:
        return "Joker"
    name = C.card_name(card)
    return ("10" if name[0] == "T" else name[0]) + SUIT_SIGNS[name[1]]


def show_cards(hand):
    return " ".join(show_card(c) for c in C.cards_of(hand)) or "-"


def suit_sign(suit):
    return SUIT_SIGNS[C.SUIT_CHARS[suit]]


def bid_words(code):
    """A bid as the player reads it: 7\u2665, 10NT, 8\u2660 sans, misère."""
    if code == A.MISERE:
        return "misère"
    if code == A.OPEN_MISERE:
        return "open misère"
    if code == A.BLIND_MISERE:
        return "blind misère"
    d = A.bid_denomination(code)
    text = "%d%s" % (A.bid_tricks(code), "NT" if d == A.NT else suit_sign(d))
    return text + " sans" if A.is_sans(code) else text


def contract_words(code):
    return "%s (%d)" % (bid_words(code), A.bid_value(code))


def action_label(action):
    v = A.verb(action)
    if v == A.PASS:
        return "pass"
    if v == A.BID:
        return "bid " + contract_words(A.argument(action))
    if v == A.NO_RAISE:
        return "keep your bid"
    if v == A.DISCARD:
        return "discard " + " ".join(show_card(c) for c in A.discard_cards(action))
    if v == A.NOMINATE:
        return "nominate %s for the Joker" % C.SUIT_WORDS[A.argument(action)]
    if v == A.NO_NOMINATION:
        return "nominate no suit for the Joker"
    named = A.play_named(action)
    if named >= 0:
        return "lead the Joker as a %s" % C.SUIT_WORD[named]
    return "play " + show_card(A.play_card(action))


def describe(seat, action, names, raising=False):
    """A computer seat's move as the player is told it (a discard's cards are not shown)."""
    v = A.verb(action)
    name = names[seat]
    if v == A.PASS:
        return name + " passes"
    if v == A.BID:
        return "%s %s %s" % (name, "raises to" if raising else "bids", contract_words(A.argument(action)))
    if v == A.NO_RAISE:
        return name + " keeps the bid"
    if v == A.DISCARD:
        return name + " takes the kitty and discards three cards"
    if v == A.NOMINATE:
        return "%s nominates %s for the Joker" % (name, C.SUIT_WORDS[A.argument(action)])
    named = A.play_named(action)
    if named >= 0:
        return "%s leads the Joker as a %s" % (name, C.SUIT_WORD[named])
    return "%s plays %s" % (name, show_card(A.play_card(action)))


def told(action):
    """Is a computer's move told?  Not its "no nomination": only the Joker's holder is asked,
    so telling it would tell who holds the Joker."""
    return A.verb(action) != A.NO_NOMINATION


def partner_of(view):
    return (view.seat + 2) % 4 if view.players == 4 else -1


def scores_line(scores, players):
    return "  ".join("%s %d" % (name, scores[side]) for side, name in enumerate(side_names(players)))


def show_table(view, out):
    n = view.players
    names = seat_names(n)
    out.write("\n-- Scores: %s\n" % scores_line(view.scores, n))
    out.write("   Deal %d, dealer %s" % (view.deal_number, names[view.dealer]))
    if n == 4:
        out.write("; your partner: %s" % names[partner_of(view)])
    out.write("\n")
    if view.phase == PHASE_AUCTION:
        calls = ["%s %s" % (names[s], "pass" if view.passed[s] else bid_words(view.calls[s]))
                 for s in range(n) if view.calls[s] != -1]
        out.write("   Auction: %s\n" % ("  ".join(calls) if calls else "nobody has spoken yet"))
    elif view.contractor >= 0:
        out.write("   Contract: %s by %s" % (contract_words(view.bid), names[view.contractor]))
        if view.trump >= 0:
            out.write(", trumps %s" % C.SUIT_WORDS[view.trump])
        elif not view.misere:
            out.write(", no trumps")
        if view.out_seat >= 0:
            out.write("; %s sits out" % names[view.out_seat])
        out.write("\n")
    elif view.phase == PHASE_PLAY:
        out.write("   Everybody passed: played at no trumps, 10 points a trick\n")
    if view.nominated >= 0:
        out.write("   The Joker is nominated as a %s (by %s)\n" % (C.SUIT_WORD[view.nominated], names[view.joker_nominator]))
    if view.phase == PHASE_PLAY:
        out.write("   Tricks: %s\n" % "  ".join("%s %d" % (names[s], view.tricks_won[s]) for s in range(n)
                                                 if s != view.out_seat))
        if view.exposed is not None:
            out.write("   %s's hand, face up: %s\n" % (names[view.contractor], show_cards(view.exposed)))
        if view.trick:
            out.write("   Trick: %s\n" % "  ".join("%s %s" % (names[s], show_card(c)) for s, c in view.trick))
    if view.kitty is not None and view.phase == PHASE_DISCARD:
        out.write("   The kitty, now in your hand: %s\n" % show_cards(view.kitty))
    out.write("   Your hand: %s\n" % show_cards(view.hand))


def typed_card(answer):
    """A card typed by name (AS, 10h, q\u2666, jk, joker), or None."""
    text = answer.strip().lower()
    if text == "joker":
        return C.JOKER
    if text and text[-1] in T.SUIT_OF_SIGN:
        text = text[:-1] + T.SUIT_OF_SIGN[text[-1]]
    try:
        return C.parse_card(text)
    except ValueError:
        return None


def typed_bid(words):
    """A bid's code from the words typed (7h, 8 nt, 7\u2665 sans, misère, open misere), or None."""
    text = " ".join(words).replace("\u00e8", "e")
    for sign, letter in T.SUIT_OF_SIGN.items():
        text = text.replace(sign, letter)
    for name in ("open misere", "blind misere"):
        text = text.replace(name, name.replace(" ", "_"))
    parts = text.split()
    if len(parts) >= 2 and parts[1] in ("s", "c", "d", "h", "nt", "n"):
        parts = [parts[0] + parts[1]] + parts[2:]  # "8 nt"
    try:
        return parse_bid(parts, text)
    except ValueError:
        return None


class Choices:
    """The player's choices at one decision: a card's under its place in the hand, the others
    after the hand's last card when cards are chosen (else from 1).  In the auction and the
    raise, the lowest bid of each denomination (and each misère) is listed and any other is
    typed; a discard is three cards typed."""

    def __init__(self, decision, view):
        self.legal = decision.legal
        self.view = view
        self.hand = C.cards_of(view.hand)
        self.discarding = any(A.verb(a) == A.DISCARD for a in self.legal)
        self.how_to_answer = HOW_TO_DISCARD if self.discarding else HOW_TO_ANSWER
        self.by_card = {}
        self.bids = [a for a in self.legal if A.verb(a) == A.BID]
        others = []
        lowest = {}
        for action in self.legal:
            v = A.verb(action)
            if v == A.PLAY:
                self.by_card.setdefault(A.play_card(action), []).append(action)
            elif v == A.BID:
                code = A.argument(action)
                kind = code if A.is_misere(code) else A.bid_denomination(code) + (10 if A.is_sans(code) else 0)
                lowest.setdefault(kind, action)
            elif v != A.DISCARD:
                others.append(action)
        others += sorted(lowest.values())
        self.numbered = {}
        for card, card_actions in self.by_card.items():
            self.numbered[self.hand.index(card) + 1] = card_actions
        first = len(self.hand) + 1 if self.by_card else 1
        for i, action in enumerate(others):
            self.numbered[first + i] = [action]

    def show(self, out):
        if self.discarding:
            kitty = self.view.kitty or [0] * C.SLOTS
            out.write("   %s\n" % "  ".join("%2d) %s%s" % (i + 1, show_card(c), "*" if C.holds(kitty, c) else "")
                                              for i, c in enumerate(self.hand)))
            out.write("       (* from the kitty) Discard three cards: type their numbers, as 1 5 13\n")
            return
        for key in sorted(self.numbered):
            out.write("   %2d) %s\n" % (key, " / ".join(action_label(a) for a in self.numbered[key])))
        if len(self.bids) > len([a for a in self.numbered.values() if A.verb(a[0]) == A.BID]):
            out.write("       (or type any bid from %s to %s, as 8h, 9nt%s)\n" % (
                bid_words(A.argument(self.bids[0])), bid_words(A.argument(self.bids[-1])),
                ", 7s sans" if any(A.is_sans(A.argument(a)) for a in self.bids) else ""))
        if len(self.legal) == 1:
            out.write("       (your only choice: press Enter)\n")

    def pick(self, answer):
        """The actions an answer names (the four Joker leads when it names the Joker), or None.
        A card, bid or discard that is not allowed is still named, so that the engine says why."""
        if answer == "":
            return list(self.legal) if len(self.legal) == 1 else None
        words = " ".join(answer.lower().split())
        for action in self.legal:
            if action_label(action).lower() == words:
                return [action]
        parts = words.split()
        if self.discarding:
            if parts[0] == "discard":
                parts = parts[1:]
            cards = [self.card_named(p) for p in parts]
            if len(cards) != 3 or None in cards:
                return None
            return [A.discard(cards[0], cards[1], cards[2])]
        if parts[0] == "bid" or (self.bids or self.view.phase in (PHASE_AUCTION, PHASE_RAISE)) and not T.number(answer):
            code = typed_bid(parts[1:] if parts[0] == "bid" else parts)
            if code is not None:
                return [A.bid(code)]
        value = T.number(answer)
        if value is not None:
            if value in self.numbered:
                return self.numbered[value]
            if self.by_card and 1 <= value <= len(self.hand):
                return [A.play(self.hand[value - 1])]
            return None
        card = typed_card(answer)
        if card is None:
            return None
        return self.by_card.get(card) or [A.play(card)]

    def card_named(self, word):
        value = T.number(word)
        if value is not None:
            return self.hand[value - 1] if 1 <= value <= len(self.hand) else None
        return typed_card(word)


def show_help(rules, out):
    """The rules in short, as the help screen has them for these agreements, and the keys here."""
    from thousand.five_hundred.helptext import rules_text

    T.show_help(rules_text(rules) + "\n\n" + TERMINAL_KEYS, out)


def last_trick(view):
    if not view.last_trick:
        return ""
    names = seat_names(view.players)
    return "%s took the trick: %s" % (names[view.last_trick_winner], "  ".join(
        "%s %s" % (names[s], show_card(c)) for s, c in view.last_trick))


def in_your_words(reason, view):
    """A refusal as the player reads it: ``seat 0 must follow hearts`` -> ``you must follow
    hearts``, the other seats by name.

    >>> class Four: players = 4
    >>> in_your_words("it is seat 3's turn to play, not seat 0's", Four)
    "it is East's turn to play, not yours"
    """
    about_you = reason.startswith("seat 0")
    for old, new in T.YOUR_WORDS + (("his partner", "your partner"), ("his 13", "your 13")):
        reason = reason.replace(old, new)
    if about_you:
        reason = reason.replace(" its ", " your ").replace(" his ", " your ")
    names = seat_names(view.players)
    for seat in range(1, view.players):
        reason = reason.replace("seat %d" % seat, names[seat])
    return reason


def sheet_text(rows, players):
    """The score sheet: a row a deal, the contract, what became of it, each side's change and score."""
    names = seat_names(players)
    sides = side_names(players)
    lines = ["   Deal  Contract              Result      " + "  ".join("%14s" % s for s in sides)]
    for row in rows:
        if row.contractor is None:
            contract = "everybody passed"
        else:
            contract = "%s %s" % (contract_words(row.bid), names[row.contractor])
        result = {MADE: "made", FAILED: "failed", PASSED_OUT: "thrown in", ALL_PASS_PLAYED: "played NT"}.get(row.result, "")
        lines.append("   %4d  %-21s %-10s  " % (row.number, contract, result) + "  ".join(
            "%+6d %7d" % (row.deltas[s], row.scores[s]) for s in range(len(sides))))
    return "\n".join(lines) + "\n"


def why(result, rules):
    """The deal's reasons in a line or two: what the contract needed and what it got."""
    n = rules.players
    names = seat_names(n)
    sides = side_names(n)
    if result.result == PASSED_OUT:
        return "Everybody passed: the deal is thrown in%s." % (
            " and the same dealer deals again" if rules.all_pass == "redeal_same" else "")
    tricks = [0] * rules.sides
    for s in range(n):
        tricks[side_of(s, n)] += result.tricks_won[s]
    if result.result == ALL_PASS_PLAYED:
        words = "Everybody passed: played at no trumps, 10 points a trick for every side"
    else:
        code = result.bid
        side = side_of(result.contractor, n)
        who = sides[side] if n == 4 else names[result.contractor]
        value, made = contract_delta(code, tricks[side], result.tricks_won[result.contractor])
        if A.is_misere(code):
            words = "%s needed to take no trick and took %d: %+d" % (names[result.contractor], result.tricks_won[result.contractor], value)
        else:
            words = "%s needed %d tricks and took %d: %+d" % (who, A.bid_tricks(code), tricks[side], value)
            if made and tricks[side] == 10 and value > A.bid_value(code):
                words += " (all ten tricks score at least 250)"
            if not made or rules.defender_points == "always":
                words += "; the others score 10 a trick"
            else:
                words += "; the others score nothing when the contract is made (agreement)"
    defending = [s for s in range(rules.sides) if result.contractor is None or s != side_of(result.contractor, n)]
    scored = result.result == ALL_PASS_PLAYED or not A.is_misere(result.bid) and (
        result.result == FAILED or rules.defender_points == "always")
    capped = [sides[s] for s in defending if scored and result.deltas[s] < 10 * tricks[s]]
    if capped:
        words += " (%s capped at %d)" % (", ".join(capped), rules.defender_cap)
    return words + "."


def summary(result, out, rules):
    n = rules.players
    names = seat_names(n)
    sides = side_names(n)
    if result.result == PASSED_OUT:
        out.write("\n== Deal over: %s\n" % why(result, rules))
        return
    head = "everybody passed, played at no trumps" if result.contractor is None else "%s %s %s" % (
        "Your" if result.contractor == HUMAN else names[result.contractor] + "'s", contract_words(result.bid),
        "made" if result.result == MADE else "failed")
    out.write("\n== Deal over: %s\n" % head)
    for side in range(rules.sides):
        seats = [s for s in range(n) if side_of(s, n) == side]
        tricks = sum(result.tricks_won[s] for s in seats)
        each = "" if n == 3 else " (%s)" % ", ".join("%s %d" % (names[s], result.tricks_won[s]) for s in seats)
        out.write("   %-12s tricks %2d%-20s change %+5d  score %5d\n" % (
            sides[side], tricks, each, result.deltas[side], result.scores[side]))
    out.write("   %s\n" % why(result, rules))


def game_end(result, rules):
    sides = side_names(rules.players)
    if result.co_winners:
        return "*** %s share the win. ***" % " and ".join(sides[s] for s in result.co_winners)
    won = sides[result.winner]
    lost = "" if result.loser is None else " (%s went down to %d)" % (sides[result.loser], result.scores[result.loser])
    return ("*** %s won the game!%s ***" if result.winner == side_of(HUMAN, rules.players)
            else "*** %s won the game.%s ***") % (won, lost)


def play(controller, read=T.read_answer, out=sys.stdout, storage=None):
    """Run one game to its end; returns the winning side (None: a shared win).  ``storage``
    keeps the game as Thousand's terminal game does."""
    game = controller.game
    rules = game.rules
    names = seat_names(game.players)
    talk = sys.modules[__name__]
    if controller.between_deals() and game.last_result is None:
        controller.next_deal()
    while True:
        if (controller.between_deals() or controller.over()) and storage is not None:
            storage.end_deal(controller, HUMAN)
            T.tell_problem(storage, out)
        if controller.over():
            if storage is not None:
                storage.export(controller)
            summary(game.last_result, out, rules)
            out.write("\n%s\n" % game_end(game.last_result, rules))
            return game.winner
        if controller.between_deals():
            summary(game.last_result, out, rules)
            read("Press Enter for the next deal...")
            controller.next_deal()
            continue
        decision = controller.pending()
        if decision.seat != HUMAN:
            raising = controller.view().phase == PHASE_RAISE
            done = controller.step()
            if done is not None and told(done[1]):
                out.write("   %s\n" % describe(done[0], done[1], names, raising))
                tell_trick(done[1], controller.view(), out)
            continue
        view = controller.view()
        show_table(view, out)
        if decision.question:
            out.write("   %s\n" % ("You may raise your bid once before taking the kitty." if view.phase == PHASE_RAISE
                                   else "You hold the Joker: you may nominate its suit before the first card."))
        action = T.choose(decision, view, read, out, controller.act, controller.hint, controller.undo, talk=talk,
                          more=lambda answer: sheet_text(controller.sheet(), game.players) if answer.lower() in (
                              "s", "sheet") else None)
        if action is not None:
            tell_trick(action, controller.view(), out)
        if storage is not None and not controller.between_deals() and not controller.over():
            storage.save_game(controller)
            T.tell_problem(storage, out)


def tell_trick(action, view, out):
    if A.verb(action) == A.PLAY and not view.trick and view.last_trick:
        out.write("   %s\n" % last_trick(view))


if __name__ == "__main__":  # not a tool: it only describes itself (tools/terminal_game.py plays)
    import cli

    cli.Parser(description=__doc__.splitlines()[0]).parse_args()
