"""alarm's stand-in: ``sleep_memory``, RAM that a board keeps outside the heap through a reset
(not a power cut).  tools/device_vm/robot.py makes it as large as the board's firmware has it
before the game asks for it; tools/device_budget.py leaves it out of every figure, as the NVM."""

sleep_memory = None
