"""Recovering every open tab when Redis loses what it held.

With several workers, Reflex keeps every tab's state, every room's ``RoomShared`` (and the
list of tabs linked to it) and which worker holds which socket in Redis. A Redis restart
without persistence, a flush or a failover to an empty replica forgets all of it while the
sockets stay open: the tabs would keep showing the table but hear of no move again, and a
phone's next tap would find a state with no seat.

Each worker therefore watches an epoch key in Redis. The first worker to find it missing
writes a new one; a worker that sees it change tells the tabs whose sockets it holds to
reload. A reloaded page hydrates again with its LocalStorage (seat and host secrets), links
to its room and reads the room from the database, which Redis never held.
"""

from __future__ import annotations

import asyncio
import logging
import uuid

import reflex as rx
from reflex_base.constants import SocketEvent
from reflex_base.event import fix_events
from reflex.state import StateUpdate

logger = logging.getLogger(__name__)

EPOCH_KEY = "tablegames:redis-epoch"
CHECK_EVERY = 2.0  # seconds

RELOAD = "window.location.reload()"


async def watch_redis(app: rx.App) -> None:
    """Lifespan task: reloads this worker's tabs whenever Redis has been emptied."""
    from redis.exceptions import RedisError
    from reflex.utils.prerequisites import get_redis

    redis = get_redis()
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


async def reload_local_tabs(app: rx.App) -> int:
    """Tells every tab whose socket this worker holds to reload; returns how many."""
    namespace = app.event_namespace
    if namespace is None:
        return 0
    manager = namespace._token_manager
    local = [(token, record.sid) for token, record in list(manager.token_to_socket.items())
             if record.instance_id == manager.instance_id]
    for token, sid in local:
        update = StateUpdate(events=fix_events([rx.call_script(RELOAD)], token))
        await namespace.emit(str(SocketEvent.EVENT), update, to=sid)
    return len(local)
