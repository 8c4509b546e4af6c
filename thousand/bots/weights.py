"""Bidding weights, written by tools/tune_bidding.py (do not edit by hand; run the tool).

Each model estimates the declarer's total of a deal (card points plus declared
marriages) as ``(CONST + sum(W[i] * feature[i])) // 16`` from the features of
``thousand.bots.evaluate.features``.  ``MARGIN`` is subtracted before bidding so that
a bid at the estimate is made about the wanted share of the time.

Tuned by: python tools/tune_bidding.py --deals 2000 --seed 1 --rules classic --play-level normal --make-rate 0.80 --write
"""

# Seven dealt cards, the talon unseen (the auction).
AUCTION_CONST = 412
AUCTION_W = (4, 283, 110, 15, 2, 122, 29, -7)
# The eight cards kept after the gives (the contract).
CONTRACT_CONST = -273
CONTRACT_W = (12, 202, 114, 15, 0, 204, -19, -13)
MARGIN = 15
