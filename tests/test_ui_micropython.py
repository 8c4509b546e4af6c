"""The device screens under the real MicroPython VM (displayio stubbed): a whole game, every screen,
saved as on the device (PersistentStorage over an 8 KB NvmStore).

The heap is 224K on the 64-bit unix port (the least that completes it is about 213K;
pointers take twice the room they take on the 32-bit boards): a guard against the screens
growing.  Of the 224K, the storage takes about 28K of modules (thousand.storage,
thousand.save, thousand.ui.storage, loaded for the saves during play) and 8K the NVM
stand-in's bytearray, which on a board is not in the heap.  With computer players at bot
levels the bots' modules and search add about 25K more: the game needs about 238K there
and is given 256K."""

import os
import shutil
import subprocess

import pytest

from conftest import ROOT, mpy_cross_binary

STUBS = os.path.join(ROOT, "tests", "mpy_stubs")


def desktop_only(path):
    with open(path) as file:
        return file.readline().startswith("# desktop-only")


def compile_package(tmp_path):
    """thousand/ as .mpy files, the way the device runs it."""
    mpy_cross = mpy_cross_binary()
    if mpy_cross is None:
        pytest.skip("mpy-cross is not installed")
    for folder, _, files in os.walk(os.path.join(ROOT, "thousand")):
        rel = os.path.relpath(folder, ROOT)
        os.makedirs(tmp_path / rel, exist_ok=True)
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".py") and not desktop_only(path):
                subprocess.run([mpy_cross, "-o", str(tmp_path / rel / (name[:-3] + ".mpy")), path], check=True)
    shutil.copytree(os.path.join(ROOT, "assets"), tmp_path / "assets")


@pytest.mark.parametrize("levels, heap", [("random,random", "224K"), ("hard,normal", "256K")])
def test_screens_play_a_whole_game_under_micropython(micropython, tmp_path, levels, heap):
    compile_package(tmp_path)
    env = dict(os.environ, MICROPYPATH=STUBS + ":" + str(tmp_path))
    result = subprocess.run([micropython, "-X", "heapsize=" + heap, os.path.join(ROOT, "tests", "mpy_ui_game.py"),
                             str(tmp_path), levels], capture_output=True, text=True, env=env, timeout=300)
    assert result.stdout.startswith("ok"), result.stdout + result.stderr
    print(result.stdout)


def test_code_py_compiles_for_the_device(tmp_path):
    mpy_cross = mpy_cross_binary()
    if mpy_cross is None:
        pytest.skip("mpy-cross is not installed")
    subprocess.run([mpy_cross, "-o", str(tmp_path / "code.mpy"), os.path.join(ROOT, "code.py")], check=True)
