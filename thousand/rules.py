"""The agreements (house rules) of one game as one object: a value for every agreement of
RULES.md sections 6 and 7, read as plain attributes (``rules.bid_cap``).

>>> rules = Rules.preset("full")
>>> rules.dark, rules.target
(True, 1000)

This module holds only the values' object: the table of agreements and the presets it is
filled from are ``thousand.rules_table``'s, loaded when rules are made (``Rules()``,
``Rules.preset``) and let go while a game is played; reading and checking them from outside
(a record's ``rules`` object, a value set on the agreements screen) and writing them back as
such an object is ``thousand.rules_check``'s.  Neither imports this module's callers back.
"""


class RulesError(ValueError):
    pass


class Rules:
    """One value for every agreement; made with the classic values (``Rules()``) or a
    preset's (``Rules.preset``)."""

    def __init__(self, classic=True):
        if classic:  # (False: to be filled by the caller, as copy() does)
            from thousand.rules_table import set_classic

            set_classic(self)
        self.preset_name = "classic"

    @classmethod
    def preset(cls, name="classic"):
        from thousand.rules_table import PRESET_NAMES, PRESETS

        if not isinstance(name, str):
            raise RulesError("a preset is a name (%s)" % ", ".join(PRESET_NAMES))
        if name not in PRESETS:
            raise RulesError(
                "unknown preset %r (known: %s)" % (name, ", ".join(PRESET_NAMES))
            )
        rules = cls()
        values = PRESETS[name]
        for key in values:
            setattr(rules, key, values[key])
        rules.preset_name = name
        return rules

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
