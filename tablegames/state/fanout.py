"""A move's way to the room's other tabs: their new screen, and nothing else to compute.

Every accepted move bumps ``RoomShared.version``. Reflex then updates every other tab linked
to the room in a task of its own: it locks the tab's state and the room's, patches the room
into the tab's tree, computes every computed var that reads the room, compares the small
ones with what the tab has, serialises the delta and sends it; one tab after the other,
because each task holds the room's lock. For most moves only one of those vars changes:
``Screen.screen``, the tab's own view of the game. The rest (the seats, the host, the
options, the bots, the finished games) are the room's *facts*, and a move of the game leaves
them as they were.

So a version whose facts are those of the version before it, in a game whose own states
read nothing of the screen (``GameUI.screen_states``), reaches the other tabs from here:
each tab's screen is built from what it is made of (:class:`TabScreen`, noted by
``Screen.screen`` each time Reflex computes it, so it is always the tab's current fields)
and the room's version, once per tab, and sent as a delta of that one var, the way Reflex
sends a changed var. Everything else (a join, a host action, a seat the table plays for, a
tab this process never computed a screen for) goes through Reflex as before.

This holds with Reflex's memory state manager (one process holds every tab; what
``scripts/start`` runs). With Redis, tabs live on several workers whose announcements this
process doesn't see, so every update stays Reflex's (``docs/scaling.md``).

A tab's server-side ``screen`` is not refreshed by this: the next event the tab sends
recomputes it anyway (Reflex marks what reads the room dirty each time it swaps the room
out of a tab's tree) and sends it once more, as before.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson

from tablegames import games
from tablegames import reflex_adapter as rxa
from tablegames.rooms import service
from tablegames.rooms.cache import VersionedCache

__all__ = ["TabScreen", "remember", "forget", "announce", "install", "PER_MOVE"]


@dataclass(frozen=True)
class TabScreen:
    """What one tab's screen is made of besides the room's version: its ``Screen`` fields."""

    code: str
    role: str
    seat: int  # the seat id this tab holds (-1: none)
    language: str
    is_host: bool  # this tab holds host rights (for the host change ``host_gen``)
    host_gen: int
    seat_gen: int  # the seat's generation this tab holds it for
    moved: bool
    removed: bool


# What changes with a move of the game and only ``Screen.screen`` shows; every other key
# of the table's screen data is a fact of the room, which other vars of a tab read.
PER_MOVE = frozenset({"version", "view", "changed_at", "to_act", "deadline", "turn_deadline"})

KEPT = 5_000  # rooms remembered (the least recently moved one goes first)
_TABS: dict[str, TabScreen] = {}  # tab token -> what its screen was last computed from
_ANNOUNCED: VersionedCache[bool] = VersionedCache(KEPT)  # room code -> its newest version announced here
_FACTS: VersionedCache[str] = VersionedCache(KEPT)  # room code -> its facts at the newest version routed


def remember(token: str, tab: TabScreen) -> None:
    """Notes what tab ``token``'s screen is made of (``Screen.screen``, as it computes it)."""
    _TABS[token] = tab


def forget(token: str) -> None:
    """Tab ``token`` left its room, or its socket is gone for good."""
    _TABS.pop(token, None)


def announce(code: str, version: int) -> None:
    """Room ``code`` is at ``version`` now (``Screen.bump``): a fan-out of an older version
    still under way stops, the newer one's reaches the same tabs."""
    if version > _newest(code):
        _ANNOUNCED.put(code, version, True)


def _newest(code: str) -> int:
    newest = _ANNOUNCED.newest(code)
    return -1 if newest is None else newest


def _facts(code: str, version: int) -> tuple[str, str] | None:
    """The room's facts at ``version`` as one comparable text, and its game (None: this
    process doesn't hold that version)."""
    data = service.screen_at(code, version, None)
    if data is None:
        return None
    facts = {k: v for k, v in data.items() if k not in PER_MOVE}
    text = orjson.dumps(facts, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=str).decode()
    return text, str(data.get("game") or "")


def _screen_only(code: str, version: int) -> bool:
    """Whether ``version`` changed nothing of room ``code`` but what its screens show of the
    game (its facts are those of ``version - 1``), in a game whose states read no screen.
    Notes the facts of ``version`` for the next version's question."""
    found = _facts(code, version)
    if found is None:
        return False
    facts, game = found
    before = _FACTS.get(code, version - 1)
    if _FACTS.newest(code) != version:
        _FACTS.put(code, version, facts)
    if before != facts:
        return False
    try:
        return not games.game_ui(game).screen_states
    except KeyError:
        return False


Build = Callable[[TabScreen, int], Awaitable[dict[str, Any]]]


def install(shared: Any, screen: Any, build: Build) -> None:
    """Routes the updates of ``shared`` (``RoomShared``) to the tabs through here.

    Args:
        shared: The room's shared state class.
        screen: The tab's state class whose ``screen`` var this sends (``Screen``).
        build: ``build(tab, version)``: that var's value for a tab (``room.tab_screen``).
    """
    screen_state, screen_key = screen.get_full_name(), rxa.var_key("screen")

    async def send(code: str, version: int, tabs: dict[str, TabScreen]) -> None:
        app = rxa.current_app()
        frames = []
        for token, tab in tabs.items():
            if _newest(code) != version:
                return  # a newer version's fan-out is under way: it brings these tabs that one
            if rxa.has_local_socket(app, token):
                frames.append((token, {screen_state: {screen_key: await build(tab, version)}}))
        if _newest(code) == version:
            await rxa.emit_deltas(app, frames)

    def route(tokens: set[str], dirty: set[str]) -> tuple[set[str], Awaitable[None] | None]:
        """The tabs Reflex updates, and the sending of the others' screens (None: none)."""
        if "version" not in dirty or not rxa.memory_state_manager(rxa.current_app()):
            return tokens, None
        codes = {tab.code for token in tokens if (tab := _TABS.get(token)) is not None}
        if len(codes) != 1:
            return tokens, None
        code = codes.pop()
        version = _newest(code)
        if version < 0 or not _screen_only(code, version) or dirty != {"version"}:
            return tokens, None
        tabs = {token: tab for token in tokens if (tab := _TABS.get(token)) is not None and tab.code == code}
        return tokens - tabs.keys(), send(code, version, tabs)

    rxa.route_linked_updates(shared, route)
