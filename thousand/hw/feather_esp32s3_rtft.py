"""Adafruit Feather ESP32-S3 Reverse TFT: 240x135 and three buttons.

D0 = previous (LEFT), D2 = next (RIGHT), D1 = select (A), held = back (B).
D0 reads low when pressed, D1 and D2 read high, hence two keypad objects.
No speaker, no NeoPixel turn lights (the one pixel is left alone).
"""

import board

from thousand.hw import device
from thousand.hw.device import beep, poll, records_kept, reload, reloaded, set_muted, show_turn, sleep_memory, ticks_ms  # noqa: F401  (board API)
from thousand.hw.keys import A, B, LEFT, RIGHT

# The board API's facts (thousand/hw/__init__.py), in every board module alike: literals,
# so that the desktop reads them from the source (thousand/hw/boards.py).
name = "Feather ESP32-S3 Reverse TFT"
width = 240
height = 135
display = None
save_policy = "esp32s3"  # thousand/persist/boards.py
key_help = "D0:prev D2:next D1:ok hold D1:back"
LONG_PRESS_MS = 600
GAUGE = 0x36  # the MAX17048 fuel gauge on board.I2C(); VCELL (register 2) counts 78.125 uV
_gauge = None  # (the I2C bus, a 2-byte buffer), once read


def open():
    global display
    import keypad

    if display is None:
        from thousand.hw import opening  # let go after the boot

        display = board.DISPLAY
        opening.add_keys(keypad.Keys((board.D0,), value_when_pressed=False, pull=True), bytes((LEFT,)))
        opening.add_keys(keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True), bytes((A, RIGHT)))
        device.repeater.set_long_press(A, B, LONG_PRESS_MS)
    return display


def battery_volts():
    """The LiPo's volts from the MAX17048 fuel gauge, or None where unknown (no gauge, the
    bus busy, or no battery: then the gauge reads next to nothing)."""
    global _gauge
    try:
        if _gauge is None:
            _gauge = (board.I2C(), bytearray(2))
        bus, buf = _gauge
        if not bus.try_lock():
            return None
        try:
            bus.writeto_then_readfrom(GAUGE, b"\x02", buf)
        finally:
            bus.unlock()
    except (AttributeError, OSError, RuntimeError, ValueError):
        return None
    volts = ((buf[0] << 8) | buf[1]) * 78.125e-6
    return volts if volts > 2.5 else None
