"""Estimating a phone's clock from ping exchanges (pure; no clock is read here).

A phone sends a ping stamped with its own clock (``client_send``); the server stamps it
with its clock (``server_time``; optionally also when the reply left, ``server_reply``);
the phone notes when the reply came back (``client_receive``). For one sample, NTP-style:

    rtt    = (client_receive - client_send) - (server_reply - server_time)
    offset = ((server_time - client_send) + (server_reply - client_receive)) / 2

``offset`` is what to add to a phone time to get server time. It is exact when the way
out and the way back take equally long; otherwise it is off by half their difference, at
most ``rtt / 2``. Jitter (queues, radio wake-ups) only ever makes a trip longer, so the
samples with the smallest round trips are the most trustworthy: :func:`estimate` keeps
the fastest quarter (at least 3) and takes the median of their offsets.

Usage (room layer)::

    est = estimate(samples)                  # refresh every few pings
    t_server = est.to_server(tap_client_time)
    game.apply(state, seat, {"type": "slap", "t": t_server}, now=time.time())
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from statistics import median
from typing import NamedTuple

__all__ = ["ClockEstimate", "PingSample", "delay_bounds", "estimate", "lag_bounds", "ping_delays",
           "sample_offset", "to_server_time"]


class PingSample(NamedTuple):
    """One ping exchange (seconds; client times on the phone's clock)."""

    client_send: float
    server_time: float
    client_receive: float
    server_reply: float | None = None  # when the reply left the server (default: server_time)


class ClockEstimate(NamedTuple):
    """A phone clock relative to the server.

    offset: seconds to add to a phone time to get server time.
    rtt: the smallest network round trip seen (server processing excluded).
    error: a bound on the offset's error (half the largest round trip among the samples used).
    samples: how many samples the estimate rests on.
    """

    offset: float
    rtt: float
    error: float
    samples: int

    def to_server(self, client_time: float) -> float:
        """A phone timestamp on the server's clock."""
        return client_time + self.offset

    def to_client(self, server_time: float) -> float:
        """A server timestamp on the phone's clock."""
        return server_time - self.offset


def sample_offset(sample: PingSample | Sequence[float]) -> tuple[float, float] | None:
    """``(offset, rtt)`` of one sample, or ``None`` if it is impossible (a negative round
    trip, a reply leaving before the ping came, or a value that is not a finite number)."""
    s = PingSample(*sample)
    reply = s.server_time if s.server_reply is None else s.server_reply
    values = (s.client_send, s.server_time, s.client_receive, reply)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
               for v in values):
        return None
    processing = reply - s.server_time
    rtt = (s.client_receive - s.client_send) - processing
    if processing < 0 or rtt < 0:
        return None
    offset = ((s.server_time - s.client_send) + (reply - s.client_receive)) / 2
    return offset, rtt


def estimate(samples: Iterable[PingSample | Sequence[float]], best_fraction: float = 0.25,
             min_best: int = 3, max_samples: int | None = None) -> ClockEstimate:
    """A robust clock estimate from ping samples.

    Args:
        samples: ping exchanges, in the order they were made.
        best_fraction: share of the fastest samples (smallest round trip) to use.
        min_best: use at least this many of the fastest samples (when there are that many).
        max_samples: only the most recent samples count (clocks drift slowly; a sliding
            window of a few dozen pings follows them).

    Raises:
        ValueError: if no sample is usable.
    """
    if not 0 < best_fraction <= 1 or min_best < 1:
        raise ValueError("best_fraction must be in (0, 1] and min_best at least 1")
    usable = [r for r in (sample_offset(s) for s in samples) if r is not None]
    if max_samples is not None:
        usable = usable[-max_samples:] if max_samples > 0 else []
    if not usable:
        raise ValueError("no usable ping sample")
    usable.sort(key=lambda r: r[1])
    keep = min(len(usable), max(min_best, math.ceil(len(usable) * best_fraction)))
    best = usable[:keep]
    return ClockEstimate(offset=float(median(o for o, _ in best)), rtt=float(best[0][1]),
                         error=float(best[-1][1] / 2), samples=keep)


TYPICAL_LAG_Q = 0.9  # a claim counts as at most this quantile of its phone's delays old
MOST_LAG_Q = 1.0  # beyond its slowest usual ping (plus the margin) a claim is not believed
LAG_MARGIN = 0.060  # seconds: what one message's jitter may add to the phone's measured delays
OUTLIER_RTT, OUTLIER_SLACK = 1.0, 0.100  # pings slower than the median round trip + 100 ms


def ping_delays(samples: Iterable[PingSample | Sequence[float]], est: ClockEstimate,
                max_samples: int | None = None) -> list[float]:
    """How long this phone's usual pings took to reach the server, in seconds, sorted,
    measured on the clock its taps are converted with.

    Each ping's delay is ``server_time - est.to_server(client_send)``: its way up plus the
    estimate's error, exactly what a tap's ``arrival - t`` is for an honest tap, so an
    honest tap's delay is one more draw from these. A ping far slower than this phone's
    usual round trip (a stall, or slowed on purpose just before a race) is left out.
    """
    usable = [(PingSample(*s), r[1]) for s in samples if (r := sample_offset(s)) is not None]
    if max_samples is not None:
        usable = usable[-max_samples:] if max_samples > 0 else []
    if not usable:
        return []
    usual = median(rtt for _, rtt in usable)
    sent = [s for s, rtt in usable if rtt <= OUTLIER_RTT * usual + OUTLIER_SLACK]
    return sorted(s.server_time - est.to_server(s.client_send) for s in sent)


def delay_bounds(delays: Sequence[float], typical_q: float = TYPICAL_LAG_Q,
                 most_q: float = MOST_LAG_Q, margin: float = LAG_MARGIN) -> tuple[float, float] | None:
    """``(typical, most)`` of a phone's sorted ping delays (seconds): a claim counts as at
    most ``typical`` old, and one older than ``most`` (the ``most_q`` quantile plus
    ``margin``) is not believable from this phone. Quantiles, not the maximum, so that a
    few slow pings don't widen them. None without delays."""
    if not delays:
        return None

    def quantile(q: float) -> float:
        return delays[min(len(delays) - 1, max(0, math.ceil(q * len(delays)) - 1))]

    return max(0.0, quantile(typical_q)), max(0.0, quantile(most_q) + margin)


def lag_bounds(samples: Iterable[PingSample | Sequence[float]], est: ClockEstimate,
               max_samples: int | None = None, typical_q: float = TYPICAL_LAG_Q,
               most_q: float = MOST_LAG_Q, margin: float = LAG_MARGIN) -> tuple[float, float] | None:
    """``(typical, most)`` one-way delay of this phone (seconds), from its pings:
    :func:`delay_bounds` of :func:`ping_delays`. None without usable samples."""
    return delay_bounds(ping_delays(samples, est, max_samples), typical_q, most_q, margin)


def to_server_time(client_time: float, est: ClockEstimate | float) -> float:
    """A phone timestamp on the server's clock, given an estimate (or a bare offset)."""
    offset = est.offset if isinstance(est, ClockEstimate) else float(est)
    return client_time + offset
