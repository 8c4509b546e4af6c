"""Play Thousand on the desktop: a window where a display exists, else the terminal.

    python tools/play.py [--terminal] [options of the chosen front-end]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def has_display():
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or sys.platform in (
        "darwin", "win32")


def main(argv):
    if "--terminal" not in argv and has_display():
        try:
            from thousand.ui import desktop  # the displayio screens in a pygame window
        except ImportError as error:
            print("No window front-end (%s); playing in the terminal." % error)
        else:
            return desktop.main(argv)
    import terminal_game

    return terminal_game.main([a for a in argv if a != "--terminal"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
