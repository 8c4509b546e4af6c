"""Logical game keys and the board-independent debounce and hold-to-repeat.

Board modules turn their raw buttons into (key, pressed, time_ms) edges and
feed them to a ``KeyRepeater``; the screens only ever see the logical keys
below.  Time is passed in, never read here, so tests can use fake time.

>>> keys = KeyRepeater()
>>> keys.feed(A, True, 1000)
>>> keys.poll(1000), keys.poll(1001)
(4, -1)
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)  # select / confirm
B = const(5)  # back / cancel
START = const(6)  # menu
SELECT = const(7)  # help
_NUM_KEYS = const(8)
NO_KEY = const(-1)

_DPAD = const(0x0F)  # the keys that repeat while held, as a bit mask

# supervisor.ticks_ms() wraps at 2**29; compare times only through ticks_diff.
_TICKS_PERIOD = const(1 << 29)
_TICKS_MAX = const((1 << 29) - 1)
_TICKS_HALF = const(1 << 28)


def ticks_diff(later, earlier):
    """``later - earlier`` in ms, correct across the 2**29 wrap of ticks_ms."""
    return ((later - earlier + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF


class KeyRepeater:
    """Debounced key presses with hold-to-repeat and optional long press.

    Debounce is leading-edge: the first edge of a key acts at once, further
    edges of that key within ``debounce_ms`` are only noted, and the key's
    state is settled when the window has passed.  A held key in
    ``repeat_mask`` repeats after ``delay_ms``, then every ``repeat_ms``.
    ``set_long_press(key, long_key, ms)`` makes ``key`` act on release
    instead, or as ``long_key`` once it has been held ``ms`` (the 3-button
    board's select/back button).
    """

    def __init__(self, debounce_ms=30, delay_ms=400, repeat_ms=120, repeat_mask=_DPAD):
        self.debounce_ms = debounce_ms
        self.delay_ms = delay_ms
        self.repeat_ms = repeat_ms
        self.repeat_mask = repeat_mask
        self._raw = 0  # bit per key: last reported state
        self._held = 0  # bit per key: debounced state
        self._edge_ms = [0] * _NUM_KEYS  # when the held state last changed
        self._raw_ms = [0] * _NUM_KEYS  # when the last raw edge came
        self._recent = 0  # bit per key: changed within debounce_ms (ticks wrap: no old times)
        self._due_ms = [0] * _NUM_KEYS  # next repeat / long-press time
        self._long_key = [NO_KEY] * _NUM_KEYS
        self._long_ms = [0] * _NUM_KEYS
        self._long_done = 0  # bit per key: long press already sent
        self._queue = []

    def set_long_press(self, key, long_key, hold_ms=600):
        self._long_key[key] = long_key
        self._long_ms[key] = hold_ms

    def feed(self, key, pressed, now_ms):
        """Report a raw edge of logical ``key`` at ``now_ms``."""
        bit = 1 << key
        if pressed:
            self._raw |= bit
        else:
            self._raw &= ~bit
        self._raw_ms[key] = now_ms
        if not self._recent & bit or ticks_diff(now_ms, self._edge_ms[key]) >= self.debounce_ms:
            self._settle(key, now_ms)

    def held(self, key):
        return bool(self._held >> key & 1)

    def poll(self, now_ms):
        """The next logical key press due at ``now_ms``, or NO_KEY."""
        if not self._queue:
            self._tick(now_ms)
        if self._queue:
            return self._queue.pop(0)
        return NO_KEY

    def _settle(self, key, now_ms):
        bit = 1 << key
        if (self._raw ^ self._held) & bit == 0:
            return
        self._held ^= bit
        self._edge_ms[key] = now_ms
        self._recent |= bit
        long_key = self._long_key[key]
        if self._held & bit:
            if long_key != NO_KEY:
                self._due_ms[key] = now_ms + self._long_ms[key]
                self._long_done &= ~bit
            else:
                self._queue.append(key)
                self._due_ms[key] = now_ms + self.delay_ms
        elif long_key != NO_KEY and not self._long_done & bit:
            self._queue.append(key)  # short press: acts on release

    def _tick(self, now_ms):
        held = self._held
        for key in range(_NUM_KEYS):
            bit = 1 << key
            if self._recent & bit and ticks_diff(now_ms, self._edge_ms[key]) >= self.debounce_ms:
                self._recent &= ~bit
                # the state the bounces left behind, dated when it really came: a late
                # settle must not open a new bounce window that would swallow the next tap
                self._settle(key, self._raw_ms[key])
            elif held & bit and ticks_diff(now_ms, self._due_ms[key]) >= 0:
                if self._long_key[key] != NO_KEY:
                    if not self._long_done & bit:
                        self._long_done |= bit
                        self._queue.append(self._long_key[key])
                elif self.repeat_mask & bit:
                    self._queue.append(key)
                    self._due_ms[key] = now_ms + self.repeat_ms


def drain_keypad(events, event, keymap, repeater):
    """Feed every pending ``keypad`` event into ``repeater``.

    ``events`` is a keypad ``EventQueue``, ``event`` a preallocated
    ``keypad.Event`` (no allocation per poll), ``keymap`` maps key_number to
    a logical key (bytes or tuple).  Uses the event's own timestamp.
    """
    while events.get_into(event):
        repeater.feed(keymap[event.key_number], event.pressed, event.timestamp)
