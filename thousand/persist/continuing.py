"""Continue, whichever game is saved: the game save read back into a Controller ready to play on.

The game-neutral part of reading a game save: which game it holds (a save of format 2 names
it in its first byte, docs/saves.md), and that game's decoder loaded for it only, Thousand's
(``thousand.persist.restore``, with Thousand's engine) or Five Hundred's
(``thousand.persist.five_hundred``), so that continuing one game loads none of the other's
engine: its names would stay in a board's name pool until the next reload (docs/memory.md).

Loaded for a Continue and let go at the next screen change.  A save that cannot be used
is reported in one line (``SaveError``) and, where files can be written, a copy of its
bytes is kept beside the saves (``game.damaged-1``, ``reading``); it never stops the game.
"""

from thousand.persist.coding import FORMAT_NAMING_THE_GAME, GAME_FIVE_HUNDRED, GAME_THOUSAND
from thousand.persist.reading import keep_aside, read_record
from thousand.persist.store import SaveError, pack_record


def load_game(pair, memo=None):
    """(game, extra) of the game save, None when there is none; SaveError (one line) for a
    damaged, foreign or newer save, after keeping a copy aside where the store can."""
    found = load_named(pair, memo)
    return None if found is None else found[1:]


def load_named(pair, memo=None):
    """(the game's name, game, extra) of the game save, as ``load_game``.  A save of format 2
    names its game in its first byte (docs/saves.md): Thousand's payload follows, or Five
    Hundred's (``thousand.persist.five_hundred``, loaded for it only)."""
    found = read_record(pair, FORMAT_NAMING_THE_GAME)
    if found is None or not found[1]:  # nothing saved, or the empty save of a game over
        return None
    version, payload = found
    try:
        if version < FORMAT_NAMING_THE_GAME or payload[0] == GAME_THOUSAND:
            from thousand.persist.encode import FORMAT_VERSION, new_memo
            from thousand.persist.restore import decode_game  # Thousand's engine with it

            if memo is not None and not memo:  # an empty list asks for the saves' memo
                memo.extend(new_memo())
            if version < FORMAT_NAMING_THE_GAME:
                return ("thousand",) + decode_game(payload, version, memo)
            return ("thousand",) + decode_game(memoryview(payload)[1:], FORMAT_VERSION, memo)
        if payload[0] == GAME_FIVE_HUNDRED:
            try:  # a lib folder without Five Hundred (copied from a bundle older than it)
                from thousand.persist.five_hundred import decode_game as decode_five_hundred
            except ImportError:
                raise SaveError("the saved game is Five Hundred, which this version does not play")
            return ("five_hundred",) + decode_five_hundred(payload)
        raise SaveError("save is of a game this version does not know")
    except SaveError as error:
        message = str(error)
    except MemoryError:
        # No room now is no damage: the app starts again and reads the save again
        # (thousand.ui.app.main), where calling it unreadable would lose the game.
        raise
    except Exception as error:  # a bad save must never stop the game from starting
        message = "save unreadable (%s)" % type(error).__name__
    raise SaveError(message + keep_aside(pair, pack_record(pair.kind, version, 0, payload)))


def saved_game(pair):
    """Which game the save holds ("thousand", "five_hundred"), read but not decoded; None
    when there is none (or it cannot be read: ``load_game`` says why)."""
    try:
        found = read_record(pair, FORMAT_NAMING_THE_GAME)
    except SaveError:
        return None
    if found is None or not found[1]:
        return None
    if found[0] < FORMAT_NAMING_THE_GAME or found[1][0] == GAME_THOUSAND:
        return "thousand"
    return "five_hundred" if found[1][0] == GAME_FIVE_HUNDRED else None


def load_controller(saves, pair):
    """Continue: the saved game as a Controller ready to play on, or None (no save, or a
    bad one, reported to ``saves``).  A deal that ended after the game save but before the
    statistics save (a power cut between the two) is counted now.  A game of Five Hundred
    is continued as Five Hundred's (the screens and the terminal game play it)."""
    memo = []  # a Thousand save's rules and sheet as read (encode.new_memo's), for the next save
    try:
        found = load_named(pair, memo)
    except SaveError as error:
        saves.report(str(error))
        return None
    if found is None:
        return None
    name, game, extra = found
    if name != "thousand":
        return five_hundred_controller(saves, game, extra)
    from thousand.controller import HUMAN, Controller

    try:
        controller = Controller.restore(game, extra)
        asked = extra.get("ask")
        if asked is not None:  # saved before the game held its redeal questions (issue 33): the
            game.questions = 0  # seats still to be asked were the snapshot's, a "keep" no action
            for seat in asked:
                game.questions |= 1 << seat
    except (KeyError, IndexError, TypeError, ValueError) as error:  # a snapshot we did not write
        saves.report("save unusable (%s)" % type(error).__name__)
        return None
    stats = saves.load_stats()
    if stats.record_game(game, HUMAN) if game.over else stats.record_deal(game, HUMAN):
        saves.save_stats(stats)
    if game.over:  # saved just before the save was to be cleared: nothing to continue
        saves.clear_game()
        return None
    saves.encoded = memo  # the rules and the sheet as read: the next save encodes neither again
    return controller


def five_hundred_controller(saves, game, extra):
    """The Controller of a saved game of Five Hundred, or None (reported).  A deal that ended
    after the game save but before the statistics save is counted now, as Thousand's."""
    try:
        from thousand.five_hundred.controller import Controller  # (where the save's decoder was: above)
    except ImportError:
        return None
    try:
        controller = Controller.restore(game, extra)
    except (KeyError, IndexError, TypeError, ValueError) as error:  # a snapshot we did not write
        saves.report("save unusable (%s)" % type(error).__name__)
        return None
    from thousand import HUMAN
    from thousand.persist.five_hundred_stats import record_deal, record_game

    stats = saves.load_stats()
    if record_game(stats, game, HUMAN) if game.over else record_deal(stats, game, HUMAN):
        saves.save_stats(stats)
    return controller
