"""digitalio's stand-in: what the board modules use of it."""


class DigitalInOut:
    def __init__(self, pin):
        self.value = False

    def switch_to_output(self, value=False, **kwargs):
        self.value = value
