"""Page loads are paced per client address (``guard._PageLoads``): past the pace a load
waits its turn, other addresses don't wait, and past a few waiting loads one is refused."""

from __future__ import annotations

import asyncio

from tablegames.state import guard


def test_page_loads_past_the_pace_wait_and_other_addresses_do_not(monkeypatch):
    monkeypatch.setattr(guard, "PAGE_LOADS_PER_ADDRESS", (2, 1.0))
    monkeypatch.setattr(guard, "PAGE_LOADS_WAITING", 1)

    async def scenario():
        loads = guard._PageLoads()
        first = [await loads.take_turn("10.0.0.1") for _ in range(2)]  # the burst: at once
        third = asyncio.create_task(loads.take_turn("10.0.0.1"))
        await asyncio.sleep(0.05)
        waiting = not third.done()
        elsewhere = await asyncio.wait_for(loads.take_turn("10.0.0.2"), 0.05)  # another address
        refused = await asyncio.wait_for(loads.take_turn("10.0.0.1"), 0.05)  # one waits already
        turn = await asyncio.wait_for(third, 5)
        return first, waiting, elsewhere, refused, turn, dict(loads.waiting)

    first, waiting, elsewhere, refused, turn, left = asyncio.run(scenario())
    assert first == [True, True]
    assert waiting, "the third load of the second did not wait its turn"
    assert elsewhere is True
    assert refused is False
    assert turn is True
    assert left == {}  # nothing left counted once the load had its turn


def test_only_a_page_load_is_paced():
    assert guard._is_page_load({"name": "reflex___state____state.hydrate_and_load"})
    assert guard._is_page_load({"name": "reflex___state____state.hydrate"})
    assert not guard._is_page_load({"name": "reflex___state____state.x.screen.move"})
    assert not guard._is_page_load("hydrate")
