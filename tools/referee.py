"""Replay one recorded game read on standard input; print the result as JSON.

    python tools/referee.py < game.json

A record with "game": "five_hundred" is Five Hundred's (FIVE_HUNDRED.md section 10, replayed
by thousand/five_hundred/record.py); any other is Thousand's (REFEREE.md).

Exit status 0 with the deals' results, or 2 with {"error": {...}} when the record is
malformed or holds an illegal action.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)
from thousand.record import RecordError, replay  # noqa: E402


def referee(text):
    """(exit status, output object) for a record's text."""
    try:
        record = json.loads(text)
    except ValueError as error:
        return 2, RecordError(None, None, "the record is not valid JSON: %s" % error).to_json()
    except RecursionError:
        return 2, RecordError(None, None, "the record is nested too deeply to read").to_json()
    try:
        return 0, replay_for(record)(record)
    except RecordError as error:
        return 2, error.to_json()
    except RecursionError:
        return 2, RecordError(None, None, "the record is nested too deeply to read").to_json()
    except Exception as error:  # a record must never crash the referee with a traceback
        message = "the record could not be replayed (%s: %s)" % (type(error).__name__, error)
        return 2, RecordError(None, None, message).to_json()


def replay_for(record):
    """The replay of the record's game: its "game" key names it (FIVE_HUNDRED.md 10), and a
    record without one is Thousand's (REFEREE.md)."""
    game = record.get("game") if isinstance(record, dict) else None
    if game == "five_hundred":
        from thousand.five_hundred.record import replay as replay_five_hundred

        return replay_five_hundred
    if game is not None and game != "thousand":
        raise RecordError(None, None, "unknown game %r (known: thousand, five_hundred)" % (game,))
    return replay


# The longest game a record can hold (9,999 deals of 24 cards and some 40 actions) is
# far below this; reading more would only cost memory.
MAX_RECORD_BYTES = 16 * 1024 * 1024


def answer(data):
    """(exit status, output line) for the bytes of a record: the whole referee but its I/O."""
    if len(data) > MAX_RECORD_BYTES:
        status, out = 2, RecordError(None, None, "the record is longer than any game: at most %d bytes"
                                     % MAX_RECORD_BYTES).to_json()
        return status, json.dumps(out) + "\n"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        status, out = 2, RecordError(None, None, "the record is not UTF-8 text").to_json()
    else:
        status, out = referee(text)
    return status, json.dumps(out) + "\n"


def main(argv=None):
    parser = cli.Parser(description=__doc__.splitlines()[0], epilog="It takes no arguments.")
    parser.parse_args(argv)
    if sys.stdin is None:  # started with its standard input closed (<&-)
        error = RecordError(None, None, "no record: the standard input is closed").to_json()
        sys.stdout.write(json.dumps(error) + "\n")
        return 2
    try:
        status, line = answer(sys.stdin.buffer.read(MAX_RECORD_BYTES + 1))
    except MemoryError:  # under a tight memory limit: still one line and exit 2
        status, line = 2, '{"error": {"deal": null, "action": null, "message": "the record needs more memory than there is"}}\n'
    sys.stdout.write(line)
    return status


if __name__ == "__main__":
    cli.run(main)
