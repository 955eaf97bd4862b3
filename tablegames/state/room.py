"""The room screen: thin Reflex states that call ``rooms.service`` and the engine.

``RoomShared`` is linked by room code and holds only a version number: every accepted
move bumps it, and every linked screen then gets its OWN view (``view(state, its_seat)``):
computed in its private ``Screen`` state by Reflex, or, for a move that changed nothing
else of the room, built and sent by ``state/fanout.py`` from the same function
(:func:`tab_screen`). No hand ever sits in a shared var, and who acts is always the seat
the server mapped to this browser, never an event argument.

``Screen`` is a substate of :class:`tablegames.state.device.Device` (language, secrets,
the notice): the route, role, seat, the room's screen data and the players' and host's
actions. Per-game states reach it with ``await self.get_state(Screen)`` and use its
public API (:class:`RoomScreenAPI`: ``act``, ``say``, ``bump``, ``seat``, ``room_code``).
A per-game substate of ``Screen`` (a game's card picker) may define ``_clear_on_move()``:
it is called when this tab sends a move or leaves its room; with it, ``_nothing_to_clear()``
says when it holds nothing to clear (then a move may skip Reflex's event processing,
``state/quick_events.py``). Which game a room plays is
looked up in the registry (``tablegames.games``): this module names no game.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable
from typing import Any

import orjson
import reflex as rx
from sqlmodel import Session

from tablegames import games
from tablegames.games import cues
from tablegames import reflex_adapter as rxa
from tablegames.engine import IllegalMove
from tablegames.rooms import hosting, lifecycle, presence, seats as seat_admin, service
from tablegames.rooms.cache import VersionedCache
from tablegames.rooms.service import RoomError, normalize_code
from tablegames.state import fanout, guard, joining, room_tabs, upkeep
from tablegames.state.db import run as db_run
from tablegames.state.device import HOSTS_KEY, SEATS_KEY, Device
from tablegames.state.qr import qr_data_uri

rxa.lean_linked_updates()  # a room's update computes each linked tab's screen once (see there)

__all__ = ["RoomShared", "Screen", "RoomScreenAPI", "look_up", "room_token", "reload_if_known",
           "SEATS_KEY", "HOSTS_KEY", "VIEWERS"]


def facts_version(shared: RoomShared, facts: str) -> int:
    """``shared.version``, for a computed var that shows only the room's facts.

    The caller passes ``shared.facts``: Reflex then recomputes the var when the facts change,
    not with every move (it tracks the attributes a var reads, not those of a function it
    calls). A var that reads ``shared.version`` itself is recomputed, and sent, with each
    move of its own tab.
    """
    del facts  # read by the caller, for Reflex's dependency tracking
    return shared.version


def room_token(code: str) -> str:
    """The SharedState token of a room (tokens may not contain underscores)."""
    return f"room-{code}"


def _route_code(state: rx.State) -> str:
    """The room code of ``/table/<code>``, ``/play/<code>`` or ``/watch/<code>``."""
    return code_in_path(state.router.url.path)


def code_in_path(path: str) -> str:
    """The room code of the path ``/table/<code>``, ``/play/<code>`` or ``/watch/<code>`` ("" none)."""
    parts = [p for p in str(path).split("?")[0].split("/") if p]
    return normalize_code(parts[1]) if len(parts) >= 2 and parts[0] in ("table", "play", "watch") else ""


def _is_watch(state: rx.State) -> bool:
    """Whether this tab opened ``/watch/<code>`` (a viewer: see ``state/viewer.py``)."""
    return state.router.url.path.strip("/").startswith("watch/")


def viewers_key(code: str) -> str:
    """The ``room_tabs`` set of room ``code``'s viewer tabs (counted apart from its other tabs)."""
    return f"{code}-watch"


