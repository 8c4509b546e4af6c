"""terminalio's stand-in: a font with the built-in one's 6x12 cell and ASCII glyphs.

The glyphs are blank boxes (only the heap and the layout matter here); the firmware's
font bitmap lives in flash, so this one (a 1-bit strip, about 1 KB) is a stand-in cost."""
import displayio
from fontio import Glyph

_W = 6
_H = 12
_FIRST = 0x20
_COUNT = 0x7F - 0x20


class BuiltinFont:
    def __init__(self):
        self.bitmap = displayio.Bitmap(_W * _COUNT, _H, 2)
        self._glyphs = {}

    def get_bounding_box(self):
        return (_W, _H)

    def get_glyph(self, codepoint):
        if not _FIRST <= codepoint < _FIRST + _COUNT:
            codepoint = ord("?")
        glyph = self._glyphs.get(codepoint)
        if glyph is None:  # the firmware makes a new Glyph each call; kept here to stay cheap
            glyph = Glyph(self.bitmap, codepoint - _FIRST, _W, _H, 0, 0, _W, 0)
            self._glyphs[codepoint] = glyph
        return glyph


FONT = BuiltinFont()
