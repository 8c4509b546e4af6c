// Runs a Python program one step per call under MicroPython's WebAssembly port: a 32-bit VM
// with a Python stack, like a board's, where the unix port is a 64-bit build.
//
//     node steps.mjs BUILD_DIR HEAP_KB MODULES SETUP
//
// BUILD_DIR (.mpy files, scripts, assets) is copied to the root of the VM's in-memory
// filesystem, with sys.path as a board's ("", "/", "/lib").  MODULES (comma-separated) are
// imported first, one at a time.
// SETUP is Python that makes ``bench``: an object whose ``step()`` does one step and returns
// False when there is no more to do, and whose ``summary()`` returns a line of text.
// tools/bench_bots.py plays a bot game this way (its game script, bench_game.py, a decision a
// step) and tools/device_budget.py the device's whole game (tools/device_vm/robot.py, a tick
// of the app's loop a step).
//
// This port never collects garbage while Python runs (it cannot see the WebAssembly locals
// that may point into the heap): a collection waits until control is back in JavaScript,
// and an allocation that does not fit makes the heap grow instead.  So each module is
// imported, and each step taken, in a call of its own, with a collection between calls;
// the program fits in HEAP_KB only if the heap never grew.  A board collects whenever an
// allocation fails, so the least HEAP_KB that fits is an upper bound of what a board needs.
//
// Prints "harness BYTES QSTRS STRING_BYTES POOL_BYTES" (the heap before the first module: the
// VM's own start, the path and the harness), "imported NAME BYTES QSTRS STRING_BYTES
// POOL_BYTES" (heap the module keeps, and the
// name pool after it: names, their characters, the pool's whole heap), what the program printed, the
// summary, "done", "peak_live BYTES" (the most heap in use after the collection before a
// step), where ``bench`` has ``where()`` a line "where LABEL BYTES SNAPSHOT;QSTRS,CHARS,POOL"
// per label it returned (the most heap in use at that label, ``bench.snapshot()`` and the
// name pool at that moment),
// "mark WORD BYTES QSTRS STRING_BYTES POOL_BYTES" per word that ``bench.mark()`` returned (its
// spaces as "_": the heap in use and the name pool after that step),
// "vm_names LABEL QSTRS STRING_BYTES POOL_BYTES" per VM (its name pool at its end, before a
// reload or the program's end: the most names it held, and the label then),
// "most_allocated_in_a_step BYTES LABEL" (the most one step allocated, garbage included, and
// the label after it), "names_at_end QSTRS STRING_BYTES POOL_BYTES" (the name pool when the
// program is done: it never shrinks), "reloads N" (the fresh VMs that supervisor.reload()
// made, see carry below), "grew_at LABEL BYTES ALLOCATED SNAPSHOT" where the heap first had
// to grow (see grewAt) and "heap_total INITIAL FINAL" (the heap's size in bytes before and
// after, in the last VM; FINAL is above INITIAL where any VM's heap had to grow).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";
import fs from "node:fs";
import path from "node:path";

// The heap where a board's lies.  The collector keeps every block that some word of a live
// object points into, a bytearray's bytes included.  This port's heap would lie at the bottom
// of WebAssembly's memory (about 0x38000 to 0x130000), so two int16 side by side whose
// second is 3 to 19 (a score sheet's deltas -160 and 5 are the word 0x0005FF60) read as a
// pointer and kept a let-go module alive (docs/memory.md, "A false pointer in the measuring
// VM").  A SAMD51's RAM starts at 0x20000000 (HSRAM_ADDR in Microchip's SAMD51 device
// headers, which CircuitPython's atmel-samd port builds on), where only a word whose high
// half is 8,192 to 8,195 can point.  So before the VM makes its heap, a block is taken below
// it (only touched at its ends: the pages stay virtual) and the heap, and every area it grows
// by, start at HEAP_BASE, as on a board.
const HEAP_BASE = 0x20000000;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const made = await instantiate(...args);
  const exports = Object.assign({}, made.instance.exports);
  exports.mp_js_init = (pystack, heapBytes) => {
    const here = exports.malloc(16);
    exports.malloc(HEAP_BASE - here - 64);
    return made.instance.exports.mp_js_init(pystack, heapBytes);
  };
  return { instance: { exports }, module: made.module };
};

const BOARD_RAM_BYTES = 2 * 65536;  // two places of 64 KB: the NVM and sleep memory

const [buildDir, heapKb, modules, setup] = process.argv.slice(2);
if (setup === undefined) {
  console.error("usage: node steps.mjs BUILD_DIR HEAP_KB MODULES SETUP");
  process.exit(2);
}
let printed = "";
const keep = (text) => { printed += text + "\n"; };
let mp;  // the VM now: a reload (below) makes a fresh one

function copyInto(source, target) {  // target "" is the drive's root
  if (target !== "") mp.FS.mkdir(target);
  for (const name of fs.readdirSync(source)) {
    const from = path.join(source, name);
    if (fs.statSync(from).isDirectory()) copyInto(from, target + "/" + name);
    else mp.FS.writeFile(target + "/" + name, fs.readFileSync(from));
  }
}

