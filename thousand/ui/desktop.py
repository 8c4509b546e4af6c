# desktop-only: not bundled for the device
"""The device screens in a pygame window, scaled up, the keyboard map shown below.

    python tools/play.py [--board pybadge|pygamer|picosystem|feather_esp32s3_rtft]
                         [--seed N] [--rules PRESET or JSON] [--scale N]
"""

import argparse
import json
import os
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Screen sizes of the boards, as the window emulates them.
BOARD_SIZES = {
    "pybadge": (160, 128),
    "pygamer": (160, 128),
    "picosystem": (240, 240),
    "feather_esp32s3_rtft": (240, 135),
}


def rules_from_text(text):
    """A preset name, or a JSON object such as '{"preset": "full", "target": 500}'."""
    from thousand.rules import Rules

    if text.strip().startswith("{"):
        return Rules.from_dict(json.loads(text))
    return Rules.preset(text)


def open_app(board_name="pybadge", seed=None, rules=None, window=True, scale=None, storage=None):
    """The App on the desktop board: a window, or (``window=False``) a headless canvas."""
    from thousand.hw import desktop
    from thousand.ui import sprites
    from thousand.ui.app import App

    width, height = BOARD_SIZES[board_name]
    desktop.configure(width, height)
    desktop.display = None
    if scale is None:
        scale = 4 if width < 200 else 3
    display = desktop.open(window=window, scale=scale)
    display.auto_refresh = False
    sheet = sprites.Sheet(os.path.join(ROOT, sprites.SHEET_PATH))
    return App(desktop, display, sheet, storage=storage, rules=rules, seed=seed)


def main(argv):
    parser = argparse.ArgumentParser(description="Thousand in a window, as on the handheld.")
    parser.add_argument("--board", default="pybadge", choices=sorted(BOARD_SIZES))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--rules", default="classic", help="preset name or JSON agreements")
    parser.add_argument("--scale", type=int, default=None)
    options = parser.parse_args(argv)
    app = open_app(options.board, options.seed, rules_from_text(options.rules), scale=options.scale)
    from thousand.hw import desktop

    while True:
        app.tick(desktop.ticks_ms())
        time.sleep(0.005)
