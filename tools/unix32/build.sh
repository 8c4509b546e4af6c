#!/bin/sh
# Builds tools/unix32/micropython: MicroPython's unix port built 32-bit, from Debian's source
# package (trixie's micropython 1.25.0), for
# `tools/device_budget.py --unix32 tools/unix32/micropython`.  That port collects garbage
# whenever an allocation fails, as a board does (the WebAssembly port of tools/wasm32 collects
# only between ticks), and its objects are a board's size.  Python's frames go on a Python
# stack (MICROPY_ENABLE_PYSTACK), as CircuitPython's do; no FFI, TLS or btree (the game uses
# none).  Needs root on a Debian machine (apt-get); about two minutes.  docs/memory.md says
# what it measures.
set -e
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)  # MicroPython's source and the build: out of the project's tree, gone afterwards
trap 'rm -rf "$work"' EXIT
if [ ! -f /etc/apt/sources.list.d/thousand-trixie-src.sources ]; then
    cat > /etc/apt/sources.list.d/thousand-trixie-src.sources <<'SOURCES'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
fi
apt-get update -qq
apt-get install -y -qq dpkg-dev gcc-multilib make patch >/dev/null
cd "$work"
apt-get source -qq micropython=1.25.0+ds-1 >/dev/null
cd micropython-1.25.0+ds
# A board's name pool (docs/memory.md, "A name pool as a board's"): its C modules' names are in
# flash, and the first name its program interns starts a table of 20 entries.  Here the
# stand-ins' and the robot's names are interned first, so `micropython.qstr_info(2)` makes them
# the firmware's (board_pool.patch) and the game's names then fill tables of 20, 40, ... as on
# a board; and a name's hash takes one byte, as CircuitPython's full builds' do
# (MICROPY_QSTR_BYTES_IN_HASH in its py/circuitpy_mpconfig.h): 6 bytes a name in a table, not 7.
patch -p1 < "$here/board_pool.patch" >/dev/null
cd ports/unix
# The Python stack a board's settings.toml gives the game (tools/bundle.py's PYSTACK_BYTES,
# 6,144 bytes: 1,536 words), where this port has 1,024 words: with less, the bots' search runs
# out of it and falls back to heuristics, and the session plays other deals than a board's.
words=$(( $(sed -n 's/^PYSTACK_BYTES = \([0-9]*\)$/\1/p' "$here/../bundle.py") / 4 ))
sed -i "s/static mp_obj_t pystack\[1024\];/static mp_obj_t pystack[$words];/" main.c
grep -q "pystack\[$words\]" main.c
make -j2 VARIANT=standard MICROPY_FORCE_32BIT=1 MICROPY_PY_FFI=0 MICROPY_PY_BTREE=0 MICROPY_SSL_AXTLS=0 \
    MICROPY_SSL_MBEDTLS=0 MICROPY_PY_SSL=0 FROZEN_MANIFEST= \
    CFLAGS_EXTRA="-DMICROPY_ENABLE_PYSTACK=1 -DMICROPY_QSTR_BYTES_IN_HASH=1" >"$work/make.log" 2>&1 \
    || { tail -20 "$work/make.log"; exit 1; }
cp build-standard/micropython "$here/micropython"
"$here/micropython" -c "import sys; print('built', sys.implementation.name, sys.version, 'maxsize', sys.maxsize)"
