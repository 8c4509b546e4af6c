#!/usr/bin/env python3
"""Build the CIRCUITPY folder for a board, and optionally copy it to the board.

    python tools/bundle.py [--board NAME|all] [--out DIR] [--root DIR]
                           [--install PATH [--force]]

What lands in ``dist/CIRCUITPY/`` (``--out`` changes it):

* ``code.py`` from the repository root, as source (CircuitPython only starts a
  ``code.py``/``main.py``, never an ``.mpy``), and ``boot.py`` if the root has one;
  ``record.py`` and ``title.py`` written here (``ROOT_PROGRAMS``: programs the game runs
  once after a reload of its own, the record to the serial console and the title after
  "save, go to title").  This tool writes no ``boot.py`` of its own: the game saves to
  ``microcontroller.nvm``, which needs no writable filesystem, so nothing has to
  run before USB comes up.
* ``settings.toml`` with the keys in ``settings_toml()`` (read with ``os.getenv``).
* ``lib/thousand/``: the game package compiled to CircuitPython ``.mpy``, minus
  desktop-only modules: a module whose first line starts with ``# desktop-only``
  (for a whole subpackage: the first line of its ``__init__.py``) stays out, and
  device code that imports one is an error.  Tests (``test_*.py``,
  ``conftest.py``) stay out too, and so does a package's ``__init__.py`` that holds
  only its docstring (``is_docstring_only``: the board imports the folder alone).
* ``lib/<library>/``: every library that the game imports (and that those import),
  and nothing else, found by parsing imports with
  ``ast`` and taken as whole packages from this interpreter's site-packages
  (the pinned PyPI packages, the same sources as Adafruit's bundle), compiled to
  ``.mpy``.  Modules built into the firmware (``FIRMWARE_MODULES``) are not
  bundled.  Imports inside ``try: ... except ImportError`` or ``if
  TYPE_CHECKING:`` are optional and not followed (that is how the Adafruit
  libraries import ``typing``).
* ``assets/`` copied as is, and ``assets/boards.txt`` written from the board table
  (``thousand/hw/boards.py``): which board module serves which machine, the one line of the
  table a board reads (``thousand.hw.choose``).

Exit status: 0 done; 1 the build or install failed (a project problem: missing
code.py, an unresolved import, native code, too big for the board, mpy-cross
missing); 2 the command line is wrong (unknown board, install target missing
or not a CIRCUITPY drive).
"""

import ast
import hashlib
import os
import re
import shutil
import sys
import sysconfig
from collections import namedtuple
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cli  # noqa: E402  (tools/ is not a package: these sit beside this script)
import mpy  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(REPO_ROOT))  # (appended: the root's code.py would hide the standard library's)
from thousand.hw import boards  # noqa: E402  (desktop-only: the table of boards)
from thousand.hw import choose  # noqa: E402  (where a board reads its machine's line)

GAME_PACKAGE = "thousand"
DESKTOP_ONLY_MARKER = "# desktop-only"
SETTINGS_KEY_BOARD = "THOUSAND_BOARD"
# CircuitPython's Python stack for function frames (2048 bytes by default in CircuitPython 10:
# CIRCUITPY_PYSTACK_SIZE in py/circuitpy_mpconfig.h).  The bots' search needs about 4.5 KB
# of it (tools/pystack_need.py); a quarter more is kept for what that estimate cannot see.
# Below it the search would fall back to heuristics.
PYSTACK_BYTES = 6144
# Files of the game package that are tests, not game code.
TEST_FILE_PATTERN = re.compile(r"^(test_.*|.*_test|conftest)\.py$")
# Never copied from assets/ or the game package (nor dot files): caches, and
# stale .mpy files that would stand in for a fresh compile of the source.
SKIPPED_DIR_NAMES = frozenset({"__pycache__"})
SKIPPED_SUFFIXES = (".pyc", ".mpy")
# Pages of assets/text that only the desktop reads: the terminal games' words (tools/
# terminal_common.py), about 20 KB of a board's drive across the languages.
DESKTOP_ONLY_PAGES = ("terminal.txt", "five_hundred_terminal.txt")

