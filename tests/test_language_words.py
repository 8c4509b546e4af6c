"""The words a screen shows that are not a screen's own (issue 38): the boards' key lines,
the storage's messages and the table's and sheet's marks, in every language, from the pages of
assets/text/<language>/."""

import ast
import os
import re

import pytest

from conftest import ROOT
from helpers import speaking
from thousand import LANGUAGES
from thousand.hw.boards import MODULES, module_facts
from thousand.texts import problem
from thousand.ui.starting import speak

LATIN_WORD = re.compile(r"[a-z]{2,}", re.IGNORECASE)


def key_lines():
    return [(module, module_facts(module)["key_help"]) for module in MODULES + ("desktop",)]


def test_every_boards_key_line_fits_the_titles_two_footer_lines_on_its_screen_in_every_language():
    pytest.importorskip("displayio")
    from thousand import texts
    from thousand.ui.menu_screen import keys
    from thousand.ui.widgets import FONT_W, wrap

    for language in LANGUAGES:
        with speaking(language):
            for module, line in key_lines():
                width = module_facts(module).get("width", 160)
                said = keys(line)
                assert len(wrap(said, width // FONT_W - 1)) <= 2, (language, module, said)
                if language == "en":
                    assert said == line
                else:  # every word of the line that the English "keys" entry lists is the language's
                    # (but a word the language writes as English does at the same place: Polish's "menu")
                    english = "pad stick arrows move ok back menu help prev next hold".split()
                    own = texts.entries("menus", "keys", language)[0][2].split()
                    assert len(own) == len(english) and not set(part for w in said.split() for part in w.split(":")) & (
                        set(english) - set(w for w, o in zip(english, own) if w == o)), (language, said)


def test_a_russian_key_line_keeps_in_latin_letters_only_the_buttons_names():
    pytest.importorskip("displayio")
    from thousand.ui.menu_screen import keys

    buttons = {"START", "SELECT", "D0", "D1", "D2", "A", "B", "X", "Y", "Z", "M", "H"}
    with speaking("ru"):
        for module, line in key_lines():
            said = keys(line)
            latin = {word for part in said.split() for word in part.split(":") if LATIN_WORD.search(word)}
            assert latin <= buttons, (module, said)
    with speaking("ru"):
        assert keys("pad:move A:ok B:back START:menu SELECT:help") == "стрелки:ход A:да B:назад START:меню SELECT:помощь"


def storage_messages():
    """Every message thousand/ (its storage, the app, the desktop) writes as a problem: the
    string given to SaveError or report(), or returned by files.write_problem, its "%" fields
    made "%s"."""
    found = []
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "thousand")):
        for name in names:
            if not name.endswith(".py"):
                continue
            tree = ast.parse(open(os.path.join(folder, name), encoding="utf-8").read())
            for node in ast.walk(tree):
                text = None
                if isinstance(node, ast.Call) and node.args and getattr(node.func, "id", getattr(node.func, "attr", None)) in ("SaveError", "report"):
                    text = node.args[0]
                elif isinstance(node, ast.Return) and name == "files.py" and isinstance(node.value, ast.BinOp):
                    text = node.value
                if isinstance(text, ast.BinOp) and isinstance(text.op, ast.Mod):
                    text = text.left
                if isinstance(text, ast.Constant) and isinstance(text.value, str):
                    found.append((name, re.sub(r"%[0-9]*[sdr]", "%s", text.value)))
    return found


def test_every_message_the_storage_writes_has_its_pattern_on_the_storage_page():
    messages = storage_messages()
    assert len(messages) > 30
    for name, message in messages:
        if message.endswith("%s") and message[-3].isalpha():  # "...not used%s": the outcome's "; ..." joined on
            message = message[:-2]
        for part in message.split("; "):
            if part.startswith("%s") and part != message:  # the outcome joined on: its own pattern
                continue
            filled = part.replace("%s", "X")
            with speaking("ru"):  # every pattern's Russian words differ from its English ones
                assert problem(filled) != filled or part in ("", "%s"), (name, message)


def test_each_pages_pattern_has_as_many_fields_in_every_language():
    from thousand import texts

    english = texts.entries("storage", None, "en")
    for language in LANGUAGES:
        for (name, _rest, body), (_n, _r, theirs) in zip(english, texts.entries("storage", None, language)):
            assert body.count("%s") == theirs.count("%s"), (language, name)


def test_a_problem_is_said_in_russian_part_by_part_with_the_saves_names_in_russian():
    message = "game save damaged, not used; copy kept in /saves/game-1.bin; started afresh. Out of memory: restarted"
    with speaking("en"):
        assert problem(message) == message
    with speaking("ru"):
        assert problem(message) == ("игра: сохранение повреждено, не использовано; копия в /saves/game-1.bin; "
                                     "начато заново. Не хватило памяти: игра перезапущена")
        assert problem("settings format 9 unknown") == "настройки: неизвестный формат 9"
        assert problem("cannot save (OSError)") == "Не удалось сохранить (OSError)"
        assert problem("something new") == "something new"  # a message without a pattern: as written


