"""The rules in short, for the help screen (imported only when it is opened)."""

KEYS = """KEYS
LEFT/RIGHT (and UP/DOWN) move, A chooses, B goes back. UP raises a bid, DOWN lowers it, 20 points at a time. On the table B opens the menu: undo your last move (a setting), a hint (the hard bot's choice, from your cards only), the last trick, score sheet, chart, settings, conceding. The screen dims after a minute without a key (a setting); any key wakes it. Three-button boards: hold the select button for back.
On the table: > to move, D the dealer, [7] cards in hand, | a bolt, B2 on the barrel with 2 deals left, *120 the contract, +H a marriage declared (A: the aces), 45pt your card points in this deal (a setting).
Buttons here: %s"""


def rules_text(rules):
    """The rules in short (RULES.md) as these agreements (thousand.rules) make them: a rule an
    agreement switches is marked "(agreement)", and one switched off says so."""
    r = rules
    off = "Off in these rules."
    golden_fail = {"reset": "all scores go back to 0", "replay": "all scores go back to 0 and they are played again",
                   "keep": "nothing changes"}
    parts = [
        "THE GAME\nThree players, 24 cards: 9 J Q K 10 A in four suits. Points: A 11, 10 10, K 4, Q 3, J 2, 9 0. "
        "First to %d wins." % r.target,
        "DEAL\nSeven cards each, three to the talon. The first hand has bid 100; the others raise (by %s) "
        "or pass. A pass is final." % ("5 or more" if r.bid_jumps else "5 only"),
        "BID CAP (agreement)\n" + (
            "No bid above 120 but for marriages in hand: 120 plus their values (hearts: 220%s)."
            % (", four aces: 320" if r.ace_marriage else "") if r.bid_cap == "marriages" else off),
        "TALON\nThe winner takes the talon, shown to all but in a dark or golden deal%s. He gives one card to "
        "each opponent and says a contract: his bid or more%s." % (
            " or when bought at 100 (agreement)" if r.talon_hidden_at_100 else "",
            ", within the cap" if r.bid_cap == "marriages" else ""),
        "PLAY\nFollow suit; without it, trump if you can. The declarer leads first, the winner of a trick leads "
        "the next.",
        "MARRIAGES\nK and Q of one suit, declared by leading one of them%s: S 40, C 60, D 80, H 100. The suit "
        "becomes trump." % (" after you won a trick (agreement)" if r.marriage_needs_trick else ""),
        "ACE MARRIAGE (agreement)\n" + (
            "All four aces, declared by leading one: 200; the trump stays." if r.ace_marriage else off),
        "SCORING\nDeclarer: plus the contract if his cards and marriages reach it, else minus. Others: their "
        "points rounded to 5.",
        "BARREL\nAt %d you sit on the barrel. You win from there only as declarer, with a contract of %d or more "
        "that reaches %d; after %d deals without it you fall back %d." % (
            r.barrel_at, r.barrel_win, r.target, r.barrel_deals, r.barrel_fall_penalty),
        "BOLTS (agreement)\n" + (
            "No trick in a deal is a bolt (|), two in a dark or golden deal. Three bolts%s cost %d." % (
                " in a row" if r.bolt_mode == "consecutive3" else "", r.bolt_penalty) if r.bolt_mode != "off" else off),
        "GOLDEN DEALS (agreement)\n" + (
            "The first three deals: the first hand plays 120, no auction, talon hidden, all doubled. If none "
            "is made, %s." % golden_fail[r.golden_fail] if r.golden else off),
        "DARK GAME (agreement)\n" + (
            "With %d or more and nobody on the barrel, the first hand may play 120 before seeing the cards: "
            "talon hidden, doubled. A marriage in hand allows an overbid from 125." % r.dark_min_score
            if r.dark else off),
        "555 (agreement)\n" + (
            "A score of exactly 555%s drops to 0." % (" or -555" if r.samosval == "both" else "")
            if r.samosval != "off" else off),
    ]
    return "\n\n".join(parts)


# The editor's words for the agreements whose names do not fit a 160-pixel row beside their
# longest value (the others are their names, spaced); the line of help under each says more.
AGREEMENT_LABELS = {
    "lead_trump_only_declarer": "trump lead: declarer",
    "barrel_collision": "two on barrel",
    "barrel_three_falls_zero": "3 barrel falls: zero",
    "concede_on_barrel": "barrel concede",
    "golden_double_marriages": "golden marriages x2",
    "redeal_hand_points_below": "hand redeal below",
    "redeal_talon_points_below": "talon redeal below",
    "redeal_talon_two_nines": "talon redeal 2 nines",
    "redeal_talon_three_jacks": "talon redeal 3 jacks",
    "redeal_talon_only_at_100": "talon redeal only 100",
}

