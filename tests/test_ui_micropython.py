"""The device's whole game under the 64-bit MicroPython unix port: the board's bundle (the
game's .mpy files and real libraries), CircuitPython's C modules stood in for
(tools/device_vm/stubs), a seeded robot pressing the PyBadge's keys through every screen and a
game (tools/device_vm/robot.py), saved to the NVM after every move.

The heaps are guards against the game growing, not device figures: the unix port is 64-bit
(pointers, object headers and heap blocks twice a board's).  The device's figures come from
the 32-bit VM (tests/test_device_budget.py)."""

import os
import sys

import pytest

from conftest import ROOT, mpy

sys.path.insert(0, os.path.join(ROOT, "tools"))
import device_budget  # noqa: E402

pytestmark = pytest.mark.slow  # whole device games on the MicroPython VM: left out of the quick run (README, Tests)


# The least heaps that completed these games were about 240 KB and 275 KB (stand-ins included,
# 2026-12-01; 16 KB more fitted too).
@pytest.mark.parametrize("levels, heap_kb", [("random,random", 256), ("hard,normal", 292)])
def test_the_device_game_plays_every_screen_on_the_64_bit_unix_port(micropython, mpy_cross, tmp_path, levels, heap_kb):
    device_budget.build("pybadge", tmp_path, lambda line: None)
    args = device_budget.parse_arguments(["--levels", levels, "--rules", "classic", "--max-deals", "6"])
    completed, out = device_budget.run_unix(tmp_path, heap_kb, args, timeout=600)
    assert completed, out[-3000:]
    seen = out.split("screens=")[1].split()[0].split(",")
    from thousand.ui import scenes

    assert sorted(seen) == sorted(scenes.SCREENS)  # every screen of the load plan, the guide too
    print(out)


def test_code_py_compiles_for_the_device(mpy_cross):
    assert mpy.compile_circuitpython(os.path.join(ROOT, "code.py"), "code.py")[:2] == b"C\x06"


def test_drawing_text_adds_no_names_to_the_vms_name_pool(micropython, tmp_path):
    """MicroPython makes a str's character, indexed, a name in its pool, which never shrinks:
    a label drawn character by character would add one for every digit and letter shown."""
    import re
    import subprocess

    script = tmp_path / "labels.py"
    script.write_text(
        "import sys, micropython\n"
        "sys.path[:0] = [%r, %r]\n"
        "from thousand.ui import widgets\n"
        "line = widgets.label('x' * 14, 0, 0)\n"
        "micropython.qstr_info()\n"
        "line.text = 'QJZ#(%%&@!;K^~`'\n"
        "micropython.qstr_info()\n"
        "print(line.text)\n" % (os.path.join(ROOT, "tools", "device_vm", "stubs"), ROOT))
    out = subprocess.run([micropython, str(script)], capture_output=True, text=True, timeout=60).stdout
    before, after = (int(n) for n in re.findall(r"n_qstr=(\d+)", out))
    assert out.split("\n")[2] == "QJZ#(%&@!;K^~`"
    assert after == before
