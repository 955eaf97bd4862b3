"""What the live-backend tests of the state layer share: a raw-frame tab, the database."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any

from sqlmodel import Session, create_engine

from tablegames import reflex_adapter as rxa
from tablegames.rooms import service
from tests.scale.client import Device, router_data


class Tab(Device):
    """A device that also keeps every frame it receives (``raw``) and every delta as the
    page's state sees it (``deltas``: a patched screen expanded, ``frame_patches.py``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deltas: list[dict[str, Any]] = []
        self.raw: list[str] = []

    def _on_event(self, packet: list[Any], now: float) -> None:
        self.raw.append(json.dumps(packet))
        if len(packet) > 1 and isinstance(packet[1], dict):
            self.deltas.append(packet[1].setdefault("delta", {}))  # a patched screen is expanded in it
        super()._on_event(packet, now)

    def latest(self, key: str) -> Any:
        """The last value of a var (by its key) received in any state's delta."""
        for delta in reversed(self.deltas):
            for values in delta.values():
                if isinstance(values, dict) and key in values:
                    return values[key]
        return None

    async def send_to(self, cls: Any, handler: str, payload: dict[str, Any]) -> None:
        event = {"name": rxa.state_event_name(cls, handler), "payload": payload,
                 "router_data": router_data(self.path)}
        await self._ws.send("42/_event," + json.dumps(["event", event]))


def count(backend, sql, *args):
    with sqlite3.connect(backend.database_url.removeprefix("sqlite:///")) as db:
        return db.execute(sql, args).fetchone()[0]


def new_room(backend, options, game="uno"):
    engine = create_engine(backend.database_url)
    try:
        with Session(engine) as db:
            return service.create_room(db, game, options)
    finally:
        engine.dispose()


async def close(devices):
    await asyncio.gather(*(d.close() for d in devices), return_exceptions=True)


async def seated(backend, source: str, options: dict, game: str = "uno"):
    """A room of ``game`` with a table and two seated phones (Ana, Bia) from ``source``:
    ``(code, host secret, table, [ana, bia])``."""
    code, host = new_room(backend, options, game)
    table = Tab(backend.url, f"/table/{code}?host={host}", "table", source=source)
    await table.connect()
    phones = []
    for i, name in enumerate(("Ana", "Bia")):
        phone = Tab(backend.url, f"/play/{code}", name, source=source)
        await phone.connect()
        await phone.join(name)
        await phone.until(lambda d, i=i: d.seat == i)
        phones.append(phone)
    return code, host, table, phones
