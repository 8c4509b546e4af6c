"""Thousand (1000), the Russian trick-taking card game: engine, bots, saves and screens.

The words every part shares live here, so that a screen can read them without loading the
engine (on the device every loaded module's bytecode sits in the heap)."""

SEAT_NAMES = ("You", "West", "East")  # seat 0 is the human's on the device and the desktop
PLAYER_LEVELS = ("random", "easy", "normal", "hard")  # "random" is no bot: a seeded random player
