"""Pimoroni PicoSystem: 240x240, A/B/X/Y and a d-pad (active low), piezo on AUDIO."""

import board

from thousand.hw import device
from thousand.hw.device import beep, poll, records_kept, reload, reloaded, set_muted, show_turn, sleep_memory, ticks_ms  # noqa: F401  (board API)
from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP

# The board API's facts (thousand/hw/__init__.py), in every board module alike: literals,
# so that the desktop reads them from the source (thousand/hw/boards.py).
name = "PicoSystem"
width = 240
height = 240
display = None
save_policy = "rp2040"  # thousand/persist/boards.py
key_help = "pad:move A:ok B:back Y:menu X:help"

KEYMAP = bytes((A, B, SELECT, START, DOWN, LEFT, RIGHT, UP))


def open():
    global display
    import keypad

    if display is None:
        from thousand.hw import opening  # let go after the boot

        display = board.DISPLAY
        opening.add_keys(
            keypad.Keys(
                (board.SW_A, board.SW_B, board.SW_X, board.SW_Y,
                 board.SW_DOWN, board.SW_LEFT, board.SW_RIGHT, board.SW_UP),
                value_when_pressed=False, pull=True, interval=0.02,
            ),
            KEYMAP,
        )
        opening.open_speaker(board.AUDIO)
    return display


def battery_volts():
    """The LiPo's volts: ``board.BAT_SENSE`` (GPIO26) reads a third of them (Pimoroni's
    picosystem library multiplies by 3); None where unknown."""
    return device.analog_volts(board.BAT_SENSE, 3)
