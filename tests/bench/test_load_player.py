"""The load bench's simple player (``bench/load.py``) can always move, from its own view.

A room whose phone on turn has no move stalls, and the bench then measures fewer moves
than the pace asks for (a wild card turned up at the start once did that to 5 rooms in 100).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.load import choose_move
from tablegames.engine import get_game

UNO = get_game("uno")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 10))
def test_the_simple_player_always_has_a_legal_move_on_its_turn(seed, players):
    """In the game the bench plays: classic UNO, ``target`` 10 000 (``run_phase``)."""
    rng = random.Random(seed)
    state = UNO.new([f"P{i}" for i in range(players)], {"target": 10_000}, seed=seed)
    moves = 0
    while UNO.view(state, None)["phase"] == "play" and moves < 400:
        (seat,) = UNO.to_act(state)[:1]
        move = choose_move(UNO.view(state, seat), rng)
        assert move is not None, UNO.view(state, seat)
        state = UNO.apply(state, seat, move)  # raises IllegalMove if the bench's move is not legal
        moves += 1
    assert moves > 0
