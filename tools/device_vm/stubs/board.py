"""board's stand-in: the pins the board modules name, and the display."""


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
