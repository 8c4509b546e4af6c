"""Bots-only matches with every seating rotation and duplicate deals (desktop tool).

    python tools/tournament.py --seat hard --seat normal --seat easy --deals 600 --json
    python tools/tournament.py --seat hard --seat random --seat random --games 100 --json
    python tools/tournament.py --seat 'cmd:python tools/example_bot.py' --seat hard --seat hard --deals 20
    python tools/tournament.py --game five_hundred --players 4 --seat hard --seat normal --seat hard --seat normal --deals 200

Five Hundred (``--game five_hundred``, ``--players 3|4``, ``--rules`` its preset or JSON): one
``--seat`` a seat, a level or ``cmd:COMMAND`` (its requests: docs/bots.md, "External bots:
Five Hundred requests"); a set is played once a rotation, as many as seats (with 4 players the
partnerships, seats 0+2 and 1+3, rotate with the seats); a name's gain a hand is its side's
delta; the talon's figures (``bought_*``, ``chosen_*``, ``raised_*``, ``conceded_deals``) are
left out and ``game`` and ``table`` added.

A seat is a level of ``thousand.PLAYER_LEVELS``, ``baseline`` (the frozen copy of hard
in ``tools/baseline_bots/``, the fixed opponent that changes of the bots are measured
against), ``expert`` (the desktop's analysis level, ``thousand/bots/expert.py``) or
``cmd:COMMAND``, an external bot speaking BOTS.md (started once per seat
and match, kept for the match), or a variant of a level, ``LEVEL:OPTION[=VALUE][,...]``:
the level's own bot with a parameter of its auction moved (issue 36's exploitation
harness: ``--seat hard:margin=-20 --seat hard --seat hard``).  Options: ``margin=N``, N
points more extra bidding margin than the level's (below 0: bolder; hard's contract comes
from play-outs, so only its bids move); ``raise_marriages[=BID]``, holding a marriage among
its dealt cards it outbids any bid below BID (120) where the level would pass.

- ``--paired REFERENCE`` (with ``--deals``): each set is also played with the first seat's
  name replaced by REFERENCE (the same level: ``hard`` or another variant of it); a
  rotation where no seat of that name answers otherwise than its reference (seeded alike,
  asked the same questions) plays the same deal, so only the others are played out by both
  tables.  It prints the change of the first seat's gain over the other two seats' mean
  (table minus reference, per deal, with its standard error over the sets), the deals that
  differed and both tables' share of deals whose auction went above 100: with REFERENCE
  the level of the other two seats, the change is the variant's gain over them, and far
  more precise than a tournament's gap over the same sets.

- ``--deals N``: N duplicate deal sets.  Each set is one shuffled deal (from a fresh
  table at 0 points) played once per seating rotation, so that every player holds
  every hand once: luck cancels.
- ``--games N``: N duplicate game sets: a whole game to ``target`` per rotation,
  the same seed (hence the same cards) in each.

One match is one deal (``--deals``) or one game (``--games``).  An external bot
forfeits the match when it answers something that is not legal, writes more than
one line per request or a line of more than 4096 bytes, has not read its request
and answered within ``--timeout`` seconds (10), closes its stdin or stdout, exits or
cannot start: the tool names the seat and the reason on stderr, keeps the first MB of
the bot's stderr in a log file it names, ends the bot (stdin closed, then SIGTERM,
then SIGKILL, each after at most 2 s; then its process group and, on Linux, every process
that inherited its environment's mark) and carries on with the next match (a
forfeited match counts as lost for the forfeiting player and is left out of the
per-deal figures).  ``--rules`` takes a preset or a JSON rules object.

A progress bar goes to stderr.  ``--json`` prints one object on stdout::

  {"games": G, "deals": D, "players": {NAME: {"games_won": w, "win_share": f,
   "mean_delta_per_deal": f, "declarer_deals": n, "make_rate": f,
   "decision_ms": {"mean": f, "p95": f, "max": f}, "forfeits": n,
   "bought_deals": n, "bought_make_rate": f, "chosen_deals": n, "chosen_make_rate": f,
   "raised_deals": n, "raised_make_rate": f, "conceded_deals": n, "mean_delta_se": f}},
   "gaps": {"A - B": {"per_deal": f, "se": f, "sets": n}}, "above_100_share": f}

``make_rate`` counts every deal the player declared (conceded ones as not made),
the forced 100 of the first hand included; ``bought_*`` only the deals it bought
with a bid above 100; ``chosen_*`` those and the deals where it raised the contract
above 100 after taking the talon (every contract it chose rather than was forced to);
``raised_*`` the deals where it announced a contract above its winning bid (after the
talon), whatever that bid; ``conceded_deals`` the deals it declared and conceded.
``mean_delta_se`` is the standard error of ``mean_delta_per_deal``, and ``gaps`` gives,
for each pair of distinct names in seat order, the first's delta per deal minus the
second's with its standard error; both take the duplicate sets as the independent
samples (the deals of one set share their cards).  ``above_100_share`` is the share of
the deals whose auction ended above the forced 100.
Players with the same NAME (two ``random`` seats) are pooled.  ``--jobs`` spreads
the sets over processes; the results do not depend on it (every bot is seeded from
``--seed``, the set and the seat).
"""

import json
import os
import select
import shlex
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)
from thousand import actions as A  # noqa: E402
from thousand import cards as C  # noqa: E402
from thousand import scoring  # noqa: E402
from thousand import PLAYER_LEVELS  # noqa: E402
from thousand.bots import make_bot  # noqa: E402
from thousand.checks import checked_start  # noqa: E402
from thousand.driver import TableDriver  # noqa: E402
from thousand.game import FORCED_BID, PHASE_AUCTION, PHASE_DARK, Game  # noqa: E402
from thousand.notation import PHASE_NAMES  # noqa: E402
from thousand.notation import action_text  # noqa: E402
from thousand.record import seat_record  # noqa: E402
from thousand import rules_check  # noqa: E402

