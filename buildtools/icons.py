"""The PNG icons of the web app manifest and the Apple touch icon, drawn with Pillow from the
artwork of ``web/icon.svg`` (mountains and a sun on a 64-unit grid)."""

from __future__ import annotations

import hashlib
import importlib.metadata
import inspect
import io
import pathlib
import shutil

from PIL import Image, ImageDraw

from buildtools import machine

BACKGROUND = (0x2F, 0x4F, 0x4F)
MOUNTAINS = ((0xE8, 0xC1, 0x5A), ((8, 50), (24, 22), (34, 38), (42, 28), (56, 50)))
SUN = ((0xF3, 0xEA, 0xD7), (46, 16), 6)
"""The artwork of web/icon.svg: a polygon, and a circle's centre and radius."""
CORNER = 12
"""The radius of the rounded square's corners, in grid units."""
ICONS = {
    # file -> (size in pixels, artwork scale, rounded corners): "any" icons have the SVG's
    # rounded square; maskable and Apple icons fill the square (the system cuts the shape)
    # and keep the artwork inside the maskable safe zone (the central 80% circle).
    "icon-192.png": (192, 1.0, True),
    "icon-512.png": (512, 1.0, True),
    "icon-maskable-192.png": (192, 0.72, False),
    "icon-maskable-512.png": (512, 0.72, False),
    "apple-touch-icon.png": (180, 0.8, False),
}
OVERSAMPLE = 4
"""Drawn this many times larger, then reduced: smooth edges."""


def render_icon(size: int, scale: float, rounded: bool) -> bytes:
    """A PNG (8-bit RGBA) of the icon, ``size`` pixels square."""
    big = size * OVERSAMPLE
    unit = big / 64

    def point(x: float, y: float) -> tuple[float, float]:  # artwork units, scaled about the centre
        return ((32 + (x - 32) * scale) * unit, (32 + (y - 32) * scale) * unit)

    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if rounded:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=CORNER * unit, fill=(*BACKGROUND, 255))
    else:
        draw.rectangle((0, 0, big - 1, big - 1), fill=(*BACKGROUND, 255))
    colour, points = MOUNTAINS
    draw.polygon([point(x, y) for x, y in points], fill=(*colour, 255))
    colour, (cx, cy), radius = SUN
    (left, top), (right, bottom) = point(cx - radius, cy - radius), point(cx + radius, cy + radius)
    draw.ellipse((left, top, right, bottom), fill=(*colour, 255))
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.BOX).save(out, "PNG", optimize=True)
    return out.getvalue()


def make_icons() -> dict[str, pathlib.Path]:
    """Every icon, drawn once (cached by the drawing code and the artwork)."""
    folder = machine.CACHE / "icons"
    code = inspect.getsource(render_icon) + importlib.metadata.version("pillow")
    digest = hashlib.sha256((code + repr((BACKGROUND, MOUNTAINS, SUN, CORNER, ICONS, OVERSAMPLE))).encode())
    stamp = folder / "inputs.sha256"
    paths = {name: folder / name for name in ICONS}
    if stamp.exists() and stamp.read_text() == digest.hexdigest() and all(p.exists() for p in paths.values()):
        return paths
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name, (size, scale, rounded) in ICONS.items():
        paths[name].write_bytes(render_icon(size, scale, rounded))
    stamp.write_text(digest.hexdigest())
    return paths