# Modules that CircuitPython 9.x/10.x firmware provides itself, so they must not
# come from lib/ (Blinka's desktop versions of displayio, board, ... live in
# site-packages and would be picked up by mistake).  Based on the full builds
# of the boards below; a module listed here may still be missing on one board
# (e.g. jpegio on SAMD51), which matters only if the game imports it.
FIRMWARE_MODULES = frozenset(
    {
        # Python core of CircuitPython
        "__future__", "array", "binascii", "builtins", "collections", "errno",
        "gc", "io", "json", "math", "micropython", "os", "random", "re",
        "select", "struct", "sys", "time", "traceback", "warnings", "zlib",
        # hardware, display and input (shared-bindings)
        "analogio", "audiobusio", "audiocore", "audioio", "audiomixer",
        "audiopwmio", "bitmaptools", "board", "busdisplay", "busio",
        "digitalio", "displayio", "epaperdisplay", "fontio", "fourwire",
        "framebufferio", "gifio", "i2cdisplaybus", "jpegio", "keypad",
        "microcontroller", "neopixel_write", "paralleldisplaybus", "pwmio",
        "rainbowio", "rtc", "storage", "supervisor", "synthio", "terminalio",
        "usb_cdc", "usb_hid", "vectorio",
    }
)

# The boards, one row each (name, board ids, title, flash, capacity, cluster, frozen modules):
# thousand/hw/boards.py, which the desktop and the other tools read too.
BOARDS = boards.BOARDS

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class BundleError(Exception):
    """A failure reported to the user as one clear message and an exit status."""

    def __init__(self, message, status=EXIT_FAILED):
        super().__init__(message)
        self.status = status


ImportRef = namedtuple("ImportRef", "module names optional where")
# One file of the bundle: ``dest`` relative to CIRCUITPY, ``data`` its final bytes.
BundleFile = namedtuple("BundleFile", "dest data")


# ---------------------------------------------------------------- imports


def _catches_import_error(handler):
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = {getattr(t, "id", getattr(t, "attr", None)) for t in types}
    return bool(names & {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


def _is_type_checking(test):
    return getattr(test, "id", getattr(test, "attr", None)) == "TYPE_CHECKING"


class _ImportCollector(ast.NodeVisitor):
    def __init__(self, module_name, is_package, label):
        self.package = module_name if is_package else module_name.rpartition(".")[0]
        self.label = label
        self.optional_depth = 0
        self.refs = []

    def _add(self, module, names, node):
        where = "%s:%d" % (self.label, node.lineno)
        self.refs.append(ImportRef(module, tuple(names), self.optional_depth > 0, where))

    def visit_Import(self, node):
        for alias in node.names:
            self._add(alias.name, (), node)

    def visit_ImportFrom(self, node):
        module = node.module or ""
        if node.level:
            base = self.package.split(".") if self.package else []
            if node.level - 1 > len(base):
                raise BundleError("%s:%d: relative import beyond the top package" % (self.label, node.lineno))
            base = base[: len(base) - (node.level - 1)]
            module = ".".join(base + ([module] if module else []))
        self._add(module, [alias.name for alias in node.names], node)

    def visit_Try(self, node):
        guarded = any(_catches_import_error(h) for h in node.handlers)
        self.optional_depth += guarded
        for child in node.body:
            self.visit(child)
        self.optional_depth -= guarded
        for child in node.handlers + node.orelse + node.finalbody:
            self.visit(child)

    def visit_If(self, node):
        if _is_type_checking(node.test):
            self.optional_depth += 1
            for child in node.body:
                self.visit(child)
            self.optional_depth -= 1
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)


def scan_imports(source_text, module_name, is_package, label):
    """The imports of one Python source as ImportRefs with absolute module names.

    >>> [r.module for r in scan_imports("from . import b\\nimport os", "pkg.a", False, "a.py")]
    ['pkg', 'os']
    >>> scan_imports("try:\\n import typing\\nexcept ImportError:\\n pass", "m", False, "m.py")[0].optional
    True
    """
    try:
        tree = ast.parse(source_text, filename=label)
    except SyntaxError as error:
        raise BundleError("%s:%s: syntax error: %s" % (label, error.lineno, error.msg)) from error
    collector = _ImportCollector(module_name, is_package, label)
    collector.visit(tree)
    return collector.refs


# ---------------------------------------------------------------- sources


def scan_module_imports(path, relative, label):
    """scan_imports of the module file ``path``, whose path below its sys.path folder is ``relative``."""
    source = path.read_text(encoding="utf-8")
    return scan_imports(source, module_name_of(relative), path.name == "__init__.py", label)


def is_desktop_only(path):
    with open(path, encoding="utf-8") as source:
        return source.readline().startswith(DESKTOP_ONLY_MARKER)


def is_docstring_only(path):
    """Does the module hold nothing a board runs (no statement but its docstring, which
    the board's compiler leaves out)?  A package's ``__init__.py`` of that kind is left
    out of the bundle: CircuitPython imports a folder without one as a package (its
    ``py/builtinimport.c``), and a loaded ``__init__.mpy`` costs its path in the name pool
    for good (a name of about 30 bytes, and its module's code).

    >>> is_docstring_only(REPO_ROOT / "thousand" / "ui" / "__init__.py")
    True
    >>> is_docstring_only(REPO_ROOT / "thousand" / "__init__.py")
    False
    """
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
               and isinstance(node.value.value, str) for node in body)


