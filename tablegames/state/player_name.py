"""The player's name, remembered on this device: the next table's name field is filled in.

The name is kept in the browser's LocalStorage (``tg_name``) once a phone sat down with it
(or was listed as asking to join a closed table). The phone's name field starts with it;
"Not you?" forgets it and empties the field, for a phone passed to someone else.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from tablegames.i18n import error_text
from tablegames.rooms.service import RoomError, clean_name
from tablegames.state.device import Device

__all__ = ["NAME_KEY", "PlayerName", "name_to_keep"]

NAME_KEY = "tg_name"  # LocalStorage key of the remembered name


def name_to_keep(typed: Any, seated: bool, asked: bool = False) -> str:
    """The name to remember after a join: the cleaned name when the phone got its seat, or
    when it was listed as asking to join a closed table; "" (keep what was kept) otherwise.

    >>> name_to_keep("  Ana  ", True), name_to_keep("Ana", False), name_to_keep("Ana", False, asked=True)
    ('Ana', '', 'Ana')
    >>> name_to_keep("   ", True)
    ''
    """
    if not (seated or asked):
        return ""
    try:
        return clean_name(typed)
    except RoomError:
        return ""


class PlayerName(Device):
    """The name this device sat down with last."""

    name: str = rx.LocalStorage("", name=NAME_KEY)

    @rx.event
    async def remember(self, form: dict):
        """After ``Screen.join`` (same submit): keeps the name if the phone got its seat."""
        from tablegames.state.room import Screen  # the room screen builds on the device too

        screen = await self.get_state(Screen)
        asked = screen.notice == error_text(screen.language, "table_locked")  # listed as asking
        keep = name_to_keep(form.get("name"), screen.seat >= 0 and not screen.removed, asked)
        if keep:
            self.name = keep

    @rx.event
    def forget(self):
        """"Not you?": the field empties (and nothing is remembered until the next seat)."""
        self.name = ""
        return rx.set_focus("player-name")
