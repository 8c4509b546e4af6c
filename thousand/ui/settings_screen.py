"""The settings' screen (sound, the computers' pause, dimming, points, forced moves, undo,
language), and ``set_setting``, which every screen that changes a setting calls.

A module of its own: opened from the table's menu in the middle of a deal, it held every
other menu's screen with it (``thousand.ui.menus``), and with them some 40 names that took
a game's VM past the name pool's step (docs/memory.md, "What takes the unix port's peak VMs
past the step").
"""

from thousand import BOT_DELAYS, LANGUAGES, const
from thousand.ui.menu_screen import MenuScreen
from thousand.ui.widgets import pad

# The places of menus.txt's entries that this screen reads (thousand.texts; a test holds each
# to its entry's name, as thousand.ui.menus's).
_SETTINGS = const(6)
_ON = const(17)
_OFF = const(18)
_SOUND = const(22)
_BOT_PAUSE = const(23)
_MS = const(24)
_DIM = const(25)
_POINTS = const(26)
_FORCED = const(27)
_UNDO_SETTING = const(28)
_LANGUAGE = const(29)
_BACK = const(30)
_SOUND_HELP = const(31)  # then the other rows' help lines, in the rows' order


def set_setting(app, name, value):
    """Change ``app``'s setting now; the settings screen saves them when it is left.  Here, not
    the App's: only the menus change settings, and the App's code is held for good."""
    setattr(app.settings, name, value)
    app.settings_changed = True
    if name == "sound":
        app.board.set_muted(not value)
    elif name == "language":  # the next screen built speaks it, in its font strip
        from thousand.ui.starting import speak  # on demand (thousand/ui/scenes.py)

        speak(app)


class SettingsScreen(MenuScreen):
    """Each setting changes at once (``set_setting``); they are saved once, when the
    screen is left (``App.settings_changed``): each save is a flash erase on a board."""

    title = _SETTINGS

    def enter(self):
        from thousand import texts  # the words are data, read on demand (thousand.texts)

        self.language = texts.entries("words", "language")[0][2]
        self.refresh()

    def items(self):
        cols = self.list.cols
        settings = self.app.settings
        out = [pad(self.word(_SOUND), self.word(_ON if settings.sound else _OFF), cols),
               pad(self.word(_BOT_PAUSE), self.word(_MS) % settings.bot_delay_ms, cols)]
        for place, on in ((_DIM, settings.dim), (_POINTS, settings.points), (_FORCED, settings.autoplay),
                          (_UNDO_SETTING, settings.undo)):
            out.append(pad(self.word(place), self.word(_ON if on else _OFF), cols))
        return out + [pad(self.word(_LANGUAGE), self.language, cols), self.word(_BACK)]

    def footer(self):
        return self.word(_SOUND_HELP + self.cursor)  # the rows' help lines, in the rows' order

    def choose(self, index):
        app = self.app
        if index == 0:
            set_setting(app, "sound", not app.settings.sound)
        elif index == 1:
            delay = app.settings.bot_delay_ms
            at = BOT_DELAYS.index(delay) if delay in BOT_DELAYS else -1
            set_setting(app, "bot_delay_ms", BOT_DELAYS[(at + 1) % len(BOT_DELAYS)])
        elif index < 6:
            name = ("dim", "points", "autoplay", "undo")[index - 2]
            set_setting(app, name, not getattr(app.settings, name))
        elif index == 6:
            set_setting(app, "language", (app.settings.language + 1) % len(LANGUAGES))
            app.show("settings")  # built again: its words and its font strip in the language
        else:
            self.back()

    def back(self):
        if self.app.settings_changed:
            self.app.save_settings()
        MenuScreen.back(self)
