"""Board support: one module per board with the same API, picked at run time.

Every board module offers: ``name``, ``width``, ``height``, ``display``
(None until ``open()``), ``open()`` -> display, ``poll()`` -> next logical
key from ``thousand.hw.keys`` or NO_KEY, ``beep(freq, ms)``,
``set_muted(flag)``, ``show_turn(seat)`` (seat or None), ``key_help``
(one line naming the buttons).  A device board also names its save policy
(``save_policy``, a row of ``thousand.persist.boards``) and offers ``sleep_memory()``
and ``battery_volts()`` (None where unknown).  Only board modules import ``board``.
"""

import os
import sys

# (substring of board_id or of os.uname().machine, lower case; module)
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
