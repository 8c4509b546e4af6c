"""Five Hundred (500), the project's second game: its engine, beside Thousand's.

The rules are ``FIVE_HUNDRED.md`` (in the shared material); what the package decides where
that page is silent is in ``docs/five_hundred.md``.  Modules: ``cards`` (cards as small
ints, a hand one mask a suit), ``actions`` (actions and bids as small ints), ``rules``
(the agreements and presets), ``game`` (the state machine: legality in one place),
``scoring`` (a deal's end), ``explain`` (a refusal in words), ``notation`` and ``record``
(the text form and the referee's replay).  The seeded PRNG is Thousand's
(``thousand.rng``).

Written again on purpose: where Five Hundred does what Thousand does, its modules repeat
Thousand's code (the driver's loop, the rules' table, a record's replay, the cards' and the
players' shapes) rather than import it, so that a game loads one engine, not two: Five Hundred
imports only the pieces both share (the PRNG, the popcount table, ASCII text, RecordError,
``const``).  ``duplicates`` lists those pairs; each module says what it repeats."""

from thousand import const  # MicroPython's, or the package's stand-in on CPython

# A deal's result, as the referee names them (FIVE_HUNDRED.md 10).
MADE = const(0)
FAILED = const(1)
PASSED_OUT = const(2)
ALL_PASS_PLAYED = const(3)
UNFINISHED = const(4)
RESULT_NAMES = ("made", "failed", "passed_out", "all_pass_played", "unfinished")
GAME_NAME = "five_hundred"  # as a record names the game (FIVE_HUNDRED.md 10), and the saves


class RulesError(ValueError):
    """Rules that cannot be (an unknown agreement or preset, a value out of its range): here,
    where both the rules' values (``rules``) and their table (``rules_table``) raise it
    without importing each other."""


def side_of(seat, players):
    """A seat's side: itself with 3 players; seats 0+2 and 1+3 with 4 (here, where the game
    and its scoring both read it: the scoring, loaded by the game at a deal's end, imports no
    game)."""
    return seat & 1 if players == 4 else seat
