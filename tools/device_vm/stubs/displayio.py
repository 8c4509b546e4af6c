"""displayio's stand-in: the objects the screens make, sized as CircuitPython sizes them."""


class Group:
    # Its fields are set directly, not through the properties: a Python subclass may
    # override them (adafruit_display_text's labels override ``scale``), and the firmware's
    # constructor does not call those overrides either.  A field at its default stays the
    # class's (each field an instance holds costs a slot of its dict, where the firmware's
    # C struct holds them all in a few bytes).
    _scale = 1
    _x = 0
    _y = 0
    _hidden = False

    def __init__(self, scale=1, x=0, y=0):
        if scale != 1:
            self._scale = scale
        if x:
            self._x = x
        if y:
            self._y = y
        self._children = []

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = value

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = value

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        self._hidden = value

    def append(self, layer):
        self._children.append(layer)

    def insert(self, index, layer):
        self._children.insert(index, layer)

    def remove(self, layer):
        self._children.remove(layer)

    def pop(self, index=-1):
        return self._children.pop(index)

    def index(self, layer):
        return self._children.index(layer)

    def __getitem__(self, index):
        return self._children[index]

    def __setitem__(self, index, layer):
        self._children[index] = layer

    def __iter__(self):
        return iter(self._children)

    def __len__(self):
        return len(self._children)


class Bitmap:
    """Packed as CircuitPython packs it: 1, 2, 4, 8, 16 or 32 bits a value (the least
    that holds ``value_count`` values), rows padded to 32 bits."""

    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self._bits = bits
        self._stride = (width * bits + 31) // 32 * 4
        self._pixels = bytearray(self._stride * height)

    # No tuple per pixel (the firmware's C code allocates nothing here either).
    def _bit(self, index):
        if isinstance(index, int):
            x, y = index % self.width, index // self.width
        else:
            x = index[0]
            y = index[1]
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of the bitmap")
        return (y * self._stride << 3) + x * self._bits

    def __setitem__(self, index, value):
        bit = self._bit(index)
        at = bit >> 3
        shift = 8 - self._bits - (bit & 7)
        mask = ((1 << self._bits) - 1) << shift
        self._pixels[at] = (self._pixels[at] & ~mask) | (value << shift & mask)

    def __getitem__(self, index):
        bit = self._bit(index)
        return self._pixels[bit >> 3] >> (8 - self._bits - (bit & 7)) & ((1 << self._bits) - 1)

    def fill(self, value):
        byte = 0
        for _ in range(8 // self._bits if self._bits < 8 else 1):
            byte = byte << self._bits | (value & ((1 << self._bits) - 1))
        pixels = self._pixels
        for i in range(len(pixels)):
            pixels[i] = byte & 0xFF

    def dirty(self, x1=0, y1=0, x2=0, y2=0):
        pass

    def blit(self, x, y, source, x1=0, y1=0, x2=None, y2=None, skip_index=None):
        import bitmaptools

        bitmaptools.blit(self, source, x, y, x1, y1, x2, y2, skip_source_index=skip_index)


class Palette:
    def __init__(self, color_count, dither=False):
        self._colours = [0] * color_count
        self._transparent = bytearray(color_count)

    def __setitem__(self, index, colour):
        self._colours[index] = colour

    def __getitem__(self, index):
        return self._colours[index]

    def __len__(self):
        return len(self._colours)

    def make_transparent(self, index):
        self._transparent[index] = 1

    def make_opaque(self, index):
        self._transparent[index] = 0

    def is_transparent(self, index):
        return bool(self._transparent[index])


class ColorConverter:
    def __init__(self, input_colorspace=None, dither=False):
        pass


class TileGrid:
    # Fields at their defaults stay the class's, as in Group.
    x = 0
    y = 0
    hidden = False
    flip_x = False
    flip_y = False
    transpose_xy = False

    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        if x:
            self.x = x
        if y:
            self.y = y
        self._tiles = bytearray(width * height)
        if default_tile:
            for i in range(width * height):
                self._tiles[i] = default_tile

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        self._tiles[index] = value

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self._tiles[index]


def release_displays():
    pass