MAX_DEALS_PER_GAME = 400
MAX_REDEALS = 30
BASELINE = "baseline"  # the seat name of tools/baseline_bots' hard
EXPERT = "expert"  # the desktop-only level of thousand/bots/expert.py
DEFAULT_TIMEOUT = 10.0  # seconds per request to an external bot, as BOTS.md says
MAX_LINE_BYTES = 4096  # an answer is one legal action: a few dozen bytes
MAX_LOG_BYTES = 1 << 20  # of an external bot's stderr kept in its log
EXIT_GRACE = 2.0  # seconds a bot gets to exit after its stdin closes, and after SIGTERM
# In every external bot's environment, a mark of its own that the processes it starts inherit:
# those that left its process group (setsid) are found by it when the bot is closed.
BOT_MARK = "THOUSAND_TOURNAMENT_BOT"


# A variant of a level, ``LEVEL:OPTION[=VALUE][,OPTION[=VALUE]...]``: the level's own bot with one
# parameter of its auction moved (issue 36's exploitation harness: one seat deviates, two play
# the level).
VARIANT_LEVELS = ("easy", "normal", "hard")  # the levels with an auction of their own to vary
MAX_MARGIN_SHIFT = 200  # points: far past any bid a deal can carry


def _shift_margin(bot, points):
    """The level's extra bidding margin ``points`` higher (lower: bolder).  Hard announces its
    contract by play-outs, so only its bids move; easy's and normal's contracts move too.
    True when it changes the auction only."""
    bot.bid_margin += points
    return bool(bot.playouts)


def _raise_on_marriages(bot, up_to):
    """Whenever the seat holds a marriage among its dealt cards, it outbids any bid below
    ``up_to`` (a bold player's rule: a marriage is worth a contract), else it bids as the level."""
    level_bid = bot._bid

    def bid(view):
        action = level_bid(view)
        if action != A.ACTION_PASS or not C.marriages_in(view.dealt, False):
            return action
        low = 0
        for a in view.legal:
            if A.verb(a) == A.BID and (not low or A.amount(a) < low):
                low = A.amount(a)
        return A.bid(low) if low and low <= up_to else action

    bot._bid = bid
    return True  # the auction only


VARIANT_OPTIONS = {  # name: (its default value, None: it needs one; lowest, highest, step; apply)
    "margin": (None, -MAX_MARGIN_SHIFT, MAX_MARGIN_SHIFT, 1, _shift_margin),
    "raise_marriages": (120, 105, 400, 5, _raise_on_marriages),
}


def parse_variant(text):
    """``LEVEL:OPTION[=VALUE],...`` read into (level, [(option, value)]); ArgumentTypeError
    saying what is wrong otherwise."""
    level, _, rest = text.partition(":")
    if level not in VARIANT_LEVELS:
        raise cli.ArgumentTypeError("a variant is LEVEL:OPTION[=VALUE] with LEVEL one of %s, not '%s'" % (
            ", ".join(VARIANT_LEVELS), level[:40]))
    options = []
    for item in rest.split(","):
        name, equals, value = item.partition("=")
        if name not in VARIANT_OPTIONS:
            raise cli.ArgumentTypeError("unknown option '%s' in '%s' (known: %s)" % (
                name[:40], text[:80], ", ".join(sorted(VARIANT_OPTIONS))))
        if name in [n for n, _v in options]:
            raise cli.ArgumentTypeError("option '%s' given twice in '%s'" % (name, text[:80]))
        default, low, high, step, _apply = VARIANT_OPTIONS[name]
        what = "a whole number from %d to %d%s" % (low, high, ", a multiple of %d" % step if step > 1 else "")
        if not equals:
            if default is None:
                raise cli.ArgumentTypeError("option '%s' in '%s' needs a value (%s), as in %s:%s=-10" % (
                    name, text[:80], what, level, name))
            options.append((name, default))
            continue
        try:
            number = cli._whole(value, low, "the value", high)
        except cli.ArgumentTypeError as error:
            raise cli.ArgumentTypeError("%s in '%s': %s" % (name, text[:80], error))
        if number % step:
            raise cli.ArgumentTypeError("%s in '%s' must be %s, not %s" % (name, text[:80], what, value))
        options.append((name, number))
    return level, options


def make_variant(text, seed):
    """The bot of a variant seat: its level's bot (``make_bot``) with its options applied;
    ``bot.auction_only``: True when they change nothing but its auction."""
    level, options = parse_variant(text)
    bot = make_bot(level, seed)
    bot.auction_only = True
    for name, value in options:
        bot.auction_only = VARIANT_OPTIONS[name][4](bot, value) and bot.auction_only
    return bot


FIVE_HUNDRED = cli.GAMES[1]  # --game five_hundred, as a record names the game
FIVE_HUNDRED_PHASES = ("auction", "raise", "discard", "play")  # thousand.five_hundred.game's phases


def five_hundred_request(game, seat, view):
    """A Five Hundred request of BOTS.md's shape (docs/bots.md): the legal actions' texts,
    the phase's name (``nominate`` for the Joker's question) and the seat's record."""
    from thousand.five_hundred import actions as A500
    from thousand.five_hundred.notation import action_text as action_text_500
    from thousand.five_hundred.record import seat_record as seat_record_500

    legal_text = [action_text_500(seat, a) for a in view.legal]
    verb = A500.verb(view.legal[0])
    if verb == A500.NOMINATE or verb == A500.NO_NOMINATION:
        phase = "nominate"
    else:
        phase = FIVE_HUNDRED_PHASES[view.phase]
    return legal_text, phase, seat_record_500(game, seat)


