"""Five Hundred in the terminal (tools/terminal_game.py --game five_hundred, its words in
tools/terminal_five_hundred.py): whole deals with 3 and 4 players driven by scripted answers,
the auction, the kitty and its discard, the Joker's nomination, a refusal in the player's
words, a hint, undo, the last trick and the score sheet."""

import io
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import terminal_five_hundred as F  # noqa: E402
import terminal_common as T  # noqa: E402

from thousand.five_hundred import actions as A  # noqa: E402
from thousand.five_hundred import cards as C  # noqa: E402
from thousand.five_hundred.controller import Controller  # noqa: E402
from thousand.five_hundred.game import PHASE_PLAY  # noqa: E402
from thousand.five_hundred.rules import Rules  # noqa: E402

GAME = [sys.executable, os.path.join(ROOT, "tools", "terminal_game.py"), "--game", "five_hundred"]


def controller_of(players=3, seed=1, **agreements):
    rules = Rules.preset("australian")
    rules.set("players", players)
    for name, value in agreements.items():
        rules.set(name, value)
    return Controller(rules, seed=seed)


def scripted(printed, prompt, bid=True):
    """A player who bids the lowest bid listed once, discards his first three cards, takes
    the first choice listed, and answers "Which one?" with its first."""
    if prompt == "Which one? ":
        return "1"
    table = printed[printed.rfind("-- Scores"):]
    if "Discard three cards" in table:
        return "1 2 3"
    if bid and "Auction:" in table and "You " not in table.split("Auction:")[1].split("\n")[0]:
        listed = re.search(r"^ +(\d+)\) bid (?!open|blind)", table, re.M)
        if listed:
            return listed.group(1)
    listed = re.findall(r"^ +(\d+)\) ", table, re.M)
    return listed[0] if listed else ""


def played(controller, answer=scripted, count=400, stop_at_deal_end=True):
    """What play() printed while ``answer(printed, prompt)`` answered: to the first deal's end
    (its "Press Enter"), or ``count`` answers."""
    out = io.StringIO()
    left = [count]

    def read(prompt):
        out.write(prompt)
        if left[0] == 0 or (stop_at_deal_end and prompt.startswith("Press Enter")):
            raise StopIteration
        left[0] -= 1
        return "" if prompt.startswith("Press Enter") else answer(out.getvalue(), prompt)

    with pytest.raises(StopIteration):
        F.play(controller, read, out)
    return out.getvalue()


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_deal_with_the_player_as_contractor_discarding_from_the_kitty(players):
    seen = 0
    for seed in range(30):
        controller = controller_of(players, seed)
        printed = played(controller)
        assert "== Deal over" in printed and printed.rstrip().endswith("Press Enter for the next deal...")
        result = controller.game.last_result
        if result.contractor != 0:
            continue
        seen += 1
        assert "The kitty, now in your hand: " in printed and "(* from the kitty) Discard three cards" in printed
        assert re.search(r"Contract: \S+ \(\d+\) by You", printed)
        summary = printed[printed.rfind("== Deal over"):]
        side = "You & North" if players == 4 else "You"
        assert summary.startswith("== Deal over: Your %s %s" % (F.contract_words(result.bid),
                                                               "made" if result.result == 0 else "failed"))
        assert re.search(r"^   %s +tricks +%d" % (re.escape(side), sum(
            result.tricks_won[s] for s in range(players) if (s % 2 == 0 if players == 4 else s == 0))), summary, re.M)
        assert "%s needed %d tricks and took" % (side, A.bid_tricks(result.bid)) in summary
        assert re.search(r"change +%s +score +%d" % (re.escape("%+d" % result.deltas[0]), result.scores[0]), summary)
        if players == 4:
            assert "your partner: North" in printed and "North plays" in printed
            assert "West & East" in summary
        assert printed.count(" took the trick: ") == 10
        break
    assert seen, "the player never became the contractor"


def test_four_players_show_the_partner_and_every_seat_plays():
    printed = played(controller_of(4, 3))
    for name in ("West", "North", "East"):
        assert name + " plays" in printed or name + " leads" in printed
    assert "-- Scores: You & North 0  West & East 0" in printed


def test_the_whole_ladder_is_typed_and_misere_listed():
    controller = controller_of(3, 2, misere="anytime", sans_kitty=True)
    controller.next_deal()
    while controller.pending().seat != 0:
        controller.step()
    choices = F.Choices(controller.pending(), controller.view())
    out = io.StringIO()
    choices.show(out)
    assert "bid misère (250)" in out.getvalue() and "7s sans" in out.getvalue()
    for typed, code in (("8h", A.bid_code(8, A.HEARTS_BID)), ("bid 10nt", A.bid_code(10, A.NT)),
                        ("7\u2665 sans", A.bid_code(7, A.HEARTS_BID, True)), ("9 NT", A.bid_code(9, A.NT)),
                        ("misère", A.MISERE), ("open misere", A.OPEN_MISERE)):
        assert choices.pick(typed) == [A.bid(code)], typed


