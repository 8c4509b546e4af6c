"""Measure the size of game saves: the position alone, with the score sheet, full depth.

    python tools/save_sizes.py [--games N] [--target T]

Plays seeded random games (every move chosen among the legal ones, passes and the
lowest contract favoured so that games end) and saves after every move, as the
device does.  Sizes are whole records as stored: payload + 12 bytes of header and CRC.
The extra data saved with each position is what a controller would keep (human seat,
bot levels, two bot random states).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))

import cli  # noqa: E402  (tools/cli.py, beside this script)

from savecheck import step  # noqa: E402
from thousand.game import Game  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand.rules import Rules, RulesError  # noqa: E402
from thousand.save import Writer, encode_game, put_sheet, _sheet_rows  # noqa: E402
from thousand.storage import OVERHEAD, MemoryNvm, NvmStore  # noqa: E402

EXTRA = {"human": 0, "bots": ["normal", "normal"],
         "bot_rng": [0x3FFFFFFF, 0x3FFFFFFF, 0x3FFFFFFF, 0x3FFFFFFF]}


def sheet_bytes(game):
    w = Writer()
    put_sheet(w, _sheet_rows(game))
    return len(w.buf)


def measure(games, target, preset, max_deals):
    worst_position = 0
    worst_full = 0
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
            compact = len(encode_game(game, EXTRA, full=False)) + OVERHEAD
            if game.phase >= 6:  # between deals: the sheet just grew
                sheet = sheet_bytes(game)
                by_deals[len(game.sheet)] = max(by_deals.get(len(game.sheet), 0), compact)
            worst_position = max(worst_position, compact - sheet)
            if not step(game, chooser):
                break
        worst_full = max(worst_full, len(encode_game(game, EXTRA, full=True)) + OVERHEAD)
        rows += len(_sheet_rows(game))
        row_bytes += sheet_bytes(game)
        deals_seen.append(len(game.sheet))
    return worst_position, worst_full, row_bytes / max(1, rows), by_deals, deals_seen


def main(argv=None):
    parser = cli.Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=cli.positive, default=10)
    parser.add_argument("--target", type=cli.positive, default=1000)
    parser.add_argument("--preset", type=cli.preset, default="full")
    parser.add_argument("--deals", type=cli.positive, default=60, help="stop a game after this many deals")
    args = parser.parse_args(argv)
    try:
        Rules.from_dict({"preset": args.preset, "target": args.target})
    except RulesError as error:
        parser.error(str(error))
    pos, full, per_row, by_deals, deals = measure(args.games, args.target, args.preset, args.deals)
    print("games: %d (%s, target %d), deals per game: %d to %d (redeals included)"
          % (args.games, args.preset, args.target, min(deals), max(deals)))
    print("position (current deal, no score sheet): at most %d bytes" % pos)
    print("score sheet: %.1f bytes per deal on average" % per_row)
    for n in (10, 20, 30, 40, 50, 60):
        if n in by_deals:
            print("compact save with %d deals on the sheet: at most %d bytes" % (n, by_deals[n]))
    print("full save (desktop file: every deal's cards and actions), largest: %d bytes" % full)
    nvm = NvmStore(MemoryNvm(4096))
    print("room for the game in a 4 KB NVM (RP2040): %d bytes; 8 KB (SAMD51, ESP32-S3): %d bytes"
          % (nvm.capacity("game"), NvmStore(MemoryNvm(8192)).capacity("game")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
