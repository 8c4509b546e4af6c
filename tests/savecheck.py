"""Random games for the save tests; runs under CPython and MicroPython alike.

``play(game, chooser, n)`` makes up to ``n`` moves (a move is an action, or dealing
the next deal), each chosen by ``chooser`` (a Rng) among the legal ones, so that a
seed replays the same game everywhere.  ``fingerprint(game)`` is everything that
decides how a game goes on, for comparing a resumed game with one that never stopped.
"""

from thousand import actions
from thousand.game import NUM_SEATS, PHASE_DEAL_OVER, PHASE_GAME_OVER
from thousand.record import deal_json
from thousand.rules import Rules
from thousand import rules_check


def choices(game):
    if game.phase == PHASE_GAME_OVER:
        return []
    if game.phase == PHASE_DEAL_OVER:
        return [(-1, 0)]
    mover = game.to_move
    out = [(mover, a) for a in game.legal(mover)]
    for s in range(NUM_SEATS):
        if s != mover and actions.ACTION_REDEAL in game.legal(s):
            out.append((s, actions.ACTION_REDEAL))
    return out


def step(game, chooser):
    """One move; False when the game is over."""
    opts = choices(game)
    if not opts:
        return False
    # Pass often and announce the lowest contract mostly, as a player would, so
    # that contracts are made now and then and games reach their end.
    seat, action = opts[chooser.below(len(opts))]
    if chooser.below(4):
        if game.phase == 1 and (game.to_move, actions.ACTION_PASS) in opts:
            seat, action = game.to_move, actions.ACTION_PASS
        elif game.phase == 4:
            seat, action = opts[0]
    if seat < 0:
        game.start_deal()
    else:
        game.apply(seat, action)
    return True


def play(game, chooser, moves):
    done = 0
    while done < moves and step(game, chooser):
        done += 1
    return done


RULE_SETS = (
    {"preset": "classic", "target": 200},
    {"preset": "full", "target": 200, "dark_min_score": 100},
    {"preset": "club", "target": 200, "concede_limit": 1},
    {"preset": "family", "target": 200, "silence_below": -150},
    {"preset": "full", "golden_fail": "replay", "golden_concede": True, "dark_concede": True,
     "dark_min_score": 0, "target": 250, "bolt_penalty": 7},
    {"preset": "classic", "target": 130, "barrel_at": 120, "barrel_deals": 5, "barrel_win": 100,
     "samosval": "positive", "redeal_four_aces": True, "redeal_hand_points_below": 30},
)


def rules_for(index):
    return rules_check.from_dict(RULE_SETS[index % len(RULE_SETS)])


def fingerprint(game, compact=False):
    """What decides the rest of the game, and what the screens show of it now.

    ``compact``: leave out what a compact save does not keep (tricks and trumps
    of finished deals).
    """
    last = game.last_result
    return [
        game.deal_start, game.dealer, game.deals_played, game.deal_number,
        list(game.concessions), game.golden_made, game.over, game.winner,
        game.phase, game.to_move, list(game.hands), list(game.dealt), game.talon_dealt,
        list(game.log), game.rng.get_state(), list(game.scores), list(game.bolts),
        list(game.barrel), list(game.barrels_used), game.bid, game.contract, game.declarer,
        game.trump, list(game.tricks), list(game.played), list(game.marriages),
        [game.legal(s) for s in range(NUM_SEATS)],
        None if last is None else (sheet_row(last) if compact else deal_json(last)),
        [sheet_row(r) for r in game.sheet],
        rules_check.to_dict(game.rules),
    ]


def sheet_row(r):
    """A score sheet row as the compact save keeps it (no tricks or trumps)."""
    j = deal_json(r)
    j["number"] = r.number
    j["winner"] = r.winner
    del j["tricks"]
    del j["trumps"]
    return j


# ---------------------------------------------------------------- stores that lose power
class PowerLoss(Exception):
    """Raised by the stand-ins below when the simulated power goes."""


