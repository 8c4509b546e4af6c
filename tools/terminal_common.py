"""What the terminal games share (tools/terminal_game.py plays Thousand and, through
tools/terminal_five_hundred.py, Five Hundred): the suits' signs, reading an answer, the
loop that asks until the game takes one (a hint, undo, the last trick and the help on the
way), and a refusal told in the player's words.  The loop's words are the player's
language's (assets/text/<language>/terminal.txt, ``words``)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from thousand import LANGUAGE, texts  # noqa: E402

SUIT_SIGNS = {"S": "\u2660", "C": "\u2663", "D": "\u2666", "H": "\u2665"}
SUIT_OF_SIGN = {sign: letter for letter, sign in SUIT_SIGNS.items()}


_PAGES = {}  # a terminal page's words by name, by language and page


def words(name, page="terminal"):
    """The terminal's words ``name`` in the player's language (assets/text/<language>/terminal.txt;
    ``page``: another page of a terminal's, five_hundred_terminal.txt)."""
    key = (LANGUAGE[0], page)
    if key not in _PAGES:
        _PAGES[key] = {entry: body for entry, _rest, body in texts.entries(page)}
    return _PAGES[key][name]


def number(answer):
    """The whole number typed, or None: ASCII digits only (isdigit() also takes '²', which int()
    refuses), and no more of them than a bid has (an action keeps its amount in 12 bits)."""
    if answer.isascii() and answer.isdigit() and len(answer) <= 3:
        return int(answer)
    return None


def show_help(text, out):
    """The rules' help and the keys (``text``: paragraphs split by newlines), wrapped to 78 columns."""
    import textwrap

    for paragraph in text.split("\n"):
        out.write("\n".join(textwrap.wrap(paragraph, 78, initial_indent="   ", subsequent_indent="   ")) + "\n")


def read_answer(prompt):
    """input(), where a closed standard input (sys.stdin is None) reads as its end."""
    if sys.stdin is None:
        raise EOFError
    return input(prompt)


def one_of(picked, read, out, label):
    """Ask between the actions of one card (declare or just play, give to West or East; in
    Five Hundred the suit a Joker led names), as the window asks; None goes back to the
    choice.  ``label``: the words of an action."""
    for i, action in enumerate(picked):
        out.write("      %d) %s\n" % (i + 1, label(action)))
    answer = read(words("which_one")).strip()
    if answer.lower() in ("q", "quit"):
        raise KeyboardInterrupt
    value = number(answer)
    if value is not None and 1 <= value <= len(picked):
        return picked[value - 1]
    return None


def choose(decision, view, read, out, act, hint, undo, talk, more=None):
    """Ask until ``act`` takes an answer (``Controller.act``: an IllegalAction says why not);
    ``hint`` (``Controller.hint``: thought through at once, where the device's loop thinks a
    slice a tick) answers a question mark, ``undo`` (``Controller.undo``) a u,
    after which None is returned: the game is back before the player's last decision.
    ``talk``: the module whose words these are (its Choices, action_label, show_help,
    last_trick, in_your_words, and HOW_TO_ANSWER where its Choices have no how_to_answer): tools/terminal_game.py's for Thousand,
    tools/terminal_five_hundred.py's; ``more(answer)``: the text of a key the game adds, or None."""
    choices = talk.Choices(decision, view)
    choices.show(out)
    while True:
        answer = read(words("your_choice")).strip()
        if answer.lower() in ("q", "quit"):
            raise KeyboardInterrupt
        if answer.lower() in ("h", "help"):
            talk.show_help(view.rules, out)
            continue
        if answer.lower() in ("l", "last"):
            out.write("   %s\n" % (talk.last_trick(view) or words("no_trick_yet")))
            continue
        if answer in ("?", "hint") and hint is not None:
            out.write(words("hint") % talk.action_label(hint().decide()) + "\n")
            continue
        if answer.lower() in ("u", "undo") and undo is not None:
            if undo():
                out.write(words("taken_back") + "\n")
                return None
            out.write(words("nothing_to_take_back") + "\n")
            continue
        told = None if more is None else more(answer)
        if told is not None:
            out.write(told)
            continue
        picked = choices.pick(answer)
        if picked is None:
            out.write(getattr(choices, "how_to_answer", None) or talk.HOW_TO_ANSWER)
            continue
        action = picked[0] if len(picked) == 1 else one_of(picked, read, out, talk.action_label)
        if action is None:
            continue
        try:
            act(action)
            return action
        except ValueError as reason:
            if not refused(reason):
                raise
            out.write(words("not_possible") % talk.in_your_words(str(reason), view) + "\n")


def refused(error):
    """Is ``error`` the engine's refusal (an ``IllegalAction``)?  Told by its class's name, not by
    ``except IllegalAction``: the App's load plan (thousand/ui/scenes.py) unloads thousand.game
    and imports it anew, and each load makes another IllegalAction class, so the one imported
    here may not be the one a controller made after that raises (issue 33 item 6).  Keeping one
    class alive across reloads would cost the device resident heap; a name costs nothing."""
    return type(error).__name__ == "IllegalAction"


# The engine names seats by number (the referee's words, REFEREE.md); the player is told "you"
# and the other seats' names.  The player's seat's phrases first, its possessives with them.
YOUR_WORDS = (("not seat 0's", "not yours"), ("seat 0's", "your"), ("seat 0 has", "you have"),
              ("seat 0 does", "you do"), ("seat 0 is", "you are"), ("whether it plays", "whether you play"),
              ("seat 0", "you"))


def tell_problem(storage, out):
    """A save that failed never stops the game: its one line is said."""
    if storage is not None and storage.problem is not None:
        out.write("   (%s)\n" % storage.take_problem())


if __name__ == "__main__":  # not a tool: it only describes itself (tools/terminal_game.py plays)
    import cli

    cli.Parser(description=__doc__.splitlines()[0]).parse_args()
