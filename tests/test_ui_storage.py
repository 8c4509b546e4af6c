"""The App over real storage (thousand/persist/saves.py): Continue after a power cut, a damaged
save, settings and statistics across restarts, records.  Driven with keys on the desktop board."""

import gc
import json
import os
import sys
import types
import weakref

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

pytest.importorskip("displayio")

from thousand import scoring  # noqa: E402
from thousand.hw.keys import A, B, LEFT, RIGHT  # noqa: E402
from thousand.record import replay  # noqa: E402
from thousand.rng import Rng  # noqa: E402
from thousand.rules import Rules  # noqa: E402
from thousand import rules_check  # noqa: E402
from thousand.persist.stats import load_stats  # noqa: E402
from thousand.persist.saves import Saves  # noqa: E402
from thousand.persist.files import FileStore  # noqa: E402
from thousand.persist.store import NvmStore  # noqa: E402
from thousand.ui.desktop import open_app  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from savecheck import MemoryNvm, MemoryStore  # noqa: E402
from ui_keys import take_decision  # noqa: E402
from test_ui_play import Hands, board  # noqa: E402,F401  (board: the fixture)

SHORT = {"preset": "classic", "target": 300}  # a game of a few deals with this seed and script
SEED = 3


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(params=["files", "nvm"])
def store_maker(request, tmp_path):
    """A function giving the same store again, as after a restart (desktop files, device NVM)."""
    if request.param == "files":
        return lambda: FileStore(str(tmp_path / "data"))
    nvm = MemoryNvm(8192)
    return lambda: NvmStore(nvm)


def guided_seen(storage):
    """Settings saved as a player's who has had the first start's guided deal (one write, as
    that start makes): an App on ``storage`` opens at the title."""
    settings = storage.load_settings()
    if not settings.guided:
        settings.guided = True
        storage.save_settings(settings)


def start_app(store, rules=None):
    """The App on a store, or on a Saves as given, at the title (not a first start)."""
    storage = store if isinstance(store, Saves) else Saves(store)
    guided_seen(storage)
    app = open_app("pybadge", seed=SEED, rules=rules, window=False, storage=storage)
    app.settings.bot_delay_ms = 0  # not saved: the test's own pace
    app.display.refresh = lambda: None  # screens and labels are updated; only the pixels are not drawn
    hands = Hands(app)
    assert app.screen_name == "title"
    return app, hands


def new_game(app, hands, levels=("random", "random")):
    app.levels = list(levels)
    hands.move_to("new game", lambda: app.screen.entries()[app.screen.cursor], len(app.screen.entries()))
    hands.press(A)
    hands.press(LEFT)  # wraps to "Start the game"
    hands.press(A)
    assert app.screen_name == "table"


def drive(app, hands, chooser, human_moves=None):
    """Play with random legal choices made by keys; stop at the title (game over) or, once
    ``human_moves`` decisions are made, when the human is to decide again.  The count made."""
    made = 0
    for _ in range(5000):
        if app.screen_name == "title":
            return made
        if app.screen_name == "summary":
            hands.press(A)
        elif app.screen.holds_play():
            hands.press(A)  # a computer's open talon, seen
        elif app.controller.human_decision() is None or app.screen.changed:
            hands.run(20)
        elif made == human_moves:
            return made
        else:
            take_decision(app, hands.press, chooser)
            made += 1
    raise AssertionError("the game did not end")


def position(app):
    view = app.controller.view()
    table = app.screens["table"]
    return (vars(view), list(app.controller.game.log), app.controller.game.rng.get_state(),
            table.hand_cards, table.table_view.status.text)


def power_cut(app):
    app.display.release()  # nothing is written on the way out


def stats_numbers(stats):
    return [getattr(stats, name) for name in ("games", "wins", "deals", "contracts_taken", "contracts_made",
                                              "marriages", "best_score", "worst_score")]


@pytest.mark.slow
def test_continue_after_a_power_cut_is_the_game_that_would_have_been(board, store_maker, tmp_path):
    rules = rules_check.from_dict(SHORT)
    app, hands = start_app(store_maker(), rules)
    assert "continue" not in app.screen.entries()
    new_game(app, hands)
    chooser = Rng(5)
    drive(app, hands, chooser, 14)  # into the second deal
    assert len(app.controller.sheet()) >= 1
    before = position(app)
    deals_counted = load_stats(store_maker())[0].deals
    assert deals_counted == len([r for r in app.controller.sheet() if r.result != scoring.REDEAL])
    power_cut(app)

    app, hands = start_app(store_maker())  # a new machine start over the same store
    title = app.screen
    assert title.entries()[0] == "continue" and title.problem is None
    hands.press(A)
    drive(app, hands, Rng(0), 0)  # the computer seats replay their moves since the save
    assert position(app) == before
    resumed = app.controller.game
    drive(app, hands, chooser)
    assert app.screen_name == "title" and resumed.over
    assert "continue" not in app.screen.entries()
    resumed_stats = load_stats(store_maker())[0]
    power_cut(app)

    other = FileStore(str(tmp_path / "uninterrupted"))
    app, hands = start_app(other, rules)
    new_game(app, hands)
    whole = app.controller.game
    drive(app, hands, Rng(5))
    assert whole.scores == resumed.scores and whole.winner == resumed.winner
    assert [r.deltas for r in whole.sheet][-len(resumed.sheet):] == [r.deltas for r in resumed.sheet]
    assert stats_numbers(load_stats(other)[0]) == stats_numbers(resumed_stats)
    assert resumed_stats.games == 1
    assert resumed_stats.deals == len([r for r in whole.sheet if r.result != scoring.REDEAL])
    power_cut(app)


