# desktop-only: not bundled for the device
"""The desktop "board": a scaled pygame window or a headless canvas.

Same API as the device boards, plus what tests and tools need: a fake
clock and a scripted event queue.  Screen size comes from ``configure()``
or the THOUSAND_SCREEN environment variable ("160x128", "240x135",
"240x240") so every board's layout can be tried on the desktop.
"""

import os

from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP, KeyRepeater

name = "desktop"
width, height = (int(n) for n in os.environ.get("THOUSAND_SCREEN", "160x128").split("x"))
display = None
key_help = "arrows:move Z:ok X:back M:menu H:help"  # the title's two lines, in any language (menu_screen.keys)
WINDOW_KEYS = "arrows:move Z/Enter:ok X/Esc:back M:menu H:help"  # the window's own line, under the screen
window_keys = WINDOW_KEYS  # that line in the player's words (show_window_keys)
muted = False
repeater = KeyRepeater()
turn = None
clock_ms = None  # set to an int for fake time; None reads pygame's clock

_script = []  # pending (time_ms, key, pressed), oldest first


def configure(screen_width, screen_height):
    """Choose the emulated screen size before open()."""
    global width, height
    width, height = screen_width, screen_height


def open(window=True, scale=4):
    """Open the window (or, with window=False, a headless Canvas) once."""
    global display
    if display is None:
        if window:
            display = Window(width, height, scale)
            # A keyboard does not bounce, and a slow frame hands the window's key presses over
            # together, all at one time: two taps of DOWN in one frame are two presses (a
            # debounce window dropped the second, and a menu's row was one short).
            repeater.debounce_ms = 0
        else:
            from thousand.hw.canvas import Canvas

            display = Canvas(width, height)
    return display


# The rows a desktop keeps from a window: its title bar and the desktop's own panels.
DESKTOP_ROWS_TAKEN = 100


def fit_scale(screen_width, screen_height, wanted):
    """The window's scale: ``wanted``, or the largest below it at which the whole window (the
    screen and the key map under it) fits the desktop, with room for a title bar and panels.
    At 3 the square screen's window is 738 rows: on a 768-row desktop its bottom, the hand's
    cards and the key map, was off the desktop."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    sizes = pygame.display.get_desktop_sizes()
    if not sizes:
        return wanted
    desktop_width, desktop_height = sizes[0]
    scale = wanted
    while scale > 1 and (screen_width * scale > desktop_width
                         or screen_height * scale + FOOTER + DESKTOP_ROWS_TAKEN > desktop_height):
        scale -= 1
    return scale


def ticks_ms():
    """Milliseconds, wrapping at 2**29 like CircuitPython's ``supervisor.ticks_ms``.

    Not pygame's clock: ``pygame.time.get_ticks()`` stays 0 unless ``pygame.init()``
    ran, and the window only initialises the display (no audio device needed).
    """
    if clock_ms is not None:
        return clock_ms
    import time

    return int(time.monotonic() * 1000) & ((1 << 29) - 1)


def script(events):
    """Queue raw (time_ms, key, pressed) edges, as a test's stand-in for hands."""
    _script.extend(events)
    _script.sort()


def press(key, at_ms, hold_ms=50):
    """Queue a press of ``key`` at ``at_ms`` held ``hold_ms``."""
    script(((at_ms, key, True), (at_ms + hold_ms, key, False)))


def poll(now_ms=None):
    """Next logical key or NO_KEY; pumps the window and redraws it if needed."""
    now = ticks_ms() if now_ms is None else now_ms
    while _script and _script[0][0] <= now:
        at, key, pressed = _script.pop(0)
        repeater.feed(key, pressed, at)
    if isinstance(display, Window):
        display.pump(repeater, now)
    return repeater.poll(now)


def beep(freq, ms):
    """The device's sounds, in the window (pygame's mixer, started at the first sound; silent
    where the machine has no audio device, and on the headless canvas)."""
    if isinstance(display, Window) and not muted and freq > 0:
        display.beep(freq, ms)


def send_record(controller):
    """The table menu's record: the game as a REFEREE.md record, written to record.txt in the
    data directory (a board writes it on its serial console); True when it was written.  What
    the table then says is its language's (menus.txt); this console is told where in English."""
    import builtins

    from thousand.persist.files import data_dir

    directory = data_dir()
    path = os.path.join(directory, "record.txt")
    try:
        os.makedirs(directory, exist_ok=True)
        with builtins.open(path, "w") as out:  # (this module's open() opens the window)
            controller.write_record(out)
    except OSError as error:
        print("the game's record was not written to %s: %s" % (path, error))
        return False
    print("the game's record is in %s" % path)
    return True


