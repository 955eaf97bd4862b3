"""Upwords states: the live composition shared with the table, and each phone's own draft.

``UpwordsDraft`` is a SharedState linked by room code (same token as ``RoomShared``). It
holds only PUBLIC facts: the tiles the player on turn has put on the board but not yet
submitted (at a real table everyone sees them), with the seat and the room version they
belong to. It has no event that takes tiles: only a phone's ``UpwordsPhone`` events write
it, after checking on the server that this browser's seat (``Screen._seat``) is the seat
on turn. A draft made at an older room version is stale: screens ignore it, so any
accepted move clears it, and ``UpwordsPhone`` also empties it after its own moves.

``UpwordsPhone`` is private to one browser: the tiles this phone has put on its board
(``draft``: rack index, letter, square), the selected rack tile, the rack order (shuffle),
the exchange picker and the zoom. Its ``pad`` var is everything the phone draws: the
board with the draft on it, the rack, and the engine's ``preview`` of the draft (words,
score, translated error). ``UpwordsTable.table`` is the table's board with the live draft.
"""

from __future__ import annotations

import random
from typing import Any

import reflex as rx

from tablegames import reflex_adapter as rxa
from tablegames.engine import get_game
from tablegames.games.upwords import view_model as vm
from tablegames.games.upwords.view_model import SIZE, valid_draft
from tablegames.i18n import error_text, t
from tablegames.rooms import service
from tablegames.rooms.service import RoomError
from tablegames.state.db import run as db_run
from tablegames.state.room import Screen, _route_code, room_token

GAME = "upwords"


def _int(value: Any, default: int = -1) -> int:
    """An event argument as an int (anything else: ``default``)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


class UpwordsDraft(rx.SharedState):
    """The live composition of the player on turn, shared by everyone at the room.

    Public only: tiles already put on the board (``[row, col, letter]``), by ``seat``, at
    room ``version``. Written only by ``UpwordsPhone`` after a server-side seat check.
    """

    tiles: list[list[Any]] = []  # noqa: RUF012 (Reflex copies var defaults per state)
    seat: int = -1
    version: int = -1

    @rx.event
    async def link(self):
        """Links this browser to its Upwords room's draft (``/table/<code>``, ``/play/<code>``)."""
        code = _route_code(self)
        if not code or code != (await self.get_state(Screen)).room_code:
            return  # only the room this tab loaded (``RoomShared.link`` / ``Screen.open_*``)
        try:
            if (await db_run(lambda db: service.room_info(db, code))).game != GAME:
                return
        except RoomError:
            return
        if rxa.linked_to(self) != room_token(code):
            await rxa.link_shared(self, room_token(code))


class UpwordsTable(rx.State):
    """The table's board: the room's board with the live composition on it."""

    @rx.var
    async def table(self) -> dict[str, Any]:
        """``{"board": rows with the live tiles on them, "live": "Ana is placing 3 tiles…"
        ("" none), "count": how many}`` (see ``view_model.board_rows``, ``live_line``);
        empty off an Upwords table."""
        screen = await self.get_state(Screen)
        data = await screen.screen
        draft = await self.get_state(UpwordsDraft)
        tiles, seat, version = draft.tiles, draft.seat, draft.version
        view = data.get("view") if data else None
        if screen.role != "table" or data.get("game") != GAME or not view:
            return {}
        overlay: dict[tuple[int, int], str] = {}
        turn = view.get("turn")
        if seat == turn and version == data.get("version") and view.get("phase") == "play":
            overlay = {(int(r), int(c)): str(x) for r, c, x in tiles}
        players = view.get("players") or ()
        name = next((str(p["name"]) for p in players if p["seat"] == turn), "")
        return {"board": vm.board_rows(view, overlay, gain=True), "count": len(overlay),
                "live": vm.live_line(screen.language, name, len(overlay))}


