"""One bot game for measuring device cost; runs under MicroPython (and CPython).

    micropython bench_game_mpy.py LEVELS SEED MAX_DEALS [peak]

``tools/bench_bots.py`` runs this on the ``.mpy`` build.  Every decision goes
through ``next(filter(decide, ...))`` so that ``valgrind --tool=callgrind
--toggle-collect=filter_iternext --dump-after=filter_iternext`` counts exactly the
instructions of each decision, one profile dump per decision (the engine's own
work between decisions is not counted).  Prints the phase of every decision in
order (``phases: ...``); with ``peak``, also the most live heap seen after any
decision (``gc.mem_alloc()`` right after ``gc.collect()``); then ``done``.

``BenchGame.step`` plays one decision at a time, so that a host which can collect
garbage only between calls into the VM (the WebAssembly port, driven by
``tools/wasm32/steps.mjs``) plays the same game decision by decision.
"""

import gc
import sys

if sys.implementation.name != "micropython":  # there MICROPYPATH says where the game is
    import os

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from thousand.bots import LEVELS, make_bot  # noqa: E402
from thousand.driver import TableDriver  # noqa: E402
from thousand.game import Game  # noqa: E402
from thousand.rules import Rules  # noqa: E402

USAGE = "usage: bench_game_mpy.py [LEVELS [SEED [MAX_DEALS [peak]]]]  (hard,hard,hard 1 1000)"


class BenchGame:
    """A whole classic game of bots at ``levels``, played one decision per ``step()``."""

    def __init__(self, levels, seed, max_deals):
        self.game = Game(Rules.preset("classic"), seed=seed, keep_records=False)
        self.bots = [make_bot(levels[s], seed * 3 + s) for s in range(3)]
        self.driver = TableDriver(self.game)
        self.max_deals = max_deals
        self.deals = 0
        self.in_deal = False
        self.bot = None
        self.choice = None

    def decide(self, view):
        self.choice = self.bot.decide(view)
        return True

    def step(self):
        """Plays the next decision and writes its phase; False once the game is over."""
        while True:
            if not self.in_deal:
                if self.game.over or self.deals >= self.max_deals:
                    return False
                self.game.start_deal()
                self.in_deal = True
            decision = self.driver.pending()
            if decision is not None:
                break
            self.in_deal = False
            self.deals += 1
            gc.collect()
        self.bot = self.bots[decision.seat]
        view = self.driver.view_for(self.bot, decision)
        next(filter(self.decide, (view,)))
        # Written at once, not kept: a growing list would be the biggest block on the heap.
        sys.stdout.write(str(view.phase))
        self.driver.answer(decision, self.choice)
        return True

    def summary(self):
        return "scores %s winner %s deals %d" % (self.game.scores, self.game.winner, self.deals)


def parse_args(args):
    """(levels, seed, max_deals, track_peak) from the words after the script's name;
    ValueError with a one-line message.  By hand: MicroPython has no argparse."""
    for word in args:
        if word.startswith("--"):
            raise ValueError("unknown option '%s'" % word)
    if len(args) > 4:
        raise ValueError("at most four arguments")
    levels = args[0].split(",") if args else ["hard", "hard", "hard"]
    if len(levels) != 3 or any(name not in LEVELS for name in levels):
        raise ValueError("LEVELS is three of %s separated by commas, not '%s'" % (", ".join(LEVELS), args[0]))
    numbers = [1, 1000]  # SEED, MAX_DEALS
    for i, word in enumerate(args[1:3]):
        try:
            numbers[i] = int(word)
        except ValueError:
            raise ValueError("'%s' is not a whole number" % word)
    if numbers[1] < 1:
        raise ValueError("MAX_DEALS must be 1 or more")
    if len(args) > 3 and args[3] != "peak":
        raise ValueError("the fourth argument can only be 'peak', not '%s'" % args[3])
    return levels, numbers[0], numbers[1], len(args) > 3


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(USAGE + "\n\n" + __doc__)
        return
    try:
        levels, seed, max_deals, track_peak = parse_args(argv[1:])
    except ValueError as error:
        sys.stderr.write("bench_game_mpy.py: error: %s (see --help)\n" % error)
        sys.exit(2)
    peak = 0
    bench = BenchGame(levels, seed, max_deals)
    sys.stdout.write("phases: ")
    while bench.step():
        if track_peak:
            gc.collect()  # live data only, after every decision
            used = gc.mem_alloc()
            if used > peak:
                peak = used
    print()
    print(bench.summary())
    if track_peak:
        print("peak_alloc", peak)
    print("done")


if __name__ == "__main__":
    main(sys.argv)
