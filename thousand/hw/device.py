"""What the device boards share: key polling, the speaker, the NeoPixels, sleep memory and
an analog battery reading (the saves' hardware facts, ``thousand.persist.boards``).

Imports no ``board``: each board module passes in its pins.  Only one
board module is ever loaded, so the state lives here at module level.
"""

import array

import supervisor

from thousand.hw.keys import KeyRepeater, drain_keypad, ticks_diff

# The deals whose cards and actions a board keeps for its game's record (Game.records_kept):
# the last 8 to 16, some 100 bytes each, instead of every deal of a long game; the record
# sent for a bug report starts before the first of them (the desktop keeps every deal).
records_kept = 8
repeater = KeyRepeater()
_sources = []  # (keypad EventQueue, keymap)
_event = None
_audio = None
_speaker_enable = None
_beep_end = None
_pixel_pin = None
_pixels = None
_seat_pixels = ()
_battery = None  # the battery's AnalogIn, once read
muted = False



def add_keys(keys, keymap):
    """Read ``keys`` (a keypad object) as the logical keys in ``keymap``."""
    global _event
    import keypad

    if _event is None:
        _event = keypad.Event()
    _sources.append((keys.events, keymap))


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


def ticks_ms():
    return supervisor.ticks_ms()


def reload():
    """A fresh VM: CircuitPython ends this program and runs code.py again, every name and
    every hole of the heap gone, ``alarm.sleep_memory`` and the NVM kept (thousand.ui.app:
    a game's start; docs/memory.md)."""
    supervisor.reload()


def reloaded():
    """Did this program start from ``reload()`` (not at power-up, a reset, the REPL's
    Ctrl-D or a file saved on the drive)?"""
    return supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD


def poll():
    now = supervisor.ticks_ms()
    if _beep_end is not None and ticks_diff(now, _beep_end) >= 0:
        _stop_beep()
    for events, keymap in _sources:
        drain_keypad(events, _event, keymap, repeater)
    return repeater.poll(now)


def open_speaker(pin, enable_pin=None):
    """Prepare tones on ``pin`` (DAC where the chip has one, else PWM)."""
    global _audio, _speaker_enable
    try:
        from audioio import AudioOut
    except ImportError:
        from audiopwmio import PWMAudioOut as AudioOut
    _audio = AudioOut(pin)
    if enable_pin is not None:
        import digitalio

        _speaker_enable = digitalio.DigitalInOut(enable_pin)
        _speaker_enable.switch_to_output(False)


def beep(freq, ms):
    """Start a square-wave tone; poll() ends it after ``ms``.  Never blocks."""
    global _beep_end
    if _audio is None or muted or freq <= 0:
        return
    import audiocore

    _audio.stop()
    wave = array.array("H", [0x6000] * 8 + [0xA000] * 8)  # one period, a quiet swing
    if _speaker_enable is not None:
        _speaker_enable.value = True
    _audio.play(audiocore.RawSample(wave, sample_rate=freq * 16), loop=True)
    _beep_end = supervisor.ticks_ms() + ms


def _stop_beep():
    global _beep_end
    _beep_end = None
    _audio.stop()
    if _speaker_enable is not None:
        _speaker_enable.value = False


def set_muted(on):
    global muted
    muted = bool(on)
    if muted and _beep_end is not None:
        _stop_beep()


def open_pixels(pin, count, seat_pixels):
    """NeoPixels through the built-in neopixel_write (no library needed)."""
    global _pixel_pin, _pixels, _seat_pixels
    import digitalio

    _pixel_pin = digitalio.DigitalInOut(pin)
    _pixel_pin.switch_to_output(False)
    _pixels = bytearray(3 * count)
    _seat_pixels = seat_pixels
    show_turn(None)


def show_turn(seat):
    """Light the pixel of ``seat`` (0 you, 1 left, 2 right); None: all off.  A seat beyond the
    board's pixels (Five Hundred's fourth, East, with 4 players) lights none."""
    if _pixels is None:
        return
    import neopixel_write

    for i in range(len(_pixels)):
        _pixels[i] = 0
    if seat is not None and seat < len(_seat_pixels):
        at = 3 * _seat_pixels[seat]
        _pixels[at:at + 3] = b"\x10\x00\x00"  # dim green, as GRB: the NeoPixels are bright
    neopixel_write.neopixel_write(_pixel_pin, _pixels)



def sleep_memory():
    """``alarm.sleep_memory``: RAM that outlives a reset, a crash and deep sleep, not a power
    cut; None where the firmware has none."""
    try:
        import alarm

        memory = alarm.sleep_memory
        len(memory)  # some ports raise here when they have none
        return memory
    except Exception:  # ImportError, AttributeError, NotImplementedError
        return None


def analog_volts(pin, scale):
    """The voltage at ``pin`` times its divider's ``scale`` (the battery's volts), or None
    where the pin cannot be read."""
    global _battery
    try:
        if _battery is None:
            import analogio

            _battery = analogio.AnalogIn(pin)
        return _battery.value * _battery.reference_voltage * scale / 65535
    except (ImportError, OSError, RuntimeError, ValueError):
        return None
