# desktop-only: not bundled for the device
"""Render a displayio Group to pixels without any display: tests, PNGs, the window.

Blinka's displayio draws through a ``_DisplayCore``; we drive one directly
(no bus, no entry in displayio's one-display pool) and keep an RGB565
framebuffer that only the dirty areas of each refresh are redrawn into.
This leans on Blinka internals, hence the pinned adafruit-blinka-displayio.

    canvas = Canvas(160, 128)
    canvas.root_group = group
    canvas.refresh()
    canvas.save_png("/tmp/x.png", scale=3)
"""

import struct
import zlib

import displayio  # noqa: F401  (import before vectorio: Blinka import cycle)
import busdisplay  # noqa: F401  (loads _DisplayCore without an import cycle)
from displayio._area import Area
from displayio._displaycore import _DisplayCore


class Canvas:
    """An off-screen display of ``width`` x ``height`` RGB565 pixels."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self._core = _DisplayCore(
            bus=None, width=width, height=height, ram_width=0x100, ram_height=0x100,
            colstart=0, rowstart=0, rotation=0, color_depth=16, grayscale=False,
            pixels_in_byte_share_row=True, bytes_per_cell=1, reverse_pixels_in_byte=False,
            reverse_bytes_in_word=False, column_command=0x2A, row_command=0x2B,
            set_current_column_command=None, set_current_row_command=None,
            data_as_commands=False, always_toggle_chip_select=False,
            sh1107_addressing=False, address_little_endian=False,
        )
        self.framebuffer = memoryview(bytearray(width * height * 2)).cast("H")
        self.brightness = 1.0  # a board's backlight: kept, not drawn (the window shades itself)

    @property
    def root_group(self):
        return self._core.current_group

    @root_group.setter
    def root_group(self, group):
        if not self._core.set_root_group(group):
            raise ValueError("Group already used")

    def refresh(self):
        """Redraw what changed since the last refresh; return the areas as (x, y, w, h)."""
        core = self._core
        core.start_refresh()
        group = core.current_group
        areas = []
        if core.full_refresh:
            if group is not None:
                group._prepare_full_refresh()
            areas.append(core.area)
        elif group is not None:
            group._get_refresh_areas(areas)
        done = []
        for area in areas:
            clipped = Area()
            if core.clip_area(area, clipped):
                self._fill(clipped)
                done.append((clipped.x1, clipped.y1, clipped.width(), clipped.height()))
        core.finish_refresh()
        return done

    def _fill(self, area):
        width, size = area.width(), area.size()
        buffer = memoryview(bytearray((size + 1) // 2 * 4)).cast("I")
        mask = memoryview(bytearray((size // 32 + 1) * 4)).cast("I")
        self._core.fill_area(area, mask, buffer)
        pixels = buffer.cast("B").cast("H")
        for row in range(area.height()):
            start = (area.y1 + row) * self.width + area.x1
            self.framebuffer[start:start + width] = pixels[row * width:(row + 1) * width]

    def pixel(self, x, y):
        """The (r, g, b) at x, y, expanded from RGB565."""
        return rgb565_to_rgb(self.framebuffer[y * self.width + x])

    def rgb(self):
        """The whole screen as bytes, 3 per pixel, rows top to bottom."""
        return bytes(channel for value in self.framebuffer for channel in rgb565_to_rgb(value))

    def save_png(self, path, scale=1):
        write_png(path, self.rgb(), self.width, self.height, scale)

    def release(self):
        """Let the group be shown elsewhere."""
        self._core.set_root_group(None)


def rgb565_to_rgb(value):
    return ((value >> 11) * 255 // 31, (value >> 5 & 0x3F) * 255 // 63, (value & 0x1F) * 255 // 31)


def render(group, width, height):
    """Draw ``group`` once at the given size; return the Canvas (group released)."""
    canvas = Canvas(width, height)
    canvas.root_group = group
    canvas.refresh()
    canvas.release()
    return canvas


def render_png(group, width, height, path, scale=1):
    """Draw ``group`` and write it to ``path`` as a PNG zoomed ``scale`` times."""
    canvas = render(group, width, height)
    canvas.save_png(path, scale)
    return canvas


def write_png(path, rgb, width, height, scale=1):
    """Write packed RGB bytes as an 8-bit truecolour PNG (stdlib only)."""
    stride = width * 3
    rows = []
    for y in range(height):
        row = rgb[y * stride:(y + 1) * stride]
        if scale > 1:
            row = b"".join(row[x:x + 3] * scale for x in range(0, stride, 3))
        rows.extend([b"\x00" + row] * scale)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                  + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b""))


# CircuitPython's _displayio_color_t (colour, cached colour, flags): about 16 B
# per palette entry; bitmaps are rows of 32-bit words at 1/2/4/8/16/32 bits a pixel.
PALETTE_ENTRY_BYTES = 16


def display_bytes(group):
    """Estimated device RAM of a display tree: (bitmap, palette, tile index) bytes.

    Shared bitmaps and palettes count once; terminalio's font lives in flash.
    """
    seen = set()
    totals = [0, 0, 0]

    def walk(layer):
        if isinstance(layer, displayio.Group):
            for child in layer:
                walk(child)
            return
        if not isinstance(layer, displayio.TileGrid):
            return
        totals[2] += layer.width * layer.height
        bitmap, shader = layer.bitmap, layer.pixel_shader
        if id(bitmap) not in seen:
            seen.add(id(bitmap))
            totals[0] += bitmap._stride * 4 * bitmap.height
        if isinstance(shader, displayio.Palette) and id(shader) not in seen:
            seen.add(id(shader))
            totals[1] += len(shader) * PALETTE_ENTRY_BYTES

    walk(group)
    return tuple(totals)
