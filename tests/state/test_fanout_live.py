"""A move's fan-out against the real backend, read from the frames on the websocket.

``state/fanout.py`` sends the other tabs of a room their new screen alone when a move of
the game changed nothing else of the room; everything else goes through Reflex's own
update of each tab. Here, with one real backend (SQLite, the memory state manager) and
raw websocket tabs (``tests/scale/client.py``):

- after an UNO move every other tab (the other phone, the table, a viewer) gets one frame
  holding ``Screen.screen`` and nothing else, and that screen is exactly what Reflex
  computes for the same tab when the page reloads; no hand but the phone's own is in it;
- a join, a start and a seat the host hands to a bot change the room's facts: those go
  through Reflex, with the other vars that changed (the seat list, the bots);
- an Upwords move goes through Reflex (the table's board and the phones' pads are
  computed from the screen).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest

from tablegames import reflex_adapter as rxa
from tablegames.state.room import Screen
from tests.state.live import Tab, close, seated

pytestmark = pytest.mark.timeout(300)

STACK = {"hands": [["r1", "r2", "g4"], ["r7", "y8", "b3"]], "top": "r5",
         "draw": ["b9", "b8", "g1", "y2", "g7", "y3", "b4", "g2", "y9", "b6"]}
UNO = {"dealer": 0, "stack": STACK}
SCREEN = Screen.get_full_name()
SCREEN_KEY = rxa.var_key("screen")


def since(tab: Tab, mark: int, version: int) -> list[dict[str, Any]]:
    """The deltas ``tab`` received after ``mark`` that brought it room ``version``."""
    return [d for d in tab.deltas[mark:] if ((d.get(SCREEN) or {}).get(SCREEN_KEY) or {}).get("version") == version]


async def reloaded_screens(backend, devices: list[Tab],
                           ready: Callable[[Tab], bool] = lambda a: a.view.get("phase") == "play") -> dict[str, Any]:
    """Reflex's own screen for each of ``devices``: each page reloads (same tab, same
    storage), the old socket closed first, and its screen is read once ``ready(tab)``."""
    reloaded = {}
    for d in devices:
        again = Tab(backend.url, d.path, d.name, token=d.token, source=d.source)
        again.storage = dict(d.storage)
        await d.close()
        await again.connect()
        await again.until(ready)
        reloaded[d.name] = again.screen
        await again.close()
    return reloaded


def assert_screen_alone(frames: dict[str, list[dict[str, Any]]], sent: dict[str, Any],
                        reloaded: dict[str, Any]) -> None:
    """Each tab got the move in one frame holding its screen alone, and the screen each tab
    has is the one Reflex computes for it on a reload."""
    for name, deltas in frames.items():
        assert len(deltas) == 1, f"{name} got the move in {len(deltas)} frames"
        assert deltas[0].keys() == {SCREEN} and deltas[0][SCREEN].keys() == {SCREEN_KEY}, \
            f"{name}'s frame carried more than its screen: {sorted((s, sorted(v)) for s, v in deltas[0].items())}"
    for name, screen in sent.items():
        assert screen == reloaded[name], f"{name}: the screen sent differs from Reflex's for that tab"


def test_a_move_sends_the_other_tabs_their_screen_alone(backend):
    async def scenario():
        code, _host, table, phones = await seated(backend, "127.0.0.71", UNO)
        viewer = Tab(backend.url, f"/watch/{code}", "viewer", source="127.0.0.72")
        await viewer.connect()
        await table.host("start")
        devices = [table, *phones, viewer]
        for d in devices:
            await d.until(lambda d: d.view.get("phase") == "play")
        results = []
        for _ in range(3):  # three moves in a row: each version's facts are the last one's
            mover = next(p for p in phones if p.seat == p.view["turn"])
            marks = {id(d): len(d.deltas) for d in devices}
            version = mover.version
            card = next((c for c in mover.view["playable"] if c[0] in "rgby"), None)
            await mover.move({"type": "play", "card": card} if card else {"type": "draw"})
            for d in devices:
                await d.until_version(version + 1)
            others = [d for d in devices if d is not mover]
            results.append({d.name: since(d, marks[id(d)], version + 1) for d in others})
        sent = {d.name: d.screen for d in devices}
        screens = {d.name: [(d.deltas[i].get(SCREEN) or {}).get(SCREEN_KEY) for i in range(len(d.deltas))]
                   for d in devices}
        seats = {p.name: p.seat for p in phones}
        reloaded = await reloaded_screens(backend, devices)
        return results, sent, reloaded, screens, seats

    results, sent, reloaded, screens, seats = asyncio.run(scenario())
    for move in results:
        assert_screen_alone(move, sent, reloaded)
    for name, received in screens.items():  # each tab got its own seat's view, no other hand
        views = [(sc.get("me"), (sc.get("view") or {})) for sc in received if sc and sc.get("view")]
        assert views, f"{name} got no game screen"
        for me, view in views:
            if name in seats:
                assert me == seats[name] and view.get("seat") == me, f"{name} got another seat's view"
            else:
                assert me == -1 and not view.get("hand"), f"{name} (no seat) got a hand"


def test_a_move_frame_carries_what_changed_and_a_patch_that_does_not_apply_brings_the_whole_screen(backend):
    """After a move each tab's frame holds a patch of the screen its socket had
    (``frame_patches.py``), far smaller than the screen, and what the tab makes of it is
    the screen Reflex computes for it. A tab whose screen is not the one the server
    patched (here: its version tampered with) drops the patch and asks for the whole
    screen (``Screen.resend_screen``), which then comes whole."""
    async def scenario():
        code, _host, table, phones = await seated(backend, "127.0.0.78", UNO)
        await table.host("start")
        devices = [table, *phones]
        for d in devices:
            await d.until(lambda d: d.view.get("phase") == "play")
        marks = {d.name: len(d.raw) for d in devices}
        mover = next(p for p in phones if p.seat == p.view["turn"])
        version = mover.version
        await mover.move({"type": "draw"})
        for d in devices:
            await d.until_version(version + 1)
        frames = {d.name: [json.loads(r) for r in d.raw[marks[d.name]:]] for d in devices}
        wholes = {d.name: d.screen for d in devices}
        stale = next(p for p in phones if p is not mover)  # its screen no longer the one sent
        stale.screen = {**stale.screen, "version": version - 5}
        mover = next(p for p in phones if p.seat == table.view["turn"])
        await mover.move({"type": "pass"} if "pass" in (mover.view.get("can") or []) else {"type": "draw"})
        for d in devices:
            await d.until_version(version + 2)
        screens = {d.name: d.screen for d in devices}
        return frames, wholes, stale.name, stale.patch_misses, screens, await reloaded_screens(backend, devices)

    frames, wholes, stale, misses, screens, reloaded = asyncio.run(scenario())
    for name, received in frames.items():
        values = [packet[1]["delta"][SCREEN][SCREEN_KEY] for packet in received
                  if SCREEN_KEY in ((packet[1].get("delta") or {}).get(SCREEN) or {})]
        assert len(values) == 1 and "$patch" in values[0], f"{name} got no patch: {values}"
        assert len(json.dumps(values[0])) < len(json.dumps(wholes[name])) / 2, f"{name}: the patch is no smaller"
    assert misses == 1, f"{stale}'s stale screen took {misses} patches"
    for name, screen in screens.items():
        assert screen == reloaded[name], f"{name}: the screen it has differs from Reflex's for that tab"


def test_a_hands_end_reaches_a_late_joiner_as_its_screen_alone(backend):
    """A hand's last move turns when a new player may sit down (``late_join``): a phone
    waiting at ``/play/<code>`` learns it may sit down now from its screen alone, as every
    other tab gets that move, and the screen it has is Reflex's for it."""
    async def scenario():
        stack = {"hands": [["r1", "r2", "g4"], ["r7"]], "top": "r5", "draw": STACK["draw"]}
        code, _host, table, phones = await seated(backend, "127.0.0.79", {"dealer": 0, "stack": stack})
        await table.host("start")
        eva = Tab(backend.url, f"/play/{code}", "Eva", source="127.0.0.80")
        await eva.connect()
        devices = [table, *phones, eva]
        await eva.until(lambda d: d.screen.get("join_block") == "wait_round")
        for d in devices[:-1]:
            await d.until(lambda d: d.view.get("phase") == "play")
        bia = phones[1]
        others = [d for d in devices if d is not bia]
        marks = {d.name: len(d.deltas) for d in others}
        version = bia.version
        await bia.move({"type": "play", "card": "r7"})  # her last card: the hand is over
        for d in devices:
            await d.until_version(version + 1)
        frames = {d.name: since(d, marks[d.name], version + 1) for d in others}
        sent = {d.name: d.screen for d in others}
        return frames, sent, await reloaded_screens(backend, others, lambda a: a.screen.get("late_join") == "now")

    frames, sent, reloaded = asyncio.run(scenario())
    assert sent["Eva"].get("join_block") == "", sent["Eva"].get("join_block")  # she may sit down now
    assert_screen_alone(frames, sent, reloaded)


