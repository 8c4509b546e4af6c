# desktop-only: not bundled for the device (its strongest level is hard)
"""The ``expert`` level: an analysis opponent for the desktop, with no device budget.

    from thousand.bots.expert import make_expert
    bot = make_expert(seed=7)            # a Bot like the others: decide, begin/think_step

It sees what every level sees (one seat's view) and bids, gives and announces as hard
does; its card play searches from earlier in the deal (six cards left instead of five)
over more sampled deals, with a node budget that a desktop spends in about a second at
worst.  The bundle leaves this module out (its first line), the device's load plan does
not name it, and ``thousand.bots`` never imports it: the device cannot offer it.
"""

from thousand.bots import _PARAMS, Bot

LEVEL = "expert"

# (samples, search from this many cards in hand, node budget a decision, node cap a
# solver run): about 4 microseconds a node on CPython 3.11, so the budget is about a
# second; the rest of hard's parameters are kept.
SEARCH = (24, 6, 250000, 250000)


def make_expert(seed=0):
    """An expert bot with its own seeded random stream."""
    for name, params in _PARAMS:
        if name == "hard":
            return Bot(LEVEL, seed, SEARCH + params[len(SEARCH):])
    raise ValueError("no hard level to build the expert on")
