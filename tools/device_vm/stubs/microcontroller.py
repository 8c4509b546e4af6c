"""microcontroller's stand-in: the board's 8 KB NVM (outside the heap on a board)."""
NVM_BYTES = 8192
nvm = bytearray(b"\xff" * NVM_BYTES)  # erased flash reads 0xFF
