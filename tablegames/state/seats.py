"""The host's seat actions and the host watch, for every game (``rooms/seats.py``,
``rooms/hosting.py``).

:class:`SeatAdmin` is a substate of the room screen:

- ``seat_rows``: every seat with what the host may do with it: away (its phone gone for
  ``away_after_s``, as the table saw it), the table playing for it (``auto``), the host;
- the host's actions: let the table play for a seat, hand a seat to a new phone (a
  one-time QR code, shown to the host alone), remove a seat from the game, make a seat's
  phone the host; a seat's own phone says it is back;
- :meth:`SeatAdmin.watch_host`: every open page, every ``watch_host_ms``
  (``hosting.report_every_s``), reports who is connected: the host's device seen, or gone
  long enough for the role to pass on.

Who may act is decided by the rooms layer from this device's secrets, never from an event
argument; a seat id argument only names the seat the host acts on.
"""

from __future__ import annotations

import os
import time
from typing import Any

import reflex as rx
from sqlmodel import Session

from tablegames import reflex_adapter as rxa
from tablegames.rooms import hosting, seats
from tablegames.rooms.service import RoomError
from tablegames.state.db import run as db_run
from tablegames.state.qr import qr_data_uri
from tablegames.state.room import RoomShared, Screen, _screen_data, facts_version


