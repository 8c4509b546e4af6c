"""Which board module runs this machine: read once at boot, then let go (thousand/ui/scenes.py).

The machines each board module serves are its row of the board table (thousand/hw/boards.py,
desktop-only, which no board loads); the bundle writes them to the board's drive as
``assets/boards.txt``, a line a machine (``pybadge edgebadge``: the module, then a part of the
board id or of ``os.uname().machine``, lower case, spaces and all), read here a line at a time.
"""

import os
import sys

MACHINES_PATH = "assets/boards.txt"  # on a board's drive, its working folder (tools/bundle.py)


def machines():
    """(part of a board id or machine string, board module) for every machine a board module
    serves: the bundle's lines on a board; on the desktop, whose checkout has no such file,
    the board table itself."""
    try:
        with open(MACHINES_PATH) as lines:
            for line in lines:
                module, part = line.rstrip("\n").split(" ", 1)
                yield part, module
        return
    except OSError:
        pass
    try:
        from thousand.hw.boards import BOARDS  # desktop-only: not on a board
    except ImportError:
        return
    for board in BOARDS.values():
        for part in board.machines:
            yield part, board.module


def module_name(board_id):
    """The board module for a board id or machine string, or None."""
    text = board_id.lower()
    found = None
    for part, module in machines():  # every line read, so that the file is closed
        if found is None and part in text:
            found = module
    return found


def load(board_id=None):
    """Import and return the board module for ``board_id`` (default: this machine).

    On CPython anything unknown is the desktop; on a device it is an error.
    """
    if board_id is None:
        board_id = os.uname().machine if hasattr(os, "uname") else sys.platform
    name = module_name(board_id)
    if name is None:
        if sys.implementation.name != "cpython":
            raise RuntimeError("no board module for " + board_id)
        name = "desktop"
    path = "thousand.hw." + name
    __import__(path)
    return sys.modules[path]
