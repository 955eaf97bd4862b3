"""Reflex states: thin wrappers that call ``rooms.service`` and the engine.

``RoomShared`` is linked by room code and holds only a version number: every accepted
move bumps it, and every linked screen then recomputes its OWN view in its private
``Screen`` state (``view(state, its_seat)``). No hand ever sits in a shared var, and who
acts is always the seat the server mapped to this browser, never an event argument.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from itertools import groupby
from collections.abc import Callable
from typing import Any

import reflex as rx
from reflex_base.registry import RegistrationContext
import segno
from sqlmodel import Session

from tablegames.engine import IllegalMove
from tablegames.i18n import DEFAULT_LANG, LANGS, catalog, error_text, event_text, pick_lang
from tablegames.rooms import lifecycle, service
from tablegames.rooms.service import RoomError, normalize_code
from tablegames.state import guard, upkeep
from tablegames.state.db import run as db_run
from tablegames.state.forms import GAMES, options_from_form


# LocalStorage keys of this device's secrets, {code: secret} as JSON.
SEATS_KEY = "tg_seats"
HOSTS_KEY = "tg_hosts"


def room_token(code: str) -> str:
    """The SharedState token of a room (tokens may not contain underscores)."""
    return f"room-{code}"


def _route_code(state: rx.State) -> str:
    """The room code of ``/table/<code>`` or ``/play/<code>``."""
    parts = [p for p in state.router.url.path.split("/") if p]
    return normalize_code(parts[1]) if len(parts) >= 2 and parts[0] in ("table", "play") else ""


class RoomShared(rx.SharedState):
    """The room's public heartbeat: linked screens recompute their view when it changes."""

    version: int = 0
    _phones: dict[str, int] = {}  # browser token -> seat, for the "online" dots

    async def _online_seats(self) -> list[int]:
        """Seats with at least one phone connected right now (on any worker)."""
        namespace = RegistrationContext.get().app.event_namespace
        if namespace is None:
            return []
        manager = namespace._token_manager
        return sorted({seat for token, seat in self._phones.items()
                       if await manager.is_token_connected(token)})

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
        tabs = _ROOM_TABS.setdefault(code, set())
        if token not in tabs and self._linked_to != room_token(code):  # a new tab here
            seats = await _max_players(code)
            if len(tabs) >= seats + VIEWERS and not await self._holds_secret(code):
                if not self._linked_to:
                    self.version = -1  # Screen shows nothing but the notice
                return
        tabs.add(token)
        if _TAB_ROOMS.get(token, code) != code:
            _ROOM_TABS.get(_TAB_ROOMS[token], set()).discard(token)
        _TAB_ROOMS[token] = code
        linked = self
        if self._linked_to != room_token(code):
            if self._linked_to:
                await self._unlink()
            linked = await self._link_to(room_token(code))
        elif token not in linked._linked_from:  # unlinked while its socket was away
            linked._linked_from = {*linked._linked_from, token}
        # A page load catches up with the database: a change this process never announced
        # (a worker that died after committing) shows at the latest on the next load.
        version = await _version(code)
        if version > linked.version:
            linked.version = version

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
_ROOM_TABS: dict[str, set[str]] = {}  # room code -> tokens of tabs linked on this process
_TAB_ROOMS: dict[str, str] = {}  # tab token -> its room code
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
    from reflex.istate.manager.token import BaseStateToken

    await asyncio.sleep(UNLINK_AFTER)
    namespace = app.event_namespace
    if namespace is None or await namespace._token_manager.is_token_connected(token):
        return
    code = _TAB_ROOMS.pop(token, None)
    if code is None:
        return
    tabs = _ROOM_TABS.get(code, set())
    tabs.discard(token)
    if not tabs:
        _ROOM_TABS.pop(code, None)
    async with app.state_manager.modify_state(BaseStateToken(ident=room_token(code), cls=RoomShared)) as root:
        shared = await root.get_state(RoomShared)
        if token in shared._linked_from:
            shared._linked_from = shared._linked_from - {token}
        if token in shared._phones:
            shared._phones = {t: s for t, s in shared._phones.items() if t != token}


