"""The floor for Python: a bare python-socketio server (ASGI, served by granian) that relays
one frame per move to every device of the room, nothing else.

Started by ``bench/load.py`` as
``granian --interface asgi --workers 1 --host 127.0.0.1 --port P --working-dir bench/peers floor:app``
(granian's defaults otherwise, as ``reflex run --env prod`` starts ours). ``FLOOR_FRAME_BYTES``
(env) is the size of one ``update`` frame on the wire, padded to what our app sends
(the bench measures ours first); ``FLOOR_PLAYERS`` the phones per room (whose turn it is).

Events (namespace ``/``):
- ``join {room}``: the socket enters the room; it gets the room's current frame;
- ``move {room, version}``: when ``version`` is the room's, the version goes up by one and the
  new frame goes to the whole room (the mover included, as ours answers the mover too);
  otherwise the mover alone gets ``refused``;
- ``heartbeat {room}``: received, answered with nothing (ours answers a table's heartbeat
  only when what it shows changed: someone came or went).
No state beyond a version per room: what any real-time server must at least do per move.
"""

from __future__ import annotations

import json
import os

import socketio

FRAME_BYTES = int(os.environ.get("FLOOR_FRAME_BYTES", "3686"))
PLAYERS = int(os.environ.get("FLOOR_PLAYERS", "4"))

sio = socketio.AsyncServer(async_mode="asgi", cors_allowed_origins=[], logger=False,
                           engineio_logger=False)
app = socketio.ASGIApp(sio)
versions: dict[str, int] = {}


def frame(room: str, version: int) -> dict:
    body = {"room": room, "version": version, "turn": version % PLAYERS, "pad": ""}
    # the wire text is 42["update",{...}]: pad it to FRAME_BYTES
    short = FRAME_BYTES - len("42" + json.dumps(["update", body], separators=(",", ":")))
    body["pad"] = "x" * max(0, short)
    return body


@sio.on("join")
async def join(sid: str, data: dict) -> None:
    room = str(data["room"])
    await sio.enter_room(sid, room)
    await sio.emit("update", frame(room, versions.setdefault(room, 0)), to=sid)


@sio.on("move")
async def move(sid: str, data: dict) -> None:
    room = str(data["room"])
    if data.get("version") != versions.get(room):
        await sio.emit("refused", {"room": room, "version": versions.get(room)}, to=sid)
        return
    versions[room] += 1
    await sio.emit("update", frame(room, versions[room]), room=room)


@sio.on("heartbeat")
async def heartbeat(sid: str, data: dict) -> None:
    return None