def module_name_of(relative_path):
    """``thousand/ui/__init__.py`` -> ``thousand.ui``; ``thousand/x.py`` -> ``thousand.x``."""
    parts = list(relative_path.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _walk_files(folder):
    """Every regular file below ``folder`` in sorted order, without caches and dot files."""
    for directory, subdirs, files in os.walk(folder):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIPPED_DIR_NAMES and not d.startswith("."))
        for name in sorted(files):
            if not name.startswith(".") and not name.endswith(SKIPPED_SUFFIXES):
                yield Path(directory) / name


def game_package_files(root):
    """(device files, desktop-only module names) of the game package below ``root``."""
    package_dir = root / GAME_PACKAGE
    if not (package_dir / "__init__.py").is_file():
        raise BundleError("%s not found: the game package is missing" % (package_dir / "__init__.py"))
    desktop_packages = [p.parent for p in package_dir.rglob("__init__.py") if is_desktop_only(p)]
    desktop_modules = {module_name_of(p.relative_to(root)) for p in desktop_packages}
    device_files = []
    for path in _walk_files(package_dir):
        if any(path.is_relative_to(package) for package in desktop_packages):
            continue
        if path.suffix == ".py" and is_desktop_only(path):
            desktop_modules.add(module_name_of(path.relative_to(root)))
        elif not TEST_FILE_PATTERN.match(path.name):
            device_files.append(path)
    return device_files, desktop_modules


def site_packages_dirs():
    paths = sysconfig.get_paths()
    return [Path(p) for p in dict.fromkeys([paths["purelib"], paths["platlib"]])]


def find_library(top_name):
    """The package folder or module file of ``top_name`` in site-packages, or None."""
    for folder in site_packages_dirs():
        if (folder / top_name / "__init__.py").is_file():
            return folder / top_name
        if (folder / (top_name + ".py")).is_file():
            return folder / (top_name + ".py")
    return None


def library_version(top_name):
    """'name==version' of the distribution that installed ``top_name``, for the build log."""
    from importlib import metadata

    distributions = metadata.packages_distributions().get(top_name, [])
    return ", ".join("%s==%s" % (d, metadata.version(d)) for d in distributions) or "unknown version"


