# desktop-only: not bundled for the device
"""Every board, one row each: what the desktop and the tools know of it.

Adding a board is one row here and one module in ``thousand/hw`` (its name, screen size,
keys and save policy: ``thousand/hw/__init__.py``).  A board loads neither this table nor
the other boards' modules: the one fact it reads, which module serves its machine, the
bundle writes from the rows' ``machines`` to its drive (``machines_text``, read at boot by
``thousand.hw.choose``, which on the desktop reads the rows themselves).  The desktop window
(``thousand.ui.desktop``), ``tools/bundle.py``, ``tools/device_budget.py`` and
``tools/shoot.py`` read their boards here; a board's screen size and save policy are read
from its module's source (a board module imports ``board``, which the desktop has not).
"""

import ast
import os
from collections import namedtuple

HW = os.path.dirname(os.path.abspath(__file__))

Board = namedtuple("Board", "name module board_ids machines title flash capacity cluster frozen_modules")
# name: the tools' --board (tools/bundle.py, tools/device_budget.py; settings.toml's THOUSAND_BOARD);
# module: its module in thousand/hw (the desktop's --board, tools/shoot.py's file names);
# board_ids: what boot_out.txt says after "Board ID:" on that board (the first: the VM's robot's);
# machines: the lower-case parts of a board id or of os.uname().machine that choose this
# module on a board (thousand.hw.choose: the board ids, the machine names of every board
# this module serves);
# capacity: bytes available to files on CIRCUITPY (the FAT data area);
# cluster: FAT cluster size, since every file occupies whole clusters;
# frozen_modules: Python modules frozen into that board's firmware
# (CIRCUITPY_STAGE=1 freezes circuitpython-stage's stage and ugame).
# Derived from CircuitPython 10.2 sources, not measured on hardware:
# * SAMD51 boards keep the firmware in internal flash and give the whole QSPI
#   chip minus one 4 KiB erase sector to CIRCUITPY
#   (supervisor/shared/external_flash/external_flash.c), so a PyBadge's drive
#   is about 2 MB, not 1 MB.  FatFs f_mkfs then takes the FAT and a 512-entry
#   root directory: 4088 blocks of 512 B leave 4043 one-block clusters
#   (PyBadge); 16376 blocks leave 8155 clusters of 1 KiB (PyGamer).
# * RP2040: CIRCUITPY starts after 1020 KiB firmware + 4 KiB NVM
#   (ports/raspberrypi/mpconfigport.h); the PicoSystem has a 16 MiB W25Q128:
#   30720 blocks leave 7664 clusters of 2 KiB.
# * ESP32-S3 4 MB with the TinyUF2 partition table: user_fs is 960 KiB;
#   CircuitPython 10 merged ota_0/ota_1 without moving it (circuitpython#10346,
#   #10458); os.statvfs reports 963 072 bytes for that layout (circuitpython#6285).
BOARDS = {
    board.name: board
    for board in (
        Board(
            "pybadge", "pybadge", ("pybadge",), ("pybadge", "edgebadge"), "Adafruit PyBadge / PyBadge LC / EdgeBadge",
            "2 MB QSPI", 4043 * 512, 512, ("stage", "ugame"),
        ),
        Board(
            "pygamer", "pygamer", ("pygamer",), ("pygamer",), "Adafruit PyGamer",
            "8 MB QSPI", 8155 * 1024, 1024, ("stage", "ugame"),
        ),
        Board(
            "picosystem", "picosystem", ("pimoroni_picosystem",), ("picosystem",), "Pimoroni PicoSystem",
            "16 MB QSPI", 7664 * 2048, 2048, ("stage", "ugame"),
        ),
        Board(
            "feather_esp32s3_reverse_tft", "feather_esp32s3_rtft", ("adafruit_feather_esp32s3_reverse_tft",),
            ("reverse_tft", "reverse tft"), "Adafruit Feather ESP32-S3 Reverse TFT", "4 MB", 1881 * 512, 512, (),
        ),
    )
}
MODULES = tuple(board.module for board in BOARDS.values())


def machines_text():
    """The bundle's ``assets/boards.txt`` (thousand.hw.choose's ``MACHINES_PATH``): a line for
    each machine of each row, the module then the machine's part."""
    return "".join("%s %s\n" % (board.module, part) for board in BOARDS.values() for part in board.machines)


def module_facts(module):
    """The literal values a board module sets at its top level (``name``, ``width``,
    ``height``, ``save_policy``, ...), read from its source without importing it."""
    with open(os.path.join(HW, module + ".py")) as source:
        tree = ast.parse(source.read())
    facts = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                facts[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass  # not a literal (a bytes() of keys, ...)
    return facts


def screen_size(module):
    """(width, height) of the board module ``module``'s screen."""
    facts = module_facts(module)
    return facts["width"], facts["height"]


def save_policy(name):
    """The row of thousand.persist.boards.POLICIES that board ``name``'s module names."""
    from thousand.persist.boards import POLICIES

    return POLICIES[module_facts(BOARDS[name].module)["save_policy"]]
