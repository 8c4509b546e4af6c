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
// Prints "imported NAME BYTES QSTRS STRING_BYTES POOL_BYTES" (heap the module keeps, and the
// name pool after it: names, their characters, the pool's whole heap), what the program printed, the
// summary, "done", "peak_live BYTES" (the most heap in use after the collection before a
// step), where ``bench`` has ``where()`` a line "where LABEL BYTES SNAPSHOT;QSTRS,CHARS,POOL"
// per label it returned (the most heap in use at that label, ``bench.snapshot()`` and the
// name pool at that moment),
// "mark WORD BYTES QSTRS STRING_BYTES POOL_BYTES" per word that ``bench.mark()`` returned (its
// spaces as "_": the heap in use and the name pool after that step),
// "most_allocated_in_a_step BYTES LABEL" (the most one step allocated, garbage included, and
// the label after it), "names_at_end QSTRS STRING_BYTES POOL_BYTES" (the name pool when the
// program is done: it never shrinks), "reloads N" (the fresh VMs that supervisor.reload()
// made, see carry below) and "heap_total INITIAL FINAL" (the heap's size in bytes before and
// after, in the last VM; FINAL is above INITIAL where any VM's heap had to grow).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";
import fs from "node:fs";
import path from "node:path";

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

function heapTotal() {  // the heap's present size (it only grows)
  const text = probe("import micropython\nmicropython.mem_info()", "stack: ");
  return parseInt(/GC: total: (\d+)/.exec(text)[1], 10);
}

// A fresh VM, as a board's at its start or after supervisor.reload(): the drive copied in, at
// the root, as on a board's drive (a module is loaded from /lib/thousand/..., the name its
// .mpy was given for tracebacks (tools/bundle.py), so that both are one name in the pool),
// MODULES imported, then SETUP and ``also`` (Python) run.  Returns the VM's gc module.
let report = "";
let initial = 0;
let grown = false;  // did any VM's heap have to grow?
async function freshVm(also, files) {
  mp = await loadMicroPython({ heapsize: parseInt(heapKb, 10) * 1024, linebuffer: true,
                               stdout: keep, stderr: keep });
  copyInto(buildDir, "");
  for (const [name, data] of files || []) mp.FS.writeFile(name, data);
  initial = heapTotal();
  // sys.path as CircuitPython's: the current folder, the root, then /lib
  mp.runPython('import os, sys\nos.chdir("/")\nsys.path[:] = ["", "/", "/lib"]');
  const gc = mp.pyimport("gc");
  gc.collect();  // only asks: the collection runs as the call returns
  for (const name of modules.split(",").filter((name) => name)) {
    const before = gc.mem_alloc();
    mp.pyimport(name);
    gc.collect();
    if (!also) report += "imported " + name + " " + (gc.mem_alloc() - before) + " " + qstrs() + "\n";
  }
  mp.runPython(setup + (also ? "\n" + also : ""));
  return gc;
}

try {
  let gc = await freshVm("");
  let bench = mp.globals.get("bench");
  let step = bench.step;
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
  let reloads = 0;
  let marks = "";
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
    const going = step();
    // (what the heap held up to here is the program's; the carry's own copies of the NVM and
    // sleep memory are the harness's, which a board keeps outside its heap)
    const grewHere = going && carry !== undefined && heapTotal() !== initial;
    const carried = going && carry !== undefined ? carry() : "";
    if (carried) {  // the program ended in a reload: a fresh VM goes on with what it carries
      grown = grown || grewHere;
      reloads += 1;
      // the files the program left for the fresh VM (the robot's /reload.bin)
      const files = mp.FS.readdir("/").filter((name) => name.startsWith("reload."))
        .map((name) => ["/" + name, mp.FS.readFile("/" + name)]);
      gc = await freshVm("bench.carry_in(" + carried + ")", files);
      bench = mp.globals.get("bench");
      step = bench.step;
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
  report += "names_at_end " + qstrs() + "\n" + marks + "reloads " + reloads + "\n";
  for (const [label, [live, loaded]] of peaks) report += "where " + label + " " + live + " " + loaded + "\n";
} catch (error) {
  report += printed + "\nerror " + error + "\n";
}
// the heap's size before and after; where a VM before a reload had to grow, its growth
const final = heapTotal();
process.stdout.write(report + "heap_total " + initial + " " + (grown && final === initial ? final + 1 : final) + "\n");