class RoomShared(rx.SharedState):
    """The room's public heartbeat: linked screens recompute their view when it changes."""

    version: int = 0
    # a digest of the room's facts at ``version`` (all but what a move of the game changes,
    # ``fanout.PER_MOVE``): the vars that show only facts read it (see ``facts_version``)
    facts: str = ""
    watching: int = 0  # viewer tabs linked now (/watch/<code>), the table says "3 watching"
    # the last few reactions ({id, seat, name, kind, at}): ephemeral, never a move (state/reactions.py)
    reactions: list[dict] = []
    _phones: dict[str, int] = {}  # browser token -> seat, for the "online" dots
    _hosts: dict[str, int] = {}  # browser token -> host_gen, tabs with host rights (rooms/hosting.py)

    def _at(self, code: str, version: int) -> None:
        """Moves the room to ``version`` (never back), and ``facts`` with it when they changed."""
        for name, value in self._moving_to(code, version).items():
            setattr(self, name, value)

    def _moving_to(self, code: str, version: int) -> dict[str, Any]:
        """The vars :meth:`_at` sets, with their new values: ``version`` always (set again, it
        still has the linked screens look), ``facts`` when they changed."""
        version = max(rxa.peek(self, "version"), version)
        changes: dict[str, Any] = {"version": version}
        facts = fanout.facts_digest(code, version)
        if facts != rxa.peek(self, "facts"):
            changes["facts"] = facts
        return changes

    async def _online_seats(self) -> list[int]:
        """Seats with at least one phone connected right now (on any worker)."""
        app = rxa.current_app()
        return sorted({seat for token, seat in rxa.peek(self, "_phones").items() if await rxa.is_connected(app, token)})

    async def _host_connected(self, host_seat: int | None, gen: int, online: list[int] | None = None) -> bool:
        """Whether a host device of host change ``gen`` is connected (on any worker): the
        phone of seat id ``host_seat`` (among ``online``, the seats with a phone connected;
        None: looked up) or a tab that holds the host rights."""
        if host_seat is not None and host_seat in (await self._online_seats() if online is None else online):
            return True
        app = rxa.current_app()
        for token, held in list(rxa.peek(self, "_hosts").items()):
            if held == gen and await rxa.is_connected(app, token):
                return True
        return False

    async def _host_seen_now(self, code: str, now: float) -> float | None:
        """``now`` if a move made now should note room ``code``'s host as seen (one is due,
        ``hosting.watch_is_due``, and a host device is connected), else None. Noted with the
        move, it spares the room's next host report its own write to the database."""
        if not hosting.watch_is_due(code, True, now):
            return None
        host = service.host_at(code, self.version)
        if host is None or not await self._host_connected(*host):
            return None
        return now

    @rx.event
    async def link(self):
        """Links this browser to the room in the URL (``/table/<code>``, ``/play/<code>``).

        A room takes at most its seats plus ``VIEWERS`` tabs; past that, only a tab that
        holds a seat or host secret of the room links (the others get a notice and no
        updates). A tab whose socket closed is unlinked shortly after (:func:`forget_tab`)
        and linked again here when its page loads or reconnects."""
        code = _route_code(self)
        if not code:
            return
        screen = await self.get_state(Screen)
        if screen.room_code and screen.room_code != code:
            screen._leave_room()  # this tab moves to another room: nothing of the old one's stays
        token = self.router.session.client_token
        if _is_watch(self):  # a viewer: its own cap, WATCHING per room (state/viewer.py)
            from tablegames.state.viewer import link_viewer

            return await link_viewer(self, code, token)
        watched = await room_tabs.has(viewers_key(code), token)  # this tab watched the room before
        if rxa.linked_to(self) != room_token(code) and not await room_tabs.has(code, token):  # a new tab
            seats = await _max_players(code)
            if await room_tabs.count(code) >= seats + VIEWERS and not await self._holds_secret(code):
                if not rxa.linked_to(self):
                    self.version = -1  # Screen shows nothing but the notice
                return
        await room_tabs.add(code, token)
        if _TAB_ROOMS.get(token, code) != code:
            await room_tabs.discard(_TAB_ROOMS[token], token)
        _TAB_ROOMS[token] = code
        # Linked already: this tab goes back in the fan-out (unlinked while its socket was away).
        linked = await rxa.link_shared(self, room_token(code))
        if screen._secrets("seat_secrets").get(code) or screen._secrets("host_secrets").get(code):
            # A device of the room is back: every tab gets the whole room again, which also
            # brings them a move whose worker died before its fan-out. A new tab's link
            # changes nothing of the others' (30 tabs opening a lobby sent 400 updates).
            rxa.link_refreshes_all(token)
        if watched:  # it sits down (or opens the table): one viewer fewer
            await room_tabs.discard(viewers_key(code), token)
            linked.watching = await room_tabs.count(viewers_key(code))
        # A page load catches up with the database: a change this process never announced
        # (a worker that died after committing) shows at the latest on the next load.
        version = await _version(code)
        if version > linked.version:
            linked._at(code, version)
            await fanout.announce(code, version)

    async def _holds_secret(self, code: str) -> bool:
        """Whether this tab's LocalStorage holds a valid seat or host secret for ``code``."""
        screen = await self.get_state(Screen)
        seat, host = screen._secrets("seat_secrets").get(code), screen._secrets("host_secrets").get(code)
        if not seat and not host:
            return False

        def check(db: Session) -> bool:
            if host and service.is_host(db, code, host):
                return True
            try:
                service.rejoin(db, code, seat)
                return True
            except RoomError:
                return False

        try:
            return await db_run(check)
        except RoomError:
            return False


VIEWERS = 8  # tabs beyond a room's seats (the table, a host's second device, onlookers)
_TAB_ROOMS: dict[str, str] = {}  # tab token -> its room code (tabs whose socket is on this process)
UNLINK_AFTER = 5.0  # seconds a closed socket has to come back before its tab is unlinked


async def _max_players(code: str) -> int:
    def most(db: Session) -> int:
        info = service.room_info(db, code)
        return service.player_range(info.game, info.options)[1]

    try:
        return await db_run(most)
    except (RoomError, KeyError):
        return 0


