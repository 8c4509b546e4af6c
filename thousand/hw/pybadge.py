"""Adafruit PyBadge / PyBadge LC / EdgeBadge: 160x128, 8 keys, speaker, 5 NeoPixels."""

import board

from thousand.hw import device
from thousand.hw.device import beep, poll, records_kept, reload, reloaded, set_muted, show_turn, sleep_memory, ticks_ms  # noqa: F401  (board API)
from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP

# The board API's facts (thousand/hw/__init__.py), in every board module alike: literals,
# so that the desktop reads them from the source (thousand/hw/boards.py).
name = "PyBadge"
width = 160
height = 128
display = None
save_policy = "samd51"  # thousand/persist/boards.py
key_help = "pad:move A:ok B:back START:menu SELECT:help"

# Shift-register key numbers 0=B 1=A 2=START 3=SELECT 4=RIGHT 5=DOWN 6=UP 7=LEFT.
KEYMAP = bytes((B, A, START, SELECT, RIGHT, DOWN, UP, LEFT))
SEAT_PIXELS = (2, 0, 4)  # you: middle; left, right opponents at the ends (pixel order not checked on hardware)


def open():
    global display
    if display is None:
        display = board.DISPLAY
        from thousand.hw import opening  # let go after the boot

        opening.open_badge(board, 8, KEYMAP, SEAT_PIXELS)
    return display


def battery_volts():
    """The LiPo's volts: ``board.A6`` reads half of them (a 1:1 divider); None where unknown."""
    return device.analog_volts(board.A6, 2)
