"""Play whole games between computer players and print one JSON line of figures.

    python tools/selfplay.py --games 10 --seed 1 --players random,random,random
    MICROPYPATH=. micropython -X heapsize=64K tools/selfplay.py --games 3 --seed 1
    python tools/selfplay.py --game five_hundred --players 4 --games 10
    python tools/selfplay.py --game five_hundred --players easy,random,easy,random --rules american

``--game five_hundred`` plays Five Hundred (FIVE_HUNDRED.md): ``--players`` is then 3 or 4 (that
many random players) or one player name a seat (3 or 4 names: the table's size), ``--rules``
one of its presets (australian by default), and ``wins`` counts per side.

Runs unchanged under CPython and MicroPython (no argparse there: the options are
read by hand).  Under MicroPython it also reports ``peak_alloc``, the largest
``gc.mem_alloc()`` seen after any decision, in bytes, measured right after a
``gc.collect()`` so that it counts live data, not garbage (``--fast`` skips the
collections: a truer speed, but then ``peak_alloc`` is only the heap's fill level).
A game that no one has won after ``--max-deals`` deals is stopped and counted in
``unfinished_games``: random players rarely win (their contracts fail, scores drift
down), bots do.
"""

import gc
import json
import sys

if sys.implementation.name != "micropython":  # there MICROPYPATH says where the game is
    import os

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from thousand import PLAYER_LEVELS  # noqa: E402
from thousand.driver import RandomPlayer, TableDriver  # noqa: E402
from thousand.game import Game  # noqa: E402
from thousand.rules import Rules  # noqa: E402
from thousand.rules_table import PRESET_NAMES  # noqa: E402
from thousand.scoring import REDEAL  # noqa: E402

USAGE = ("usage: selfplay.py [--game thousand|five_hundred] [--games N] [--seed S] [--rules PRESET] "
         "[--players P,P,P | 3 | 4] [--max-deals N] [--fast]")
GAMES = ("thousand", "five_hundred")


def _clock_ms():
    try:
        import time

        return time.ticks_ms()  # MicroPython
    except AttributeError:
        import time

        return int(time.perf_counter() * 1000)


def _elapsed_ms(start):
    try:
        import time

        return time.ticks_diff(time.ticks_ms(), start)
    except AttributeError:
        return _clock_ms() - start


def whole_number(option, text):
    """The value of --games, --max-deals (1 to a million) or --seed (0 to 2**32 - 1), in ASCII
    digits as tools/cli.py reads them (that module needs argparse, which MicroPython lacks)."""
    low, high = (0, 4294967295) if option == "--seed" else (1, 1000000)
    if not text or len(text) > 10 or text.strip("0123456789"):
        raise ValueError("%s needs a whole number in ASCII digits 0-9, not '%s'" % (option, text[:40]))
    number = int(text)
    if not low <= number <= high:
        raise ValueError("%s must be from %d to %d, not %s" % (option, low, high, text))
    return number


def parse_args(argv):
    """The options, or None for --help; ValueError with a one-line message."""
    options = {"game": "thousand", "games": 1, "seed": 1, "rules": None,
               "players": None, "max_deals": 400, "fast": False}
    i = 0
    while i < len(argv):
        word = argv[i]
        if word in ("-h", "--help"):
            return None
        if word == "--fast":
            options["fast"] = True
            i += 1
            continue
        if word not in ("--game", "--games", "--seed", "--max-deals", "--rules", "--players"):
            raise ValueError("unknown option '%s' (see --help)" % word)
        if i + 1 >= len(argv):
            raise ValueError("%s needs a value" % word)
        value = argv[i + 1]
        if word == "--games" or word == "--seed" or word == "--max-deals":
            options[word[2:].replace("-", "_")] = whole_number(word, value)
        elif word == "--game":
            if value not in GAMES:
                raise ValueError("unknown game '%s' (known: %s)" % (value, ", ".join(GAMES)))
            options["game"] = value
        elif word == "--rules":
            options["rules"] = value
        else:  # --players
            options["players"] = value
        i += 2
    five_hundred = options["game"] == "five_hundred"
    if options["rules"] is None:
        options["rules"] = "australian" if five_hundred else "classic"
    if five_hundred:
        from thousand.five_hundred.rules_table import PRESET_NAMES as presets
    else:
        presets = PRESET_NAMES
    if options["rules"] not in presets:
        raise ValueError("unknown rules preset '%s' (known: %s)" % (options["rules"], ", ".join(presets)))
    value = options["players"]
    if value is None:
        options["players"] = ["random"] * 3
    elif five_hundred and value in ("3", "4"):
        options["players"] = ["random"] * int(value)
    else:
        names = value.split(",")
        if five_hundred and len(names) not in (3, 4):
            raise ValueError("--players needs 3 or 4, or three or four names separated by commas")
        if not five_hundred and len(names) != 3:
            raise ValueError("--players needs three names separated by commas")
        options["players"] = names
    return options


def _player(level, seed):
    """thousand.bots.make_bot's player, the bots loaded only for a bot: random players play
    the engine alone (under MicroPython in a 96 KB heap, tests/test_micropython.py)."""
    if level == "random":
        return RandomPlayer(seed)
    from thousand.bots import make_bot

    return make_bot(level, seed)


