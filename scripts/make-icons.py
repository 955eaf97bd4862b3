#!/usr/bin/env python3
"""Regenerate the PWA icon PNGs in assets/icons/ from the SVG sources next to them.

    .venv/bin/python scripts/make-icons.py

Sources (hand-written, committed):
  assets/icons/icon.svg           purpose "any": rounded felt table, transparent corners
  assets/icons/icon-maskable.svg  purpose "maskable": full-bleed felt, motif in the safe zone
Outputs (committed too, referenced by assets/manifest.webmanifest and tablegames/pwa.py):
  icon-192.png, icon-512.png      from icon.svg, transparent background
  icon-maskable-512.png           from icon-maskable.svg, opaque
  apple-touch-icon.png (180x180)  from icon-maskable.svg, opaque (iOS adds its own mask and
                                  shows transparency as black)

The SVGs are rendered by Debian's Chromium (/usr/bin/chromium) through Playwright at the
exact pixel size (device scale factor 1); Playwright's own browser download is not used.
"""

from __future__ import annotations

import base64
import struct
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# (source svg, output png, size in px, transparent background?)
TARGETS = [
    ("icon.svg", "icon-192.png", 192, True),
    ("icon.svg", "icon-512.png", 512, True),
    ("icon-maskable.svg", "icon-maskable-512.png", 512, False),
    ("icon-maskable.svg", "apple-touch-icon.png", 180, False),
]

PAGE = """<!doctype html>
<html><head><style>
  html, body {{ margin: 0; padding: 0; background: transparent; }}
  img {{ display: block; width: {size}px; height: {size}px; }}
</style></head>
<body><img id="icon" alt="" src="data:image/svg+xml;base64,{data}"></body></html>"""


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def main() -> int:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            for src, out, size, transparent in TARGETS:
                svg = (ICONS / src).read_bytes()
                page = browser.new_page(
                    viewport={"width": size, "height": size}, device_scale_factor=1
                )
                page.set_content(
                    PAGE.format(size=size, data=base64.b64encode(svg).decode("ascii"))
                )
                page.wait_for_function(
                    "() => { const i = document.getElementById('icon');"
                    " return i.complete && i.naturalWidth > 0; }"
                )
                dest = ICONS / out
                page.screenshot(
                    path=str(dest),
                    clip={"x": 0, "y": 0, "width": size, "height": size},
                    omit_background=transparent,
                )
                page.close()
                got = png_size(dest)
                if got != (size, size):
                    print(f"make-icons: {out} is {got}, expected {size}x{size}", file=sys.stderr)
                    return 1
                print(f"make-icons: wrote {dest.relative_to(ROOT)} ({size}x{size})")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