def test_a_change_of_the_room_goes_through_reflex(backend):
    async def scenario():
        code, _host, table, phones = await seated(backend, "127.0.0.73", UNO)
        # a third player joins in the lobby: the table's frame carries its seat list too
        mark, version = len(table.deltas), table.version
        cid = Tab(backend.url, f"/play/{code}", "Cid", source="127.0.0.73")
        await cid.connect()
        await cid.join("Cid")
        await table.until(lambda d: len(d.screen.get("seats") or []) == 3)
        joined = [d for d in table.deltas[mark:]
                  if ((d.get(SCREEN) or {}).get(SCREEN_KEY) or {}).get("version", -1) > version]
        await close([table, *phones, cid])
        return joined

    joined = asyncio.run(scenario())
    assert joined, "the table never got the join"
    carried = {key for delta in joined for values in delta.values() for key in values}
    assert rxa.var_key("seat_info") in carried, f"the join's frames carried only {sorted(carried)}"


def test_an_upwords_move_goes_through_reflex(backend):
    async def scenario():
        _code, _host, table, phones = await seated(backend, "127.0.0.74", {}, "upwords")
        await table.host("start")
        for d in (table, *phones):
            await d.until(lambda d: d.view.get("phase") == "play")
        mover = next(p for p in phones if p.seat == p.view["turn"])
        mark, version = len(table.deltas), table.version
        await mover.move({"type": "pass"})
        await table.until_version(version + 1)
        got = since(table, mark, version + 1)
        await close([table, *phones])
        return got

    got = asyncio.run(scenario())
    carried = {key for delta in got for values in delta.values() for key in values}
    assert rxa.var_key("table") in carried, f"the table's board did not come with the move: {sorted(carried)}"


