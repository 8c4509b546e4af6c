"""supervisor's stand-in: a millisecond clock that the robot driving the game advances, and
``reload()`` (with ``set_next_code_file``), which ends the program as a board's does: the
robot (tools/device_vm/robot.py) catches ``Reload`` and tools/wasm32/steps.mjs goes on in a
fresh VM."""
now = [0]
next_code_file = [None]


class Reload(BaseException):  # as CircuitPython's: no ``except Exception`` stops it
    pass


def ticks_ms():
    return now[0] & 0x3FFFFFFF


def set_next_code_file(filename, reload_on_error=False):  # run once by the next VM (robot.py: carry), then code.py
    # (the keyword named as CircuitPython's, whose firmware holds the name: the game's call interns none)
    next_code_file[0] = filename


def reload():
    raise Reload()


class RunReason:
    STARTUP = 1
    SUPERVISOR_RELOAD = 4


class _Runtime:
    run_reason = RunReason.STARTUP  # the robot sets it for a VM that a reload made


runtime = _Runtime()
