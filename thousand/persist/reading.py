"""Reading a record that may be damaged: the newest good one, or a one-line report and a
copy of the bad bytes kept beside the saves (``game.damaged-1``) where files can be written;
a record's payload read.

Loaded when a record is read (the title, Continue, the settings, damaged statistics) and
let go at the next screen change: a VM reads its saves once, and writes them at every move
(``thousand.persist.store``, resident).  No engine here.
"""

from thousand.persist.store import OVERHEAD, SLOT_GOOD, SaveError, check_record, pack_record


def unpack_record(data, kind):
    """(what the slot holds, version, seq, payload) of a slot's bytes; None or no bytes is a
    slot never written (each store says which of its bytes mean that)."""
    state, version, seq, end = check_record(data, kind)  # the payload from the header's end (OVERHEAD less the CRC)
    # the payload copied once (a slice of a bytearray is a copy, and bytes() of it another)
    return state, version, seq, bytes(memoryview(data)[OVERHEAD - 4:end]) if state == SLOT_GOOD else None


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
    newer_version = None
    for raw in bad:
        state, version = unpack_record(raw, pair.kind)[0:2]
        if state == SLOT_GOOD:
            newer_version = version
        # A damaged slot beside a good one is a write that a power cut stopped:
        # expected, and nothing is lost that was ever finished.
        if best is None or state == SLOT_GOOD:
            kept = keep_aside(pair, raw) or kept
    if best is not None or not bad:
        return best
    if newer_version is not None:
        raise SaveError("%s save is from a newer Thousand (format %d), not used%s" % (pair.name, newer_version, kept))
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


def has_game(saves):
    """``Saves.has_game`` when the save was not read yet: its record read but not decoded; a
    damaged save is reported and is no game."""
    try:
        found = read_record(saves.game_record)
        return found is not None and len(found[1]) > 0  # an empty save: the game was over
    except SaveError as error:
        saves.report(str(error))
        saves.found = None
        return False