def test_an_event_that_changes_nothing_of_the_room_sends_nothing_of_it(backend):
    """Reflex invalidates what read the room each time it swaps the room out of a tab's tree;
    queued for the next delta, the table's every heartbeat (and any tap on a phone) sent the
    whole screen again, unchanged. A heartbeat now sends at most what it refreshes (the
    "online" dots, the seat list, the reactions, who watches: what ``Screen._shown`` feeds),
    and only when that changed; nothing that shows the game or only the room's facts. What
    the room changes still arrives (the move after)."""
    async def scenario():
        code, _host, table, phones = await seated(backend, "127.0.0.75", UNO)
        await table.host("start")
        for d in (table, *phones):
            await d.until(lambda d: d.view.get("phase") == "play")
        mover = next(p for p in phones if p.seat == p.view["turn"])
        version = mover.version
        await mover.move({"type": "draw"})
        for d in (table, *phones):
            await d.until_version(version + 1)
        marks = {id(d): len(d.deltas) for d in (table, *phones)}
        for d in (table, *phones):  # each tab's own event after the move: its heartbeat
            await d.send("heartbeat", {"_value": "now"})
        await asyncio.sleep(1.0)  # anything those events would send
        after = {d.name: d.deltas[marks[id(d)]:] for d in (table, *phones)}
        turn = table.view["turn"]
        nxt = next(p for p in phones if p.seat == turn)
        version = table.version
        await nxt.move({"type": "pass"} if "pass" in (nxt.view.get("can") or []) else {"type": "draw"})
        for d in (table, *phones):
            await d.until_version(version + 1)
        screens = {d.name: d.screen for d in (table, *phones)}
        return after, screens, await reloaded_screens(backend, [table, *phones])

    after, screens, reloaded = asyncio.run(scenario())
    refreshed = {rxa.var_key(v) for v in ("online", "seat_info", "popping", "watching_text")}
    for name, deltas in after.items():
        carried = {key for delta in deltas for values in delta.values() for key in values}
        assert carried <= refreshed, f"{name}'s heartbeat sent {sorted(carried)}"
    for name, screen in screens.items():
        assert screen == reloaded[name], f"{name}: the screen it has differs from Reflex's for that tab"


def test_a_new_tab_opening_the_room_sends_the_others_nothing(backend):
    """To send a linking tab the whole room, Reflex marks all of it changed, and every tab
    already linked got all of it again: thirty tabs opening a lobby made ~400 updates and
    held every other room's moves back (``bench/abuse.py``, join squatting). A new tab now
    changes nothing of the others'. (A device of the room whose link Reflex makes again, its
    tab's state rebuilt, still refreshes every tab: that is how a move whose worker died
    before its fan-out reaches the other screens, ``tests/scale/test_multi_worker.py``.)"""
    async def scenario():
        code, _host, table, phones = await seated(backend, "127.0.0.76", UNO)
        devices = (table, *phones)
        await asyncio.sleep(0.5)  # what the seating still sends
        marks = {d.name: len(d.deltas) for d in devices}
        newcomers = [Tab(backend.url, f"/play/{code}", f"new{i}", source="127.0.0.77") for i in range(3)]
        for tab in newcomers:
            await tab.connect()
            await tab.until(lambda t: bool(t.screen))
        await asyncio.sleep(0.5)
        quiet = {d.name: d.deltas[marks[d.name]:] for d in devices}
        await newcomers[0].join("Cid")  # a change of the room still reaches every tab
        await table.until(lambda t: len(t.view.get("seats") or t.screen.get("seats") or ()) == 3)
        await close([*newcomers, *devices])
        return quiet, newcomers

    quiet, newcomers = asyncio.run(scenario())
    assert all(t.screen for t in newcomers)  # each new tab has the room
    assert quiet == {name: [] for name in quiet}, f"new tabs sent the room's tabs {quiet}"
