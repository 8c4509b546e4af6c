"""The words kept as data (thousand/texts.py, assets/text/<language>/): the reader, and each
page against the code that reads it."""

import os
import shutil
import subprocess

import pytest

from conftest import ROOT
from thousand import texts
from thousand.rules_table import agreement_names
from thousand.ui import helptext

TEXT = os.path.join(ROOT, "assets", "text")


def pages(language):
    folder = os.path.join(TEXT, language)
    return sorted(name[:-4] for name in os.listdir(folder) if name.endswith(".txt"))


def test_an_entry_is_found_by_its_name_or_its_place_and_its_body_is_its_lines_as_written(tmp_path, monkeypatch):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "page.txt").write_bytes(b"What this page is.\n@one\nfirst line\n  second, indented\n\n\n"
                                        b"@two a label\r\nwindows line\r\n\r\n@three\n")
    monkeypatch.setattr(texts, "_FOLDER", str(tmp_path) + "/")
    everything = [("one", "", "first line\n  second, indented"), ("two", "a label", "windows line"), ("three", "", "")]
    assert texts.entries("page") == everything
    assert texts.entries("page", "two") == [everything[1]] == texts.entries("page", 2)
    assert texts.entries("page", "four") == [] == texts.entries("page", 4)


def test_every_language_has_the_pages_and_entries_of_english_with_the_same_facts():
    english = {page: texts.entries(page) for page in pages("en")}
    assert {"refusals", "help", "guided", "agreements", "summary", "redeal"} <= set(english)
    for page, found in english.items():
        names = [name for name, _rest, _body in found]
        assert len(set(names)) == len(names), page
        assert all(body for _name, _rest, body in found), page
    for language in os.listdir(TEXT):
        assert pages(language) == sorted(english), language
        for page, found in english.items():
            other = texts.entries(page, language=language)
            assert [name for name, _r, _b in other] == [name for name, _r, _b in found], (language, page)
            assert all(body for _name, _rest, body in other), (language, page)
            if page in ("refusals", "five_hundred_refusals"):  # its own facts (issue 38), as many as its %-fields
                for name, rest, body in other:
                    assert body.count("%") - 2 * body.count("%%") == len(rest.split()), (language, name)


def test_the_agreements_page_has_one_entry_for_each_agreement_in_the_tables_order():
    assert [name for name, _label, _help in texts.entries("agreements")] == list(agreement_names())


def test_the_keys_are_read_as_written_and_end_the_help():
    keys = texts.entries("help", "keys")[0][2]
    assert helptext.lines(2000, "A:go")[-len(keys.split("\n")):] == (keys % "A:go").split("\n")
    assert keys.startswith("KEYS\n") and keys.endswith("Buttons here: %s")


def board_folder(tmp_path):
    """A board's drive: the package in lib/, the assets at the root (tools/bundle.py)."""
    drive = tmp_path / "CIRCUITPY"
    os.makedirs(drive / "lib" / "thousand")
    for name in ("__init__.py", "texts.py"):
        shutil.copy(os.path.join(ROOT, "thousand", name), drive / "lib" / "thousand" / name)
    shutil.copytree(TEXT, drive / "assets" / "text")
    return drive


