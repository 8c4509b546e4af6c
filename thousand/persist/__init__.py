"""Saves, settings, statistics and game records (docs/saves.md).

Resident during play (a save after every human move): ``store`` (slots, CRC, the NVM),
``encode`` (the game's bytes) and ``saves`` (the App's doorway, the settings object, the
write policy).  Loaded only when used and unloaded again: ``files`` (file stores, the
store of this machine; the desktop's store keeps it), ``restore``
(Continue, damage reports, format migration, reading settings), ``settings`` (their
bytes), ``stats`` (the statistics, at deal ends), ``records`` (REFEREE.md record files),
``boards`` (every board's save policy, at start) and ``flash`` (a write of a board's flash,
with its wear count: a few times a game).
"""