def test_a_damaged_save_is_told_on_the_title_and_a_new_game_still_starts(board, tmp_path):
    folder = str(tmp_path / "data")
    app, hands = start_app(FileStore(folder), rules_check.from_dict(SHORT))
    new_game(app, hands)
    drive(app, hands, Rng(5), 3)
    power_cut(app)
    for name in ("game.0", "game.1"):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            with open(path, "r+b") as file:
                file.seek(10)
                file.write(b"\x55\xaa\x55\xaa")

    app, hands = start_app(FileStore(folder))
    title = app.screen
    footer = " ".join(line.text.strip() for line in title.list.footer)
    assert title.problem.startswith("game save damaged, not used") and "\n" not in title.problem
    assert footer.startswith("game save damaged, not used")
    assert "continue" not in title.entries()
    assert os.path.exists(os.path.join(folder, "game.damaged-1"))
    new_game(app, hands)
    assert app.controller.pending() is not None  # the player's turn or a computer's
    app.show("title")  # shown once: a second visit has the key help again
    assert app.screen.problem is None and app.screen.entries()[0] == "continue"
    power_cut(app)


@pytest.mark.slow
def test_settings_and_statistics_survive_a_restart(board, store_maker):
    app, hands = start_app(store_maker())
    hands.move_to("settings", lambda: app.screen.entries()[app.screen.cursor], len(app.screen.entries()))
    hands.press(A)
    writes = app.storage.store.writes
    hands.press(A)  # sound off
    hands.press(RIGHT)
    hands.press(A)  # the computer's pause: after the test's 0 ms, the slowest
    assert not app.settings.sound and app.settings.bot_delay_ms == 1500
    assert app.storage.store.writes == writes  # not a flash write a change...
    hands.press(B)
    assert app.storage.store.writes == writes + 1  # ...but one on leaving the screen
    app.rules = rules_check.from_dict({"preset": "full", "target": 500})
    new_game(app, hands, ("random", "random"))
    app.settings.bot_delay_ms = 0
    drive(app, hands, Rng(9), 16)
    counted = load_stats(store_maker())[0]
    assert counted.deals >= 1
    power_cut(app)

    app, hands = start_app(store_maker())
    assert app.settings.sound is False and app.rules == rules_check.from_dict({"preset": "full", "target": 500})
    assert app.levels == ["random", "random"]
    app2_delay = Saves(store_maker()).load_settings().bot_delay_ms
    assert app2_delay == 1500
    hands.move_to("statistics", lambda: app.screen.entries()[app.screen.cursor], len(app.screen.entries()))
    hands.press(A)
    shown = [line.text.strip() for line in app.screen.list.lines]
    assert shown[:3] == [line.strip() for line in counted.lines()[:3]]
    assert shown[1] == "Deals played %d" % counted.deals
    hands.press(B)  # back on the title, the cursor where it was: on "statistics"
    assert app.screen.entries()[app.screen.cursor] == "statistics"
    hands.move_to("continue", lambda: app.screen.entries()[app.screen.cursor], len(app.screen.entries()))
    hands.press(A)
    drive(app, hands, Rng(9), 20)
    assert load_stats(store_maker())[0].deals > counted.deals  # counting goes on
    power_cut(app)


@pytest.mark.slow
def test_record_to_serial_replays_to_the_same_scores(board, store_maker, capsys, monkeypatch):
    """A board has no ``send_record`` (the desktop writes record.txt: test_ui_play): its
    record goes to the serial console, one line."""
    monkeypatch.delattr(board, "send_record")
    app, hands = start_app(store_maker(), rules_check.from_dict(SHORT))
    new_game(app, hands)
    drive(app, hands, Rng(5), 14)
    power_cut(app)
    app, hands = start_app(store_maker())
    hands.press(A)  # Continue: from the NVM the record starts at the resumed deal
    drive(app, hands, Rng(6), 2)
    capsys.readouterr()
    hands.press(B)
    menu = app.screen
    hands.move_to("record", lambda: menu.entries()[menu.cursor], len(menu.entries()))
    hands.press(A)
    assert app.screen_name == "table" and "serial" in app.screens["table"].message
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    out = replay(json.loads(lines[0]))
    assert out["scores"] == app.controller.game.scores
    power_cut(app)


