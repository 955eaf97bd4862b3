"""Fair slap races: pure arbitration with time as an input.

Phones reach the server with delays that differ by tens to hundreds of milliseconds, so
"first message to arrive" is unfair. The room layer estimates each phone's clock offset
(see :mod:`tablegames.engine.uestop.clock`) and sends the tap's time on the server's clock
(``t``); the server adds the arrival time (``now``). The race then:

1. refuses taps claiming to come before the reveal (and taps from benched players);
2. keeps the race open for a short window after the FIRST tap arrives
   (``slap_window_ms``), so that an earlier tap from a slower phone can still arrive;
3. awards the earliest tap time; equal times go to the earlier arrival, then the lower seat.

A claimed tap time is believed only inside what that phone's own measured network allows
(:func:`judge`): no sooner after the reveal than a human can react (``min_reaction_ms``),
and no longer before its arrival than the phone's measured delays allow (the slap's
``lag``: ``[typical, most]`` one-way delay of that phone's pings, on the same corrected
clock as its taps, so the clock estimate's error cancels out; never more than
``max_latency_ms``). A claim outside is judged at its arrival time and flagged on the table.
Inside, a claim never counts as older than the phone's typical delay: a forged time gains
no more than a lucky fast message of an honest phone would.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def tap_time(claimed: float, now: float, max_latency: float) -> float:
    """The time the race uses for a tap claimed at ``claimed`` that arrived at ``now``
    (seconds, server clock): clamped into ``[now - max_latency, now]``."""
    return max(min(claimed, now), now - max_latency)


def judge(claimed: float, now: float, reveal_time: float, min_reaction: float,
          max_latency: float, lag: tuple[float, float] | None = None) -> tuple[float, bool]:
    """``(time the race uses, flagged)`` for a tap claimed at ``claimed`` that arrived at
    ``now`` (seconds, server clock).

    Args:
        reveal_time: when the card showed on every screen.
        min_reaction: the fastest believable reaction after the reveal.
        max_latency: the longest delay believed from any phone.
        lag: this phone's ``(typical, most)`` one-way delay, measured from its pings (None:
            not measured; then only ``max_latency`` bounds the claim, clamping it).
    """
    if claimed < reveal_time + min_reaction:
        return now, True  # faster than a human: a forged or broken time
    if lag is None:
        return tap_time(claimed, now, max_latency), False
    typical, most = min(lag[0], max_latency), min(lag[1], max_latency)
    if now - claimed > most:
        return now, True  # older than this phone's network allows
    return max(min(claimed, now), now - typical), False


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
            "flagged": bool(tap.get("flagged")),
        })
    return out


def _ms(seconds: float) -> int:
    return round(seconds * 1000)
