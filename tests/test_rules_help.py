"""The rules help (thousand/ui/helptext.py, the help screen and the terminal's h): it covers
what a player asked about (issue 15) and says which rules are agreements, as they are set."""

import pytest

from thousand.rules import Rules
from thousand import rules_check
from thousand.ui.helptext import lines, rules_text


def sections(rules):
    """{title: text} of the help for ``rules``."""
    out = {}
    for part in rules_text(rules).split("\n\n"):
        title, text = part.split("\n")
        out[title] = text
    return out


def test_the_help_covers_the_ace_marriage_the_bid_cap_the_barrel_dark_and_golden_deals():
    full = sections(Rules.preset("full"))
    assert "All four aces" in full["ACE MARRIAGE (agreement)"] and "200" in full["ACE MARRIAGE (agreement)"]
    assert "120 plus their values" in full["BID CAP (agreement)"] and "four aces: 320" in full["BID CAP (agreement)"]
    assert "contract of 120 or more that reaches 1000" in full["BARREL"]
    assert "first three deals" in full["GOLDEN DEALS (agreement)"]
    assert "all scores go back to 0" in full["GOLDEN DEALS (agreement)"]  # golden_fail = reset
    assert "With 240 or more" in full["DARK GAME (agreement)"] and "overbid from 125" in full["DARK GAME (agreement)"]


def test_a_rule_its_agreement_switches_off_says_so():
    classic = sections(Rules.preset("classic"))
    assert classic["GOLDEN DEALS (agreement)"] == classic["DARK GAME (agreement)"] == "Off in these rules."
    plain = sections(rules_check.from_dict({"preset": "classic", "bid_cap": "none", "ace_marriage": False,
                                      "bolt_mode": "off", "samosval": "off", "talon_hidden_at_100": False,
                                      "marriage_needs_trick": False}))
    for title in ("BID CAP (agreement)", "ACE MARRIAGE (agreement)", "BOLTS (agreement)", "555 (agreement)"):
        assert plain[title] == "Off in these rules.", title
    assert "four aces" not in rules_text(rules_check.from_dict({"preset": "classic", "ace_marriage": False})).split(
        "BID CAP")[1].split("\n\n")[0]
    assert "(agreement)" not in plain["TALON"] + plain["MARRIAGES"] and "within the cap" not in plain["TALON"]


def test_the_help_says_the_numbers_of_these_agreements():
    rules = rules_check.from_dict({"preset": "full", "target": 500, "barrel_at": 900, "barrel_win": 125, "barrel_deals": 5,
                             "dark_min_score": 300, "bolt_penalty": 100, "bolt_mode": "consecutive3",
                             "golden_fail": "replay", "bid_jumps": False})
    text = sections(rules)
    assert "First to 500 wins" in text["THE GAME"]
    assert text["BARREL"] == ("At 900 you sit on the barrel. You win from there only as declarer, with a contract "
                              "of 125 or more that reaches 500; after 5 deals without it you fall back 120.")
    assert "Three bolts in a row cost 100" in text["BOLTS (agreement)"]
    assert "With 300 or more" in text["DARK GAME (agreement)"] and "played again" in text["GOLDEN DEALS (agreement)"]
    assert "raise (by 5 only)" in text["DEAL"]


@pytest.mark.parametrize("cols", [26, 30, 40])  # the help screen's columns on 160, 240 and wider screens
@pytest.mark.parametrize("preset", ["classic", "full"])
def test_every_help_line_fits_its_columns_in_the_screens_font(cols, preset):
    wrapped = lines(cols, "A B START", Rules.preset(preset))
    assert all(len(line) <= cols and line.isascii() for line in wrapped)
    assert any(line.startswith("GOLDEN DEALS") for line in wrapped)


@pytest.mark.parametrize("cols", [13, 26, 38])
def test_the_help_screens_pages_read_as_its_lines_and_hold_one_paragraph_wrapped(cols):
    from thousand.ui.helptext import Pages

    rules = Rules.preset("full")
    pages = Pages(cols, "A:go B:back", rules)
    whole = lines(cols, "A:go B:back", rules)
    assert len(pages) == len(whole) and [pages[at] for at in reversed(range(len(pages)))] == whole[::-1]
    assert pages.held_lines == whole[pages.starts[pages.held]:pages.starts[pages.held + 1] - 1]
    assert len(pages.held_lines) < len(whole) // 4  # a paragraph, not the help
    with pytest.raises(IndexError):
        pages[len(pages)]