// What CODE (a probe: micropython.qstr_info() or mem_info()) printed, from the line that starts
// with FIRST; it is taken out of what the program printed.  The port holds a line the program
// left open (bench_bots' "phases: 1111") until the next newline, which the probe's first line
// then ends: that beginning is the program's and is kept.
function probe(code, first) {
  const before = printed;
  mp.runPython(code);
  const text = printed.slice(before.length);
  const start = text.indexOf(first);
  printed = before + text.slice(0, start < 0 ? 0 : start);
  return text.slice(start < 0 ? 0 : start);
}

function qstrs() {  // the name pool: "QSTRS STRING_BYTES POOL_BYTES"
  const text = probe("import micropython\nmicropython.qstr_info()", "qstr pool:");
  const found = /n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)/.exec(text);
  return found[1] + " " + found[2] + " " + found[3];
}

function heapTotal() {  // the heap's present size (an area added inside a step goes once empty: see HARNESS)
  const text = probe("import micropython\nmicropython.mem_info()", "stack: ");
  return parseInt(/GC: total: (\d+)/.exec(text)[1], 10);
}

// This port never collects inside a call from JavaScript: an allocation that finds no room
// adds an area to the heap, and the collection at the call's end gives an area back once it
// is empty, so the heap's size after a step does not tell whether it grew.  The step is
// therefore taken through ``_step()``, which reads the heap's size before it returns: 2 or 3
// (going on, or not) where the heap had grown, else what ``bench.step()`` returned; ``_note()``
// does the same for SETUP, ``_grown()`` says whether it ever grew.
const HARNESS = `import gc as _gc
_size = [_gc.mem_alloc() + _gc.mem_free(), False]
def _note():
    if _gc.mem_alloc() + _gc.mem_free() != _size[0]:
        _size[1] = True
def _grown():
    return _size[1]
def _step():
    going = bench.step()
    if _gc.mem_alloc() + _gc.mem_free() != _size[0]:
        _size[1] = True
        return 2 if going else 3
    return going`;

// A fresh VM, as a board's at its start or after supervisor.reload(): the drive copied in, at
// the root, as on a board's drive (a module is loaded from /lib/thousand/..., the name its
// .mpy was given for tracebacks (tools/bundle.py), so that both are one name in the pool),
// MODULES imported, then SETUP and ``also`` (Python) run.  Returns the VM's gc module.
let report = "";
let initial = 0;
let grown = false;  // did any VM's heap have to grow?
// where a heap first had to grow: the label after that step, the heap in use before it and
// what the step allocated (its garbage included), ``bench.snapshot()``; or
// "setup N" (the VM after reload N before its first step)
let grewAt = "";
let reloads = 0;  // the fresh VMs that supervisor.reload() made
async function freshVm(also, files) {
  mp = await loadMicroPython({ heapsize: parseInt(heapKb, 10) * 1024, linebuffer: true,
                               stdout: keep, stderr: keep });
  copyInto(buildDir, "");
  for (const [name, data] of files || []) mp.FS.writeFile(name, data);
  // What a board keeps outside its heap (its NVM, sleep memory), which its collector never
  // scans: the stand-ins put it here, beside the heap (tools/device_vm/stubs/microcontroller.py)
  mp.runPython("BOARD_RAM = " + mp._module._malloc(BOARD_RAM_BYTES));  // __main__'s
  initial = heapTotal();
  const gc = mp.pyimport("gc");
  gc.collect();  // only asks: the collection runs as the call returns
  // The path and the harness's step (see HARNESS), counted with the stand-ins: this port's os
  // is frozen Python (with os.path, and collections, which it imports), 1.4 KB of its heap
  // that were counted as the game's, where a board's os is C, in flash, as the unix port's
  // is (docs/memory.md, "The two ports at one moment").
  // The VM's own start (608 bytes: its modules' table, sys.path, __main__, BOARD_RAM) is
  // counted with them too: a board's is its own, and the unix port's is in the heap it
  // takes away before the game (docs/memory.md, "A long game's pause; one view for the
  // table and the computers; the two ports").
  let before = 0;
  // sys.path as CircuitPython's: the current folder, the root, then /lib
  mp.runPython('import os, sys\nos.chdir("/")\nsys.path[:] = ["", "/", "/lib"]');
  mp.runPython(HARNESS);
  gc.collect();
  report += also ? "" : "harness " + (gc.mem_alloc() - before) + " " + qstrs() + "\n";
  for (const name of modules.split(",").filter((name) => name)) {
    before = gc.mem_alloc();
    mp.pyimport(name);
    gc.collect();
    if (!also) report += "imported " + name + " " + (gc.mem_alloc() - before) + " " + qstrs() + "\n";
  }
  mp.runPython(setup + (also ? "\n" + also : "") + "\n_note()");
  if (mp.globals.get("_grown")()) {
    grown = true;
    if (grewAt === "") grewAt = "setup " + reloads;
  }
  return gc;
}