class Forfeit(Exception):
    def __init__(self, seat, name, reason):
        Exception.__init__(self, "seat %d (%s) forfeits: %s" % (seat, name, reason))
        self.seat = seat
        self.reason = reason


class ExternalBot:
    """A BOTS.md program: one JSON request per line in, one legal action per line out.

    Everything the program can do is bounded: time per request (writing it and reading
    the answer), bytes per answer, one line per request, the stderr kept, and its exit
    (stdin closed, then SIGTERM, then SIGKILL, to its whole process group).
    """

    def __init__(self, command, seat, timeout, log_dir):
        self.command = command
        self.seat = seat
        self.timeout = timeout
        self.grace = min(timeout, EXIT_GRACE)
        fd, self.log_path = tempfile.mkstemp(prefix="bot-seat%d-" % seat, suffix=".log", dir=log_dir)
        self.log = os.fdopen(fd, "wb")
        self.log_bytes = 0
        self.game = None
        self._buffer = b""
        self.ended = False  # its processes are ended (close)
        self.mark = "%d-%d-%s" % (os.getpid(), seat, os.urandom(8).hex())
        environment = dict(os.environ)
        environment[BOT_MARK] = self.mark
        try:
            self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                            bufsize=0, start_new_session=True, env=environment)
        except (OSError, ValueError) as error:
            self.process = None
            self.start_error = str(error)
        else:
            self.start_error = None
            _LIVE.add(self)
            for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
                os.set_blocking(pipe.fileno(), False)

    def _forfeit(self, reason):
        raise Forfeit(self.seat, self.command, reason)

    def decide(self, view):
        seat = self.seat
        if self.process is None:
            self._forfeit("could not start (%s)" % self.start_error)
        if getattr(self.game, "game_name", None) == FIVE_HUNDRED:
            legal_text, phase, record = five_hundred_request(self.game, seat, view)
        else:
            legal_text = [action_text(seat, a) for a in view.legal]
            if view.legal == [A.ACTION_REDEAL, A.ACTION_KEEP]:
                phase = "redeal"
            else:
                phase = PHASE_NAMES[view.phase]
            record = seat_record(self.game, seat)
        request = {"seat": seat, "phase": phase, "record": record, "legal": legal_text}
        deadline = time.monotonic() + self.timeout
        self._refuse_unasked_output()
        self._send((json.dumps(request) + "\n").encode(), deadline)
        answer = self._receive(deadline).decode("utf-8", "replace")  # exactly (BOTS.md)
        if answer not in legal_text:
            self._forfeit("answered %r, which is not a legal action" % answer[:80])
        return view.legal[legal_text.index(answer)]

    def _wait(self, deadline, write=False):
        """Wait until stdout can be read (or stdin written, with ``write``), moving what
        comes on stderr to the log meanwhile; False at the deadline.  A bot that closes
        its stdin while it is expected to answer is caught at once (POLLERR)."""
        stdin = self.process.stdin.fileno()
        stdout = self.process.stdout.fileno()
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            poller = select.poll()
            poller.register(stdin, select.POLLOUT if write else 0)  # errors are always reported
            if not write:
                poller.register(stdout, select.POLLIN)
            if not self.process.stderr.closed:
                poller.register(self.process.stderr, select.POLLIN)
            ready = [fd for fd, _event in poller.poll(max(1, int(left * 1000)))]
            if stdout in ready or (write and stdin in ready):
                return True  # readable, writable, or an error that the read or write names
            if stdin in ready:
                self._gone("closed its standard input")
            if ready:
                self._keep_stderr()

    def _keep_stderr(self):
        """Move what the bot wrote on stderr into its log, up to MAX_LOG_BYTES."""
        stderr = self.process.stderr
        try:
            chunk = os.read(stderr.fileno(), 65536)
        except BlockingIOError:
            return
        if not chunk:
            stderr.close()  # never ready again: stop waiting on it
            return
        room = MAX_LOG_BYTES - self.log_bytes
        if room > 0:
            self.log.write(chunk[:room])
            if len(chunk) > room:
                self.log.write(b"\n[the rest of its stderr is dropped: more than %d bytes]\n" % MAX_LOG_BYTES)
            self.log.flush()
        self.log_bytes += len(chunk)

    def _send(self, data, deadline):
        fd = self.process.stdin.fileno()
        while data:
            if not self._wait(deadline, write=True):
                self._forfeit("did not read its request within %g s" % self.timeout)
            try:
                data = data[os.write(fd, data):]
            except BlockingIOError:
                continue
            except OSError:
                self._gone("closed its standard input")

    def _read_chunk(self):
        try:
            chunk = os.read(self.process.stdout.fileno(), 65536)
        except BlockingIOError:
            return None
        if not chunk:
            self._gone("closed its standard output")
        return chunk

    def _refuse_unasked_output(self):
        if select.select([self.process.stdout], [], [], 0)[0]:
            chunk = self._read_chunk()
            if chunk:
                self._forfeit("wrote %r without a request: one line per request" % chunk[:40])

    def _receive(self, deadline):
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE_BYTES:
                self._forfeit("wrote a line of more than %d bytes" % MAX_LINE_BYTES)
            if not self._wait(deadline):
                self._forfeit("no answer within %g s" % self.timeout)
            self._buffer += self._read_chunk() or b""
        line, _, rest = self._buffer.partition(b"\n")
        if len(line) > MAX_LINE_BYTES:
            self._forfeit("wrote a line of more than %d bytes" % MAX_LINE_BYTES)
        if rest:
            self._forfeit("answered with more than one line: one line per request")
        self._buffer = b""
        return line

    def finish(self):
        """The match is over: close the bot's stdin (BOTS.md: it exits then) and read what it
        still writes until it exits, within the grace.  A line written after its last answer
        (a second, late line for a request) forfeits the match, however late it came: in a
        pipe it cannot be told from an answer, and a bot that writes one line more than it was
        asked for is caught here if no later request caught it first."""
        process = self.process
        if process is None or process.stdin.closed:
            return
        self._refuse_unasked_output()
        process.stdin.close()
        deadline = time.monotonic() + self.grace
        while process.poll() is None or select.select([process.stdout], [], [], 0)[0]:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([process.stdout], [], [], left)[0]:
                return  # still running at the deadline: close() ends it
            try:
                chunk = os.read(process.stdout.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                return
            self._forfeit("wrote %r after its last answer: one line per request" % chunk[:40])

    def _gone(self, what):
        """The pipe to the bot is closed: say whether it exited or only closed it."""
        try:
            code = self.process.wait(timeout=self.grace)
        except subprocess.TimeoutExpired:
            self._forfeit("%s but kept running" % what)
        self._forfeit("it has exited (code %s)" % code)

    def close(self):
        """End the bot: close its stdin, then SIGTERM, then SIGKILL, each after a grace;
        then SIGKILL to what is left of its process group (children it forked), whether
        or not the bot itself exited in time, and to the processes that carry its mark
        (those that left the group with setsid()).  A close cut short (SIGTERM to the
        tournament meanwhile) is done again by ``_close_all``: the bot stays in _LIVE
        until its processes are ended."""
        process = self.process
        if process is not None and not self.ended:
            for pipe in (process.stdin, process.stdout):
                pipe.close()
            for signal_number in (signal.SIGTERM, signal.SIGKILL):
                try:
                    process.wait(timeout=self.grace)
                    break
                except subprocess.TimeoutExpired:
                    try:  # its whole process group: it may have started helpers of its own
                        os.killpg(process.pid, signal_number)
                    except OSError:
                        pass
            process.wait()  # SIGKILL cannot be ignored
            try:  # the children it left behind in its group
                os.killpg(process.pid, signal.SIGKILL)
            except OSError:
                pass
            _kill_marked(self.mark)  # and those that left the group (setsid)
            self.ended = True
            deadline = time.monotonic() + self.grace  # its last words (a traceback) into the log
            while not process.stderr.closed:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([process.stderr], [], [], left)[0]:
                    break
                self._keep_stderr()
            process.stderr.close()
        _LIVE.discard(self)
        self.log.close()


def _marked(mark):
    """The processes whose environment holds ``BOT_MARK=mark`` (Linux's /proc; none elsewhere)."""
    needle = ("%s=%s" % (BOT_MARK, mark)).encode()
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    found = []
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/environ" % name, "rb") as f:
                environment = f.read()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if needle in environment.split(b"\0"):
            found.append(int(name))
    return found


def _kill_marked(mark):
    """SIGKILL every process that carries a bot's mark (a grandchild that called setsid() is
    no longer in the bot's process group), again until none is left: one may fork meanwhile."""
    for _ in range(20):
        pids = _marked(mark)
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.01)


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
        self.raised = 0  # declarer deals whose contract was announced above the winning bid
        self.raised_made = 0
        self.conceded = 0  # declarer deals it conceded
        self.ms = []
        self.forfeits = 0
        self.set_means = []  # per duplicate set: its delta per deal there (None: no deal)

    def merge(self, other):
        for key in ("games", "games_won", "deals", "delta", "declarer_deals", "made", "forfeits",
                    "bought", "bought_made", "chosen", "chosen_made", "raised", "raised_made",
                    "conceded"):
            setattr(self, key, getattr(self, key) + getattr(other, key))
        self.ms.extend(other.ms)
        self.set_means.extend(other.set_means)

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
            "raised_deals": self.raised,
            "raised_make_rate": round(self.raised_made / self.raised, 4) if self.raised else 0.0,
            "conceded_deals": self.conceded,
            "mean_delta_se": round(_standard_error([m for m in self.set_means if m is not None]), 2),
        }


