"""Viewers: anyone with the link watches a room at ``/watch/<code>``.

A viewer's tab is a :class:`~tablegames.state.room.Screen` whose role is ``"viewer"``: it
holds no seat and no host rights (``_seat`` -1, ``_is_host`` False, whatever secrets the
device keeps), so it gets the table's view (``view(state, None)``: no hand) and every move
or host action it sends is refused on the server (``Screen._act`` / ``Screen._no_seat``:
``viewer_cannot_act``). A viewer joins at any time, in the lobby or mid-game.

Viewer tabs are counted apart from a room's other tabs (``room_tabs`` set
``viewers_key(code)``), at most :data:`WATCHING` per room; past that a viewer is told so
politely and gets no updates. ``RoomShared.watching`` holds the count, so the table says
"3 watching" as viewers come and go (a closed viewer leaves with its tab:
``state.room.forget_tab``).
"""

from __future__ import annotations

import reflex as rx

from tablegames import reflex_adapter as rxa
from tablegames.i18n import t
from tablegames.rooms.service import RoomError
from tablegames.state import fanout, room_tabs
from tablegames.state.room import (_TAB_ROOMS, RoomShared, Screen, _route_code, _version, facts_version, room_token,
                                   viewers_key)

__all__ = ["WATCHING", "Viewer", "link_viewer"]

WATCHING = 20  # viewers per room (data: a living room's audience, not a stadium)
REFUSED = -2  # RoomShared.version of a viewer tab past the cap (Screen shows only the notice)


async def link_viewer(shared: RoomShared, code: str, token: str) -> None:
    """``RoomShared.link`` for a ``/watch/<code>`` tab: counted among the room's viewers
    (at most :data:`WATCHING`), linked to the room's fan-out, the count updated."""
    key = viewers_key(code)
    version = await _version(code)
    if version < 0:  # no such room: open_watch says so; nothing is counted
        return
    if not await room_tabs.has(key, token) and await room_tabs.count(key) >= WATCHING:
        if not rxa.linked_to(shared):
            shared.version = REFUSED
        return
    await room_tabs.add(key, token)
    old = _TAB_ROOMS.get(token, code)
    if old != code:
        await room_tabs.discard(old, token)
        await room_tabs.discard(viewers_key(old), token)
    await room_tabs.discard(code, token)  # a viewer is not one of the room's other tabs
    _TAB_ROOMS[token] = code
    linked = await rxa.link_shared(shared, room_token(code))
    linked.watching = await room_tabs.count(key)
    if version > linked.version:
        linked._at(code, version)
        await fanout.announce(code, version)


class Viewer(Screen):
    """The viewer's page events, and the table's "3 watching"."""

    @rx.event
    async def open_watch(self):
        """``/watch/<code>``: the table's view for a phone; no seat, no host rights."""
        screen = await self.get_state(Screen)
        screen._note_browser()
        screen.role, screen.room_code, screen.notice = "viewer", _route_code(self), ""
        screen._seat, screen._is_host, screen.removed = -1, False, False
        screen._clear_parts()
        shared = await self.get_state(RoomShared)
        if shared.version == REFUSED and not rxa.linked_to(shared):
            screen.notice = screen._say(RoomError("too_many_viewers", "This table has as many viewers as it allows.",
                                                  count=WATCHING))
            return None
        return await screen._check_room() or None

    async def _beat_shows(self, shared: RoomShared, now: float) -> int:
        """What a table's heartbeat shows of its viewers (``Screen._look``): how many watch
        (a viewer that left is uncounted by ``forget_tab``, which tells no screen)."""
        if self.role != "table" or not self.room_code or shared.watching <= 0:
            return 0
        return await room_tabs.count(viewers_key(self.room_code))

    @rx.var  # recomputed when a viewer links, and when a heartbeat sees the count change (Screen._shown)
    async def watching_text(self) -> str:
        """"3 watching" in this screen's language ("" when nobody watches). Recomputed when a
        viewer links (``RoomShared.watching``) and when one of the table's heartbeats finds
        the count changed."""
        shared = await self.get_state(RoomShared)
        screen = await self.get_state(Screen)
        if screen.role != "table" or not screen.room_code or facts_version(shared, shared.facts) < 0:
            return ""
        _ = screen._shown  # read, so that a heartbeat that sees the count change recomputes this var
        n = await room_tabs.count(viewers_key(screen.room_code)) if shared.watching > 0 else 0
        return t(screen.language, "viewers.watching", count=n) if n > 0 else ""
