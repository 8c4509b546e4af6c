"""The table of boards (thousand/hw/boards.py): one row for each board module, read by the
desktop and the tools; a device reads only its machine's name (thousand.hw.choose)."""

import os

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


def test_each_rows_board_ids_choose_its_module_on_the_device():
    for board in boards.BOARDS.values():
        assert [module_name(board_id) for board_id in board.board_ids] == [board.module] * len(board.board_ids)


def test_each_board_module_names_its_screen_and_a_save_policy_that_exists():
    for board in boards.BOARDS.values():
        width, height = boards.screen_size(board.module)
        assert 100 <= width <= 320 and 100 <= height <= 320, board
        assert boards.save_policy(board.name) is POLICIES[boards.module_facts(board.module)["save_policy"]]


def test_a_board_modules_facts_are_read_from_its_source_without_the_board():
    facts = boards.module_facts("picosystem")
    assert (facts["name"], facts["width"], facts["height"], facts["save_policy"]) == ("PicoSystem", 240, 240, "rp2040")
    assert "KEYMAP" not in facts  # not a literal: left out
