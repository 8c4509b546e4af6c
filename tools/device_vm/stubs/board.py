"""board's stand-in: the pins the board modules name, the display, and ``I2C()``, the Feather's
bus to its fuel gauge (the game calls its methods, whose names are the firmware's)."""


class DISPLAY:
    root_group = None
    auto_refresh = True
    width = 160
    height = 128

    def refresh(self, *args, **kwargs):
        return True


DISPLAY = DISPLAY()  # the class keeps the display's name: no other name in the VM's pool
(BUTTON_CLOCK, BUTTON_OUT, BUTTON_LATCH, SPEAKER, SPEAKER_ENABLE, NEOPIXEL, JOYSTICK_X, JOYSTICK_Y,
 SW_A, SW_B, SW_X, SW_Y, SW_UP, SW_DOWN, SW_LEFT, SW_RIGHT, D0, D1, D2, A6, BAT_SENSE, AUDIO) = range(22)


class _Bus:
    """``board.I2C()``'s bus: the Feather's MAX17048 fuel gauge reads a charged battery, 3.9 V
    (VCELL 0xC300 at 78.125 uV), as analogio's stand-in does for the other boards."""

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto_then_readfrom(self, address, out_buffer, in_buffer):
        in_buffer[0], in_buffer[1] = 0xC3, 0x00


def I2C():
    return _Bus()
