"""Five Hundred's screens on the device's bundle under the MicroPython unix port: the board's
.mpy files (the package's const()s folded, as on a board), CircuitPython's C modules stood in
for (tools/device_vm/stubs): from the title, deals played through the table's keys to their
summaries, within the load plan."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import device_budget  # noqa: E402

SCRIPT = r'''
import gc, sys
import supervisor
from thousand.hw import keys
from thousand.hw.choose import load

board = load(BOARD)
board.reload = None  # one VM for the visit
display = board.open()
display.auto_refresh = False
from thousand.ui import sprites
sheet = sprites.Sheet(sprites.SHEET_PATH)
from thousand.ui.app import App
from thousand.rng import Rng
app = App(board, display, sheet, None, seed=5)
rng = Rng(3)

def tick():
    supervisor.now[0] += 10
    app.tick(supervisor.ticks_ms())

def key(k):
    app.screen.key(k)
    for _ in range(3):
        tick()

title = app.screen
title.cursor = title.entries().index("five hundred")
key(keys.A)
if PLAYERS == 4:
    key(keys.A)
key(keys.RIGHT)  # the rules
key(keys.RIGHT)  # its agreements
key(keys.RIGHT)  # start the game
key(keys.A)
summaries = []
peak = 0
played = None  # the game the table played (a game over leaves no controller)
for _ in range(60000):
    if len(summaries) == 3 or app.screen_name == "title":
        break
    if app.controller is not None:
        played = app.controller.game_name
    gc.collect()
    peak = max(peak, gc.mem_alloc())
    screen = app.screen
    if screen is None or app.jobs or app.screen_name == "table" and (screen.changed or app.controller.human_decision() is None):
        tick()
        continue
    if app.screen_name == "summary":
        summaries.append(screen.header + ": " + " / ".join(screen.lines))
        key(keys.A)
        continue
    mode = screen.mode
    if mode == 3:  # the discard: three marks
        for at in (0, 1, 2):
            screen.cursor = at
            key(keys.A)
    elif mode == 1:  # a random legal card
        cards = [card for card, action in screen.card_actions]
        screen.cursor = screen.hand_cards.index(cards[rng.below(len(cards))])
        key(keys.A)
        if screen.mode == 4:
            key(keys.A)
    else:  # pass, keep, no suit (up then down: the ladder's keys)
        key(keys.UP)
        key(keys.DOWN)
        key(keys.A)
held = [name for name in sys.modules if name.startswith("thousand.")]
print("game", played)
print("thousand's", [name for name in held if name in ("thousand.game", "thousand.controller", "thousand.ui.table")])
print("peak", peak)
for line in summaries:
    print(line)
'''


@pytest.mark.parametrize("players", [3, 4])
def test_five_hundreds_deals_play_through_the_screens_on_the_device_bundle(micropython, mpy_cross, tmp_path, players):
    device_budget.build("pybadge", tmp_path, lambda line: None)
    (tmp_path / "fh_main.py").write_text(SCRIPT.replace("BOARD", repr(device_budget.board_id("pybadge"))).replace(
        "PLAYERS", str(players)))
    env = dict(os.environ, MICROPYPATH=str(tmp_path) + ":" + str(tmp_path / "lib"))
    out = subprocess.run([micropython, "-X", "heapsize=400K", "fh_main.py"], cwd=str(tmp_path), env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, (out.stdout + out.stderr)[-3000:]
    lines = out.stdout.splitlines()
    assert lines[0] == "game five_hundred" and lines[1] == "thousand's []", out.stdout
    summaries = [line for line in lines if line.startswith("Deal ")]
    assert len(summaries) == 3 or any("wins the game" in line or "backwards" in line for line in summaries), out.stdout
    sides = ("You+North", "West+East") if players == 4 else ("You", "West", "East")
    assert all(all(" / %s " % side in line for side in sides) for line in summaries), out.stdout
    print(out.stdout)
