"""Thousand (1000), the Russian trick-taking card game: engine, bots, saves and screens.

The words every part shares live here, so that a screen can read them without loading the
engine (on the device every loaded module's bytecode sits in the heap)."""

SEAT_NAMES = ("You", "West", "East")  # seat 0 is the human's on the device and the desktop
HUMAN = 0  # the human's seat (the controller, the screens, the statistics)
# The computer seats' levels, thousand.bots.make_bot's ("random" is no bot: a seeded random
# player), here so that the menus and the settings read them without loading the bots.
PLAYER_LEVELS = ("random", "easy", "normal", "hard")
DEFAULT_LEVEL = "normal"  # a new player's, the guided deal's, and a saved level's this program lacks
# The computer's pause choices in ms (Settings), here so that the settings screen reads them
# without loading the settings' coder with thousand.persist.settings (6 KB more on that screen).
BOT_DELAYS = (1500, 1000, 600, 300, 0)
LANGUAGES = ("en", "ru", "uk", "pl")  # the player's words, the one list of them: the settings keep an index into it (0: English)
# The language of the words now (thousand.texts.set_language): thousand.texts reads its folder of pages,
# thousand.ui.sprites its font strip; the screens name the seats and the cards' ranks so.
# Records, saves and the referee's messages stay English (they never read these).
LANGUAGE = ["en"]
SEAT_WORDS = list(SEAT_NAMES)
RANK_SIGNS = "9 J Q K 10 A".split()  # a card's rank as the screens write it (thousand.cards.card_text)
# POPCOUNT6[bits]: the number of cards in a 6-bit suit mask, for both games' cards
# (thousand.cards, thousand.five_hundred.cards): here, so that Five Hundred's table does not
# load Thousand's cards module for it (2.7 KB and 22 names of a board's heap).
POPCOUNT6 = (
    b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
)



# MicroPython's const, or a stand-in on CPython: every module imports it from here (``from
# thousand import const``), so that this fallback is written once (MicroPython folds a
# ``const()`` by its name, wherever the name comes from).
try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# A deal's result and kind (thousand.game.DealResult), as the referee names them: read by the
# engine, the statistics and the records; what they score is thousand.scoring's.
MADE = const(0)
FAILED = const(1)
CONCEDED = const(2)
REDEAL = const(3)
UNFINISHED = const(4)
RESULT_NAMES = ("made", "failed", "conceded", "redeal", "unfinished")
NORMAL = const(0)
DARK = const(1)
GOLDEN = const(2)