async def forget_tab(app: rx.App, token: str) -> None:
    """A socket closed: unless the tab is back within ``UNLINK_AFTER`` s, it leaves its
    room's fan-out (and the "online" dots). Moves then cost what the live devices cost."""
    await asyncio.sleep(UNLINK_AFTER)
    if app.event_namespace is None or await rxa.is_connected(app, token):
        return
    fanout.forget(token)
    code = _TAB_ROOMS.pop(token, None)
    if code is None:
        return
    await room_tabs.discard(code, token)
    watched = await room_tabs.has(viewers_key(code), token)
    await room_tabs.discard(viewers_key(code), token)
    async with rxa.modify_shared(app, room_token(code), RoomShared) as shared:
        rxa.drop_linked_tab(shared, token)
        if watched:
            shared.watching = await room_tabs.count(viewers_key(code))
        if token in shared._phones:
            shared._phones = {t: s for t, s in shared._phones.items() if t != token}
        if token in shared._hosts:
            shared._hosts = {t: g for t, g in shared._hosts.items() if t != token}


def seat_move(code: str, seat: int, gen: int, move: Any, seen_version: int,
              host_seen_at: float | None = None) -> Callable[[Session], int]:
    """The database action of a phone's move: ``move`` for seat id ``seat`` (held for its
    generation ``gen``) of room ``code``, refused as stale unless the room is at
    ``seen_version`` (below 0: any); it returns the room's new version. ``host_seen_at``
    (``RoomShared._host_seen_now``): the host is noted as seen with the move."""
    expected = seen_version if seen_version >= 0 else None
    return lambda db: service.apply_move(db, code, seat, move, expected, holder=gen, host_seen_at=host_seen_at)[1]


async def bump_room(app: rx.App, code: str, version: int) -> None:
    """Tells every screen of room ``code`` that it is now at ``version``, outside any tab's
    event (a move taken off the socket, ``state/quick_events.py``, with the memory state
    manager only): what ``Screen.bump`` and Reflex's update of the linked tabs after that
    event do, for every tab linked to the room, the mover's included."""
    async with rxa.modify_shared(app, room_token(code), RoomShared) as shared:
        # the room's own state tree has no screen to recompute: the linked tabs' trees have
        changed = rxa.set_shared_in_memory(shared, **shared._moving_to(code, version))
        changed |= rxa.take_changes(shared)  # and what was changed there before, unsent
        tabs, version = set(rxa.linked_tabs(shared)), rxa.peek(shared, "version")
    await fanout.announce(code, version)
    if changed:
        rxa.update_linked_tabs(RoomShared, tabs, changed)


async def _version(code: str) -> int:
    try:
        return await db_run(lambda db: service.room_version(db, code))
    except RoomError:
        return -1


async def look_up(device: Device, code: str) -> tuple[RoomError | None, Any]:
    """Why room ``code`` can't be opened (None: it can) and its info (None if it can't),
    counting failed look-ups against the client's limit; refused outright once that
    limit is used up.

    Args:
        device: the state of the tab asking (for its client address).
        code: a normalised room code.
    """
    if await guard.blocked("lookup_failed", *device._client()):
        return RoomError("too_many_lookups", "Too many wrong codes: wait a minute."), None
    try:
        info = await db_run(lambda db: service.room_info(db, code))
    except RoomError as err:
        if err.code == "unknown_room":
            await guard.allow("lookup_failed", *device._client())
        return err, None
    return None, info


async def tab_screen(tab: fanout.TabScreen, version: int) -> dict[str, Any]:
    """What ``Screen.screen`` is for a tab at room ``version`` ({} for none).

    Args:
        tab: The tab's own fields.
        version: The room's version (below 0: the tab shows no room).
    """
    if not tab.code or version < 0:
        return {}
    seat = tab.seat if tab.role == "phone" and tab.seat >= 0 else None
    moved = tab.moved
    if seat is not None:  # a seat handed to another phone since this tab took it: no hand
        table = await _screen_data(tab.code, version, None, tab.language)
        held = next((s for s in (table or {}).get("seats", ()) if s["id"] == seat), None)
        if held is not None and held.get("gen", 0) != tab.seat_gen:
            seat, moved = None, True
    data = await _screen_data(tab.code, version, seat, tab.language)
    if data is None:
        return {}
    phone = tab.role == "phone"  # "me": the engine seat of this phone's seat id (-1: none)
    # host controls: this tab's host rights are for the room's host now, or its seat hosts
    is_host = ((tab.is_host and data.get("host_gen", 0) == tab.host_gen)
               or (seat is not None and data.get("host_seat") == seat))
    out = {**{k: v for k, v in data.items() if k not in APART}, "is_host": is_host,
           "me": data["me"] if phone and not moved else -1,
           "moved": phone and moved,
           "removed": phone and not moved and (data["removed"] or tab.removed),
           # seconds left of the turn timer as this screen is sent (its clock may be off
           # the server's: components/countdown.py counts down from this)
           "turn_left": (None if data.get("turn_deadline") is None
                         else round(max(0.0, data["turn_deadline"] - time.time()), 1))}
    role = "table" if tab.role == "viewer" else tab.role
    return {**out, "cues": cues.feed(out, role, _memo(tab.code, data["version"], tab.language))}  # games/cues.py


