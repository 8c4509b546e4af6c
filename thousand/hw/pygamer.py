"""Adafruit PyGamer: 160x128, 4 keys plus an analog joystick read as a d-pad."""

import board

from thousand.hw import device
from thousand.hw.device import beep, records_kept, reload, reloaded, set_muted, show_turn, sleep_memory, ticks_ms  # noqa: F401  (board API)
from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP

# The board API's facts (thousand/hw/__init__.py), in every board module alike: literals,
# so that the desktop reads them from the source (thousand/hw/boards.py).
name = "PyGamer"
width = 160
height = 128
display = None
save_policy = "samd51"  # thousand/persist/boards.py
key_help = "stick:move A:ok B:back START:menu SELECT:help"

KEYMAP = bytes((B, A, START, SELECT))  # shift-register keys 0=B 1=A 2=START 3=SELECT
SEAT_PIXELS = (2, 0, 4)  # as on the PyBadge
# Joystick thresholds (16-bit readings, centre about 32768), with hysteresis
# so a stick resting near a threshold does not chatter.
PRESS_LOW, RELEASE_LOW = 15000, 20000
PRESS_HIGH, RELEASE_HIGH = 50000, 45000

_stick_x = None
_stick_y = None
_stick_held = 0  # bit per logical key


def open():
    global display, _stick_x, _stick_y
    import analogio

    if display is None:
        display = board.DISPLAY
        from thousand.hw import opening  # let go after the boot

        opening.open_badge(board, 4, KEYMAP, SEAT_PIXELS)
        _stick_x = analogio.AnalogIn(board.JOYSTICK_X)
        _stick_y = analogio.AnalogIn(board.JOYSTICK_Y)
    return display


def _track(key, pressed, released, now):
    global _stick_held
    bit = 1 << key
    if _stick_held & bit:
        if released:
            _stick_held &= ~bit
            device.repeater.feed(key, False, now)
    elif pressed:
        _stick_held |= bit
        device.repeater.feed(key, True, now)


def poll():
    if _stick_x is not None:
        now = device.ticks_ms()
        x, y = _stick_x.value, _stick_y.value
        _track(LEFT, x < PRESS_LOW, x > RELEASE_LOW, now)
        _track(RIGHT, x > PRESS_HIGH, x < RELEASE_HIGH, now)
        _track(UP, y < PRESS_LOW, y > RELEASE_LOW, now)
        _track(DOWN, y > PRESS_HIGH, y < RELEASE_HIGH, now)
    return device.poll()


def battery_volts():
    """The LiPo's volts: ``board.A6`` reads half of them (a 1:1 divider); None where unknown."""
    return device.analog_volts(board.A6, 2)
