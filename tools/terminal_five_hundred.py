"""Five Hundred in a terminal: ``tools/terminal_game.py --game five_hundred [--players 3|4]``.

The same loop and comforts as Thousand's terminal game (its ``choose``: a hint, undo, the
last trick, the rules' help, a refusal in the player's words), through Five Hundred's
controller (``thousand.five_hundred.controller``); this module says the game's own words:
its cards, bids and actions, the table with 3 or 4 seats and the partner, the deal's
summary and the score sheet per side.  Its words are the player's language's
(assets/text/<language>/five_hundred_terminal.txt, ``w``; the seats' names are the screens'
five_hundred.txt's).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import terminal_common as T  # noqa: E402  (beside this script)
from thousand import HUMAN, LANGUAGE, texts  # noqa: E402
from thousand.five_hundred import ALL_PASS_PLAYED, FAILED, MADE, PASSED_OUT, side_of  # noqa: E402
from thousand.five_hundred import actions as A  # noqa: E402
from thousand.five_hundred import cards as C  # noqa: E402
from thousand.five_hundred.game import PHASE_AUCTION, PHASE_DISCARD, PHASE_PLAY, PHASE_RAISE  # noqa: E402
from thousand.five_hundred.notation import parse_bid  # noqa: E402
from thousand.five_hundred.scoring import contract_delta  # noqa: E402

SUIT_SIGNS = T.SUIT_SIGNS  # S C D H, as Thousand's


def w(name):
    """This game's terminal words ``name`` in the player's language (five_hundred_terminal.txt)."""
    return T.words(name, "five_hundred_terminal")


_NAMES = {}  # the seats' names by language and table size


def seat_names(players):
    """The seats' names, as the screens say them (five_hundred.txt: You West East, or You West
    North East)."""
    key = (LANGUAGE[0], players)
    if key not in _NAMES:
        _NAMES[key] = tuple(texts.entries("five_hundred", "seats4" if players == 4 else "seats")[0][2].split())
    return _NAMES[key]


def side_names(players):
    """Each side's name: a seat with 3 players; with 4, the partners (side 0 is yours)."""
    return tuple(w("sides4").split("\n")) if players == 4 else seat_names(players)


def show_card(card):
    if card == C.JOKER:
        return w("joker")
    return C.rank_sign(card) + SUIT_SIGNS[C.SUIT_CHARS[card >> 4]]


def show_cards(hand):
    return " ".join(show_card(c) for c in C.cards_of(hand)) or "-"


def suit_sign(suit):
    return SUIT_SIGNS[C.SUIT_CHARS[suit]]


def bid_words(code):
    """A bid as the player reads it: 7\u2665, 10NT, 8\u2660 sans, misère."""
    if code == A.MISERE:
        return w("misere")
    if code == A.OPEN_MISERE:
        return w("open_misere")
    if code == A.BLIND_MISERE:
        return w("blind_misere")
    d = A.bid_denomination(code)
    text = "%d%s" % (A.bid_tricks(code), w("nt") if d == A.NT else suit_sign(d))
    return text + " " + w("sans") if A.is_sans(code) else text


def contract_words(code):
    return "%s (%d)" % (bid_words(code), A.bid_value(code))


def action_label(action):
    v = A.verb(action)
    if v == A.PASS:
        return w("do_pass")
    if v == A.BID:
        return w("do_bid") % contract_words(A.argument(action))
    if v == A.NO_RAISE:
        return w("do_keep")
    if v == A.DISCARD:
        return w("do_discard") % " ".join(show_card(c) for c in A.discard_cards(action))
    if v == A.NOMINATE:
        return w("do_nominate") % w("suits").split()[A.argument(action)]
    if v == A.NO_NOMINATION:
        return w("do_no_nomination")
    named = A.play_named(action)
    if named >= 0:
        return w("do_lead_joker") % w("suit").split()[named]
    return w("do_play") % show_card(A.play_card(action))


