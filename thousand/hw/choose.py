"""Which board module runs this machine: read once at boot, then let go (thousand/ui/scenes.py).

The machines each board module serves are its row of the board table (thousand/hw/boards.py,
desktop-only, which no board loads); the bundle writes them to the board's drive as
``assets/boards.txt``, a line a machine (``pybadge edgebadge``: the module, then a part of the
board id or of ``os.uname().machine``, lower case, spaces and all), read here a line at a time.
"""

import os
import sys


def module_name(board_id):
    """The board module for a board id or machine string, or None: on a board from the lines
    the bundle writes, on the desktop, whose checkout has no such file, from the board table
    itself.  (One function, the path written in it: each name more is one more in a board's
    pool, which never forgets one.)"""
    text = board_id.lower()
    found = None
    try:
        with open("assets/boards.txt") as lines:  # thousand/hw/boards.py's MACHINES_FILE
            for line in lines:  # every line read, so that the file is closed
                module, part = line.rstrip("\n").split(" ", 1)
                if found is None and part in text:
                    found = module
        return found
    except OSError:
        pass
    try:
        from thousand.hw.boards import BOARDS  # desktop-only: not on a board
    except ImportError:
        return None
    for board in BOARDS.values():
        for part in board.machines:
            if found is None and part in text:
                found = board.module
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
