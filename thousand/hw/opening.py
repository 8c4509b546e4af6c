"""What a board opens once, at its start: its keys, its speaker and its NeoPixels, kept in
``thousand.hw.device`` afterwards.  Called by the board module's ``open()`` (a board module
is the only code that imports ``board``: it passes its pins in), and let go after the boot
(thousand/ui/scenes.py: on demand), so that the game's heap does not hold bytecode run once
(``device`` held 2,524 bytes of the heap with them, 1,834 without: tools/device_budget.py).
"""

from thousand.hw import device


def add_keys(keys, keymap):
    """Read ``keys`` (a keypad object) as the logical keys in ``keymap``."""
    import keypad

    if device.key_event is None:
        device.key_event = keypad.Event()
    device.key_sources.append((keys.events, keymap))


def open_badge(board, key_count, keymap, seat_pixels):
    """The PyBadge family: shift-register keys, speaker and 5 NeoPixels."""
    import keypad

    add_keys(
        keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=key_count, value_when_pressed=True, interval=0.02, max_events=16,
        ),
        keymap,
    )
    open_speaker(board.SPEAKER, board.SPEAKER_ENABLE)
    open_pixels(board.NEOPIXEL, 5, seat_pixels)


def open_speaker(pin, enable_pin=None):
    """Prepare tones on ``pin`` (DAC where the chip has one, else PWM)."""
    try:
        from audioio import AudioOut
    except ImportError:
        from audiopwmio import PWMAudioOut as AudioOut
    device.audio = AudioOut(pin)
    if enable_pin is not None:
        import digitalio

        device.speaker_enable = digitalio.DigitalInOut(enable_pin)
        device.speaker_enable.switch_to_output(False)


def open_pixels(pin, count, seat_pixels):
    """NeoPixels through the built-in neopixel_write (no library needed)."""
    import digitalio

    device.pixel_pin = digitalio.DigitalInOut(pin)
    device.pixel_pin.switch_to_output(False)
    device.pixels = bytearray(3 * count)
    device.seat_pixels = seat_pixels
    device.show_turn(None)
