"""A move's way to the room's other tabs: their new screen, and nothing else to compute.

Every accepted move bumps ``RoomShared.version``. Reflex then updates every other tab linked
to the room in a task of its own: it locks the tab's state and the room's, patches the room
into the tab's tree, computes every computed var that reads the room, compares the small
ones with what the tab has, serialises the delta and sends it; one tab after the other,
because each task holds the room's lock. For most moves only one of those vars changes:
``Screen.screen``, the tab's own view of the game. The rest (the seats, the host, the
options, the bots, the finished games) are the room's *facts*, and a move of the game leaves
them as they were.

So an update of the room in which only its version changed (``RoomShared.facts``, a digest of
the facts that :func:`facts_digest` gives and the room sets only when it differs, stayed), in
a game whose own states read nothing of the screen (``GameUI.screen_states``), reaches the
other tabs from here:
each tab's screen is built from what it is made of (:class:`TabScreen`, noted by
``Screen.screen`` each time Reflex computes it, so it is always the tab's current fields)
and the room's version, once per tab, and sent as a delta of that one var, the way Reflex
sends a changed var. Everything else (a join, a host action, a seat the table plays for, a
tab this process never computed a screen for) goes through Reflex as before.

With Reflex's memory state manager one process holds every tab (what ``scripts/start``
runs). With Redis (several workers), each worker sends the tabs whose socket it holds (their
own events run there, so what their screen is made of is noted there): the moving worker
sends its own and names the others on ``CHANNEL``; every worker listens (:func:`listen`) and
sends those it holds, handing to Reflex any it never computed a screen for. A version the
room passed on another worker meanwhile stops a send: each announcement also raises the
room's newest version in Redis (``NEWEST_KEY``), and the send reads it last, just before it
queues its frames, so a tab never gets an older screen after a newer one
(``docs/scaling.md``). Whether the facts changed needs no Redis of its own: ``RoomShared``
lives there, with its ``facts``.

A tab's server-side ``screen`` is not refreshed by this: it is recomputed when next read
(what reads the room is invalidated each time the room is swapped out of a tab's tree,
``reflex_adapter.lean_linked_updates``), and sent again only when something it reads
changes.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson

from tablegames import games
from tablegames import reflex_adapter as rxa
from tablegames.rooms import service
from tablegames.rooms.cache import VersionedCache

__all__ = ["TabScreen", "remember", "forget", "announce", "install", "facts_digest", "PER_MOVE"]

logger = logging.getLogger(__name__)


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
# ``late_join`` (when a new player may sit down) turns when a round ends and when the next
# one is dealt: as a fact it sent every tab of the room Reflex's whole update twice a round.
PER_MOVE = frozenset({"version", "view", "changed_at", "to_act", "deadline", "turn_deadline", "late_join"})

KEPT = 5_000  # rooms remembered (the least recently moved one goes first)
_TABS: dict[str, TabScreen] = {}  # tab token -> what its screen was last computed from
_ANNOUNCED: VersionedCache[bool] = VersionedCache(KEPT)  # room code -> its newest version announced here

NEWEST_KEY = "tg-newest:{code}"  # Redis: a room's newest version announced on any worker
NEWEST_KEEP_S = 24 * 3600
# sets the key to ARGV[1] unless it holds a higher version already (links announce too)
_RAISE = """local v = tonumber(redis.call('GET', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > v then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return v"""


def remember(token: str, tab: TabScreen) -> None:
    """Notes what tab ``token``'s screen is made of (``Screen.screen``, as it computes it)."""
    _TABS[token] = tab


def forget(token: str) -> None:
    """Tab ``token`` left its room, or its socket is gone for good."""
    _TABS.pop(token, None)


async def announce(code: str, version: int) -> None:
    """Room ``code`` is at ``version`` now (``Screen.bump``): a fan-out of an older version
    still under way stops, the newer one's reaches the same tabs."""
    if version > _newest(code):
        _ANNOUNCED.put(code, version, True)
    redis = _shared_redis()
    if redis is not None:
        try:
            await redis.eval(_RAISE, 1, NEWEST_KEY.format(code=code), version, NEWEST_KEEP_S)
        except Exception as err:  # noqa: BLE001 (the state manager, on the same Redis, reports)
            logger.warning("fan-out: could not announce %s v%s in Redis: %s", code, version, str(err)[:200])


def _shared_redis() -> Any | None:
    """Redis, when the tabs' states are kept there (several workers), else None."""
    app = rxa.current_app()
    return None if rxa.memory_state_manager(app) else rxa.redis_client()


async def _newest_anywhere(code: str) -> int:
    """The room's newest version announced on any worker (-1: unknown, Redis failing)."""
    redis = _shared_redis()
    if redis is None:
        return _newest(code)
    try:
        return int(await redis.get(NEWEST_KEY.format(code=code)) or -1)
    except Exception:  # noqa: BLE001 (these tabs were taken from Reflex: they must hear the move)
        return -1


def _newest(code: str) -> int:
    newest = _ANNOUNCED.newest(code)
    return -1 if newest is None else newest


# room code -> (its facts' values at the version digested last, their digest): a move of
# the game keeps the facts' objects (rooms.service copies the room's public facts by
# reference), so the next version's digest is that one, unless a value is another object
_DIGESTS: VersionedCache[tuple[tuple[Any, ...], str]] = VersionedCache(KEPT)
_SCALARS = (str, int, float, bool, type(None))


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and isinstance(a, _SCALARS) and a == b)


def facts_digest(code: str, version: int) -> str:
    """``RoomShared.facts`` at ``version``: a digest of the room's facts (all but
    ``PER_MOVE``), or, when this process doesn't hold that version, one of its own (so that
    it counts as a change)."""
    facts = service.facts_at(code, version, PER_MOVE)
    if facts is None:
        return f"v{version}"
    items = tuple(sorted(facts.items()))
    last = _DIGESTS.last(code)
    if last is not None and len(last[0]) == len(items) and all(
            k == k2 and _same(v, v2) for (k, v), (k2, v2) in zip(items, last[0])):
        digest = last[1]  # the same objects: the same facts
    else:
        text = orjson.dumps(facts, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=str)
        digest = hashlib.blake2b(text, digest_size=16).hexdigest()
    _DIGESTS.put(code, version, (items, digest))  # holds the objects: none is freed and its id reused
    return digest


def _reads_no_screen(code: str, version: int) -> bool:
    """Whether room ``code``'s game at ``version`` has no state that reads a screen
    (``GameUI.screen_states``): then a move of its game changes nothing but the screens."""
    data = service.acting_at(code, version)
    if data is None:
        return False
    try:
        return not games.game_ui(str(data.get("game") or "")).screen_states
    except KeyError:
        return False


Build = Callable[[TabScreen, int], Awaitable[dict[str, Any]]]

CHANNEL = "tg-fanout"  # Redis: a move of the game that other workers' tabs must hear
_heard: Callable[[str, int, list[str]], Awaitable[None] | None] | None = None  # set by install
_HEARING: set[Any] = set()  # sends started by ``listen`` (kept referenced until done)


async def _tell_workers(code: str, version: int, tokens: set[str]) -> bool:
    """Names ``tokens`` (tabs on other workers) on ``CHANNEL``; False when Redis refused."""
    redis = _shared_redis()
    if redis is None:
        return False
    message = orjson.dumps({"code": code, "version": version, "tokens": sorted(tokens)})
    try:
        await redis.publish(CHANNEL, message)
        return True
    except Exception as err:  # noqa: BLE001 (Reflex's update then takes them)
        logger.warning("fan-out: could not tell the other workers of %s v%s: %s", code, version, str(err)[:200])
        return False


async def listen() -> None:
    """Lifespan task (several workers): sends this worker's tabs the moves made on the
    others (a move's worker sends its own tabs, and names the rest on ``CHANNEL``)."""
    import asyncio

    redis = rxa.redis_client()
    if redis is None:
        return
    while True:
        try:
            async with redis.pubsub() as pubsub:
                await pubsub.subscribe(CHANNEL)
                async for message in pubsub.listen():
                    if message.get("type") != "message" or _heard is None:
                        continue
                    data = orjson.loads(message["data"])
                    sending = _heard(str(data["code"]), int(data["version"]), list(data["tokens"]))
                    if sending is not None:
                        task = asyncio.get_running_loop().create_task(sending)
                        _HEARING.add(task)
                        task.add_done_callback(_HEARING.discard)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # noqa: BLE001 (Redis restarting: listen again)
            logger.warning("fan-out: listening for other workers' moves failed: %s", str(err)[:200])
            await asyncio.sleep(1)


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
        # last, with no wait between it and the frames' queueing: a newer version is sent
        # after these, by this worker or through Reflex by the one that made it
        if _newest(code) == version and await _newest_anywhere(code) <= version:
            await rxa.emit_deltas(app, frames)

    async def decide(code: str, version: int, tabs: dict[str, TabScreen], elsewhere: set[str],
                     only_version: bool, later: Callable[[set[str]], None]) -> None:
        # only the version changed, not the facts (``RoomShared.facts``): a move of the game
        if not (only_version and _reads_no_screen(code, version)):  # every var of each tab
            later(set(tabs) | elsewhere)                              # that reads the room
            return
        if elsewhere and not await _tell_workers(code, version, elsewhere):  # the others send theirs
            later(elsewhere)
        await send(code, version, tabs)

    def heard(code: str, version: int, tokens: list[str]) -> Awaitable[None] | None:
        """Another worker's move: the send to this worker's tabs among ``tokens``."""
        if version > _newest(code):
            _ANNOUNCED.put(code, version, True)
        app = rxa.current_app()
        mine = [token for token in tokens if rxa.has_local_socket(app, token)]
        tabs = {token: tab for token in mine if (tab := _TABS.get(token)) is not None and tab.code == code}
        if unknown := set(mine) - tabs.keys():  # no screen computed here yet: Reflex's whole update
            rxa.update_linked_tabs(shared, unknown, {"version"})
        return send(code, version, tabs) if tabs else None

    def route(tokens: set[str], dirty: set[str],
              later: Callable[[set[str]], None]) -> tuple[set[str], Awaitable[None] | None]:
        """The tabs Reflex updates now, and what decides for the others (None: none)."""
        if "version" not in dirty:
            return tokens, None
        mover = _TABS.get(rxa.event_token() or "")
        codes = {tab.code for token in tokens if (tab := _TABS.get(token)) is not None}
        codes |= {mover.code} if mover is not None else set()
        if len(codes) != 1:
            return tokens, None
        code = codes.pop()
        version = _newest(code)
        if version < 0:
            return tokens, None
        app = rxa.current_app()
        if rxa.memory_state_manager(app):  # one process: a tab with no socket now gets nothing
            elsewhere: set[str] = set()    # (it is unlinked if it stays away)
            tabs = {token: tab for token in tokens if (tab := _TABS.get(token)) is not None and tab.code == code}
        else:  # several workers: each sends its own tabs theirs
            elsewhere = {token for token in tokens if not rxa.has_local_socket(app, token)}
            tabs = {token: tab for token in tokens - elsewhere
                    if (tab := _TABS.get(token)) is not None and tab.code == code}
        if not tabs and not elsewhere:
            return tokens, None
        return tokens - tabs.keys() - elsewhere, decide(code, version, tabs, elsewhere, dirty == {"version"}, later)

    global _heard
    _heard = heard
    rxa.route_linked_updates(shared, route)
