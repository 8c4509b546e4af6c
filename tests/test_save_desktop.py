"""The desktop's save files under attack (issue 32): a link, a FIFO or a folder planted in a
save's place, a read-only folder, a full disk; and tools/play.py --continue."""

import errno
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from savecheck import saved_game
from thousand.persist import safe_files
from thousand.persist.files import FileStore
from thousand.persist.saves import Saves
from thousand.rules import Rules

NAMES = ("game.0", "game.1", "stats.0", "stats.1", "settings.0", "settings.1", "wear.0")




def test_links_planted_in_the_saves_places_are_replaced_never_written_through(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"precious")
    data = tmp_path / "data"
    (data / "records").mkdir(parents=True)
    for name in NAMES:
        os.symlink(outside, data / name)
    os.symlink(outside, data / "game.0.new")
    os.symlink(outside, data / "records" / "current.json")
    saves = Saves(FileStore(str(data)), records_dir=str(data / "records"))
    assert not saves.has_game() and "damaged, not used" in saves.take_problem()  # a link is no save
    settings = saves.load_settings()
    settings.sound = not settings.sound
    saves.save_settings(settings)
    controller = saved_game(saves)
    saves.end_deal(controller, 0)
    saves.export(controller)
    assert outside.read_bytes() == b"precious"
    assert not (data / "game.0").is_symlink() and not (data / "records" / "current.json").is_symlink()
    again = Saves(FileStore(str(data)))
    assert again.load_game() is not None and again.load_settings().sound == settings.sound


def test_a_link_in_place_of_the_records_folder_writes_nothing_outside(tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    data = tmp_path / "data"
    data.mkdir()
    os.symlink(outside, data / "records")
    saves = Saves(FileStore(str(data)), records_dir=str(data / "records"))
    saves.export(saved_game(saves))
    assert list(outside.iterdir()) == []


def test_a_fifo_in_a_saves_place_is_damage_and_never_waited_on(tmp_path):
    """In a subprocess: a read that waited on the FIFO would never end (its timeout fails it)."""
    data = tmp_path / "data"
    data.mkdir()
    for name in ("game.0", "game.1", "settings.0", "game.damaged-1"):
        os.mkfifo(data / name)
    script = ("from thousand.persist.files import FileStore\n"
              "from thousand.persist.saves import Saves\n"
              "s = Saves(FileStore(%r)); s.load_settings(); print(s.has_game()); print(s.take_problem())\n" % str(data))
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, timeout=60, text=True)
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and lines[0] == "False" and "game save damaged, not used" in lines[1]
    assert len(lines) == 2  # one line


def test_a_folder_in_a_saves_place_is_damage_and_a_save_over_it_says_it_failed(tmp_path):
    data = tmp_path / "data"
    (data / "game.0").mkdir(parents=True)
    (data / "game.1").mkdir()
    saves = Saves(FileStore(str(data)))
    assert not saves.has_game() and saves.take_problem().startswith("game save damaged, not used")
    saved_game(saves, moves=1)
    problem = saves.take_problem()
    assert problem.startswith("cannot save game") and "\n" not in problem
    assert (data / "game.0").is_dir() and not (data / "game.0.new").exists()


class FailingOs:
    """``os`` for thousand.persist.safe_files with one call failing as a read-only folder or a
    full disk would make it fail (the tests run as a user no permission stops)."""

    def __init__(self, call, code):
        self.call, self.code = call, code

    def __getattr__(self, name):
        real = getattr(os, name)
        if name != self.call:
            return real

        def failing(*args, **kwargs):
            if name == "open" and not args[1] & os.O_CREAT:
                return real(*args, **kwargs)  # reading still works
            raise OSError(self.code, os.strerror(self.code))
        return failing


@pytest.mark.parametrize("call, code", [("open", errno.EROFS), ("fsync", errno.ENOSPC)])
def test_a_read_only_folder_or_a_full_disk_leaves_the_save_before_and_says_so(tmp_path, monkeypatch, call, code):
    data = tmp_path / "data"
    saves = Saves(FileStore(str(data)))
    controller = saved_game(saves, moves=2)
    before = {name: (data / name).read_bytes() for name in os.listdir(data)}
    monkeypatch.setattr(safe_files, "os", FailingOs(call, code))
    saved_game(saves, moves=3)
    problem = saves.take_problem()
    assert problem.startswith("cannot save game") and os.strerror(code) in problem and "\n" not in problem
    monkeypatch.undo()
    assert {name: (data / name).read_bytes() for name in os.listdir(data)} == before  # nothing half-written


def terminal(data, *args, stdin="q\n"):
    env = dict(os.environ, THOUSAND_DATA_DIR=str(data))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "play.py"), "--terminal"] + list(args),
                         input=stdin, capture_output=True, timeout=120, text=True, env=env)
    return out.returncode, out.stdout


def test_the_terminals_goodbye_says_when_the_game_could_not_be_saved(tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_bytes(b"")
    status, out = terminal(blocked, "--seed", "3", "--levels", "random,random")
    assert status == 0 and out.rstrip().splitlines()[-1].startswith("Bye: the game could NOT be saved (cannot save game")
    assert "the game is saved" not in out


def test_play_continue_goes_on_with_the_saved_game_in_the_terminal(tmp_path):
    status, out = terminal(tmp_path, "--seed", "3", "--levels", "random,random")
    assert status == 0 and out.rstrip().endswith("Bye: the game is saved (--continue goes on with it).")
    status, out = terminal(tmp_path, "--continue")
    assert status == 0 and out.startswith("Thousand: the saved game goes on (seed 3, deal 1)")


def test_a_new_game_over_a_saved_one_asks_first_at_a_terminal(tmp_path):
    import argparse
    import io

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import terminal_game

    saves = Saves(FileStore(str(tmp_path)))
    saved_game(saves)
    kept = Saves(FileStore(str(tmp_path))).load_game()
    options = argparse.Namespace(resume=False, seed=9, levels="random,random", rules=Rules.preset("classic"))
    asked = []
    controller = terminal_game.open_game(options, Saves(FileStore(str(tmp_path))), io.StringIO(),
                                         read=lambda prompt: asked.append(prompt) or "", ask=True)
    assert len(asked) == 1 and "saved game" in asked[0]
    assert controller.game.log == kept.game.log  # Enter: the saved game goes on
    options.resume = False
    controller = terminal_game.open_game(options, Saves(FileStore(str(tmp_path))), io.StringIO(),
                                         read=lambda prompt: "n", ask=True)
    assert controller.seed == 9 and Saves(FileStore(str(tmp_path))).load_game().seed == 9
