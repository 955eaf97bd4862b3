"""Keeping open tabs whole: the pages' keep-alive interval, and on Redis refreshed
expiries and a reload when Redis lost everything.

With several workers, Reflex keeps every tab's state, every room's ``RoomShared`` (and the
list of tabs linked to it) and which worker holds which socket in Redis. A Redis restart
without persistence, a flush or a failover to an empty replica forgets all of it while the
sockets stay open: the tabs would keep showing the table but hear of no move again, and a
phone's next tap would find a state with no seat.

Each worker therefore watches an epoch key in Redis. The first worker to find it missing
writes a new one; a worker that sees it change tells the tabs whose sockets it holds to
reload. A reloaded page hydrates again with its LocalStorage (seat and host secrets), links
to its room and reads the room from the database, which Redis never held.

Reflex's Redis state manager also stores each state class of a tab under its own key and
renews a key's expiry only when that state changes: during an hour of play the tab's root
state (its route) and its own copy of the room's shared state (its link) change seldom,
expire on their own, and the tab is cut off from its room or loses its seat. Every open
page therefore sends a heartbeat, and :func:`refresh_expiry` renews all of the tab's keys
and its room's.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from functools import cache

import reflex as rx

from tablegames import reflex_adapter as rxa

logger = logging.getLogger(__name__)

EPOCH_KEY = "tablegames:redis-epoch"
CHECK_EVERY = 2.0  # seconds

RELOAD = "window.location.reload()"


async def watch_redis(app: rx.App) -> None:
    """Lifespan task: reloads this worker's tabs whenever Redis has been emptied."""
    from redis.exceptions import RedisError

    redis = _redis()
    if redis is None:
        return
    seen: bytes | None = None
    while True:
        try:
            await redis.set(EPOCH_KEY, uuid.uuid4().hex, nx=True)
            epoch = await redis.get(EPOCH_KEY)
            if seen is not None and epoch != seen:
                logger.warning("Redis lost its data: reloading the tabs of this worker")
                await reload_local_tabs(app)
            seen = epoch
        except RedisError as err:  # down for now: the next check tries again
            logger.warning("Redis unreachable: %s", err)
        await asyncio.sleep(CHECK_EVERY)


@cache
def _state_names() -> tuple[str, ...]:
    """The full names of every state class of the app (each is a Redis key per tab)."""
    return tuple(cls.get_full_name() for cls in rxa.all_state_classes())


def _redis():
    return rxa.redis_client()


def enabled() -> bool:
    """Whether states live in Redis (several workers)."""
    return bool(rx.config.get_config().redis_url)


def expiry() -> int:
    """Seconds an untouched state key lives (``REFLEX_REDIS_TOKEN_EXPIRATION``; Reflex's
    memory state manager uses the same setting for whole tabs)."""
    return int(rx.config.get_config().redis_token_expiration)


def renew_every() -> float:
    """Seconds between two renewals of a tab's keys: well within the expiry."""
    return expiry() / 4


def keepalive_ms() -> int:
    """How often an open phone page sends its heartbeat: often enough that its state never
    expires while the page is open (a quarter of the expiry, 1 s to 5 min)."""
    return int(min(max(expiry() * 1000 / 4, 1_000), 300_000))


async def refresh_expiry(*tokens: str) -> None:
    """Renews the expiry of every state key of these tokens (tabs or rooms) in Redis, and
    of the record of the worker that holds a tab's socket (a tab whose record lapsed
    misses the moves made on the other workers until its worker stores it again)."""
    redis = _redis()
    if redis is None:
        return
    ttl = expiry()
    pipeline = redis.pipeline(transaction=False)
    for key in [*rxa.state_keys(tokens, _state_names()), *map(rxa.socket_record_key, tokens)]:
        pipeline.expire(key, ttl)
    await pipeline.execute()


async def reload_local_tabs(app: rx.App) -> int:
    """Tells every tab whose socket this worker holds to reload; returns how many."""
    namespace = app.event_namespace
    if namespace is None:
        return 0
    local = rxa.local_sockets(app)
    for _token, sid in local:
        await rxa.emit_to_sid(namespace, sid, rx.call_script(RELOAD))
    return len(local)
