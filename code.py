"""Thousand on the handheld: the game lives in the compiled thousand/ui/app.mpy (less RAM than a .py)."""
import gc

from thousand.ui.app import main

gc.collect()
main()
