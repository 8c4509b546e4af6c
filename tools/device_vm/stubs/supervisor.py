"""supervisor's stand-in: a millisecond clock that the robot driving the game advances."""
now = [0]


def ticks_ms():
    return now[0] & 0x3FFFFFFF