def _standard_error(samples):
    """The standard error of the mean of ``samples`` (0.0 for fewer than two)."""
    n = len(samples)
    if n < 2:
        return 0.0
    mean = sum(samples) / n
    return (sum((x - mean) ** 2 for x in samples) / (n - 1) / n) ** 0.5


def gaps(totals, names):
    """Each pair of distinct names, in seat order: A's delta per deal minus B's, as the
    mean over duplicate sets of the set's difference, with its standard error (the sets
    are the independent samples; the deals of one set share their cards)."""
    out = {}
    order = []
    for name in names:
        if name not in order:
            order.append(name)
    for i in range(len(order)):
        for j in range(i + 1, len(order)):
            a = totals[order[i]].set_means
            b = totals[order[j]].set_means
            diffs = [x - y for x, y in zip(a, b) if x is not None and y is not None]
            out["%s - %s" % (order[i], order[j])] = {
                "per_deal": round(sum(diffs) / len(diffs), 2) if diffs else 0.0,
                "se": round(_standard_error(diffs), 2), "sets": len(diffs)}
    return out


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


def _play_deals(game, bots, timings):
    """A deal of ``--deals`` mode: played again while it ends in a redeal (at most MAX_REDEALS)."""
    for _ in range(MAX_REDEALS):
        result = _play_deal(game, bots, timings)
        if result.result != scoring.REDEAL:
            break
    return result


def _auction_settled(game, decision):
    """True when no decision of the deal's auction can come any more: a decision after the
    auction, and no redeal (which would start another auction) among its answers."""
    return (game.phase != PHASE_DARK and game.phase != PHASE_AUCTION
            and A.ACTION_REDEAL not in decision.legal and A.ACTION_KEEP not in decision.legal)


