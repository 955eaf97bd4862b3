"""Floods and bad input against the real backend (``reflex run --env prod --backend-only``,
SQLite), through the browser's websocket protocol (``tests/scale/client.py``): rate limits,
capped and promptly unlinked tabs, refused payloads, and a fuzz of every event handler."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tablegames.state.room import VIEWERS
from tests.scale.client import ROOT, Device
from tests.state.conftest import start_backend
from tests.state.sqlite_lock import hold_lock

pytestmark = pytest.mark.timeout(300)


def new_room(backend, game="uno", options=None):
    engine = create_engine(backend.database_url)
    try:
        with Session(engine) as db:
            return service.create_room(db, game, options or {})
    finally:
        engine.dispose()


def count(backend, sql, *args):
    with sqlite3.connect(backend.database_url.removeprefix("sqlite:///")) as db:
        return db.execute(sql, args).fetchone()[0]


def log_text(backend) -> str:
    return Path(backend.log_path).read_text(errors="replace")


async def seated(backend, players: int, source: str, game="uno", options=None):
    code, host = new_room(backend, game, options)
    table = Device(backend.url, f"/table/{code}?host={host}", "table", source=source)
    await table.connect()
    phones = []
    for i in range(players):
        phone = Device(backend.url, f"/play/{code}", f"p{i}", source=source)
        await phone.connect()
        await phone.join(f"P{i}")
        await phone.until(lambda d, i=i: d.seat == i)
        phones.append(phone)
    return code, host, table, phones


async def close(devices):
    await asyncio.gather(*(d.close() for d in devices), return_exceptions=True)


async def raw(device: Device, name: str, payload: Any) -> None:
    event = {"name": name, "payload": payload, "router_data": {"pathname": device.path, "query": {}}}
    await device._ws.send("42/_event," + json.dumps(["event", event]))


def test_room_creation_and_code_sweeps_are_rate_limited_per_address(backend):
    async def scenario():
        landing = Device(backend.url, "/", "flood", source="127.0.0.21")
        await landing.connect(ready=lambda d: d.frames > 0)
        before = count(backend, "select count(*) from room")
        form = {"__reflex_form_data__": [["game", "uno"]]}
        for _ in range(25):
            await landing.send("create", {"form": form})
            await asyncio.sleep(0.05)
        await asyncio.sleep(2)
        created = count(backend, "select count(*) from room") - before
        for i in range(30):
            await landing.send("go_join", {"form": {"__reflex_form_data__": [["code", f"ZZZ{'BCDFGHJKMNPQRSTWXZ'[i % 18]}"]]}})
            await asyncio.sleep(0.05)
        await asyncio.sleep(2)
        # a real code is refused too while the address is over its failed look-ups
        code, _ = new_room(backend)
        landing.redirects.clear()
        await landing.send("go_join", {"form": {"__reflex_form_data__": [["code", code]]}})
        await asyncio.sleep(1)
        notices = list(landing.notices)
        await landing.close()
        # another address is not affected
        other = Device(backend.url, "/", "honest", source="127.0.0.22")
        await other.connect(ready=lambda d: d.frames > 0)
        await other.send("go_join", {"form": {"__reflex_form_data__": [["code", code]]}})
        await other.until(lambda d: bool(d.redirects), 10)
        await other.close()
        return created, notices, landing.redirects

    created, notices, redirects = asyncio.run(scenario())
    assert created <= 10, f"{created} rooms created by one address in seconds"
    assert any("Too many tables" in n or "Foram criadas" in n for n in notices)
    assert any("Too many wrong codes" in n or "Códigos errados" in n for n in notices)
    assert not redirects


STACK = {"hands": [["r1", "r2", "g4"], ["r7", "y8", "b3"]], "top": "r5",
         "draw": ["b9", "b8", "g1", "y2", "g7", "y3", "b4", "g2", "y9", "b6"]}


def test_extra_tabs_are_capped_and_closed_tabs_leave_the_fan_out(backend):
    async def scenario():
        # A stacked deal: a random first card (a Wild) could leave no draw to make.
        code, _host, table, phones = await seated(backend, 2, "127.0.0.31", options={"dealer": 0, "stack": STACK})
        await table.host("start")
        for d in (table, *phones):
            await d.until(lambda d: d.view.get("phase") == "play")
        viewers = [Device(backend.url, f"/play/{code}", f"v{i}", source="127.0.0.32") for i in range(30)]
        for v in viewers:
            await v.connect()
        version = table.version
        turn = table.view["turn"]
        await phones[turn].move({"type": "draw"}, version)
        await table.until_version(version + 1)
        await asyncio.sleep(1.5)
        hearing = sum(v.version > version for v in viewers)
        await close(viewers)
        await asyncio.sleep(7)  # UNLINK_AFTER + slack
        mark = len(log_text(backend))
        for _ in range(3):
            version = table.version
            turn = table.view["turn"]
            mover = phones[turn]
            move = {"type": "pass"} if "pass" in (mover.view.get("can") or []) else {"type": "draw"}
            await mover.move(move, version)
            await table.until_version(version + 1)
        await asyncio.sleep(1)
        await close([table, *phones])
        return hearing, log_text(backend)[mark:]

    hearing, later_log = asyncio.run(scenario())
    assert hearing <= 10 + VIEWERS - 3, f"{hearing} of 30 extra tabs linked to a 10-seat room"
    assert "disconnected client" not in later_log


def test_one_connection_flooding_events_is_cut_off_cheaply(backend):
    async def scenario():
        code, _host, table, phones = await seated(backend, 2, "127.0.0.41")
        await table.host("start")
        await table.until(lambda d: d.view.get("phase") == "play")
        flooder = phones[0]
        notices0 = len(flooder.notices)
        t0 = time.perf_counter()
        for _ in range(400):
            await flooder.move({"type": "draw"}, 0)  # stale: each processed one is a notice
        await asyncio.sleep(2)
        processed = len(flooder.notices) - notices0
        # the honest phone of the same room is still served
        version = table.version
        honest = phones[1]
        await honest.send("heartbeat", {"_value": "x"})
        await close([table, *phones])
        return processed, time.perf_counter() - t0

    processed, _ = asyncio.run(scenario())
    assert processed <= 80, f"{processed} of 400 flooded events were processed"


def test_oversized_and_unknown_payloads_are_refused_and_never_logged_whole(backend):
    async def scenario():
        landing = Device(backend.url, "/", "big", source="127.0.0.51")
        await landing.connect(ready=lambda d: d.frames > 0)
        mark = len(log_text(backend))
        big = "x" * 900_000
        await raw(landing, f"{ROOT}.frontend_event_exception_state.handle_frontend_exception",
                  {"info": big[:60_000], "component_stack": "s"})
        await raw(landing, f"{ROOT}.no_such_state.no_such_handler", {"x": big[:60_000]})
        await asyncio.sleep(1)
        await raw(landing, f"{ROOT}.frontend_event_exception_state.handle_frontend_exception",
                  {"info": big, "component_stack": "s"})  # over the frame size: socket closed
        await asyncio.sleep(2)
        return len(log_text(backend)) - mark, landing.connected

    grown, connected = asyncio.run(scenario())
    assert grown < 20_000, f"the log grew {grown} bytes for three bad events"
    assert not connected, "a 900 KB frame was accepted"


FUZZ = [None, True, -1, 0, 2**62, 1.5, float("1e308"), "", "x" * 5000, "ZZZZ", [], [1, "a"], {},
        {"type": 5}, {"type": "play", "card": ["r7"]}, {"a": {"b": {"c": [None] * 50}}}]


def test_fuzz_every_event_handler_raises_no_unhandled_exception(backend):
    import tablegames.tablegames  # noqa: F401 (the app's states)
    from tablegames import reflex_adapter as rxa

    handlers = []
    for cls in rxa.all_state_classes():
        for name, handler in cls.event_handlers.items():
            import inspect

            params = [p.name for p in list(inspect.signature(handler.fn).parameters.values())[1:]
                      if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
            handlers.append((rxa.state_event_name(cls, name), params))
    rng = random.Random(12)

    async def scenario():
        code, host, table, phones = await seated(backend, 2, "127.0.0.61")
        devices = [table, *phones]
        mark = len(log_text(backend))
        sent = 0
        for name, params in handlers:
            if name.endswith((".hydrate", ".hydrate_and_load", ".on_load_internal")):
                continue
            for value in FUZZ:
                payload = {p: value for p in params}
                if params and rng.random() < 0.5:
                    payload[params[0]] = rng.choice(FUZZ)
                device = devices[sent % len(devices)]
                if device.connected:
                    await raw(device, name, payload)
                sent += 1
                await asyncio.sleep(0.02)
        await asyncio.sleep(3)
        await close(devices)
        return sent, log_text(backend)[mark:]

    sent, log = asyncio.run(scenario())
    assert sent > 300
    unhandled = log.count("[unhandled exception]") + log.count("Traceback")
    assert unhandled == 0, log[-3000:]


async def answer_time(sender: Device, watcher: Device) -> float:
    """Seconds from ``sender``'s reaction until ``watcher`` (its room's table) shows it."""
    frames = watcher.frames
    t0 = time.perf_counter()
    await sender.send("react", {"kind": "nice"})
    await watcher.until(lambda d: d.frames > frames, 20)
    return time.perf_counter() - t0


def test_a_locked_database_stalls_no_room_and_the_move_lands_once_it_is_free(backend):
    path = backend.database_url.removeprefix("sqlite:///")

    async def scenario():
        _, _, table_a, phones_a = await seated(backend, 2, "127.0.0.71", options={"dealer": 0, "stack": STACK})
        _, _, table_b, phones_b = await seated(backend, 2, "127.0.0.72", options={"dealer": 0, "stack": STACK})
        await table_a.host("start")
        await table_a.until(lambda d: d.view.get("phase") == "play")
        await phones_a[0].until(lambda d: d.view.get("phase") == "play")
        version = table_a.version
        turn = table_a.view["turn"]
        holder = hold_lock(path, 3.0)
        await phones_a[turn].move({"type": "draw"}, version)  # waits for the lock, off the loop
        await asyncio.sleep(0.3)
        other_room = await answer_time(phones_b[0], table_b)  # another room, meanwhile
        await table_a.until_version(version + 1, 20)
        holder.join()
        # a lock held longer than the retries: a translated sentence, no SQL
        version = table_a.version
        turn = table_a.view["turn"]
        mover = phones_a[turn]
        notices = len(mover.notices)
        holder = hold_lock(path, 12.0)
        move = {"type": "pass"} if "pass" in (mover.view.get("can") or []) else {"type": "draw"}
        await mover.move(move, version)
        await mover.until(lambda d: len(d.notices) > notices, 20)
        holder.join()
        said = mover.notices[-1]
        # and the app works again by itself
        await mover.move(move, version)
        await table_a.until_version(version + 1, 20)
        await close([table_a, *phones_a, table_b, *phones_b])
        return other_room, said

    other_room, said = asyncio.run(scenario())
    assert other_room < 1.0, f"another room waited {other_room:.1f} s for a reaction to show"
    assert "saved right now" in said and "SQL" not in said and "locked" not in said, said


def test_the_host_locks_the_table_and_sees_who_asks_to_join(backend):
    async def scenario():
        code, _host, table, phones = await seated(backend, 1, "127.0.0.81")
        version = table.version
        await table.host("lock")
        await table.until(lambda d: d.screen.get("locked") is True)
        squatter = Device(backend.url, f"/play/{code}", "late", source="127.0.0.82")
        await squatter.connect()
        await squatter.join("Zeca")
        await squatter.until(lambda d: bool(d.notices))
        await table.until(lambda d: "Zeca" in (d.screen.get("asking") or []))
        seats_while_locked = [s["name"] for s in table.screen["seats"]]
        await table.host("unlock")
        await table.until(lambda d: d.screen.get("locked") is False)
        await asyncio.sleep(0.5)
        await squatter.join("Zeca")
        await squatter.until(lambda d: d.seat >= 0)
        await close([table, *phones, squatter])
        return squatter.notices[0], seats_while_locked, version

    said, seats, _ = asyncio.run(scenario())
    assert "closed this table" in said or "fechou esta mesa" in said
    assert seats == ["P0"]


def test_health_tells_a_damaged_database_and_the_app_recovers_once_it_is_restored(tmp_path):
    import shutil
    import urllib.error
    import urllib.request

    def health(url):
        try:
            with urllib.request.urlopen(url + "/_health", timeout=10) as r:  # noqa: S310 (loopback)
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    server = start_backend(tmp_path)  # its own: this test damages the database file
    path = Path(server.database_url.removeprefix("sqlite:///"))
    try:
        async def scenario():
            code, _host, table, phones = await seated(server, 2, "127.0.0.91")
            ok = health(server.url)
            with sqlite3.connect(path) as con:
                con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            good = path.read_bytes()
            with path.open("r+b") as f:  # damaged in place, under the running app
                f.write(b"\0" * 4096)
            broken = health(server.url)
            notices = len(phones[0].notices)
            await table.host("start")
            await table.until(lambda d: len(d.notices) > 0, 20)
            said = table.notices[-1]
            with path.open("r+b") as f:
                f.write(good)  # restored: no restart
            restored = health(server.url)
            await table.host("start")
            await table.until(lambda d: d.view.get("phase") == "play", 20)
            await close([table, *phones])
            return ok, broken, restored, said, notices

        ok, broken, restored, said, _ = asyncio.run(scenario())
    finally:
        server.stop()
    assert ok == (200, {"status": True, "db": True}), ok
    assert broken[0] == 503 and broken[1]["db"] is False, broken
    assert restored[0] == 200, restored
    assert "saved right now" in said and "Error" not in said, said
