"""Write static/icons/serm-192.png, serm-512.png and serm-maskable-512.png (stdlib only).

The design matches static/icons/serm.svg: a dark rounded square with a blue
counter (solid) and an orange counter (dashed ring).  The maskable icon (web app
manifest ``"purpose": "maskable"``) is a full-bleed square of the background
colour with the counters shrunk to MASKABLE_SCALE, so they stay inside the safe
zone (the centred circle of radius 40% of the size) whatever mask a launcher
applies.  Run after changing it: ``python tools/make_icons.py``.  The PNGs are
committed.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"

BG = (0x1B, 0x2A, 0x3A)
BLUE = (0x1F, 0x5F, 0xBF)
ORANGE = (0xC8, 0x58, 0x0A)
CREAM = (0xF4, 0xF1, 0xEA)
SAMPLES = 3  # supersampling per axis, for smooth edges
# The counters reach 0.404 from the centre; scaled by 0.75 they reach 0.303, well inside
# the maskable safe zone's radius of 0.4.
MASKABLE_SCALE = 0.75


def colour_at(x: float, y: float, maskable: bool = False) -> tuple[int, int, int, int]:
    """Colour of the unit-square design at (x, y) in [0, 1]."""
    if maskable:
        # full-bleed background, design shrunk about the centre
        x = (x - 0.5) / MASKABLE_SCALE + 0.5
        y = (y - 0.5) / MASKABLE_SCALE + 0.5
    else:
        # rounded-square background
        r = 0.18
        cx, cy = min(max(x, r), 1 - r), min(max(y, r), 1 - r)
        if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
            return (0, 0, 0, 0)
    # blue counter, upper left: solid ring round a cream disc
    d1 = math.hypot(x - 0.37, y - 0.37)
    if d1 <= 0.22:
        return (*(BLUE if d1 > 0.15 else CREAM), 255)
    # orange counter, lower right: dashed ring
    d2 = math.hypot(x - 0.65, y - 0.65)
    if d2 <= 0.22:
        if d2 > 0.15:
            angle = math.atan2(y - 0.65, x - 0.65)
            dash = int((angle + math.pi) / (2 * math.pi) * 12) % 2 == 0
            return (*(ORANGE if dash else BG), 255)
        return (*ORANGE, 255)
    return (*BG, 255)


def render(size: int, maskable: bool = False) -> bytes:
    rows = []
    n = SAMPLES * SAMPLES
    for py in range(size):
        row = bytearray([0])  # filter type: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    c = colour_at(
                        (px + (sx + 0.5) / SAMPLES) / size,
                        (py + (sy + 0.5) / SAMPLES) / size,
                        maskable,
                    )
                    for i in range(3):
                        acc[i] += c[i] * c[3]
                    acc[3] += c[3]
            alpha = acc[3] / n
            if acc[3]:
                row += bytes(round(acc[i] / acc[3]) for i in range(3))
            else:
                row += b"\0\0\0"
            row.append(round(alpha))
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> int:
    ICONS.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        path = ICONS / f"serm-{size}.png"
        path.write_bytes(render(size))
        print(f"wrote {path.relative_to(ROOT)}")
    path = ICONS / "serm-maskable-512.png"
    path.write_bytes(render(512, maskable=True))
    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
