"""Write a game as a REFEREE.md record file, for replay and bug reports.

The desktop writes into its data directory (``records/current.json`` for the game being
played, ``records/last.json`` for the last finished one); a board writes ``/records/...``
only when ``boot.py`` made its drive writable, and otherwise quietly does nothing.  A
resumed game's record starts at the deal it resumed (a save keeps the current deal's
cards, not the earlier ones').
"""

from thousand.persist.files import data_dir, is_circuitpython, join, make_dirs, safe_files

CURRENT = "current.json"
LAST = "last.json"


def records_dir():
    return "/records" if is_circuitpython() else join(data_dir(), "records")


def write_game(game, out):
    """``game``'s record on ``out``: Thousand's REFEREE.md record, or Five Hundred's
    (FIVE_HUNDRED.md 10; its game_name says which)."""
    if getattr(game, "game_name", None) is not None:
        try:  # a lib folder without Five Hundred (copied from a bundle older than it)
            from thousand.five_hundred.record import write_game_record
        except ImportError:
            return
    else:
        from thousand.record import write_game_record

    write_game_record(game, out)


def write_record(game, path):
    """Write ``game``'s record to ``path``; False when the drive is not writable.

    The file is opened before the record is made: on a read-only drive (a board's, unless
    boot.py made it writable) nothing is built and the record's module is not even loaded.
    """
    try:
        cut = path.rfind("/")
        if cut > 0:
            make_dirs(path[:cut])
        safe = safe_files()
        if safe is not None:  # the desktop: a new file renamed into place, never through a link
            import io
            import os

            if cut > 0 and os.path.islink(path[:cut]):
                return False  # a link in place of the records' folder: nothing outside the data folder

            text = io.StringIO()
            write_game(game, text)
            safe.write_file(path, text.getvalue().encode("utf-8"))
            return True
        with open(path, "w") as f:
            write_game(game, f)
        return True
    except OSError:
        return False


def export_game(game, finished, directory=None):
    """``game`` to ``records/last.json`` when ``finished``, else ``records/current.json``;
    the path, or None where records cannot be written."""
    path = join(directory or records_dir(), LAST if finished else CURRENT)
    return path if write_record(game, path) else None
