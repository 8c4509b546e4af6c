"""bitmaptools' stand-in: what bitmap_label draws with."""


def blit(dest, source, x, y, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None, skip_index=None):
    if skip_source_index is None:
        skip_source_index = skip_index
    x2 = source.width if x2 is None else x2
    y2 = source.height if y2 is None else y2
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dest.width:
                continue
            value = source[sx, sy]
            if value == skip_source_index:
                continue
            if skip_dest_index is not None and dest[dx, dy] == skip_dest_index:
                continue
            dest[dx, dy] = value


def replace_color(bitmap, old, new):
    for y in range(bitmap.height):
        for x in range(bitmap.width):
            if bitmap[x, y] == old:
                bitmap[x, y] = new


def fill_region(bitmap, x1, y1, x2, y2, value):
    for y in range(y1, y2):
        for x in range(x1, x2):
            bitmap[x, y] = value


def draw_line(bitmap, x1, y1, x2, y2, value):
    steps = max(abs(x2 - x1), abs(y2 - y1), 1)
    for i in range(steps + 1):
        bitmap[x1 + (x2 - x1) * i // steps, y1 + (y2 - y1) * i // steps] = value
