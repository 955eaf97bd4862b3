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


class _Node:
    """A GC-tracked object that can refer to itself and be watched through a weak reference."""


def test_a_sweep_walks_each_new_object_once_and_frees_frozen_cycles_at_the_thaw(monkeypatch) -> None:
    """In a worker (``sweep``): young passes on a clock; what survives one is frozen (no
    later pass walks it); a cycle among frozen objects is freed by the clock's full pass."""
    import asyncio
    import weakref

    monkeypatch.setattr(gc_pauses, "YOUNG_EVERY_S", 0.01)
    monkeypatch.setattr(gc_pauses, "THAW_EVERY", 3600.0)  # no thaw until the scenario asks for it
    threshold, callbacks = gc.get_threshold(), list(gc.callbacks)
    passes: list[int] = []

    def note(phase: str, info: dict) -> None:
        if phase == "stop":
            passes.append(info["generation"])

    async def until(condition, timeout: float = 20.0) -> bool:
        """Steps counted in passes, not in seconds: a busy machine may run the clock late."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not condition() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        return condition()

    async def scenario() -> tuple[bool, bool, bool, bool, bool]:
        task = asyncio.create_task(gc_pauses.sweep())
        node = _Node()
        node.me = node  # a reference cycle, alive for now
        gone = weakref.ref(node)
        clocked = await until(lambda: passes.count(0) >= 10)  # young passes on the clock...
        frozen = gc_pauses._sweeping and not any(o is node for o in gc.get_objects())  # ...froze it
        del node  # garbage now, but frozen: only the thaw's full pass can free it
        young = passes.count(0)
        await until(lambda: passes.count(0) >= young + 10)
        waiting = gone() is not None  # ten more young passes did not free it
        gc_pauses.THAW_EVERY = 0.0  # the clock's full pass is due
        freed = await until(lambda: gone() is None)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return clocked, frozen, waiting, freed, gc_pauses._sweeping

    try:
        gc_pauses.install()
        gc.callbacks.append(note)
        clocked, frozen, waiting, freed, still_sweeping = asyncio.run(scenario())
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        gc.callbacks[:] = callbacks
    assert clocked, passes
    assert frozen and waiting and freed, (frozen, waiting, freed)
    assert passes.count(2) >= 1  # the thaw's
    assert not still_sweeping