class RoomScreenAPI:
    """The room screen's public API for per-game states (``await self.get_state(Screen)``).

    A plain mixin, so that Reflex does not take these methods for event handlers.
    """

    room_code: str
    role: str
    notice: str
    _seat: int

    @property
    def seat(self) -> int:
        """This phone's seat id in its room (-1: none, or this tab is the table)."""
        return self._seat if self.role == "phone" else -1

    def say(self, err: IllegalMove | RoomError) -> str:
        """A refusal in this tab's language."""
        return self._say(err)  # type: ignore[attr-defined]

    def refuse(self, err: IllegalMove | RoomError) -> None:
        """Shows a refusal as this screen's notice (its one message: ``pages.common.notice``)."""
        self.notice = self.say(err)

    def no_seat(self) -> list[rx.event.EventSpec]:
        """What a move from a tab without a seat gets (see ``Screen._no_seat``)."""
        return self._no_seat()  # type: ignore[attr-defined]

    async def bump(self, version: int) -> None:
        """Tells every screen of this tab's room that the room is now at ``version``."""
        await self._bump(version)  # type: ignore[attr-defined]

    async def act(self, action: Callable[[Session], Any]) -> rx.event.EventSpec | None:
        """Runs ``action(db)`` on this room (see ``Screen._act``); a refusal becomes the
        screen's notice. Returns the event to send (a deadline's timer), or None."""
        return await self._act(action)  # type: ignore[attr-defined]


