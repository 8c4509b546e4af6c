"""microcontroller's stand-in: the board's 8 KB NVM, which a board keeps outside its heap.

So does this stand-in on the 32-bit VM: ``outside_heap`` gives memory that tools/wasm32/
steps.mjs sets aside beside the VM's heap (``__main__.BOARD_RAM``), which the collector never
scans, as a board's collector never scans its NVM or sleep memory (a save's bytes read as a
word can look like a pointer into the heap and keep what it points at alive: docs/memory.md).
Where there is none (the unix port), a bytearray."""
NVM_BYTES = 8192
_PLACE_BYTES = 65536  # each place of BOARD_RAM: 0 the NVM, 1 sleep memory (alarm)


def outside_heap(place, size, fill):
    """``size`` bytes, each ``fill``, at ``place`` of the memory outside the heap."""
    try:
        import __main__

        import uctypes

        start = __main__.BOARD_RAM + place * _PLACE_BYTES
    except (AttributeError, ImportError):
        return bytearray(bytes((fill,)) * size)
    if size > _PLACE_BYTES:
        raise ValueError("more than a place of the memory outside the heap")
    data = uctypes.bytearray_at(start, size)
    for index in range(size):
        data[index] = fill
    return data


nvm = outside_heap(0, NVM_BYTES, 0xFF)  # erased flash reads 0xFF
