"""analogio's stand-in: the PyGamer's joystick at mid-scale; the battery's sense pin (the
PyBadge's A6 halves the LiPo's volts, the PicoSystem's BAT_SENSE thirds them) reads a charged
battery, 3.9 V, so that the saves keep the board's normal policy, not the low-battery one."""

import board


class AnalogIn:
    def __init__(self, pin):
        divider = 2 if pin == board.A6 else 3 if pin == board.BAT_SENSE else None
        self.value = 32768 if divider is None else int(3.9 / divider / 3.3 * 65535)
        self.reference_voltage = 3.3