class Screen(Device, RoomScreenAPI):
    """One browser tab in a room: its route, role, seat and its own view of the room."""

    room_code: str = ""
    role: str = ""  # "table", "phone" or "viewer" (/watch/<code>: the table's view, never a move)
    # how often a phone page sends its heartbeat (ms): the running server's setting, sent with
    # the page's first state, not the build's (a build made for another state expiry still
    # keeps its tabs alive)
    keepalive_ms: int = upkeep.keepalive_ms()
    removed: bool = False  # this phone's seat here was removed by the host (it may join again)
    _seat: int = -1
    _is_host: bool = False
    _expiry_renewed: float = 0.0  # when heartbeat last renewed this tab's keys in Redis
    _seen: dict[int, float] = {}  # the table's: seat id -> when its phone was last connected
    _away: dict[int, float] = {}  # the table's: seat id -> since when its phone is away (rooms/seats.py)
    # what the table's last heartbeat showed (Screen._look): [seat ids online, seat ids away,
    # then each part's ``_beat_shows``]. Set only when it differs: the vars that read it are
    # recomputed and sent only then, not at every heartbeat.
    _shown: list[Any] = []
    _seat_gen: int = 0  # the seat's generation this tab holds it for (a handover makes a new one)
    _host_gen: int = 0  # the host change this tab's host rights are for (rooms/hosting.py)
    moved: bool = False  # this phone's seat went to another phone (a handover)

    def _host_secret(self) -> str:
        return str(self._secrets("host_secrets").get(self.room_code, ""))

    def _host_keys(self) -> list[str]:
        """What this device may prove host rights with: its host secret, and its seat secret
        (the host's once the role went to its seat, ``rooms/hosting.py``)."""
        return [k for k in (self._host_secret(), str(self._secrets("seat_secrets").get(self.room_code, ""))) if k]

    # -- what this screen sees ---------------------------------------------------------
    @rx.var
    async def screen(self) -> dict[str, Any]:
        """The room's public facts and this screen's own view of the game (``vm``: the
        game's view model of it; ``cues``: the sounds it plays, ``games/cues.py``)."""
        shared = await self.get_state(RoomShared)
        tab = fanout.TabScreen(self.room_code, self.role, self._seat, self.language, self._is_host,
                               self._host_gen, self._seat_gen, self.moved, self.removed)
        if self._token and self.room_code:  # the next move's fan-out builds this tab's screen from it
            fanout.remember(self._token, tab)
        return await tab_screen(tab, shared.version)

    @rx.var  # the same all game long: recomputed and sent when the facts change (facts_version)
    async def options_in_force(self) -> list[dict[str, Any]]:
        """The room's options as players see them (``engine.core.options_in_force``), apart
        from ``screen``: they change in the lobby only, and were a fifth of every move's frame."""
        shared = await self.get_state(RoomShared)
        version = facts_version(shared, shared.facts)
        if not self.room_code or version < 0:
            return []
        data = await _screen_data(self.room_code, version, None, self.language)
        return list((data or {}).get("options_in_force") or ())

    @rx.var  # recomputed when a heartbeat sees someone come or go (_shown) and when the room's facts change
    async def online(self) -> list[int]:
        """Seats with a phone connected (the table asks again at every heartbeat); a seat
        seen connected within ``presence.GRACE_S`` still counts (no flicker)."""
        shared = await self.get_state(RoomShared)
        shown = self._shown
        if self.role not in ("table", "viewer"):  # a viewer sees the table's dots
            return []
        # connected now, or within the grace period at the last heartbeat (a dropped socket
        # is "away" only later)
        ids = set(shown[0] if shown else ()) | set(await shared._online_seats())
        data = await _screen_data(self.room_code, facts_version(shared, shared.facts), None, self.language)
        ids = set(ids) | {s["id"] for s in (data or {}).get("seats", ()) if s.get("bot")}  # a bot is always there
        places = {s["id"]: s["seat"] for s in (data or {}).get("seats", ())}  # seat id -> engine seat
        return sorted(places[i] for i in ids if i in places)

    @rx.var
    def join_url(self) -> str:
        """The URL phones open to join (what the QR code says)."""
        base = os.environ.get("TG_PUBLIC_URL") or self.origin
        return f"{base.rstrip('/')}/play/{self.room_code}" if self.room_code else ""

    @rx.var
    def join_qr(self) -> str:
        """The join URL as an SVG QR code (data URI)."""
        return qr_data_uri(self.join_url, 10) if self.join_url else ""

    # -- page loads --------------------------------------------------------------------
    @rx.event
    async def open_table(self):
        """``/table/<code>``: the shared table screen (host controls if this device is host)."""
        self._note_browser()
        self.role, self.room_code, self.notice = "table", _route_code(self), ""
        self._seat = -1
        host = self.router.url.query_parameters.get("host")
        code, stored = self.room_code, self._host_keys()

        def check(db: Session) -> tuple[bool, bool, int]:
            given = isinstance(host, str) and bool(host) and service.is_host(db, code, host)
            return given, given or service.is_host(db, code, stored), hosting.host_gen(db, code)

        try:
            given, self._is_host, self._host_gen = await db_run(check)
        except RoomError as err:
            self.notice = self._say(err)
            return None
        if given:
            self._remember("host_secrets", code, host)
        await self._hold_seat()  # a host device: the host is here (rooms/hosting.py)
        events = await self._check_room()
        if isinstance(host, str) and host:  # read: the secret leaves the address bar and history
            events = [rx.call_script(STRIP_HOST_JS), *events]
        return events or None

    @rx.event
    async def open_phone(self):
        """``/play/<code>``: a phone; gets its seat back from the secret on this device."""
        self._note_browser()
        self.role, self.room_code, self.notice = "phone", _route_code(self), ""
        self._seat = -1
        secret = self._secrets("seat_secrets").get(self.room_code)
        code, stored = self.room_code, self._host_secret()
        handover = self.router.url.query_parameters.get("handover")  # a seat handed to this phone

        def check(db: Session) -> tuple[bool, int, bool, bool, int, int, str, int]:
            seat, removed, moved, gen, given, version = -1, False, False, 0, "", -1
            if isinstance(handover, str) and handover:
                seat, given, gen = seat_admin.take_handover(db, code, handover)
                version = service.room_version(db, code)
            elif secret:
                try:
                    seat = service.rejoin(db, code, secret)
                    gen = seat_admin.gen_of(db, code, seat)
                except RoomError as err:
                    if err.code == "db_unavailable":
                        raise
                    removed, moved = err.code == "removed", err.code == "seat_moved"
            keys = [k for k in (stored, given or secret) if k]
            return (service.is_host(db, code, keys), seat, removed, moved, gen,
                    hosting.host_gen(db, code), given, version)

        events: list[Any] = []
        try:
            (self._is_host, self._seat, self.removed, self.moved, self._seat_gen, self._host_gen,
             given, version) = await db_run(check)
        except RoomError as err:
            self.notice = self._say(err)
            if handover:  # the link was used: this phone is what it was before
                self._seat, self.moved = -1, False
            return [rx.call_script(STRIP_HANDOVER_JS)] if handover else None
        if given:  # this phone holds the seat now (the old phone's secret is refused)
            self._remember("seat_secrets", code, given)
            await self._bump(version)  # every screen sees it: the old phone is told at once
        if handover:
            events.append(rx.call_script(STRIP_HANDOVER_JS))
        await self._hold_seat()
        return [*events, *await self._check_room()] or None

    @rx.event
    async def heartbeat(self, _value: Any = None):
        """Every open page, regularly: the table refreshes its "online" dots (every 5 s), and
        every page keeps its state and its room's alive on the server (phones: every
        ``upkeep.keepalive_ms()``). A state the server rebuilt without the page's LocalStorage (this
        event came before its on_load) reloads the page if it holds a secret for the room."""
        if self.role in ("table", "viewer"):  # who is connected now: the "online" dots' grace period
            await self._look(await self.get_state(RoomShared), time.time())
        if (reload := self._reload_if_rebuilt()) is not None:
            return reload
        if upkeep.enabled() and time.time() - self._expiry_renewed > upkeep.renew_every():
            self._expiry_renewed = time.time()
            await upkeep.refresh_expiry(self.router.session.client_token, room_token(self.room_code))
        return None

    @rx.event
    def resend_screen(self):
        """The page could not apply a patch of its screen (``frame_patches.py``): it gets
        the whole screen with this event's delta."""
        rxa.resend_whole(self, "screen")

    async def _look(self, shared: RoomShared, now: float) -> bool:
        """A table's (or viewer's) heartbeat look at the room at ``now`` (:meth:`_looked`),
        kept: ``_shown`` changes only when what shows does, so a heartbeat that changes
        nothing on screen recomputes and sends nothing. Returns whether it changed."""
        shown, self._seen, self._away = await self._looked(shared, now)
        if shown == rxa.peek(self, "_shown"):
            return False
        self._shown = shown
        return True

    async def _looked(self, shared: RoomShared, now: float) -> tuple[list[Any], dict[int, float], dict[int, float]]:
        """What a heartbeat at ``now`` sees, changing nothing: what shows (``_shown``'s
        value: the seats online, the seats away, then each part's ``_beat_shows(shared,
        now)``: the reactions popping, who watches), who was seen connected (``_seen``) and
        since when each seat is away (``_away``)."""
        online = await shared._online_seats()
        seen = presence.seen(rxa.peek(self, "_seen"), online, now)
        table = await _screen_data(self.room_code, shared.version, None, self.language)
        ids = [seat["id"] for seat in (table or {}).get("seats", ()) if not seat.get("bot")]  # a bot is never away
        # since when each is away: its actions show after a while (rooms/seats.py)
        away = presence.away_since(rxa.peek(self, "_away"), ids, seen, now)
        after = seat_admin.setting("away_after_s")
        shown: list[Any] = [sorted(presence.present(seen, online, now)),
                            sorted(i for i, since in away.items() if now - since >= after)]
        for part in self.substates.values():
            if (shows := getattr(part, "_beat_shows", None)) is not None:
                shown.append(await shows(shared, now))
        return shown, seen, away

    async def _hold_seat(self) -> None:
        """Remembers which seat this browser holds (the table shows it as online)."""
        shared = await self.get_state(RoomShared)
        token = self.router.session.client_token
        if self._seat >= 0 and shared._phones.get(token) != self._seat:
            shared._phones = {**shared._phones, token: self._seat}
        elif self._seat < 0 and token in shared._phones:  # its seat moved on, or was removed
            shared._phones = {t: s for t, s in shared._phones.items() if t != token}
        if self._is_host and shared._hosts.get(token) != self._host_gen:  # a host device is here
            shared._hosts = {**shared._hosts, token: self._host_gen}

    async def _check_room(self) -> list[Any]:
        """Whether this tab may open its room (else the notice says why); the room's game's
        own page-open events (its registry entry's ``on_open``) when it may."""
        code = self.room_code
        shared = await self.get_state(RoomShared)
        if shared.version == -1 and not rxa.linked_to(shared):  # refused by RoomShared.link
            self.notice = self._say(RoomError("too_many_screens", "This table has too many screens open."))
            return []
        err, info = await look_up(self, code)
        if err is not None:
            self.notice = self._say(err)
            return []
        return games.open_events(info.game)

    # -- actions -----------------------------------------------------------------------
    def _no_seat(self) -> list[rx.event.EventSpec]:
        """A move from a browser the server knows no seat for: refused. If the browser does
        hold a seat secret for this room, the server lost its tab state without hearing it
        again (Reflex rebuilt an expired state without the page's LocalStorage): the page
        reloads once and comes back with its seat."""
        if self.role == "viewer":
            self.notice = self._say(RoomError("viewer_cannot_act", "You are watching: viewers can't play."))
            return []
        self.notice = self._say(RoomError("unknown_seat", "No seat."))
        return list(filter(None, [self._reload_if_rebuilt()]))

    def _reload_if_rebuilt(self) -> rx.event.EventSpec | None:
        """Reflex rebuilds a forgotten tab state without the page's LocalStorage: such a
        state holds no secret for the room and no seat or host rights. Then the page is
        asked to reload if it does hold a secret for the room (a page that sent its secrets
        with its hydrate, as every page load does, is never asked)."""
        # A rebuilt state runs the page's event before its on_load: the code is the URL's.
        code = self.room_code or _route_code(self)
        if (not code or self._seat >= 0 or self._is_host or self.role in ("table", "viewer") or _is_watch(self)
                or self._secrets("seat_secrets").get(code) or self._secrets("host_secrets").get(code)):
            return None
        return rx.call_script(reload_if_known(code))

    def _clear_parts(self) -> None:
        """Clears what per-game substates hold for the next move (their ``_clear_on_move``)."""
        for part in self.substates.values():
            clear = getattr(part, "_clear_on_move", None)
            if clear is not None:
                clear()

    def _leave_room(self) -> None:
        """Forgets the room this tab was in: its seat, host rights and screen."""
        fanout.forget(self._token)
        self.room_code, self._seat, self._is_host, self.removed = "", -1, False, False
        self.moved, self._seat_gen = False, 0
        self._clear_parts()

    async def _bump(self, version: int) -> None:
        shared = await self.get_state(RoomShared)
        if rxa.linked_to(shared) != room_token(self.room_code):
            return  # linked to no room or another one: this tab's room is the one it loaded
        shared._at(self.room_code, version)  # two moves at once never go back
        await fanout.announce(self.room_code, shared.version)

    @rx.event
    async def join(self, form: dict):
        """Phone: takes a seat with a name (again, after the host removed this one)."""
        if self.role != "phone":
            return
        code, name, held = self.room_code, form.get("name"), self._seat
        if not await guard.allow("join", *self._client()):
            self.notice = self._say(RoomError("too_many_joins", "Too many joins from this network."))
            return None

        def take(db: Session) -> tuple[int, str, int] | None:
            if held >= 0 and not service.screen(db, code, held)["removed"]:
                return None  # this phone holds a seat here already
            seat, secret = service.join_room(db, code, name)
            return seat, secret, service.room_version(db, code)

        try:
            taken = await db_run(take)
        except RoomError as err:
            self.notice = self._say(err)
            if err.code == "table_locked":  # the table lists who asked
                await self._bump(await _version(code))
            return None
        if taken is None:
            return None
        seat, secret, version = taken
        self._seat, self.removed, self.moved, self._seat_gen = seat, False, False, 0
        self.notice = ""
        self._remember("seat_secrets", self.room_code, secret)
        await self._hold_seat()
        await self._bump(version)  # seats changed: every screen refreshes

    async def _act(self, action: Callable[[Session], Any]):
        """Runs ``action(db)`` on this room: a refusal becomes this screen's notice (its one
        message, shown by ``pages.common.notice``); success refreshes every screen of the room
        and, if the game now has a deadline, returns the timer that applies it (see
        ``state/deadlines.py``). An action that returns the room's new version (an int)
        saves a query."""
        code = self.room_code
        if self.role == "viewer":  # a viewer never moves nor acts for the host (state/viewer.py)
            self.notice = self._say(RoomError("viewer_cannot_act", "You are watching: viewers can't play."))
            return None

        def act(db: Session) -> int:
            version = action(db)
            return version if isinstance(version, int) else service.room_version(db, code)

        try:
            version = await db_run(act, quick=True)
        except (IllegalMove, RoomError) as err:
            self.notice = self._say(err)  # the page's one message (pages.common.notice)
            return None
        self.notice = ""
        await self._bump(version)
        from tablegames.state import deadlines  # it builds on this module

        return deadlines.follow(code, version)  # the move left a deadline: its timer runs

    @rx.event
    async def move(self, move: dict, seen_version: int = -1):
        """Phone: sends a move for THIS browser's seat (the seat is never an argument)."""
        self._clear_parts()
        if self.role != "phone" or self._seat < 0:
            return self._no_seat()
        code = self.room_code
        host_seen_at = await (await self.get_state(RoomShared))._host_seen_now(code, time.time())
        return await self._act(seat_move(code, self._seat, self._seat_gen, move, seen_version, host_seen_at))

    @rx.event
    async def set_option(self, key: str, value: Any):
        """Table (host only, in the lobby): changes one table option."""
        secret = self._host_keys()
        return await self._act(lambda db, code=self.room_code: service.update_options(db, code, secret, {key: value}))

    @rx.event
    async def host(self, action: str, seat: int = -1):
        """Table (or host's phone): start, next_hand, rematch, remove_seat."""
        secret = self._host_keys()
        if action == "remove_seat":
            return await self._act(lambda db, code=self.room_code: service.remove_seat(db, code, secret, seat))
        if action not in HOST_ACTIONS:
            self.notice = self._say(RoomError("unknown_action", f"Unknown action {action!r}."))
            return None
        return await self._act(lambda db, code=self.room_code: HOST_ACTIONS[action](db, code, secret))

    @rx.event
    async def change_game(self, form: dict):
        """Table (host only): the same seats go to the lobby of the game and options picked
        in the Another game form (the create form's fields, read by ``state.forms``)."""
        from tablegames.state.forms import options_from_form

        secret = self._host_keys()
        form = form if isinstance(form, dict) else {}
        game = str(form.get("game") or "")
        options = options_from_form(game, form)
        return await self._act(lambda db, code=self.room_code: service.change_game(db, code, secret, game, options))


