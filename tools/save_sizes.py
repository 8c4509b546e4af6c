"""Measure the size of game saves: the position alone, with the score sheet, and every deal.

    python tools/save_sizes.py [--games N] [--target T]

Plays seeded random games (every move chosen among the legal ones, passes and the
lowest contract favoured so that games end) and saves after every move, as the
device does.  Sizes are whole records as stored: payload + 12 bytes of header and CRC.
The extra data saved with each position is what a controller keeps (its snapshot: bot
levels, two bot random states, seed, redeal questions).  "Every deal" is what a save
that restores by replaying the whole game from its start would hold instead of the
score sheet: the start state and every deal's cards and actions.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))

from savecheck import step  # noqa: E402
from thousand.game import Game  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand.rules import Rules  # noqa: E402
from thousand.persist.encode import Writer, encode_game, finished_rows, put_deal, put_sheet, put_state  # noqa: E402
from thousand.persist.store import OVERHEAD, NvmStore  # noqa: E402

EXTRA = {"levels": ["normal", "normal"], "rng": [0x3FFFFFFF, 0x3FFFFFFF, 0x3FFFFFFF, 0x3FFFFFFF],
         "seed": 0xFFFFFF, "ask": None}


def sheet_bytes(game):
    w = Writer()
    put_sheet(w, finished_rows(game))
    return len(w.buf)


def every_deal_bytes(game):
    """The start state and every deal's cards and actions (no score sheet)."""
    w = Writer()
    put_state(w, game.start)
    for dealt, _talon, log in game.records:
        put_deal(w, dealt, log)
    return len(w.buf)


def measure(games, target, preset, max_deals):
    worst_position = 0
    worst_every = 0
    rows = 0
    row_bytes = 0
    by_deals = {}
    deals_seen = []
    for seed in range(games):
        rules = Rules.from_dict({"preset": preset, "target": target})
        game = Game(rules, seed=seed)
        chooser = Rng(seed + 7)
        sheet = 0
        while len(game.sheet) <= max_deals:
            compact = len(encode_game(game, EXTRA)) + OVERHEAD
            if game.phase >= 6:  # between deals: the sheet just grew
                sheet = sheet_bytes(game)
                by_deals[len(game.sheet)] = max(by_deals.get(len(game.sheet), 0), compact)
            worst_position = max(worst_position, compact - sheet)
            if not step(game, chooser):
                break
        worst_every = max(worst_every, len(encode_game(game, EXTRA)) + OVERHEAD - sheet_bytes(game)
                          + every_deal_bytes(game))
        rows += len(finished_rows(game))
        row_bytes += sheet_bytes(game)
        deals_seen.append(len(game.sheet))
    return worst_position, worst_every, row_bytes / max(1, rows), by_deals, deals_seen


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--target", type=int, default=1000)
    parser.add_argument("--preset", default="full")
    parser.add_argument("--deals", type=int, default=60, help="stop a game after this many deals")
    args = parser.parse_args(argv)
    pos, every, per_row, by_deals, deals = measure(args.games, args.target, args.preset, args.deals)
    print("games: %d (%s, target %d), deals per game: %d to %d (redeals included)"
          % (args.games, args.preset, args.target, min(deals), max(deals)))
    print("position (current deal, no score sheet): at most %d bytes" % pos)
    print("score sheet: %.1f bytes per deal on average" % per_row)
    for n in (10, 20, 30, 40, 50, 60):
        if n in by_deals:
            print("save with %d deals on the sheet: at most %d bytes" % (n, by_deals[n]))
    print("a save holding every deal's cards and actions instead of the sheet, largest: %d bytes" % every)
    nvm = NvmStore(bytearray(4096))
    print("room for the game in a 4 KB NVM (RP2040): %d bytes; 8 KB (SAMD51, ESP32-S3): %d bytes"
          % (nvm.capacity("game"), NvmStore(bytearray(8192)).capacity("game")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