@pytest.mark.slow
def test_records_are_written_on_leaving_and_at_the_game_end(board, data_dir):
    app, hands = start_app(FileStore(str(data_dir)), rules_check.from_dict(SHORT))
    new_game(app, hands)
    chooser = Rng(5)
    drive(app, hands, chooser, 5)
    scores = list(app.controller.game.scores)
    hands.press(B)
    menu = app.screen
    hands.move_to("title", lambda: menu.entries()[menu.cursor], len(menu.entries()))
    hands.press(A)
    assert app.screen_name == "title" and app.controller is None  # the title holds no game
    with open(data_dir / "records" / "current.json") as file:
        assert replay(json.load(file))["scores"] == scores
    hands.press(A)  # Continue: read from the save
    assert app.controller.game.scores == scores
    game = app.controller.game
    drive(app, hands, chooser)
    with open(data_dir / "records" / "last.json") as file:
        out = replay(json.load(file))
    assert out["scores"] == game.scores and out["winner"] == game.winner
    record_writers = ("thousand.persist.records", "thousand.record", "thousand.notation")
    assert not [name for name in record_writers if name in sys.modules]  # unloaded once written
    assert not Saves(FileStore(str(data_dir))).has_game()  # an empty save, newer than the game's
    power_cut(app)


def test_a_redeal_question_answered_before_the_cut_is_not_asked_again():
    """"Keep the cards" changes no card, only who is still to be asked: the save keeps that."""
    from thousand import actions
    from thousand.controller import Controller

    controller = Controller(Rules.preset("classic"), ("random", "random"), seed=35)
    controller.next_deal()
    assert controller.human_decision().question  # this seed's first deal lets the human call a redeal
    controller.act(actions.ACTION_KEEP)
    store = MemoryStore()
    Saves(store).save_game(controller)
    again = Saves(store).load_game()
    assert again is not controller and again.pending().question == controller.pending().question
    assert (again.pending().seat, again.pending().legal) == (controller.pending().seat, controller.pending().legal)
    for _ in range(3):  # and the computer seats go on the same way
        assert again.step() == controller.step()


def test_damaged_settings_are_told_once_and_the_defaults_used(board, tmp_path):
    folder = str(tmp_path / "data")
    app, hands = start_app(FileStore(folder))
    from thousand.ui.settings_screen import set_setting

    set_setting(app, "sound", False)
    app.save_settings()
    power_cut(app)
    for name in os.listdir(folder):  # both slots (the first start's guide saved them once too)
        if name.startswith("settings."):
            with open(os.path.join(folder, name), "r+b") as file:
                file.seek(9)
                file.write(b"\xff\xff")
    app, hands = start_app(FileStore(folder))
    assert app.screen.problem.startswith("settings save damaged") and app.screen.problem.endswith("started afresh")
    assert app.settings.sound is True and app.rules == Rules.preset("classic")
    hands.press(RIGHT)  # the title stays usable
    power_cut(app)


class StopRun(Exception):
    pass


@pytest.mark.slow
def test_out_of_memory_restarts_at_the_title_from_the_save(board, monkeypatch):
    """main(): a MemoryError on a board starts the game again as a reset would: the title
    says so, and Continue reads the save again (not the game object that was half-way
    through a move) and lands where the save was."""
    from thousand.ui import app as app_module

    nvm = MemoryNvm(8192)
    storage = Saves(NvmStore(nvm))
    first, hands = start_app(NvmStore(nvm))
    first.storage = storage
    new_game(first, hands)
    drive(first, hands, Rng(5), 3)
    before = position(first)
    assert storage.load_game() is first.controller  # the game in memory, not read again

    class ScriptedApp(app_module.App):
        made = []
        failing = True

        def __init__(self, *args, **options):
            ScriptedApp.made.append(self)
            super().__init__(*args, **options)
            self.display.refresh = lambda: None

        def tick(self, now):
            if ScriptedApp.failing:
                if len(ScriptedApp.made) == 1:
                    raise MemoryError("memory allocation failed")
                raise StopRun  # the restarted game is running: leave main()
            super().tick(now)

    monkeypatch.setattr(app_module, "App", ScriptedApp)
    monkeypatch.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the drive's root
    with pytest.raises(StopRun):
        app_module.main(board=board, storage=storage)
    assert len(ScriptedApp.made) == 2
    app = ScriptedApp.made[1]
    assert app.screen_name == "title" and app.screen.problem == "Out of memory: restarted"
    ScriptedApp.failing = False
    hands = Hands(app)
    app.settings.bot_delay_ms = 0
    assert app.screen.entries()[0] == "continue"
    hands.press(A)
    assert app.controller is not first.controller
    drive(app, hands, Rng(0), 0)  # the computer seats replay their moves since the save
    assert position(app) == before