RELOAD_GUARD_MS = 30_000  # at most one such reload per tab in this time
# The table's address without its host secret (kept on the device once read), in place:
# neither the address bar nor the history keeps it.
# The same for a seat's one-time handover link (rooms/seats.py), once this phone used it.
STRIP_HANDOVER_JS = ("(() => { const u = new URL(window.location.href); if (u.searchParams.has('handover')) {"
                     " u.searchParams.delete('handover'); window.history.replaceState(window.history.state, '',"
                     " u.pathname + u.search + u.hash); } })()")
STRIP_HOST_JS = ("(() => { const u = new URL(window.location.href); if (u.searchParams.has('host')) {"
                 " u.searchParams.delete('host'); window.history.replaceState(window.history.state, '',"
                 " u.pathname + u.search + u.hash); } })()")


def reload_if_known(code: str) -> str:
    """Browser script: reload if this device holds a seat or host secret for room ``code``
    (and has not reloaded for that in the last ``RELOAD_GUARD_MS``)."""
    return ("(() => { const held = (key) => { try { return JSON.parse(localStorage.getItem(key) || '{}'); }"
            " catch (e) { return {}; } }; const last = Number(sessionStorage.getItem('tg_reloaded') || 0);"
            f" const code = {json.dumps(code)};"
            f" if ((held({json.dumps(SEATS_KEY)})[code] || held({json.dumps(HOSTS_KEY)})[code])"
            f" && Date.now() - last > {RELOAD_GUARD_MS})"
            " { sessionStorage.setItem('tg_reloaded', String(Date.now())); window.location.reload(); } })()")


