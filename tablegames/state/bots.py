"""The host's bot seats (``rooms/bots.py``): add a bot in the lobby, let a bot play a seat.

:class:`BotSeats` is a substate of the room screen. ``bot_info`` says whether the room's
game takes bots (``offers``) and, when not, why (``why``: a catalog key); ``level`` is
the level the host picked for the next bot. Who may act is decided by the rooms layer
from this device's secrets.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from tablegames.i18n import t
from tablegames.rooms import bots
from tablegames.state.room import RoomShared, Screen, _screen_data, facts_version


def why_key(game: str) -> str:
    """The catalog key saying why ``game`` has no bot (``ui.bots.why.<game>`` where the
    catalog has one: its rules need people; else a plain "no bots")."""
    key = f"ui.bots.why.{game}"
    return key if t("en", key) != key else "ui.bots.why.other"


class BotSeats(Screen):
    """The host's bot actions."""

    level: str = "normal"  # the level of the next bot the host adds

    @rx.var  # recomputed when what it reads changes (the room's facts, not its every move: facts_version)
    async def bot_info(self) -> dict[str, Any]:
        """``offers``: the room's game (with its options) takes bots; ``why``: the catalog
        key saying why not ("" when it does); ``levels``: the levels offered."""
        shared = await self.get_state(RoomShared)
        version = facts_version(shared, shared.facts)
        if not self.room_code or version < 0:
            return {"offers": False, "why": "", "levels": []}
        data = await _screen_data(self.room_code, version, None, self.language) or {}
        game = data.get("game") or ""
        if not game:
            return {"offers": False, "why": "", "levels": []}
        offers = bots.offers_bots(game, data.get("options") or {})
        why = "" if offers else why_key(game)
        return {"offers": offers, "why": why, "levels": list(bots.CHOOSE_LEVELS) if offers else []}

    @rx.var  # recomputed when what it reads changes (the room's facts, not its every move: facts_version)
    async def bot_places(self) -> list[int]:
        """The engine seats a bot plays (their chips carry the bot mark)."""
        shared = await self.get_state(RoomShared)
        version = facts_version(shared, shared.facts)
        if not self.room_code or version < 0:
            return []
        data = await _screen_data(self.room_code, version, None, self.language) or {}
        return sorted(bots.bot_places(data))

    @rx.event
    def pick_level(self, level: str):
        """The host picks the level of the next bot."""
        if level in bots.CHOOSE_LEVELS:
            self.level = level

    @rx.event
    async def add_bot(self):
        """Host, in the lobby: a bot of the picked level takes a free seat (its name in
        this screen's language: "Bot Ana", "Robô Ana")."""
        keys, level = self._host_keys(), self.level
        template = t(self.language, "ui.bots.name_template")
        code = self.room_code

        def add(db: Any) -> None:  # the new seat's id is no version: _act asks the room's
            bots.add_bot(db, code, keys, level, template)

        return await self._act(add)

    @rx.event
    async def set_bot(self, seat_id: int, on: bool):
        """Host: a bot (of the picked level) plays seat ``seat_id``, or stops."""
        keys, level = self._host_keys(), self.level if on else None
        return await self._act(lambda db, code=self.room_code: bots.set_bot(db, code, keys, seat_id, level))