def describe(seat, action, names, raising=False):
    """A computer seat's move as the player is told it (a discard's cards are not shown)."""
    v = A.verb(action)
    name = names[seat]
    if v == A.PASS:
        return w("passes") % name
    if v == A.BID:
        return w("raises" if raising else "bids") % (name, contract_words(A.argument(action)))
    if v == A.NO_RAISE:
        return w("keeps") % name
    if v == A.DISCARD:
        return w("discards") % name
    if v == A.NOMINATE:
        return w("nominates") % (name, w("suits").split()[A.argument(action)])
    named = A.play_named(action)
    if named >= 0:
        return w("leads_joker") % (name, w("suit").split()[named])
    return w("plays") % (name, show_card(A.play_card(action)))


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
    out.write("\n" + w("scores") % scores_line(view.scores, n) + "\n")
    out.write(w("deal") % (view.deal_number, names[view.dealer]))
    if n == 4:
        out.write(w("partner") % names[partner_of(view)])
    out.write("\n")
    if view.phase == PHASE_AUCTION:
        calls = ["%s %s" % (names[s], w("do_pass") if view.passed[s] else bid_words(view.calls[s]))
                 for s in range(n) if view.calls[s] != -1]
        out.write(w("auction") % ("  ".join(calls) if calls else w("nobody_spoke")) + "\n")
    elif view.contractor >= 0:
        out.write(w("contract") % (contract_words(view.bid), names[view.contractor]))
        if view.trump >= 0:
            out.write(w("trumps") % w("suits").split()[view.trump])
        elif not view.misere:
            out.write(w("no_trumps"))
        if view.out_seat >= 0:
            out.write(w("sits_out") % names[view.out_seat])
        out.write("\n")
    elif view.phase == PHASE_PLAY:
        out.write(w("all_passed_nt") + "\n")
    if view.nominated >= 0:
        out.write(w("nominated") % (w("suit").split()[view.nominated], names[view.joker_nominator]) + "\n")
    if view.phase == PHASE_PLAY:
        out.write(w("tricks") % "  ".join("%s %d" % (names[s], view.tricks_won[s]) for s in range(n)
                                           if s != view.out_seat) + "\n")
        if view.exposed is not None:
            out.write(w("face_up") % (names[view.contractor], show_cards(view.exposed)) + "\n")
        if view.trick:
            out.write(w("trick") % "  ".join("%s %s" % (names[s], show_card(c)) for s, c in view.trick) + "\n")
    if view.kitty is not None and view.phase == PHASE_DISCARD:
        out.write(w("kitty") % show_cards(view.kitty) + "\n")
    out.write(w("hand") % show_cards(view.hand) + "\n")


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
        self.how_to_answer = w("how_to_discard" if self.discarding else "how_to_answer") + "\n"
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
            out.write(w("discard_cards") + "\n")
            return
        for key in sorted(self.numbered):
            out.write("   %2d) %s\n" % (key, " / ".join(action_label(a) for a in self.numbered[key])))
        if len(self.bids) > len([a for a in self.numbered.values() if A.verb(a[0]) == A.BID]):
            out.write(w("any_bid") % (
                bid_words(A.argument(self.bids[0])), bid_words(A.argument(self.bids[-1])),
                w("any_sans") if any(A.is_sans(A.argument(a)) for a in self.bids) else "") + "\n")
        if len(self.legal) == 1:
            out.write(w("only_choice") + "\n")

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

    T.show_help(rules_text(rules) + "\n\n" + w("keys"), out)


