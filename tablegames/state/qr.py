"""QR codes of the app's links, as SVG data URIs (``segno``)."""

from __future__ import annotations

from functools import lru_cache

import segno


@lru_cache(maxsize=1024)
def qr_data_uri(url: str, scale: int) -> str:
    """``url`` as an SVG QR code (a data URI), error correction "m", a border of 2.

    Every tab of a room computes its join code's QR code when its page loads: the same URL
    for all of them, so it is drawn once (a few milliseconds each time otherwise).
    """
    return segno.make(url, error="m").svg_data_uri(scale=scale, border=2)
