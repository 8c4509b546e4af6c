"""Write the saved game as a REFEREE.md record, to attach to a bug report.

    python tools/export_record.py              # the saved game -> DATA/records/current.json
    python tools/export_record.py -o game.json # ... to that file ('-' for standard output)
    python tools/export_record.py --last       # the last finished game (records/last.json)

DATA is $THOUSAND_DATA_DIR, else $XDG_DATA_HOME/thousand, else ~/.local/share/thousand.
The record starts at the deal the save holds (the score sheet keeps the earlier deals'
scores, not their cards).  Replay it with ``python tools/referee.py < game.json``.  Exit
status 1 with a one-line message when there is nothing to export or the save is damaged, 2
when the record cannot be written.
"""

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)
from thousand.persist.files import FileStore, data_dir  # noqa: E402
from thousand.persist.records import CURRENT, LAST, records_dir, write_game, write_record  # noqa: E402
from thousand.persist.continuing import load_game  # noqa: E402
from thousand.persist.store import KIND_GAME, SaveError, SlotPair  # noqa: E402


def record_out(text):
    """'-' (standard output), or a file to write."""
    return text if text == "-" else cli.out_file(text)


def main(argv=None):
    parser = cli.Parser(description="Write the saved game as a REFEREE.md record.")
    parser.add_argument("-o", "--out", type=record_out, help="where to write ('-': standard output)")
    parser.add_argument("--last", action="store_true", help="the last finished game instead")
    args = parser.parse_args(argv)
    if args.last:
        source = os.path.join(records_dir(), LAST)
        if not os.path.exists(source):
            print("no finished game recorded in %s" % records_dir(), file=sys.stderr)
            return 1
        if args.out == "-":
            with open(source) as f:
                sys.stdout.write(f.read() + "\n")
        else:
            out = args.out or source
            if os.path.abspath(out) != os.path.abspath(source):
                shutil.copyfile(source, out)
            print(out)
        return 0
    try:
        found = load_game(SlotPair(FileStore(data_dir()), "game", KIND_GAME))
    except SaveError as error:
        print(str(error), file=sys.stderr)
        return 1
    if found is None:
        print("no saved game in %s" % data_dir(), file=sys.stderr)
        return 1
    game = found[0]
    if args.out == "-":  # either game's record, as its save names it
        write_game(game, sys.stdout)
        sys.stdout.write("\n")
        return 0
    out = args.out or os.path.join(records_dir(), CURRENT)
    if not write_record(game, out):  # as tools/cli.py's run says a file that cannot be written
        sys.stderr.write("export_record.py: error: cannot write %s\n" % out)
        return 2
    print(out)
    return 0


if __name__ == "__main__":
    cli.run(main)
