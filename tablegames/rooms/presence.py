"""Who the table shows as connected: a phone is "away" only after a grace period.

The table asks which phones have a socket open at each of its heartbeats (every
``TABLE_HEARTBEAT_MS``). A socket that drops for a moment (a phone's radio, a reconnect, a
worker busy with another event) must not make its player flicker between "online" and
"away": a seat seen connected within the last ``GRACE_S`` seconds still counts as connected,
so "away" shows only after two heartbeats in a row missed it.

Pure Python (no Reflex): the table's state keeps the last-seen times and asks here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

TABLE_HEARTBEAT_MS = 5_000  # how often the table's page asks (its ``every`` timer)
GRACE_S = 12.0  # seen connected within this long: still "online" (> 2 heartbeats)


def seen(last_seen: Mapping[int, float], connected: Iterable[int], now: float,
         grace: float = GRACE_S) -> dict[int, float]:
    """The last-seen times after a look at who is connected ``now``.

    Args:
        last_seen: seat id -> when it was last seen connected (seconds).
        connected: the seat ids with a socket open now.
        now: the current time (seconds).
        grace: how long a seat counts as connected after it was last seen.

    Returns:
        A new mapping: ``now`` for the connected seats; the others keep their time until it
        is older than the grace period (then they are dropped).
    """
    kept = {seat: at for seat, at in last_seen.items() if now - at < grace}
    return {**kept, **{seat: now for seat in connected}}


def present(last_seen: Mapping[int, float], connected: Iterable[int], now: float,
            grace: float = GRACE_S) -> set[int]:
    """The seat ids to show as connected: connected now, or seen within ``grace`` seconds."""
    return set(connected) | {seat for seat, at in last_seen.items() if now - at < grace}


def away_since(away: Mapping[int, float], seat_ids: Iterable[int], last_seen: Mapping[int, float],
               now: float) -> dict[int, float]:
    """Since when each of ``seat_ids`` is away, after a look at ``last_seen`` (:func:`seen`'s:
    the seats connected or within their grace period): a seat seen has no entry, one not
    seen keeps its time or starts at ``now`` (a seat the table never saw counts from the
    table's first look).

    >>> away_since({}, [0, 1], {0: 1.0}, 5.0)
    {1: 5.0}
    >>> away_since({1: 2.0}, [0, 1], {0: 5.0}, 9.0)
    {1: 2.0}
    """
    return {seat: away.get(seat, now) for seat in seat_ids if seat not in last_seen}