def set_muted(flag):
    global muted
    muted = bool(flag)


def show_window_keys(line):
    """The window's key line in the player's words: the App gives it at each change of
    language (only this board has a window: the App asks for this function by name)."""
    global window_keys
    window_keys = line
    if isinstance(display, Window):
        display.footer_dirty = True


def show_turn(seat):
    global turn
    turn = seat
    if isinstance(display, Window):
        display.footer_dirty = True


_PYGAME_KEYS = (
    ("UP", UP), ("DOWN", DOWN), ("LEFT", LEFT), ("RIGHT", RIGHT),
    ("z", A), ("RETURN", A), ("SPACE", A), ("x", B), ("ESCAPE", B), ("BACKSPACE", B),
    ("m", START), ("TAB", START), ("h", SELECT), ("F1", SELECT),
)
FOOTER = 18


class Window:
    """A pygame window showing a Canvas zoomed ``scale`` times, key map below."""

    def __init__(self, screen_width, screen_height, scale):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from thousand.hw.canvas import Canvas

        pygame.display.init()  # not pygame.init(): no mixer, no audio device needed
        pygame.font.init()
        self.canvas = Canvas(screen_width, screen_height)
        self.width, self.height, self.scale = screen_width, screen_height, scale
        self.auto_refresh = True
        self.footer_dirty = True
        self._brightness = 1.0
        self._keymap = {getattr(pygame, "K_" + key): logical for key, logical in _PYGAME_KEYS}
        self._surface = pygame.display.set_mode((screen_width * scale, screen_height * scale + FOOTER))
        pygame.display.set_caption("Thousand %dx%d - %s" % (screen_width, screen_height, WINDOW_KEYS))
        # RGB565 in native byte order, exactly the canvas framebuffer.
        self._frame = pygame.Surface((screen_width, screen_height), 0, 16, (0xF800, 0x07E0, 0x001F, 0))
        self._font = pygame.font.Font(None, FOOTER)
        self.mixer = None  # started at the first sound: True, or False where no audio device is
        self.beeps = 0  # sounds played (the tests count them)

    @property
    def root_group(self):
        return self.canvas.root_group

    @root_group.setter
    def root_group(self, group):
        self.canvas.root_group = group

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        """A board's backlight (the app dims it when left alone): the window is shaded."""
        self._brightness = value
        self.footer_dirty = True  # drawn again at the next refresh

    def pump(self, repeater, now):
        """Feed keyboard edges to ``repeater``; redraw if auto_refresh."""
        import pygame

        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                raise SystemExit(0)
            if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in self._keymap:
                repeater.feed(self._keymap[event.key], event.type == pygame.KEYDOWN, now)
        if self.auto_refresh:
            self.refresh()

    def refresh(self):
        import pygame

        changed = self.canvas.refresh()
        if not changed and not self.footer_dirty:
            return
        self._frame.get_buffer().write(self.canvas.framebuffer.tobytes())
        size = (self.width * self.scale, self.height * self.scale)
        self._surface.blit(pygame.transform.scale(self._frame, size), (0, 0))
        if self._brightness < 1.0:
            shade = pygame.Surface(size)
            shade.set_alpha(int(255 * (1.0 - self._brightness) * 0.8))  # dim, still readable
            self._surface.blit(shade, (0, 0))
        self._draw_footer(size[1])
        pygame.display.flip()

    def beep(self, freq, ms):
        """A square wave of ``freq`` Hz for ``ms``, as the board's speaker plays it."""
        import array

        import pygame

        if self.mixer is None:
            try:
                pygame.mixer.init(22050, -16, 1)
                self.mixer = True
            except pygame.error:
                self.mixer = False
        if not self.mixer:
            return
        rate, _size, channels = pygame.mixer.get_init()
        half = max(1, rate // (2 * freq))
        wave = array.array("h", (2000 if i // half % 2 else -2000 for i in range(rate * ms // 1000) for _ in range(channels)))
        pygame.mixer.Sound(buffer=wave.tobytes()).play()
        self.beeps += 1

    def _draw_footer(self, top):
        self.footer_dirty = False
        self._surface.fill((32, 32, 32), (0, top, self._surface.get_width(), FOOTER))
        text = window_keys if turn is None else "> %d   %s" % (turn, window_keys)  # the turn light's seat
        self._surface.blit(self._font.render(text, True, (220, 220, 220)), (4, top + 2))

