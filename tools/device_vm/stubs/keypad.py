"""keypad's stand-in: each keys object is its own event queue (``events``), which the robot
driving the game fills (``events.queue``: (key_number, pressed) pairs, stamped with the
clock when read)."""
import supervisor


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = 0


class Keys:
    """``keypad.Keys`` and ``ShiftRegisterKeys`` at once, their keyword arguments named as
    CircuitPython 10's (circuitpython-stubs 10.2.1): a board's firmware holds those names in
    its own table, so the game's call must not count them as the game's
    (tools/device_budget.py's names)."""

    def __init__(self, pins=None, *, clock=None, data=None, latch=None, value_to_latch=True, key_count=None,
                 value_when_pressed=False, pull=True, interval=0.02, max_events=64, debounce_threshold=1):
        self.events = self
        self.queue = []

    def reset(self):
        pass

    def get_into(self, event):
        if not self.queue:
            return False
        event.key_number, event.pressed = self.queue.pop(0)
        event.released = not event.pressed
        event.timestamp = supervisor.ticks_ms()
        return True

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        self.queue = []

    def __len__(self):
        return len(self.queue)


ShiftRegisterKeys = Keys