def test_a_board_that_keeps_running_out_of_memory_stops_with_the_error(board, monkeypatch):
    from thousand.ui import app as app_module

    class FailingApp(app_module.App):
        made = 0

        def tick(self, now):
            FailingApp.made += 1
            raise MemoryError("memory allocation failed")

    monkeypatch.setattr(app_module, "App", FailingApp)
    monkeypatch.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with pytest.raises(MemoryError):
        app_module.main(board=board, storage=Saves(NvmStore(MemoryNvm(8192))))
    assert FailingApp.made == 1 + app_module._MEMORY_RESTARTS


@pytest.mark.slow
def test_only_the_resident_saves_stay_loaded_during_play(board, store_maker):
    """After a Continue and a deal end, the table has let go of reading, settings,
    statistics and records, and after each move's save of its coder (encode and coding):
    between two moves only store and saves stay, and nothing they keep holds the coder's
    code alive."""
    for name in [name for name in sys.modules if name.startswith("thousand.persist.")]:
        if name not in ("thousand.persist.saves", "thousand.persist.store"):
            sys.modules.pop(name)  # what tests before this one left loaded (Five Hundred's codec)
    app, hands = start_app(store_maker(), rules_check.from_dict(SHORT))
    new_game(app, hands)
    hands.run(1)  # the table is built: the new game's save is made
    assert sorted(name for name in sys.modules if name.startswith("thousand.persist.")) == \
        ["thousand.persist.saves", "thousand.persist.store"]
    drive(app, hands, Rng(5), 14)  # into the second deal: a deal end counted the statistics
    power_cut(app)
    app, hands = start_app(store_maker())
    hands.press(A)  # Continue
    drive(app, hands, Rng(6), 1)
    assert app.screen_name == "table"
    loaded = sorted(name for name in sys.modules if name.startswith("thousand.persist."))
    assert loaded == ["thousand.persist.saves", "thousand.persist.store"]

    coder_code = []  # weak references to the functions of the coder each save loads
    write = app.storage.write

    def write_and_look(to_moves, items):
        for name in ("thousand.persist.encode", "thousand.persist.coding"):
            coder_code.extend(weakref.ref(value) for value in vars(sys.modules[name]).values()
                              if isinstance(value, types.FunctionType) and value.__module__ == name)
        write(to_moves, items)

    app.storage.write = write_and_look
    drive(app, hands, Rng(7), 3)
    gc.collect()
    assert len(coder_code) > 30 and [ref().__qualname__ for ref in coder_code if ref() is not None] == []
    power_cut(app)


def test_a_deals_end_lets_its_scoring_go_at_once(board):
    """The scoring that ended a deal is not held while the table shows the deal's end (the
    table's high point was the game's last deal, held with it)."""
    app, hands = start_app(NvmStore(MemoryNvm(8192)), rules_check.from_dict(SHORT))
    new_game(app, hands)
    chooser = Rng(5)
    for _ in range(5000):
        result = app.controller.last_result() if app.screen_name == "table" else None
        if app.controller.between_deals() and result is not None and result.result != scoring.REDEAL:
            break
        if app.screen_name == "summary":
            hands.press(A)
        elif app.screen.holds_play():
            hands.press(A)
        elif app.controller.human_decision() is None or app.screen.changed:
            hands.run(20)
        else:
            take_decision(app, hands.press, chooser)
    assert app.screen_name == "table" and app.controller.between_deals()
    assert result.result in (scoring.MADE, scoring.FAILED, scoring.CONCEDED)
    assert "thousand.scoring" not in sys.modules
    power_cut(app)


def test_the_write_policy_decides_where_each_save_goes(board):
    """A board's policy: moves to sleep memory; the settings, the new game and each deal's
    end (the game, the statistics and the wear count in one write) to the flash."""
    from thousand.persist.flash import wear_count
    from thousand.persist.saves import SavePolicy
    from thousand.persist.store import memory_store

    flash = memory_store()
    moves = memory_store()
    saves = Saves(flash, policy=SavePolicy(moves))
    saved = []  # the position of every save made, the last one last

    def recording(save):
        def saving(controller, *args):
            save(controller, *args)
            saved.append((controller.game.deal_number, list(controller.game.log)))
        return saving

    saves.save_game = recording(saves.save_game)
    saves.end_deal = recording(saves.end_deal)
    guided_seen(saves)
    assert (flash.writes, moves.writes) == (1, 0)  # the settings: the first start's guided deal was had
    app = open_app("pybadge", seed=SEED, rules=rules_check.from_dict(SHORT), window=False, storage=saves)
    app.settings.bot_delay_ms = 0
    app.display.refresh = lambda: None
    hands = Hands(app)
    assert app.screen_name == "title"
    new_game(app, hands)
    assert (flash.writes, moves.writes) == (3, 0)  # the settings (other levels) and the new game
    drive(app, hands, Rng(5), 14)
    deals = len(app.controller.sheet())
    assert deals >= 1
    # one a move of the human, except a move that ends a deal: the deal end's save has it
    assert 14 - deals <= moves.writes < 14
    assert flash.writes == 3 + deals == wear_count(saves)
    assert Saves(flash).load_game().snapshot()["seed"] == app.controller.seed
    assert Saves(flash).load_stats().deals == len([r for r in app.controller.sheet() if r.result != scoring.REDEAL])
    def position_read(*stores):
        again = Saves(stores[0], policy=SavePolicy(*stores[1:])).load_game()
        return again.game.deal_number, again.game.log

    assert position_read(flash, moves) == position_read(flash) == saved[-1]  # a deal's end: the flash
    drive(app, hands, Rng(6), 1)
    assert position_read(flash, moves) == saved[-1] != position_read(flash)  # then a move: sleep memory
    app.show("statistics")  # its last line: the wear count
    assert app.screen.items()[-1] == "Flash writes %d" % flash.writes
    power_cut(app)


