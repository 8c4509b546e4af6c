"""A tiny BMP reader, so that the device needs no adafruit_imageload: the card sheets and the
font strips (``thousand.ui.sprites``).

Loaded only to read them (at the start, at a change of language, when Five Hundred's table
takes its sheet) and let go at the next screen change (``thousand.ui.scenes.ON_DEMAND``): in
the always-loaded sprites it held about 0.4 KB of a board's heap for the whole session.
"""

import struct

import displayio


def load_bmp(path, value_count=4):
    """Read an uncompressed 1/2/4/8-bit BMP into a displayio.Bitmap.

    Our own reader, so the device needs no adafruit_imageload.  Pixel values
    are kept as they are (each must be below ``value_count``); the file's
    palette is ignored: the game sets colours with its own palettes.
    """
    with open(path, "rb") as file:
        head = file.read(54)
        if head[:2] != b"BM":
            raise ValueError("not a BMP: %s" % path)
        offset = struct.unpack_from("<I", head, 10)[0]
        width, height, _, bits, compression = struct.unpack_from("<iiHHI", head, 18)
        if compression or bits > 8:
            raise ValueError("only uncompressed 1-8 bit BMPs: %s" % path)
        bottom_up = height > 0  # the usual BMP row order
        height = abs(height)
        bitmap = displayio.Bitmap(width, height, value_count)
        row = bytearray(((width * bits + 31) // 32) * 4)
        mask = (1 << bits) - 1
        per_byte = 8 // bits
        file.seek(offset)
        for line in range(height):
            file.readinto(row)
            at = (height - 1 - line if bottom_up else line) * width
            # An int index, not (x, y): a tuple a pixel was some 40 KB of garbage for the
            # font and the sheet on a board; a new Bitmap is all zeros already.
            for x in range(width):
                value = row[x // per_byte] >> (8 - bits * (x % per_byte + 1)) & mask
                if value:
                    bitmap[at + x] = value
    return bitmap
