"""audiocore's stand-in."""


class RawSample:
    def __init__(self, *args, sample_rate=8000, **kwargs):
        self.sample_rate = sample_rate