@pytest.mark.slow
def test_every_file_zeroed_is_told_on_the_title_not_silently_reset(board, tmp_path):
    from thousand.persist.stats import Stats, save_stats

    folder = str(tmp_path / "data")
    app, hands = start_app(FileStore(folder), rules_check.from_dict(SHORT))
    from thousand.ui.settings_screen import set_setting

    set_setting(app, "sound", False)
    new_game(app, hands)
    drive(app, hands, Rng(5), 3)
    power_cut(app)
    stats = Stats()
    stats.games = 4
    save_stats(FileStore(folder), stats)
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        size = os.path.getsize(path)
        with open(path, "wb") as file:
            file.write(bytes(size))

    app, hands = start_app(FileStore(folder))
    problem = app.screen.problem
    assert "settings save damaged" in problem and "game save damaged" in problem and "\n" not in problem
    assert "continue" not in app.screen.entries() and app.settings.sound is True
    hands.move_to("statistics", lambda: app.screen.entries()[app.screen.cursor], len(app.screen.entries()))
    hands.press(A)
    hands.press(B)  # back on the title, which tells what the statistics screen found
    assert app.screen_name == "title" and app.screen.problem.startswith("stats save damaged")
    power_cut(app)


def _title_of_desktop_saves(monkeypatch, directory):
    from thousand.ui.desktop import desktop_saves

    monkeypatch.setenv("THOUSAND_DATA_DIR", directory)
    return start_app(desktop_saves())