@pytest.mark.parametrize("layout", ["checkout", "board"])
def test_micropython_reads_the_words_from_a_checkout_and_from_a_boards_drive(tmp_path, micropython, layout):
    code = "from thousand import texts\nprint(texts.entries('refusals', 29)[0])\n"
    if layout == "checkout":  # run from elsewhere: the folder is found beside the package
        env = dict(os.environ, MICROPYPATH=ROOT)
        cwd = str(tmp_path)
    else:  # the working folder is the drive's root, as on a board
        drive = board_folder(tmp_path)
        env = dict(os.environ, MICROPYPATH=str(drive / "lib"))
        cwd = str(drive)
    out = subprocess.run([micropython, "-c", code], capture_output=True, text=True, env=env, cwd=cwd, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "('BID_STEP', 'amount', 'bids go up in steps of 5: %d is not one')"


@pytest.mark.parametrize("module, page", [("thousand.ui.helptext", "help"), ("thousand.ui.sheet", "summary"), ("thousand.ui.guide", "guided"),
                                          ("thousand.explain_redeal", "redeal"), ("thousand.ui.menus", "menus"),
                                          ("thousand.ui.table", "table"), ("thousand.persist.stats", "stats"),
                                          ("thousand.persist.five_hundred_stats", "stats"),
                                          ("thousand.ui.five_hundred_table", "five_hundred"),
                                          ("thousand.five_hundred.helptext", "five_hundred_help")])
def test_a_readers_places_are_the_places_of_the_entries_they_are_named_after(module, page):
    """A reader that names a page's entries by place (private const()s) names each place
    after its entry, and has a place for every entry."""
    reader = _reader(module)
    found = texts.entries(page)
    for place, (name, _rest, _body) in enumerate(found, 1):
        assert getattr(reader, "_" + name.upper(), None) == place, (page, name)
    assert texts.bodies(page) == [None] + [body for _name, _rest, body in found]


@pytest.mark.parametrize("module, page", [("thousand.ui.menu_screen", "menus"), ("thousand.ui.table_menu", "menus"),
                                          ("thousand.ui.settings_screen", "menus")])
def test_a_reader_of_some_of_a_pages_entries_names_each_place_after_its_entry(module, page):
    """The menus' base and the table's menu read some of menus.txt's entries: each place
    they name is its entry's (the whole page's reader is thousand.ui.menus, above)."""
    reader = _reader(module)
    named = [(name, place) for place, (name, _rest, _body) in enumerate(texts.entries(page), 1)
             if hasattr(reader, "_" + name.upper())]
    assert named, module
    assert all(getattr(reader, "_" + name.upper()) == place for name, place in named), named
    places = {value for key, value in vars(reader).items() if key[:1] == "_" and key[1:].isupper() and isinstance(value, int)}
    assert places == {place for _name, place in named}, "a place named after no entry"


def _reader(module):
    if module.startswith("thousand.ui.") and module != "thousand.ui.guide":
        pytest.importorskip("displayio")
    import importlib

    return importlib.import_module(module)


@pytest.mark.parametrize("page", ["menus", "table", "five_hundred"])
@pytest.mark.parametrize("language", sorted(os.listdir(TEXT)))
def test_a_screens_words_held_as_one_string_give_each_entry_at_its_place(page, language):
    """A screen holds its words as one string (texts.lines: the heap's least) and finds an entry
    by its place (widgets.word): so each entry is one line."""
    pytest.importorskip("displayio")
    from helpers import speaking
    from thousand.ui.widgets import word

    with speaking(language):
        found = texts.entries(page)
        words = texts.lines(page)
    for place, (name, _rest, body) in enumerate(found, 1):
        assert "\n" not in body and word(words, place) == body, (language, name)


@pytest.mark.parametrize("language", sorted(os.listdir(TEXT)))
def test_five_hundreds_help_fills_every_field_for_every_agreement_in_letters_the_font_has(language):
    """Issue 38: Five Hundred's rules in short (five_hundred_help.txt) in the player's language,
    every paragraph an agreement can bring filled, only the strip's characters (English's
    "Misere" without its accent: the English strip is ASCII)."""
    from helpers import DRAWABLE, speaking
    from thousand.five_hundred.helptext import rule_parts
    from thousand.five_hundred.rules import Rules

    everything = {"players": 4, "misere": "after_seven", "blind_misere": True, "sans_kitty": True,
                  "raise_own_bid": True, "joker_lead_last": True, "defender_points": "on_fail", "defender_cap": 490}
    seen = set()
    with speaking(language):
        for values in ({"preset": "australian"}, {"preset": "simple", "players": 4}, {"preset": "american"},
                       everything, dict(everything, players=3, misere="anytime", all_pass="redeal_same")):
            parts = rule_parts(Rules.from_dict(values))
            for part in parts:
                heading = part.split("\n")[0].split(" (")[0]
                assert "%" not in part and "\n" in part and heading.upper() == heading, part
                assert not set(part) - DRAWABLE[language] - {"\n"}, part
            seen.update(part.split("\n")[0] for part in parts)
    assert len(seen) == 15  # every heading a paragraph can have (two all-pass rules share one)


def test_every_statistics_line_fits_the_smallest_screen_in_every_language():
    """25 columns on the 160-pixel screens, with numbers of their longest likely size."""
    from helpers import speaking
    from thousand.persist.stats import Stats

    stats = Stats()
    for name in ("games", "wins", "deals", "contracts_taken", "contracts_made", "best_contract", "barrels", "falls",
                 "bolts", "concessions", "marriages", "ace_marriages", "hints", "undone"):
        setattr(stats, name, 999)
    stats.best_score, stats.worst_score, stats.flash_writes, stats.flash_rated = -1200, -1200, 99999, 100000
    for language in sorted(os.listdir(TEXT)):
        with speaking(language):
            lines = stats.lines()
        assert len(lines) == 15 and all(len(line) <= 25 for line in lines), (language, lines)


def test_the_values_page_names_every_preset_every_word_value_of_the_agreements_and_every_level():
    from thousand import PLAYER_LEVELS
    from thousand.rules_table import ENUM, PRESET_NAMES, agreements

    from thousand.five_hundred.rules_table import PRESET_NAMES as FIVE_HUNDREDS, agreements as five_hundreds

    tokens = set(PRESET_NAMES) | set(PLAYER_LEVELS) | {value for _name, kind, _default, choices in agreements() if kind == ENUM for value in choices}
    tokens |= set(FIVE_HUNDREDS)  # Five Hundred's presets (its players' screen) and its enums' values (its editor)
    tokens |= {value for _name, kind, _default, choices in five_hundreds() if kind == ENUM for value in choices}
    for language in sorted(os.listdir(TEXT)):
        assert {name for name, _rest, _body in texts.entries("values", language=language)} == tokens, language
    assert all(name == body for name, _rest, body in texts.entries("values", language="en"))  # English shows the tokens
