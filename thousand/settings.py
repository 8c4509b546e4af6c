"""The player's settings, kept like the game save: agreements, bot levels, speed, sound.

>>> from thousand.storage import MemoryStore
>>> store = MemoryStore()
>>> s = Settings.load(store); s.problem, s.rules.preset_name, s.bot_levels
(None, 'classic', ['normal', 'normal'])
>>> s.rules.set("dark", True); s.speed = 3; s.save(store)
>>> again = Settings.load(store); again.rules.dark, again.speed, again.sound
(True, 3, True)
"""

from thousand.rules import Rules
from thousand.save import Reader, Writer, get_rules, get_value, put_rules, put_value
from thousand.storage import KIND_SETTINGS, Kept, SaveError

SETTINGS_VERSION = 1
DEFAULT_LEVELS = ("normal", "normal")
DEFAULT_SPEED = 2


class Settings(Kept):
    """``Settings.load(store)`` never fails (see Kept); ``save(store)`` after a change."""

    NAME = "settings"
    KIND = KIND_SETTINGS
    VERSION = SETTINGS_VERSION

    def __init__(self):
        self.rules = Rules.preset("classic")
        self.bot_levels = list(DEFAULT_LEVELS)  # one per bot seat, as the bots name them
        self.speed = DEFAULT_SPEED  # animation speed step, 0 = slowest
        self.sound = True
        self.problem = None

    def to_bytes(self):
        w = Writer()
        put_rules(w, self.rules)
        put_value(w, self.bot_levels)
        w.uint(self.speed)
        w.uint(1 if self.sound else 0)
        return bytes(w.buf)

    @classmethod
    def from_bytes(cls, payload):
        r = Reader(payload)
        s = cls()
        s.rules = get_rules(r)
        levels = get_value(r)
        if not isinstance(levels, list):
            raise SaveError("settings hold no bot levels")
        s.bot_levels = levels
        s.speed = r.uint()
        s.sound = r.uint() == 1
        return s