def last_trick(view):
    if not view.last_trick:
        return ""
    names = seat_names(view.players)
    return w("took_the_trick") % (names[view.last_trick_winner], "  ".join(
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
    for suit in range(4):  # the screens' suit signs (chr(1) to chr(4): another language's refusals) as the terminal's
        reason = reason.replace(chr(1 + suit), suit_sign(suit))
    return reason


def sheet_text(rows, players):
    """The score sheet: a row a deal, the contract, what became of it, each side's change and score."""
    names = seat_names(players)
    sides = side_names(players)
    lines = [w("sheet_head") + "  ".join("%14s" % s for s in sides)]
    for row in rows:
        if row.contractor is None:
            contract = w("everybody_passed")
        else:
            contract = "%s %s" % (contract_words(row.bid), names[row.contractor])
        result = {MADE: "made", FAILED: "failed", PASSED_OUT: "thrown_in", ALL_PASS_PLAYED: "played_nt"}.get(row.result)
        result = "" if result is None else w(result)
        lines.append("   %4d  %-21s %-10s  " % (row.number, contract, result) + "  ".join(
            "%+6d %7d" % (row.deltas[s], row.scores[s]) for s in range(len(sides))))
    return "\n".join(lines) + "\n"


def why(result, rules):
    """The deal's reasons in a line or two: what the contract needed and what it got."""
    n = rules.players
    names = seat_names(n)
    sides = side_names(n)
    if result.result == PASSED_OUT:
        return w("thrown_in_why") % (w("same_dealer") if rules.all_pass == "redeal_same" else "")
    tricks = [0] * rules.sides
    for s in range(n):
        tricks[side_of(s, n)] += result.tricks_won[s]
    if result.result == ALL_PASS_PLAYED:
        words = w("all_pass_why")
    else:
        code = result.bid
        side = side_of(result.contractor, n)
        who = sides[side] if n == 4 else names[result.contractor]
        value, made = contract_delta(code, tricks[side], result.tricks_won[result.contractor])
        if A.is_misere(code):
            words = w("misere_why") % (names[result.contractor], result.tricks_won[result.contractor], value)
        else:
            words = w("needed_why") % (who, A.bid_tricks(code), tricks[side], value)
            if made and tricks[side] == 10 and value > A.bid_value(code):
                words += w("slam")
            if not made or rules.defender_points == "always":
                words += w("others_score")
            else:
                words += w("others_nothing")
    defending = [s for s in range(rules.sides) if result.contractor is None or s != side_of(result.contractor, n)]
    scored = result.result == ALL_PASS_PLAYED or not A.is_misere(result.bid) and (
        result.result == FAILED or rules.defender_points == "always")
    capped = [sides[s] for s in defending if scored and result.deltas[s] < 10 * tricks[s]]
    if capped:
        words += w("capped") % (", ".join(capped), rules.defender_cap)
    return words + "."


def summary(result, out, rules):
    n = rules.players
    names = seat_names(n)
    sides = side_names(n)
    if result.result == PASSED_OUT:
        out.write("\n" + w("deal_over") % why(result, rules) + "\n")
        return
    made = w("made" if result.result == MADE else "failed")
    if result.contractor is None:
        head = w("passed_played_nt")
    elif result.contractor == HUMAN:
        head = w("your_contract") % (contract_words(result.bid), made)
    else:
        head = w("their_contract") % (names[result.contractor], contract_words(result.bid), made)
    out.write("\n" + w("deal_over") % head + "\n")
    for side in range(rules.sides):
        seats = [s for s in range(n) if side_of(s, n) == side]
        tricks = sum(result.tricks_won[s] for s in seats)
        each = "" if n == 3 else " (%s)" % ", ".join("%s %d" % (names[s], result.tricks_won[s]) for s in seats)
        out.write(w("side_line") % (sides[side], tricks, each, result.deltas[side], result.scores[side]) + "\n")
    out.write("   %s\n" % why(result, rules))


def game_end(result, rules):
    sides = side_names(rules.players)
    if result.co_winners:
        return w("share") % w("and").join(sides[s] for s in result.co_winners)
    won = sides[result.winner]
    lost = "" if result.loser is None else w("went_down") % (sides[result.loser], result.scores[result.loser])
    return w("you_won" if result.winner == side_of(HUMAN, rules.players) else "won") % (won, lost)


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
            read(w("next_deal"))
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
            out.write("   %s\n" % w("may_raise" if view.phase == PHASE_RAISE else "may_nominate"))
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
