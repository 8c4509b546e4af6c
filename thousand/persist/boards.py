"""Every board's save policy, in one place, and the App's Saves built from it.

The flash under ``microcontroller.nvm`` bears 10,000 (SAMD51) to 100,000 erases at the rated
minimum, and the firmware erases it for (nearly) every write (docs/saves.md has the sources): so a move's save
goes to ``alarm.sleep_memory`` (it outlives a reset or a crash, not a power cut), or where a
board has too little of it to its flash's journal (the RP2040: appends that erase nothing), or
to RAM where it has none; the flash takes a deal's end (with the statistics, one
write), a new game, the game's end, "Save, go to title" and the settings; and every save once
the battery is low.  A board module (``thousand/hw``) names its row (``save_policy``) and
gives what only the board can: ``sleep_memory()`` and ``battery_volts()`` (None where unknown).
``tools/save_sizes.py --writes N`` plays seeded games on every row and counts the erases.

Loaded once when the App starts (thousand/ui/scenes.py: on demand).
"""

from thousand.persist.saves import SavePolicy, Saves
from thousand.persist.store import NvmStore, SaveError

from thousand import const  # MicroPython's, or the package's stand-in on CPython

# name: (NVM bytes, how a write erases (tests/boardstores.py models each one), flash erase unit, erase cycles (datasheet minimum),
#        sleep memory bytes, deal ends per flash write, battery low below (volts): a LiPo's
#        last minutes, when each move costs an erase, about 10 a deal; records appended
#        onto erased bytes (thousand.persist.journal) rather than kept in two halves;
#        flash writes per erase of the erased unit, at least: the statistics' wear share)
POLICIES = {
    # ATSAMD51J19/J20 (PyBadge, PyGamer): 8 KB NVM = one 8 KB NVMCTRL block, 10,000 cycles
    # (DS60001507E table 54-41, the minimum at 85 C; no typical).  Every deal's end: 42
    # erases in a 40-deal game (the new game, 40 deal ends, the end), a pause one more.
    "samd51": (8192, "every write erases the NVM's block", 8192, 10000, 8192, 1, 3.5, False, 1),
    # RP2040 (PicoSystem): 4 KB NVM = one sector of the W25Q128JV flash, 100,000 cycles; 256
    # bytes of sleep memory hold no save (a position alone takes up to 206).  A write onto
    # erased bytes erases nothing: every move (a delta) and every deal's end is appended, and
    # the sector is erased only when full (about one write in 25 or more).
    "rp2040": (4096, "a write erases the sector unless its bytes are all 0xFF", 4096, 100000, 256, 1, 3.5, True, 25),
    # ESP32-S3 (Feather Reverse TFT): an 8 KB blob in a 20 KB NVS partition (5 pages of 4 KB,
    # each write spreads about 2 page erases over them: 2.4 writes a page erase), 100,000
    # cycles; 4 KB sleep memory.
    "esp32s3": (8192, "a write erases the NVS keys, then writes the whole blob", 4096, 100000, 4096, 1, 3.5, False, 2),
}
# A row's columns: private const()s, folded on a board (the tests and tools/save_sizes.py
# read them under these names), as a name loaded once stays in the pool for good.
_NVM_BYTES = const(0)
_ERASE = const(1)
_ERASE_UNIT = const(2)
_CYCLES = const(3)
_SLEEP_BYTES = const(4)
_DEALS_PER_FLASH = const(5)
_LOW_VOLTS = const(6)
_JOURNAL = const(7)
_WRITES_PER_ERASE = const(8)


def board_saves(board):
    """The App's Saves on ``board`` (a thousand.hw module): its row's policy where it has one
    and an NVM, else every save to the one store (the desktop's files)."""
    from thousand.persist.files import default_store  # on demand: let go after the boot

    flash = default_store()
    name = getattr(board, "save_policy", None)
    if name not in POLICIES or not isinstance(flash, NvmStore):
        return Saves(flash)
    saves = policy_saves(name, flash, board.sleep_memory(), board.battery_volts)
    if flash.aside is None:  # the drive is read-only to the game (default_store found): no records
        saves.records_dir = ""
    return saves


def policy_saves(name, flash, sleep_memory=None, battery=None):
    """Saves over ``flash`` (an NvmStore; a JournalStore over its NVM where the row says so)
    with the policy of row ``name``: moves in the journal where the row has one, else in
    ``sleep_memory`` where it holds a save, else in RAM; ``battery``: volts or None."""
    row = POLICIES[name]
    moves = RamStore()
    if row[_JOURNAL]:
        from thousand.persist.journal import JournalStore  # the RP2040's only

        # Its appends erase nothing: the moves go there too, each as a delta of the game
        # record before it (a fifth of its bytes), so a reset or a power cut loses none.
        moves = flash = JournalStore(flash.nvm, flash.aside)
    elif sleep_memory is not None:
        try:
            moves = NvmStore(sleep_memory, in_ram=True)
        except SaveError:
            pass  # too small for a save: RAM
    policy = SavePolicy(moves, row[_DEALS_PER_FLASH], battery, row[_LOW_VOLTS])
    policy.rated = row[_CYCLES] * row[_WRITES_PER_ERASE]
    return Saves(flash, policy=policy)


class RamStore:
    """The newest record of each name in this program's memory: it outlives a MemoryError
    restart (``thousand.ui.app.main``), not a reset.  The store of moves where a board's
    firmware has no sleep memory; here, so that other boards never load it."""

    def __init__(self):
        self.records = {}
        self.writes = 0

    def capacity(self, name):
        return None

    def read(self, name, slot):
        found = self.records.get(name)
        return found[1] if found is not None and found[0] == slot else None

    def write(self, name, slot, data):
        self.writes += 1
        self.records[name] = (slot, data)
