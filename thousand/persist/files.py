"""Saves in files (the desktop; a board's drive that boot.py made writable), and the store
of this machine.

Loaded when the game starts, to choose the store, and where files are written (the
desktop's saves, records, copies of damaged saves): on a board whose drive is
read-only, nothing of it stays loaded during play.
"""

from thousand.persist.store import OVERHEAD, NvmStore, SaveError, memory_store

MOST_A_RECORD_TAKES = OVERHEAD + 0xFFFF  # its length is 16 bits: a bigger file is junk past that


def join(directory, name):
    return directory + name if directory.endswith("/") else directory + "/" + name


def exists(path):
    import os

    try:
        os.stat(path)
        return True
    except OSError:
        return False


def safe_files():
    """thousand.persist.safe_files where ``os.replace`` exists (CPython: the desktop), else
    None (a board's FAT drive: no links, no special files; plain ``open``)."""
    import os

    if not hasattr(os, "replace"):
        return None
    try:
        from thousand.persist import safe_files  # desktop-only: not in a board's bundle
    except ImportError:
        return None
    return safe_files


def read_file(path, limit):
    """A file's bytes (at most ``limit``); None if missing; on the desktop anything but a
    regular file in its place reads as damage (``safe_files``)."""
    safe = safe_files()
    if safe is not None:
        return safe.read_file(path, limit)
    import os

    try:
        size = os.stat(path)[6]  # read(n) takes n bytes of heap at once on MicroPython
        with open(path, "rb") as f:
            return f.read(min(size, limit))
    except OSError:
        return None


def write_file(path, data):
    """``data`` into ``path``; on the desktop a new file renamed into place (``safe_files``).
    OSError when it cannot be written."""
    safe = safe_files()
    if safe is not None:
        safe.write_file(path, data)
        return
    with open(path, "wb") as f:
        f.write(data)


def make_dirs(path):
    """``os.makedirs`` for CircuitPython too (it has only ``mkdir``)."""
    import os

    current = None
    for part in path.split("/"):
        current = part if current is None else current + "/" + part
        if part and not exists(current):
            os.mkdir(current)


class FileStore:
    """One file per slot (``game.0``, ``game.1``) in a directory; no size limit."""

    def __init__(self, directory):
        self.directory = directory
        self.writes = 0

    def capacity(self, name):
        return None

    def path(self, name, slot):
        return join(self.directory, "%s.%d" % (name, slot))

    def read(self, name, slot):
        """The file's bytes (no more than a record can take), b"" once cleared, None if missing.
        Any other bytes are a record or damage: a file is never erased to zeros as flash is
        (nor is a link, a FIFO or a folder in its place a save: damage, ``read_file``)."""
        return read_file(self.path(name, slot), MOST_A_RECORD_TAKES)

    def write(self, name, slot, data):
        make_dirs(self.directory)
        self.writes += 1
        write_file(self.path(name, slot), data)


# ---------------------------------------------------------------- choosing a store
def is_circuitpython():
    import sys

    return sys.implementation.name == "circuitpython"


def data_dir():
    """The desktop's data directory: $THOUSAND_DATA_DIR, else the XDG data home."""
    import os

    getenv = getattr(os, "getenv", None)
    if getenv is None:
        return "/saves"
    path = getenv("THOUSAND_DATA_DIR")
    if path:
        return path
    base = getenv("XDG_DATA_HOME")
    if not base:
        base = join(getenv("HOME") or getenv("USERPROFILE") or ".", ".local/share")
    return join(base, "thousand")


def write_problem(directory):
    """None when files can be written in ``directory`` (made if missing), else one line
    saying why not (a read-only folder or drive, a path that cannot be made)."""
    try:
        make_dirs(directory)
        probe = join(directory, ".probe")
        write_file(probe, b"1")
        import os

        os.remove(probe)
        return None
    except OSError as error:
        return "Saves off: cannot write in %s (%s)" % (directory, getattr(error, "strerror", None) or error)


def drive_writable(directory):
    """Can we write files there (CircuitPython: did boot.py remount the drive)?"""
    return write_problem(directory) is None


def default_store():
    """The store of this machine: the NVM on a CircuitPython board, else the data directory.

    On a board a writable drive (see boot.py) takes copies of damaged saves.
    """
    if not is_circuitpython():
        return FileStore(data_dir())
    # Imported here: CPython has no such module, and Blinka's stand-in warns on a PC.
    import microcontroller

    aside = FileStore("/saves") if drive_writable("/saves") else None
    nvm = getattr(microcontroller, "nvm", None)
    if nvm is not None:
        try:
            return NvmStore(nvm, aside)
        except SaveError:
            pass
    return aside or memory_store()  # nowhere to keep anything: the game still runs
