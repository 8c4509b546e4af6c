"""The device game on the 64-bit unix port (``tools/device_budget.py``'s ``run_unix``): the
robot's whole visit in one loop, a collection before every step.  Compiled beside
``device_robot.mpy`` as ``device_main.mpy`` and run by ``main()`` (``-c``), so that the robot
the VM loads holds none of this, and no compiler's blocks are left in the heap.

Its arguments are the robot's (tools/device_budget.py's ``unix_command``): the board, the
levels, the preset, the seed, the deals, the drive, sleep memory's bytes and the games; then a
mode; then whether the board reloads, the language's index and Five Hundred's players (0:
Thousand).  The mode ``one`` plays in one process (the 64-bit port).

With the mode ``start-names``: only the heap and the name pool before the game.  With the
mode ``fresh`` (``device_budget.py --unix32``): each reload ends the program, as
it ends a board's VM: it prints "carry TEXT" (what the robot's ``carry`` gives a fresh VM, the
NVM and sleep memory in ``reload.bin``) and the parent starts a fresh process, which reads TEXT
from ``carry.txt`` (an argument would be interned: a name of at most 255 bytes).  It prints
"start_live BYTES" (the heap in use once the stand-ins and the robot are imported, before the
game), "start_names" and the name pool then (MicroPython's "qstr pool: ..." line and its
names, "Q(NAME)" a line), which it then makes the firmware's (``as_the_firmwares``),
"pool_at_peak GAME" and the pool's line at each new most heap in use
of a game, and "game_peak GAME BYTES SCREEN" per game it played in (the most heap in use
between ticks, and the screen then); on a MemoryError, "stopped_at GAME:SCREEN DEALS" first.

With the mode ``reload-cost``: after each of the app's reloads, what the fresh
program does until its first screen is drawn (its modules imported afresh, the save read and
the position replayed, the screen built) runs inside ``filter``'s iteration, which
``valgrind --tool=callgrind --toggle-collect=filter_iternext`` counts alone
(``tools/device_budget.py --reload-cost``); a line "reload N SCREEN DEAL" says what each was.
"""

import gc
import os
import sys

import micropython


def as_a_board():
    """The bundle's folder (the working directory) made the drive's root and ``sys.path`` a
    board's ("", "/", "/lib"), so that each module is imported as a board imports it,
    "/lib/thousand/game.mpy": the import interns that path, and the bundle names each ``.mpy``
    by it for tracebacks (tools/bundle.py), one name for both.  Imported from the folder's own
    path the two differ, and a name more a module went into the pool (about 90 names, 2 KB
    at the table: docs/memory.md)."""
    root = os.getcwd()
    os.umount("/")
    os.mount(os.VfsPosix(root), "/")
    os.chdir("/")
    sys.path[:] = ["", "/", "/lib"]


def stand_ins():
    """The stand-ins for CircuitPython's C modules (each ``.mpy`` at the drive's root but the
    robot's), imported before the game as tools/wasm32/steps.mjs imports them: their names
    are the firmware's, as on a board, not the game's."""
    for name in sorted(os.listdir("/")):
        if name.endswith(".mpy") and not name.startswith("device_"):
            __import__(name[:-4])


as_a_board()
stand_ins()
from device_robot import Robot  # noqa: E402  (from the board's drive: as_a_board)


def main():
    # the Robot's arguments in its order (tools/device_budget.py's unix_command gives them)
    options = (sys.argv[1], sys.argv[2].split(","), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6] == "1",
               int(sys.argv[7]), int(sys.argv[8]), sys.argv[10] == "1", int(sys.argv[11]), int(sys.argv[12]))
    cost = sys.argv[9] == "reload-cost"
    fresh = sys.argv[9] == "fresh"
    gc.collect()
    print("start_live %d" % gc.mem_alloc())
    if fresh or sys.argv[9] == "start-names":  # the name pool before the game: the stand-ins' and the robot's names
        print("start_names")
        micropython.qstr_info(1)
        if not fresh:
            return
        as_the_firmwares()
    robot = Robot(*options)
    if fresh:
        if "carry.txt" in os.listdir():
            with open("carry.txt") as file:
                robot.carry_in(eval(file.read()))
    peak = 0
    peaks = {}  # game: (the most heap in use between its ticks, the screen then)
    reloads = 0
    while True:
        gc.collect()
        live = gc.mem_alloc()
        peak = max(peak, live)
        if live > peaks.get(robot.game, (0,))[0]:
            peaks[robot.game] = (live, robot.where())
            if fresh:  # and the name pool then ("pool_at_peak GAME", the pool's line)
                print("pool_at_peak %d" % robot.game)
                micropython.qstr_info()
        try:
            going = robot.step()
        except MemoryError:  # where it stopped: the tool's ``stopped_at``
            print("stopped_at %s %d" % (robot.where(), robot.deals))
            raise
        if not going:
            break
        if robot.reloading and fresh:  # the program ends, as a board's VM does
            print("carry " + robot.carry())
            break
        if robot.reloading:  # the app's supervisor.reload(): not a fresh VM here, its modules let go
            kept = robot.kept()
            robot = None
            for name in [name for name in sys.modules if name.startswith("thousand")]:
                del sys.modules[name]
            gc.collect()
            robot = Robot(*options)
            robot.carry_in(kept)
            if cost:  # the fresh program to its first screen drawn, counted alone
                next(filter(to_first_screen, (robot,)))
                reloads += 1
                print("reload %d %s %d" % (reloads, robot.app.screen_name, robot.deals))
    if not robot.reloading:
        print(robot.summary())
    for game in peaks:
        print("game_peak %d %d %s" % (game, peaks[game][0], peaks[game][1].partition(":")[2]))
    print("peak_live %d" % peak)
    if fresh:
        micropython.qstr_info()  # "qstr pool: n_pool=P, n_qstr=N, ...": the names this program held


def as_the_firmwares():
    """The names interned so far, the stand-ins' and the robot's, made the firmware's, as a
    board's C modules' names are: on the port tools/unix32/build.sh builds, which says "qstr
    pool sealed", the game's names then fill tables of 20, 40, 80 ... entries, as a board's
    program's do.  Then, for the names of those that the game's modules bring too (on a board
    the game interns them), as many names of the same lengths (``placeholders.txt``,
    tools/device_budget.py's ``placeholders``), so that the pool holds what a board's does."""
    micropython.qstr_info(2)
    if "placeholders.txt" in os.listdir():
        with open("placeholders.txt") as file:
            for name in file.read().split("\n"):
                if name:
                    hasattr(None, name)  # an attribute's name: interned


def to_first_screen(robot):
    """The robot's steps until the app's first screen is built and drawn."""
    while robot.app is None or robot.app.screen is None:
        robot.step()
    return True


if __name__ == "__main__":
    main()
