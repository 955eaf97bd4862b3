"""A phone's move taken off the socket (``state/quick_events.py``), read from the frames.

With one real backend (SQLite, the memory state manager) and raw websocket tabs:

- an UNO move skips Reflex's event processing: the mover too gets one frame with its screen
  alone (Reflex's delta for the mover's event carried the other vars that read the screen),
  and every tab's screen is what Reflex computes for it when the page reloads;
- a refused move gets the translated notice, as ``Screen.move`` gives it, and changes nothing;
- with the colour picker open, the move goes through ``Screen.move``, which closes it;
- two moves of one tab sent at once are applied in the order sent;
- the seat is the tab's own: a move from a tab with no seat is refused;
- the timer events (the table's heartbeat, every page's host report) that change nothing
  send nothing and write nothing; one that sees a phone gone shows it.
"""

from __future__ import annotations

import asyncio

import pytest

from tablegames import reflex_adapter as rxa
from tablegames.games.uno.state import UnoPicker
from tablegames.rooms.presence import GRACE_S
from tests.state.live import Tab, close, count, seated
from tests.state.test_fanout_live import assert_screen_alone, reloaded_screens, since

pytestmark = pytest.mark.timeout(300)

# Ana (seat 0) leads; the first card she draws (r9) is playable on r5, so she may keep it.
STACK = {"hands": [["r1", "r2", "g4"], ["r7", "y8", "b3"]], "top": "r5",
         "draw": ["r9", "b8", "g1", "y2", "g7", "y3", "b4", "g2", "y9", "b6"]}
UNO = {"dealer": 1, "stack": STACK}
PICKING = rxa.var_key("picking")


async def playing(backend, source: str):
    code, host, table, phones = await seated(backend, source, UNO)
    await table.host("start")
    for d in (table, *phones):
        await d.until(lambda d: d.view.get("phase") == "play")
    mover = next(p for p in phones if p.seat == p.view["turn"])
    other = next(p for p in phones if p is not mover)
    return code, table, mover, other


def test_a_move_skips_reflex_and_every_tab_gets_its_screen_alone(backend):
    async def scenario():
        _code, table, mover, other = await playing(backend, "127.0.0.91")
        devices = [table, mover, other]
        marks = {d.name: len(d.deltas) for d in devices}
        version = mover.version
        card = next(c for c in mover.view["playable"] if c[0] in "rgby")
        await mover.move({"type": "play", "card": card}, version)
        for d in devices:
            await d.until_version(version + 1)
        await asyncio.sleep(0.3)  # anything more the move would send
        frames = {d.name: since(d, marks[d.name], version + 1) for d in devices}
        sent = {d.name: d.screen for d in devices}
        return frames, sent, await reloaded_screens(backend, devices)

    frames, sent, reloaded = asyncio.run(scenario())
    assert_screen_alone(frames, sent, reloaded)  # the mover's own frame included


def test_a_refused_move_gets_the_translated_notice_and_changes_nothing(backend):
    async def scenario():
        _code, table, mover, other = await playing(backend, "127.0.0.92")
        version = table.version
        moves = count(backend, "SELECT COUNT(*) FROM movelog")
        await other.move({"type": "draw"}, version)  # not her turn
        await other.until(lambda d: bool(d.notices))
        await mover.move({"type": "play", "card": "g4"}, version)  # her turn, but g4 is not on r5
        await mover.until(lambda d: bool(d.notices))
        await asyncio.sleep(0.3)
        logged = count(backend, "SELECT COUNT(*) FROM movelog") - moves
        await close([table, mover, other])
        return other.notices, mover.notices, table.version - version, logged

    others, movers, versions, logged = asyncio.run(scenario())
    assert others == ["It's Ana's turn, not yours."], others
    assert len(movers) == 1 and "g4" not in movers[0] and movers[0], movers
    assert versions == 0 and logged == 0


def test_with_the_picker_open_the_move_goes_through_screen_move_which_closes_it(backend):
    async def scenario():
        _code, table, mover, other = await playing(backend, "127.0.0.93")
        await mover.send_to(UnoPicker, "pick", {"card": "W"})  # a wild tapped: the picker opens
        await mover.until(lambda d: d.latest(PICKING) == "W")
        version = mover.version
        await mover.move({"type": "draw"}, version)
        await mover.until_version(version + 1)
        await mover.until(lambda d: d.latest(PICKING) == "")
        await close([table, mover, other])
        return mover.latest(PICKING)

    assert asyncio.run(scenario()) == ""


