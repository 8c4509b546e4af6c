"""How the app starts a game: a new one, the saved one (Continue), the first start's guided
deal, and the fresh VM a board plays each game in; and what the app does once a VM or once a
game: the device opened (``open_device``, ``main()``'s), the language's words (``speak``),
"save, go to title" (``save_and_leave``).

Loaded for the moment a game starts and let go at the next screen change
(``thousand.ui.scenes.ON_DEMAND``). On a board every game is played by a VM of its own,
which starts that one game at its first table: as part of the always-loaded app, this code
sat in the heap for the whole game (565 bytes of a board's heap, docs/memory.md). The app's
methods that start a game (``App.new_game``, ``App.continue_game``, ``App.start_guided``,
and the job ``finish_show``) call these, and ``App.__init__`` its set-up (``set_up``).
"""

import sys

from thousand import DEFAULT_LEVEL, LANGUAGES, PLAYER_LEVELS
from thousand.persist.saves import LEAVE, NEW_GAME, Saves
from thousand.persist.store import memory_store

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_CONTINUE = const(-1)  # App.to_start: the saved game (a new game's is its seed)
# The guided deal's game (thousand.ui.guide): a const in each module that reads it (menus.py,
# table.py, sheet.py), as a const costs no name.
_GUIDE_SEED = const(16777229)


def new_game(app):
    """The menus are let go first; the engine is loaded at the next tick, and the table
    built at the one after (``finish_show``): a collection between each on the VM."""
    seed = app.seed
    if seed is None:
        import os

        seed = int.from_bytes(os.urandom(3), "little")
    else:
        seed = seed + app.games_started
    app.games_started += 1
    app.save_settings()  # the rules and levels chosen for this game are the next game's too
    app.to_start = seed
    app.show("table")


def start_guided(app):
    """The first start's guided deal, a real deal in which the table says what to do at
    each step and why (the title's "How to play" deals it again).  Kept as seen at once:
    a player who switches off in it finds it under Continue."""
    app.settings.guided = True
    app.save_settings()
    app.to_start = _GUIDE_SEED
    app.show("table")


def continue_game(app):
    controller = app.controller
    if controller is None or controller.over():
        app.to_start = _CONTINUE  # read once the menus are let go (new_game)
    app.show("table")


def start_pending(app):
    """The game ``app.to_start``: a new one (saved at once, replacing the game before) or
    the saved one (the title again if it cannot be read)."""
    seed, app.to_start = app.to_start, None
    storage = app.storage
    if seed == _CONTINUE:
        if fresh_vm(app):
            return
        if "thousand.persist.continuing" not in sys.modules:
            # The engine and the save's reader are imported in a tick of their own, the
            # save read and replayed at the next: a tick's garbage is what sets the heap a
            # board needs between collections (a fresh VM's first tick did both: 57 KB).
            # Only the saved game's: the other's would leave its names in the pool.
            from thousand.persist.continuing import saved_game

            if saved_game(storage.game_record) == "five_hundred":
                import thousand.five_hundred.controller  # noqa: F401
                import thousand.persist.five_hundred  # noqa: F401
            else:
                import thousand.controller  # noqa: F401
                import thousand.persist.restore  # noqa: F401

            app.to_start = _CONTINUE  # finish_show comes back here at the next tick
            app.queue("finish_show")
            return
        app.reloaded = False  # the fresh VM's own game is read: the next start reloads
        saved = storage.load_game()
        if saved is None:
            app.show("title")
            return
        start(app, saved)
        return
    if app.five_hundred is not None:  # the title's other game
        from thousand.ui.five_hundred_app import new_controller

        start(app, new_controller(app, seed))
    else:
        from thousand.controller import Controller

        guided = seed == _GUIDE_SEED  # the guided deal's game: classic agreements, normal computers
        start(app, Controller(app.rules.preset() if guided else app.rules.copy(), levels=(DEFAULT_LEVEL, DEFAULT_LEVEL) if guided else app.levels,
                             seed=seed))
    storage.save_game(app.controller, NEW_GAME)
    if storage.has_game() and fresh_vm(app):
        return
    app.settle()  # the save's coder, and the flash's, and this module
    app.report_problem()


