"""neopixel_write's stand-in."""


def neopixel_write(pin, buf):
    pass
