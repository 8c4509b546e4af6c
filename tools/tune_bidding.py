"""Tune the bidding evaluator's integer weights on self-play outcomes (desktop tool).

    python tools/tune_bidding.py --deals 4000 --seed 1 --write

For every deal each seat in turn is made the declarer (the others pass; the talon
is taken, the bot gives and plays), and the bots of ``--play-level`` play the deal
out.  The declarer's total (card points plus declared marriages) is the outcome.
Two least-squares fits of the features of ``thousand.bots.evaluate`` follow: one on
the 7 dealt cards (the auction), one on the 8 cards kept after the gives (the
contract).  The weights are scaled by 16 and rounded to ints for the device.

``MARGIN`` is then set so that a contract at ``estimate - MARGIN`` is made with
the ``--make-rate`` share (default 0.72, inside the 65-80 % goal) among the hands
that could bid at all.  ``--write`` rewrites the weights in ``thousand/bots/evaluate.py``;
``--check N`` then plays N self-play deals with the new numbers and prints the
declarer's make rate.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cli  # noqa: E402  (tools/cli.py, beside this script)

from thousand import actions as A  # noqa: E402
from thousand import scoring  # noqa: E402
from thousand.bots import evaluate as E  # noqa: E402
from thousand.bots import make_bot  # noqa: E402
from thousand.game import (PHASE_AUCTION, PHASE_DEAL_OVER, PHASE_GAME_OVER, PHASE_PLAY,  # noqa: E402
                           Game)
from thousand.rules import Rules  # noqa: E402

WEIGHTS_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "thousand", "bots", "evaluate.py")


def forced_declarer_deal(game, declarer, bots):
    """Play one deal with ``declarer`` buying the talon at the lowest bid.

    Returns (dealt 7 cards, kept 8 cards, total) or None after a redeal.
    """
    game.start_deal()
    dealt = game.dealt[declarer]
    kept = None
    while game.phase != PHASE_DEAL_OVER and game.phase != PHASE_GAME_OVER:
        seat = game.to_move
        if game.phase == PHASE_AUCTION:
            if seat == declarer:
                low, _high, _ = game.bid_range(seat)
                game.apply(seat, A.bid(low))
            else:
                game.apply(seat, A.ACTION_PASS)
            continue
        view = game.view(seat)
        if seat == declarer:
            view.legal = [a for a in view.legal if a != A.ACTION_CONCEDE and a != A.ACTION_REDEAL]
        action = bots[seat].decide(view)
        if game.phase != PHASE_PLAY and A.verb(action) == A.CONTRACT:
            action = A.contract(game.bid)  # the outcome must not depend on the contract
        game.apply(seat, action)
        if game.phase == PHASE_PLAY and kept is None:
            kept = game.hands[declarer]
    result = game.last_result
    if result.result != scoring.MADE and result.result != scoring.FAILED:
        return None
    return dealt, kept, result.cards[declarer] + result.marriages[declarer]


def collect(deals, seed, level, rules):
    rows = []
    bots = [make_bot(level, seed * 3 + s) for s in range(3)]
    for d in range(deals):
        for declarer in range(3):
            # The same deal for each declarer: a fresh game with the same seed.
            game = Game(rules, seed=seed * 100003 + d)
            row = forced_declarer_deal(game, declarer, bots)
            if row is not None:
                rows.append(row)
        if (d + 1) % 200 == 0:
            sys.stderr.write("\r%d/%d deals" % (d + 1, deals))
    sys.stderr.write("\n")
    return rows


def least_squares(xs, ys):
    """Coefficients (constant first) minimising the squared error; plain Gaussian elimination."""
    k = len(xs[0]) + 1
    ata = [[0.0] * k for _ in range(k)]
    aty = [0.0] * k
    for x, y in zip(xs, ys):
        row = [1.0] + [float(v) for v in x]
        for i in range(k):
            aty[i] += row[i] * y
            for j in range(k):
                ata[i][j] += row[i] * row[j]
    for i in range(k):
        ata[i][i] += 1e-6  # features that never vary (a hand-less suit) stay solvable
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(ata[r][col]))
        ata[col], ata[pivot] = ata[pivot], ata[col]
        aty[col], aty[pivot] = aty[pivot], aty[col]
        for r in range(k):
            if r != col and ata[r][col]:
                f = ata[r][col] / ata[col][col]
                for c in range(col, k):
                    ata[r][c] -= f * ata[col][c]
                aty[r] -= f * aty[col]
    return [aty[i] / ata[i][i] for i in range(k)]


def to_ints(coefficients):
    return int(round(coefficients[0] * 16)), tuple(int(round(c * 16)) for c in coefficients[1:])


def features(mask, contract_model):
    f = E.features(mask, [0] * E.NUM_FEATURES)
    if contract_model:
        f[E.HALF_MARRIAGES] = 0
    return list(f)


def fit(rows, make_rate):
    auction_x = [features(r[0], False) for r in rows]
    contract_x = [features(r[1], True) for r in rows]
    ys = [r[2] for r in rows]
    a_const, a_w = to_ints(least_squares(auction_x, ys))
    c_const, c_w = to_ints(least_squares(contract_x, ys))
    # The margin: among hands whose contract estimate allows at least the forced 100,
    # the residual quantile at which the wanted share is made.
    residuals = []
    for x, y in zip(contract_x, ys):
        estimate = E.combine(x, c_const, c_w)
        if estimate >= 100:
            residuals.append(y - estimate)
    residuals.sort()
    if residuals:
        index = int((1.0 - make_rate) * len(residuals))
        margin = max(0, -residuals[min(index, len(residuals) - 1)])
    else:
        margin = 10
    margin = (margin + 4) // 5 * 5
    return a_const, a_w, c_const, c_w, margin, residuals


def rms(rows, const, w, contract_model):
    total = 0.0
    for r in rows:
        x = features(r[1] if contract_model else r[0], contract_model)
        total += (E.combine(x, const, w) - r[2]) ** 2
    return (total / len(rows)) ** 0.5


def write_weights(a_const, a_w, c_const, c_w, margin, note):
    """Replace the lines between ``# WEIGHTS begin`` and ``# WEIGHTS end`` of evaluate.py."""
    block = """# WEIGHTS begin
# %s
# Seven dealt cards, the talon unseen (the auction).
AUCTION_CONST = %d
AUCTION_W = %r
# The eight cards kept after the gives (the contract).
CONTRACT_CONST = %d
CONTRACT_W = %r
MARGIN = %d
# WEIGHTS end
""" % (note, a_const, a_w, c_const, c_w, margin)
    with open(WEIGHTS_PATH) as f:
        text = f.read()
    start = text.index("# WEIGHTS begin\n")
    end = text.index("# WEIGHTS end\n") + len("# WEIGHTS end\n")
    with open(WEIGHTS_PATH, "w") as f:
        f.write(text[:start] + block + text[end:])