def library_files(location):
    """(path, path relative to lib/) for each Python file of a library."""
    if location.is_file():
        return [(location, Path(location.name))]
    return [(p, p.relative_to(location.parent)) for p in _walk_files(location) if p.suffix == ".py"]


def local_module_exists(root, dotted):
    path = root.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def resolve_libraries(root, game_refs, desktop_modules, board, log):
    """The site-packages libraries the bundle needs: {top-level name: location}.

    Checks every required game import: it must be firmware, a device module of
    the game, or a library found in site-packages.
    """
    firmware = FIRMWARE_MODULES | set(board.frozen_modules)
    libraries = {}
    pending = list(game_refs)
    problems, not_installed = [], False
    while pending:
        ref = pending.pop(0)
        top = ref.module.split(".")[0]
        if ref.optional or top in firmware or top in libraries:
            continue
        if top == GAME_PACKAGE:
            targets = [ref.module] + [ref.module + "." + name for name in ref.names]
            for target in targets:
                if target in desktop_modules or any(target.startswith(m + ".") for m in desktop_modules):
                    problems.append("%s imports %s, which is desktop-only" % (ref.where, target))
            if not local_module_exists(root, ref.module):
                problems.append("%s imports %s, which does not exist" % (ref.where, ref.module))
            continue
        location = find_library(top)
        if location is None:
            problems.append(
                "%s imports %s: not a CircuitPython firmware module and not installed in %s"
                % (ref.where, top, site_packages_dirs()[0])
            )
            not_installed = True
            continue
        libraries[top] = location
        log("  library %-28s %s" % (top, library_version(top)))
        for path, relative in library_files(location):
            pending += scan_module_imports(path, relative, "lib/" + relative.as_posix())
    if not_installed:
        problems.append(
            "libraries come from the pinned packages: `%s -m pip install -r requirements-dev.txt` "
            "(make bundle does it in .venv)" % sys.executable
        )
    if problems:
        raise BundleError("unresolved imports:\n  " + "\n  ".join(problems))
    return libraries


# ---------------------------------------------------------------- build

_compiled_cache = {}
NO_SOURCE_LINES = ("-X", "no-source-lines")  # mpy-cross's option


def compile_cached(path, source_name, source_lines=False):
    """CircuitPython .mpy bytes of ``path``; one mpy-cross run per content (``--board all`` reuses it).

    Without ``source_lines`` the bytecode carries no line numbers: a board copies every
    imported module into its heap, and the line tables are about 6 % of it. A traceback
    still names the file and the function, at "line 1"."""
    key = (hashlib.sha256(path.read_bytes()).hexdigest(), source_name, source_lines)
    if key not in _compiled_cache:
        options = () if source_lines else NO_SOURCE_LINES
        try:
            _compiled_cache[key] = mpy.compile_circuitpython(path, source_name, options)
        except mpy.MpyError as error:  # also MpyCrossMissing, whose message says how to install it
            raise BundleError(str(error)) from error
    return _compiled_cache[key]


def settings_toml(board):
    """settings.toml for ``board``: only keys docs/hardware.md's settings.toml table documents."""
    return (
        "# Written by tools/bundle.py; the game reads it with os.getenv().\n"
        "# %s: the board profile this folder was built for; the game may\n"
        "# compare it with board.board_id to warn about a bundle for another board.\n"
        '%s = "%s"\n'
        "# The computer players' search calls itself once per card; CircuitPython's\n"
        "# default Python stack (2048 bytes) is too small for it.  Read at boot.\n"
        "CIRCUITPY_PYSTACK_SIZE = %d\n" % (SETTINGS_KEY_BOARD, SETTINGS_KEY_BOARD, board.name, PYSTACK_BYTES)
    )