def _lockstep_deals(game, bots, shadows, watched, auction_only):
    """Play a ``--deals`` deal (its redeals included) with ``bots`` while each watched seat's
    shadow (its reference bot, seeded alike) answers the same questions.  Returns (result,
    winning bid): result None when the shadows agreed on every answer up to the point where
    the two tables could no longer differ (the deal's end, or the settled auction for
    ``auction_only`` variants): the reference table plays that deal exactly so."""
    split = False
    for _ in range(MAX_REDEALS):
        driver = TableDriver(game)
        game.start_deal()
        while True:
            decision = driver.pending()
            if decision is None:
                break
            if not split and auction_only and _auction_settled(game, decision):
                return None, game.bid
            seat = decision.seat
            view = game.view(seat)
            view.legal = decision.legal
            action = bots[seat].decide(view)
            if not split and watched[seat]:
                view = game.view(seat)
                view.legal = decision.legal
                split = shadows[seat].decide(view) != action
            driver.answer(decision, action)
        result = game.last_result
        if result.result != scoring.REDEAL:
            break
    return (result if split else None), result.bid


def _side_gap(result, seat):
    """``seat``'s delta less the mean of the other two seats' (0 for a deal not scored)."""
    if result.result == scoring.REDEAL or result.result == scoring.UNFINISHED:
        return 0.0
    d = result.deltas
    return d[seat] - (d[(seat + 1) % 3] + d[(seat + 2) % 3]) / 2.0


def run_set_paired(task):
    """One duplicate set played by the table and by its reference table (each seat named like
    the first replaced by the reference), the same cards and seeds; only the rotations where a
    variant seat answers otherwise than its reference are played out by both.  Returns the
    set's change of the first name's gap over the others' mean, per deal, the deals that
    differed, and each table's deals won above 100."""
    specs, reference, set_index, seed, rules_dict = task
    rules = rules_check.from_dict(rules_dict)
    game_seed = seed * 7919 + set_index
    first = specs[0]
    reference_specs = [reference if spec == first else spec for spec in specs]
    change = 0.0
    differed = 0
    above = [0, 0]
    for rotation in range(3):
        names = [specs[(seat + rotation) % 3] for seat in range(3)]
        bots = _make_bots(specs, rotation, seed, set_index, DEFAULT_TIMEOUT, None, [])
        shadows = _make_bots(reference_specs, rotation, seed, set_index, DEFAULT_TIMEOUT, None, [])
        watched = [name == first for name in names]
        # The two tables can differ after the auction unless both bots of each watched seat
        # change nothing but the auction (a level's own bot changes nothing).
        auction_only = all(getattr(bots[seat], "auction_only", True) and getattr(shadows[seat], "auction_only", True)
                           for seat in range(3) if watched[seat])
        start = checked_start({"dealer": set_index % 3, "deals_played": 3}, rules)
        result, bid = _lockstep_deals(Game(rules, seed=game_seed, start=start), bots, shadows,
                                      watched, auction_only)
        above[0] += (bid or 0) > FORCED_BID
        if result is None:
            above[1] += (bid or 0) > FORCED_BID
            continue
        differed += 1
        timings = [[], [], []]
        plain = _play_deals(Game(rules, seed=game_seed, start=start),
                            _make_bots(reference_specs, rotation, seed, set_index, DEFAULT_TIMEOUT, None, []),
                            timings)
        above[1] += (plain.bid or 0) > FORCED_BID
        seat = names.index(first)  # the first name's seat in this rotation
        change += _side_gap(result, seat) - _side_gap(plain, seat)
    return change / 3.0, differed, above


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
        if result.bid is not None and (result.contract or 0) > result.bid:
            st.raised += 1
            st.raised_made += made
        if result.result == scoring.CONCEDED:
            st.conceded += 1


_LIVE = set()  # the external bots started and not yet closed, in this process


class _Terminated(BaseException):
    """SIGTERM (or SIGHUP: the terminal closed) arrived: unwind so that every bot is closed on
    the way out."""

    def __init__(self, signum=signal.SIGTERM):
        BaseException.__init__(self, signum)
        self.signum = signum


def _on_sigterm(signum, _frame):
    raise _Terminated(signum)


_ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)


def _close_all():
    for bot in list(_LIVE):
        try:
            bot.close()
        except Exception:
            pass