def check(deals, seed, rules):
    """Self-play deals with hard bots: the declarers' make rate (reloads the weights)."""
    import importlib
    importlib.reload(E)
    import thousand.bots as B
    import thousand.bots.auction as auction  # bids from E
    importlib.reload(auction)
    importlib.reload(B)
    from thousand.driver import TableDriver
    bots = [B.make_bot("hard", seed + s) for s in range(3)]
    game = Game(rules, seed=seed)
    made = played = 0
    for d in range(deals):
        if game.over:
            game = Game(rules, seed=seed + d + 1)
        TableDriver(game).play_deal(bots)
        r = game.last_result
        if r.result == scoring.MADE or r.result == scoring.FAILED:
            played += 1
            made += r.result == scoring.MADE
    return made, played


def main(argv=None):
    p = cli.Parser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=cli.positive, default=4000)
    p.add_argument("--seed", type=cli.seed, default=1)
    p.add_argument("--rules", type=cli.preset, default="classic")
    p.add_argument("--play-level", type=cli.level, default="normal")
    p.add_argument("--make-rate", type=cli.fraction, default=0.72)
    p.add_argument("--write", action="store_true", help="rewrite the weights in thousand/bots/evaluate.py")
    p.add_argument("--check", type=cli.count, default=0, help="self-play deals to measure the make rate")
    args = p.parse_args(argv)
    rules = Rules.preset(args.rules)
    rows = collect(args.deals, args.seed, args.play_level, rules)
    a_const, a_w, c_const, c_w, margin, residuals = fit(rows, args.make_rate)
    print("samples: %d" % len(rows))
    print("AUCTION_CONST = %d\nAUCTION_W = %r" % (a_const, a_w))
    print("CONTRACT_CONST = %d\nCONTRACT_W = %r" % (c_const, c_w))
    print("MARGIN = %d  (from %d hands that could bid)" % (margin, len(residuals)))
    print("rms error: auction %.1f, contract %.1f" % (rms(rows, a_const, a_w, False),
                                                      rms(rows, c_const, c_w, True)))
    if args.write:
        note = ("Tuned by: python tools/tune_bidding.py --deals %d --seed %d --rules %s "
                "--play-level %s --make-rate %.2f --write" % (args.deals, args.seed, args.rules,
                                                              args.play_level, args.make_rate))
        write_weights(a_const, a_w, c_const, c_w, margin, note)
        print("wrote %s" % WEIGHTS_PATH)
    if args.check:
        made, played = check(args.check, args.seed + 7, rules)
        print("self-play make rate (hard): %d/%d = %.3f" % (made, played, made / max(1, played)))


if __name__ == "__main__":
    cli.run(main)
