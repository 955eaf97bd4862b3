"""Limits hold across workers (issue 12): one client's rate limits and one room's tab cap
are counted in Redis, so spreading the requests over two workers gains nothing."""

from __future__ import annotations

import asyncio

import pytest
from sqlmodel import Session

from tablegames.rooms import service
from tablegames.state.room import VIEWERS
from tests.scale.client import Device

pytestmark = [pytest.mark.scale, pytest.mark.timeout(300)]


def test_wrong_codes_are_counted_across_workers(scaled, backends):
    a, b = backends(2)

    async def scenario() -> tuple[list[str], list[str]]:
        devices = [Device(w.url, "/", f"sweep{w.port}", source="127.0.0.71") for w in (a, b)]
        for d in devices:
            await d.connect(ready=lambda d: d.frames > 0)
        for i in range(14):  # the limit is 12 failed look-ups a minute per address
            await devices[i % 2].send("go_join", {"form": {"__reflex_form_data__": [["code", f"ZZZ{'BCDFGHJ'[i % 7]}"]]}})
            await asyncio.sleep(0.15)
        with Session(scaled.db) as db:
            code, _ = service.create_room(db, "uno", {})
        for d in devices:
            d.redirects.clear()
            await d.send("go_join", {"form": {"__reflex_form_data__": [["code", code]]}})
        await asyncio.sleep(1.5)
        notices = [n for d in devices for n in d.notices]
        redirects = [r for d in devices for r in d.redirects]
        for d in devices:
            await d.close()
        return notices, redirects

    notices, redirects = asyncio.run(scenario())
    # 7 wrong codes on each worker: either alone is under the limit, together they are over
    assert any("Too many wrong codes" in n or "Códigos errados" in n for n in notices), notices
    assert not redirects  # even a real code, on both workers


def test_a_room_s_tab_cap_holds_across_workers(scaled, backends):
    a, b = backends(2)
    with Session(scaled.db) as db:
        code, host = service.create_room(db, "upwords", {})
        most = service.player_range("upwords", service.room_info(db, code).options)[1]

    async def scenario() -> tuple[int, int]:
        table = Device(a.url, f"/table/{code}?host={host}", "table", source="127.0.1.250")
        phone = Device(b.url, f"/play/{code}", "phone", source="127.0.1.251")
        await table.connect()
        await phone.connect()
        viewers = [Device(w.url, f"/play/{code}", f"tab{i}", source=f"127.0.1.{i}")
                   for i, w in enumerate([a, b] * (most + VIEWERS))]
        for tab in viewers:
            await tab.connect()
        version = table.version
        await phone.join("Ana")  # the room moves on: every linked tab hears it
        await table.until_version(version + 1)
        await asyncio.sleep(1.5)
        hearing = sum(tab.version > version for tab in viewers)
        for tab in (table, phone, *viewers):
            await tab.close()
        return hearing, len(viewers)

    hearing, opened = asyncio.run(scenario())
    # the table and the phone are two of the room's most + VIEWERS tabs
    assert 0 < hearing <= most + VIEWERS - 2, f"{hearing} of {opened} viewing tabs linked over two workers"