def test_the_russian_tables_and_sheets_marks_are_russian_letters():
    pytest.importorskip("displayio")
    from thousand import texts
    from thousand.ui.table import _MARKS as TABLE_MARKS, marks_text
    from thousand.ui.sheet import _MARKS as SHEET_MARKS

    with speaking("ru"):
        table = texts.bodies("table")[TABLE_MARKS].split()
        sheet = texts.bodies("summary")[SHEET_MARKS].split()
    assert marks_text(2, 1, table) == "||Б1" and table[0] == "С" and table[2:] == list("пкбчТ")
    assert sheet == list("+-РСБ|п")
    for language in LANGUAGES:  # a letter each, seven of them
        for page, place in (("table", TABLE_MARKS), ("summary", SHEET_MARKS)):
            marks = texts.entries(page, place, language)[0][2].split()
            assert len(marks) == 7 and all(len(mark) == 1 for mark in marks), (language, page)
            if language != "en" and language != "pl":  # Polish writes its marks in Latin letters
                assert not re.search("[A-Za-z]", "".join(marks)), (language, page)
            elif language == "pl":  # its own letters: the dealer rozdający, the bomb, the dump truck
                assert marks != texts.entries(page, place, "en")[0][2].split(), page


def test_the_tables_word_for_each_other_verb_is_the_entry_that_names_it():
    """table.action_word finds a pass's, a dark game's... word by a bytes table indexed by the
    verb (thousand.actions' numbers): each verb's place is its entry's."""
    pytest.importorskip("displayio")
    from thousand import actions, texts
    from thousand.ui import table

    words = texts.lines("table")
    named = {name: body for name, _rest, body in texts.entries("table")}
    for action, name in ((actions.ACTION_PASS, "pass"), (actions.ACTION_DARK, "dark"), (actions.ACTION_NODARK, "open"),
                         (actions.ACTION_REDEAL, "redeal"), (actions.ACTION_KEEP, "keep"), (actions.ACTION_CONCEDE, "concede")):
        assert table.action_word(action, words) == named[name], name


def test_the_key_line_is_translated_once_a_language_and_again_when_the_language_changes(monkeypatch):
    pytest.importorskip("displayio")
    from thousand import texts
    from thousand.hw import desktop
    from thousand.ui.desktop import open_app
    from thousand.ui.menu_screen import board_keys, keys

    monkeypatch.setattr(desktop, "display", None)
    app = open_app("pybadge", seed=1, window=False, storage=None, language="ru")
    try:
        russian = board_keys(app)
        assert russian == keys(app.board.key_help) != app.board.key_help and "помощь" in russian

        def no_page(*args):
            raise AssertionError("a page read for the key line: %r" % (args,))

        with monkeypatch.context() as m:  # the help opened mid-deal reads no page for it
            m.setattr(texts, "_read", no_page)
            assert board_keys(app) == russian
        app.settings.language = LANGUAGES.index("en")
        speak(app)
        assert board_keys(app) == app.board.key_help
    finally:
        texts.set_language("en")


def test_every_entry_of_every_page_the_device_shows_draws_with_its_languages_font_strip():
    """Issue 38: no character missing from the font in any language, on any screen: every page but
    the terminal's, whole, not only what the screens' tests happen to show (the language screen's
    words, each language's name and its word for "language", are drawn in font-all.bmp)."""
    from helpers import DRAWABLE
    from thousand import texts

    for language in LANGUAGES:
        folder = os.path.join(ROOT, "assets", "text", language)
        for page in sorted(os.listdir(folder)):
            if page.endswith("terminal.txt"):  # the terminal's (Thousand's and Five Hundred's): its own font
                continue
            for name, label, body in texts.entries(page[:-4], language=language):
                drawable = DRAWABLE["all"] if page == "words.txt" and name in ("language", "choose") else DRAWABLE[language]
                missing = set(label + body.replace("\n", "")) - drawable
                assert not missing, (language, page, name, missing)


def test_the_windows_own_key_line_is_in_the_players_words(monkeypatch):
    pytest.importorskip("displayio")
    from thousand import texts
    from thousand.hw import desktop
    from thousand.ui.desktop import open_app

    monkeypatch.setattr(desktop, "display", None)
    try:
        open_app("pybadge", seed=1, window=False, storage=None, language="ru")
        assert desktop.window_keys.startswith("стрелки:ход Z/Enter:") and "помощь" in desktop.window_keys
        app = open_app("pybadge", seed=1, window=False, storage=None, language="en")
        assert desktop.window_keys == desktop.WINDOW_KEYS
        app.settings.language = LANGUAGES.index("pl")
        speak(app)
        assert desktop.window_keys != desktop.WINDOW_KEYS and "Z/Enter" in desktop.window_keys
    finally:
        texts.set_language("en")
        desktop.show_window_keys(desktop.WINDOW_KEYS)


def test_the_windows_key_line_with_the_turn_marker_fits_under_the_screen_in_every_language():
    """The window's footer (``hw.desktop.Window._draw_footer``): the seat whose turn it is
    ("> 2", the turn light's stand-in) and the key line in the player's words, drawn in
    pygame's font, fit the window's width at the smallest screen (160 pixels, zoomed 4 times)."""
    pygame = pytest.importorskip("pygame")
    from thousand import texts
    from thousand.hw import desktop
    from thousand.ui.menu_screen import keys

    pygame.font.init()
    font = pygame.font.Font(None, desktop.FOOTER)
    try:
        for language in LANGUAGES:
            texts.set_language(language)
            line = "> %d   %s" % (2, keys(desktop.WINDOW_KEYS))
            assert 4 + font.size(line)[0] <= 160 * 4, (language, line, font.size(line))
    finally:
        texts.set_language("en")
