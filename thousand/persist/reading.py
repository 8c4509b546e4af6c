"""Reading a record that may be damaged: the newest good one, or a one-line report and a
copy of the bad bytes kept beside the saves (``game.damaged-1``) where files can be written.

Loaded when a record is read (the title, Continue, the settings, damaged statistics) and
let go at the next screen change.  No engine here.
"""

from thousand.persist.store import SLOT_GOOD, SaveError, pack_record, unpack_record


def keep_aside(pair, data):
    """Copy bytes we cannot use to ``NAME.damaged-N`` beside the saves (a FileStore, or the
    writable drive an NvmStore was given); the words to add to the message.  The same
    bytes found again (every start until a new save) are not copied twice."""
    files = getattr(pair.store, "aside", pair.store)
    directory = getattr(files, "directory", None)
    if directory is None:
        return ""
    from thousand.persist.files import join, make_dirs, read_file, write_file

    try:
        make_dirs(directory)
        n = 1
        while True:
            path = join(directory, "%s.damaged-%d" % (pair.name, n))
            held = read_file(path, len(data) + 1)  # a link or a FIFO there is no copy: the next name
            if held is None:
                break
            if held == data:
                return "; copy kept in " + path
            n += 1
        write_file(path, data)
        return "; copy kept in " + path
    except OSError:
        return ""


def read_record(pair, readable=255):
    """(version, payload) of the newest good record of a format up to ``readable``, None when
    nothing was ever saved; SaveError when only damaged, foreign or newer data is there.

    A newer record beside a readable one (a newer Thousand was tried, then this one again)
    does not hide it: the readable one is used, and a copy of the newer one kept aside, as
    the next save writes over it."""
    best, bad = pair.scan(readable)
    kept = ""
    newer = None
    for raw in bad:
        state, version = unpack_record(raw, pair.kind)[0:2]
        if state == SLOT_GOOD:
            newer = version
        # A damaged slot beside a good one is a write that a power cut stopped:
        # expected, and nothing is lost that was ever finished.
        if best is None or state == SLOT_GOOD:
            kept = keep_aside(pair, raw) or kept
    if best is not None or not bad:
        return best
    if newer is not None:
        raise SaveError("%s save is from a newer Thousand (format %d), not used%s" % (pair.name, newer, kept))
    raise SaveError("%s save damaged, not used%s" % (pair.name, kept))


def load_kept(pair, version, from_bytes, fresh):
    """Settings or statistics: (``from_bytes(payload)`` of the newest record, None), or
    (``fresh()``, one line) when it is damaged, newer or unreadable: losing them must
    never stop the game from starting."""
    found = None
    try:
        found = read_record(pair, version)
        if found is None:
            return fresh(), None
        if found[0] != version:
            raise SaveError("%s format %d unknown" % (pair.name, found[0]))
        return from_bytes(found[1]), None
    except MemoryError:
        raise  # no damage (restore.load_game): started afresh, they would be lost
    except Exception as error:
        message = str(error) if isinstance(error, SaveError) else "%s unreadable (%s)" % (pair.name, type(error).__name__)
        if found is not None:
            message += keep_aside(pair, pack_record(pair.kind, found[0], 0, found[1]))
        return fresh(), message + "; started afresh"
