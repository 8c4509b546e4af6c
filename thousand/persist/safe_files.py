# desktop-only: not bundled for the device (a board's FAT drive has no links nor special files)
"""The desktop's files, safe from what may be planted in the data folder (CPython only).

A save is written as a new file beside the old one (``NAME.new``, created afresh: never
through a link left there) and renamed into place (``os.replace``): a link, a FIFO or any
file in the save's place is replaced, never written through, and a cut or a full disk
leaves the old file whole.  A folder there refuses the rename: the write fails and says so.
A save is read only from a regular file, opened without following a link and without
waiting on a FIFO; anything else in its place is ``DAMAGE`` (bytes that are no record: the
title tells "... save damaged, not used").

A board's drive (FAT: no links, no special files) keeps plain ``open``: this module is
loaded only where ``os.replace`` exists (``thousand.persist.files``).
"""

import os
import stat

DAMAGE = b"\x00"  # what a link, a FIFO, a folder or a device in a save's place reads as


def read_file(path, limit):
    """The bytes of the regular file ``path`` (at most ``limit``), None when there is none,
    ``DAMAGE`` when something else is in its place (or it cannot be read)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return DAMAGE
    if not stat.S_ISREG(mode):
        return DAMAGE
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # swapped for a link or a FIFO since: refused, or not waited on
    except OSError:
        return DAMAGE
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return DAMAGE
        return f.read(limit)


def write_file(path, data):
    """``data`` (bytes) into ``path``: a new file beside it, then renamed into place.  OSError
    (the folder read-only, the disk full, a folder in the save's place): the old file is left."""
    new = path + ".new"
    try:
        os.unlink(new)  # a file or a link left there: the link goes, never what it points to
    except FileNotFoundError:
        pass
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(new, flags, 0o644)  # O_EXCL: a new file, never one a link names
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())  # the bytes reach the disk before the rename
        os.replace(new, path)
    except BaseException:
        try:
            os.unlink(new)
        except OSError:
            pass
        raise
    try:  # the rename itself on the disk (POSIX)
        folder = os.open(os.path.dirname(path) or ".", os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except (OSError, AttributeError):
        pass
