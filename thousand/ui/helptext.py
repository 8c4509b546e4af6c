"""The rules in short, for the help screen (imported only when it is opened)."""

KEYS = """KEYS
LEFT/RIGHT (and UP/DOWN) move, A chooses, B goes back. On the table B opens the menu: score sheet, chart, settings, conceding. Three-button boards: hold the select button for back.
Buttons here: %s"""

RULES = """THE GAME
Three players, 24 cards: 9 J Q K 10 A in four suits. Points: A 11, 10 10, K 4, Q 3, J 2, 9 0. First to %d wins.

DEAL
Seven cards each, three to the talon. The first hand has bid 100; the others raise or pass. A pass is final.

TALON
The winner takes the talon, gives one card to each opponent and says a contract: his bid or more.

PLAY
Follow suit; without it, trump if you can. The declarer leads first, the winner of a trick leads the next.

MARRIAGES
K and Q of one suit, declared by leading one of them (after you won a trick): S 40, C 60, D 80, H 100. The suit becomes trump.

SCORING
Declarer: plus the contract if his cards and marriages reach it, else minus. Others: their points rounded to 5.

BARREL
At %d you sit on the barrel: win from there within %d deals or fall back.

BOLTS
No trick in a deal is a bolt (|). Three bolts cost %d.

555
A score of exactly 555 drops to 0."""


def lines(cols, key_help, rules=None):
    from thousand.rules import Rules
    from thousand.ui.widgets import wrap

    if rules is None:
        rules = Rules.preset("classic")
    text = RULES % (rules.target, rules.barrel_at, rules.barrel_deals, rules.bolt_penalty) + "\n\n" + KEYS % key_help
    return wrap(text, cols)
