"""audioio's stand-in."""


class AudioOut:
    def __init__(self, pin):
        self.playing = False

    def play(self, sample, loop=False):
        self.playing = True

    def stop(self):
        self.playing = False
