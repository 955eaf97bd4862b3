"""The landing page's forms: create a table (the game, then its options), join one; and the
way back to this device's own tables ("Your table: ABCD")."""

from __future__ import annotations

from typing import Any

import reflex as rx
from sqlmodel import Session

from tablegames import games
from tablegames.engine import IllegalMove
from tablegames.rooms import service
from tablegames.rooms.service import RoomError, normalize_code
from tablegames.state import guard
from tablegames.state.db import run as db_run
from tablegames.state.device import Device
from tablegames.state.forms import controls, form_options, options_from_form, value_text
from tablegames.state.room import look_up


MY_TABLES_SHOWN = 3  # the device's most recent tables the start page links back to


def my_tables(db: Session, hosts: dict[str, Any], seats: dict[str, Any],
              most: int = MY_TABLES_SHOWN) -> list[dict[str, str]]:
    """This device's live tables, the newest first: the ones it hosts (the table view) and
    the ones it sits at (its phone), each once (a host who also sits opens the table).

    Args:
        db: a database session.
        hosts: the device's ``{code: host secret}`` (LocalStorage, oldest first).
        seats: the device's ``{code: seat secret}`` (same).
        most: how many to give at most.

    Returns:
        ``[{"code", "game", "href", "role"}]``, ``role`` ``"host"`` or ``"seat"``; a room
        that expired, or whose secret no longer holds (a removed seat), is left out.
    """
    found: list[dict[str, str]] = []
    codes = [(code, "host") for code in reversed(list(hosts))] + [(code, "seat") for code in reversed(list(seats))]
    for code, role in codes:
        if len(found) >= most or any(t["code"] == code for t in found):
            continue
        secret = (hosts if role == "host" else seats).get(code)
        try:
            info = service.room_info(db, code)
            if role == "host" and not service.is_host(db, code, secret):
                continue
            if role == "seat":
                service.rejoin(db, code, secret)
        except RoomError:
            continue
        page = "table" if role == "host" else "play"
        found.append({"code": info.code, "game": info.game, "href": f"/{page}/{info.code}", "role": role})
    return found


def _picks(game: str) -> dict[str, str]:
    """The default values (as form text) of ``game``'s options that others depend on."""
    defaults = {o.key: value_text(o.default) for o in form_options(game)}
    return {key: defaults[key] for key in controls(game) if key in defaults}


class LandingForm(Device):
    """``/``: the create form's game and the values its shown options depend on."""

    new_game: str = games.GAMES[0]  # the game being set up
    picks: dict[str, str] = _picks(games.GAMES[0])  # option key -> value, of the options others' `when` name
    tables: list[dict[str, str]] = []  # this device's live tables (see my_tables)
    _watch: bool = False  # the join form's Watch button was pressed (go_join opens /watch/<code>)

    @rx.event
    async def open_landing(self):
        """``/``: notes the browser's language; finds the tables this device hosts or sits at."""
        self._note_browser()
        self.notice = ""  # a refusal of another page is not this one's
        hosts, seats = self._secrets("host_secrets"), self._secrets("seat_secrets")
        if not hosts and not seats:
            self.tables = []
            return
        try:
            self.tables = await db_run(lambda db: my_tables(db, hosts, seats))
        except RoomError:  # the database is away: the page works without the links
            self.tables = []

    @rx.event
    def choose_game(self, game: str):
        """The game whose options the create form shows."""
        if game in games.names():
            self.new_game = game
            self.picks = _picks(game)

    @rx.event
    def pick(self, key: str, value: str):
        """An option other options depend on changed: the form shows those that apply."""
        if key in self.picks and isinstance(value, str):
            self.picks = {**self.picks, key: value}

    @rx.event
    async def create(self, form: dict):
        """Creates a table and opens it (this device becomes the host)."""
        game = str(form.get("game") or games.GAMES[0])
        options = options_from_form(game, form)
        if not await guard.allow("create", *self._client()):  # refusals: the page's one notice
            self.notice = self._say(RoomError("too_many_rooms", "Too many tables from this network."))
            return None
        try:
            code, host_secret = await db_run(lambda db: service.create_room(db, game, options))
        except (RoomError, IllegalMove) as err:
            self.notice = self._say(err)
            return None
        self._remember("host_secrets", code, host_secret)
        return rx.redirect(f"/table/{code}")

    @rx.event
    def watch_next(self, watch: bool):
        """The join form's Watch (True) or Join (False) button was pressed: its submit follows."""
        self._watch = watch is True

    @rx.event
    async def go_join(self, form: dict):
        """Opens a room's phone page by its code (the viewer's page after Watch)."""
        code = normalize_code(form.get("code"))
        watch, self._watch = self._watch, False
        err, _ = await look_up(self, code)
        if err is not None:
            self.notice = self._say(err)
            return None
        return rx.redirect(f"/watch/{code}" if watch else f"/play/{code}")
