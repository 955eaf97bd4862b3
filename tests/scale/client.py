"""A phone or table speaking the app's real websocket protocol, as the browser does.

Socket.IO (Engine.IO 4) over a plain websocket: connect to
``/_event/?token=<uuid>&EIO=4&transport=websocket``, read the Engine.IO open packet, send
the socket.io CONNECT packet for namespace ``/_event`` carrying the hydrate event (Reflex
runs ``hydrate_and_load``: the hydrate plus the page's on_load handlers, ``RoomShared.link``
and ``Screen.open_phone``/``open_table``), then events as ``42/_event,["event",{...}]``.
Deltas come back as ``42/_event,["event",{"delta":{state: {var: value}}}]``; Engine.IO pings
("2") are answered ("3"). LocalStorage vars the server sets (seat and host secrets) are kept
and sent back in the hydrate, as a reloaded page does. A ``window.location.reload()`` the
server asks for (``_call_script``) is done as the browser does it: a new socket, the same
tab token and LocalStorage.

Used by tests/scale and bench/load.py. Only loopback URLs are expected.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import websockets

from tablegames import reflex_adapter as rxa
from tablegames.state.device import Device as DeviceState
from tablegames.state.landing import LandingForm
from tablegames.state.reactions import Reactions
from tablegames.state.room import Screen
from tablegames.state.seats import SeatAdmin

# The app's state names, as the front end addresses them (computed from the classes).
ROOT = rxa.ROOT_STATE
DEVICE = DeviceState.get_full_name()  # language, secrets, the notice
SCREEN = Screen.get_full_name()  # the room screen
SCREEN_VAR = rxa.var_key("screen")
NOTICE_VAR = rxa.var_key("notice")
# LocalStorage vars of the device that a real page keeps and sends back in its hydrate event.
STORAGE_VARS = tuple(rxa.var_key(v) for v in ("seat_secrets", "host_secrets", "lang"))


def handler_name(handler: str) -> str:
    """The full name of an app event handler by its short name (``"move"``, ``"create"``,
    ``"react"``, ``"watch_host"``)."""
    if handler.startswith(ROOT + "."):  # a full name already
        return handler
    for cls in (Screen, Reactions, SeatAdmin, LandingForm, DeviceState):
        if handler in cls.event_handlers:  # each class lists its own handlers
            return rxa.state_event_name(cls, handler)
    return f"{SCREEN}.{handler}"


def router_data(path: str) -> dict[str, Any]:
    """What the front end sends as router_data for ``/play/CODE`` or ``/table/CODE?host=...``."""
    parts = urlsplit(path)
    query: dict[str, Any] = {"code": parts.path.rstrip("/").rsplit("/", 1)[-1]}
    query.update(parse_qsl(parts.query))
    return {"pathname": parts.path, "asPath": path, "query": query}


class Device:
    """One browser tab: a phone (``/play/CODE``) or the table (``/table/CODE``)."""

    def __init__(self, backend_url: str, path: str, name: str = "", token: str | None = None,
                 source: str | None = None) -> None:
        self.backend_url = backend_url.rstrip("/")
        self.source = source  # the loopback address this tab connects from (127.0.0.x)
        self.path = path
        self.name = name
        self.token = token or str(uuid.uuid4())
        self.storage: dict[str, str] = {}  # LocalStorage: var name -> value
        self.screen: dict[str, Any] = {}
        self.device_vars: dict[str, Any] = {}  # the page's Device state: var key -> value
        self.seen: dict[int, float] = {}  # version -> perf_counter when first received
        self.notices: list[str] = []
        self.redirects: list[str] = []  # paths the server sent this page to (rx.redirect)
        self.frames = 0
        self.bytes = 0
        self.reloads = 0  # page reloads the server asked for
        self.patch_misses = 0  # screen patches that did not apply to the screen held (frame_patches.py)
        self._resending: asyncio.Task | None = None  # the whole screen asked for
        self._reloaded_at = float("-inf")
        self.connected = False
        self.on_screen: Callable[[Device, dict[str, Any]], None] | None = None
        self._ws: Any = None
        self._reader: asyncio.Task | None = None
        self._reloading: asyncio.Task | None = None
        self._waiters: list[tuple[Callable[[Device], bool], asyncio.Future]] = []

    # -- connection ------------------------------------------------------------------
    @property
    def ws_url(self) -> str:
        base = self.backend_url.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
        return f"{base}/_event/?token={self.token}&EIO=4&transport=websocket"

    async def connect(self, timeout: float = 30.0,
                      ready: Callable[[Device], bool] | None = None) -> None:
        """Opens the socket and hydrates the page (its on_load handlers run on the server),
        then waits until ``ready`` (default: a room screen or a notice arrived)."""
        extra = {"local_addr": (self.source, 0)} if self.source else {}
        self._ws = await asyncio.wait_for(
            websockets.connect(self.ws_url, max_size=None, open_timeout=timeout,
                               ping_interval=None, **extra), timeout)
        opening = await asyncio.wait_for(self._ws.recv(), timeout)
        if not str(opening).startswith("0"):
            raise ConnectionError(f"unexpected Engine.IO open packet: {opening!r}")
        payload: dict[str, Any] = {}
        stored = {f"{DEVICE}.{var}": value for var, value in self.storage.items()}
        if stored:
            payload["vars"] = stored
        hydrate = {"name": f"{ROOT}.hydrate_and_load", "payload": payload,
                   "router_data": router_data(self.path)}
        await self._ws.send("40/_event," + json.dumps({"event": hydrate}))
        self.connected = True
        self._reader = asyncio.create_task(self._read(self._ws))
        await self.until(ready or (lambda d: d.screen.get("code") is not None or bool(d.notices)), timeout)

    async def close(self) -> None:
        self.connected = False
        if self._ws is not None:
            try:
                await asyncio.wait_for(self._ws.close(), 5)
            except (TimeoutError, OSError, websockets.WebSocketException):
                pass
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):  # noqa: BLE001, S110 (closing anyway)
                pass

    async def reload(self, timeout: float = 30.0, ready: Callable[[Device], bool] | None = None) -> None:
        """What a reloaded page does: a new socket, the same tab token and LocalStorage
        (waiters keep waiting across it); ``ready`` as for :meth:`connect`."""
        self.reloads += 1
        old_ws, old_reader = self._ws, self._reader
        if old_reader is not None:  # the old page is gone: nothing more of its socket is read
            self._ws = None         # (a frame it still got, a second reload script, could start
            old_reader.cancel()     # another reload); detached first, so it is no disconnect
        self.screen, self.notices, self._resending = {}, [], None
        await self.connect(timeout, ready)
        if old_reader is not None:
            old_reader.cancel()
        if old_ws is not None:
            try:
                await asyncio.wait_for(old_ws.close(), 5)
            except (TimeoutError, OSError, websockets.WebSocketException):
                pass

    async def send(self, handler: str, payload: dict[str, Any]) -> float:
        """Sends the app's event ``handler(**payload)`` (``Screen.move``, ``LandingForm.create``,
        ...: see :func:`handler_name`); returns the perf_counter time it left."""
        event = {"name": handler_name(handler), "payload": payload,
                 "router_data": router_data(self.path)}
        sent = time.perf_counter()
        await self._ws.send("42/_event," + json.dumps(["event", event]))
        return sent

    # -- what the page does with each handler ---------------------------------------
    async def join(self, name: str) -> float:
        """The join form (as the browser submits it)."""
        return await self.send("join", {"form": {"__reflex_form_data__": [["name", name]]}})

    async def move(self, move: dict[str, Any], seen_version: int | None = None) -> float:
        version = self.version if seen_version is None else seen_version
        return await self.send("move", {"move": move, "seen_version": version})

    async def host(self, action: str, seat: int = -1) -> float:
        return await self.send("host", {"action": action, "seat": seat})

    @property
    def version(self) -> int:
        return int(self.screen.get("version", -1)) if self.screen else -1

    @property
    def seat(self) -> int:
        return int(self.screen.get("me", -1)) if self.screen else -1

    @property
    def view(self) -> dict[str, Any]:
        return (self.screen.get("view") or {}) if self.screen else {}

    # -- receiving -------------------------------------------------------------------
    async def _read(self, ws: Any) -> None:
        try:
            async for message in ws:
                if message == "2":  # Engine.IO ping
                    await ws.send("3")
                    continue
                now = time.perf_counter()
                self.frames += 1
                self.bytes += len(message)
                if message.startswith("42/_event,"):
                    self._on_event(json.loads(message[10:]), now)
        except (websockets.WebSocketException, OSError):
            pass
        finally:
            if self._ws is ws:  # not a socket a reload has replaced
                self.connected = False
                self._wake()

    def _on_event(self, packet: list[Any], now: float) -> None:
        if not packet:
            return
        if packet[0] == "new_token" and len(packet) > 1:
            self.token = str(packet[1])
            return
        if packet[0] != "event" or len(packet) < 2 or not isinstance(packet[1], dict):
            return
        scripts = [str((e.get("payload") or {}).get("javascript_code", ""))
                   for e in packet[1].get("events") or () if isinstance(e, dict) and e.get("name") == "_call_script"]
        self.redirects.extend(str((e.get("payload") or {}).get("path", "")) for e in packet[1].get("events") or ()
                              if isinstance(e, dict) and e.get("name") == "_redirect")
        if any(self._reloads_for(script) for script in scripts):
            self._reloading = asyncio.create_task(self.reload())
        delta = packet[1].get("delta") or {}
        screen_delta = delta.get(SCREEN) or {}
        device_delta = delta.get(DEVICE) or {}
        self.device_vars.update(device_delta)
        # As the browser does: a delta that is not hydrated yet never writes LocalStorage.
        if (delta.get(ROOT) or {}).get(rxa.var_key("is_hydrated")) is not False:
            for var in STORAGE_VARS:
                if var in device_delta:
                    self.storage[var] = device_delta[var]
        if device_delta.get(NOTICE_VAR):
            self.notices.append(device_delta[NOTICE_VAR])
        if SCREEN_VAR in screen_delta:
            applied, screen, resend = rxa.expand_patched(SCREEN, self.screen, screen_delta[SCREEN_VAR])
            if not applied:  # as the browser does: the whole screen asked for, once
                del screen_delta[SCREEN_VAR]
                self.patch_misses += 1
                if not self._resending and resend:
                    self._resending = asyncio.create_task(self.send(resend, {}))
                self._wake()
                return
            self._resending = None
            screen_delta[SCREEN_VAR] = screen  # the delta as the page's state sees it
            screen = screen or {}
            self.screen = screen
            version = screen.get("version")
            if isinstance(version, int) and version not in self.seen:
                self.seen[version] = now
            if self.on_screen is not None:
                self.on_screen(self, screen)
        self._wake()

    def _reloads_for(self, script: str) -> bool:
        """Whether the browser would reload on this script: ``window.location.reload()``, or
        ``state.room.reload_if_known``'s (reload if LocalStorage holds a seat or host secret
        for the room, at most once in its guard time)."""
        if "window.location.reload()" not in script:
            return False
        code = re.search(r"const code = (\"[^\"]*\");", script)
        guard = re.search(r"Date.now\(\) - last > (\d+)", script)
        if code is None or guard is None:
            return True
        held = [json.loads(self.storage.get(var) or "{}").get(json.loads(code.group(1)))
                for var in (rxa.var_key("seat_secrets"), rxa.var_key("host_secrets"))]
        if not any(held) or time.monotonic() - self._reloaded_at < int(guard.group(1)) / 1000:
            return False
        self._reloaded_at = time.monotonic()
        return True

    def _wake(self) -> None:
        keep = []
        for predicate, future in self._waiters:
            if future.done():
                continue
            try:
                ready = predicate(self) or not self.connected
            except Exception as err:  # noqa: BLE001
                future.set_exception(err)
                continue
            if ready:
                future.set_result(None)
            else:
                keep.append((predicate, future))
        self._waiters = keep

    async def until(self, predicate: Callable[[Device], bool], timeout: float = 15.0) -> None:
        """Waits until ``predicate(self)`` holds (raises TimeoutError, or ConnectionError if closed)."""
        if predicate(self):
            return
        if not self.connected:
            raise ConnectionError(f"{self.name or self.path}: socket closed")
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((predicate, future))
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise TimeoutError(f"{self.name or self.path}: still waiting after {timeout} s "
                               f"(version {self.version}, notices {self.notices[-2:]})") from None
        if not predicate(self):
            raise ConnectionError(f"{self.name or self.path}: socket closed")

    async def until_version(self, version: int, timeout: float = 15.0) -> None:
        await self.until(lambda d: d.version >= version, timeout)
