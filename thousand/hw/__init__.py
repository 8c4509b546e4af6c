"""Board support: one module per board with the same API, picked at run time.

Every board module offers: ``name``, ``width``, ``height``, ``display``
(None until ``open()``), ``open()`` -> display, ``poll()`` -> next logical
key from ``thousand.hw.keys`` or NO_KEY, ``beep(freq, ms)``,
``set_muted(on)``, ``show_turn(seat)`` (seat or None), ``key_help``
(one line naming the buttons).  A device board also names its save policy
(``save_policy``, a row of ``thousand.persist.boards``) and offers ``sleep_memory()``
and ``battery_volts()`` (None where unknown).  Only board modules import ``board``.

Which module is this machine's: ``thousand.hw.choose`` (loaded at boot only).  Every
board's row for the desktop and the tools (its bundle, its screen): ``thousand.hw.boards``,
which no board loads.
"""
