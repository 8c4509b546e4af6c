"""Five Hundred's agreements' editor: every agreement of FIVE_HUNDRED.md section 8 with its
value and a line of help, as Thousand's editor (``thousand.ui.menus.AgreementsScreen``).

Reached from Five Hundred's players' screen (*Change agreements*) and loaded only while it is
shown (``thousand.ui.scenes``): a session that never opens it holds none of it.  The rules
edited are the settings' (``five_hundred_app.chosen_rules``), kept there at each change
(``keep_rules``) and saved when the players' screen is left or the game starts.  Its words:
the page ``five_hundred_agreements`` (labels and help lines) and ``values`` (the words of the
presets and the enums' values), ``thousand.texts``.
"""

from thousand import const
from thousand.ui.menus import MenuScreen, agreement_choices, value_text, value_words
from thousand.ui.widgets import pad

# menus.txt's places this screen reads (thousand.ui.menus's; a test holds them together).
_AGREEMENTS = const(5)
_PRESET = const(20)
_RESETS_ALL = const(21)

# The values A cycles through for Five Hundred's numbers (the current value is kept too).
NUMBERS = {"players": (3, 4), "target": (500, 300, 1000), "lose_at": (-500, None, -1000),
           "defender_cap": (None, 490, 480)}


class AgreementsScreen(MenuScreen):
    """The preset (A: the next, every agreement reset, the players kept), then each agreement
    (A: its next value; a value the rules refuse together is passed over)."""

    title = _AGREEMENTS
    footer_lines = 2
    big_text = False

    def enter(self):
        from thousand import texts  # the words are data, read on demand (thousand.texts)
        from thousand.ui.five_hundred_app import chosen_rules

        self.rules = chosen_rules(self.app.settings.five_hundred)
        self.labels = {}  # the words for the names too long for a row
        for name, label, _help in texts.entries("five_hundred_agreements"):
            if label:
                self.labels[name] = label
        self.values = value_words()
        self.refresh()

    def items(self):
        from thousand.five_hundred.rules import agreement_names

        cols = self.list.cols
        rules = self.rules
        out = [pad(self.word(_PRESET), self.values.get(rules.preset_name, rules.preset_name), cols)]
        for name in agreement_names():
            value = value_text(getattr(rules, name), self.words, self.values)
            out.append(pad(self.labels.get(name) or name.replace("_", " "), value, cols))
        return out

    def footer(self):
        from thousand import texts
        from thousand.five_hundred.rules import agreement_names

        if self.cursor == 0:
            return self.word(_RESETS_ALL)
        return texts.entries("five_hundred_agreements", agreement_names()[self.cursor - 1])[0][2]

    def choose(self, index):
        from thousand.five_hundred.rules import PRESET_NAMES, Rules, RulesError, agreements
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
            values = agreement_choices(entry, current, NUMBERS)
            at = values.index(current) if current in values else -1
            for step in range(1, len(values) + 1):
                try:
                    rules.set(name, values[(at + step) % len(values)])
                    rules.validate()
                    break
                except RulesError:
                    rules.set(name, current)
        keep_rules(self.app, rules)
