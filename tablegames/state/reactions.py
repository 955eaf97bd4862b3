"""Reactions: a seated phone's quick "Nice!" pops up on the table beside its name.

Reactions are ephemeral: not moves, not in the engine's state nor in the move log. A
reaction is appended to ``RoomShared.reactions`` (the room's shared state, linked by every
screen of the room), which fans it out to the table and the viewers like a version bump;
the list keeps only the last few seconds' (:data:`KEEP_S`, at most :data:`KEPT`). The
sender is the seat the server mapped to this tab (never an argument), and each seat may
send :data:`PER_SEAT` (``guard.LIMITS["react"]``, the ``limits`` moving windows every
worker shares); a flood beyond it is refused with a translated notice.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import reflex as rx

from tablegames import reflex_adapter as rxa
from tablegames.rooms.service import RoomError
from tablegames.state import guard
from tablegames.state.room import RoomShared, Screen, _screen_data, room_token

__all__ = ["KINDS", "KEEP_S", "KEPT", "Reactions", "recent"]

# The reactions a phone offers, in the row's order: each is a short word (i18n
# ``reactions.<kind>``) and a drawn icon (assets/reactions.css), never an emoji.
KINDS = ("nice", "haha", "wow", "ouch", "hurry", "gg")
KEEP_S = 6.0  # seconds a reaction stays in the room's shared state (it shows for SHOW_S)
SHOW_S = 4.0  # seconds it shows on the table (assets/reactions.css animates it as long)
KEPT = 12  # reactions kept at once (a table of ten all reacting)


def recent(reactions: list[dict[str, Any]], now: float, within: float = KEEP_S) -> list[dict[str, Any]]:
    """The reactions sent in the last ``within`` seconds, at most :data:`KEPT`, oldest first."""
    return [r for r in reactions if isinstance(r, dict) and now - float(r.get("at", 0)) < within][-KEPT:]


class Reactions(Screen):
    """A phone's reaction row and the table's popping bubbles."""

    @rx.event
    async def react(self, kind: str):
        """Phone (seated): sends one reaction for THIS tab's seat."""
        screen = await self.get_state(Screen)
        if screen.role != "phone" or screen._seat < 0:
            screen.notice = screen._say(RoomError("viewer_cannot_act" if screen.role == "viewer" else "unknown_seat",
                                                  "Only a seated player can react."))
            return None
        if kind not in KINDS:
            screen.notice = screen._say(RoomError("bad_request", "Unknown reaction."))
            return None
        code, seat = screen.room_code, screen._seat
        shared = await self.get_state(RoomShared)
        if rxa.linked_to(shared) != room_token(code):
            return None
        data = await _screen_data(code, shared.version, seat, screen.language)
        me = next((s for s in (data or {}).get("seats", ()) if s.get("id") == seat), None)
        if me is None:  # removed, or the room is gone
            screen.notice = screen._say(RoomError("unknown_seat", "No seat."))
            return None
        _address, connection = screen._client()
        if not await guard.allow("react", f"{code}:{seat}", connection):
            screen.notice = screen._say(RoomError("too_many_reactions", "Too many reactions: wait a few seconds."))
            return None
        now = time.time()
        shared.reactions = [*recent(shared.reactions, now)[-(KEPT - 1):],
                            {"id": secrets.token_hex(4), "seat": int(me["seat"]), "name": str(me["name"]),
                             "kind": kind, "at": now}]
        if screen.notice:
            screen.notice = ""
        return None

    async def _beat_shows(self, shared: RoomShared, now: float) -> list[str]:
        """What a table's heartbeat shows of the reactions (``Screen._look``): the ids of
        those still popping, so that one that ran its time is taken off the screen."""
        return [r["id"] for r in recent(rxa.peek(shared, "reactions"), now, SHOW_S)]

    @rx.var  # recomputed with each reaction, and when a heartbeat sees one run its time (Screen._shown)
    async def popping(self) -> list[dict]:
        """The reactions to show now (the table's and the viewers'; a page opened later
        does not replay old ones). Recomputed with each reaction and when a heartbeat sees
        the popping ones change."""
        shared = await self.get_state(RoomShared)
        screen = await self.get_state(Screen)
        _ = screen._shown  # read, so that a heartbeat that sees one run its time recomputes this var
        if screen.role not in ("table", "viewer"):
            return []
        return [{k: r[k] for k in ("id", "seat", "name", "kind")} for r in recent(shared.reactions, time.time(), SHOW_S)]
