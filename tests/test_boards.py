"""The table of boards (thousand/hw/boards.py): one row for each board module, read by the
desktop and the tools; a device reads only which module serves its machine, the lines the
bundle writes from the table (thousand.hw.choose)."""

import os
import sys

from conftest import ROOT
from thousand.hw import boards
from thousand.hw.choose import module_name
from thousand.persist.boards import POLICIES

HW = os.path.join(ROOT, "thousand", "hw")


def board_modules_on_disk():
    """The modules of thousand/hw that import ``board``: the board modules."""
    found = []
    for name in sorted(os.listdir(HW)):
        if name.endswith(".py"):
            with open(os.path.join(HW, name)) as source:
                if "\nimport board\n" in source.read():
                    found.append(name[:-3])
    return found


def test_every_board_module_has_one_row_and_every_row_a_module():
    assert sorted(boards.MODULES) == board_modules_on_disk()
    assert len(set(boards.MODULES)) == len(boards.MODULES)


def test_each_rows_board_ids_and_machines_choose_its_module_on_the_desktop():
    for board in boards.BOARDS.values():
        names = board.board_ids + board.machines
        assert [module_name(name) for name in names] == [board.module] * len(names)


def test_a_board_reads_its_module_from_the_line_the_bundle_writes(tmp_path, monkeypatch):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "boards.txt").write_text(boards.machines_text())
    monkeypatch.chdir(tmp_path)  # a board's drive: the bundle's assets/ in the working folder
    monkeypatch.setitem(sys.modules, "thousand.hw.boards", None)  # not on a board: no import of it
    for board in boards.BOARDS.values():
        names = board.board_ids + board.machines
        assert [module_name(name) for name in names] == [board.module] * len(names)
    assert module_name("Adafruit Feather ESP32-S3 Reverse TFT with ESP32S3") == "feather_esp32s3_rtft"
    assert module_name("x86_64") is None
    (tmp_path / "assets" / "boards.txt").write_text("")
    assert module_name("pybadge") is None  # the lines, not the table, chose above


def test_each_board_module_names_its_screen_and_a_save_policy_that_exists():
    for board in boards.BOARDS.values():
        width, height = boards.screen_size(board.module)
        assert 100 <= width <= 320 and 100 <= height <= 320, board
        assert boards.save_policy(board.name) is POLICIES[boards.module_facts(board.module)["save_policy"]]


def test_a_board_modules_facts_are_read_from_its_source_without_the_board():
    facts = boards.module_facts("picosystem")
    assert (facts["name"], facts["width"], facts["height"], facts["save_policy"]) == ("PicoSystem", 240, 240, "rp2040")
    assert "KEYMAP" not in facts  # not a literal: left out