APART = frozenset({"options_in_force"})  # screen data sent in vars of their own (Screen.options_in_force)


HOST_ACTIONS = {"lock": lambda db, code, secret: lifecycle.set_locked(db, code, secret, True),
                "unlock": lambda db, code, secret: lifecycle.set_locked(db, code, secret, False),
                "start": service.start_game, "next_hand": service.next_hand, "rematch": service.rematch}


# (code, seat, language) -> what Screen.screen shows at one version: Reflex asks for a
# screen more than once per move (linked-state patching recomputes it), and a version never
# changes. The room layer's one cache rule: the newest version of a key, the least
# recently stored key out first.
SCREENS_KEPT = 5_000
_SCREENS: VersionedCache[dict[str, Any]] = VersionedCache(SCREENS_KEPT)
# code -> the room's facts at one version as plain JSON, shared by the screens of every
# seat (copied once per version, not once per seat)
_PLAIN_FACTS: VersionedCache[dict[str, Any]] = VersionedCache(SCREENS_KEPT)
# code -> {fact: (the object rooms.service holds, its plain copy)}, as of the newest version
_PLAIN_PARTS: VersionedCache[dict[str, tuple[Any, Any]]] = VersionedCache(SCREENS_KEPT)
# (code, language) -> the memo every screen of one version in that language shares: what the
# view model and the cues work out alike for every seat (``games.view_model``, ``cues.feed``)
_MEMOS: VersionedCache[dict[str, Any]] = VersionedCache(SCREENS_KEPT)
PER_SEAT = ("view", "me", "removed", "next_game_seat")  # what differs between seats (service.screen)


