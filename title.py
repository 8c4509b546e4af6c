"""Thousand's title, after "Save, go to title" on a board: CircuitPython runs this file once
after the game's reload (``supervisor.set_next_code_file``), so that the title is a fresh VM's
and not the game's VM's (thousand.ui.app's ``save_and_leave`` says why); code.py again after it.

Under the same guard as code.py: a desktop ``import title`` starts nothing.
"""

if __name__ == "__main__":
    import gc

    from thousand.ui.app import main

    gc.collect()
    main(at_title=True)