class SeatAdmin(Screen):
    """The host's actions on seats; the away seats and the host's presence."""

    # how often the page reports who is connected (ms): the running server's setting, sent
    # with the page's first state (as ``Screen.keepalive_ms``)
    watch_host_ms: int = int(hosting.report_every_s() * 1000)
    handover_name: str = ""  # whose seat the handover QR code hands on ("" none shown)
    _handover_token: str = ""

    async def _table_data(self) -> dict[str, Any]:
        return await self._table_data_at((await self.get_state(RoomShared)).version)

    async def _table_data_at(self, version: int) -> dict[str, Any]:
        """The table's screen data at ``version`` ({} for none). A var may call this one: it
        reads no version of its own (see ``facts_version``)."""
        if not self.room_code or version < 0:
            return {}
        return await _screen_data(self.room_code, version, None, self.language) or {}

    @rx.var  # recomputed when a heartbeat sees someone come or go (_shown) and when the room's facts change
    async def seat_info(self) -> dict[str, Any]:
        """``rows``: every seat, ``id``, ``name``, ``away`` (its phone gone a while),
        ``online``, ``auto`` (the table plays for it), ``host``; ``away`` and ``auto``: the
        names of the away seats and of those the table plays for, listed ("" none). The
        table's page knows how long a phone is away; a host's phone knows only who is
        connected now."""
        shared = await self.get_state(RoomShared)
        version = facts_version(shared, shared.facts)  # each var read here: a change recomputes this var
        role, shown = self.role, self._shown
        if role not in ("table", "phone") or not self.room_code or version < 0:
            return {"rows": [], "away": "", "auto": ""}
        data = await _screen_data(self.room_code, version, None, self.language) or {}
        rows = data.get("seats") or []
        if not rows or (role == "phone" and not (self._is_host or data.get("host_seat") == self._seat)):
            return {"rows": [], "away": "", "auto": ""}  # a phone lists the seats only for the host
        if role == "table":  # as its last heartbeat saw it (Screen._look), and who is connected now
            online = set(shown[0] if shown else ()) | set(await shared._online_seats())
            away = set(shown[1] if shown else ())
        else:
            online = set(await shared._online_seats())
            away = {s["id"] for s in rows} - online
        online |= {s["id"] for s in rows if s.get("bot")}  # a bot needs no phone: never away
        out = [{"id": s["id"], "seat": s["seat"], "name": s["name"], "online": s["id"] in online,
                "bot": s.get("bot") or "",
                "away": s["id"] in away and s["id"] not in online, "auto": bool(s.get("auto")),
                "host": data.get("host_seat") == s["id"]} for s in rows]
        return {"rows": out, "away": ", ".join(r["name"] for r in out if r["away"]),
                "auto": ", ".join(r["name"] for r in out if r["auto"])}

    @rx.var  # recomputed when what it reads changes (the room's facts, not its every move: facts_version)
    async def my_auto(self) -> bool:
        """This phone's seat: the table plays for it (the phone offers "I'm back")."""
        shared = await self.get_state(RoomShared)
        version = facts_version(shared, shared.facts)  # read here: new facts recompute this var
        if self.role != "phone" or self._seat < 0:
            return False
        data = await self._table_data_at(version)
        return any(s["id"] == self._seat and s.get("auto") for s in data.get("seats") or ())

    @rx.var
    def handover_qr(self) -> str:
        """The one-time handover link as a QR code (the host's screen only, while open)."""
        if not self._handover_token or not self.room_code:
            return ""
        base = os.environ.get("TG_PUBLIC_URL") or self.origin
        url = f"{base.rstrip('/')}/play/{self.room_code}?handover={self._handover_token}"
        return qr_data_uri(url, 6)

    @rx.var
    def handover_url(self) -> str:
        """The handover link itself (a test, or a host who sends it by message)."""
        if not self._handover_token or not self.room_code:
            return ""
        base = os.environ.get("TG_PUBLIC_URL") or self.origin
        return f"{base.rstrip('/')}/play/{self.room_code}?handover={self._handover_token}"

    # -- the host's actions ------------------------------------------------------------
    @rx.event
    async def set_auto(self, seat_id: int, on: bool):
        """Host: the table plays for seat ``seat_id`` when it is to act (or stops)."""
        keys = self._host_keys()
        return await self._act(lambda db, code=self.room_code: seats.set_auto(db, code, keys, seat_id, bool(on)))

    @rx.event
    async def make_host(self, seat_id: int):
        """Host: seat ``seat_id``'s phone becomes the host (this device stops being it)."""
        keys = self._host_keys()
        return await self._act(lambda db, code=self.room_code: hosting.hand_host(db, code, keys, seat_id))

    @rx.event
    async def start_handover(self, seat_id: int):
        """Host: a one-time link that hands seat ``seat_id`` to a new phone (QR code)."""
        keys, code = self._host_keys(), self.room_code
        try:
            self._handover_token = await db_run(lambda db: seats.start_handover(db, code, keys, seat_id))
        except RoomError as err:
            self.notice = self._say(err)
            return
        data = await self._table_data()
        self.handover_name = next((s["name"] for s in data.get("seats") or () if s["id"] == seat_id), "")

    @rx.event
    def close_handover(self):
        """The host closed the handover QR code (the link still works once)."""
        self._handover_token, self.handover_name = "", ""

    @rx.event
    async def im_back(self):
        """A phone whose seat the table played for: its player is back."""
        secret = str(self._secrets("seat_secrets").get(self.room_code, ""))
        if self.role != "phone" or not secret:
            return None
        return await self._act(lambda db, code=self.room_code: seats.back(db, code, secret))

    # -- the host's presence ------------------------------------------------------------
    async def _host_look(self, shared: RoomShared) -> tuple[list[int], bool] | None:
        """What a host report of this page sees, changing nothing: the seats with a phone
        connected and whether a host device is (None: not a room page, nothing to report)."""
        if self.role not in ("table", "phone") or not self.room_code:
            return None
        data = await self._table_data_at(shared.version)
        if not data.get("code"):
            return None
        online = await shared._online_seats()
        gen = data.get("host_gen", 0)
        # this very tab, if it is a host device, or the host seat's phone, or another host tab
        host_here = (self._is_host and self._host_gen == gen) or await shared._host_connected(
            data.get("host_seat"), gen, online)
        return online, host_here

    async def _report_host(self, shared: RoomShared) -> int | None:
        """A host report of this page, changing no field of it: a host device connected is
        noted as seen; none for ``host_gone_after_s``, the role passes on
        (``rooms/hosting.py``). Returns the room's new version if the host changed."""
        look = await self._host_look(shared)
        if look is None:
            return None
        (online, host_here), code = look, self.room_code
        if not hosting.watch_is_due(code, host_here, time.time()):
            return None

        def look_at(db: Session) -> int | None:
            return hosting.maybe_move_on(db, code, online, host_here)

        try:
            return await db_run(look_at, quick=True)  # a one-row note (at most every host_seen_every_s) or a hand-over
        except RoomError:
            return None

    @rx.event
    async def watch_host(self, _tick: Any = None):
        """Every open page, regularly: its host report (:meth:`_report_host`); a new host is
        shown on every screen of the room."""
        version = await self._report_host(await self.get_state(RoomShared))
        if version is not None:
            await self.bump(version)
