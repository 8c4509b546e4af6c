"""The command line every tool under tools/ shares: a parser whose errors are one line on
stderr with exit status 2, and checked argument types for argparse's ``type=``.

    from cli import Parser, count, levels, rules_spec
    p = Parser(description="...")
    p.add_argument("--deals", type=count, default=10)

Run alone (``python tools/cli.py --help``) it only describes itself.
"""

import argparse
import contextlib
import errno
import io
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ArgumentTypeError = argparse.ArgumentTypeError


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error (no usage block) and exit status 2."""

    def error(self, message):
        self.exit(2, "%s: error: %s (see --help)\n" % (self.prog, " ".join(str(message).split())))


MAX_COUNT = 1000000  # deals, games, jobs, sets: far more than any run needs
MAX_SECONDS = 86400.0  # one day per request at most


def _whole(text, low, what, high=MAX_COUNT):
    """A whole number written in ASCII digits (an optional minus), from low to high."""
    digits = text[1:] if text[:1] == "-" else text
    if not digits or len(digits) > 30 or not all("0" <= c <= "9" for c in digits):
        raise ArgumentTypeError("'%s' is not a whole number (ASCII digits 0-9)" % text[:40])
    value = int(text)
    if not low <= value <= high:
        raise ArgumentTypeError("%s must be from %d to %d, not %s" % (what, low, high, text))
    return value


def count(text):
    """A whole number from 0 to MAX_COUNT (deals, games)."""
    return _whole(text, 0, "a count")


def positive(text):
    """A whole number from 1 to MAX_COUNT (jobs, deals, a heap size)."""
    return _whole(text, 1, "this number")


MAX_SEED = 2 ** 32 - 1  # the terminal game's random seeds are four bytes


def seed(text):
    """A seed for the deals: a whole number from 0 to MAX_SEED, in ASCII digits (type=int would
    also read Arabic-Indic digits, which the referee refuses)."""
    return _whole(text, 0, "a seed", MAX_SEED)


def scale(text):
    """Window or picture pixels per screen pixel, 1 to 16."""
    return _whole(text, 1, "the scale", 16)


def seconds(text):
    """A finite number of seconds above 0, up to a day."""
    if not text or not all(c in "0123456789.eE+-naifty" for c in text.lower()):
        raise ArgumentTypeError("'%s' is not a number of seconds" % text[:40])
    try:
        value = float(text)
    except ValueError:
        raise ArgumentTypeError("'%s' is not a number of seconds" % text[:40])
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise ArgumentTypeError("seconds must be a finite number above 0 and at most %d, not %s" % (
            MAX_SECONDS, text[:40]))
    return value


def fraction(text):
    """A number between 0 and 1 (a rate)."""
    try:
        value = float(text)
    except ValueError:
        raise ArgumentTypeError("'%s' is not a number" % text)
    if not 0 <= value <= 1:
        raise ArgumentTypeError("a rate must be between 0 and 1, not %s" % text)
    return value


def preset(text):
    """A rules preset name."""
    from thousand.rules_table import PRESET_NAMES

    if text not in PRESET_NAMES:
        raise ArgumentTypeError("unknown rules preset '%s' (known: %s)" % (text, ", ".join(PRESET_NAMES)))
    return text


def rules_spec(text):
    """A preset name or a JSON rules object ('{"preset": "classic", "target": 500}'): Rules."""
    from thousand.ui.desktop import rules_from_text  # the one reader of rules given as text

    try:
        return rules_from_text(text)
    except ValueError as error:  # RulesError, or JSON that cannot be read
        raise ArgumentTypeError("cannot read the rules '%s': %s" % (text, error))


GAMES = ("thousand", "five_hundred")


def table_size(text):
    """Five Hundred's players: 3 or 4."""
    if text not in ("3", "4"):
        raise ArgumentTypeError("a table has 3 or 4 players, not '%s'" % text[:40])
    return int(text)


def five_hundred_rules(text):
    """Five Hundred's agreements: a preset name or a JSON object ('{"preset": "american", "players": 4}')."""
    import json

    from thousand.five_hundred.rules import Rules

    try:
        return Rules.from_dict(json.loads(text)) if text.strip().startswith("{") else Rules.preset(text)
    except ValueError as error:  # RulesError, or JSON that cannot be read
        raise ArgumentTypeError("cannot read the rules '%s': %s" % (text, error))


