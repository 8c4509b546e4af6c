"""The human player's statistics over all games: counted at deal ends, shown on their screen.

Loaded at deal ends and by the statistics screen, let go at the next screen change;
reading a damaged record loads ``reading`` for its report.  Loading never fails:
damaged or newer statistics start afresh with a one-line problem.

>>> from thousand.persist.store import memory_store
>>> store = memory_store()
>>> stats, problem = load_stats(store)
>>> stats.games, stats.win_rate(), stats.average_contract(), problem
(0, 0, 0, None)
>>> stats.games = 3; stats.best_score = -40; save_stats(store, stats)
>>> again = load_stats(store)[0]; again.games, again.best_score, again.worst_score
(3, -40, None)
"""

from thousand import CONCEDED, FAILED, MADE, NORMAL, REDEAL
from thousand.persist.coding import Reader, Writer
from thousand.persist.store import KIND_STATS, SaveError, SlotPair, crc32

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_STATS_VERSION = const(1)
# The lines of stats.txt (thousand.texts) by their places (a test holds each to its entry's name).
_GAMES = const(1)
_DEALS = const(2)
_CONTRACTS = const(3)
_AVERAGE = const(4)
_BEST_CONTRACT = const(5)
_BARRELS = const(6)
_BOLTS = const(7)
_CONCESSIONS = const(8)
_MARRIAGES = const(9)
_HINTS = const(10)
_UNDONE = const(11)
_BEST_SCORE = const(12)
_WORST_SCORE = const(13)
_FLASH_WEAR = const(14)
_FLASH_WRITES = const(15)
_THOUSAND = const(16)
_FIVE_HUNDRED = const(17)
_NEXT_GAME = const(18)
_MISERES = const(19)
_ALL_TEN = const(20)
_BACKWARDS = const(21)
_FIVE_HUNDRED_COUNTS = const(28)  # Five Hundred's numbers (thousand.persist.five_hundred_stats)


# ---------------------------------------------------------------- statistics
# Counters in the order they are saved; a later version appends to this list.
FIELDS = (
    "games", "wins", "deals", "contracts_taken", "contracts_made", "contract_total",
    "best_contract", "barrels", "falls", "bolts", "concessions", "marriages", "ace_marriages",
    "best_score", "worst_score", "last_deal_key", "last_game_key", "hints",
    "undone", "five_hundred",
)
SIGNED = ("best_score", "worst_score")  # None until a game is finished
# "five_hundred": Five Hundred's numbers, one list (a count, then each signed; the trailing
# zeros left out): their places and meaning are thousand.persist.five_hundred_stats's;
# statistics from before it, or a shorter list, read zeros.


def deal_key(game, end):
    """A number that tells one deal (``end`` 0) or game end (1) from another across games."""
    w = Writer()
    w.sint(game.seed if isinstance(game.seed, int) else 0)
    w.uint(game.deal_number)
    for mask in game.dealt:
        if isinstance(mask, int):
            w.mask24(mask)
        else:  # Five Hundred's hand: a mask a suit
            w.uints(mask)
    w.uint(end)
    return crc32(w.buf)


