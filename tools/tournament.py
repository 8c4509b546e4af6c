"""Bots-only matches with every seating rotation and duplicate deals (desktop tool).

    python tools/tournament.py --seat hard --seat normal --seat easy --deals 600 --json
    python tools/tournament.py --seat hard --seat random --seat random --games 100 --json
    python tools/tournament.py --seat 'cmd:python tools/example_bot.py' --seat hard --seat hard --deals 20

A seat is a level of ``thousand.bots.LEVELS`` or ``cmd:COMMAND``, an external bot
speaking BOTS.md (started once per seat and match, kept for the match).

- ``--deals N``: N duplicate deal sets.  Each set is one shuffled deal (from a fresh
  table at 0 points) played once per seating rotation, so that every player holds
  every hand once: luck cancels.
- ``--games N``: N duplicate game sets: a whole game to ``target`` per rotation,
  the same seed (hence the same cards) in each.

One match is one deal (``--deals``) or one game (``--games``).  An external bot that
answers something that is not legal, says nothing within ``--timeout`` seconds or
dies forfeits the match: the tool names the seat and the reason on stderr, keeps
the bot's stderr in a log file it names, and carries on with the next match (a
forfeited match counts as lost for the forfeiting player and is left out of the
per-deal figures).

A progress bar goes to stderr.  ``--json`` prints one object on stdout::

  {"games": G, "deals": D, "players": {NAME: {"games_won": w, "win_share": f,
   "mean_delta_per_deal": f, "declarer_deals": n, "make_rate": f,
   "decision_ms": {"mean": f, "p95": f, "max": f}, "forfeits": n,
   "bought_deals": n, "bought_make_rate": f, "chosen_deals": n, "chosen_make_rate": f}}}

``make_rate`` counts every deal the player declared (conceded ones as not made),
the forced 100 of the first hand included; ``bought_*`` only the deals it bought
with a bid above 100; ``chosen_*`` those and the deals where it raised the contract
above 100 after taking the talon (every contract it chose rather than was forced to).
Players with the same NAME (two ``random`` seats) are pooled.  ``--jobs`` spreads
the sets over processes; the results do not depend on it (every bot is seeded from
``--seed``, the set and the seat).
"""

import argparse
import json
import os
import select
import shlex
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from thousand import actions as A  # noqa: E402
from thousand import scoring  # noqa: E402
from thousand.bots import LEVELS, make_bot  # noqa: E402
from thousand.driver import TableDriver  # noqa: E402
from thousand.game import FORCED_BID, Game  # noqa: E402
from thousand.notation import PHASE_NAMES  # noqa: E402
from thousand.notation import action_text  # noqa: E402
from thousand.rules import Rules  # noqa: E402

MAX_DEALS_PER_GAME = 400
MAX_REDEALS = 30


class Forfeit(Exception):
    def __init__(self, seat, name, reason):
        Exception.__init__(self, "seat %d (%s) forfeits: %s" % (seat, name, reason))
        self.seat = seat
        self.reason = reason


class ExternalBot:
    """A BOTS.md program: one JSON request per line in, one legal action per line out."""

    def __init__(self, command, seat, timeout, log_dir):
        self.command = command
        self.seat = seat
        self.timeout = timeout
        fd, self.log_path = tempfile.mkstemp(prefix="bot-seat%d-" % seat, suffix=".log", dir=log_dir)
        self.log = os.fdopen(fd, "w")
        self.game = None
        try:
            self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=self.log,
                                            bufsize=0)
        except OSError as error:
            self.process = None
            self.start_error = str(error)
        else:
            self.start_error = None
        self._buffer = b""

    def decide(self, view):
        seat = self.seat
        if self.process is None:
            raise Forfeit(seat, self.command, "could not start (%s)" % self.start_error)
        legal_text = [action_text(seat, a) for a in view.legal]
        if view.legal == [A.ACTION_REDEAL, A.ACTION_KEEP]:
            phase = "redeal"
        else:
            phase = PHASE_NAMES[view.phase]
        request = {"seat": seat, "phase": phase, "record": self.game.seat_record(seat),
                   "legal": legal_text}
        try:
            self.process.stdin.write((json.dumps(request) + "\n").encode())
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Forfeit(seat, self.command, "it has exited (code %s)" % self.process.poll())
        line = self._read_line()
        answer = line.decode("utf-8", "replace").strip()
        if answer not in legal_text:
            raise Forfeit(seat, self.command, "answered %r, which is not a legal action" % answer[:80])
        return view.legal[legal_text.index(answer)]

    def _read_line(self):
        deadline = time.monotonic() + self.timeout
        out = self.process.stdout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Forfeit(self.seat, self.command, "no answer within %g s" % self.timeout)
            ready, _, _ = select.select([out], [], [], left)
            if not ready:
                continue
            chunk = os.read(out.fileno(), 65536)
            if not chunk:
                raise Forfeit(self.seat, self.command, "it has exited (code %s)" % self.process.wait())
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def close(self):
        if self.process is not None:
            try:
                self.process.stdin.close()
            except OSError:
                pass
            try:
                self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


