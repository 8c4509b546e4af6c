"""Measure the size of game saves: the position alone, with the score sheet, and every deal.

    python tools/save_sizes.py [--games N] [--target T] [--writes N] [--low-battery-from D]

Plays seeded random games (every move chosen among the legal ones, passes and the
lowest contract favoured so that games end) and saves after every move, as the
device does.  Sizes are whole records as stored: payload + 12 bytes of header and CRC.
The extra data saved with each position is what a controller keeps (its snapshot: bot
levels, two bot random states, seed, redeal questions).  "Every deal" is what a save
that restores by replaying the whole game from its start would hold instead of the
score sheet: the start state and every deal's cards and actions.

``--writes N`` also plays N whole seeded games (the human's moves chosen at random among
the legal ones, passes and the lowest contract favoured; the computer seats at
``normal``) through ``Saves`` on every board's policy (``thousand/persist/boards.py``) over
a model of the board's NVM and sleep memory (``tests/boardstores.py``), making the App's
calls (a new game, a save after each move of the human, ``end_deal`` at each deal's end),
and prints per board the flash writes and the erases they cost: per erased block on
SAMD51 and RP2040, per page of the NVS partition on ESP32-S3; "before" is the policy of
before (every save to an 8 KB SAMD51 NVM).  A 40-deal game's figure adds the new game's
and the end's erases to 40 times the erases per deal.  ``--low-battery-from D``: the
battery reads low from deal D on (every save then goes to the flash).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))

import cli  # noqa: E402  (tools/cli.py, beside this script)

from boardstores import MODELS, SleepMemory  # noqa: E402
from savecheck import step  # noqa: E402
from thousand.game import PHASE_CONTRACT, Game, unpack_deal  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand.rules import RulesError  # noqa: E402
from thousand import rules_check  # noqa: E402
from thousand import actions  # noqa: E402
from thousand.controller import HUMAN, Controller  # noqa: E402
from thousand.persist.coding import Writer  # noqa: E402
from thousand.persist.encode import encode_game, finished_count, put_deal, put_sheet_head, put_state  # noqa: E402
from thousand.persist.boards import _CYCLES as CYCLES, _SLEEP_BYTES as SLEEP_BYTES, POLICIES, policy_saves  # noqa: E402
from thousand.persist.saves import NEW_GAME, Saves  # noqa: E402
from thousand.persist.store import OVERHEAD, NvmStore  # noqa: E402
from thousand.sheet_rows import bytes_of  # noqa: E402

EXTRA = {"levels": ["normal", "normal"], "rng": [0x3FFFFFFF, 0x3FFFFFFF, 0x3FFFFFFF, 0x3FFFFFFF],
         "seed": 0xFFFFFF, "ask": None}


def sheet_bytes(game):
    """The score sheet as a save holds it: its count, its head and the game's rows' bytes."""
    count = finished_count(game)
    w = Writer()
    w.uint(count)
    if count:
        put_sheet_head(w, game.sheet.first_number, game.sheet.scores_before)
    return len(w.buf) + len(bytes_of(game.sheet, count))


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
        rules = rules_check.from_dict({"preset": preset, "target": target})
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
        rows += finished_count(game)
        row_bytes += sheet_bytes(game)
        deals_seen.append(len(game.sheet))
    return worst_position, worst_every, row_bytes / max(1, rows), by_deals, deals_seen


BEFORE = "before"  # every save to the NVM, as before issue 17: a SAMD51's
BOARDS = ("samd51", "rp2040", "esp32s3", BEFORE)
GOAL = {"samd51": 44, "rp2040": 27, "esp32s3": 27, BEFORE: 44}  # erases per erased unit, 40-deal game
DEALS_GOAL = 40
LOW_VOLTS, FULL_VOLTS = 3.4, 4.0


class Board:
    """One board's Saves over models of its NVM and sleep memory, and its erases by moment."""

    def __init__(self, name, battery):
        model = MODELS["samd51" if name == BEFORE else name]
        self.nvm = model()
        flash = NvmStore(self.nvm)
        if name == BEFORE:
            self.saves = Saves(flash)
        else:
            self.saves = policy_saves(name, flash, SleepMemory(POLICIES[name][SLEEP_BYTES]), battery)
        self.erases = {"new": 0, "move": 0, "deal": 0, "end": 0}
        self.calls = {"new": 0, "move": 0, "deal": 0, "end": 0}  # the saves made at each moment

    def call(self, moment, function):
        before = self.nvm.erases
        function(self.saves)
        self.erases[moment] += self.nvm.erases - before
        self.calls[moment] += 1


