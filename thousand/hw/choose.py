"""Which board module runs this machine: read once at boot, then let go (thousand/ui/scenes.py)."""

import os
import sys

# (substring of board_id or of os.uname().machine, lower case; module): the one board fact a
# device reads; the rest of each board's row is thousand/hw/boards.py's (desktop-only).
BOARDS = (
    ("pybadge", "pybadge"),
    ("edgebadge", "pybadge"),
    ("pygamer", "pygamer"),
    ("picosystem", "picosystem"),
    ("reverse_tft", "feather_esp32s3_rtft"),
    ("reverse tft", "feather_esp32s3_rtft"),
)


def module_name(board_id):
    """The board module for a board id or machine string, or None."""
    text = board_id.lower()
    for part, module in BOARDS:
        if part in text:
            return module
    return None


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
