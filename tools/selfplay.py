"""Play whole games between computer players and print one JSON line of figures.

    python tools/selfplay.py --games 10 --seed 1 --players random,random,random
    MICROPYPATH=. micropython -X heapsize=64K tools/selfplay.py --games 3 --seed 1

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

from thousand.driver import TableDriver, make_player, player_names  # noqa: E402
from thousand.game import Game  # noqa: E402
from thousand.rules import PRESET_NAMES, Rules  # noqa: E402
from thousand.scoring import REDEAL  # noqa: E402

USAGE = ("usage: selfplay.py [--games N] [--seed S] [--rules PRESET] "
         "[--players P,P,P] [--max-deals N] [--fast]")


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


def parse_args(argv):
    """The options, or None for --help; ValueError with a one-line message."""
    options = {"games": 1, "seed": 1, "rules": "classic",
               "players": ["random", "random", "random"], "max_deals": 400, "fast": False}
    i = 0
    while i < len(argv):
        word = argv[i]
        if word in ("-h", "--help"):
            return None
        if word == "--fast":
            options["fast"] = True
            i += 1
            continue
        if word not in ("--games", "--seed", "--max-deals", "--rules", "--players"):
            raise ValueError("unknown option '%s' (see --help)" % word)
        if i + 1 >= len(argv):
            raise ValueError("%s needs a value" % word)
        value = argv[i + 1]
        if word == "--games" or word == "--seed" or word == "--max-deals":
            try:
                number = int(value)
            except ValueError:
                raise ValueError("%s needs a whole number, not '%s'" % (word, value))
            if word != "--seed" and number < 1:
                raise ValueError("%s must be at least 1" % word)
            options[word[2:].replace("-", "_")] = number
        elif word == "--rules":
            if value not in PRESET_NAMES:
                raise ValueError("unknown rules preset '%s' (known: %s)" % (value, ", ".join(PRESET_NAMES)))
            options["rules"] = value
        else:  # --players
            names = value.split(",")
            if len(names) != 3:
                raise ValueError("--players needs three names separated by commas")
            options["players"] = names
        i += 2
    return options


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
        players = [make_player(options["players"][s], seed * 3 + s) for s in range(3)]
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


def main(argv):
    try:
        options = parse_args(argv)
        if options is None:
            print(USAGE + "\n\n" + __doc__)
            return 0
        for name in options["players"]:
            if name not in player_names():
                raise ValueError("unknown player '%s' (known: %s)" % (name, ", ".join(player_names())))
    except ValueError as error:
        sys.stderr.write("selfplay: %s\n" % error)
        return 2
    print(json.dumps(run(options)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
