"""The smallest external bot of BOTS.md: it answers every request with a random legal action.

    python tools/tournament.py --seat 'cmd:python tools/example_bot.py 7' --seat hard --seat hard

One JSON object per line comes in on standard input; one line goes out: one of
the strings of its ``legal`` list, exactly.  The optional argument seeds it.
"""

import json
import random
import sys


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        sys.stdout.write(rng.choice(request["legal"]) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
