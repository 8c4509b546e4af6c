"""The smallest external bot of BOTS.md: it answers every request with a random legal action.

    python tools/tournament.py --seat 'cmd:python tools/example_bot.py 7' --seat hard --seat hard

One JSON object per line comes in on standard input; one line goes out: one of
the strings of its ``legal`` list, exactly.  The optional argument seeds it.
"""

import json
import random
import sys

import cli  # tools/cli.py, beside this script


def main(argv=None):
    parser = cli.Parser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", nargs="?", type=cli.seed, default=0, help="seeds its choices (default 0)")
    rng = random.Random(parser.parse_args(argv).seed)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        sys.stdout.write(rng.choice(request["legal"]) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    cli.run(main)