def test_a_data_folder_that_cannot_be_made_is_told_once_on_the_title(board, tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    app, hands = _title_of_desktop_saves(monkeypatch, str(blocker / "thousand"))
    assert app.screen.problem.startswith("Saves off: cannot write in %s" % (blocker / "thousand"))
    app.show("title")
    assert app.screen.problem is None  # once
    power_cut(app)


def test_a_read_only_data_folder_is_told_on_the_title(board, tmp_path, monkeypatch):
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        app, hands = _title_of_desktop_saves(monkeypatch, str(folder))
        assert app.screen.problem.startswith("Saves off: cannot write in %s" % folder)
        power_cut(app)
    finally:
        folder.chmod(0o755)


def test_a_writable_data_folder_says_nothing_on_the_title(board, tmp_path, monkeypatch):
    app, hands = _title_of_desktop_saves(monkeypatch, str(tmp_path / "new" / "thousand"))
    written = os.listdir(str(tmp_path / "new" / "thousand"))
    assert app.screen.problem is None and all(name.startswith("settings.") for name in written)  # the guide seen
    power_cut(app)


def test_the_first_start_deals_the_guided_deal_once_and_the_title_offers_it_again(board, tmp_path):
    """Issue 34, item 7: the first start showed the guide's 88 lines of text pages.  It now
    deals the guided deal at once, a real deal whose table says what to do at each step (a
    board's saves keep that it was had: a second start opens at the title, with the guided
    game under Continue); the title's "How to play" deals it again."""
    from thousand import texts
    from thousand.ui.starting import _GUIDE_SEED

    folder = str(tmp_path / "data")
    app = open_app("pybadge", seed=SEED, window=False, storage=Saves(FileStore(folder)))
    app.settings.bot_delay_ms = 0
    hands = Hands(app)
    # Issue 38: first the language, each named in itself; A keeps the one on the cursor (English)
    assert app.screen_name == "language" and app.screen.items() == ["  English", "  \u0420\u0443\u0441\u0441\u043a\u0438\u0439", "  Українська", "  Polski"]
    hands.press(A)
    hands.run(50)  # the game starts at the first tick, its table is built at the next
    assert app.screen_name == "table" and app.screen is not None
    assert app.controller.seed == _GUIDE_SEED and app.controller.levels == ["normal", "normal"]
    assert rules_check.to_dict(app.controller.rules) == rules_check.to_dict(Rules.preset())
    auction_words = texts.entries("guided", "auction")[0][2]
    shown, last = "", None
    for _ in range(400):  # the table's status line tells the player what to do, a line at a time
        screen = app.screen
        if screen is not None and app.screen_name == "table":
            text = screen.table_view.status.text.strip()
            if text != last:
                shown, last = shown + " " + text, text
            if auction_words in shown:
                break
            if screen.message is None and not screen.changed and app.controller.human_decision() is not None:
                hands.press(A)  # the choice the table starts on (keep the deal)
                continue
        hands.run(20)
    assert auction_words in shown
    assert Saves(FileStore(folder)).load_settings().guided
    power_cut(app)
    again, hands = start_app(FileStore(folder))  # asserts the title: not dealt twice
    assert "continue" in again.screen.entries()  # the guided game, kept as any game is
    hands.move_to("guide", lambda: again.screen.entries()[again.screen.cursor], len(again.screen.entries()))
    assert "How to play" in again.screen.items()[again.screen.cursor]
    hands.press(A)  # from the title, How to play is the guided deal (issue 34): a table
    assert again.screen_name == "table" and rules_check.to_dict(again.controller.rules) == rules_check.to_dict(Rules.preset())
    assert again.controller.levels == ["normal", "normal"] and again.controller.seed == _GUIDE_SEED
    power_cut(again)


def to_table_menu_entry(app, hands, entry):
    """B on the table, then the table menu's cursor on ``entry``."""
    hands.press(B)
    menu = app.screen
    hands.move_to(entry, lambda: menu.entries()[menu.cursor], len(menu.entries()))


class Reloaded(BaseException):
    """A board's supervisor.reload(): the program ends (as CircuitPython's, past ``except Exception``)."""


@pytest.mark.slow
def test_on_a_board_that_reloads_every_game_starts_and_ends_in_a_fresh_vm(board, monkeypatch):
    """Where the board reloads (``board.reload``, CircuitPython's supervisor.reload()), a new
    game is saved and then played by a fresh VM: its App (``reloaded``) opens that game's
    table where it was; the game's end reloads again, and that VM shows the title with nothing
    to continue.  "Save, go to title" reloads into title.py, whose VM (``main(at_title=True)``)
    shows the title with Continue; Continue reloads too.  The desktop's board has no reload: it
    plays on."""
    from thousand.ui import app as app_module
    from thousand.ui.app import App

    assert not hasattr(board, "reload")
    nvm = MemoryNvm(8192)
    app, hands = start_app(NvmStore(nvm), rules_check.from_dict(SHORT))
    programs = []

    def reload(program=None):
        programs.append(program)
        raise Reloaded()

    monkeypatch.setattr(board, "reload", reload, raising=False)
    with pytest.raises(Reloaded):
        new_game(app, hands, ("normal", "normal"))  # opponents that reach the target
    first_deal = list(app.controller.game.dealt)  # the cards dealt
    assert Saves(NvmStore(nvm)).has_game()

    def fresh(reloaded=True):
        fresh_app = App(board, app.display, app.sheet, Saves(NvmStore(nvm)), seed=SEED + 1, reloaded=reloaded)
        fresh_app.settings.bot_delay_ms = 0
        return fresh_app, Hands(fresh_app)

    second, hands = fresh()
    hands.run(30)  # the engine imported, the save read, the table built: a tick each
    assert second.screen_name == "table" and list(second.controller.game.dealt) == first_deal
    drive(second, hands, Rng(4), 3)
    hands.press(B)  # the table's menu: "save, go to title", in a fresh VM (docs/memory.md)
    hands.move_to("title", lambda: second.screen.entries()[second.screen.cursor], len(second.screen.entries()))
    with pytest.raises(Reloaded):
        hands.press(A)
    assert programs[-1] == "title"

    class Started(BaseException):
        pass

    def started(app_of_main):
        raise Started(app_of_main)

    monkeypatch.setattr(board, "reloaded", lambda: True, raising=False)  # as a reload's run reason says
    monkeypatch.setattr(App, "run", started)
    with pytest.raises(Started) as main_started:
        app_module.main(board, Saves(NvmStore(nvm)), at_title=True)  # title.py's VM
    monkeypatch.undo()
    monkeypatch.setattr(board, "reload", reload, raising=False)
    titled = main_started.value.args[0]
    assert titled.screen_name == "title" and titled.screen.entries()[0] == "continue"
    titled.settings.bot_delay_ms = 0
    hands = Hands(titled)
    with pytest.raises(Reloaded):
        hands.press(A)  # Continue: a fresh VM plays it
    assert programs[-1] is None  # code.py's
    third, hands = fresh()
    hands.run(30)
    assert third.screen_name == "table"
    with pytest.raises(Reloaded):
        drive(third, hands, Rng(4))  # to the game's end: its summary, then a reload
    fourth, hands = fresh()
    assert fourth.screen_name == "title" and fourth.screen.entries()[0] != "continue"
    assert load_stats(NvmStore(nvm))[0].games == 1  # the game's end was counted before the reload


@pytest.mark.slow
def test_on_a_board_that_reloads_the_record_is_written_by_a_vm_of_its_own_then_a_fresh_vm_plays_on_at_the_same_move(
        board, capsys, monkeypatch):
    """The record's writer puts about 56 names in a VM's pool for good, which took a game's
    VM past the pool's step (docs/memory.md): on a board that reloads, the table menu's record
    saves the game and reloads into ``record.py``, whose VM writes the saved game's record to
    the serial console and reloads; the fresh VM after it opens the table at the player's last
    move, and its computers move again as they had, to where the record was sent."""
    from thousand.ui import record_program
    from thousand.ui.app import App

    monkeypatch.delattr(board, "send_record")
    nvm = MemoryNvm(8192)
    app, hands = start_app(NvmStore(nvm), rules_check.from_dict(SHORT))
    new_game(app, hands)
    drive(app, hands, Rng(5), 3)
    game = app.controller.game
    where = (list(game.dealt), game.deal_number, game.phase, list(game.log))
    programs = []

    def reload(program=None):
        programs.append(program)
        raise Reloaded()

    monkeypatch.setattr(board, "reload", reload, raising=False)
    capsys.readouterr()
    to_table_menu_entry(app, hands, "record")
    with pytest.raises(Reloaded):
        hands.press(A)
    assert programs == ["record"] and capsys.readouterr().out == ""  # nothing written by the game's VM
    with pytest.raises(Reloaded):  # record.py's VM: the save read, the record written, code.py next
        record_program.main(board, Saves(NvmStore(nvm)))
    assert programs == ["record", None]
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and replay(json.loads(lines[0]))["scores"] == game.scores
    fresh = App(board, app.display, app.sheet, Saves(NvmStore(nvm)), seed=SEED + 1, reloaded=True)
    fresh.settings.bot_delay_ms = 0
    hands = Hands(fresh)
    hands.run(30)  # the engine imported, the save read, the table built: a tick each
    game = fresh.controller.game
    assert fresh.screen_name == "table" and game.log == where[3][:len(game.log)]  # at the player's last move
    hands.run(200)  # the computers' moves after it, made again as they were
    assert (list(game.dealt), game.deal_number, game.phase, list(game.log)) == where
    drive(fresh, hands, Rng(6), 2)  # it plays on
    power_cut(fresh)


def test_a_board_without_record_py_on_its_drive_writes_the_record_in_the_games_vm_and_plays_on(board, capsys, monkeypatch):
    """``board.reload(program)`` is False where the program's file is not on the drive (a copy
    by hand without it: CircuitPython's set_next_code_file says "File not found"): the game's
    VM writes the record itself, says so, and plays on at its table."""
    monkeypatch.delattr(board, "send_record")
    app, hands = start_app(NvmStore(MemoryNvm(8192)), rules_check.from_dict(SHORT))
    new_game(app, hands)
    drive(app, hands, Rng(5), 2)
    programs = []

    def reload(program=None):
        programs.append(program)
        if program is not None:
            return False
        raise Reloaded()

    monkeypatch.setattr(board, "reload", reload, raising=False)
    capsys.readouterr()
    to_table_menu_entry(app, hands, "record")
    hands.press(A)
    assert programs == ["record"] and app.screen_name == "table"
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and replay(json.loads(lines[0]))["scores"] == app.controller.game.scores


def test_on_a_board_five_hundreds_players_and_agreements_fit_the_settings_and_its_new_game_is_played_by_a_fresh_vm(
        board, monkeypatch):
    """A board keeps the settings in a 64-byte slot of its NVM (52 bytes of them).  Five
    Hundred's rules were kept there as their dict (33 bytes for the preset and the players
    alone): choosing Five Hundred made every later settings save fail ("settings save too
    big"), and the failed save kept its new game from the fresh VM that plays a game."""
    from thousand.five_hundred.rules import Rules as FiveHundredRules

    nvm = MemoryNvm(8192)
    app, hands = start_app(NvmStore(nvm))

    def reload(program=None):
        raise Reloaded()

    monkeypatch.setattr(board, "reload", reload, raising=False)
    title = app.screen
    hands.move_to("five hundred", lambda: title.entries()[title.cursor], len(title.entries()))
    hands.press(A)
    hands.press(A)  # Players: 4
    hands.press(RIGHT)
    hands.press(A)  # Rules: simple
    hands.press(RIGHT)
    hands.press(A)  # Change agreements: the editor
    for row in (7, 8, 12, 13):  # all_pass, the Joker's nomination, target, lose_at: each changed
        hands.move_to(row, lambda: app.screen.cursor, len(app.screen.items()))
        hands.press(A)
    chosen = app.screen.rules.copy()
    assert chosen.to_dict() != {"preset": "simple", "players": 4}
    hands.press(B)  # the players' screen
    hands.move_to(3, lambda: app.screen.cursor, 4)
    with pytest.raises(Reloaded):
        hands.press(A)  # Start the game: saved, then a fresh VM plays it
        hands.run(100)
    assert app.storage.problem is None
    kept = Saves(NvmStore(nvm))
    assert FiveHundredRules.from_bytes(kept.load_settings().five_hundred).to_dict() == chosen.to_dict()
    assert kept.has_game()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["samd51", "esp32s3"])
