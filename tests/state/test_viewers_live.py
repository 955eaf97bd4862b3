"""Viewers and reactions against the real backend (``reflex run --env prod --backend-only``,
SQLite), through the browser's websocket protocol (``tests/scale/client.py``).

- A viewer (``/watch/<code>``) gets the table's view, in the lobby and mid-game, and is
  refused every move and every host action on the server, with a translated sentence,
  even on the host's own device holding the host secret and a seat secret: identity
  comes from the route the server linked, the viewer's tab has no seat. Nothing changes
  in the database.
- The table counts the viewers ("2 watching"), and a closed viewer leaves the count.
- At most ``WATCHING`` viewers per room: the next one is told so and gets no updates.
- A seated phone's reactions reach the table through the room's shared state, with the
  sender's name; a flood is limited per seat; a reaction is never a move.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from tablegames import reflex_adapter as rxa
from tablegames.state.reactions import Reactions
from tablegames.state.room import UNLINK_AFTER
from tablegames.state.viewer import WATCHING, Viewer
from tests.state.live import Tab, close, count, new_room, seated

pytestmark = pytest.mark.timeout(300)

STACK = {"hands": [["r1", "r2", "g4"], ["r7", "y8", "b3"]], "top": "r5",
         "draw": ["b9", "b8", "g1", "y2", "g7", "y3", "b4", "g2", "y9", "b6"]}
HANDS = {"r1", "r2", "g4", "r7", "y8", "b3"}
WATCHING_KEY = rxa.var_key("watching_text")
POPPING_KEY = rxa.var_key("popping")
REFUSED_EN = "viewers can't play"


def test_a_viewer_sees_the_table_and_is_refused_every_move_and_host_action(backend):
    async def scenario():
        code, host, table, phones = await seated(backend, "127.0.0.61", {"dealer": 0, "stack": STACK})
        # in the lobby: a viewer joins and sees the seats
        lobby_viewer = Tab(backend.url, f"/watch/{code}", "early", source="127.0.0.62")
        await lobby_viewer.connect()
        await lobby_viewer.until(lambda d: len(d.screen.get("seats") or []) == 2)
        assert lobby_viewer.screen["me"] == -1 and lobby_viewer.screen["view"] is None
        await table.until(lambda d: d.latest(WATCHING_KEY) == "1 watching")
        await table.host("start")
        for d in (table, *phones, lobby_viewer):
            await d.until(lambda d: d.view.get("phase") == "play")
        # mid-game, on the host's own device: it holds the host secret and Ana's seat secret
        storage = dict(phones[0].storage)
        storage[rxa.var_key("host_secrets")] = json.dumps({code: host})
        viewer = Tab(backend.url, f"/watch/{code}", "host-device", source="127.0.0.62")
        viewer.storage = storage
        await viewer.connect()
        await viewer.until(lambda d: d.view.get("phase") == "play")
        await table.until(lambda d: d.latest(WATCHING_KEY) == "2 watching")
        assert viewer.screen["me"] == -1 and viewer.screen["is_host"] is False
        assert not viewer.screen["view"].get("hand"), "a viewer received a hand"

        version = count(backend, "select version from room where code = ?", code)
        moves = count(backend, "select count(*) from movelog")
        turn = viewer.view["turn"]
        attempts = [
            ("move", {"move": {"type": "draw"}, "seen_version": viewer.version}),
            ("move", {"move": {"type": "play", "card": "r7" if turn else "r1"}, "seen_version": -1}),
            ("move", {"move": {"type": "uno"}, "seen_version": -1}),
            ("host", {"action": "next_hand", "seat": -1}),
            ("host", {"action": "rematch", "seat": -1}),
            ("host", {"action": "start", "seat": -1}),
            ("host", {"action": "lock", "seat": -1}),
            ("host", {"action": "remove_seat", "seat": 0}),
            ("set_option", {"key": "target", "value": 100}),
            ("change_game", {"form": {"__reflex_form_data__": [["game", "faces"]]}}),
            ("join", {"form": {"__reflex_form_data__": [["name", "Zed"]]}}),
        ]
        for handler, payload in attempts:
            before = len(viewer.notices)
            await viewer.send(handler, payload)
            if handler != "join":  # a viewer's page has no join form: the event does nothing
                await viewer.until(lambda d, n=before: len(d.notices) > n, 10)
        await viewer.send_to(Reactions, "react", {"kind": "nice"})
        await asyncio.sleep(1.5)
        after = (count(backend, "select version from room where code = ?", code),
                 count(backend, "select count(*) from movelog"),
                 count(backend, "select count(*) from seat where room_id = (select id from room where code = ?)", code),
                 count(backend, "select locked from room where code = ?", code))
        # the viewer closes: the table counts one fewer (after the unlink grace period)
        await viewer.close()
        await asyncio.sleep(UNLINK_AFTER + 1.5)
        await table.send("heartbeat", {"_value": None})  # the table's page does every 5 s
        await table.until(lambda d: d.latest(WATCHING_KEY) == "1 watching", 10)
        frames = "\n".join(viewer.raw + lobby_viewer.raw)
        await close([table, *phones, lobby_viewer])
        return version, moves, after, viewer.notices, frames, table.latest(POPPING_KEY)

    version, moves, after, notices, frames, popping = asyncio.run(scenario())
    assert after == (version, moves, 2, 0), "a viewer's event changed the room"
    refused = [n for n in notices if REFUSED_EN in n]
    assert len(refused) >= 10, notices  # every move and host action, in words
    assert not popping, "a viewer's reaction reached the table"
    for card in HANDS - {"r5"}:  # no card of any hand ever reached a viewer
        assert f'"{card}"' not in frames, f"a viewer received {card}"


def test_viewers_are_capped_per_room(backend):
    async def scenario():
        code, _host = new_room(backend, {"dealer": 0, "stack": STACK})
        viewers = [Tab(backend.url, f"/watch/{code}", f"v{i}", source="127.0.0.63") for i in range(WATCHING + 1)]
        for v in viewers[:WATCHING]:
            await v.connect()
        extra = viewers[WATCHING]
        await extra.connect()
        seen = [bool(v.screen.get("code")) for v in viewers]
        await close(viewers)
        return seen, extra.notices

    seen, notices = asyncio.run(scenario())
    assert all(seen[:WATCHING]) and not seen[WATCHING]
    assert any("as many viewers" in n for n in notices), notices


def test_reactions_reach_the_table_with_the_name_and_a_flood_is_limited(backend):
    async def scenario():
        code, _host, table, phones = await seated(backend, "127.0.0.64", {"dealer": 0, "stack": STACK})
        viewer = Tab(backend.url, f"/watch/{code}", "watcher", source="127.0.0.65")
        await viewer.connect()
        moves = count(backend, "select count(*) from movelog")
        ana, bia = phones
        await bia.send_to(Reactions, "react", {"kind": "haha"})
        await table.until(lambda d: any(r["name"] == "Bia" and r["kind"] == "haha"
                                        for r in d.latest(POPPING_KEY) or []))
        await viewer.until(lambda d: any(r["name"] == "Bia" for r in d.latest(POPPING_KEY) or []))
        before = len(ana.notices)
        for _ in range(12):  # a flood from one seat
            await ana.send_to(Reactions, "react", {"kind": "nice"})
        await asyncio.sleep(2)
        from_ana = max(sum(r["name"] == "Ana" for r in delta_values) for delta_values in
                       [table.latest(POPPING_KEY) or []])
        refusals = [n for n in ana.notices[before:] if "Too many reactions" in n]
        await bia.send_to(Reactions, "react", {"kind": "bogus"})
        await asyncio.sleep(0.5)
        after_moves = count(backend, "select count(*) from movelog")
        await close([table, *phones, viewer])
        return from_ana, refusals, moves, after_moves, table.latest(POPPING_KEY)

    from_ana, refusals, moves, after_moves, popping = asyncio.run(scenario())
    assert 1 <= from_ana <= 5, f"{from_ana} of 12 flooded reactions shown"
    assert refusals, "the flood was not refused in words"
    assert after_moves == moves, "a reaction went into the move log"
    assert all(r["kind"] != "bogus" for r in popping)
    assert Viewer.get_parent_state().__name__ == "Screen"