def human_choice(legal, chooser, phase):
    """The human's move: random, but passing often and announcing the lowest contract mostly
    (as savecheck.step), so that games end."""
    action = legal[chooser.below(len(legal))]
    if chooser.below(4):
        if actions.ACTION_PASS in legal:
            action = actions.ACTION_PASS
        elif phase == PHASE_CONTRACT:
            action = legal[0]
    return action


def app_calls(controller, chooser, deals=200):
    """The App's save calls over a whole game (or its first ``deals`` deals), as the game goes:
    (moment, call), ``call(saves)`` making the save; the moment "new" (a new game), "move"
    (after each move of the human), "deal" (a deal's end) or "end" (the game's)."""
    yield "new", lambda saves: saves.save_game(controller, NEW_GAME)
    played = 0
    while not controller.over() and played < deals:
        controller.next_deal()
        played += 1
        while not controller.between_deals() and not controller.over():
            decision = controller.human_decision()
            if decision is None:
                controller.step()
                continue
            controller.act(human_choice(decision.legal, chooser, controller.game.phase))
            if not controller.between_deals() and not controller.over():
                yield "move", lambda saves: saves.save_game(controller)
        yield ("end" if controller.over() else "deal"), lambda saves: saves.end_deal(controller, HUMAN)


def count_writes(seed, rules, boards=BOARDS, low_from=None):
    """(deals, {board: Board}) of one whole game saved on each board as the App saves it."""
    volts = [FULL_VOLTS]
    played = dict((name, Board(name, lambda: volts[0])) for name in boards)
    controller = Controller(rules, levels=("normal", "normal"), seed=seed)
    deals = 0
    for moment, call in app_calls(controller, Rng(seed + 11)):
        if low_from is not None and controller.game.deal_number >= low_from:
            volts[0] = LOW_VOLTS
        for board in played.values():
            board.call(moment, call)
        deals += moment in ("deal", "end")
    return deals, played


def erases_text(board, deals):
    """The erases of one game, and of a 40-deal game at the same rate per deal."""
    e = board.erases
    per_deal = (e["deal"] + e["move"]) / deals
    forty = e["new"] + e["end"] + per_deal * DEALS_GOAL
    return forty, "%.1f erases (%.2f a deal; a %d-deal game: %.1f)" % (sum(e.values()), per_deal, DEALS_GOAL, forty)


def print_writes(games, rules, low_from):
    worst = {}
    for seed in range(games):
        deals, played = count_writes(seed, rules, low_from=low_from)
        for name in BOARDS:
            board = played[name]
            forty, text = erases_text(board, deals)
            worst[name] = max(worst.get(name, 0), forty)
            print("%s game %d, %d deals: %d flash writes, %s" % (name, seed, deals, board.nvm.writes, text))
    for name in BOARDS:
        cycles = POLICIES["samd51" if name == BEFORE else name][CYCLES]
        print("%s: at most %.1f erases per erased unit in a %d-deal game (goal %d): %d such games in %d cycles"
              % (name, worst[name], DEALS_GOAL, GOAL[name], cycles // max(1, worst[name]), cycles))


def main(argv=None):
    parser = cli.Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=cli.positive, default=10)
    parser.add_argument("--target", type=cli.positive, default=1000)
    parser.add_argument("--preset", type=cli.preset, default="full")
    parser.add_argument("--deals", type=cli.positive, default=60, help="stop a game after this many deals")
    parser.add_argument("--writes", type=cli.count, default=0, help="whole games whose flash writes are counted")
    parser.add_argument("--low-battery-from", type=cli.positive, default=None,
                        help="with --writes: the battery reads low from this deal on")
    args = parser.parse_args(argv)
    try:
        rules_check.from_dict({"preset": args.preset, "target": args.target})
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
    if args.writes:
        rules = rules_check.from_dict({"preset": args.preset, "target": args.target})
        print_writes(args.writes, rules, args.low_battery_from)
    return 0


if __name__ == "__main__":
    cli.run(main)
