"""A seeded PRNG that gives the same numbers on CPython, MicroPython and CircuitPython.

CircuitPython's ``random`` has no ``shuffle`` and another generator than CPython,
so a seed would not reproduce a deal.  This is two multiply-with-carry generators
in base 2**15 (multipliers 32760 and 32730, for which ``a * 2**15 - 1`` is a safe
prime, period about 2**29 each).  Every intermediate value stays below 2**30, so a
32-bit microcontroller never leaves small ints: no allocation per number.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
True
>>> deck = list(range(24)); Rng(1).shuffle(deck); sorted(deck) == list(range(24))
True
"""

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_MUL_Z = const(32760)
_MUL_W = const(32730)
_MASK15 = const(0x7FFF)
_MOD_Z = const(_MUL_Z * 32768 - 1)
_MOD_W = const(_MUL_W * 32768 - 1)
_MAX30 = const(0x3FFFFFFF)


class Rng:
    __slots__ = ("z", "w")

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        if not isinstance(seed, int):
            raise ValueError("a seed must be a whole number")
        seed = seed % 0x3FFFFFFB  # any int, negative or huge, to a small one
        self.z = seed % (_MOD_Z - 2) + 1
        self.w = (seed ^ 0x2545F49) % (_MOD_W - 2) + 1
        for _ in range(8):  # stir so that near seeds give unrelated streams
            self.next30()

    def next30(self):
        """The next 30-bit number."""
        z = _MUL_Z * (self.z & _MASK15) + (self.z >> 15)
        w = _MUL_W * (self.w & _MASK15) + (self.w >> 15)
        self.z = z
        self.w = w
        return ((z & _MASK15) << 15) | (w & _MASK15)

    def below(self, n):
        """A uniform number in ``0 .. n-1`` (n at most 2**30 - 1)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (_MAX30 // n) * n
        while True:
            r = self.next30()
            if r < limit:
                return r % n

    def shuffle(self, items):
        """Fisher-Yates shuffle of a list in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def get_state(self):
        return (self.z, self.w)

    def set_state(self, state):
        self.z, self.w = state[0], state[1]