def a_controller_at_the_players_lead_holding_the_joker_at_no_trumps(players=3):
    """Seat 0 holds the Joker and bids 6NT; the others pass: he discards, then is asked about the Joker."""
    controller = controller_of(players, 5)
    game = controller.game
    pack = C.cards_of(C.pack(players))
    pack.remove(C.JOKER)
    hands = [C.hand_of([C.JOKER] + pack[:9])] + [C.hand_of(pack[9 + 10 * k:19 + 10 * k]) for k in range(players - 1)]
    kitty = C.hand_of(pack[9 + 10 * (players - 1):])
    game.start_deal(hands, kitty)
    for seat in range(1, players):
        game.apply(seat, A.ACTION_PASS)
    game.apply(0, A.bid(A.bid_code(6, A.NT)))
    return controller


def test_the_discard_of_three_and_the_jokers_nomination():
    controller = a_controller_at_the_players_lead_holding_the_joker_at_no_trumps()
    answers = iter(["1 2", "2 3 4", "nominate hearts for the joker"])
    printed = played(controller, lambda printed, prompt: next(answers, "1"), count=3)
    assert "Type the three cards to discard" in printed  # "1 2" is no discard
    assert "You hold the Joker: you may nominate its suit" in printed
    assert "   The Joker is nominated as a heart (by You)" in printed
    assert controller.game.nominated == C.HEARTS and controller.game.phase == PHASE_PLAY


def test_a_refused_move_says_why_in_the_players_words():
    controller = a_controller_at_the_players_lead_holding_the_joker_at_no_trumps()
    controller.act(controller.pending().legal[0])  # the discard: then the question about the Joker
    card = C.cards_of(controller.game.hands[0])[0]
    out = io.StringIO()
    given = iter([C.card_name(card), "q"])  # a card played before the question is answered
    with pytest.raises(KeyboardInterrupt):
        T.choose(controller.pending(), controller.view(), lambda prompt: next(given), out, controller.act, None, None, F)
    assert "Not possible: first say whether you nominate the Joker's suit." in out.getvalue()
    # a card not followed: the engine's reason, seat 0 as "you", another seat by its name
    controller = controller_of(4, 7)
    controller.next_deal()
    while True:
        decision = controller.pending()
        if decision.seat != 0:
            controller.step()
            continue
        view = controller.view()
        off_suit = [c for c in C.cards_of(view.hand) if view.trick and A.play(c) not in decision.legal]
        if off_suit:
            break
        controller.act(decision.legal[0])
    out = io.StringIO()
    given = iter([C.card_name(off_suit[0]).lower(), "q"])
    with pytest.raises(KeyboardInterrupt):
        T.choose(decision, view, lambda prompt: next(given), out, controller.act, None, None, F)
    assert re.search(r"Not possible: you must follow (spades|clubs|diamonds|hearts)\.", out.getvalue()), out.getvalue()
    assert F.in_your_words("it is seat 3's turn to play, not seat 0's", view) == "it is East's turn to play, not yours"


def to_the_players_turn(controller, until):
    """From a new deal, the player taking his first choice, to the player's decision where
    ``until()`` holds: that Decision."""
    controller.next_deal()
    while True:
        if controller.between_deals():
            controller.next_deal()
            continue
        decision = controller.pending()
        if decision.seat != 0:
            controller.step()
        elif until():
            return decision
        else:
            controller.act(decision.legal[0])


def test_a_question_mark_gives_the_hint_and_l_the_last_trick_and_s_the_sheet():
    controller = controller_of(3, 4)
    to_the_players_turn(controller, lambda: controller.view().last_trick)
    expected = controller.hint().decide()
    assert expected in controller.pending().legal and controller.hints == 1
    answers = iter(["?", "l", "s", "1"])
    printed = played(controller, lambda printed, prompt: next(answers, "q"), count=4)
    assert "   Hint: %s\n" % F.action_label(expected) in printed
    # the answer to "l" follows its prompt on the same line (the scripted answers are not echoed)
    assert re.search(r"^(Your choice: )?   (You|West|East) took the trick: ", printed, re.M)
    assert "   Deal  Contract" in printed and controller.hints == 2