class UpwordsPhone(rx.State):
    """One phone's own composition (never shared): draft, selection, rack order, zoom."""

    draft: list[list[Any]] = []  # noqa: RUF012 - [rack index, letter, row, col]
    selected: int = -1  # rack index, -1: none
    order: list[int] = []  # noqa: RUF012 - rack display order (shuffle) for the rack ``order_of``
    order_of: str = ""
    exchanging: bool = False
    zoom: bool = False
    hint: str = ""  # a translated nudge ("tap a tile first")

    # -- what the phone draws ----------------------------------------------------------
    @rx.var
    async def pad(self) -> dict[str, Any]:
        """The phone's board (with its draft), rack and the preview of the draft.

        See ``view_model.pad``: ``{"board", "rack", "count", "words", "score", "score_line",
        "bonus", "error", "ok", "hint"}``; empty off an Upwords phone with a seat.
        """
        screen = await self.get_state(Screen)
        data = await screen.screen
        draft, selected, exchanging = self.draft, self.selected, self.exchanging
        order, order_of = self.order, self.order_of
        view = data.get("view") if data else None
        seat = data.get("me", -1) if data else -1  # the engine seat of this phone's seat id
        if (screen.role != "phone" or seat < 0 or data.get("game") != GAME or not view
                or "rack" not in view):
            return {}
        rack = list(view["rack"])
        entries = valid_draft(draft, rack)
        used = {i for i, _, _, _ in entries}
        if order_of != "".join(rack):
            order = list(range(len(rack)))
        tiles = vm.rack_tiles(rack, order, used, selected, exchanging)
        my_turn = bool((data.get("vm") or {}).get("my_turn"))
        preview, error = None, ""
        if entries:
            try:
                code = screen.room_code
                state, _ = await db_run(lambda db: service.current_state(db, code))
                preview = get_game(GAME).preview(state, seat, [[r, c, letter] for _, letter, r, c in entries])
            except RoomError:
                preview = None
            err = (preview or {}).get("error")
            error = error_text(screen.language, err["code"], err.get("params")) if err else ""
        return vm.pad(screen.language, view, tiles, entries, preview, error, my_turn)

    # -- helpers -------------------------------------------------------------------------
    async def _seat_view(self) -> tuple[Screen, dict[str, Any] | None, int]:
        """This browser's Screen, its fresh view (None without a seat) and the room version."""
        screen = await self.get_state(Screen)
        if screen.role != "phone" or screen._seat < 0 or not screen.room_code:
            return screen, None, -1
        code, seat = screen.room_code, screen._seat
        try:
            data = await db_run(lambda db: service.screen(db, code, seat))
        except RoomError:
            return screen, None, -1
        if data.get("game") != GAME or not data.get("view") or data.get("me", -1) < 0:
            return screen, None, -1
        return screen, {**data["view"], "me": data["me"]}, int(data["version"])

    async def _publish(self, screen: Screen, view: dict[str, Any], version: int) -> None:
        """Shows this phone's draft at the table, if (and only if) this seat is on turn."""
        seat = view.get("me", -1)
        if view.get("turn") != seat or view.get("phase") != "play":
            return
        tiles = [[r, c, letter] for _, letter, r, c in valid_draft(self.draft, view["rack"])]
        shared = await self.get_state(UpwordsDraft)
        if rxa.linked_to(shared) != room_token(screen.room_code):
            return  # the draft is linked to no room or another one: write nothing there
        if shared.tiles != tiles or shared.seat != seat or shared.version != version:
            shared.tiles, shared.seat, shared.version = tiles, seat, version

    async def _clear_shared(self) -> None:
        shared = await self.get_state(UpwordsDraft)
        screen = await self.get_state(Screen)
        if rxa.linked_to(shared) != room_token(screen.room_code):
            return
        if shared.tiles or shared.seat != -1:
            shared.tiles, shared.seat, shared.version = [], -1, -1

    def _reset(self) -> None:
        self.draft, self.selected, self.exchanging, self.hint = [], -1, False, ""

    # -- composing -----------------------------------------------------------------------
    @rx.event
    async def tap_tile(self, index: int):
        """A rack tile was tapped: select it (again: unselect); a placed one comes back;
        while exchanging, exchange it."""
        screen, view, version = await self._seat_view()
        index = _int(index)
        if view is None or not 0 <= index < len(view["rack"]):
            return
        if self.exchanging:
            self.exchanging = False
            return await self._send(screen, {"type": "exchange", "tile": view["rack"][index]}, version)
        entries = valid_draft(self.draft, view["rack"])
        self.hint = ""
        if any(i == index for i, _, _, _ in entries):
            self.draft = [list(e) for e in entries if e[0] != index]
            self.selected = -1
            await self._publish(screen, view, version)
            return
        self.selected = -1 if self.selected == index else index

    @rx.event
    async def tap_square(self, row: int, col: int):
        """A square was tapped: a tile placed there this turn comes back to the rack (and
        stays selected, to move it); otherwise the selected tile goes there."""
        screen, view, version = await self._seat_view()
        if view is None or self.exchanging:
            return
        row, col = _int(row), _int(col)
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return
        entries = valid_draft(self.draft, view["rack"])
        here = [e for e in entries if (e[2], e[3]) == (row, col)]
        used = {e[0] for e in entries}
        if here:
            self.draft = [list(e) for e in entries if e not in here]
            self.selected = here[0][0] if self.selected < 0 or self.selected in used else self.selected
            self.hint = ""
        elif 0 <= self.selected < len(view["rack"]) and self.selected not in used:
            self.draft = [list(e) for e in entries] + [[self.selected, view["rack"][self.selected], row, col]]
            self.selected = -1
            self.hint = ""
        else:
            self.hint = t(screen.language, "ui.upwords.select_first")
            return
        await self._publish(screen, view, version)

    @rx.event
    async def recall(self):
        """Every placed tile back to the rack."""
        screen, view, version = await self._seat_view()
        self._reset()
        if view is not None:
            await self._publish(screen, view, version)

    @rx.event
    async def shuffle(self):
        """Mixes the order of the rack on this phone (the tiles themselves don't change)."""
        _, view, _ = await self._seat_view()
        if view is None:
            return
        rack = list(view["rack"])
        order = list(range(len(rack)))
        random.shuffle(order)
        self.order, self.order_of = order, "".join(rack)

    @rx.event
    def toggle_zoom(self):
        """A bigger board (scrolls sideways) or the whole board on the screen."""
        self.zoom = not self.zoom

    @rx.event
    def toggle_exchange(self):
        """Opens (or closes) the exchange picker: the next rack tile tapped is exchanged."""
        self.exchanging = not self.exchanging
        self.selected = -1

    @rx.event
    async def sync(self):
        """The turn or the table changed: drop what no longer fits, show the draft again."""
        screen, view, version = await self._seat_view()
        if view is None:
            return
        entries = valid_draft(self.draft, view["rack"])
        if len(entries) != len(self.draft):
            self.draft = [list(e) for e in entries]
        if "exchange" not in view.get("can", ()):
            self.exchanging = False
        await self._publish(screen, view, version)

    # -- moves ---------------------------------------------------------------------------
    async def _send(self, screen: Screen, move: dict[str, Any], seen_version: int):
        """Applies a move through ``Screen.move`` (this browser's seat). Once accepted, the
        table's live draft is emptied, and so is this phone's after its own turn move (a
        challenger keeps the word it is planning)."""
        result = await screen.move(move, seen_version)
        if result is None and not screen.notice:
            if move["type"] == "challenge":
                self.exchanging, self.hint = False, ""
            else:
                self._reset()
            await self._clear_shared()
        return result

    @rx.event
    async def submit(self, seen_version: int = -1):
        """Plays the tiles placed on the board."""
        screen, view, _ = await self._seat_view()
        if view is None:
            return
        entries = valid_draft(self.draft, view["rack"])
        if not entries:
            self.hint = t(screen.language, "ui.upwords.select_first")
            return
        return await self._send(screen, {"type": "place", "tiles": [[r, c, x] for _, x, r, c in entries]},
                                _int(seen_version))

    @rx.event
    async def act(self, kind: str, seen_version: int = -1):
        """Pass or challenge (``kind``); the seat is this browser's, never an argument."""
        if kind not in ("pass", "challenge"):
            return
        screen, view, _ = await self._seat_view()
        if view is None:
            return
        self.exchanging = False
        return await self._send(screen, {"type": kind}, _int(seen_version))
