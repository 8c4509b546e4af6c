"""Five Hundred's agreements (FIVE_HUNDRED.md section 8) as one object: a value for every
agreement, read as plain attributes (``rules.misere``).

>>> rules = Rules.from_dict({"preset": "american", "players": 4})
>>> rules.bidding, rules.all_pass, rules.players, rules.sides
('one_round', 'play_nt', 4, 2)
>>> Rules.from_dict({"sans_kitty": 1})
Traceback (most recent call last):
...
thousand.five_hundred.rules.RulesError: agreement 'sans_kitty' must be true or false, not 1

This module holds only the values' object, as ``thousand.rules`` does for Thousand: the table
of agreements, the presets and what reads, checks and writes rules
(``thousand.five_hundred.rules_table``) are loaded when rules are made, read or written (a
new game, a save written or read, the agreements screen, a record) and let go while a game
is played (4.8 KB of a board's heap at the table, where this module now holds about 1 KB:
docs/memory.md).
"""

from thousand.five_hundred import RulesError  # noqa: F401 (the callers' import of it stays here)


class Rules:
    """One value for every agreement, read as plain attributes (``rules.misere``): the
    shape of Thousand's ``Rules``, written again (the package's docstring says why).
    ``Rules()`` has the australian values; ``Rules(False)`` none, for the caller to fill."""

    def __init__(self, australian=True):
        if australian:
            from thousand.five_hundred.rules_table import set_australian

            set_australian(self)
        self.preset_name = "australian"
        self.sides = 3

    @classmethod
    def preset(cls, name="australian"):
        from thousand.five_hundred.rules_table import preset

        return preset(cls, name)

    @classmethod
    def from_dict(cls, data):
        """Rules from a record's ``rules`` object: a preset (australian when missing) plus
        the agreements that differ."""
        from thousand.five_hundred.rules_table import from_dict

        return from_dict(cls, data)

    @classmethod
    def from_bytes(cls, data):
        """The rules ``to_bytes`` gave; RulesError for bytes that are not such rules."""
        from thousand.five_hundred.rules_table import from_bytes

        return from_bytes(cls, data)

    def set(self, name, value):
        from thousand.five_hundred.rules_table import check_value

        setattr(self, name, check_value(name, value))
        self.sides = 2 if self.players == 4 else 3

    def validate(self):
        """Ranges the type alone does not catch; ``self``, or RulesError."""
        if self.lose_at is not None and self.lose_at >= self.target:
            raise RulesError("'lose_at' (%d) must be below 'target' (%d)" % (self.lose_at, self.target))
        self.sides = 2 if self.players == 4 else 3
        return self

    def to_dict(self):
        """The preset's name plus every agreement that differs from it."""
        from thousand.five_hundred.rules_table import to_dict

        return to_dict(self)

    def to_bytes(self):
        """The rules in a few bytes, as a board's settings keep them
        (``thousand.five_hundred.rules_table.to_bytes`` says how)."""
        from thousand.five_hundred.rules_table import to_bytes

        return to_bytes(self)

    # A copy and a comparison read the values an instance holds, not the table: a game in
    # play copies and compares its rules without loading it.
    def copy(self):
        other = Rules(False)
        values = self.__dict__
        for name in values:
            setattr(other, name, values[name])
        return other

    def __eq__(self, other):
        """The same value for every agreement (the preset's name aside)."""
        if not isinstance(other, Rules):
            return False
        mine, theirs = self.__dict__, other.__dict__
        for name in mine:
            if name != "preset_name" and (name not in theirs or mine[name] != theirs[name]):
                return False
        return len(mine) == len(theirs)