def _worker_start():
    """A worker of ``--jobs``: Ctrl-C is the tournament's to answer (it ends the pool, whose
    SIGTERM then reaches each worker); SIGTERM closes the worker's bots, quietly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)  # the terminal's hangup, too, is the tournament's
    signal.signal(signal.SIGTERM, _on_sigterm)


def _run_set_in_worker(task):
    """run_set in a worker: ended by SIGTERM, it closes its bots and exits without a traceback."""
    try:
        return run_set(task)
    except _Terminated:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        _close_all()
        os._exit(143)


def _make_bots(specs, rotation, seed, set_index, timeout, log_dir, messages):
    bots = []
    for seat in range(3):
        spec = specs[(seat + rotation) % 3]
        bot_seed = seed * 1000003 + set_index * 31 + seat * 7 + rotation
        if spec.startswith("cmd:"):
            bot = ExternalBot(spec[4:], seat, timeout, log_dir)
            bots.append(bot)
        elif spec == BASELINE:
            import baseline_bots  # desktop only: tools/baseline_bots/, beside this script

            bots.append(baseline_bots.make_bot("hard", bot_seed))
        elif spec == EXPERT:
            from thousand.bots.expert import make_expert

            bots.append(make_expert(bot_seed))
        elif ":" in spec:
            bots.append(make_variant(spec, bot_seed))
        else:
            bots.append(make_bot(spec, bot_seed))
    return bots


def _close(bots):
    for bot in bots:
        if isinstance(bot, ExternalBot):
            bot.close()


def _make_players_500(specs, rotation, seed, set_index, timeout, log_dir):
    """The seats of a Five Hundred table (``_make_bots``' seeds): levels and external bots."""
    from thousand.five_hundred.bots import make_player

    n = len(specs)
    bots = []
    for seat in range(n):
        spec = specs[(seat + rotation) % n]
        bot_seed = seed * 1000003 + set_index * 31 + seat * 7 + rotation
        if spec.startswith("cmd:"):
            bots.append(ExternalBot(spec[4:], seat, timeout, log_dir))
        else:
            bots.append(make_player(spec, bot_seed))
    return bots


def _play_deal_500(game, bots, timings):
    """One deal of Five Hundred through its TableDriver (the raise and nomination questions)."""
    from thousand.five_hundred.driver import TableDriver as Driver500

    driver = Driver500(game, collect=False)
    game.start_deal()
    while True:
        decision = driver.pending()
        if decision is None:
            return game.last_result
        bot = bots[decision.seat]
        view = game.view(decision.seat, decision.legal)
        start = time.perf_counter()
        action = bot.decide(view)
        timings[decision.seat].append((time.perf_counter() - start) * 1000.0)
        if action not in decision.legal:
            raise Forfeit(decision.seat, getattr(bot, "level", "?"), "chose an illegal action %r" % (action,))
        driver.answer(decision, action)


def _record_deal_500(result, seat_names, stats):
    """A Five Hundred deal into the names' Stats: each seat scores its side's delta (a
    thrown-in deal counts, at 0); the contractor's name its contract, made or not."""
    from thousand.five_hundred import MADE as MADE_500, UNFINISHED as UNFINISHED_500, side_of

    if result.result == UNFINISHED_500:
        return
    n = len(seat_names)
    for seat in range(n):
        st = stats[seat_names[seat]]
        st.deals += 1
        st.delta += result.deltas[side_of(seat, n)]
    if result.contractor is not None:
        st = stats[seat_names[result.contractor]]
        st.declarer_deals += 1
        st.made += 1 if result.result == MADE_500 else 0


class ThousandTable:
    """What ``run_set`` needs of Thousand: its players, a set's game, a deal, a deal's record."""

    def __init__(self, rules_dict):
        self.rules = rules_check.from_dict(rules_dict)

    def bots(self, specs, rotation, seed, set_index, timeout, log_dir, messages):
        return _make_bots(specs, rotation, seed, set_index, timeout, log_dir, messages)

    def game(self, game_seed, set_index, mode):
        start = {"dealer": set_index % 3, "deals_played": 3} if mode == "deals" else {"dealer": set_index % 3}
        return Game(self.rules, seed=game_seed, start=checked_start(start, self.rules))

    def set_deal(self, game, bots, timings):
        return _play_deals(game, bots, timings)

    def game_deal(self, game, bots, timings):
        return _play_deal(game, bots, timings)

    def record(self, result, names, stats):
        _record_deal(result, names, stats)

    def winners(self, game, names):
        return [names[game.winner]]


class FiveHundredTable:
    """The same for Five Hundred: a rotation a seat (with 4 players the partnerships rotate
    with the seats), the table's players and its own driver."""

    def __init__(self, rules_dict):
        from thousand.five_hundred.rules import Rules as Rules500

        self.rules = Rules500.from_dict(rules_dict)

    def bots(self, specs, rotation, seed, set_index, timeout, log_dir, messages):
        return _make_players_500(specs, rotation, seed, set_index, timeout, log_dir)

    def game(self, game_seed, set_index, mode):
        from thousand.five_hundred.game import Game as Game500

        return Game500(self.rules, seed=game_seed, start={"dealer": set_index % self.rules.players},
                       keep_records=False)

    def set_deal(self, game, bots, timings):
        return _play_deal_500(game, bots, timings)

    game_deal = set_deal

    def record(self, result, names, stats):
        _record_deal_500(result, names, stats)

    def winners(self, game, names):
        from thousand.five_hundred import side_of

        n = len(names)
        out = []
        for seat in range(n):
            if game.winner is not None and side_of(seat, n) == game.winner and names[seat] not in out:
                out.append(names[seat])
        return out


def run_set(task):
    """Play one duplicate set (all rotations, one a seat); return per-name Stats and messages.
    A task of eight items is Five Hundred's (its last: the game)."""
    specs, mode, set_index, seed, rules_dict, timeout, log_dir = task[:7]
    table = FiveHundredTable(rules_dict) if len(task) == 8 else ThousandTable(rules_dict)
    n = len(specs)
    stats = {}
    for spec in specs:
        stats[spec] = Stats()
    messages = []
    game_seed = seed * 7919 + set_index
    for rotation in range(n):
        names = [specs[(seat + rotation) % n] for seat in range(n)]
        bots = table.bots(specs, rotation, seed, set_index, timeout, log_dir, messages)
        timings = [[] for _ in range(n)]
        game = table.game(game_seed, set_index, mode)
        for bot in bots:
            if isinstance(bot, ExternalBot):
                bot.game = game
        try:
            if mode == "deals":
                table.record(table.set_deal(game, bots, timings), names, stats)
            else:
                for seat in range(n):
                    stats[names[seat]].games += 1
                for _ in range(MAX_DEALS_PER_GAME):
                    table.record(table.game_deal(game, bots, timings), names, stats)
                    if game.over:
                        for name in table.winners(game, names):
                            stats[name].games_won += 1
                        break
            for bot in bots:
                if isinstance(bot, ExternalBot):
                    bot.finish()
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
        for seat in range(n):
            stats[names[seat]].ms.extend(timings[seat])
    for st in stats.values():
        st.set_means.append(st.delta / st.deals if st.deals else None)
    return stats, messages


def _progress(done, total, started):
    width = 30
    filled = width * done // total if total else width
    elapsed = time.time() - started
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write("\r[%s%s] %d/%d sets  %.0fs elapsed, %.0fs left " % (
        "#" * filled, "." * (width - filled), done, total, elapsed, eta))
    sys.stderr.flush()


def _seat(text):
    if text.startswith("cmd:"):
        try:
            words = shlex.split(text[4:])
        except ValueError as error:
            raise cli.ArgumentTypeError("cannot read the command of %r: %s" % (text, error))
        if not words:
            raise cli.ArgumentTypeError("'cmd:' needs a command, as in cmd:python my_bot.py")
        return text
    if text == BASELINE or text == EXPERT:
        return text
    if ":" in text:
        parse_variant(text)
        return text
    try:
        return cli.level(text)
    except cli.ArgumentTypeError as error:
        raise cli.ArgumentTypeError("%s, %s, %s, LEVEL:OPTION[=VALUE] or cmd:COMMAND)" % (
            str(error)[:-1], BASELINE, EXPERT))


def main(argv=None):
    p = cli.Parser(description=__doc__.splitlines()[0])
    p.add_argument("--seat", action="append", default=[], type=_seat,
                   help="a bot level (%s), a variant LEVEL:OPTION[=VALUE] (options: %s), %s, %s or "
                   "cmd:COMMAND; give it three times" % (
                       ", ".join(PLAYER_LEVELS), ", ".join(sorted(VARIANT_OPTIONS)), BASELINE, EXPERT))
    p.add_argument("--deals", type=cli.count, default=0, help="duplicate deal sets")
    p.add_argument("--games", type=cli.count, default=0, help="duplicate game sets")
    p.add_argument("--seed", type=cli.seed, default=1)
    p.add_argument("--rules", default=None,
                   help="a rules preset or a JSON rules object (the game's: classic, or australian "
                   "with --game five_hundred)")
    p.add_argument("--game", choices=cli.GAMES, default="thousand",
                   help="the game played (default thousand)")
    p.add_argument("--players", type=cli.table_size, default=None,
                   help="Five Hundred's table: 3, or 4 in partnerships (seats 0+2 and 1+3); give "
                   "--seat once a seat")
    p.add_argument("--timeout", type=cli.seconds, default=DEFAULT_TIMEOUT,
                   help="seconds per external request (default %g)" % DEFAULT_TIMEOUT)
    p.add_argument("--jobs", type=cli.positive, default=1, help="worker processes")
    p.add_argument("--log-dir", type=cli.out_dir, default=None, help="where external bots' stderr logs go")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--paired", type=_seat, default=None, metavar="REFERENCE",
                   help="with --deals: play each set also with the first seat's name replaced by "
                   "REFERENCE (the same level, as in --seat hard:margin=-20 --paired hard) and give the "
                   "change of the first seat's gain over the others' mean")
    args = p.parse_args(argv)
    if args.game == FIVE_HUNDRED:
        try:
            args.rules = cli.five_hundred_rules("australian" if args.rules is None else args.rules)
            if args.players is not None:
                args.rules.set("players", args.players)
        except (cli.ArgumentTypeError, ValueError) as error:
            p.error(str(error))
        players = args.rules.players
        for spec in args.seat:
            if spec == BASELINE or spec == EXPERT or (":" in spec and not spec.startswith("cmd:")):
                p.error("Five Hundred's seats are levels (%s) or cmd:COMMAND, not '%s'" % (
                    ", ".join(PLAYER_LEVELS), spec[:40]))
        if args.paired is not None:
            p.error("--paired is Thousand's (its variants); not with --game five_hundred")
    else:
        if args.players is not None and args.players != 3:
            p.error("Thousand is played by 3: --players 4 is Five Hundred's (--game five_hundred)")
        try:
            args.rules = cli.rules_spec("classic" if args.rules is None else args.rules)
        except cli.ArgumentTypeError as error:
            p.error("argument --rules: %s" % error)
        players = 3
    if len(args.seat) != players:
        p.error("give --seat exactly %s times" % ("three" if players == 3 else "four"))
    if args.paired is not None:
        levels = [spec.partition(":")[0] for spec in (args.seat[0], args.paired)]
        if levels[0] != levels[1] or levels[0] not in VARIANT_LEVELS or not args.deals or any(
                spec.startswith("cmd:") for spec in args.seat):
            p.error("--paired needs --deals, in-process seats, and a REFERENCE of the first seat's "
                    "level (%s or a variant of it), not '%s' for '%s'" % (
                        levels[0], args.paired, args.seat[0]))
    if bool(args.deals) == bool(args.games):
        p.error("give either --deals N or --games N (above 0)")
    mode = "deals" if args.deals else "games"
    count = args.deals or args.games
    try:
        log_dir = args.log_dir or tempfile.mkdtemp(prefix="thousand-tournament-")
        os.makedirs(log_dir, exist_ok=True)
        tempfile.TemporaryFile(dir=log_dir).close()
    except OSError as error:
        p.error("cannot write bot logs into %s (%s)" % (log_dir, error.strerror or error))
    if any(spec.startswith("cmd:") for spec in args.seat):
        sys.stderr.write("external bots' stderr is kept in %s/bot-seat*.log\n" % log_dir)
    previous = {signum: signal.getsignal(signum) for signum in _ENDING_SIGNALS}
    signal.signal(signal.SIGTERM, _on_sigterm)
    signal.signal(signal.SIGHUP, _on_sigterm)
    try:
        return _run(args, mode, count, log_dir)
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted: the bots are stopped\n")
        return 130
    except _Terminated as ended:
        sys.stderr.write("\n%s: the bots are stopped\n" % (
            "hung up" if ended.signum == signal.SIGHUP else "terminated"))
        return 128 + ended.signum
    finally:
        for signum in _ENDING_SIGNALS:  # a second signal does not cut the bots' closing short
            signal.signal(signum, signal.SIG_IGN)
        _close_all()
        for signum in _ENDING_SIGNALS:
            signal.signal(signum, previous[signum])


