"""The device screens under the real MicroPython VM (displayio stubbed): a whole game, every screen,
saved as on the device (thousand.persist's Saves over an 8 KB NvmStore).

The heap is 224K on the 64-bit unix port (the least that completes it is about 208K;
pointers take twice the room they take on the 32-bit boards): a guard against the screens
growing.  Of the 224K, the storage takes about 22K of modules (thousand.persist's store,
encode and saves, loaded for the saves during play) and 8K the NVM
stand-in's bytearray, which on a board is not in the heap.  With computer players at bot
levels the bots' modules and search add about 20K more: the game needs about 228K there
and is given 256K.  Fragmentation makes "the least" rough: near it, a heap can fail where
a smaller one passes."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, mpy_cross_binary

STUBS = os.path.join(ROOT, "tests", "mpy_stubs")


def desktop_only(path):
    with open(path) as file:
        return file.readline().startswith("# desktop-only")


def compile_tree(source, base, tmp_path):
    """The .py files under ``source`` as .mpy files at their place relative to ``base``
    under ``tmp_path`` (desktop-only modules left out)."""
    mpy_cross = mpy_cross_binary()
    if mpy_cross is None:
        pytest.skip("mpy-cross is not installed")
    for folder, _, files in os.walk(source):
        rel = os.path.relpath(folder, base)
        os.makedirs(tmp_path / rel, exist_ok=True)
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".py") and not desktop_only(path):
                subprocess.run([mpy_cross, "-o", str(tmp_path / rel / (name[:-3] + ".mpy")), path], check=True)


def compile_package(tmp_path):
    """thousand/ as .mpy files, the way the device runs it, and the assets."""
    compile_tree(os.path.join(ROOT, "thousand"), ROOT, tmp_path)
    shutil.copytree(os.path.join(ROOT, "assets"), tmp_path / "assets")


@pytest.mark.parametrize("levels, heap", [("random,random", "224K"), ("hard,normal", "256K")])
def test_screens_play_a_whole_game_under_micropython(micropython, tmp_path, levels, heap):
    compile_package(tmp_path)
    env = dict(os.environ, MICROPYPATH=STUBS + ":" + str(tmp_path))
    result = subprocess.run([micropython, "-X", "heapsize=" + heap, os.path.join(ROOT, "tests", "mpy_ui_game.py"),
                             str(tmp_path), levels], capture_output=True, text=True, env=env, timeout=300)
    assert result.stdout.startswith("ok"), result.stdout + result.stderr
    print(result.stdout)


# What tests/mpy_ui_game.py imports, in the order they import each other: the 32-bit VM
# imports them one per call, with a collection between (see tools/wasm32/steps.mjs).
UI_MODULES = ("displayio", "terminalio", "adafruit_display_text.bitmap_label", "thousand.hw.keys",
              "thousand.rng", "thousand.rules", "thousand.ui.sprites", "thousand.ui.table",
              "thousand.ui.app", "mpy_ui_game")
# Guards against the screens growing: the most heap in use between key presses measured on
# the 32-bit VM is about 122 KB against random players and 139 KB against hard and normal.
PEAK_GUARD_32_BIT = {"random,random": 136 * 1024, "hard,normal": 152 * 1024}


@pytest.mark.parametrize("levels", ["random,random", "hard,normal"])
def test_screens_play_a_whole_game_on_the_32_bit_vm(wasm32_node, tmp_path, levels):
    """The same game on MicroPython's WebAssembly port, a 32-bit VM as a board is: it plays
    to the end one key press per call into the VM, and prints the most heap in use between
    key presses (everything, modules included: the README's 32-bit figure)."""
    tools = os.path.join(ROOT, "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import bench_bots

    compile_package(tmp_path)
    compile_tree(STUBS, STUBS, tmp_path)  # as .mpy: a board's displayio is compiled in
    subprocess.run([mpy_cross_binary(), "-o", str(tmp_path / "mpy_ui_game.mpy"),
                    os.path.join(ROOT, "tests", "mpy_ui_game.py")], check=True)
    setup = "import mpy_ui_game\nbench = mpy_ui_game.UiGame('/bench', %r)" % (levels.split(","),)
    fits, out = bench_bots.run_wasm32(wasm32_node, str(tmp_path), 1024, UI_MODULES, setup)
    assert fits and "\nok deals=" in out, out[-3000:]
    peak = int(out.split("peak_live ")[1].split()[0])
    print("32-bit VM, %s: most heap in use between key presses %d B" % (levels, peak))
    assert peak < PEAK_GUARD_32_BIT[levels]


def test_code_py_compiles_for_the_device(tmp_path):
    mpy_cross = mpy_cross_binary()
    if mpy_cross is None:
        pytest.skip("mpy-cross is not installed")
    subprocess.run([mpy_cross, "-o", str(tmp_path / "code.mpy"), os.path.join(ROOT, "code.py")], check=True)