# The programs beside code.py that the game runs itself (``board.reload(program)``, once, then
# code.py again): the table menu's record, written by a VM of its own
# (thousand/ui/record_program.py), and the title after "save, go to title"
# (thousand.ui.app.main's ``at_title``).  Written here, as source (CircuitPython starts only a
# .py), where the game has the module each calls: {file: (module, main's arguments)}.
ROOT_PROGRAMS = {"record.py": ("thousand.ui.record_program", ""), "title.py": ("thousand.ui.app", "at_title=True")}


def root_program(module, arguments):
    """The source of a program of ``ROOT_PROGRAMS``.

    >>> print(root_program("thousand.ui.app", "at_title=True"), end="")
    # Written by tools/bundle.py: CircuitPython runs it once, after the game's reload (thousand/hw/device.py).
    from thousand.ui.app import main
    <BLANKLINE>
    main(at_title=True)
    """
    return ("# Written by tools/bundle.py: CircuitPython runs it once, after the game's reload"
            " (thousand/hw/device.py).\nfrom %s import main\n\nmain(%s)\n" % (module, arguments))


def collect_bundle(root, board, log, source_lines=False):
    """Every BundleFile of the CIRCUITPY folder for ``board``, built from ``root``
    (``source_lines``: see ``compile_cached``)."""
    code_py = root / "code.py"
    if not code_py.is_file():
        raise BundleError("code.py not found in %s: nothing would start on the board" % root)
    files = [BundleFile("code.py", code_py.read_bytes())]
    entry_points = [code_py]
    if (root / "boot.py").is_file():
        files.append(BundleFile("boot.py", (root / "boot.py").read_bytes()))
        entry_points.append(root / "boot.py")
    files.append(BundleFile("settings.toml", settings_toml(board).encode()))
    programs = []
    for name, (module, arguments) in ROOT_PROGRAMS.items():
        if (root / (module.replace(".", "/") + ".py")).is_file():  # (a project of code.py alone has none)
            programs.append((name, root_program(module, arguments)))
            files.append(BundleFile(name, programs[-1][1].encode()))

    game_files, desktop_modules = game_package_files(root)
    if desktop_modules:
        log("  desktop-only, left out: " + ", ".join(sorted(desktop_modules)))
    game_refs = []
    for path in entry_points:
        game_refs += scan_imports(path.read_text(encoding="utf-8"), path.stem, False, path.name)
    for name, text in programs:
        game_refs += scan_imports(text, name[:-3], False, name)
    for path in game_files:
        if path.suffix == ".py":
            relative = path.relative_to(root)
            game_refs += scan_module_imports(path, relative, relative.as_posix())

    sources = [(path, path.relative_to(root)) for path in game_files]
    for location in resolve_libraries(root, game_refs, desktop_modules, board, log).values():
        sources += library_files(location)
    log("  compiling %d modules" % sum(path.suffix == ".py" for path, _ in sources))
    for path, relative in sources:
        if path.suffix == ".py" and path.name == "__init__.py" and is_docstring_only(path):
            continue  # a package of its folder alone: see is_docstring_only
        if path.suffix == ".py":
            # Named for tracebacks as the board loads it ("/lib/thousand/game.mpy"): the
            # import interns that path, so the module's names hold one string, not two.
            mpy_data = compile_cached(path, "/lib/" + relative.with_suffix(".mpy").as_posix(), source_lines)
            files.append(BundleFile("lib/" + relative.with_suffix(".mpy").as_posix(), mpy_data))
        else:
            files.append(BundleFile("lib/" + relative.as_posix(), path.read_bytes()))

    assets = root / "assets"
    if assets.is_dir():
        for path in _walk_files(assets):
            if path.name in DESKTOP_ONLY_PAGES:
                continue
            files.append(BundleFile(path.relative_to(root).as_posix(), path.read_bytes()))
    # The one board fact a board reads (thousand.hw.choose, at boot): which module serves it.
    files.append(BundleFile(choose.MACHINES_PATH, boards.machines_text().encode()))
    check_no_shadowed_mpy(f.dest for f in files)
    return files


