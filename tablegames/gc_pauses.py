"""Short garbage-collector pauses for a backend worker that serves many rooms.

A full (generation 2) collection walks every long-lived object: with a hundred busy rooms
that is every tab's state, the cached engine states and screens, and it stopped the event
loop (every room of the worker) for 50-100 ms each time. After a full pass, whatever
survived is moved to the permanent generation (``gc.freeze``), so the next passes only
walk what is new. Frozen objects are still freed by reference counting; only a reference
cycle among them would wait, so every ``THAW_EVERY`` seconds one full pass walks
everything again (``gc.unfreeze``) and nothing stays uncollected for long.
"""

from __future__ import annotations

import gc
import time
from typing import Any

THAW_EVERY = 600.0  # seconds between full passes over everything

_last_thaw = time.monotonic()


def _after_collection(phase: str, info: dict[str, Any]) -> None:
    global _last_thaw
    if phase != "stop" or info.get("generation") != 2:
        return
    now = time.monotonic()
    if now - _last_thaw >= THAW_EVERY:
        _last_thaw = now
        gc.unfreeze()  # the next full pass sees every object once
    else:
        gc.freeze()


def install() -> None:
    """Freezes what exists now (the app built at import) and every full pass's survivors."""
    if _after_collection not in gc.callbacks:
        gc.callbacks.append(_after_collection)
    gc.freeze()