def _run_paired(args, count):
    """``--paired``: per set, the change of the first seat's gain over the other two seats'
    mean (table minus reference table), its standard error over the sets, the deals that
    differed, and each table's share of deals whose auction went above 100."""
    reference = args.paired
    tasks = [(tuple(args.seat), reference, i, args.seed, rules_check.to_dict(args.rules)) for i in range(count)]
    changes = []
    differed = 0
    above = [0, 0]
    started = time.time()
    _progress(0, count, started)

    def absorb(result):
        change, set_differed, set_above = result
        changes.append(change)
        for k in range(2):
            above[k] += set_above[k]
        return set_differed

    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(args.jobs, initializer=_worker_start) as pool:
            for result in pool.imap(run_set_paired, tasks):
                differed += absorb(result)
                _progress(len(changes), count, started)
    else:
        for task in tasks:
            differed += absorb(run_set_paired(task))
            _progress(len(changes), count, started)
    sys.stderr.write("\n")
    deals = 3 * count
    out = {"sets": count, "deals": deals, "table": list(args.seat), "reference": reference,
           "change_per_deal": round(sum(changes) / count, 2), "se": round(_standard_error(changes), 2),
           "differing_deals": differed,
           "above_100_share": {"table": round(above[0] / deals, 4), "reference": round(above[1] / deals, 4)}}
    if args.json:
        sys.stdout.write(json.dumps(out) + "\n")
    else:
        sys.stdout.write("%s's gain over the others' mean, minus %s's there: %+.2f +- %.2f a deal "
                         "(%d sets; %d of %d deals differed)\n" % (
                             args.seat[0], reference, out["change_per_deal"], out["se"], count,
                             differed, deals))
        sys.stdout.write("deals whose auction went above 100: %.1f %% (the table), %.1f %% (the reference)\n" % (
            100.0 * above[0] / deals, 100.0 * above[1] / deals))
    return 0


