"""The landing page's forms: create a table (the game, then its options), join one."""

from __future__ import annotations

import reflex as rx

from tablegames import games
from tablegames.engine import IllegalMove
from tablegames.rooms import service
from tablegames.rooms.service import RoomError, normalize_code
from tablegames.state import guard
from tablegames.state.db import run as db_run
from tablegames.state.device import Device
from tablegames.state.forms import controls, form_options, options_from_form, value_text
from tablegames.state.room import look_up


def _picks(game: str) -> dict[str, str]:
    """The default values (as form text) of ``game``'s options that others depend on."""
    defaults = {o.key: value_text(o.default) for o in form_options(game)}
    return {key: defaults[key] for key in controls(game) if key in defaults}


class LandingForm(Device):
    """``/``: the create form's game and the values its shown options depend on."""

    new_game: str = games.GAMES[0]  # the game being set up
    picks: dict[str, str] = _picks(games.GAMES[0])  # option key -> value, of the options others' `when` name

    @rx.event
    def open_landing(self):
        """``/``: notes the browser's language."""
        self._note_browser()

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
        if not await guard.allow("create", *self._client()):
            self.notice = self._say(RoomError("too_many_rooms", "Too many tables from this network."))
            return rx.toast.error(self.notice)
        try:
            code, host_secret = await db_run(lambda db: service.create_room(db, game, options))
        except (RoomError, IllegalMove) as err:
            self.notice = self._say(err)
            return rx.toast.error(self.notice)
        self._remember("host_secrets", code, host_secret)
        return rx.redirect(f"/table/{code}")

    @rx.event
    async def go_join(self, form: dict):
        """Opens a room's phone page by its code."""
        code = normalize_code(form.get("code"))
        err, _ = await look_up(self, code)
        if err is not None:
            self.notice = self._say(err)
            return rx.toast.error(self.notice)
        return rx.redirect(f"/play/{code}")
