"""audioio's stand-in."""


class AudioOut:
    def __init__(self, pin):
        pass

    def play(self, sample, *, loop=False):  # named as CircuitPython's (its firmware holds the names)
        pass

    def stop(self):
        pass
