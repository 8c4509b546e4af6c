"""The human player's statistics over all games, kept like the game save.

Call ``record_deal(game, human)`` whenever a deal has ended, also right after a
resume (a deal already counted is passed over, so a power cut between the game
save and the statistics save neither loses nor doubles a deal), and
``record_game(game, human)`` when the game is over; then ``save()``.

>>> from thousand.game import Game
>>> from thousand.storage import MemoryStore
>>> stats = Stats.load(MemoryStore())
>>> stats.games, stats.win_rate(), stats.average_contract()
(0, 0, 0)
"""

from thousand import scoring
from thousand.save import Reader, Writer
from thousand.storage import KIND_STATS, Kept, crc32

STATS_VERSION = 1

# Counters in the order they are saved; a later version appends to this list.
FIELDS = (
    "games", "wins", "deals", "contracts_taken", "contracts_made", "contract_total",
    "best_contract", "barrels", "falls", "bolts", "concessions", "marriages", "ace_marriages",
    "best_score", "worst_score", "last_deal_key", "last_game_key",
)
_SIGNED = ("best_score", "worst_score")


def _key(game, extra):
    """A number that tells one deal (or game end) from another across games."""
    w = Writer()
    w.sint(game.seed if isinstance(game.seed, int) else 0)
    w.uint(game.deal_number)
    for mask in game.dealt:
        w.mask24(mask)
    w.uint(extra)
    return crc32(w.buf)


class Stats(Kept):
    """``Stats.load(store)`` never fails (see Kept); ``save(store)`` after recording."""

    NAME = "stats"
    KIND = KIND_STATS
    VERSION = STATS_VERSION

    def __init__(self):
        for name in FIELDS:
            setattr(self, name, 0)
        self.best_score = None  # final scores of finished games
        self.worst_score = None
        self.problem = None

    # ------------------------------------------------------------ derived numbers
    def win_rate(self):
        """Games won, in whole percent."""
        return self.wins * 100 // self.games if self.games else 0

    def average_contract(self):
        return self.contract_total // self.contracts_taken if self.contracts_taken else 0

    # ------------------------------------------------------------ recording
    def record_deal(self, game, human):
        """Count the deal that just ended; False when there is none or it was counted."""
        result = game.last_result
        if result is None or game.deal_start is None or result.number != game.deal_number:
            return False
        key = _key(game, 0)
        if key == self.last_deal_key:
            return False
        self.last_deal_key = key
        if result.result == scoring.REDEAL:
            return True
        self.deals += 1
        before = game.deal_start
        if result.declarer == human:
            self.contracts_taken += 1
            self.contract_total += result.contract or result.bid or 0
            if result.result == scoring.MADE:
                self.contracts_made += 1
                self.best_contract = max(self.best_contract, result.contract)
            elif result.result == scoring.CONCEDED:
                self.concessions += 1
        rules = game.rules
        if (result.result == scoring.MADE or result.result == scoring.FAILED) \
                and rules.bolt_mode != "off" and human not in result.tricks \
                and (human != result.declarer or rules.declarer_bolts):
            self.bolts += 2 if result.kind != scoring.NORMAL else 1
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
        key = _key(game, 1)
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

    # ------------------------------------------------------------ storing
    def to_bytes(self):
        w = Writer()
        w.uint(len(FIELDS))
        for name in FIELDS:
            value = getattr(self, name)
            if name in _SIGNED:
                w.uint(0 if value is None else 1)
                if value is not None:
                    w.sint(value)
            else:
                w.uint(value)
        return bytes(w.buf)

    @classmethod
    def from_bytes(cls, payload):
        r = Reader(payload)
        s = cls()
        count = r.uint()
        for i in range(min(count, len(FIELDS))):
            name = FIELDS[i]
            if name in _SIGNED:
                setattr(s, name, r.sint() if r.uint() else None)
            else:
                setattr(s, name, r.uint())
        return s

    def lines(self):
        """The statistics screen, one short line each."""
        out = ["Games %d, won %d (%d%%)" % (self.games, self.wins, self.win_rate()),
               "Contracts %d, made %d" % (self.contracts_taken, self.contracts_made),
               "Contract avg %d, best %d" % (self.average_contract(), self.best_contract),
               "Barrels %d, falls %d" % (self.barrels, self.falls),
               "Bolts %d, concessions %d" % (self.bolts, self.concessions),
               "Marriages %d, aces %d" % (self.marriages, self.ace_marriages)]
        if self.best_score is not None:
            out.append("Score best %d, worst %d" % (self.best_score, self.worst_score))
        return out
