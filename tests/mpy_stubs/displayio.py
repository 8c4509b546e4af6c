"""Just enough of displayio for the screens to run under the MicroPython unix port (tests only)."""


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self._children = []

    def append(self, layer):
        self._children.append(layer)

    def __iter__(self):
        return iter(self._children)

    def __len__(self):
        return len(self._children)


class Bitmap:
    """Packed like CircuitPython's: 1, 2, 4 or 8 bits a pixel, so heap figures are close."""

    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self._bits = bits
        self._stride = (width * bits + 31) // 32 * 4
        self._pixels = bytearray(self._stride * height)

    def _where(self, index):
        x, y = index
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of the bitmap")
        bit = x * self._bits
        return y * self._stride + bit // 8, 8 - self._bits - bit % 8

    def __setitem__(self, index, value):
        at, shift = self._where(index)
        mask = ((1 << self._bits) - 1) << shift
        self._pixels[at] = (self._pixels[at] & ~mask) | (value << shift & mask)

    def __getitem__(self, index):
        at, shift = self._where(index)
        return self._pixels[at] >> shift & ((1 << self._bits) - 1)

    def fill(self, value):
        for y in range(self.height):
            for x in range(self.width):
                self[x, y] = value


class Palette:
    def __init__(self, count):
        self._colours = [0] * count

    def __setitem__(self, index, colour):
        self._colours[index] = colour

    def __getitem__(self, index):
        return self._colours[index]

    def __len__(self):
        return len(self._colours)

    def make_transparent(self, index):
        pass


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None, tile_height=None, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.x = x
        self.y = y
        self.hidden = False
        self._tiles = bytearray(width * height)

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        self._tiles[index] = value

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self._tiles[index]