def test_before_every_reload_the_flash_holds_the_newest_save_so_sleep_memory_cleared_by_it_loses_nothing(
        board, monkeypatch, name):
    """A power cut loses at most the deal in progress, and a reload nothing, even on a firmware
    that clears sleep memory at a reload (CircuitPython 10.3.0's pre-releases after a
    power-on, adafruit/circuitpython#11167): a new game and the game's end are on the flash
    before their reloads, and Continue after a reset (sleep memory kept, newer than the
    flash) puts the moves on the flash first."""
    from boardstores import MODELS, SleepMemory
    from thousand.persist.boards import _SLEEP_BYTES, POLICIES, policy_saves
    from thousand.ui.app import App

    nvm = MODELS[name]()
    sleep = SleepMemory(POLICIES[name][_SLEEP_BYTES])

    def reload(program=None):
        raise Reloaded()

    def cleared_by_the_reload():
        sleep.data[:] = bytes(len(sleep.data))

    def start(reloaded):
        app = App(board, first.display, first.sheet, policy_saves(name, NvmStore(nvm), sleep), seed=SEED + 1,
                  reloaded=reloaded)
        app.settings.bot_delay_ms = 0
        return app, Hands(app)

    first, hands = start_app(policy_saves(name, NvmStore(nvm), sleep), rules_check.from_dict(SHORT))
    monkeypatch.setattr(board, "reload", reload, raising=False)
    with pytest.raises(Reloaded):
        new_game(first, hands, ("normal", "normal"))
    dealt = list(first.controller.game.dealt)
    cleared_by_the_reload()
    second, hands = start(True)
    hands.run(30)
    assert second.screen_name == "table" and list(second.controller.game.dealt) == dealt
    drive(second, hands, Rng(4), 3)  # three moves into the first deal: in sleep memory only
    drive(second, hands, Rng(4), 0)  # the computer seats' moves after them
    before = position(second)
    writes = nvm.writes
    third, hands = start(False)  # a reset: sleep memory kept, the title
    assert third.screen_name == "title" and third.screen.entries()[0] == "continue"
    with pytest.raises(Reloaded):
        hands.press(A)  # Continue: a fresh VM plays it
    assert nvm.writes == writes + 1  # the moves on the flash before the reload
    cleared_by_the_reload()
    fourth, hands = start(True)
    hands.run(30)
    drive(fourth, hands, Rng(0), 0)
    assert position(fourth) == before
    with pytest.raises(Reloaded):
        drive(fourth, hands, Rng(4))  # to the game's end: its summary, then a reload
    cleared_by_the_reload()
    fifth, hands = start(True)
    assert fifth.screen_name == "title" and fifth.screen.entries()[0] != "continue"
    assert fifth.storage.load_stats().games == 1


