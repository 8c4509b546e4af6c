"""What the device boards share: key polling, the speaker, the NeoPixels, sleep memory and
an analog battery reading (the saves' hardware facts, ``thousand.persist.boards``).  What
opens them, once at the start, is ``thousand.hw.opening`` (let go after the boot); the
objects it opens are kept here.

Imports no ``board``: each board module passes in its pins.  Only one
board module is ever loaded, so the state lives here at module level.
"""

import array

import supervisor

from thousand.hw.keys import KeyRepeater, drain_keypad, ticks_diff

# The deals whose cards and actions a board keeps for its game's record (Game.records_kept),
# where its drive is writable (the record written at the game's end): the last 8 to 16, some
# 100 bytes each, instead of every deal of a long game; none where the drive is read-only to
# the game (thousand.ui.starting.start); the desktop keeps every deal.
records_kept = 8
repeater = KeyRepeater()
# What thousand.hw.opening opens at the start (public: set from there).
key_sources = []  # (keypad EventQueue, keymap)
key_event = None  # the one keypad.Event every queue is read into
audio = None  # AudioOut or PWMAudioOut
speaker_enable = None  # the amplifier's enable pin, where the board has one
pixel_pin = None
pixels = None  # GRB bytes, 3 a NeoPixel
seat_pixels = ()  # the NeoPixel of each seat
_beep_end = None
_battery = None  # the battery's AnalogIn, once read
muted = False


def ticks_ms():
    return supervisor.ticks_ms()


def reload(program=None):
    """A fresh VM: CircuitPython ends this program and runs code.py again, every name and
    every hole of the heap gone, ``alarm.sleep_memory`` and the NVM kept (thousand.ui.app:
    a game's start; docs/memory.md).  ``program``: a file at the drive's root (named without
    its ".py": a name the game holds anyway, not one more in the pool) that the fresh VM runs
    instead, once (``supervisor.set_next_code_file``: code.py again after it, also
    when it stops with an error).  False, and no reload, when that file is not on the drive
    (a copy by hand without it): the caller does the work in this VM."""
    if program is not None:
        try:
            supervisor.set_next_code_file(program + ".py", reload_on_error=True)
        except ValueError:  # CircuitPython's "File not found"
            return False
    supervisor.reload()
    return True


def reloaded():
    """Did this program start from ``reload()`` (not at power-up, a reset, the REPL's
    Ctrl-D or a file saved on the drive)?"""
    return supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD


def poll():
    now = supervisor.ticks_ms()
    if _beep_end is not None and ticks_diff(now, _beep_end) >= 0:
        _stop_beep()
    for events, keymap in key_sources:
        drain_keypad(events, key_event, keymap, repeater)
    return repeater.poll(now)


def beep(freq, ms):
    """Start a square-wave tone; poll() ends it after ``ms``.  Never blocks."""
    global _beep_end
    if audio is None or muted or freq <= 0:
        return
    import audiocore

    audio.stop()
    wave = array.array("H", [0x6000] * 8 + [0xA000] * 8)  # one period, a quiet swing
    if speaker_enable is not None:
        speaker_enable.value = True
    audio.play(audiocore.RawSample(wave, sample_rate=freq * 16), loop=True)
    _beep_end = supervisor.ticks_ms() + ms


def _stop_beep():
    global _beep_end
    _beep_end = None
    audio.stop()
    if speaker_enable is not None:
        speaker_enable.value = False


def set_muted(on):
    global muted
    muted = bool(on)
    if muted and _beep_end is not None:
        _stop_beep()


def show_turn(seat):
    """Light the pixel of ``seat`` (0 you, 1 left, 2 right); None: all off.  A seat beyond the
    board's pixels (Five Hundred's fourth, East, with 4 players) lights none."""
    if pixels is None:
        return
    import neopixel_write

    for i in range(len(pixels)):
        pixels[i] = 0
    if seat is not None and seat < len(seat_pixels):
        at = 3 * seat_pixels[seat]
        pixels[at:at + 3] = b"\x10\x00\x00"  # dim green, as GRB: the NeoPixels are bright
    neopixel_write.neopixel_write(pixel_pin, pixels)


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
