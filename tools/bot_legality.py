"""Play many bot games under classic, full and random agreement sets; fail on any illegal action.

    python tools/bot_legality.py --games 3000 --seed 1
    python tools/bot_legality.py --game five_hundred --games 2304 --max-deals 8

Every seat mixes the levels of ``thousand.PLAYER_LEVELS``.  Each decision is checked
against the view's ``legal`` before the engine applies it (which checks again).
The CI test runs a few hundred games of this; the tool runs thousands.

Five Hundred: game ``i`` plays agreement set ``i`` of every combination of its choices
(``five_hundred_rules_for``: players 3 and 4, and every value of each enum and yes/no
agreement, 2304 sets; ``defender_cap`` null, 490 or 480 and ``target`` 500 or 250 in turn),
so that ``--games 2304`` plays each set once.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)

from thousand import PLAYER_LEVELS  # noqa: E402
from thousand.bots import make_bot  # noqa: E402
from thousand.driver import TableDriver  # noqa: E402
from thousand.game import Game  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand.rules import Rules  # noqa: E402
from thousand.rules_table import BOOL, ENUM, INT, INT_OR_NULL, agreements  # noqa: E402
from thousand import rules_check  # noqa: E402

LEVELS = PLAYER_LEVELS[1:] + PLAYER_LEVELS[:1]  # the bots, then random: the games' mix as it was

# Sensible values to draw int agreements from (the engine accepts more).
INT_CHOICES = {
    "target": (1000, 500, 300),
    "bolt_penalty": (120, 100, 0),
    "barrel_at": (880, 900),
    "barrel_deals": (1, 2, 3, 4, 5),
    "barrel_win": (120, 125),
    "barrel_fall_penalty": (120, 100),
    "dark_min_score": (240, 0, 100),
    "silence_below": (None, -120, 0),
    "concede_limit": (None, 0, 1, 3),
    "redeal_hand_points_below": (None, 13, 20),
    "redeal_hand_nines": (None, 3, 2),
    "redeal_hand_jacks": (None, 4, 3),
    "redeal_talon_points_below": (None, 5, 10),
    "redeal_talon_two_nines": (None, 2),
    "redeal_talon_three_jacks": (None, 3, 2),
}


def random_rules(rng):
    """A random but valid agreement set."""
    rules = Rules.preset("classic")
    rules.preset_name = "classic"
    for name, kind, default, choices in agreements():
        if kind == BOOL:
            value = rng.below(2) == 1
        elif kind == ENUM:
            value = choices[rng.below(len(choices))]
        elif name in INT_CHOICES:
            options = INT_CHOICES[name]
            value = options[rng.below(len(options))]
        elif kind == INT or kind == INT_OR_NULL:
            value = default
        setattr(rules, name, value)
    rules_check.validate(rules)
    return rules


class CheckedBot:
    """Wraps a bot and fails loudly when it answers something outside ``view.legal``."""

    def __init__(self, bot):
        self.bot = bot
        self.decisions = 0

    def decide(self, view):
        action = self.bot.decide(view)
        self.decisions += 1
        if action not in view.legal:
            raise AssertionError("%s bot chose %r, not among %r (phase %d)" % (
                self.bot.level, action, view.legal, view.phase))
        return action


def rules_for(index, rng):
    if index % 3 == 0:
        return Rules.preset("classic")
    if index % 3 == 1:
        return Rules.preset("full")
    return random_rules(rng)


def play_checked_game(index, seed, max_deals, bot_for=None):
    """One game (agreements ``rules_for(index)``) of mixed levels, or of ``bot_for(seat)``'s
    bots; every decision checked.  The seats' CheckedBots (each counts its ``decisions``)."""
    rng = Rng(seed * 7919 + index)
    rules = rules_for(index, rng)
    if bot_for is None:
        def bot_for(s):
            return make_bot(LEVELS[(index + s) % len(LEVELS)], seed + index * 3 + s)
    bots = [CheckedBot(bot_for(s)) for s in range(3)]
    game = Game(rules, seed=seed * 104729 + index)
    driver = TableDriver(game)
    for _ in range(max_deals):
        driver.play_deal(bots)
        if game.over:
            break
    return bots


def five_hundred_choices():
    """Five Hundred's agreements that take a few values, each with its values: the players,
    and every enum and yes/no agreement."""
    from thousand.five_hundred.rules_table import BOOL as BOOL_500, ENUM as ENUM_500, agreements as agreements_500

    out = []
    for name, kind, _default, choices in agreements_500():
        if name == "players":
            out.append((name, choices))
        elif kind == BOOL_500:
            out.append((name, (False, True)))
        elif kind == ENUM_500:
            out.append((name, choices))
    return out


def five_hundred_sets():
    """The number of Five Hundred's agreement sets ``five_hundred_rules_for`` goes through."""
    total = 1
    for _name, values in five_hundred_choices():
        total *= len(values)
    return total


def five_hundred_rules_for(index):
    """Five Hundred's agreement set ``index`` (modulo ``five_hundred_sets()``): the index read
    in the mixed radix of the choices' counts; the cap and the target in turn."""
    from thousand.five_hundred.rules import Rules as Rules500

    values = {"defender_cap": (None, 490, 480)[index % 3], "target": (500, 250)[index // 3 % 2]}
    rest = index % five_hundred_sets()
    for name, choices in five_hundred_choices():
        values[name] = choices[rest % len(choices)]
        rest //= len(choices)
    return Rules500.from_dict(values)


def play_checked_five_hundred(index, seed, max_deals):
    """One game of Five Hundred under agreement set ``index``, the seats mixing the levels;
    every decision checked.  The seats' CheckedBots."""
    from thousand.five_hundred.bots import make_player
    from thousand.five_hundred.driver import TableDriver as Driver500
    from thousand.five_hundred.game import Game as Game500

    rules = five_hundred_rules_for(index)
    n = rules.players
    bots = [CheckedBot(make_player(LEVELS[(index + s) % len(LEVELS)], seed + index * 4 + s)) for s in range(n)]
    game = Game500(rules, seed=seed * 104729 + index, keep_records=False)
    driver = Driver500(game)
    for _ in range(max_deals):
        driver.play_deal(bots)
        if game.over:
            break
    return bots


def main(argv=None):
    p = cli.Parser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=cli.positive, default=3000)
    p.add_argument("--seed", type=cli.seed, default=1)
    p.add_argument("--max-deals", type=cli.positive, default=60, help="deals per game at most")
    p.add_argument("--game", choices=cli.GAMES, default="thousand", help="the game played (default thousand)")
    args = p.parse_args(argv)
    play = play_checked_five_hundred if args.game == cli.GAMES[1] else play_checked_game
    decisions = 0
    for i in range(args.games):
        decisions += sum(bot.decisions for bot in play(i, args.seed, args.max_deals))
        if (i + 1) % 50 == 0:
            sys.stderr.write("\r%d/%d games" % (i + 1, args.games))
    sys.stderr.write("\n")
    print("%d games, %d decisions, no illegal action" % (args.games, decisions))


if __name__ == "__main__":
    cli.run(main)
