"""How much of CircuitPython's Python stack (the "pystack") the game needs: an estimate.

    python tools/pystack_need.py --levels hard,hard,hard --seed 1 --deals 4

CircuitPython keeps the frame of every running Python function on a stack of its own,
``CIRCUITPY_PYSTACK_SIZE`` bytes (2048 on CircuitPython 10 unless ``settings.toml`` says more); past it a
call fails with ``RuntimeError: pystack exhausted``.  The bots' search recurses two
frames per card still to play, so its need grows with the cards it searches.  Neither
the desktop nor the unix ``micropython`` keeps a pystack, so this tool estimates it:

* it plays a game of bots under CPython with ``sys.setprofile`` and follows every
  Python frame from the bot's ``think_step`` (where the screens hand a bot its time
  slice) down to the deepest solver node;
* a frame is counted as on a 32-bit board: a 20-byte header, 4 bytes for each local
  and each value-stack slot (CPython's ``co_nlocals`` and ``co_stacksize``, which
  MicroPython's compiler counts alike), 12 bytes for an exception handler, rounded
  up to 8 bytes; generators are not counted (their frames live in the heap);
* the screens' frames under ``think_step`` (code.py, ``main``, ``App.run``,
  ``App.tick``, ``App.play``, ``Controller.step``) and the keep-alive the search calls
  (``App.keep_alive`` and the table screen's ``tick``) are added from their code.

The result is an estimate (CPython's stack depths are close to MicroPython's, not
equal), so ``tools/bundle.py`` writes ``CIRCUITPY_PYSTACK_SIZE`` with a margin over it.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import cli  # noqa: E402  (tools/cli.py, beside this script)

from thousand.bots import make_bot  # noqa: E402
from thousand.driver import TableDriver  # noqa: E402
from thousand.game import Game  # noqa: E402
from thousand.rules import Rules  # noqa: E402

# CircuitPython 10's CIRCUITPY_PYSTACK_SIZE (py/circuitpy_mpconfig.h)
DEFAULT_PYSTACK = 2048
HEADER_BYTES = 20  # mp_code_state_t up to its state: 3 pointers, 2 uint16, 1 pointer
SLOT_BYTES = 4
HANDLER_BYTES = 12  # mp_exc_stack_t: 3 words
ALIGN = 8
CO_GENERATOR = 0x20


def frame_bytes(code):
    """Estimated pystack bytes of one call of ``code`` on a 32-bit CircuitPython board."""
    slots = code.co_nlocals + len(code.co_cellvars) + len(code.co_freevars) + code.co_stacksize
    handlers = 1 if getattr(code, "co_exceptiontable", b"") else 0
    size = HEADER_BYTES + SLOT_BYTES * slots + HANDLER_BYTES * handlers
    return (size + ALIGN - 1) // ALIGN * ALIGN


def screen_frames():
    """(name, bytes) of the screens' frames under a bot's think_step, and of the keep-alive."""
    from thousand import controller
    from thousand.ui import app, table

    with open(os.path.join(ROOT, "code.py")) as f:
        code_py = compile(f.read(), "code.py", "exec")
    below = [("code.py", code_py), ("app.main", app.main.__code__), ("App.run", app.App.run.__code__),
             ("App.tick", app.App.tick.__code__), ("App.play", app.App.play.__code__),
             ("Controller.step", controller.Controller.step.__code__)]
    above = [("App.keep_alive", app.App.keep_alive.__code__),
             ("TableScreen.tick", table.TableScreen.tick.__code__)]
    return [(n, frame_bytes(c)) for n, c in below], [(n, frame_bytes(c)) for n, c in above]


class StackWatch:
    """Follows the frames above ``think_step`` and keeps the deepest total seen."""

    def __init__(self):
        self.depth_bytes = 0
        self.chain = []  # (name, bytes) of the frames counted now
        self.active = False
        self.most = 0
        self.most_chain = []

    def __call__(self, frame, event, _arg):
        if event == "call":
            code = frame.f_code
            if not self.active:
                if code.co_name != "think_step":
                    return
                self.active = True
            if code.co_flags & CO_GENERATOR:
                self.chain.append(None)  # resumed generators: in the heap, not the pystack
                return
            size = frame_bytes(code)
            self.chain.append((code.co_name, size))
            self.depth_bytes += size
            if self.depth_bytes > self.most:
                self.most = self.depth_bytes
                self.most_chain = [entry for entry in self.chain if entry is not None]
        elif event == "return" and self.active:
            entry = self.chain.pop()
            if entry is not None:
                self.depth_bytes -= entry[1]
            if not self.chain:
                self.active = False


def measure(levels, seed, deals):
    game = Game(Rules.preset("classic"), seed=seed, keep_records=False)
    players = [make_bot(levels[s], seed * 3 + s) for s in range(3)]
    for bot in players:  # decide() runs think_step slices, as the screens do
        bot.on_tick = lambda: None  # set as the screens set it, so the solver takes that branch
    driver = TableDriver(game)
    watch = StackWatch()
    sys.setprofile(watch)
    try:
        for _ in range(deals):
            if game.over:
                break
            driver.play_deal(players)
    finally:
        sys.setprofile(None)
    return watch


def estimate(levels, seed, deals):
    """(bytes needed, the bots' StackWatch, screens' frames below, keep-alive frames above)."""
    watch = measure(levels, seed, deals)
    below, above = screen_frames()
    return watch.most + sum(size for _n, size in below + above), watch, below, above


def main(argv=None):
    p = cli.Parser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", type=cli.levels, default="hard,hard,hard")
    p.add_argument("--seed", type=cli.seed, default=1)
    p.add_argument("--deals", type=cli.positive, default=4)
    args = p.parse_args(argv)
    need, watch, below, above = estimate(args.levels.split(","), args.seed, args.deals)
    print("bots, from think_step to the deepest node: %d bytes in %d frames" % (
        watch.most, len(watch.most_chain)))
    names = [name for name, _size in watch.most_chain]
    print("  deepest chain: " + " > ".join(names[:6]) + (" > ... (%d more)" % (len(names) - 6)
                                                         if len(names) > 6 else ""))
    print("screens under it and the keep-alive above it: %d bytes (%s)" % (
        need - watch.most, ", ".join("%s %d" % entry for entry in below + above)))
    print("estimated pystack need: %d bytes (CircuitPython 10's default: %d)" % (need, DEFAULT_PYSTACK))


if __name__ == "__main__":
    cli.run(main)