def check_no_shadowed_mpy(dest_paths):
    """Raise if a .py stands beside its .mpy: the board would import the .py instead."""
    dest_paths = set(dest_paths)
    clashes = sorted(p for p in dest_paths if p.endswith(".mpy") and p[:-4] + ".py" in dest_paths)
    if clashes:
        raise BundleError("a .py would shadow its .mpy: " + ", ".join(clashes))


def allocated_size(size, cluster):
    return -(-size // cluster) * cluster


def size_report(files, board):
    """(table lines, bytes allocated on the drive) for ``files`` on ``board``."""
    lines = ["  %10s  %10s  %s" % ("bytes", "on drive", "file")]
    allocated_total = 0
    for bundle_file in sorted(files, key=lambda f: f.dest):
        allocated = allocated_size(len(bundle_file.data), board.cluster)
        allocated_total += allocated
        lines.append("  %10d  %10d  %s" % (len(bundle_file.data), allocated, bundle_file.dest))
    # Every folder below the root takes at least one cluster for its entries.
    folders = {parent for f in files for parent in Path(f.dest).parents if parent != Path(".")}
    allocated_total += len(folders) * board.cluster
    lines.append("  %10s  %10d  %d folders" % ("", len(folders) * board.cluster, len(folders)))
    total = sum(len(f.data) for f in files)
    lines.append(
        "  %10d  %10d  total, %d files; %s CIRCUITPY holds about %d bytes (%.0f%% used)"
        % (total, allocated_total, len(files), board.name, board.capacity,
           100.0 * allocated_total / board.capacity)
    )
    return lines, allocated_total


def check_capacity(allocated_total, board):
    if allocated_total > board.capacity:
        raise BundleError(
            "the bundle needs %d bytes on the drive but %s's CIRCUITPY holds about %d bytes"
            % (allocated_total, board.name, board.capacity)
        )


def looks_like_previous_bundle(folder):
    """True for a folder this tool built; never for a board's drive, even one it installed to."""
    settings = folder / "settings.toml"
    if (folder / "boot_out.txt").exists() or not settings.is_file():
        return False
    return SETTINGS_KEY_BOARD in settings.read_text(encoding="utf-8", errors="replace")


def write_bundle(files, out):
    """Write ``files`` into a fresh ``out`` folder (replacing a previous bundle only)."""
    if out.exists() and not out.is_dir():
        raise BundleError("%s is a file; --out needs a folder" % out, EXIT_USAGE)
    if out.exists() and any(out.iterdir()) and not looks_like_previous_bundle(out):
        raise BundleError(
            "%s exists and is not a bundle built by this tool; choose another --out "
            "(to copy to a board, use --install)" % out,
            EXIT_USAGE,
        )
    staging = out.with_name(out.name + ".building")
    shutil.rmtree(staging, ignore_errors=True)
    for bundle_file in files:
        target = staging / bundle_file.dest
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(bundle_file.data)
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)


def build(root, out, board, log=print, source_lines=False):
    """Build the CIRCUITPY folder for ``board`` into ``out``; return its BundleFiles."""
    log("building %s (%s, %s) from %s into %s" % (board.name, board.title, board.flash, root, out))
    files = collect_bundle(root, board, log, source_lines)
    lines, allocated_total = size_report(files, board)
    for line in lines:
        log(line)
    check_capacity(allocated_total, board)
    write_bundle(files, out)
    log("wrote %d files to %s" % (len(files), out))
    return files


# ---------------------------------------------------------------- install

InstallReport = namedtuple("InstallReport", "copied skipped removed")


def read_board_id(drive):
    """The 'Board ID:' of boot_out.txt, or None (none, or an empty one)."""
    boot_out = drive / "boot_out.txt"
    if boot_out.is_file():
        for line in boot_out.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("Board ID:"):
                return line.split(":", 1)[1].strip() or None  # "Board ID:" alone names none
    return None