try {
  let gc = await freshVm("");
  let bench = mp.globals.get("bench");
  let step = mp.globals.get("_step");
  let hasattr = mp.pyimport("builtins").hasattr;
  // optional: a label per step (the screen on show), and a word about the moment kept at
  // each label's peak
  let where = hasattr(bench, "where") ? bench.where : undefined;
  let snapshot = hasattr(bench, "snapshot") ? bench.snapshot : undefined;
  // optional: a word after a step that marks a moment ("game 1": the session's game 1 ended),
  // noted with the heap in use and the name pool then
  let mark = hasattr(bench, "mark") ? bench.mark : undefined;
  // optional: after a step, what the program asked a reload to carry into a fresh VM (Python
  // that ``bench`` there runs as ``bench.carry_in(...)``), or "" (tools/device_vm/robot.py:
  // the board's supervisor.reload(), with what a board keeps through it)
  let carry = hasattr(bench, "carry") ? bench.carry : undefined;
  let marks = "";
  // the names each VM held at its end (before its reload, or the program's end): they never
  // shrink, so this is the most names that VM ever held
  let vmNames = "";
  let peak = 0;
  let most = [0, ""];  // the most a step allocated (no collection runs inside a step), and where
  const peaks = new Map();
  let before = -1;
  do {
    if (before >= 0) {
      const made = gc.mem_alloc() - before;
      if (made > most[0]) most = [made, where === undefined ? "" : where()];
    }
    gc.collect();
    const live = gc.mem_alloc();
    peak = Math.max(peak, live);
    if (where !== undefined) {
      const label = where();
      const best = peaks.get(label);
      if (best === undefined || live > best[0]) {
        peaks.set(label, [live, (snapshot === undefined ? "" : snapshot()) + ";" + qstrs().replace(/ /g, ",")]);
      }
    }
    if (mark !== undefined) {
      const word = mark();
      if (word) marks += "mark " + word.replace(/ /g, "_") + " " + live + " " + qstrs() + "\n";
    }

    before = gc.mem_alloc();  // after the snapshot: what the step itself allocates is counted
    const stepped = step();
    const going = stepped === true || stepped === 2;
    // (what the heap held up to here is the program's; the carry's own copies of the NVM and
    // sleep memory are the harness's, which a board keeps outside its heap)
    // (asked inside every step, see HARNESS: an area the heap grew by is given back once it
    // is empty, so the heap's size at the end does not tell whether it ever grew)
    const grewHere = stepped === 2 || stepped === 3;
    grown = grown || grewHere;
    if (grewHere && grewAt === "") {
      grewAt = (where === undefined ? "" : where()) + " " + before + " " + (gc.mem_alloc() - before) +
        (snapshot === undefined ? "" : " " + snapshot());
    }
    const carried = going && carry !== undefined ? carry() : "";
    if (carried) {  // the program ended in a reload: a fresh VM goes on with what it carries
      vmNames += "vm_names " + (where === undefined ? "" : where()) + " " + qstrs() + "\n";
      reloads += 1;
      // the files the program left for the fresh VM (the robot's /reload.bin)
      const files = mp.FS.readdir("/").filter((name) => name.startsWith("reload."))
        .map((name) => ["/" + name, mp.FS.readFile("/" + name)]);
      gc = await freshVm("bench.carry_in(" + carried + ")", files);
      bench = mp.globals.get("bench");
      step = mp.globals.get("_step");
      hasattr = mp.pyimport("builtins").hasattr;
      where = hasattr(bench, "where") ? bench.where : undefined;
      snapshot = hasattr(bench, "snapshot") ? bench.snapshot : undefined;
      mark = hasattr(bench, "mark") ? bench.mark : undefined;
      carry = bench.carry;
      before = -1;
    }
    if (!going) break;
  } while (true);
  if (mark !== undefined) {  // a mark of the last step
    gc.collect();
    const word = mark();
    if (word) marks += "mark " + word.replace(/ /g, "_") + " " + gc.mem_alloc() + " " + qstrs() + "\n";
  }
  mp.runPython("print()");  // ends a line the program left open, which the port holds until then
  report += printed + bench.summary() + "\ndone\npeak_live " + peak + "\n";
  report += "most_allocated_in_a_step " + most[0] + " " + most[1] + "\n";
  vmNames += "vm_names " + (where === undefined ? "" : where()) + " " + qstrs() + "\n";
  report += "names_at_end " + qstrs() + "\n" + marks + vmNames + "reloads " + reloads + "\n";
  if (grewAt) report += "grew_at " + grewAt + "\n";
  for (const [label, [live, loaded]] of peaks) report += "where " + label + " " + live + " " + loaded + "\n";
} catch (error) {
  report += printed + "\nerror " + error + "\n";
}
// the heap's size before and after; where a VM before a reload had to grow, its growth
const final = heapTotal();
process.stdout.write(report + "heap_total " + initial + " " + (grown && final === initial ? final + 1 : final) + "\n");
