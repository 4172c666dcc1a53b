"""Reading PNG files (8-bit RGB/RGBA, as Chromium writes them) and comparing two images.

No imaging library is needed: the format is zlib-compressed rows, each with a filter byte.
"""
import struct
import zlib


def read(data):
    """(width, height, rows) with rows a list of bytearrays of RGBA pixels."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG (depth {depth}, colour type {color}, interlace {interlace})")
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 0xFF
        previous = line
        if channels == 3:
            rgba = bytearray()
            for i in range(0, stride, 3):
                rgba += line[i:i + 3] + b"\xff"
            line = rgba
        rows.append(line)
    return width, height, rows


def difference(expected, actual, threshold=48):
    """The fraction of pixels (of the larger image) whose channels differ by more than
    `threshold`, counting every pixel outside the smaller image as different."""
    (w1, h1, a), (w2, h2, b) = read(expected), read(actual)
    width, height = max(w1, w2), max(h1, h2)
    different = width * height - min(w1, w2) * min(h1, h2)
    for y in range(min(h1, h2)):
        ra, rb = a[y], b[y]
        for x in range(0, min(w1, w2) * 4, 4):
            if max(abs(ra[x + c] - rb[x + c]) for c in range(4)) > threshold:
                different += 1
    return different / float(width * height), (w1, h1), (w2, h2)