class Stats:
    def __init__(self):
        self.games = 0
        self.games_won = 0
        self.deals = 0  # seat-deals played by this player
        self.delta = 0
        self.declarer_deals = 0
        self.made = 0
        self.bought = 0  # declarer deals won with a bid above the forced 100
        self.bought_made = 0
        self.chosen = 0  # bought, or a contract raised above 100 by the declarer
        self.chosen_made = 0
        self.ms = []
        self.forfeits = 0

    def merge(self, other):
        for key in ("games", "games_won", "deals", "delta", "declarer_deals", "made", "forfeits",
                    "bought", "bought_made", "chosen", "chosen_made"):
            setattr(self, key, getattr(self, key) + getattr(other, key))
        self.ms.extend(other.ms)

    def to_json(self, total_games):
        ms = sorted(self.ms)
        return {
            "games_won": self.games_won,
            "win_share": round(self.games_won / total_games, 4) if total_games else 0.0,
            "mean_delta_per_deal": round(self.delta / self.deals, 2) if self.deals else 0.0,
            "declarer_deals": self.declarer_deals,
            "make_rate": round(self.made / self.declarer_deals, 4) if self.declarer_deals else 0.0,
            "decision_ms": {
                "mean": round(sum(ms) / len(ms), 3) if ms else 0.0,
                "p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 3) if ms else 0.0,
                "max": round(ms[-1], 3) if ms else 0.0,
            },
            "forfeits": self.forfeits,
            "bought_deals": self.bought,
            "bought_make_rate": round(self.bought_made / self.bought, 4) if self.bought else 0.0,
            "chosen_deals": self.chosen,
            "chosen_make_rate": round(self.chosen_made / self.chosen, 4) if self.chosen else 0.0,
        }


def _play_deal(game, bots, timings):
    """One deal through the project's TableDriver (dark, redeal questions, turns)."""
    driver = TableDriver(game)
    game.start_deal()
    while True:
        decision = driver.pending()
        if decision is None:
            return game.last_result
        bot = bots[decision.seat]
        view = game.view(decision.seat)
        view.legal = decision.legal
        start = time.perf_counter()
        action = bot.decide(view)
        timings[decision.seat].append((time.perf_counter() - start) * 1000.0)
        if action not in decision.legal:
            raise Forfeit(decision.seat, getattr(bot, "level", "?"),
                          "chose an illegal action %r" % (action,))
        driver.answer(decision, action)


def _record_deal(result, seat_names, stats):
    if result.result == scoring.REDEAL or result.result == scoring.UNFINISHED:
        return
    for seat in range(3):
        st = stats[seat_names[seat]]
        st.deals += 1
        st.delta += result.deltas[seat]
    if result.declarer is not None:
        st = stats[seat_names[result.declarer]]
        made = 1 if result.result == scoring.MADE else 0
        bought = result.bid is not None and result.bid > FORCED_BID
        st.declarer_deals += 1
        st.made += made
        if bought:
            st.bought += 1
            st.bought_made += made
        if bought or (result.contract or 0) > FORCED_BID:
            st.chosen += 1
            st.chosen_made += made


def _make_bots(specs, rotation, seed, set_index, timeout, log_dir, messages):
    bots = []
    for seat in range(3):
        spec = specs[(seat + rotation) % 3]
        bot_seed = seed * 1000003 + set_index * 31 + seat * 7 + rotation
        if spec.startswith("cmd:"):
            bot = ExternalBot(spec[4:], seat, timeout, log_dir)
            bots.append(bot)
        else:
            bots.append(make_bot(spec, bot_seed))
    return bots


def _close(bots):
    for bot in bots:
        if isinstance(bot, ExternalBot):
            bot.close()


