"""The desktop board's real clock advances (a frozen clock froze every key after its first press)."""

import time

from thousand.hw import desktop
from thousand.hw.keys import A, NO_KEY, KeyRepeater


def test_real_clock_advances_and_a_quick_tap_can_be_repeated(monkeypatch):
    monkeypatch.setattr(desktop, "clock_ms", None)
    first = desktop.ticks_ms()
    time.sleep(0.05)
    assert 40 <= desktop.ticks_ms() - first < 5000
    repeater = KeyRepeater()
    for _ in range(3):  # down and up in the same instant, as a window delivers a fast tap
        now = desktop.ticks_ms()
        repeater.feed(A, True, now)
        repeater.feed(A, False, now)
        got = repeater.poll(now)
        deadline = now + 200
        while got == NO_KEY and desktop.ticks_ms() < deadline:  # a tap right after a settle waits out the bounce window
            time.sleep(0.005)
            got = repeater.poll(desktop.ticks_ms())
        assert got == A
        time.sleep(0.1)
        assert repeater.poll(desktop.ticks_ms()) == NO_KEY