class Stats:
    """The human's statistics over all games.

    ``record_deal(game, human)`` whenever a deal has ended, also right after a resume (a
    deal already counted is passed over, so a power cut between the game save and the
    statistics save neither loses nor doubles a deal), ``record_game(game, human)`` when
    the game is over; then ``save_stats``.
    """

    def __init__(self):
        for name in FIELDS:
            setattr(self, name, None if name in SIGNED else 0)
        self.five_hundred = [0] * _FIVE_HUNDRED_COUNTS
        self.flash_writes = None  # the board's wear count (thousand.persist.flash), not kept here
        self.flash_rated = 0  # the writes its flash bears at the rated minimum (a board's row)

    def win_rate(self):
        """Games won, in whole percent."""
        return self.wins * 100 // self.games if self.games else 0

    def average_contract(self):
        return self.contract_total // self.contracts_taken if self.contracts_taken else 0

    def record_deal(self, game, human):
        """Count the deal that just ended; False when there is none or it was counted."""
        result = game.last_result
        if result is None or game.deal_start is None or result.number != game.deal_number:
            return False
        key = deal_key(game, 0)
        if key == self.last_deal_key:
            return False
        self.last_deal_key = key
        if result.result == REDEAL:
            return True
        self.deals += 1
        before = game.deal_start
        if result.declarer == human:
            self.contracts_taken += 1
            self.contract_total += result.contract or result.bid or 0
            if result.result == MADE:
                self.contracts_made += 1
                self.best_contract = max(self.best_contract, result.contract)
            elif result.result == CONCEDED:
                self.concessions += 1
        rules = game.rules
        if (result.result == MADE or result.result == FAILED) \
                and rules.bolt_mode != "off" and human not in result.tricks \
                and (human != result.declarer or rules.declarer_bolts):
            self.bolts += 2 if result.kind != NORMAL else 1
        for seat, suit in game.marriages:
            if seat == human:
                if suit == 4:
                    self.ace_marriages += 1
                else:
                    self.marriages += 1
        fell = result.barrels_used[human] != before["barrels_used"][human]
        if fell:
            self.falls += 1
        if before["barrel"][human] is None and (result.barrel[human] is not None or fell):
            self.barrels += 1
        return True

    def record_game(self, game, human):
        """Count a finished game; False when it is not over or was counted."""
        if not game.over:
            return False
        key = deal_key(game, 1)
        if key == self.last_game_key:
            return False
        self.record_deal(game, human)  # the last deal, if not yet counted
        self.last_game_key = key
        self.games += 1
        if game.winner == human:
            self.wins += 1
        score = game.scores[human]
        if self.best_score is None or score > self.best_score:
            self.best_score = score
        if self.worst_score is None or score < self.worst_score:
            self.worst_score = score
        return True

    def lines(self):
        """The statistics screen, one line each, at most 25 characters (the 160 px screen), in
        the player's language (stats.txt, thousand.texts).

        >>> max(len(line) for line in Stats().lines()) <= 25
        True
        """
        from thousand import texts  # on demand (thousand.ui.scenes): the words are data

        w = texts.bodies("stats")
        out = [w[_GAMES] % (self.games, self.wins, self.win_rate()), w[_DEALS] % self.deals,
               w[_CONTRACTS] % (self.contracts_taken, self.contracts_made), w[_AVERAGE] % self.average_contract(),
               w[_BEST_CONTRACT] % self.best_contract, w[_BARRELS] % (self.barrels, self.falls),
               w[_BOLTS] % self.bolts, w[_CONCESSIONS] % self.concessions,
               w[_MARRIAGES] % (self.marriages, self.ace_marriages), w[_HINTS] % self.hints,
               w[_UNDONE] % self.undone]
        if self.best_score is not None:
            out.append(w[_BEST_SCORE] % self.best_score)
            out.append(w[_WORST_SCORE] % self.worst_score)
        if self.flash_writes is not None:
            if self.flash_rated:  # a share of the rated minimum, in hundredths of a percent
                share = self.flash_writes * 10000 // self.flash_rated
                out.append(w[_FLASH_WEAR] % (share // 100, share % 100))
            out.append(w[_FLASH_WRITES] % self.flash_writes)
        return out


def stats_bytes(stats):
    w = Writer()
    w.uint(len(FIELDS))
    for name in FIELDS:
        value = getattr(stats, name)
        if name in SIGNED:
            w.uint(0 if value is None else 1)
            if value is not None:
                w.sint(value)
        elif name == "five_hundred":  # its trailing zeros left out (all of them for a player of Thousand only)
            count = len(value)
            while count and not value[count - 1]:
                count -= 1
            w.uint(count)
            for n in value[:count]:
                w.sint(n)
        else:
            w.uint(value)
    return bytes(w.buf)


def stats_from(payload):
    r = Reader(payload)
    s = Stats()
    for name in FIELDS[:r.uint()]:
        if name == "five_hundred":  # a newer program's longer list: its first numbers are these
            values = [r.sint() for _ in range(r.uint())]
            s.five_hundred[:len(values)] = values[:_FIVE_HUNDRED_COUNTS]
        else:
            setattr(s, name, (r.sint() if r.uint() else None) if name in SIGNED else r.uint())
    return s


def load_stats(store, pair=None):
    """(Stats, problem or None); ``pair``: their SlotPair (``thousand.persist.saves`` keeps
    them in the store of moves too), by default the store's own."""
    if pair is None:
        pair = SlotPair(store, "stats", KIND_STATS)
    found, damaged = pair.scan()
    if found is None and not damaged:
        return Stats(), None
    if found is not None and found[0] == _STATS_VERSION:
        try:
            return stats_from(found[1]), None
        except SaveError:
            pass
    from thousand.persist.reading import load_kept  # damaged, newer or unreadable: say why, keep a copy

    return load_kept(pair, _STATS_VERSION, stats_from, Stats)


def save_stats(store, stats):
    """SaveError (one line) when the store refuses."""
    SlotPair(store, "stats", KIND_STATS).write(_STATS_VERSION, stats_bytes(stats))


def stats_item(saves, stats, pair=None):
    """The statistics as a record to write with others: ``(pair, version, payload)``."""
    return pair or saves.pair("stats", KIND_STATS), _STATS_VERSION, stats_bytes(stats)


def end_deal(saves, controller, human, count=None):
    """A deal has ended: the statistics count it (and the game, when it is over); the record
    to write with the game's save (``Saves.end_deal`` writes both), or None when nothing was counted.
    Stats count each deal once: after a cut the deal played again is not counted again.
    ``count(stats, controller, human)``: what counts another game's deal (Five Hundred's,
    ``thousand.persist.five_hundred_stats.count``), true when it counted; None: Thousand's."""
    pair = saves.pair("stats", KIND_STATS)
    stats, problem = load_stats(saves.store, pair)
    if problem:
        saves.report(problem)
    if count is not None:
        counted = count(stats, controller, human)
        return stats_item(saves, stats, pair) if counted else None
    game = controller.game
    counted = stats.record_deal(game, human)
    if counted:
        stats.hints += controller.hints
    over = controller.over()
    if over and stats.record_game(game, human):
        counted = True
        if controller.undos:  # a game with a decision taken back is marked
            stats.undone += 1
    return stats_item(saves, stats, pair) if counted else None
