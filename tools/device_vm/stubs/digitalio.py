"""digitalio's stand-in."""


class DigitalInOut:
    def __init__(self, pin):
        self.value = False
        self.direction = None
        self.pull = None

    def switch_to_output(self, value=False, drive_mode=None):
        self.value = value

    def switch_to_input(self, pull=None):
        self.pull = pull


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2
