"""Phone clock estimates from ping samples (``clock.py``) with simulated skewed, jittery clocks."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.engine.uestop.clock import (
    ClockEstimate,
    PingSample,
    estimate,
    lag_bounds,
    sample_offset,
    to_server_time,
)


def simulate(rng: random.Random, skew: float, up: float, down: float, jitter: float, n: int,
             drift_ppm: float = 0.0, spikes: float = 0.0, processing: float = 0.0,
             start: float = 5000.0) -> list[PingSample]:
    """Pings from a phone whose clock is ``skew`` s off (plus drift), over a network whose
    one-way delays are ``up``/``down`` plus exponential jitter and occasional spikes."""

    def local(server_t: float) -> float:
        return server_t + skew + (server_t - start) * drift_ppm * 1e-6

    def extra() -> float:
        spike = rng.uniform(0.2, 1.5) if rng.random() < spikes else 0.0
        return rng.expovariate(1 / jitter) + spike

    out, now = [], start
    for _ in range(n):
        send = now
        at_server = send + up + extra()
        reply = at_server + processing
        back = reply + down + extra()
        out.append(PingSample(local(send), at_server, local(back),
                              reply if processing else None))
        now = back + rng.uniform(0.2, 1.0)
    return out


def test_one_sample_ntp_style() -> None:
    # phone clock 10 s ahead; 40 ms each way
    sample = PingSample(client_send=110.0, server_time=100.04, client_receive=110.08)
    offset, rtt = sample_offset(sample)
    assert offset == pytest.approx(-10.0) and rtt == pytest.approx(0.08)


def test_server_processing_time_is_not_network_time() -> None:
    sample = PingSample(110.0, 100.04, 110.13, server_reply=100.09)
    offset, rtt = sample_offset(sample)
    assert rtt == pytest.approx(0.08) and offset == pytest.approx(-10.0)


def test_impossible_samples_are_ignored() -> None:
    assert sample_offset(PingSample(10.0, 5.0, 9.0)) is None  # came back before it left
    assert sample_offset(PingSample(10.0, 5.0, 11.0, server_reply=4.0)) is None
    assert sample_offset(PingSample(float("nan"), 5.0, 11.0)) is None
    good = PingSample(10.0, 5.05, 10.1)
    est = estimate([PingSample(10.0, 5.0, 9.0), good])
    assert est.samples == 1 and est.offset == pytest.approx(-5.0)
    with pytest.raises(ValueError):
        estimate([PingSample(10.0, 5.0, 9.0)])
    with pytest.raises(ValueError):
        estimate([])


@pytest.mark.parametrize("seed", range(25))
def test_skewed_jittery_clock_symmetric_network(seed: int) -> None:
    rng = random.Random(seed)
    skew = rng.uniform(-3600, 3600)
    base = rng.uniform(0.005, 0.25)
    samples = simulate(rng, skew, base, base, jitter=rng.uniform(0.005, 0.15), n=40, spikes=0.1)
    est = estimate(samples)
    # true offset (server - client) is -skew; min-RTT samples have little jitter: the
    # estimate is off by a few milliseconds, far below the gaps between human reactions
    assert abs(est.offset + skew) <= est.error
    assert abs(est.offset + skew) < 0.04
    assert est.rtt >= 2 * base


@pytest.mark.parametrize("seed", range(10))
def test_asymmetric_network_stays_within_the_bound(seed: int) -> None:
    rng = random.Random(seed)
    skew = rng.uniform(-100, 100)
    up, down = rng.uniform(0.01, 0.3), rng.uniform(0.01, 0.3)
    est = estimate(simulate(rng, skew, up, down, jitter=0.03, n=30))
    err = abs(est.offset + skew)
    assert err <= est.error
    # the irreducible error is half the difference of the two ways
    assert err == pytest.approx(abs(up - down) / 2, abs=0.02)


def test_min_rtt_beats_a_plain_average_under_spikes() -> None:
    rng = random.Random(3)
    skew = 12.5
    samples = simulate(rng, skew, 0.05, 0.02, jitter=0.02, n=60, spikes=0.4)
    plain = sum(sample_offset(s)[0] for s in samples) / len(samples)
    est = estimate(samples)
    assert abs(est.offset + skew) < abs(plain + skew)


def test_drift_is_followed_by_a_sliding_window() -> None:
    rng = random.Random(5)
    # 200 ppm of drift (a very bad phone clock) over ~25 minutes of pings
    samples = simulate(rng, 1.0, 0.03, 0.03, jitter=0.01, n=2000, drift_ppm=200)
    last = samples[-1]
    true_now = -(1.0 + (last.server_time - 5000.0) * 200e-6)
    recent = estimate(samples, max_samples=30)
    everything = estimate(samples)
    assert abs(recent.offset - true_now) < 0.02
    assert abs(recent.offset - true_now) < abs(everything.offset - true_now)


def test_converting_times() -> None:
    est = ClockEstimate(offset=-10.0, rtt=0.08, error=0.04, samples=5)
    assert est.to_server(110.5) == 100.5
    assert est.to_client(100.5) == 110.5
    assert to_server_time(110.5, est) == 100.5
    assert to_server_time(110.5, -10.0) == 100.5


def test_arguments_are_checked() -> None:
    s = [PingSample(1.0, 1.0, 1.0)]
    with pytest.raises(ValueError):
        estimate(s, best_fraction=0)
    with pytest.raises(ValueError):
        estimate(s, min_best=0)
    with pytest.raises(ValueError):
        estimate(s, max_samples=0)


@settings(max_examples=150, deadline=None)
@given(skew=st.floats(-1e5, 1e5), up=st.floats(0.001, 0.5), down=st.floats(0.001, 0.5),
       jitter=st.floats(0.001, 0.2), n=st.integers(1, 60), seed=st.integers(0, 10**6))
def test_the_error_bound_always_holds(skew, up, down, jitter, n, seed) -> None:
    est = estimate(simulate(random.Random(seed), skew, up, down, jitter, n))
    assert math.isfinite(est.offset)
    assert abs(est.offset + skew) <= est.error + 1e-6
    assert 1 <= est.samples <= n


def test_lag_bounds_follow_the_phone_s_own_delays() -> None:
    """A tap's claimed age (arrival - t) is believed only within the phone's measured delays
    (issue 12, finding 2): an honest tap's age is its ping's way up, on the same clock."""
    rng = random.Random(5)
    samples = simulate(rng, skew=3.0, up=0.08, down=0.08, jitter=0.01, n=40)
    est = estimate(samples)
    typical, most = lag_bounds(samples, est)
    delays = sorted(s.server_time - est.to_server(s.client_send) for s in samples)
    assert delays[0] <= typical <= delays[-1] < most <= delays[-1] + 0.061
    assert 0.07 < typical < 0.12
    assert lag_bounds([], est) is None


def test_a_few_pings_slowed_on_purpose_do_not_widen_the_bounds() -> None:
    rng = random.Random(6)
    samples = simulate(rng, skew=-1.0, up=0.03, down=0.03, jitter=0.005, n=20)
    est = estimate(samples)
    honest = lag_bounds(samples, est)
    slowed = [PingSample(s.client_send - 0.4, s.server_time, s.client_receive) if i >= 17 else s
              for i, s in enumerate(samples)]
    widened = lag_bounds(slowed, estimate(slowed))
    assert all(w <= h + 0.015 for w, h in zip(widened, honest, strict=True))  # not the 200 ms slowed
