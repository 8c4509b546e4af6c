"""Play Thousand on the desktop: a window where a display exists, else the terminal.

    python tools/play.py [--continue] [--terminal] [--board BOARD] [--scale N] [--seed N]
                         [--rules PRESET or JSON] [--levels A,B] [--game thousand|five_hundred] [--players 3|4]

--continue goes on with the saved game (of the terminal or the window); in the terminal a
new game over a saved one asks first, as the window's title offers Continue beside New game.

--board and --scale are the window's; the terminal game leaves them out.  Five Hundred
(--game five_hundred [--players 3|4]) opens the window at its table with the Australian
agreements and the strongest computers; with --rules or --levels it is played in the terminal
(the window's screens choose neither for it yet).
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)
from thousand import LANGUAGES  # noqa: E402
from thousand.hw.boards import MODULES  # noqa: E402


def has_display():
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or sys.platform in (
        "darwin", "win32")


def main(argv=None):
    parser = cli.Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--continue", dest="resume", action="store_true", help="go on with the saved game")
    parser.add_argument("--terminal", action="store_true", help="the terminal game even where a window can open")
    parser.add_argument("--board", choices=sorted(MODULES), help="the window's board (default pybadge)")
    parser.add_argument("--scale", type=cli.scale, help="window pixels per screen pixel")
    parser.add_argument("--seed", type=cli.seed, help="seed for the deals (default: random)")
    parser.add_argument("--rules", help="preset name or JSON agreements")
    parser.add_argument("--levels", help="the opponents' levels, e.g. normal,random")
    parser.add_argument("--game", choices=cli.GAMES, default="thousand", help="the game a new game plays")
    parser.add_argument("--players", type=cli.table_size, help="Five Hundred: 3 or 4 players (you and a partner)")
    parser.add_argument("--lang", choices=LANGUAGES, help="the game's language (default: the window's setting, "
                                                         "else English)")
    options = parser.parse_args(argv)
    try:
        rules, levels = cli.game_setup(options.game, options.rules, options.players, options.levels)
    except cli.ArgumentTypeError as error:
        parser.error(str(error))
    game = ["--continue"] if options.resume else []  # the checked options, as both front-ends read them
    if options.seed is not None:
        game += ["--seed", str(options.seed)]
    if options.rules is not None or options.players is not None:
        if options.game == "thousand":
            from thousand import rules_check

            game += ["--rules", json.dumps(rules_check.to_dict(rules))]
        else:
            game += ["--rules", json.dumps(rules.to_dict())]
    if levels is not None:
        game += ["--levels", levels]
    if options.lang is not None:
        game += ["--lang", options.lang]
    if options.game != "thousand":
        game += ["--game", options.game]
    five_hundreds_own = options.game != "thousand" and (options.rules is not None or levels is not None)
    if five_hundreds_own and not options.terminal and has_display():
        print("The window does not choose Five Hundred's agreements or levels yet: playing in the terminal.")
    elif not options.terminal and has_display():
        try:
            cli.quiet_blinka()  # Blinka's warnings are not the player's to read
            from thousand.ui import desktop  # the displayio screens in a pygame window
        except ImportError as error:
            print("No window front-end (%s); playing in the terminal." % error)
        else:
            os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # as the window does
            import pygame

            window = ["--board", options.board] if options.board else []
            window += ["--scale", str(options.scale)] if options.scale else []
            if options.game != "thousand" and options.players is not None:  # (the terminal's: in its rules)
                window += ["--players", str(options.players)]
                at = game.index("--rules")
                game = game[:at] + game[at + 2:]
            try:
                return desktop.main(window + game)
            except pygame.error as error:  # no window can open here (a display named but not usable)
                parser.exit(2, "%s: error: the window could not open (%s); --terminal plays in the "
                               "terminal\n" % (parser.prog, " ".join(str(error).split())))
    import terminal_game

    return terminal_game.main(game)


if __name__ == "__main__":
    cli.run(main)