def test_u_takes_the_last_move_back_and_the_computers_replay_theirs():
    controller = controller_of(4, 4)
    first = to_the_players_turn(controller, lambda: controller.game.phase == PHASE_PLAY)
    log = list(controller.game.log)
    hand = list(controller.game.hands[0])
    controller.act(first.legal[-1])
    while controller.pending() is not None and controller.pending().seat != 0:
        controller.step()
    after = list(controller.game.log)
    out = io.StringIO()
    given = iter(["u"])
    assert T.choose(controller.pending(), controller.view(), lambda prompt: next(given), out, controller.act,
                    controller.hint, controller.undo, F) is None
    assert "Your last move is taken back." in out.getvalue()
    assert controller.game.log == log and controller.game.hands[0] == hand and controller.pending().legal == first.legal
    controller.act(first.legal[-1])  # the same move again: the computers answer as before
    while controller.pending() is not None and controller.pending().seat != 0:
        controller.step()
    assert controller.game.log == after
    out = io.StringIO()
    given = iter(["u", "u"])
    controller.undo()
    with pytest.raises(StopIteration):
        T.choose(controller.pending(), controller.view(), lambda prompt: next(given), out, controller.act,
                 controller.hint, controller.undo, F)
    assert "Nothing to take back in this deal." in out.getvalue()


def test_the_program_plays_five_hundred_with_four_players(tmp_path):
    env = dict(os.environ, THOUSAND_DATA_DIR=str(tmp_path))
    proc = subprocess.run(GAME + ["--players", "4", "--seed", "2"], input=b"h\n?\n1\n1\n1\n" + b"\n" * 40,
                          capture_output=True, timeout=120, env=env)
    out = proc.stdout.decode("utf-8")
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert out.startswith("Five Hundred: you are seat 0 (You) with North, your partner, against West and East. Seed 2.")
    assert "THE AUCTION" in out and "   Hint: " in out and "-- Scores: You & North 0  West & East 0" in out


def test_garbage_answers_are_asked_again_and_the_end_of_input_keeps_the_game(tmp_path):
    env = dict(os.environ, THOUSAND_DATA_DIR=str(tmp_path))
    garbage = ["\u00b2".encode("utf-8"), b"9" * 5000, b"\xff\xfe", b"-1", b"zz", b"bid 11h", b"1 2 3 4"]
    proc = subprocess.run(GAME + ["--seed", "3"], input=b"\n".join(garbage) + b"\n", capture_output=True,
                          timeout=120, env=env)
    out = proc.stdout.decode("utf-8")
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert out.count("Type one of the numbers above") == len(garbage)
    assert out.rstrip().splitlines()[-1] == "Bye: the input ended; the game is saved (--continue goes on with it)."


@pytest.mark.parametrize("language, words", [
    ("ru", ("-- Счёт: ", "   Торговля: ", "   Ваши карты: ", "== Сдача окончена: ", "   Сд.   Заказ", "Ваш выбор: ")),
    ("uk", ("-- Рахунок: ", "   Торг: ", "   Ваші карти: ", "== Роздачу закінчено: ", "   Р-а   Замовлення", "Ваш вибір: "))])
@pytest.mark.parametrize("players", [3, 4])
def test_a_deal_in_russian_or_ukrainian_is_told_in_the_players_words(language, words, players):
    """Issue 38: the table, the choices, a refusal, the help, the summary and the sheet in the
    player's language (five_hundred_terminal.txt, five_hundred_refusals.txt,
    five_hundred_help.txt); the cards' ranks in its letters, the suits as signs."""
    from helpers import speaking

    english = ("Scores", "Auction", "Your hand", "Deal over", "Contract", "Tricks", "bid ", "pass", "Joker", "seat ",
               "must follow", "needed", "KEYS", "THE GAME", "kitty")
    with speaking(language):
        controller = controller_of(players, 1)  # a deal where the player can fail to follow suit
        refused = []

        def answer(printed, prompt):
            table = printed[printed.rfind("-- "):]
            if "13" in table and "*" in table:
                return "1 2 3"
            listed = re.findall(r"^ +(\d+)\) ", table, re.M)
            if not refused and len(listed) > 1 and C.cards_of(controller.view().hand) and controller.view().trick:
                off = [c for c in C.cards_of(controller.view().hand) if A.play(c) not in controller.pending().legal]
                if off:  # a card not followed: refused in the player's words
                    refused.append(off[0])
                    return C.card_name(off[0]).lower()
            if "h" not in printed.split(words[5])[-1] and printed.count(words[5]) == 1:
                return "h"
            return listed[0] if listed else ""

        out = io.StringIO()
        left = [600]

        def read(prompt):
            out.write(prompt)
            left[0] -= 1
            if left[0] == 0 or prompt.startswith(("Нажмите", "Натисніть")):
                raise StopIteration
            return answer(out.getvalue(), prompt)

        with pytest.raises(StopIteration):
            F.play(controller, read, out)
        sheet = F.sheet_text(controller.sheet(), players)
    printed = out.getvalue() + sheet
    for said in words:
        assert said in printed, said
    assert refused and ("нужно ходить в масть: " if language == "ru" else "треба ходити в масть: ") in printed
    assert ("ИГРА\n" if language == "ru" else "ГРА\n") in printed.replace("   ", "")
    for english_word in english:
        assert english_word not in printed, english_word
    assert not re.search(r"[JQKA][\u2660\u2663\u2665\u2666]", printed)  # ranks in the language's letters
