"""A write of a board's flash: the records given and the wear count, in one write.

On SAMD51 and RP2040 every NVM write is one erase of the flash under it, and on ESP32-S3 one
rewrite of the NVS blob, whatever its size (docs/saves.md): so a deal's end writes the game
and the statistics together, and every write counts itself in a ``wear`` record beside them
(4 bytes, little-endian), which the statistics screen shows; a journal's moves, appended
without it, are added to it at the next.  Loaded at those few moments
(thousand/ui/scenes.py: on demand), not per move.
"""

from thousand.persist.store import KIND_STATS, KIND_WEAR, OVERHEAD, WORN, SaveError, holds_record, pack_into, reads_back, record_head, size_of

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_WEAR_VERSION = const(1)


def wear_count(saves, pair=None):
    """How many times the game wrote this board's flash (0 when not known)."""
    found = (pair or saves.pair("wear", KIND_WEAR)).newest()
    if found is None or len(found[1]) != 4:
        return 0  # never written, or lost with the NVM: a damaged count is no one's problem
    return int.from_bytes(found[1], "little")


def write_flash(saves, items):
    """``(pair, version, payload)`` records and the wear count into one slot of the flash (an
    NvmStore), in one slice assignment: the slot without the newest record of the first
    item (the game, else the settings or the statistics), so that a cut before the write
    ends leaves the one before; or after the last records of a JournalStore.  SaveError
    (one line) when it does not fit or fails, ``store.WORN`` when it read back wrong.  Nothing
    when the flash holds these very records as the newest (no erase for nothing)."""
    slot = items[0][0].next_slot()
    wear = saves.pair("wear", KIND_WEAR)
    append = getattr(saves.store, "append", None)  # a journal (thousand.persist.journal) appends them
    if append is None and holds(saves.store, items):
        return
    # A journal's moves were appended without a count: they are counted now.
    count = wear_count(saves, wear) + 1 + (0 if append is None else saves.store.moves)
    items = list(items)
    items.append((wear, _WEAR_VERSION, count.to_bytes(4, "little")))
    try:
        if append is None:
            write_slot(saves.store, slot, items)
        else:
            append([(pair.name, pair.record(version, payload)) for pair, version, payload in items])
            saves.store.moves = 0
    except OSError as error:
        raise SaveError("cannot save (%s)" % error)
    for pair, version, payload in items:
        pair.wrote(slot)


def holds(store, items):
    """Does the flash (an NvmStore) hold each of ``items`` as its pair's newest record?"""
    for pair, version, payload in items:
        if pair.newest_slot is None:
            pair.scan()
        slot = pair.newest_slot[0]
        if slot < 0:
            return False
        # the flash's record must be the newest of all (none newer in sleep memory); its
        # header is read first: at a deal's end it differs; then the record where it lies (a
        # long game's read whole, only to be told so, was the block its deal's end failed to find)
        start, _, head = store.head(pair.name, slot)
        if head != record_head(pair.kind, version, pair.seq, size_of(payload)):
            return False
        if not holds_record(store.nvm, pair.kind, version, pair.seq, payload, start):
            return False
    return True


def write_slot(store, slot, items):
    """``(pair, version, payload)`` records into one slot of an NvmStore in one slice
    assignment (the bytes between them written again as they are): one erase of the flash
    for them all.  Each record is packed into the slot's bytes read back, not into a copy of
    its own (at a deal's end, the game's save is the table's largest block)."""
    first = store.half
    last = 0
    seqs = []
    for pair, version, payload in items:
        seqs.append(pair.next_seq(payload))  # SaveError when it does not fit
        offset, room = store.places[pair.name]
        size = OVERHEAD + size_of(payload)
        if size > room:
            raise SaveError("%s save too big for the NVM" % pair.name)
        first = min(first, offset)
        last = max(last, offset + size)
    base = slot * store.half
    # A board's NVM read by slice is a bytearray of its own already (CircuitPython's
    # nvm.ByteArray): copied again, a deal's end made two blocks of the slot's size.
    image = store.nvm[base + first:base + last]
    if not isinstance(image, bytearray):
        image = bytearray(image)
    for i in range(len(items)):
        pair, version, payload = items[i]
        pack_into(image, store.places[pair.name][0] - first, pair.kind, version, seqs[i], payload)
    store.writes += 1
    store.nvm[base + first:base + last] = image
    if not reads_back(store.nvm, base + first, image):
        raise SaveError(WORN)


def flush(saves):
    """``Saves.flush``'s write: the newest game and statistics of the store of moves to the
    flash as they are, in one write (SaveError reported)."""
    items = []
    for pair in (saves.game_record, saves.pair("stats", KIND_STATS)):  # the game's slot first (write_flash)
        found = pair.newest(True)  # in parts: the slot's image is the write's large block
        if found is not None:
            items.append((pair, found[0], found[1]))
    if not items:
        return
    try:
        saves.write(False, items)
        saves.policy.deals = 0
    except SaveError as error:
        saves.report(str(error))
