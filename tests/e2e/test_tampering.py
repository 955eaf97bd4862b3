"""Hand-crafted websocket events from a real phone page are refused and change nothing.

The page's own socket is captured, and frames shaped exactly like the ones the app sends
are written to it: another seat's move, a seat smuggled into the payload, host actions
without the host secret, malformed and huge payloads, a forged page path.
"""

from __future__ import annotations

import json
import time

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tablegames.state.room import Screen

pytestmark = pytest.mark.e2e

STACK = {"hands": [["r1", "r2", "g4"], ["y7", "y8", "b3"]], "top": "y5", "draw": ["b9", "b8"]}
CAPTURE_SOCKETS = """
(() => { const Native = window.WebSocket; window.__sockets = [];
  window.WebSocket = function (...args) { const s = new Native(...args); window.__sockets.push(s); return s; };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3}); })();
"""
SCREEN = Screen.get_full_name()  # the room screen's state, as the front end names it


def frame(handler: str, payload: dict, path: str) -> str:
    """A socket.io event frame as the Reflex front end sends it."""
    event = {"name": f"{SCREEN}.{handler}", "payload": payload,
             "router_data": {"pathname": path, "asPath": path, "query": {"code": path.rsplit("/", 1)[-1]}}}
    return "42/_event," + json.dumps(["event", event])


def test_crafted_events_are_refused(app_server, new_context, screenshot):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})
        other_code, _ = service.create_room(db, "uno", {"dealer": 0})

    pages = []
    for name in ("Ana", "Bia"):
        context = new_context(viewport={"width": 412, "height": 915})
        context.add_init_script(CAPTURE_SOCKETS)
        page = context.new_page()
        page.goto(app_server.url(f"/play/{code}"))
        page.wait_for_selector("#player-name")
        time.sleep(1.0)
        page.fill("#player-name", name)
        page.click("#sit-down")
        page.wait_for_selector("#waiting")
        pages.append(page)
    ana, bia = pages
    with Session(engine) as db:
        service.start_game(db, code, host, seed=1)
    bia.reload()
    bia.wait_for_selector("#your-turn")  # seat 1 plays first (dealer 0)
    ana.reload()
    ana.wait_for_selector("#turn-of")

    received: list[str] = []
    ana.on("websocket", lambda ws: ws.on("framereceived", lambda p: received.append(str(p))))
    with Session(engine) as db:
        before_state, before_version = service.current_state(db, code)
        other_before = service.room_info(db, other_code)

    path = f"/play/{code}"
    crafted = [
        frame("move", {"move": {"type": "play", "card": "y7"}, "seen_version": before_version}, path),
        frame("move", {"move": {"type": "draw"}, "seen_version": -1}, path),
        frame("move", {"move": {"type": "draw"}, "seat": 1, "seen_version": -1}, path),
        frame("move", {"move": {"type": "draw", "seat": 1}, "seen_version": -1}, path),
        frame("move", {"move": "draw", "seen_version": -1}, path),
        frame("move", {"move": {"type": "play", "card": {"$ne": None}}}, path),
        frame("move", {"move": {"type": "draw"}, "seen_version": -1}, f"/play/{other_code}"),
        frame("host", {"action": "start"}, path),
        frame("host", {"action": "rematch"}, path),
        frame("host", {"action": "next_hand"}, path),
        frame("host", {"action": "remove_seat", "seat": 1}, path),
        frame("host", {"action": "drop_table"}, path),
        frame("join", {"form": {"name": "Intruder"}}, path),
    ]
    for text in crafted:
        ana.evaluate("f => window.__sockets.find(s => s.url.includes('/_event')).send(f)", text)
        time.sleep(0.3)
    time.sleep(1.5)
    screenshot(ana, "after-crafted-events")

    with Session(engine) as db:
        after_state, after_version = service.current_state(db, code)
        seats = service.room_info(db, code).seats
        other_after = service.room_info(db, other_code)
    assert after_version == before_version
    assert after_state == before_state
    assert [name for _, name in seats] == ["Ana", "Bia"]
    assert other_after == other_before
    assert ana.query_selector("#notice") is not None  # the refusals were answered in words
    # A frame over the size limit closes the socket (state/guard.py, MAX_FRAME); the page
    # reconnects by itself, and nothing changed.
    huge = frame("move", {"move": {"type": "play", "card": "r1" * 100_000}}, path)
    ana.evaluate("f => window.__sockets.find(s => s.url.includes('/_event')).send(f)", huge)
    time.sleep(1.5)
    with Session(engine) as db:
        assert service.current_state(db, code) == (before_state, before_version)
    ana.wait_for_selector("#turn-of")
    # Ana never received Bia's cards while doing all this.
    text = "\n".join(received)
    assert not any(f'"{card}"' in text for card in ("y7", "y8", "b3"))
    # Bia can still play normally.
    bia.click('#hand [data-card="y7"]')
    bia.wait_for_selector("#turn-of")
