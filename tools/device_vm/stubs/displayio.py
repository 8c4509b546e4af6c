"""displayio's stand-in: the objects the screens make, sized as CircuitPython sizes them."""


class Group:
    # A field at its default stays the class's (each field an instance holds costs a slot of
    # its dict, where the firmware's C struct holds them all in a few bytes).  Its layers are
    # ``content``: a name the VM has in ROM, as the firmware's own names are (no stand-in
    # name in the pool beside the game's; so ``buf``, ``values``, ``mask`` and ``data`` below).
    scale = 1
    x = 0
    y = 0
    hidden = False

    def __init__(self, scale=1, x=0, y=0):
        if scale != 1:
            self.scale = scale
        if x:
            self.x = x
        if y:
            self.y = y
        self.content = []

    def append(self, layer):
        self.content.append(layer)

    def insert(self, index, layer):
        self.content.insert(index, layer)

    def remove(self, layer):
        self.content.remove(layer)

    def pop(self, index=-1):
        return self.content.pop(index)

    def index(self, layer):
        return self.content.index(layer)

    def __getitem__(self, index):
        return self.content[index]

    def __setitem__(self, index, layer):
        self.content[index] = layer

    def __iter__(self):
        return iter(self.content)

    def __len__(self):
        return len(self.content)


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
        self.buf = bytearray(self._stride * height)

    # No tuple per pixel (the firmware's C code allocates nothing here either).
    def __setitem__(self, where, value):
        bit = index(self, where)
        at = bit >> 3
        shift = 8 - self._bits - (bit & 7)
        mask = ((1 << self._bits) - 1) << shift
        self.buf[at] = (self.buf[at] & ~mask) | (value << shift & mask)

    def __getitem__(self, where):
        bit = index(self, where)
        return self.buf[bit >> 3] >> (8 - self._bits - (bit & 7)) & ((1 << self._bits) - 1)

    def fill(self, value):
        byte = 0
        for _ in range(8 // self._bits if self._bits < 8 else 1):
            byte = byte << self._bits | (value & ((1 << self._bits) - 1))
        pixels = self.buf
        for i in range(len(pixels)):
            pixels[i] = byte & 0xFF

    def dirty(self, *args, **kwargs):
        pass


class Palette:
    def __init__(self, color_count, **kwargs):
        self.values = [0] * color_count
        self.mask = bytearray(color_count)

    def __setitem__(self, index, colour):
        self.values[index] = colour

    def __getitem__(self, index):
        return self.values[index]

    def __len__(self):
        return len(self.values)

    def make_transparent(self, index):
        self.mask[index] = 1


class TileGrid:
    # Fields at their defaults stay the class's, as in Group.
    x = 0
    y = 0
    hidden = False

    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, x=0, y=0):
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
        self.data = bytearray(width * height)

    def __setitem__(self, index, value):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        self.data[index] = value

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self.data[index]


def index(bitmap, where):
    """The bit of ``bitmap``'s buffer where pixel ``where`` (x, y or a flat index) starts.
    (Named as the VM's ROM names a method of its own: no name in the pool beside the game's.)"""
    if isinstance(where, int):
        x, y = where % bitmap.width, where // bitmap.width
    else:
        x = where[0]
        y = where[1]
    if not (0 <= x < bitmap.width and 0 <= y < bitmap.height):
        raise IndexError("pixel out of the bitmap")
    return (y * bitmap._stride << 3) + x * bitmap._bits
