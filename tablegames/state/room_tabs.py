"""Which browser tabs are linked to which room, counted for the room's tab cap.

With Redis (several workers) a room's tabs are one Redis set that every worker adds to and
removes from, so the cap holds however the tabs spread over workers; without it, a set in
this process. A Redis error falls back to this process's count (the cap must not take the
room down).
"""

from __future__ import annotations

import logging

from tablegames import reflex_adapter as rxa

logger = logging.getLogger(__name__)

KEY = "tg-tabs:{code}"
KEEP_S = 2 * 24 * 3600  # a room's set outlives any game; refreshed at each link

_LOCAL: dict[str, set[str]] = {}  # room code -> tab tokens (no Redis, or Redis failing)


def _redis():
    return rxa.redis_client()


async def count(code: str) -> int:
    """How many tabs are linked to room ``code`` (on every worker)."""
    redis = _redis()
    if redis is not None:
        try:
            return int(await redis.scard(KEY.format(code=code)))
        except Exception as err:  # noqa: BLE001
            logger.warning("room tabs: Redis unavailable (%s); counting this worker's", err)
    return len(_LOCAL.get(code, ()))


async def has(code: str, token: str) -> bool:
    """Whether tab ``token`` is linked to room ``code``."""
    redis = _redis()
    if redis is not None:
        try:
            return bool(await redis.sismember(KEY.format(code=code), token))
        except Exception:  # noqa: BLE001
            pass
    return token in _LOCAL.get(code, ())


async def add(code: str, token: str) -> None:
    """Counts tab ``token`` in room ``code``."""
    _LOCAL.setdefault(code, set()).add(token)
    redis = _redis()
    if redis is not None:
        try:
            key = KEY.format(code=code)
            await redis.sadd(key, token)
            await redis.expire(key, KEEP_S)
        except Exception as err:  # noqa: BLE001
            logger.warning("room tabs: Redis unavailable (%s)", err)


async def discard(code: str, token: str) -> None:
    """Stops counting tab ``token`` in room ``code``."""
    tabs = _LOCAL.get(code)
    if tabs is not None:
        tabs.discard(token)
        if not tabs:
            _LOCAL.pop(code, None)
    redis = _redis()
    if redis is not None:
        try:
            await redis.srem(KEY.format(code=code), token)
        except Exception as err:  # noqa: BLE001
            logger.warning("room tabs: Redis unavailable (%s)", err)