def fresh_vm(app, program=None):
    """A game's start and its end on a board (``board.reload``): the game, saved, is played
    by a fresh VM, which ``main()`` starts at its table (``board.reloaded()``; at the
    title once the game is over).  The heap holds names and holes for good once made
    (MicroPython frees neither), and a session's menus, help, hints, refusals and earlier
    games made them: a fresh VM for each game keeps an evening's heap at one game's
    (docs/memory.md has the figures).  False where the board does not reload (the
    desktop), in the fresh VM's own first start, or when a save failed.  ``program``: what
    the fresh VM runs before code.py's next one does (``board.reload``: the table menu's
    ``record.py``, ``thousand.ui.record_program``; "save, go to title"'s ``title.py``; each named
    without its ".py")."""
    reload = getattr(app.board, "reload", None)
    if reload is None or app.reloaded:
        return False
    storage = app.storage
    # A save must be on the flash before it: the flash takes what sleep memory holds
    # newer (a reset left it), as some firmware clears sleep memory at a reload
    # (CircuitPython 10.3.0's pre-releases after a power-on: docs/saves.md).
    storage.flush(True)
    if storage.problem is not None:
        return False  # a save failed: said here, where this program plays on (a reload would lose the words)
    if reload(program) is False:  # the program's file is not on the drive: this VM does it
        return False
    return True


def set_up(app, board, display, sheet, storage, rules, seed, reloaded, language):
    """``App.__init__``: the app over ``board``, its settings read, and its first screen
    (the title, the first start's language and guided deal, or a reload's table).  Here, as it
    runs once a VM (a board plays each game in a VM of its own): about 600 bytes of code the
    always-loaded app no longer holds."""
    app.board = board
    app.display = display
    app.width = board.width
    app.height = board.height
    app.sheet = sheet
    first = storage is not None  # a session that keeps its settings deals the guided deal first
    if storage is None:  # this session only
        storage = Saves(memory_store())
    app.storage = storage
    app.settings = storage.load_settings()  # a thousand.persist.settings.Settings
    if language is not None:  # this session's (tools/play.py --lang): kept as the player's choice
        app.settings.language = LANGUAGES.index(language)
    speak(app)
    board.set_muted(not app.settings.sound)
    app.rules = rules if rules is not None else app.settings.rules  # for the next new game
    # the saved computer levels where this program has them, else the default one
    levels = app.settings.levels if app.settings.levels is not None and len(app.settings.levels) == 2 else (
        DEFAULT_LEVEL, DEFAULT_LEVEL)
    app.levels = [level if level in PLAYER_LEVELS else DEFAULT_LEVEL for level in levels]
    app.seed = seed  # None: a new seed per game
    app.games_started = 0
    app.controller = None
    app.screens = {}
    app.screen = None
    app.screen_name = None
    app.back_to = "title"  # where the menus return to
    app.chosen = {}  # each menu's row chosen last, by its title (back there, its cursor is there)
    app.key_words = None  # the board's key line in the player's words (menu_screen.board_keys)
    app.help_from = None  # the screen SELECT opened the help from (B goes back there)
    app.hint = None  # the action a hint asked for in the table's menu names (the table points to it)
    app.thinker = None  # the hard bot thinking of that hint, in the table's menu
    app.last_trick = False  # chosen in the table's menu: the table shows the last trick until a key
    app.settings_changed = False  # saved once when the settings screen is left
    app.dirty = True
    app.last_move_ms = 0
    app.deal_over_ms = None  # when the deal in play ended
    app.deal_unsaved = False  # a deal ended and is not yet saved and counted (deal_ended)
    app.to_start = None  # a new game's seed, or _CONTINUE (thousand.ui.starting): the game the table will show
    app.five_hundred = None  # the new game to start is Five Hundred's: its rules' dict (Rules.to_dict())
    app.turn_seat = -1
    app.now = 0
    app.key_ms = board.ticks_ms()  # the last key's time (the backlight dims a minute after it); None: dimmed
    app.ticking = False  # in tick(): a new screen is built at the next tick (show)
    # The heavy things still to do, one a tick (tick), so that a board collects one's
    # garbage before the next: the names of the App's methods that do them ("finish_show":
    # a screen to build or a game to start; "deal_ended": a deal's end to save and count;
    # "think_slice": a slice of a hint's thinking, think_hint).  Keys wait while it holds a job.
    app.jobs = []
    # A board's reload at a game's start (fresh_vm): this program is the fresh VM
    # that plays the saved game, from its table.
    app.reloaded = reloaded and storage.has_game()
    if app.reloaded:  # the game read at the first tick, its table built at the next (tick)
        app.to_start = _CONTINUE
        app.ticking = True  # show leaves the start to the first tick
        app.show("table")
        app.ticking = False
        return
    # (a problem with the saves is said on the title first: damaged settings read as new)
    if first and not app.settings.guided and storage.problem is None:
        # The first start: the language (menus.LanguageScreen), then the guided deal
        # (start_guided); a session given its language starts with the deal.
        if language is None:
            app.show("language")
            return
        app.ticking = True  # started at the first tick, as a reload's game is
        app.start_guided()
        app.ticking = False
        return
    app.show("title")