def game_setup(game, rules_text, players, levels_text):
    """The rules and the opponents' levels of a game against the player (the terminal game's
    and play.py's --game, --rules, --players and --levels), checked: (rules, levels text or
    None); ArgumentTypeError in one line."""
    if game == "five_hundred":
        from thousand.five_hundred.bots import LEVELS

        rules = five_hundred_rules("australian" if rules_text is None else rules_text)
        if players is not None:
            rules.set("players", players)
        if levels_text is not None:
            names = levels_text.split(",")
            if len(names) != rules.players - 1 or any(name not in LEVELS for name in names):
                raise ArgumentTypeError("give %d of %s separated by commas, not '%s'" % (
                    rules.players - 1, ", ".join(LEVELS), levels_text[:40]))
        return rules, levels_text
    if players is not None and players != 3:
        raise ArgumentTypeError("Thousand is played by 3: --players is Five Hundred's (--game five_hundred)")
    return rules_spec("classic" if rules_text is None else rules_text), (
        None if levels_text is None else opponents(levels_text))


def level(text):
    """A level of thousand.PLAYER_LEVELS (the bots' and random)."""
    from thousand import PLAYER_LEVELS

    if text not in PLAYER_LEVELS:
        raise ArgumentTypeError("unknown level '%s' (known: %s)" % (text, ", ".join(PLAYER_LEVELS)))
    return text


def levels(text):
    """Three bot levels separated by commas (hard,normal,easy), checked; the text."""
    names = text.split(",")
    if len(names) != 3:
        raise ArgumentTypeError("give three levels separated by commas, not '%s'" % text)
    for name in names:
        level(name)
    return text


def players(text):
    """Three players separated by commas, bot levels or random (hard,random,random), checked; the text."""
    from thousand import PLAYER_LEVELS

    names = text.split(",")
    if len(names) != 3:
        raise ArgumentTypeError("give three players separated by commas, not '%s'" % text)
    for name in names:
        if name not in PLAYER_LEVELS:
            raise ArgumentTypeError("unknown player '%s' (known: %s)" % (name, ", ".join(PLAYER_LEVELS)))
    return text


def opponents(text):
    """The two opponents' levels of a game against the player (normal,random), checked; the text."""
    from thousand import PLAYER_LEVELS

    names = text.split(",")
    if len(names) != 2 or any(name not in PLAYER_LEVELS for name in names):
        raise ArgumentTypeError("give two of %s separated by a comma, not '%s'" % (", ".join(PLAYER_LEVELS), text))
    return text


def out_dir(text):
    """A folder to write into: an existing one, or one whose parent folder exists."""
    path = os.path.abspath(text)
    if os.path.exists(path) and not os.path.isdir(path):
        raise ArgumentTypeError("'%s' is a file, not a folder" % text)
    if not os.path.isdir(os.path.dirname(path)):
        raise ArgumentTypeError("the folder that would hold '%s' does not exist" % text)
    return text


def out_file(text):
    """A file to write: its folder must exist and it must not be a folder."""
    path = os.path.abspath(text)
    if os.path.isdir(path):
        raise ArgumentTypeError("'%s' is a folder, not a file" % text)
    if not os.path.isdir(os.path.dirname(path)):
        raise ArgumentTypeError("the folder of '%s' does not exist" % text)
    return text


class _ClosedOutput(io.TextIOBase):
    """Standard output of a tool started with it closed (``>&-``): writing fails as a full disk does."""

    def writable(self):
        return True

    def write(self, text):
        raise OSError(errno.EBADF, "standard output is closed")


def quiet_blinka():
    """Import Blinka's displayio without the lines its ``microcontroller`` module prints on
    standard output on every desktop ('WARNING: GENERIC_X86 is not fully supported'): a tool's
    output holds only what the tool says."""
    with contextlib.redirect_stdout(io.StringIO()):
        import microcontroller  # noqa: F401  (the one that prints; busdisplay imports it later)
        import displayio  # noqa: F401


def run(main):
    """Run a tool's ``main()`` and exit with its status.  Output that cannot be written (a full
    disk, a closed standard output, a reader that went away, a path where no file can be made)
    ends the tool with one line on stderr and exit 2, never a traceback.

    ``if __name__ == "__main__": cli.run(main)``
    """
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    prog = os.path.basename(sys.argv[0])
    try:
        status = main()
        sys.stdout.flush()
    except OSError as error:
        quiet_stdout()
        where = " %s" % error.filename if getattr(error, "filename", None) else ""
        if sys.stderr is not None:
            sys.stderr.write("%s: error: cannot write%s: %s\n" % (prog, where, error.strerror or error))
        status = 2
    sys.exit(status)


def quiet_stdout():
    """Point stdout at nothing, so that Python's own flush at exit does not fail a second time."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        sys.stdout = io.StringIO()


if __name__ == "__main__":
    Parser(description=__doc__.splitlines()[0]).parse_args()