def check_install_target(drive, board, force):
    if not drive.is_dir():
        raise BundleError(
            "install target %s does not exist or is not a folder; is the board mounted?" % drive, EXIT_USAGE
        )
    if force:
        return
    if not (drive / "boot_out.txt").is_file():
        raise BundleError(
            "%s does not look like a CIRCUITPY drive (no boot_out.txt); use --force to install anyway"
            % drive,
            EXIT_USAGE,
        )
    board_id = read_board_id(drive)
    if board_id is None:  # CircuitPython writes "Board ID:" into every boot_out.txt it makes
        raise BundleError(
            "%s has a boot_out.txt that names no board (no 'Board ID:' line): not a CIRCUITPY drive "
            "CircuitPython wrote; use --force to install anyway" % drive,
            EXIT_USAGE,
        )
    if board_id not in board.board_ids:
        raise BundleError(
            "%s is a %s board but the bundle is for %s (%s); pick --board for it or use --force"
            % (drive, board_id, board.name, ", ".join(board.board_ids)),
            EXIT_USAGE,
        )


def merge_settings(existing, bundled):
    """The bundle's settings.toml keys set into an existing settings.toml, keeping its other lines.

    A user's own keys (Wi-Fi credentials on the ESP32-S3, for example) survive an update,
    and so does a larger Python stack than the game needs (another program may need it).

    >>> print(merge_settings('A = 1\\nTHOUSAND_BOARD = "x"\\n', '# c\\nTHOUSAND_BOARD = "y"\\n'), end="")
    A = 1
    THOUSAND_BOARD = "y"
    >>> print(merge_settings('CIRCUITPY_PYSTACK_SIZE = 8192\\n', 'CIRCUITPY_PYSTACK_SIZE = 6144\\n'), end="")
    CIRCUITPY_PYSTACK_SIZE = 8192
    >>> print(merge_settings('CIRCUITPY_PYSTACK_SIZE = 1024\\n', 'CIRCUITPY_PYSTACK_SIZE = 6144\\n'), end="")
    CIRCUITPY_PYSTACK_SIZE = 6144
    """
    if existing is None:
        return bundled
    lines = existing.splitlines()
    for line in bundled.splitlines():
        key_match = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=", line)
        if not key_match:
            continue
        key_pattern = re.compile(r"\s*%s\s*=" % re.escape(key_match.group(1)))
        positions = [i for i, old in enumerate(lines) if key_pattern.match(old)]
        if positions and key_match.group(1) == "CIRCUITPY_PYSTACK_SIZE" and \
                _int_value(lines[positions[0]]) >= _int_value(line):
            continue  # the user's stack is large enough already
        if positions:
            lines[positions[0]] = line
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def _int_value(line):
    """The integer a ``KEY = value`` line sets, or -1 when it is not a plain integer."""
    value = line.split("=", 1)[1].split("#", 1)[0].strip()
    return int(value) if value.isdigit() else -1


