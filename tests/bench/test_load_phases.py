"""The load bench's loads, in the order every setup and peer plays each in turn
(``bench/load.py``: one load by all of them, then the next)."""

from __future__ import annotations

import argparse

from bench.load import phases


def _args(**given):
    base = {"rooms": [10, 100, 300], "players": 4, "think": (1.0, 3.0), "duration": 30.0, "warmup": 10.0,
            "seed": 1, "pace": "both", "burst_rooms": 10, "burst_duration": 20.0}
    return argparse.Namespace(**{**base, **given})


def test_the_human_loads_come_in_the_order_given_then_the_burst():
    got = phases(_args())
    assert [p.label for p in got] == ["human/10", "human/100", "human/300", "burst"]
    assert [p.rooms_n for p in got] == [10, 100, 300, 10]
    human, burst = got[1], got[-1]
    assert (human.think, human.duration, human.warmup, human.seed) == ((1.0, 3.0), 30.0, 10.0, 1)
    # the burst: no think time, its own length, a short warm-up, its own seed
    assert (burst.think, burst.duration, burst.warmup, burst.seed) == ((0.0, 0.0), 20.0, 3.0, 2)


def test_a_pace_plays_only_its_own_loads():
    assert [p.label for p in phases(_args(pace="human", rooms=[100]))] == ["human/100"]
    assert [p.label for p in phases(_args(pace="burst"))] == ["burst"]
