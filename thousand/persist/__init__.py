"""Saves, settings, statistics and game records (docs/saves.md).

Resident (thousand/ui/scenes.py, the load plan, says it for each module): ``store`` (slots,
CRC, the NVM) and ``saves`` (the App's doorway and the write policy).  Loaded for each
save of the game and let go after it: ``encode`` (the game's bytes) and ``coding``.
Loaded only when used and let go at the next screen change: ``files`` (file stores, the
store of this machine), ``reading`` and ``restore`` (Continue, damage reports, format
migration), ``settings`` (their values and bytes) with ``rules_sheet``, ``stats`` (the
statistics, at deal ends), ``records`` (REFEREE.md record files), ``boards`` (every
board's save policy, at start), ``journal`` (the RP2040's store: it stays with the saves
it was made for) and ``flash`` (a write of a board's flash, with its wear count: a few
times a game).  ``safe_files`` is the desktop's only.
"""