def run_set(task):
    """Play one duplicate set (all rotations); return per-name Stats and messages."""
    specs, mode, set_index, seed, rules_name, timeout, log_dir = task
    rules = Rules.preset(rules_name)
    stats = {}
    for spec in specs:
        stats[spec] = Stats()
    messages = []
    game_seed = seed * 7919 + set_index
    for rotation in range(3):
        names = [specs[(seat + rotation) % 3] for seat in range(3)]
        bots = _make_bots(specs, rotation, seed, set_index, timeout, log_dir, messages)
        timings = [[], [], []]
        if mode == "deals":
            game = Game(rules, seed=game_seed, start={"dealer": set_index % 3, "deals_played": 3})
        else:
            game = Game(rules, seed=game_seed, start={"dealer": set_index % 3})
        for bot in bots:
            if isinstance(bot, ExternalBot):
                bot.game = game
        try:
            if mode == "deals":
                for _ in range(MAX_REDEALS):
                    result = _play_deal(game, bots, timings)
                    if result.result != scoring.REDEAL:
                        break
                _record_deal(result, names, stats)
            else:
                for seat in range(3):
                    stats[names[seat]].games += 1
                for _ in range(MAX_DEALS_PER_GAME):
                    result = _play_deal(game, bots, timings)
                    _record_deal(result, names, stats)
                    if game.over:
                        stats[names[game.winner]].games_won += 1
                        break
        except Forfeit as forfeit:
            st = stats[names[forfeit.seat]]
            st.forfeits += 1
            bot = bots[forfeit.seat]
            log = getattr(bot, "log_path", None)
            messages.append("%s %s, %s %d rotation %d%s" % (
                "match lost:", forfeit, "deal set" if mode == "deals" else "game set", set_index,
                rotation, "; its stderr is in %s" % log if log else ""))
        finally:
            _close(bots)
        for seat in range(3):
            stats[names[seat]].ms.extend(timings[seat])
    return stats, messages


def _progress(done, total, started):
    width = 30
    filled = width * done // total if total else width
    elapsed = time.time() - started
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write("\r[%s%s] %d/%d sets  %.0fs elapsed, %.0fs left " % (
        "#" * filled, "." * (width - filled), done, total, elapsed, eta))
    sys.stderr.flush()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seat", action="append", default=[],
                   help="a bot level (%s) or cmd:COMMAND; give it three times" % ", ".join(LEVELS))
    p.add_argument("--deals", type=int, default=0, help="duplicate deal sets")
    p.add_argument("--games", type=int, default=0, help="duplicate game sets")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="classic", help="a rules preset")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per external request")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--log-dir", default=None, help="where external bots' stderr logs go")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    args = p.parse_args(argv)
    if len(args.seat) != 3:
        p.error("give --seat exactly three times")
    for spec in args.seat:
        if not spec.startswith("cmd:") and spec not in LEVELS:
            p.error("unknown seat %r: a level (%s) or cmd:COMMAND" % (spec, ", ".join(LEVELS)))
    Rules.preset(args.rules)
    if bool(args.deals) == bool(args.games):
        p.error("give either --deals N or --games N")
    mode = "deals" if args.deals else "games"
    count = args.deals or args.games
    log_dir = args.log_dir or tempfile.mkdtemp(prefix="thousand-tournament-")
    os.makedirs(log_dir, exist_ok=True)
    if any(spec.startswith("cmd:") for spec in args.seat):
        sys.stderr.write("external bots' stderr is kept in %s/bot-seat*.log\n" % log_dir)
    tasks = [(tuple(args.seat), mode, i, args.seed, args.rules, args.timeout, log_dir)
             for i in range(count)]
    totals = {}
    for spec in args.seat:
        totals[spec] = Stats()
    started = time.time()
    done = 0
    _progress(0, count, started)

    def absorb(result):
        stats, messages = result
        for name in stats:
            totals[name].merge(stats[name])
        for m in messages:
            sys.stderr.write("\n" + m + "\n")

    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(args.jobs) as pool:
            for result in pool.imap_unordered(run_set, tasks):
                absorb(result)
                done += 1
                _progress(done, count, started)
    else:
        for task in tasks:
            absorb(run_set(task))
            done += 1
            _progress(done, count, started)
    sys.stderr.write("\n")
    games = sum(st.games for st in totals.values()) // 3 if mode == "games" else 0
    for st in totals.values():
        st.games = games
    deals = sum(st.deals for st in totals.values()) // 3
    out = {"games": games, "deals": deals,
           "players": {name: totals[name].to_json(games) for name in args.seat}}
    if args.json:
        sys.stdout.write(json.dumps(out) + "\n")
    else:
        for name in args.seat:
            if name in out["players"]:
                sys.stdout.write("%-30s %s\n" % (name, json.dumps(out["players"][name])))
                out["players"].pop(name)
        sys.stdout.write("games %d, deals %d\n" % (games, deals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
