"""Models of each board's NVM as CircuitPython 10 writes it, for power cuts and erase counts.

Every model is a bytearray-like for ``thousand.persist.store.NvmStore``; a slice assignment is
one call of CircuitPython's ``common_hal_nvm_bytearray_set_bytes``:

* ``Samd51Nvm`` (ports/atmel-samd, ASF4 ``_flash_write``): reads the 8 KB block, erases it, then
  programs it again page by page from its start: a cut after the erase leaves every byte not
  yet programmed erased (0xFF).
* ``Rp2040Nvm`` (ports/raspberrypi): when every byte written to is 0xFF it only programs them;
  otherwise it erases the 4 KB sector and programs all of it again from its start.
* ``NvsNvm`` (ports/espressif): ``nvs_erase_all`` (the blob is gone), ``nvs_set_blob`` of the
  whole 8 KB, ``nvs_commit``; NVS shows a blob only once it is written whole, so a cut leaves
  the old bytes (before the erase), nothing (0xFF, between) or the new bytes (after).  NVS
  spreads its entries over the partition's pages: an 8 KB blob takes 260 entries of 32 bytes,
  126 to a 4 KB page, so each write costs 260/126 page erases shared by the 5 pages of the
  20 KB partition.

``power_after(n)``: the power goes after ``n`` more steps (a byte programmed, an erase, an NVS
step), raising ``PowerLoss`` (tests/savecheck.py).  ``erases`` counts erases of the NVM's flash
(for NVS: page erases per page of the partition).  ``log``, when a list, gets every write as
(the bytes before it, start, values): ``cut_during`` replays one with the power going part-way.
"""

import copy

from savecheck import PowerLoss

NVS_PAGES = 5  # a 20 KB NVS partition
NVS_ENTRIES_PER_PAGE = 126
NVS_BLOB_ENTRIES = 8192 // 32 + 4  # data entries, chunk headers and the blob index


class ModelNvm:
    def __init__(self, size):
        self.data = bytearray(b"\xff" * size)
        self.budget = None
        self.erases = 0
        self.writes = 0
        self.written = 0  # steps taken: bytes programmed, erases
        self.log = None

    def power_after(self, count):
        self.budget = count

    def step(self):
        if self.budget is not None:
            if self.budget <= 0:
                raise PowerLoss()
            self.budget -= 1
        self.written += 1

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        if isinstance(index, int):  # a byte, as CircuitPython's nvm and sleep_memory give it
            return self.data[index]
        return bytes(self.data[index])

    def __setitem__(self, index, values):
        start, stop = index.start, index.stop
        if stop - start != len(values):
            raise ValueError("NVM slices cannot change size")
        self.writes += 1
        if self.log is not None:
            self.log.append((bytes(self.data), start, bytes(values)))
        self.set_bytes(start, bytes(values))

    def erase_and_program(self, image):
        """Erase the whole NVM, then program ``image`` byte by byte from its start."""
        self.step()
        self.erases += 1
        for i in range(len(self.data)):
            self.data[i] = 0xFF
        for i in range(len(image)):
            self.step()
            self.data[i] = image[i]


class Samd51Nvm(ModelNvm):
    def __init__(self, size=8192):
        ModelNvm.__init__(self, size)

    def set_bytes(self, start, values):
        image = bytearray(self.data)
        image[start:start + len(values)] = values
        self.erase_and_program(image)


class Rp2040Nvm(ModelNvm):
    def __init__(self, size=4096):
        ModelNvm.__init__(self, size)

    def set_bytes(self, start, values):
        if all(b == 0xFF for b in self.data[start:start + len(values)]):
            for i in range(len(values)):  # program only: nothing else is touched
                self.step()
                self.data[start + i] = values[i]
            return
        image = bytearray(self.data)
        image[start:start + len(values)] = values
        self.erase_and_program(image)


class NvsNvm(ModelNvm):
    def __init__(self, size=8192):
        ModelNvm.__init__(self, size)
        self.entries = 0  # NVS entries written, over the partition's life

    def set_bytes(self, start, values):
        image = bytearray(self.data)
        image[start:start + len(values)] = values
        self.step()  # nvs_erase_all: the blob is gone
        for i in range(len(self.data)):
            self.data[i] = 0xFF
        self.step()  # nvs_set_blob: the whole blob, visible once its index entry is written
        self.data[:] = image
        self.entries += NVS_BLOB_ENTRIES
        self.erases = self.entries / NVS_ENTRIES_PER_PAGE / NVS_PAGES
        self.step()  # nvs_commit


class HalfPageNvm(ModelNvm):
    """An 8 KB NVM over two 4 KB pages (an nRF52840's): a write erases and programs again only
    the pages it touches.  No board of this game's; the case where two halves keep two slots."""

    def __init__(self, size=8192):
        ModelNvm.__init__(self, size)

    def set_bytes(self, start, values):
        unit = len(self.data) // 2
        first = start - start % unit
        last = start + len(values) + (-(start + len(values))) % unit
        image = bytearray(self.data[first:last])
        image[start - first:start - first + len(values)] = values
        self.step()
        self.erases += (last - first) // unit
        for i in range(first, last):
            self.data[i] = 0xFF
        for k in range(len(image)):
            self.step()
            self.data[first + k] = image[k]


MODELS = {"samd51": Samd51Nvm, "rp2040": Rp2040Nvm, "esp32s3": NvsNvm}


class SleepMemory(ModelNvm):
    """``alarm.sleep_memory``: RAM (a memcpy per write) that a reset keeps and a power cut
    loses; a cut or reset part-way through a write leaves the bytes copied so far."""

    def __init__(self, size):
        ModelNvm.__init__(self, size)
        self.data[:] = bytes(size)  # zeroed, as CircuitPython starts it

    def set_bytes(self, start, values):
        for i in range(len(values)):
            self.step()
            self.data[start + i] = values[i]

    def lose_power(self):
        for i in range(len(self.data)):
            self.data[i] = 0x5A  # what RAM holds after a power cut: anything


def cut_during(memory, before, start, values, step):
    """A copy of ``memory`` that held ``before`` when the power went at ``step`` of writing
    ``values`` at ``start``: what the next start finds."""
    trial = copy.deepcopy(memory)
    trial.log = None
    trial.data[:] = before
    trial.power_after(step)
    try:
        trial[start:start + len(values)] = values
    except PowerLoss:
        pass
    trial.power_after(None)
    return trial