def write_atomically(target, data):
    """Write ``data`` to a temporary file beside ``target``, then rename it over ``target``.

    A power cut or an unplugged cable leaves either the old file or the new
    one, never half of code.py.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".partial")
    with open(temporary, "wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(temporary, target)


def install(bundle_dir, drive, log=print):
    """Copy the built folder to a mounted drive: changed files only, atomically, code.py last."""
    sources = sorted(p.relative_to(bundle_dir) for p in bundle_dir.rglob("*") if p.is_file())
    planned, skipped = [], []
    for relative in sources:
        data = (bundle_dir / relative).read_bytes()
        target = drive / relative
        old = target.read_bytes() if target.is_file() else None
        if relative.as_posix() == "settings.toml":
            old_text = old.decode("utf-8", "replace") if old is not None else None
            data = merge_settings(old_text, data.decode()).encode()
        if old == data:
            skipped.append(relative.as_posix())
        else:
            planned.append((relative, data, len(old) if old is not None else 0))
    # The largest temporary file coexists with the file it replaces.
    needed = sum(len(data) - old_size for _, data, old_size in planned)
    needed += max((old_size for _, _, old_size in planned), default=0)
    free = shutil.disk_usage(drive).free
    if needed > free:
        raise BundleError(
            "%s has %d bytes free but the update needs %d more; nothing was written" % (drive, free, needed)
        )

    copied, removed = [], []

    def copy(relative, data):
        write_atomically(drive / relative, data)
        copied.append(relative.as_posix())
        log("  copied  %s (%d bytes)" % (relative.as_posix(), len(data)))

    for relative, data, _ in planned:
        if relative.as_posix() != "code.py":
            copy(relative, data)
    # Before code.py restarts the board: a .py beside a .mpy would be imported instead.
    for relative in sources:
        stale_source = (drive / relative).with_suffix(".py")
        if relative.suffix == ".mpy" and stale_source.is_file():
            stale_source.unlink()
            removed.append(stale_source.relative_to(drive).as_posix())
            log("  removed %s (it would be imported instead of the .mpy)" % removed[-1])
    # Last, so that the board, which restarts on every write, finally runs a complete game.
    for relative, data, _ in planned:
        if relative.as_posix() == "code.py":
            copy(relative, data)
    log(
        "installed into %s: %d copied, %d unchanged, %d removed"
        % (drive, len(copied), len(skipped), len(removed))
    )
    return InstallReport(copied, skipped, removed)


# ---------------------------------------------------------------- command line


def parse_arguments(argv):
    parser = cli.Parser(
        description="Build the CIRCUITPY folder of Thousand for a board and optionally install it.",
        epilog="boards: " + ", ".join(BOARDS) + ", all",
    )
    parser.add_argument("--board", default="pybadge", help="board profile, or 'all' (default: pybadge)")
    parser.add_argument(
        "--out",
        type=Path,
        help="output folder (default: ROOT/dist/CIRCUITPY; with --board all the base folder, "
        "default ROOT/dist, each board going to OUT/<board>/CIRCUITPY)",
    )
    parser.add_argument(
        "--root", type=Path, default=REPO_ROOT, help="project root holding code.py (default: this repository)"
    )
    parser.add_argument(
        "--install", type=Path, metavar="PATH", help="copy the built folder to this mounted CIRCUITPY drive"
    )
    parser.add_argument(
        "--force", action="store_true", help="install even if PATH has no boot_out.txt or is another board"
    )
    parser.add_argument(
        "--source-lines",
        action="store_true",
        help="keep line numbers in tracebacks (for hunting a bug on the board; the game then "
        "holds about 5 KB more heap, which a PyBadge may not have)",
    )
    return parser.parse_args(argv)


def run(argv):
    arguments = parse_arguments(argv)
    root = arguments.root.resolve()
    if arguments.board == "all":
        if arguments.install:
            raise BundleError("--install needs one board, not --board all", EXIT_USAGE)
        base = arguments.out or root / "dist"
        targets = [(board, base / board.name / "CIRCUITPY") for board in BOARDS.values()]
    elif arguments.board in BOARDS:
        targets = [(BOARDS[arguments.board], arguments.out or root / "dist" / "CIRCUITPY")]
    else:
        raise BundleError(
            "unknown board %r; known boards: %s, or all" % (arguments.board, ", ".join(BOARDS)), EXIT_USAGE
        )
    if arguments.install:
        check_install_target(arguments.install, targets[0][0], arguments.force)
    for board, out in targets:
        build(root, out, board, source_lines=arguments.source_lines)
    if arguments.install:
        install(targets[0][1], arguments.install)
    return EXIT_OK


def main(argv=None):
    try:
        return run(sys.argv[1:] if argv is None else argv)
    except BundleError as error:
        print("bundle: error: %s" % error, file=sys.stderr)
        return error.status


if __name__ == "__main__":
    cli.run(main)
