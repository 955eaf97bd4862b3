"""The worker's garbage collector: rarer young passes, full passes' survivors frozen."""

from __future__ import annotations

import gc

from tablegames import gc_pauses


def test_install_makes_young_passes_rarer_and_freezes_what_a_full_pass_keeps() -> None:
    threshold, callbacks = gc.get_threshold(), list(gc.callbacks)
    try:
        gc_pauses.install()
        gc_pauses.install()  # twice: one callback still
        assert gc.get_threshold()[0] == gc_pauses.YOUNG_EVERY
        assert gc.get_threshold()[1:] == threshold[1:]
        assert gc.callbacks.count(gc_pauses._after_collection) == 1
        gc.unfreeze()
        gc.collect()  # a full pass: what survives it is frozen
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        gc.callbacks[:] = callbacks