async def _version(code: str) -> int:
    try:
        return await db_run(lambda db: service.room_version(db, code))
    except RoomError:
        return -1


class Screen(rx.State):
    """One browser tab: its language, its seat and host secrets, and its own view."""

    lang: str = rx.LocalStorage("", name="tg_lang", sync=True)
    seat_secrets: str = rx.LocalStorage("{}", name=SEATS_KEY)
    host_secrets: str = rx.LocalStorage("{}", name=HOSTS_KEY)
    room_code: str = ""
    role: str = ""  # "table" or "phone"
    notice: str = ""  # the last refusal, translated
    picking: str = ""  # wild card waiting for a colour (and target) on this phone
    tick: int = 0  # heartbeats: the table's refresh the "online" dots
    show_host_link: bool = False
    removed: bool = False  # this phone's seat here was removed by the host (it may join again)
    new_game: str = "uno"  # landing page: the game being set up
    # Noted from the request on page load: computed vars that read self.router directly
    # would be recomputed and re-sent with every update of the room.
    browser_lang: str = ""
    origin: str = ""
    _seat: int = -1
    _is_host: bool = False
    _expiry_renewed: float = 0.0  # when heartbeat last renewed this tab's keys in Redis

    # -- language ----------------------------------------------------------------------
    @rx.var
    def language(self) -> str:
        """The language in use: chosen, else the browser's, else English."""
        if self.lang in LANGS:
            return self.lang
        return self.browser_lang or DEFAULT_LANG

    @rx.var
    def tr(self) -> dict[str, str]:
        """The message catalog of the language in use."""
        return catalog(self.language)

    @rx.event
    def choose_game(self, game: str):
        """Landing page: the game whose options the create form shows."""
        if game in GAMES:
            self.new_game = game

    @rx.event
    def set_language(self, lang: str):
        """Switches the language (kept on this device)."""
        if lang in LANGS:
            self.lang = lang

    # -- secrets kept on this device ---------------------------------------------------
    def _secrets(self, which: str) -> dict[str, str]:
        try:
            data = json.loads(getattr(self, which) or "{}")
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def _remember(self, which: str, code: str, secret: str) -> None:
        data = self._secrets(which)
        data[code] = secret
        setattr(self, which, json.dumps(data))

    def _host_secret(self) -> str:
        return str(self._secrets("host_secrets").get(self.room_code, ""))

    # -- what this screen sees ---------------------------------------------------------
    @rx.var
    async def screen(self) -> dict[str, Any]:
        """The room's public facts and this screen's own view of the game."""
        shared = await self.get_state(RoomShared)
        if not self.room_code or shared.version < 0:
            return {}
        seat = self._seat if self.role == "phone" and self._seat >= 0 else None
        data = await _screen_data(self.room_code, shared.version, seat, self.language)
        if data is None:
            return {}
        phone = self.role == "phone"  # "me": the engine seat of this phone's seat id (-1: none)
        return {**data, "is_host": self._is_host, "me": data["me"] if phone else -1,
                "removed": phone and (data["removed"] or self.removed)}

    @rx.var
    async def online(self) -> list[int]:
        """Seats with a phone connected (the table asks again at every heartbeat)."""
        shared = await self.get_state(RoomShared)
        heartbeat = self.tick  # read, so that each heartbeat recomputes this var alone
        ids = await shared._online_seats() if self.role == "table" and heartbeat >= 0 else []
        data = await _screen_data(self.room_code, shared.version, None, self.language) if ids else None
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
        return segno.make(self.join_url, error="m").svg_data_uri(scale=10, border=2) if self.join_url else ""

    @rx.var
    def host_qr(self) -> str:
        """For the host only: a QR code of the table URL carrying the host secret."""
        secret = self._host_secret()
        if not secret or self.role != "table" or not self.show_host_link:
            return ""
        base = os.environ.get("TG_PUBLIC_URL") or self.origin
        url = f"{base.rstrip('/')}/table/{self.room_code}?host={secret}"
        return segno.make(url, error="m").svg_data_uri(scale=6, border=2)

    @rx.event
    def toggle_host_link(self):
        """Shows or hides the host QR code (to reopen the table on another device)."""
        self.show_host_link = not self.show_host_link

    # -- page loads --------------------------------------------------------------------
    def _note_browser(self) -> None:
        self.browser_lang = pick_lang(self.router.headers.accept_language or "")
        self.origin = self.router.url.origin or ""

    @rx.event
    def open_landing(self):
        """``/``: notes the browser's language."""
        self._note_browser()

    @rx.event
    async def open_table(self):
        """``/table/<code>``: the shared table screen (host controls if this device is host)."""
        self._note_browser()
        self.role, self.room_code, self.notice = "table", _route_code(self), ""
        self._seat = -1
        host = self.router.url.query_parameters.get("host")
        code, stored = self.room_code, self._host_secret()

        def check(db: Session) -> tuple[bool, bool]:
            given = isinstance(host, str) and bool(host) and service.is_host(db, code, host)
            return given, given or service.is_host(db, code, stored)

        try:
            given, self._is_host = await db_run(check)
        except RoomError as err:
            self.notice = self._say(err)
            return None
        if given:
            self._remember("host_secrets", code, host)
        await self._check_room()
        if isinstance(host, str) and host:  # read: the secret leaves the address bar and history
            return rx.call_script(STRIP_HOST_JS)
        return None

    @rx.event
    async def open_phone(self):
        """``/play/<code>``: a phone; gets its seat back from the secret on this device."""
        self._note_browser()
        self.role, self.room_code, self.notice = "phone", _route_code(self), ""
        self._seat = -1
        secret = self._secrets("seat_secrets").get(self.room_code)
        code, stored = self.room_code, self._host_secret()

        def check(db: Session) -> tuple[bool, int, bool]:
            seat, removed = -1, False
            if secret:
                try:
                    seat = service.rejoin(db, code, secret)
                except RoomError as err:
                    if err.code == "db_unavailable":
                        raise
                    removed = err.code == "removed"
            return service.is_host(db, code, stored), seat, removed

        try:
            self._is_host, self._seat, self.removed = await db_run(check)
        except RoomError as err:
            self.notice = self._say(err)
            return None
        await self._hold_seat()
        return await self._check_room()

    @rx.event
    async def heartbeat(self, _value: Any = None):
        """Every open page, regularly: the table refreshes its "online" dots (every 5 s), and
        every page keeps its state and its room's alive on the server (phones: every
        ``upkeep.keepalive_ms()``). A state the server rebuilt without the page's LocalStorage (this
        event came before its on_load) reloads the page if it holds a secret for the room."""
        self.tick += 1
        if (reload := self._reload_if_rebuilt()) is not None:
            return reload
        if upkeep.enabled() and time.time() - self._expiry_renewed > upkeep.renew_every():
            self._expiry_renewed = time.time()
            await upkeep.refresh_expiry(self.router.session.client_token, room_token(self.room_code))
        return None

    async def _hold_seat(self) -> None:
        """Remembers which seat this browser holds (the table shows it as online)."""
        shared = await self.get_state(RoomShared)
        token = self.router.session.client_token
        if self._seat >= 0 and shared._phones.get(token) != self._seat:
            shared._phones = {**shared._phones, token: self._seat}

    def _client(self) -> tuple[str, str]:
        """(client address, connection id) of this event, for the rate limits."""
        session = self.router.session
        return str(session.client_ip or "?"), str(session.session_id or session.client_token)

    async def _check_room(self) -> None:
        code = self.room_code
        shared = await self.get_state(RoomShared)
        if shared.version == -1 and not shared._linked_to:  # refused by RoomShared.link
            self.notice = self._say(RoomError("too_many_screens", "This table has too many screens open."))
            return
        if (err := await self._look_up(code)) is not None:
            self.notice = self._say(err)

    async def _look_up(self, code: str) -> RoomError | None:
        """Why a room code can't be opened (None: it can), counting failed look-ups against
        the client's limit; refused outright once that limit is used up."""
        if guard.blocked("lookup_failed", *self._client()):
            return RoomError("too_many_lookups", "Too many wrong codes: wait a minute.")
        try:
            await db_run(lambda db: service.room_info(db, code))
        except RoomError as err:
            if err.code == "unknown_room":
                guard.allow("lookup_failed", *self._client())
            return err
        return None

    # -- actions -----------------------------------------------------------------------
    def _say(self, err: IllegalMove | RoomError) -> str:
        return error_text(self.language, err.code, err.params) or err.message

    def _no_seat(self) -> list[rx.event.EventSpec]:
        """A move from a browser the server knows no seat for: refused. If the browser does
        hold a seat secret for this room, the server lost its tab state without hearing it
        again (Reflex rebuilt an expired state without the page's LocalStorage): the page
        reloads once and comes back with its seat."""
        self.notice = self._say(RoomError("unknown_seat", "No seat."))
        return [rx.toast.error(self.notice), *filter(None, [self._reload_if_rebuilt()])]

    def _reload_if_rebuilt(self) -> rx.event.EventSpec | None:
        """Reflex rebuilds a forgotten tab state without the page's LocalStorage: such a
        state holds no secret for the room and no seat or host rights. Then the page is
        asked to reload if it does hold a secret for the room (a page that sent its secrets
        with its hydrate, as every page load does, is never asked)."""
        # A rebuilt state runs the page's event before its on_load: the code is the URL's.
        code = self.room_code or _route_code(self)
        if (not code or self._seat >= 0 or self._is_host or self.role == "table"
                or self._secrets("seat_secrets").get(code) or self._secrets("host_secrets").get(code)):
            return None
        return rx.call_script(reload_if_known(code))

    def _leave_room(self) -> None:
        """Forgets the room this tab was in: its seat, host rights and screen."""
        self.room_code, self._seat, self._is_host, self.picking, self.removed = "", -1, False, "", False

    async def _bump(self, version: int) -> None:
        shared = await self.get_state(RoomShared)
        if shared._linked_to != room_token(self.room_code):
            return  # linked to no room or another one: this tab's room is the one it loaded
        shared.version = max(shared.version, version)  # two moves at once never go back

    @rx.event
    async def create(self, form: dict):
        """Landing page: creates a table and opens it (this device becomes the host)."""
        game = str(form.get("game") or "uno")
        options = options_from_form(game, form)
        if not guard.allow("create", *self._client()):
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
        """Landing page: opens a room's phone page by its code."""
        code = normalize_code(form.get("code"))
        if (err := await self._look_up(code)) is not None:
            self.notice = self._say(err)
            return rx.toast.error(self.notice)
        return rx.redirect(f"/play/{code}")

    @rx.event
    async def join(self, form: dict):
        """Phone: takes a seat with a name (again, after the host removed this one)."""
        if self.role != "phone":
            return
        code, name, held = self.room_code, form.get("name"), self._seat
        if not guard.allow("join", *self._client()):
            self.notice = self._say(RoomError("too_many_joins", "Too many joins from this network."))
            return rx.toast.error(self.notice)

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
            return rx.toast.error(self.notice)
        if taken is None:
            return None
        seat, secret, version = taken
        self._seat, self.removed = seat, False
        self.notice = ""
        self._remember("seat_secrets", self.room_code, secret)
        await self._hold_seat()
        await self._bump(version)  # seats changed: every screen refreshes

    async def _act(self, action: Callable[[Session], Any]):
        """Runs ``action(db)`` on this room: a refusal becomes this screen's notice (and a
        toast, returned for the event to send); success refreshes every screen of the room.
        An action that returns the room's new version (an int) saves a query."""
        code = self.room_code

        def act(db: Session) -> int:
            version = action(db)
            return version if isinstance(version, int) else service.room_version(db, code)

        try:
            version = await db_run(act)
        except (IllegalMove, RoomError) as err:
            self.notice = self._say(err)
            return rx.toast.error(self.notice)
        self.notice = ""
        await self._bump(version)
        return None

    @rx.event
    async def move(self, move: dict, seen_version: int = -1):
        """Phone: sends a move for THIS browser's seat (the seat is never an argument)."""
        self.picking = ""
        if self.role != "phone" or self._seat < 0:
            return self._no_seat()
        expected = seen_version if seen_version >= 0 else None
        return await self._act(lambda db, code=self.room_code, seat=self._seat: service.apply_move(db, code, seat, move, expected)[1])

    @rx.event
    def pick(self, card: str):
        """Phone: a wild card was tapped: show the colour (and target) picker."""
        self.picking = card

    @rx.event
    def cancel_pick(self):
        """Phone: closes the colour picker."""
        self.picking = ""

    @rx.event
    async def set_option(self, key: str, value: Any):
        """Table (host only, in the lobby): changes one table option."""
        secret = self._host_secret()
        return await self._act(lambda db, code=self.room_code: service.update_options(db, code, secret, {key: value}))

    @rx.event
    async def host(self, action: str, seat: int = -1):
        """Table (or host's phone): start, next_hand, rematch, remove_seat."""
        secret = self._host_secret()
        if action == "remove_seat":
            return await self._act(lambda db, code=self.room_code: service.remove_seat(db, code, secret, seat))
        if action not in HOST_ACTIONS:
            self.notice = self._say(RoomError("unknown_action", f"Unknown action {action!r}."))
            return rx.toast.error(self.notice)
        return await self._act(lambda db, code=self.room_code: HOST_ACTIONS[action](db, code, secret))