def open_device(board, storage, at_title):
    """``thousand.ui.app.main``'s start: (the board of this machine, its storage, its display,
    the sprite sheet, whether this program is a reload's that plays the saved game)."""
    if board is None:
        from thousand.hw.choose import load

        board = load()
    if storage is None:
        from thousand.persist.boards import board_saves

        storage = board_saves(board)
    display = board.open()
    display.auto_refresh = False
    from thousand.ui.sprites import SHEET_PATH, Sheet

    reloaded = getattr(board, "reloaded", None)
    return board, storage, display, Sheet(SHEET_PATH), reloaded is not None and reloaded() and not at_title


def speak(app):
    """The settings' language from now on (thousand.texts.set_language): at a VM's start
    (``set_up``) and when the settings change it (``thousand.ui.settings_screen``).  Here, not
    the App's: its code is held for good."""
    from thousand.texts import set_language  # on demand (thousand.ui.scenes)

    language = LANGUAGES[app.settings.language]
    set_language(language)
    app.key_words = None  # the key line in the new language's words, when next asked
    app.sheet.use_language(language)  # the cards' ranks as the language writes them
    show_window_keys = getattr(app.board, "show_window_keys", None)  # the desktop's window only
    if show_window_keys is not None:
        from thousand.ui.menu_screen import keys

        show_window_keys(keys(app.board.WINDOW_KEYS))


def start(app, controller):
    """Play ``controller``'s game from where it is (a new game or a continued one)."""
    app.controller = controller
    # A board keeps its game's last deals for the record, not all (thousand.hw.device); where
    # its drive is read-only to the game (a board's default) no record is written from them (the
    # one sent for a bug report is read from the save: thousand.ui.record_program), so it keeps
    # none (records_kept 0, the sheet only): up to 1.6 KB of a long game's heap at the table, and
    # a deal's end packs none (docs/memory.md, "No records where none is written").
    kept = getattr(app.board, "records_kept", None)
    if kept is not None and app.storage.records_dir == "":
        kept = 0
    controller.game.records_kept = kept
    app.chosen.clear()  # after a game, the menus start at the top again
    controller.listeners = [app.on_action]
    controller.on_think = app.keep_alive
    if controller.between_deals():  # a new game, or one saved after its last summary
        controller.next_deal()
    app.deal_over_ms = None
    app.last_move_ms = app.now
    app.show("table")


def save_and_leave(app):
    """"Save, go to title" (the table's menu): the save, and the game's record where records
    can be written (its writers' modules, about 10 KB of a board's heap at the game's end, let
    go again); on a board the title is a fresh VM's (title.py): the game's VM, its names near
    the pool's step after a game's menus, help and hints, took a 7.5 KB table for the title's
    menus (docs/memory.md, "A name pool as a board's")."""
    app.storage.save_game(app.controller, LEAVE)
    app.storage.export(app.controller)
    app.settle()
    if fresh_vm(app, "title"):
        return
    # The title holds no game: Continue reads it again (the engine's modules are let go
    # meanwhile, thousand/ui/scenes.py).
    app.controller = None
    app.storage.reread_game()
    app.back_to = "title"
    app.show("title")
