"""Bidding weights, written by tools/tune_bidding.py (do not edit by hand; run the tool).

Each model estimates the declarer's total of a deal (card points plus declared
marriages) as ``(CONST + sum(W[i] * feature[i])) // 16`` from the features of
``thousand.bots.evaluate.features``.  ``MARGIN`` is subtracted before bidding so that
a bid at the estimate is made about the wanted share of the time.
"""

# Seven dealt cards, the talon unseen (the auction).
AUCTION_CONST = 480
AUCTION_W = (13, 128, 96, 14, 3, 80, -64, -8)
# The eight cards kept after the gives (the contract).
CONTRACT_CONST = 480
CONTRACT_W = (13, 128, 96, 14, 0, 80, -64, -8)
MARGIN = 10
