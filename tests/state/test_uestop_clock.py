"""The server-side clock bookkeeping of UeStop! phones (``tablegames/games/uestop/state.py``):
pings and their answers become samples, samples become an estimate, taps become server time.
"""

from __future__ import annotations

import random

import pytest

from tablegames.games.uestop.state import (
    KEEP_PENDING,
    KEEP_SAMPLES,
    clock_summary,
    form_answer,
    record_ping,
    record_pong,
    server_tap_time,
    slap_move,
)


def exchange(pending, samples, key, phone_offset, up, down, server_now):
    """One ping: the phone (its clock = server + phone_offset) sends at server time
    ``server_now``; the ping takes ``up`` s, the answer ``down`` s (all in seconds)."""
    send_ms = (server_now + phone_offset) * 1000
    pending = record_ping(pending, key, send_ms, server_now + up)
    receive_ms = (server_now + up + down + phone_offset) * 1000
    return record_pong(pending, samples, key, receive_ms)


def test_symmetric_paths_give_the_exact_offset():
    pending, samples = {}, []
    for i in range(8):
        pending, samples = exchange(pending, samples, str(i), phone_offset=4.0, up=0.12, down=0.12,
                                    server_now=1000.0 + i)
    summary = clock_summary(samples)
    assert summary["offset"] == pytest.approx(-4000.0, abs=0.01)
    assert summary["rtt"] == pytest.approx(240.0, abs=0.01)
    assert summary["error"] == pytest.approx(120.0, abs=0.01)
    assert pending == {}
    # a tap at phone time 1010.5 + 4 is at server time 1010.5
    assert server_tap_time(samples, (1010.5 + 4.0) * 1000) == pytest.approx(1010.5, abs=1e-6)


def test_jitter_is_filtered_by_the_fastest_round_trips():
    rng = random.Random(3)
    pending, samples = {}, []
    for i in range(KEEP_SAMPLES):
        extra_up, extra_down = rng.expovariate(1 / 0.15), rng.expovariate(1 / 0.15)  # queues, radio
        pending, samples = exchange(pending, samples, str(i), phone_offset=-2.5, up=0.03 + extra_up,
                                    down=0.03 + extra_down, server_now=50.0 + i)
    summary = clock_summary(samples)
    assert abs(summary["offset"] - 2500.0) <= summary["error"]
    assert abs(summary["offset"] - 2500.0) < 40


def test_no_estimate_before_enough_samples_and_bad_input_is_ignored():
    pending, samples = {}, []
    assert clock_summary(samples) is None
    assert server_tap_time(samples, 123456.0) is None
    pending, samples = exchange(pending, samples, "1", 0.0, 0.01, 0.01, 10.0)
    assert clock_summary(samples) is None  # one sample is not enough
    # unknown key, non-numbers, NaN: nothing recorded
    _, samples2 = record_pong(pending, samples, "nope", 5.0)
    assert samples2 == samples
    assert record_ping({}, "x", float("nan"), 1.0) == {}
    assert record_ping({}, "x", "12", 1.0) == {}
    pending3 = record_ping({}, "k", 1000.0, 1.0)
    assert record_pong(pending3, [], "k", float("inf")) == ({}, ())
    for i in range(3):
        pending, samples = exchange(pending, samples, f"k{i}", 0.0, 0.01, 0.01, 20.0 + i)
    assert server_tap_time(samples, None) is None
    assert server_tap_time(samples, True) is None
    assert server_tap_time(samples, 21000.0) == pytest.approx(21.0, abs=1e-6)


def test_windows_are_bounded():
    pending = {}
    for i in range(KEEP_PENDING + 5):
        pending = record_ping(pending, str(i), 1000.0 * i, float(i))
    assert list(pending) == [str(i) for i in range(5, KEEP_PENDING + 5)]
    samples: list = []
    for i in range(KEEP_SAMPLES + 10):
        pending, samples = exchange({}, samples, "k", 1.0, 0.01, 0.01, float(i))
    assert len(samples) == KEEP_SAMPLES
    assert samples[0][1] == pytest.approx(10.01)


def test_a_drifting_phone_clock_is_followed():
    """The sliding window forgets old samples: after the phone's clock jumps by 300 ms, the
    estimate moves with it once the window has refilled."""
    pending, samples = {}, []
    for i in range(KEEP_SAMPLES):
        pending, samples = exchange(pending, samples, str(i), 1.0, 0.02, 0.02, float(i))
    assert clock_summary(samples)["offset"] == pytest.approx(-1000.0, abs=0.01)
    for i in range(KEEP_SAMPLES):
        pending, samples = exchange(pending, samples, f"b{i}", 1.3, 0.02, 0.02, 100.0 + i)
    assert clock_summary(samples)["offset"] == pytest.approx(-1300.0, abs=0.01)


def test_answer_forms_become_moves():
    assert form_answer({"category": "2", "text": "Marina"}, spoken=False) == {
        "type": "answer", "texts": {"2": "Marina"}}
    assert form_answer({"category": "1", "text": "  "}, spoken=False) == {"type": "answer", "texts": {}}
    every = {"text_0": "Turmalina", "text_1": "Patrícia", "text_2": "", "text_3": "Milk Shake", "skip": "2"}
    assert form_answer(every, spoken=False) == {
        "type": "answer", "texts": {"0": "Turmalina", "1": "Patrícia", "3": "Milk Shake"}, "skip": 2}
    assert form_answer({"category": "3", "text": "x"}, spoken=True) == {
        "type": "answer", "spoken": True, "category": 3}
    assert form_answer({"mandatory": "2", "skip": ""}, spoken=True) == {
        "type": "answer", "spoken": True, "mandatory": 2}


def test_a_slap_carries_the_phone_s_own_measured_delays():
    """Issue 12, finding 2: the engine believes a tap's time only within what this phone's
    pings measured; the move is the server's own (a phone can't send ``t`` or ``delays``)."""
    from tablegames.rooms.service import ServerMove

    pending, samples = {}, []
    assert slap_move(samples, 1000.0) == {"type": "slap"}  # no estimate: judged at arrival
    for i in range(10):
        pending, samples = exchange(pending, samples, str(i), phone_offset=2.0, up=0.05, down=0.05,
                                    server_now=100.0 + i)
    move = slap_move(samples, (105.5 + 2.0) * 1000)
    assert isinstance(move, ServerMove) and move["type"] == "slap"
    assert move["t"] == pytest.approx(105.5, abs=1e-6)
    assert move["delays"] and all(d == pytest.approx(50.0, abs=0.5) for d in move["delays"])
    assert slap_move(samples, float("nan")) == {"type": "slap"}
