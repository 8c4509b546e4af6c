"""Bidding weights, written by tools/tune_bidding.py (do not edit by hand; run the tool).

Each model estimates the declarer's total of a deal (card points plus declared
marriages) as ``(CONST + sum(W[i] * feature[i])) // 16`` from the features of
``thousand.bots.evaluate.features``.  ``MARGIN`` is subtracted before bidding so that
a bid at the estimate is made about the wanted share of the time.

Tuned by: python tools/tune_bidding.py --deals 2000 --seed 1 --rules classic --play-level normal --make-rate 0.72 --write
"""

# Seven dealt cards, the talon unseen (the auction).
AUCTION_CONST = 416
AUCTION_W = (5, 277, 103, 15, 2, 103, 23, -6)
# The eight cards kept after the gives (the contract).
CONTRACT_CONST = -434
CONTRACT_W = (18, 170, 82, 15, 0, 227, -32, -12)
MARGIN = 20
