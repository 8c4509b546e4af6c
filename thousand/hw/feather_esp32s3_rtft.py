"""Adafruit Feather ESP32-S3 Reverse TFT: 240x135 and three buttons.

D0 = previous (LEFT), D2 = next (RIGHT), D1 = select (A), held = back (B).
D0 reads low when pressed, D1 and D2 read high, hence two keypad objects.
No speaker, no NeoPixel turn lights (the one pixel is left alone).
"""

import board

from thousand.hw import device
from thousand.hw.device import beep, poll, set_muted, show_turn  # noqa: F401  (board API)
from thousand.hw.keys import A, B, LEFT, RIGHT

name = "Feather ESP32-S3 Reverse TFT"
width = 240
height = 135
display = None
key_help = "D0:prev D2:next D1:ok hold D1:back"
LONG_PRESS_MS = 600


def open():
    global display
    import keypad

    if display is None:
        display = board.DISPLAY
        device.add_keys(keypad.Keys((board.D0,), value_when_pressed=False, pull=True), bytes((LEFT,)))
        device.add_keys(keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True), bytes((A, RIGHT)))
        device.repeater.set_long_press(A, B, LONG_PRESS_MS)
    return display
