"""Measure the size of game saves: the position alone, with the score sheet, and every deal.

    python tools/save_sizes.py [--games N] [--target T] [--writes N]

Plays seeded random games (every move chosen among the legal ones, passes and the
lowest contract favoured so that games end) and saves after every move, as the
device does.  Sizes are whole records as stored: payload + 12 bytes of header and CRC.
The extra data saved with each position is what a controller keeps (its snapshot: bot
levels, two bot random states, seed, redeal questions).  "Every deal" is what a save
that restores by replaying the whole game from its start would hold instead of the
score sheet: the start state and every deal's cards and actions.

``--writes N`` also plays N whole seeded games (the human's moves chosen at random among
the legal ones, passes and the lowest contract favoured; the computer seats at
``normal``) through ``Saves`` over an 8 KB NVM, making the App's calls (a save after each move of the human, at each deal end the save
and the statistics, at the game's end the statistics and clearing the save), and prints
the writes under today's policy: on a SAMD51 or RP2040 each one is an erase of the
NVM's flash (docs/saves.md, issue 17).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))

import cli  # noqa: E402  (tools/cli.py, beside this script)

from savecheck import step  # noqa: E402
from thousand.game import PHASE_CONTRACT, Game, unpack_deal  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand.rules import Rules, RulesError  # noqa: E402
from thousand import actions  # noqa: E402
from thousand.controller import HUMAN, Controller  # noqa: E402
from thousand.persist.coding import Writer  # noqa: E402
from thousand.persist.encode import encode_game, finished_rows, put_deal, put_sheet, put_state  # noqa: E402
from thousand.persist.saves import DEAL_END, NEW_GAME, Saves  # noqa: E402
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
    for dealt, _talon, log in map(unpack_deal, game.records):
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


def count_writes(seed, rules, max_deals=200):
    """(NVM writes, deals) of one whole game saved as the App saves it."""
    store = NvmStore(bytearray(8192))
    saves = Saves(store)
    controller = Controller(rules, levels=("normal", "normal"), seed=seed)
    chooser = Rng(seed + 11)
    saves.save_game(controller, NEW_GAME)
    deals = 0
    while not controller.over() and deals < max_deals:
        controller.next_deal()
        deals += 1
        while not controller.between_deals() and not controller.over():
            decision = controller.human_decision()
            if decision is None:
                controller.step()
                continue
            legal = decision.legal
            action = legal[chooser.below(len(legal))]
            if chooser.below(4):  # pass often and announce the lowest contract, as in savecheck.step
                if actions.ACTION_PASS in legal:
                    action = actions.ACTION_PASS
                elif controller.game.phase == PHASE_CONTRACT:
                    action = legal[0]
            controller.act(action)
            if not controller.between_deals() and not controller.over():
                saves.save_game(controller)
        if not controller.over():
            saves.save_game(controller, DEAL_END)
        stats = saves.load_stats()
        counted = stats.record_deal(controller.game, HUMAN)
        if controller.over():
            counted = stats.record_game(controller.game, HUMAN) or counted
        if counted:
            saves.save_stats(stats)
    if controller.over():
        saves.clear_game()
    return store.writes, deals


def main(argv=None):
    parser = cli.Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=cli.positive, default=10)
    parser.add_argument("--target", type=cli.positive, default=1000)
    parser.add_argument("--preset", type=cli.preset, default="full")
    parser.add_argument("--deals", type=cli.positive, default=60, help="stop a game after this many deals")
    parser.add_argument("--writes", type=cli.count, default=0, help="whole games whose NVM writes are counted")
    args = parser.parse_args(argv)
    try:
        Rules.from_dict({"preset": args.preset, "target": args.target})
    except RulesError as error:
        parser.error(str(error))
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
    for seed in range(args.writes):
        rules = Rules.from_dict({"preset": args.preset, "target": args.target})
        writes, deals = count_writes(seed, rules)
        print("NVM writes, today's policy (a save after each move of the human): game %d, %d deals:"
              " %d writes, %.1f a deal" % (seed, deals, writes, writes / deals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