class MemoryNvm:
    """A stand-in for ``microcontroller.nvm`` that can lose power mid-write.

    ``erase_unit`` > 0 models flash: a write rewrites every unit it touches from its
    start, so a cut leaves the rest of that unit erased (0xFF), as a firmware doing
    read-erase-program would.  0 models memory written in place byte by byte.
    """

    def __init__(self, size, erase_unit=0):
        self.data = bytearray(b"\xff" * size)
        self.erase_unit = erase_unit
        self.budget = None  # bytes that may still be written before the power goes
        self.written = 0

    def power_after(self, count):
        self.budget = count

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        if isinstance(index, int):  # a byte, as CircuitPython's nvm and sleep_memory give it
            return self.data[index]
        return bytes(self.data[index])

    def _program(self, i, value):
        if self.budget is not None:
            if self.budget <= 0:
                raise PowerLoss()
            self.budget -= 1
        self.data[i] = value
        self.written += 1

    def __setitem__(self, index, values):
        start, stop = index.start, index.stop
        if stop - start != len(values):
            raise ValueError("NVM slices cannot change size")
        unit = self.erase_unit
        if not unit:
            for k in range(len(values)):
                self._program(start + k, values[k])
            return
        first = start - start % unit
        last = stop + (-stop) % unit
        image = bytearray(self.data[first:last])
        image[start - first:stop - first] = values
        for i in range(first, last):
            self.data[i] = 0xFF
        for k in range(len(image)):
            self._program(first + k, image[k])


class MemoryStore:
    """Files in memory that can lose power mid-write; a store as thousand.persist.store's.

    ``truncate=True`` models a file opened for writing (emptied first, then written);
    False models storage written in place over the old bytes.
    """

    def __init__(self, truncate=True):
        self.files = {}
        self.truncate = truncate
        self.budget = None
        self.written = 0

    def power_after(self, count):
        self.budget = count

    def capacity(self, name):
        return None

    def read(self, name, slot):
        data = self.files.get((name, slot))
        return None if data is None else bytes(data)

    def write(self, name, slot, data):
        old = self.files.get((name, slot))
        buf = bytearray() if self.truncate or old is None else bytearray(old)
        self.files[(name, slot)] = buf
        for k in range(len(data)):
            if self.budget is not None:
                if self.budget <= 0:
                    raise PowerLoss()
                self.budget -= 1
            self.written += 1
            if k < len(buf):
                buf[k] = data[k]
            else:
                buf.append(data[k])
        if not data:
            buf[:] = b""


def save(store, game, extra=None):
    """Write ``game`` to the store's game slots as the App does; the payload's size."""
    from thousand.persist.encode import FORMAT_VERSION, encode_game
    from thousand.persist.store import KIND_GAME, SlotPair

    pair = SlotPair(store, "game", KIND_GAME)
    payload = encode_game(game, extra, pair.capacity())
    pair.write(FORMAT_VERSION, payload)
    return len(payload)


def load(store):
    """(game, extra) of the store's game save, or None; SaveError for a bad one."""
    from thousand.persist.continuing import load_game
    from thousand.persist.store import KIND_GAME, SlotPair

    return load_game(SlotPair(store, "game", KIND_GAME))


def saved_game(saves, moves=6, seed=5):
    """A new classic game against random players saved in ``saves`` as a board saves it: at its
    start, then after each of the player's first ``moves`` moves (fewer if the deal ends)."""
    from thousand.controller import Controller
    from thousand.persist.saves import NEW_GAME

    controller = Controller(Rules.preset("classic"), levels=("random", "random"), seed=seed)
    saves.save_game(controller, NEW_GAME)
    controller.next_deal()
    while moves and not controller.between_deals():
        decision = controller.human_decision()
        if decision is None:
            controller.step()
            continue
        controller.act(decision.legal[0])
        saves.save_game(controller)
        moves -= 1
    return controller