# One line for each agreement of thousand.rules.AGREEMENT_TABLE, shown under it in the editor.
AGREEMENT_HELP = {
    "target": "Score that wins the game",
    "bid_jumps": "Raise by any multiple of 5 (off: +5 only)",
    "bid_cap": "Bids above 120 need marriages",
    "silence_below": "Seats below this score pass automatically",
    "talon_hidden_at_100": "Talon not shown when bought at 100",
    "discard_open": "Cards given by the declarer are shown to all",
    "must_beat": "When following suit, beat the best card if you can",
    "must_overtrump": "When trumping, overtrump if you can",
    "marriage_needs_trick": "Declare a marriage only after winning a trick",
    "ace_marriage": "All four aces declared together: 200",
    "lead_trump_only_declarer": "Only who set trump may lead trump",
    "round_declarer": "Declarer's total is rounded to 5 too",
    "bolt_mode": "Three bolts cost a penalty",
    "bolt_penalty": "Penalty for three bolts",
    "declarer_bolts": "Declarer collects bolts too",
    "samosval": "555 (and -555) becomes 0",
    "barrel_at": "Barrel sitting score (880 or 900)",
    "barrel_deals": "Deals allowed on the barrel (1-5)",
    "barrel_win": "Least contract that wins from the barrel",
    "barrel_fall_penalty": "Penalty for falling off the barrel",
    "barrel_collision": "New sitter knocks others off",
    "barrel_three_falls_zero": "Third fall off the barrel: score 0",
    "concede": "Declarer may concede (raspis)",
    "concede_payout": "Defenders get half the contract or 60",
    "concede_deduct": "Conceding declarer loses the contract",
    "concede_limit": "Concessions per seat per game",
    "concede_on_barrel": "Concession while on barrel",
    "golden": "First three deals are golden (doubled)",
    "golden_raise": "Golden declarer may raise the 120",
    "golden_double_marriages": "Golden deals double marriages too",
    "golden_concede": "Concession allowed in golden deals",
    "golden_fail": "No golden deal made: what then",
    "dark": "First hand may bid 120 blind (dark)",
    "dark_min_score": "Least score to play dark",
    "dark_concede": "Concession allowed in a dark game",
    "redeal_hand_points_below": "Redeal: hand under this many points",
    "redeal_hand_nines": "Redeal: this many nines in hand",
    "redeal_hand_jacks": "Redeal: this many jacks in hand",
    "redeal_talon_points_below": "Redeal: talon under this many points",
    "redeal_talon_two_nines": "Redeal: this many nines in talon",
    "redeal_talon_three_jacks": "Redeal: this many jacks in talon",
    "redeal_talon_only_at_100": "Talon redeal only when bought at 100",
    "redeal_four_aces": "Four aces in one hand force a redeal",
}


# The guided first deal: one deal walked through with a hand, from the deal to the game's
# end (shown at the first start, and from the title's "How to play").  Classic agreements.
GUIDE = """A FIRST DEAL
RIGHT or A: next page, B: back to the title.

1 THE DEAL. You, West and East get 7 cards each; 3 more lie face down: the talon. Cards rank 9 J Q K 10 A and count 0 2 3 4 10 11: 120 points in all.

2 THE AUCTION. The player after the dealer starts at 100. Then each in turn bids 5 or more higher, or passes for good. Say you hold AS 10S KH QH AC 9D JD. The K and Q of hearts are a marriage: 100 points when you lead one of them later. Two aces, a ten and the marriage: bid up to about 120. Without a marriage you may not bid above 120. West passes, East passes: you are the declarer at 120.

3 THE TALON. You take the talon (everyone sees it when the bid is above 100), then give one card face down to West and one to East: give low cards (a 9, a J) of suits you cannot win; keep aces, tens and your marriage.

4 THE CONTRACT. Knowing the talon, you may raise your bid: your contract. Make at least that many points, or it is taken off your score.

5 THE PLAY. Eight tricks; you lead the first. The others must follow suit; without it they must play a trump if there is one; else any card. There is no trump at first.

6 TRUMP BY MARRIAGE. Once you have won a trick, lead the K or Q of your marriage: its points are yours and its suit becomes trump at once. Hearts 100, diamonds 80, clubs 60, spades 40; all four aces 200.

7 SCORING. Your cards' points plus your marriages: 120 or more and you score 120 (what you made above the contract is lost); less and you lose 120. West and East score their own points, rounded to 5. A player who wins no trick gets a bolt; three bolts cost 120.

8 THE GAME. The first to 1000 wins. At 880 you sit on the barrel: make a contract of 120 from there within 3 deals, or fall back 120.

The help (SELECT, or Rules and keys on the title) has every rule of the agreements you play."""


def lines(cols, key_help, rules=None):
    from thousand.rules import Rules
    from thousand.ui.widgets import wrap

    if key_help is None:  # the guided first deal
        return wrap(GUIDE, cols)
    if rules is None:
        rules = Rules.preset("classic")
    text = rules_text(rules) + "\n\n" + KEYS % key_help
    return wrap(text, cols)