THOUSAND_ONLY = ("bought_deals", "bought_make_rate", "chosen_deals", "chosen_make_rate", "raised_deals",
                 "raised_make_rate", "conceded_deals")  # figures of Thousand's auction and talon


def _report_500(args, out):
    """A Five Hundred match's figures: per name its side's gain a hand (a deal: thrown-in ones
    count, at 0) with its standard error, its contracts made, and the gaps between names."""
    del out["above_100_share"]
    for figures in out["players"].values():
        for key in THOUSAND_ONLY:
            del figures[key]
    out["game"] = FIVE_HUNDRED
    out["table"] = list(args.seat)
    if args.json:
        sys.stdout.write(json.dumps(out) + "\n")
        return 0
    for name in out["players"]:
        f = out["players"][name]
        sys.stdout.write("%-30s %+.2f +- %.2f a hand; contracts made %.1f %% of %d%s%s\n" % (
            name, f["mean_delta_per_deal"], f["mean_delta_se"], 100.0 * f["make_rate"], f["declarer_deals"],
            "; games won %d" % f["games_won"] if out["games"] else "",
            "; forfeits %d" % f["forfeits"] if f["forfeits"] else ""))
    for pair in out["gaps"]:
        gap = out["gaps"][pair]
        sys.stdout.write("%-30s %+.2f +- %.2f a hand (%d sets)\n" % (pair, gap["per_deal"], gap["se"], gap["sets"]))
    sys.stdout.write("games %d, hands %d\n" % (out["games"], out["deals"]))
    return 0


def _run(args, mode, count, log_dir):
    if args.paired is not None:
        return _run_paired(args, count)
    if args.game == FIVE_HUNDRED:
        tasks = [(tuple(args.seat), mode, i, args.seed, args.rules.to_dict(), args.timeout, log_dir, args.game)
                 for i in range(count)]
    else:
        tasks = [(tuple(args.seat), mode, i, args.seed, rules_check.to_dict(args.rules), args.timeout, log_dir)
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
        with multiprocessing.Pool(args.jobs, initializer=_worker_start) as pool:
            for result in pool.imap_unordered(_run_set_in_worker, tasks):
                absorb(result)
                done += 1
                _progress(done, count, started)
    else:
        for task in tasks:
            absorb(run_set(task))
            done += 1
            _progress(done, count, started)
    sys.stderr.write("\n")
    seats = len(args.seat)
    games = sum(st.games for st in totals.values()) // seats if mode == "games" else 0
    for st in totals.values():
        st.games = games
    deals = sum(st.deals for st in totals.values()) // seats
    bought = sum(st.bought for st in totals.values())
    out = {"games": games, "deals": deals,
           "players": {name: totals[name].to_json(games) for name in args.seat},
           "gaps": gaps(totals, args.seat),
           "above_100_share": round(bought / deals, 4) if deals else 0.0}
    if args.game == FIVE_HUNDRED:
        return _report_500(args, out)
    if args.json:
        sys.stdout.write(json.dumps(out) + "\n")
    else:
        for name in args.seat:
            if name in out["players"]:
                sys.stdout.write("%-30s %s\n" % (name, json.dumps(out["players"][name])))
                out["players"].pop(name)
        for pair in out["gaps"]:
            gap = out["gaps"][pair]
            sys.stdout.write("%-30s %+.2f +- %.2f a deal (%d sets)\n" % (
                pair, gap["per_deal"], gap["se"], gap["sets"]))
        sys.stdout.write("games %d, deals %d; auctions above 100: %.1f %%\n" % (
            games, deals, 100.0 * out["above_100_share"]))
    return 0


if __name__ == "__main__":
    cli.run(main)