def run(options):
    mem_alloc = getattr(gc, "mem_alloc", None)
    peak = [0]
    totals = {"games": 0, "deals": 0, "redeals": 0, "actions": 0, "decisions": 0,
              "unfinished_games": 0, "wins": [0, 0, 0]}

    collect = mem_alloc is not None and not options["fast"]

    def on_decision(decision, action):
        if mem_alloc is not None:
            if collect:
                gc.collect()  # live data only: what a smaller heap would have to hold
            used = mem_alloc()
            if used > peak[0]:
                peak[0] = used

    start = _clock_ms()
    for g in range(options["games"]):
        seed = options["seed"] * 1000 + g
        game = Game(Rules.preset(options["rules"]), seed=seed, keep_records=False)
        players = [_player(options["players"][s], seed * 3 + s) for s in range(3)]
        driver = TableDriver(game)
        deals = 0
        while not game.over and deals < options["max_deals"]:
            totals["decisions"] += driver.play_deal(players, on_decision)
            totals["actions"] += len(game.log)
            if game.last_result.result == REDEAL:
                totals["redeals"] += 1
            else:
                deals += 1
        totals["deals"] += deals
        totals["games"] += 1
        if game.over:
            totals["wins"][game.winner] += 1
        else:
            totals["unfinished_games"] += 1
        gc.collect()
    ms = _elapsed_ms(start)
    out = {"games": totals["games"], "deals": totals["deals"], "redeals": totals["redeals"],
           "actions": totals["actions"], "decisions": totals["decisions"],
           "wins": totals["wins"], "unfinished_games": totals["unfinished_games"],
           "players": options["players"], "rules": options["rules"], "seed": options["seed"],
           "seconds": ms / 1000, "deals_per_second": (totals["deals"] * 1000 // ms) if ms else None}
    if mem_alloc is not None:
        out["peak_alloc"] = peak[0]
    return out


def run_five_hundred(options):
    """``run`` for Five Hundred: the same figures, ``passed_out`` for the thrown-in deals
    (they count as deals) and ``wins`` per side."""
    from thousand.five_hundred import PASSED_OUT
    from thousand.five_hundred.bots import make_player as make_500_player
    from thousand.five_hundred.driver import TableDriver as Driver500
    from thousand.five_hundred.game import Game as Game500
    from thousand.five_hundred.rules import Rules as Rules500

    mem_alloc = getattr(gc, "mem_alloc", None)
    peak = [0]
    collect = mem_alloc is not None and not options["fast"]
    names = options["players"]
    n = len(names)
    rules = Rules500.from_dict({"preset": options["rules"], "players": n})
    totals = {"games": 0, "deals": 0, "passed_out": 0, "actions": 0, "decisions": 0,
              "unfinished_games": 0, "wins": [0] * rules.sides}

    def on_decision(decision, action):
        if mem_alloc is not None:
            if collect:
                gc.collect()
            used = mem_alloc()
            if used > peak[0]:
                peak[0] = used

    start = _clock_ms()
    for g in range(options["games"]):
        seed = options["seed"] * 1000 + g
        game = Game500(rules, seed=seed, keep_records=False)
        players = [make_500_player(names[s], seed * 4 + s) for s in range(n)]
        driver = Driver500(game)
        deals = 0
        while not game.over and deals < options["max_deals"]:
            totals["decisions"] += driver.play_deal(players, on_decision)
            totals["actions"] += len(game.log)
            if game.last_result.result == PASSED_OUT:
                totals["passed_out"] += 1
            deals += 1
        totals["deals"] += deals
        totals["games"] += 1
        if game.over and game.winner is not None:
            totals["wins"][game.winner] += 1
        elif not game.over:
            totals["unfinished_games"] += 1
        gc.collect()
    ms = _elapsed_ms(start)
    out = {"game": "five_hundred", "games": totals["games"], "deals": totals["deals"],
           "passed_out": totals["passed_out"], "actions": totals["actions"],
           "decisions": totals["decisions"], "wins": totals["wins"],
           "unfinished_games": totals["unfinished_games"], "players": names, "rules": options["rules"],
           "seed": options["seed"], "seconds": ms / 1000,
           "deals_per_second": (totals["deals"] * 1000 // ms) if ms else None}
    if mem_alloc is not None:
        out["peak_alloc"] = peak[0]
    return out


def main(argv):
    try:
        options = parse_args(argv)
        if options is None:
            return write_out(USAGE + "\n\n" + __doc__)
        if options["game"] == "five_hundred":
            from thousand.five_hundred.bots import LEVELS as known
        else:
            known = PLAYER_LEVELS
        for name in options["players"]:
            if name not in known:
                raise ValueError("unknown player '%s' (known: %s)" % (name, ", ".join(known)))
    except ValueError as error:
        sys.stderr.write("selfplay: %s\n" % error)
        return 2
    return write_out(json.dumps(run_five_hundred(options) if options["game"] == "five_hundred" else run(options)))


def write_out(text):
    """Print ``text``: 0, or 2 with one line on stderr when it cannot be written (a full disk, a
    closed stdout), as tools/cli.py's run says it (that module needs argparse)."""
    try:
        if sys.stdout is None:  # CPython started with stdout closed
            raise OSError(9, "standard output is closed")
        sys.stdout.write(text + "\n")
        if hasattr(sys.stdout, "flush"):
            sys.stdout.flush()
    except OSError as error:
        reason = error.strerror if getattr(error, "strerror", None) else error
        sys.stderr.write("selfplay.py: error: cannot write: %s\n" % reason)
        try:  # so that CPython's own flush at exit does not fail a second time
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        except Exception:  # MicroPython has no dup2: nothing is left to flush there
            pass
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
