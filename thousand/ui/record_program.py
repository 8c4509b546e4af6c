"""The game's record to the serial console, by a VM of its own: what ``record.py`` runs on a
board after the table menu's "record" (``thousand.ui.table_menu``) saved the game and
reloaded with it as the next program (``board.reload``).

The record's writer puts about 56 names in a VM's pool for good; written by the game's VM,
at its table's menu after the menus, the help and the hints had put theirs, it took that VM
past the pool's step at 1,260 names, a table of 7.5 KB in one block of a heap the game had
fragmented (docs/memory.md, "A name pool as a board's").  Here the VM holds the board, the
save and the game read from it, and the writer; then it reloads, and code.py's fresh VM opens
the game at its table, at the move saved.
"""


def main(board=None, storage=None, out=None):
    """Read the saved game (Thousand's or Five Hundred's), write its record as one line on
    ``out`` (the serial console), then reload: code.py runs next (``board.reload``; an error
    here reloads too, and the game is kept).  Nothing saved: nothing written."""
    if board is None:
        from thousand.hw.choose import load

        board = load()
    if storage is None:
        from thousand.persist.boards import board_saves

        storage = board_saves(board)
    if out is None:
        import sys

        out = sys.stdout
    controller = storage.load_game()
    if controller is not None:
        controller.write_record(out)
    board.reload()
