"""One bot game for measuring device cost; runs under MicroPython (and CPython).

    micropython bench_game_mpy.py LEVELS SEED MAX_DEALS [peak]

``tools/bench_bots.py`` runs this on the ``.mpy`` build.  Every decision goes
through ``next(filter(decide, ...))`` so that ``valgrind --tool=callgrind
--toggle-collect=filter_iternext --dump-after=filter_iternext`` counts exactly the
instructions of each decision, one profile dump per decision (the engine's own
work between decisions is not counted).  Prints the phase of every decision in
order (``phases: ...``); with ``peak``, also the most live heap seen after any
decision (``gc.mem_alloc()`` right after ``gc.collect()``); then ``done``.
"""

import gc
import sys

from thousand.bots import make_bot
from thousand.driver import TableDriver
from thousand.game import Game
from thousand.rules import Rules


def main():
    levels = sys.argv[1].split(",") if len(sys.argv) > 1 else ["hard", "hard", "hard"]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    max_deals = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    track_peak = len(sys.argv) > 4 and sys.argv[4] == "peak"
    peak = 0
    game = Game(Rules.preset("classic"), seed=seed, keep_records=False)
    bots = [make_bot(levels[s], seed * 3 + s) for s in range(3)]
    holder = [None, None]

    def decide(view):
        holder[1] = holder[0].decide(view)
        return True

    driver = TableDriver(game)
    deals = 0
    sys.stdout.write("phases: ")
    while not game.over and deals < max_deals:
        game.start_deal()
        while True:
            decision = driver.pending()
            if decision is None:
                break
            holder[0] = bots[decision.seat]
            view = driver.view_for(holder[0], decision)
            next(filter(decide, (view,)))
            # Written at once, not kept: a growing list would be the biggest block on the heap.
            sys.stdout.write(str(view.phase))
            driver.answer(decision, holder[1])
            if track_peak:
                gc.collect()  # live data only, after every decision
                used = gc.mem_alloc()
                if used > peak:
                    peak = used
        deals += 1
        gc.collect()
    print()
    print("scores", game.scores, "winner", game.winner, "deals", deals)
    if track_peak:
        print("peak_alloc", peak)
    print("done")


main()