def test_two_moves_of_one_tab_sent_at_once_land_in_the_order_sent(backend):
    async def scenario():
        _code, table, mover, other = await playing(backend, "127.0.0.94")
        version = mover.version
        await mover.move({"type": "draw"}, version)  # r9, playable: she may keep it
        await mover.move({"type": "pass"}, version + 1)  # refused if it came first
        await table.until_version(version + 2)
        await asyncio.sleep(0.3)
        await close([table, mover, other])
        return mover.notices, len(mover.view["hand"])

    notices, hand = asyncio.run(scenario())
    assert notices == [] and hand == 4


def test_a_tab_without_a_seat_moves_nothing(backend):
    async def scenario():
        code, table, mover, other = await playing(backend, "127.0.0.95")
        version = table.version
        stranger = Tab(backend.url, f"/play/{code}", "stranger", source="127.0.0.96")
        await stranger.connect()
        await stranger.until(lambda d: bool(d.screen))
        await stranger.move({"type": "draw"}, version)
        await stranger.until(lambda d: bool(d.notices))
        await asyncio.sleep(0.3)
        await close([table, mover, other, stranger])
        return table.version - version, stranger.notices

    moved, notices = asyncio.run(scenario())
    assert moved == 0 and notices, notices



def test_a_move_notes_the_connected_host_so_the_host_reports_write_nothing(backend):
    """A host note due and a host device connected: the move writes it with the room's new
    version, and neither the pages' next reports nor the next move write it again."""
    seen_at = "SELECT host_seen_at FROM room WHERE code = ?"

    async def scenario():
        code, table, mover, other = await playing(backend, "127.0.0.97")
        devices = [table, mover, other]
        before = count(backend, seen_at, code)
        version = mover.version
        await mover.move({"type": "draw"}, version)  # r9: she may keep it, then pass
        await table.until_version(version + 1)
        noted = count(backend, seen_at, code)
        moved_at = count(backend, "SELECT created_at FROM movelog WHERE version = ? AND room_id = "
                                  "(SELECT id FROM room WHERE code = ?)", version + 1, code)
        for d in devices:
            await d.send("watch_host", {})
        await asyncio.sleep(0.5)
        after_reports = count(backend, seen_at, code)
        await mover.move({"type": "pass"}, version + 1)
        await table.until_version(version + 2)
        after_next_move = count(backend, seen_at, code)
        await close(devices)
        return before, noted, moved_at, after_reports, after_next_move

    before, noted, moved_at, after_reports, after_next_move = asyncio.run(scenario())
    assert before is None  # no report was sent yet: nothing noted the host
    assert noted is not None and abs(noted - moved_at) < 1.0, (noted, moved_at)
    assert after_reports == noted and after_next_move == noted


def test_timer_events_that_change_nothing_send_nothing_and_one_that_sees_a_phone_gone_shows_it(backend):
    online = rxa.var_key("online")

    async def scenario():
        code, _host, table, phones = await seated(backend, "127.0.0.94", UNO)
        devices = [table, *phones]
        await table.send("heartbeat", {})  # the first look shows who is there
        await table.until(lambda d: d.latest(online) == [0, 1])
        for d in devices:
            await d.send("watch_host", {})  # the first report notes the host as seen
        await asyncio.sleep(0.5)
        noted = count(backend, "SELECT host_seen_at FROM room WHERE code = ?", code)
        marks = {d.name: d.frames for d in devices}
        for _ in range(5):  # as the pages' timers send them, nothing changing meanwhile
            await table.send("heartbeat", {})
            for d in devices:
                await d.send("watch_host", {})
            await asyncio.sleep(0.2)
        await asyncio.sleep(0.5)
        quiet = {d.name: d.frames - marks[d.name] for d in devices}
        rewritten = count(backend, "SELECT host_seen_at FROM room WHERE code = ?", code) != noted
        await phones[1].close()  # Bia's phone goes: "away" once the grace period is over
        await asyncio.sleep(GRACE_S + 1)
        await table.send("heartbeat", {})
        await table.until(lambda d: d.latest(online) == [0])
        await close([table, phones[0]])
        return noted, quiet, rewritten

    noted, quiet, rewritten = asyncio.run(scenario())
    assert noted is not None
    assert quiet == {name: 0 for name in quiet}, quiet
    assert not rewritten
