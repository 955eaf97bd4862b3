"""Fair slap races: pure arbitration with time as an input.

Phones reach the server with delays that differ by tens to hundreds of milliseconds, so
"first message to arrive" is unfair. The room layer estimates each phone's clock offset
(see :mod:`tablegames.engine.uestop.clock`) and sends the tap's time on the server's clock
(``t``); the server adds the arrival time (``now``). The race then:

1. refuses taps claiming to come before the reveal (and taps from benched players);
2. keeps the race open for a short window after the FIRST tap arrives
   (``slap_window_ms``), so that an earlier tap from a slower phone can still arrive;
3. awards the earliest tap time; equal times go to the earlier arrival, then the lower seat.

A tap time is bounded by what is physically believable: never later than its arrival
(``t <= now``), never older than ``max_latency_ms`` before its arrival. A badly estimated
clock (or a forged time) therefore gains at most ``max_latency_ms``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def tap_time(claimed: float, now: float, max_latency: float) -> float:
    """The time the race uses for a tap claimed at ``claimed`` that arrived at ``now``
    (seconds, server clock): clamped into ``[now - max_latency, now]``."""
    return max(min(claimed, now), now - max_latency)


def is_late(now: float, deadline: float | None) -> bool:
    """A tap arriving after the window closed does not take part (the window is inclusive)."""
    return deadline is not None and now > deadline


def window_closed(now: float | None, deadline: float | None) -> bool:
    """Whether a race with this deadline may be settled at ``now``."""
    return now is not None and deadline is not None and now >= deadline


def ranking(taps: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The taps that count (not late), best first: earliest ``t``, then earliest
    ``arrival``, then lowest seat."""
    return sorted((tap for tap in taps if not tap.get("late")),
                  key=lambda tap: (tap["t"], tap["arrival"], tap["seat"]))


def winner(taps: Iterable[Mapping[str, Any]]) -> int | None:
    """The seat that won the race, or ``None`` without a valid tap."""
    ranked = ranking(taps)
    return ranked[0]["seat"] if ranked else None


def report(taps: Iterable[Mapping[str, Any]], reveal_time: float | None) -> list[dict[str, Any]]:
    """The race as the table shows it: every tap in finishing order (late taps last, by
    arrival), with reaction time and arrival after the reveal and the margin behind the
    winner, in milliseconds."""
    taps = list(taps)
    ranked = ranking(taps)
    late = sorted((tap for tap in taps if tap.get("late")), key=lambda tap: (tap["arrival"], tap["seat"]))
    best = ranked[0]["t"] if ranked else None
    base = reveal_time if reveal_time is not None else 0.0
    out = []
    for place, tap in enumerate(ranked + late, start=1):
        out.append({
            "seat": tap["seat"],
            "place": place if not tap.get("late") else None,
            "reaction_ms": _ms(tap["t"] - base),
            "arrival_ms": _ms(tap["arrival"] - base),
            "margin_ms": _ms(tap["t"] - best) if best is not None and not tap.get("late") else None,
            "late": bool(tap.get("late")),
            "adjusted": tap["t"] != tap["claimed"],
        })
    return out


def _ms(seconds: float) -> int:
    return round(seconds * 1000)