def forget_screens() -> None:
    """Forgets every screen, memo and plain facts built here (what a process restart does)."""
    _SCREENS.clear()
    _MEMOS.clear()
    _PLAIN_FACTS.clear()
    _PLAIN_PARTS.clear()


def plain_json(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples as lists, keys as strings), a copy of its own."""
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


def _plain_facts(code: str, data: dict[str, Any]) -> dict[str, Any]:
    """The seat-independent part of ``data`` (a ``service.screen``) as plain JSON, with what
    the screens derive from it (``join_block``), once per version. A fact a move left as it
    was is the same object from one version to the next (``rooms.service`` keeps it): its
    plain copy is kept with it (:data:`_PLAIN_PARTS`) rather than made again."""
    version = data["version"]
    facts = _PLAIN_FACTS.get(code, version)
    if facts is None:
        before, parts, facts = _PLAIN_PARTS.last(code) or {}, {}, {}
        for key, value in data.items():
            if key in PER_SEAT:
                continue
            if isinstance(value, (dict, list, tuple)):
                held = before.get(key)
                parts[key] = held if held is not None and held[0] is value else (value, plain_json(value))
                value = parts[key][1]
            facts[key] = value
        facts["options_in_force"] = facts.get("options_in_force") or []
        facts["join_block"] = joining.join_block(data)  # what keeps a new player out ("" none)
        _PLAIN_PARTS.put(code, version, parts)
        _PLAIN_FACTS.put(code, version, facts)
    return facts


async def _screen_data(code: str, version: int, seat: int | None, lang: str) -> dict[str, Any] | None:
    """The room's public facts and ``seat``'s view at ``version``, with the game's view
    model in ``lang`` (``vm``), as plain JSON types (None for an unknown room). Shared by
    every screen that shows the same seat in the same language, and its facts by every
    seat: treat it as read-only."""
    key = (code, seat, lang)
    cached = _SCREENS.get(key, version)
    if cached is not None:
        return cached
    data = service.screen_at(code, version, seat)
    if data is None:  # another worker made this version, or this process restarted
        try:
            data = await db_run(lambda db: service.screen(db, code, seat))
        except RoomError:
            return None
    # the seat's own part is plain JSON already (the engine's ``view`` is, by its contract)
    data = {**_plain_facts(code, data), **{k: data[k] for k in PER_SEAT if k in data}}
    data["vm"] = games.view_model(data, lang, _memo(code, data["version"], lang))  # plain JSON already
    _SCREENS.put(key, data["version"], data)
    return data


def _memo(code: str, version: int, lang: str) -> dict[str, Any]:
    """The memo of every screen of room ``code`` at ``version`` in ``lang`` (see ``_MEMOS``)."""
    memo = _MEMOS.get((code, lang), version)
    if memo is None:
        memo = {}
        _MEMOS.put((code, lang), version, memo)
    return memo


fanout.install(RoomShared, Screen, tab_screen)  # a move of the game sends the other tabs their screen alone
# and a tab's screen goes as what changed from the one its socket has (its version the same there)
rxa.send_patched(Screen, "screen", same=("version",), resend="resend_screen")
