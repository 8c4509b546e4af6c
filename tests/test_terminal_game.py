"""The terminal game (tools/terminal_game.py) on bad input: garbage answers, the end of the
input, a closed standard input and a closed output pipe each end it cleanly, in one line."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
from terminal_game import number  # noqa: E402

GAME = [sys.executable, os.path.join(ROOT, "tools", "terminal_game.py"), "--seed", "3", "--levels", "random,random"]
AGAIN = "Please type one of the numbers above"


def run_game(stdin=b"", **popen):
    proc = subprocess.run(GAME, input=stdin, capture_output=True, timeout=120, **popen)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


@pytest.mark.parametrize("typed, value", [("12", 12), ("1", 1), ("\u00b2", None), ("\u0663", None),
                                          ("9" * 5000, None), ("-1", None), ("1.5", None), ("", None)])
def test_only_a_few_ascii_digits_are_a_number(typed, value):
    assert number(typed) == value


def test_garbage_answers_are_asked_again_and_the_end_of_input_says_bye():
    garbage = ["\u00b2".encode("utf-8"), b"9" * 5000, b"\xff\xfe", b"-1", b"0", b"", "\uff11".encode("utf-8")]
    status, out, err = run_game(b"\n".join(garbage) + b"\n")
    assert (status, err) == (0, "")
    assert out.count(AGAIN) == len(garbage)
    assert out.rstrip().splitlines()[-1] == "Bye: the input ended."


def test_an_empty_input_ends_the_game_at_once():
    status, out, err = run_game(b"")
    assert (status, err) == (0, "")
    assert AGAIN not in out and out.rstrip().splitlines()[-1] == "Bye: the input ended."


def test_a_closed_standard_input_ends_the_game_like_its_end():
    # fd 0 closed before Python starts: sys.stdin is None, and input() would raise RuntimeError
    proc = subprocess.run(GAME, stdin=None, capture_output=True, timeout=120, preexec_fn=lambda: os.close(0))
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert proc.stdout.decode("utf-8").rstrip().splitlines()[-1] == "Bye: the input ended."


def test_a_closed_output_pipe_ends_the_game_in_one_line_on_stderr():
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody reads the game: its first flush meets a broken pipe
    try:
        proc = subprocess.run(GAME, input=b"1\n" * 50, stdout=write_end, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write_end)
    assert proc.returncode == 1
    assert proc.stderr.decode("utf-8").splitlines() == ["terminal_game.py: the output was closed, so the game ended"]


def test_a_closed_standard_output_ends_the_game_in_one_line_on_stderr():
    proc = subprocess.run(GAME, input=b"1\n", capture_output=True, timeout=120, preexec_fn=lambda: os.close(1))
    assert proc.returncode == 1
    assert proc.stderr.decode("utf-8").splitlines() == ["terminal_game.py: the output was closed, so the game ended"]


def test_q_quits_with_bye():
    status, out, err = run_game(b"q\n")
    assert (status, err) == (0, "")
    assert out.rstrip().splitlines()[-1] == "Bye."


def answered(controller, count):
    """What the terminal game printed while the player answered "1" ``count`` times."""
    import io

    from terminal_game import play

    out = io.StringIO()
    answers = iter(["1"] * count)

    def read(prompt):
        out.write(prompt)
        return next(answers)

    with pytest.raises(StopIteration):
        play(controller, read, out)
    return out.getvalue()


def test_a_computer_seat_keeping_its_cards_is_not_told():
    """A seat's answer to the redeal question is its own unless it redeals (issue 15): the
    terminal never prints "keeps the cards", though the computer seats were asked."""
    from thousand import actions
    from thousand.controller import Controller
    from thousand.rules import Rules

    kept = 0
    for seed in range(40):
        controller = Controller(Rules.preset("full"), levels=("random", "random"), seed=seed)
        step = controller.step

        def counting_step():
            nonlocal kept
            done = step()
            if done is not None and actions.verb(done[1]) == actions.KEEP:
                kept += 1
            return done

        controller.step = counting_step
        assert "keeps the cards" not in answered(controller, 120)
    assert kept > 0


def test_the_talon_a_computer_seat_takes_openly_is_shown():
    """Above 100 the talon is shown to all (RULES.md, section 2): the terminal prints it when a
    computer seat takes it, once a deal (issue 15, seed 7 classic: West at 125 in deal 6)."""
    from thousand.controller import Controller
    from thousand.rules import Rules

    shown = 0
    for seed in range(12):
        controller = Controller(Rules.preset("classic"), levels=("normal", "normal"), seed=seed)
        lines = answered(controller, 150).splitlines()
        for before, line in zip(lines, lines[1:]):
            if line.startswith("   Talon: ") and before.startswith(("   West ", "   East ")):
                assert len(line.split(": ")[1].split()) == 3, line  # three cards, face up
                shown += 1
    assert shown > 0


def test_golden_and_dark_deals_are_marked_and_a_golden_reset_is_said():
    """The deal summary says a dark or golden deal, and that the scores went back to 0 when
    no golden deal was made (issue 15)."""
    import io

    from terminal_game import summary
    from thousand import scoring
    from thousand.game import DealResult

    result = DealResult()
    result.result, result.kind, result.declarer, result.bid, result.contract = scoring.FAILED, scoring.GOLDEN, 1, 120, 120
    result.deltas, result.scores = [-30, -40, 110], [0, 0, 0]
    out = io.StringIO()
    summary(result, out)
    assert "(a golden deal)" in out.getvalue() and "every score is back to 0" in out.getvalue()
    result.kind, result.scores = scoring.DARK, [90, 80, 230]
    out = io.StringIO()
    summary(result, out)
    assert "(a dark deal)" in out.getvalue() and "back to 0" not in out.getvalue()