def test_a_save_that_fails_before_a_reload_is_told_and_the_game_plays_on_without_the_reload(board, monkeypatch):
    """A new game whose save the flash refuses (a write that fails, or reads back wrong) is
    not handed to a fresh VM, which would find the game before it and never hear of the
    failure: the table says it, and the game goes on in this program."""
    from boardstores import MODELS, SleepMemory
    from thousand.persist.boards import _SLEEP_BYTES, POLICIES, policy_saves

    class Refusing(MODELS["samd51"]):
        refuse = False

        def __setitem__(self, index, values):
            if self.refuse:
                raise OSError(5, "Input/output error")
            MODELS["samd51"].__setitem__(self, index, values)

    nvm = Refusing()
    app, hands = start_app(policy_saves("samd51", NvmStore(nvm), SleepMemory(POLICIES["samd51"][_SLEEP_BYTES])),
                           rules_check.from_dict(SHORT))

    def reload(program=None):
        raise Reloaded()

    monkeypatch.setattr(board, "reload", reload, raising=False)
    app.levels = ["random", "random"]
    app.save_settings()  # so that the new game's screen writes no settings
    nvm.refuse = True
    new_game(app, hands)  # no reload
    hands.run(3)
    assert app.controller is not None and "cannot save" in app.screen.table_view.status.text
    drive(app, hands, Rng(4), 2)  # play goes on (its moves to sleep memory)
    assert app.screen_name == "table"
    power_cut(app)
