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
    for line in sys.stdin or ():  # started with stdin closed: no request, nothing to answer
        if not line.strip():
            continue
        try:
            answer = rng.choice(json.loads(line)["legal"])
        except (ValueError, LookupError, TypeError):  # not JSON, no "legal", an empty one
            parser.exit(2, "%s: error: not a request of BOTS.md: %r\n" % (parser.prog, line[:80]))
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    cli.run(main)
