"""Write a game as a REFEREE.md record, for replay and bug reports.

The desktop writes into its data directory (``records/current.json`` for the game
being played, ``records/last.json`` for the last finished one); the device writes
``/records/...`` only when ``boot.py`` made its drive writable, and otherwise
quietly does nothing.  A game resumed from the device's compact save starts its
record at the deal it resumed (the earlier deals' cards are not kept there).
"""

import json

from thousand.storage import _join, data_dir, is_circuitpython, make_dirs

CURRENT = "current.json"
LAST = "last.json"


def record_text(game):
    return json.dumps(game.record())


def records_dir():
    return "/records" if is_circuitpython() else _join(data_dir(), "records")


def write_record(game, path):
    """Write ``game.record()`` to ``path``; False when the drive is not writable.

    The file is opened before the record is made: on a read-only drive (a board's, unless
    boot.py made it writable) nothing is built and the record's module is not even loaded.
    """
    try:
        cut = path.rfind("/")
        if cut > 0:
            make_dirs(path[:cut])
        with open(path, "w") as f:
            from thousand.record import write_game_record

            write_game_record(game, f)
        return True
    except OSError:
        return False


def export_current(game, directory=None):
    """The game being played, to ``records/current.json``; the path, or None."""
    path = _join(directory or records_dir(), CURRENT)
    return path if write_record(game, path) else None


def export_finished(game, directory=None):
    """A game that has just ended, to ``records/last.json``; the path, or None."""
    path = _join(directory or records_dir(), LAST)
    return path if write_record(game, path) else None
