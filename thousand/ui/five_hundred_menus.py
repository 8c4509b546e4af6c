"""Five Hundred's agreements' editor: every agreement of FIVE_HUNDRED.md section 8 with its
value and a line of help, Thousand's editor (``thousand.ui.menus.AgreementsScreen``) over
Five Hundred's rules.

Reached from Five Hundred's players' screen (*Change agreements*) and loaded only while it is
shown (``thousand.ui.scenes``): a session that never opens it holds none of it.  The rules
edited are the settings' (``five_hundred_app.chosen_rules``), kept there at each change
(``keep_rules``) and saved when the players' screen is left or the game starts.  Its words:
the page ``five_hundred_agreements`` (labels and help lines) and ``values`` (the words of the
presets and the enums' values), ``thousand.texts``.
"""

from thousand.ui import menus

# The values A cycles through for Five Hundred's numbers (the current value is kept too).
NUMBERS = {"players": (3, 4), "target": (500, 300, 1000), "lose_at": (-500, None, -1000),
           "defender_cap": (None, 490, 480)}


class AgreementsScreen(menus.AgreementsScreen):
    """The preset (A: the next, every agreement reset, the players kept), then each agreement
    (A: its next value; a value the rules refuse together is passed over)."""

    page = "five_hundred_agreements"

    def enter(self):
        from thousand.ui.five_hundred_app import chosen_rules

        self.rules = chosen_rules(self.app.settings.five_hundred)
        menus.AgreementsScreen.enter(self)

    def edited(self):
        from thousand.five_hundred.rules_table import agreement_names

        return self.rules, agreement_names()

    def choose(self, index):
        from thousand.five_hundred.rules import Rules, RulesError
        from thousand.five_hundred.rules_table import PRESET_NAMES, agreements
        from thousand.ui.five_hundred_app import keep_rules

        rules = self.rules
        if index == 0:
            players = rules.players
            rules = self.rules = Rules.preset(PRESET_NAMES[(PRESET_NAMES.index(rules.preset_name) + 1) % len(PRESET_NAMES)])
            rules.set("players", players)
        else:
            entry = agreements()[index - 1]
            name = entry[0]
            current = getattr(rules, name)
            values = menus.agreement_choices(entry, current, NUMBERS)
            at = values.index(current) if current in values else -1
            for step in range(1, len(values) + 1):
                try:
                    rules.set(name, values[(at + step) % len(values)])
                    rules.validate()
                    break
                except RulesError:
                    rules.set(name, current)
        keep_rules(self.app, rules)
