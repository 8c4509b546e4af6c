"""analogio's stand-in (the PyGamer's joystick, battery sense): mid-scale."""


class AnalogIn:
    def __init__(self, pin):
        self.value = 32768
        self.reference_voltage = 3.3
