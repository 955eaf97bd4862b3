"""Fair races between phones (UeStop!'s slaps, UNO's jump-ins): pure arbitration with
time as an input.

Phones reach the server with delays that differ by tens to hundreds of milliseconds, so
"first message to arrive" is unfair. The room layer estimates each phone's clock offset
(see :mod:`tablegames.engine.clock`) and sends the tap's time on the server's clock
(``t``); the server adds the arrival time (``now``). The race then:

1. refuses taps claiming to come before the reveal (and taps from benched players);
2. keeps the race open for a short window after the FIRST tap arrives
   (``slap_window_ms``), so that an earlier tap from a slower phone can still arrive;
3. awards the earliest tap time; equal times go to the earlier arrival, then the lower seat.

A claimed tap time is believed only inside what that phone's own measured network allows
(:func:`judge`): no sooner after the reveal than a human can react (``min_reaction_ms``),
and no longer before its arrival than the phone's measured delays allow (the slap's
``delays``: the one-way delays of that phone's pings, on the same corrected clock as its
taps, so the clock estimate's error cancels out; never more than ``max_latency_ms``). A
claim outside is judged at its arrival time and flagged on the table. Inside, a claim
never counts as older than the phone's typical delay.

Over a game, a phone's claims must also look like its pings (:func:`suspicion`): an honest
tap's delay is one more draw from the phone's ping delays, a forged early time makes it
rank high tap after tap, and a phone whose taps keep ranking too high is judged at the
arrival of its taps until they look like its pings again. So forging can only pay while
it still looks like chance.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from tablegames.engine.clock import delay_bounds


def tap_time(claimed: float, now: float, max_latency: float) -> float:
    """The time the race uses for a tap claimed at ``claimed`` that arrived at ``now``
    (seconds, server clock): clamped into ``[now - max_latency, now]``."""
    return max(min(claimed, now), now - max_latency)


class Judged(NamedTuple):
    """How the race counts one tap.

    t: the time the race uses (server clock, seconds).
    flagged: judged at its arrival (not believable from this phone), shown on the table.
    rank: where the tap's claimed delay falls among the phone's ping delays, in (0, 1)
        (None without delays): an honest tap's rank is uniform, a forged one's is high.
    """

    t: float
    flagged: bool
    rank: float | None = None


def judge(claimed: float, now: float, reveal_time: float, min_reaction: float,
          max_latency: float, delays: Sequence[float] | None = None) -> Judged:
    """How the race counts a tap claimed at ``claimed`` that arrived at ``now`` (seconds,
    server clock).

    Args:
        reveal_time: when the card showed on every screen.
        min_reaction: the fastest believable reaction after the reveal.
        max_latency: the longest delay believed from any phone.
        delays: this phone's sorted one-way ping delays (seconds, see
            :func:`~tablegames.engine.clock.ping_delays`; None: not measured, then
            only ``max_latency`` bounds the claim, clamping it).
    """
    rank = delay_rank(now - claimed, delays) if delays else None
    if claimed < reveal_time + min_reaction:
        return Judged(now, True, rank)  # faster than a human: a forged or broken time
    if not delays:
        return Judged(tap_time(claimed, now, max_latency), False)
    typical, most = delay_bounds(delays)
    typical, most = min(typical, max_latency), min(most, max_latency)
    if now - claimed > most:
        return Judged(now, True, rank)  # older than this phone's network allows
    if now - delays[0] < reveal_time + min_reaction:
        # it came sooner than this phone's fastest ping could carry a human's tap: its
        # measured delays are not its network's (pings slowed on purpose)
        return Judged(now, True, rank)
    return Judged(max(min(claimed, now), now - typical), False, rank)


def delay_rank(delay: float, delays: Sequence[float]) -> float:
    """Where ``delay`` falls among the sorted ``delays``, in (0, 1): the share of them it
    exceeds, ties counted half, shrunk away from 0 and 1 by one sample."""
    below, upto = bisect_left(delays, delay), bisect_right(delays, delay)
    return (below + 0.5 * (upto - below) + 0.5) / (len(delays) + 1)


TRUST_DRIFT = 0.5  # an honest tap's surprise averages 1: the sum sinks by this per tap
TRUST_LIMIT = 8.0  # above it the phone's claimed times are no longer believed this game


def suspicion(previous: float, rank: float) -> float:
    """A phone's suspicion after one more tap of delay rank ``rank`` (a one-sided CUSUM).

    An honest phone's taps take as long as its pings, so their ranks are uniform and the
    surprise ``-ln(1 - rank)`` averages 1; a phone that claims its taps older than they
    are, to be credited earlier, ranks high tap after tap. The sum forgets honest luck
    (it never goes below 0 and sinks by ``TRUST_DRIFT`` a tap). A phone passing
    ``TRUST_LIMIT`` has its taps judged at their arrival until the sum is back at 0 (about
    16 ordinary taps later): an honest phone that was merely unlucky gets its clock back,
    a phone that keeps forging never does.
    """
    return max(0.0, previous - math.log(1.0 - rank) - 1.0 - TRUST_DRIFT)


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
