"""Thousand on the handheld: the game lives in the compiled thousand/ui/app.mpy (less RAM than a .py).

CircuitPython runs this file as __main__; the guard keeps a desktop ``import code``
(pdb does one, and this folder is on sys.path in tests) from starting the game.
"""

if __name__ == "__main__":
    import gc

    from thousand.ui.app import main

    gc.collect()
    main()
