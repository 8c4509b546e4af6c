# desktop-only: not bundled for the device
"""The device screens in a pygame window, scaled up, the keyboard map shown below.

    python tools/play.py [--board pybadge|pygamer|picosystem|feather_esp32s3_rtft]
                         [--seed N] [--rules PRESET or JSON] [--levels A,B] [--scale N]

Keys: arrows move, Z/Enter/Space = A (choose), X/Esc/Backspace = B (back; the
table's menu), M/Tab = START, H/F1 = SELECT.  The map is shown under the screen.

The game, settings and statistics are kept in the data directory
($THOUSAND_DATA_DIR, else ~/.local/share/thousand): Continue on the title goes on
with the game of the last session.  --rules and --levels override the kept choices.
"""

import argparse
import json
import os
import time

from thousand.hw.boards import MODULES, screen_size

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

def rules_from_text(text):
    """A preset name, or a JSON object such as '{"preset": "full", "target": 500}'."""
    from thousand.rules import Rules
    from thousand import rules_check

    if text.strip().startswith("{"):
        return rules_check.from_dict(json.loads(text))
    return Rules.preset(text)


def open_app(board_name="pybadge", seed=None, rules=None, window=True, scale=None, storage=None, language=None):
    """The App on the desktop board with the screen of board module ``board_name``
    (thousand/hw/boards.py): a window, or (``window=False``) a headless canvas; ``language``
    (one of thousand.LANGUAGES): the session's, else the settings'."""
    from thousand.hw import desktop
    from thousand.ui import sprites
    from thousand.ui.app import App

    width, height = screen_size(board_name)
    desktop.configure(width, height)
    desktop.display = None
    if scale is None:
        scale = 4 if width < 200 else 3
        if window:  # no bigger than the desktop: the square screen's 738 rows at 3 lost its hand below a 768-row one
            scale = desktop.fit_scale(width, height, scale)
    display = desktop.open(window=window, scale=scale)
    display.auto_refresh = False
    sheet = sprites.Sheet(os.path.join(ROOT, sprites.SHEET_PATH))
    return App(desktop, display, sheet, storage=storage, rules=rules, seed=seed, language=language)


def desktop_saves():
    """The saves in the data directory; a folder that cannot be written there is told on
    the title at once, not first when the game tries to save."""
    from thousand.persist.files import FileStore, data_dir, write_problem
    from thousand.persist.saves import Saves

    directory = data_dir()
    storage = Saves(FileStore(directory))
    problem = write_problem(directory)
    if problem is not None:
        storage.report(problem)
    return storage


def main(argv, max_ticks=None):
    """Open the window and run the game until it is closed (or ``max_ticks`` loop turns)."""
    from thousand import LANGUAGES, PLAYER_LEVELS
    from thousand.rules import RulesError

    parser = argparse.ArgumentParser(description="Thousand in a window, as on the handheld.")
    parser.add_argument("--board", default="pybadge", choices=sorted(MODULES))
    parser.add_argument("--continue", dest="resume", action="store_true", help="the saved game at once (else the title)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--rules", default=None, help="preset name or JSON agreements (default: as last time)")
    parser.add_argument("--levels", default=None, help="the two opponents' levels, e.g. normal,random")
    parser.add_argument("--scale", type=int, default=None)
    parser.add_argument("--lang", default=None, choices=LANGUAGES, help="the game's language (default: as last time)")
    parser.add_argument("--game", default="thousand", choices=("thousand", "five_hundred"),
                        help="five_hundred: a new game of Five Hundred at once (its agreements: the Australian preset)")
    parser.add_argument("--players", type=int, default=3, choices=(3, 4), help="Five Hundred's players")
    options = parser.parse_args(argv)
    try:
        rules = rules_from_text(options.rules) if options.rules is not None else None
    except (RulesError, ValueError) as error:
        parser.error(str(error))
    app = open_app(options.board, options.seed, rules, scale=options.scale, storage=desktop_saves(), language=options.lang)
    if options.levels:
        levels = options.levels.split(",")
        if len(levels) != 2 or any(level not in PLAYER_LEVELS for level in levels):
            parser.error("--levels needs two of: %s" % ", ".join(PLAYER_LEVELS))
        app.levels = levels
    if options.resume and app.can_continue():  # else the title, which says why there is none
        app.continue_game()
    elif options.game == "five_hundred" and not options.resume:  # as its title's row would
        app.five_hundred = {"preset": "australian", "players": options.players}
        app.new_game()
    from thousand.hw import desktop

    ticks = 0
    try:
        while max_ticks is None or ticks < max_ticks:
            app.tick(desktop.ticks_ms())
            ticks += 1
            time.sleep(0.005)
    except SystemExit:  # the window was closed
        pass
    return 0
