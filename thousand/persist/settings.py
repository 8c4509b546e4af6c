"""The settings' bytes: read when the App starts, written when a setting changes.

Loaded only then, and let go at the next screen change (thousand/ui/scenes.py).  The App
holds a ``Settings`` object, which has values only: a method would hold this module's
functions for as long as the App holds its settings.  Loading never fails: damaged or
newer settings give the defaults and a one-line problem.

>>> from thousand.persist.store import memory_store
>>> store = memory_store()
>>> s, problem = load_settings(store); s.rules.preset_name, s.levels, problem
('classic', ['normal', 'normal'], None)
>>> from thousand import rules_check
>>> rules_check.set_agreement(s.rules, "dark", True); s.bot_delay_ms = 300; save_settings(store, settings_bytes(s))
>>> again = load_settings(store)[0]; again.rules.dark, again.bot_delay_ms, again.sound
(True, 300, True)
"""

from thousand import BOT_DELAYS, DEFAULT_LEVEL, LANGUAGES
from thousand.persist.coding import Reader, Writer, get_value, put_value
from thousand.persist.reading import load_kept
from thousand.persist.rules_sheet import get_rules, put_rules
from thousand.persist.store import KIND_SETTINGS, SaveError, SlotPair
from thousand.rules import Rules

SETTINGS_VERSION = 1
# The saved speed step is an index into thousand.BOT_DELAYS, the ms between computer moves
# (0 the slowest, 2 the default).


class Settings:
    """The player's settings, as the App uses them and as they are kept (``settings_from``)."""


# Format 1: rules, the bot levels (a list of text), the speed step (an index into
# BOT_DELAYS), sound (1: on), then (added later: older settings end before them) dimming,
# running points, autoplay of forced cards, undo and the guide shown once (1: on), then the
# language (an index into thousand.LANGUAGES; settings from before it are English's, 0),
# then Five Hundred's rules of the last game chosen, with its players (a small value: None,
# or the bytes of its Rules.to_bytes(), read again by thousand.ui.five_hundred_app.chosen_rules;
# settings from before it: None, australian with 3 players).  Its first programs kept the
# dict of Rules.to_dict() there: 33 bytes for the preset and the players alone, past the
# 52 a board's settings slot holds with Thousand's, so that no setting was saved any more
# (a program before the bytes reads them as None: australian, 3 players).
def settings_bytes(settings):
    w = Writer()
    put_rules(w, settings.rules)
    put_value(w, list(settings.levels))
    speed = 0  # the step of the nearest pause
    for step in range(len(BOT_DELAYS)):
        if abs(BOT_DELAYS[step] - settings.bot_delay_ms) < abs(BOT_DELAYS[speed] - settings.bot_delay_ms):
            speed = step
    w.uint(speed)
    w.uint(1 if settings.sound else 0)
    for flag in (settings.dim, settings.points, settings.autoplay, settings.undo, settings.guided):
        w.uint(1 if flag else 0)
    w.uint(settings.language)
    put_value(w, settings.five_hundred)
    return bytes(w.buf)


def settings_from(payload=None):
    """The settings kept in ``payload``; None: the defaults."""
    s = Settings()
    s.levels = [DEFAULT_LEVEL, DEFAULT_LEVEL]  # the computer seats' levels, as the bots name them
    s.bot_delay_ms = BOT_DELAYS[2]
    s.sound = True
    s.dim = True  # the backlight dims after a minute without a key
    s.points = True  # the table shows your card points in the deal
    s.autoplay = False  # a forced card (your only legal one) plays itself
    s.undo = True  # the table's menu may take back your last decision
    s.guided = False  # the guided first deal was shown (at the first start)
    s.language = 0  # the player's words: an index into thousand.LANGUAGES (0: English)
    s.five_hundred = None  # Five Hundred's rules and players (Rules.to_bytes(), or an older dict); None: australian, 3
    if payload is None:
        s.rules = Rules.preset("classic")  # of the last new game: the next one's
        return s
    r = Reader(payload)
    s.rules = get_rules(r)
    s.levels = get_value(r)
    if not isinstance(s.levels, list):
        raise SaveError("settings hold no bot levels")
    speed = r.uint()
    if speed < len(BOT_DELAYS):
        s.bot_delay_ms = BOT_DELAYS[speed]
    s.sound = r.uint() == 1
    s.dim = r.pos >= len(r.data) or r.uint() == 1  # a missing one keeps its default
    s.points = r.pos >= len(r.data) or r.uint() == 1
    s.autoplay = r.pos < len(r.data) and r.uint() == 1
    s.undo = r.pos >= len(r.data) or r.uint() == 1
    s.guided = r.pos >= len(r.data) or r.uint() == 1  # settings from before the guide: a player who has played
    if r.pos < len(r.data):
        language = r.uint()
        if language < len(LANGUAGES):  # a language this program lacks: English
            s.language = language
    if r.pos < len(r.data):
        rules = get_value(r)
        if isinstance(rules, (bytes, dict)):  # checked where it is used (its engine's rules)
            s.five_hundred = rules
    return s


def load_settings(store):
    """(Settings, problem or None)."""
    return load_kept(SlotPair(store, "settings", KIND_SETTINGS), SETTINGS_VERSION, settings_from, settings_from)


def save_settings(store, data):
    """``data``: settings_bytes(settings).  SaveError (one line) when the store refuses."""
    SlotPair(store, "settings", KIND_SETTINGS).write(SETTINGS_VERSION, data)