RELOAD_GUARD_MS = 30_000  # at most one such reload per tab in this time
# The table's address without its host secret (kept on the device once read), in place:
# neither the address bar nor the history keeps it.
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


HOST_ACTIONS = {"lock": lambda db, code, secret: lifecycle.set_locked(db, code, secret, True),
                "unlock": lambda db, code, secret: lifecycle.set_locked(db, code, secret, False),
                "start": service.start_game, "next_hand": service.next_hand, "rematch": service.rematch}


# (code, seat, language) -> (version, what Screen.screen shows): Reflex asks for a screen
# more than once per move (linked-state patching recomputes it), and a version never
# changes. Only the newest version is kept: fewer long-lived objects for the GC to scan.
_SCREENS: dict[tuple[str, int | None, str], tuple[int, dict[str, Any]]] = {}
SCREENS_KEPT = 5_000


async def _screen_data(code: str, version: int, seat: int | None, lang: str) -> dict[str, Any] | None:
    """The room's public facts and ``seat``'s view at ``version``, with the event lines in
    ``lang``, as plain JSON types (None for an unknown room). Shared by every screen that
    shows the same seat in the same language: treat it as read-only."""
    key = (code, seat, lang)
    cached = _SCREENS.get(key)
    if cached is not None and cached[0] == version:
        return cached[1]
    data = service.screen_at(code, version, seat)
    if data is None:  # another worker made this version, or this process restarted
        try:
            data = await db_run(lambda db: service.screen(db, code, seat))
        except RoomError:
            return None
    view = data["view"]
    if view:
        names = [p["name"] for p in view["players"]]
        data["event_lines"] = [event_text(lang, e, names, data["game"]) for e in view["events"]]
        data["greyskull"] = any(e["type"] == "greyskull" for e in view["events"])
        if data["game"] == "uno":
            data["hand_groups"] = _group_by_color(view.get("hand", []))
    data = json.loads(json.dumps(data))  # plain JSON types for the front end
    _SCREENS.pop(key, None)
    if len(_SCREENS) >= SCREENS_KEPT:
        del _SCREENS[next(iter(_SCREENS))]
    _SCREENS[key] = (data["version"], data)
    return data


def _group_by_color(hand: list[str]) -> list[list[str]]:
    """A sorted UNO hand split into runs of one colour (wilds last), for the phone."""
    return [list(run) for _, run in groupby(hand, key=lambda c: "w" if c.startswith("W") else c[0])]
