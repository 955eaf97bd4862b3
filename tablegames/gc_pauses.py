"""Short garbage-collector pauses for a backend worker that serves many rooms.

A full (generation 2) collection walks every long-lived object: with a hundred busy rooms
that is every tab's state, the cached engine states and screens, and it stopped the event
loop (every room of the worker) for 50-100 ms each time. After a full pass, whatever
survived is moved to the permanent generation (``gc.freeze``), so the next passes only
walk what is new. Frozen objects are still freed by reference counting; only a reference
cycle among them would wait, so every ``THAW_EVERY`` seconds one full pass walks
everything again (``gc.unfreeze``) and nothing stays uncollected for long.

A young collection runs every ``YOUNG_EVERY`` allocations (Python's default is 700). A
move builds five screens of a few thousand short-lived objects each: at 700, a young pass
ran in the middle of nearly every screen and walked the half-built ones: at 100 rooms,
1,400 passes in 40 s, 1.4-1.5 s of the worker's ~43 s of CPU, the longest pause 52 ms. At
5,000 most of a screen's temporaries are freed by reference counting before any pass sees
them: 140 passes, 0.4-0.5 s, the longest pause 44 ms (``docs/scaling.md``, eighth round).

That count is net of frees, and each version's screens free the last version's as they
replace them: at 300 rooms the count barely rose while hundreds of thousands of new
objects waited in the young generation, and a young or middle pass then walked them all
in one go, 60-130 ms with the loop stopped every few seconds. In a worker, :func:`sweep`
(a lifespan task) therefore runs a young pass on a clock, every ``YOUNG_EVERY_S`` between
two events, and freezes what survives any pass, so each new object is walked once, in a
pause of a tenth of a second's allocations; the full pass over everything comes from the
clock too (docs/scaling.md, twelfth round). Only with the memory state manager: on Redis
each event unpickles a tab's states, reference cycles that would wait frozen for the thaw
(a worker's memory tripled in two minutes), so a worker there keeps Python's passes.
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

THAW_EVERY = 600.0  # seconds between full passes over everything
YOUNG_EVERY = 5_000  # allocations (net of frees) between young collections
YOUNG_EVERY_S = 0.1  # seconds between the young passes of :func:`sweep`

_last_thaw = time.monotonic()
_sweeping = False  # a sweep runs in this process: every pass's survivors are frozen


def _after_collection(phase: str, info: dict[str, Any]) -> None:
    global _last_thaw
    if phase != "stop":
        return
    if _sweeping:  # every pass's survivors; sweep() thaws on its clock
        gc.freeze()
        return
    if info.get("generation") != 2:
        return
    now = time.monotonic()
    if now - _last_thaw >= THAW_EVERY:
        _last_thaw = now
        gc.unfreeze()  # the next full pass sees every object once
    else:
        gc.freeze()


def install() -> None:
    """Freezes what exists now (the app built at import) and every full pass's survivors,
    and makes young collections rarer (``YOUNG_EVERY``)."""
    gc.set_threshold(YOUNG_EVERY, *gc.get_threshold()[1:])
    if _after_collection not in gc.callbacks:
        gc.callbacks.append(_after_collection)
    gc.freeze()


async def sweep() -> None:
    """Lifespan task of a worker: a young pass every ``YOUNG_EVERY_S`` (whatever survives
    it is frozen: no later pass walks it again) and, every ``THAW_EVERY``, one full pass
    over everything (``gc.unfreeze``), so that a reference cycle among frozen objects is
    freed within that time."""
    global _sweeping
    _sweeping = True
    last_thaw = time.monotonic()
    try:
        while True:
            await asyncio.sleep(YOUNG_EVERY_S)
            now = time.monotonic()
            if now - last_thaw >= THAW_EVERY:
                last_thaw = now
                gc.unfreeze()
                gc.collect()
            else:
                gc.collect(0)
    finally:
        _sweeping = False
