"""Five Hundred's rules in short (FIVE_HUNDRED.md), as these agreements make them: the
terminal game's help now, the screens' help pages later.  A rule an agreement changes says
so with "(agreement)"."""

from thousand.five_hundred.actions import BLIND_MISERE, MISERE, OPEN_MISERE, bid_value


def rule_parts(rules):
    """The help's paragraphs, each a string of its own."""
    r = rules
    four = r.players == 4
    out = [
        "THE GAME\n%s. A side wins by reaching %d with a contract it makes%s." % (
            "Four players in two partnerships: you and North against West and East" if four
            else "Three players, each for himself", r.target,
            "" if r.lose_at is None else "; a contractor's side at %d or below loses (agreement)" % r.lose_at),
        "THE DEAL\n%d cards with the Joker: each seat gets 10, three go to the kitty." % (43 if four else 33),
        "THE AUCTION\nA bid is a number of tricks (6 to 10) and a trump suit or no trumps (NT), "
        "ranked spades, clubs, diamonds, hearts, NT: 6 spades is worth 40, each step of the "
        "denomination 20 more, each trick 100 more (10NT: 520). %s A pass is final for the deal." % (
            "Each seat speaks once, the dealer last (agreement)." if r.bidding == "one_round"
            else "Each bid outbids the last; the bidding goes on until all others have passed."),
    ]
    if r.misere != "off":
        out.append("MISERE (agreement)\nMisère (%d) is a contract to take no trick%s, at no trumps%s; open misère "
                   "(%d) lays the hand face up after the first trick.%s" % (
                       bid_value(MISERE), ", bid only while the high bid is a 7-trick bid" if r.misere == "after_seven"
                       else "", ", the contractor's partner sitting out" if four else "", bid_value(OPEN_MISERE),
                       " Blind misère (%d) may be a seat's first call only." % bid_value(BLIND_MISERE)
                       if r.blind_misere else ""))
    if r.sans_kitty:
        out.append("SANS KITTY (agreement)\nA bid 'sans' leaves the kitty untouched; it ranks just above the same bid.")
    if r.raise_own_bid:
        out.append("RAISING (agreement)\nThe contractor may raise his own bid once before taking the kitty.")
    out.append({"throw_in": "ALL PASS\nIf everybody passes the deal is thrown in and the next dealer deals.",
                "redeal_same": "ALL PASS (agreement)\nIf everybody passes the same dealer deals again.",
                "play_nt": "ALL PASS (agreement)\nIf everybody passes the deal is played at no trumps, "
                           "10 points a trick for every side."}[r.all_pass])
    out.append("THE KITTY\nThe contractor takes the kitty and discards any three cards, then leads.")
    out.append("TRUMPS\nIn a suit contract the Joker is the highest trump, then the jack of trumps (right "
               "bower) and the other jack of the same colour (left bower), then A K Q 10 ... of trumps.")
    if r.joker_nomination == "before_play":
        out.append("THE JOKER IN NO TRUMPS AND MISERE\nIts holder may nominate its suit before the first "
                   "card; it is then the highest card of that suit. Led un-nominated, its player names the suit "
                   "the others follow.")
    else:
        out.append("THE JOKER IN NO TRUMPS AND MISERE (agreement)\nIt wins any trick; led, its player names "
                   "the suit the others follow.")
    if r.joker_lead_last:
        out.append("JOKER LEAD (agreement)\nThe Joker may be led only to the last trick.")
    out.append("THE PLAY\nFollow the suit led if you can (the left bower counts as a trump); "
               "else play any card. The highest trump, or the highest card of the suit led, takes the trick.")
    cap = "" if r.defender_cap is None else " up to a score of %d (agreement)" % r.defender_cap
    out.append("SCORING\nA made contract scores its value (all ten tricks: at least 250), a failed one loses "
               "it. %s%s. A misère scores 250 (open: 500) or loses as much." % (
                   "The other sides score 10 a trick" if r.defender_points == "always"
                   else "The other sides score 10 a trick only when the contract fails (agreement)", cap))
    return out


def rules_text(rules):
    return "\n\n".join(rule_parts(rules))
