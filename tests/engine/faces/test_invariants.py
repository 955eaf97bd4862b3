"""Rule invariants over random seeded games of both variants (hypothesis).

Each example starts a game with random options (variant, player count, oldest seat,
Memory size) and plays it with a random policy driven by a seeded ``random.Random``
(passing prefers single cards and guessers are sometimes right, so that games end).
After every move:

* the 39 cards are all accounted for (hands, pile, won, box, the set being mimed, grid);
* the state round-trips through JSON;
* every view is JSON-able and shows no other seat's cards or secrets, the table's view
  shows none at all;
* ``apply`` accepts exactly the moves ``legal_moves`` lists, out of a superset of
  candidate moves for one seat, and refuses the others with ``IllegalMove`` leaving the
  state unchanged.

At the end the recorded moves are replayed from the same seed: the same states follow.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.engine import IllegalMove
from tablegames.engine.core import dumps
from tablegames.engine.faces.cards import DECK
from tablegames.engine.faces.rules import all_cards, left_of
from tablegames.engine.faces.state import FacesState
from tests.engine.budget import examples

from .conftest import FACES, names

MAX_MOVES = 400
SECRET = {"hand", "sets", "my_choice", "received", "passed", "mime", "peek"}


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, dict[str, Any], int]:
    variant = draw(st.sampled_from(("main", "memory")))
    n = draw(st.integers(3, 5) if variant == "main" else st.integers(2, 4))
    opts: dict[str, Any] = {"variant": variant, "oldest": draw(st.integers(0, n - 1))}
    if variant == "memory":
        opts["pairs"] = draw(st.sampled_from((10, 13)))
    return n, opts, draw(st.integers(0, 2**32))


def choose(s: FacesState, rng: random.Random) -> tuple[int, dict[str, Any]]:
    moves = [(p, m) for p in range(s.n) for m in FACES.legal_moves(s, p)]
    assert moves, f"nobody can move in phase {s.phase}"
    seat, move = rng.choice(moves)
    if move["type"] == "guess" and rng.random() < 0.35:
        move = {"type": "guess", "emotion": s.mime}
    elif move["type"] == "choose_pass" and rng.random() < 0.8:
        hand = s.hands[seat]
        singles = [c for c in sorted(set(hand)) if hand.count(c) == 1 and c != s.choices[seat]]
        if singles:
            move = {"type": "choose_pass", "card": rng.choice(singles)}
    elif move["type"] in ("flip", "end_turn") and s.phase == "decide" and rng.random() < 0.7:
        move = {"type": "flip", "pos": s.lifted}
    return seat, move


def candidates(s: FacesState) -> list[dict[str, Any]]:
    """A superset of every move any seat could make (except the optional extras)."""
    out: list[dict[str, Any]] = [{"type": "stop"}, {"type": "end_turn"}]
    out += [{"type": "choose_pass", "card": c} for c in range(15)]
    out += [{"type": "guess", "emotion": e} for e in range(15)]
    out += [{"type": k, "pos": p} for k in ("pick", "flip") for p in range(-1, 29)]
    return out


def check_views(s: FacesState) -> None:
    table = FACES.view(s, None)
    json.dumps(table)
    assert not SECRET & set(table) and "can" not in table
    for seat in range(s.n):
        v = FACES.view(s, seat)
        json.dumps(v)
        if s.variant == "main":
            hidden = s.phase == "guessing" and seat != s.mimer
            assert v["hand_hidden"] is hidden
            if hidden:
                assert not {"hand", "sets", "my_choice", "received", "passed"} & set(v)
            else:
                assert v["hand"] == list(s.hands[seat])
                assert v["my_choice"] == s.choices[seat]
                assert v["received"] == s.received[seat] and v["passed"] == s.passed[seat]
            assert v["mime"] == (s.mime if seat == s.mimer else None)
            assert "peek" not in v
        else:
            assert not {"hand", "mime"} & set(v)
            if "peek" in v:
                assert s.phase == "decide" and seat == left_of(s.active, s.n) != s.active
                assert v["peek"] == {"pos": s.lifted, "emotion": s.grid[s.lifted]}
            face_up = {p["pos"]: p["emotion"] for p in v["grid"]["places"] if p["face"] == "up"}
            assert face_up == {p: s.grid[p] for p in s.flipped}
        # what the table sees, the seat sees too (plus its own secrets)
        assert {k: v[k] for k in table if k != "seat"} == {k: table[k] for k in table
                                                           if k != "seat"}


def check_moves(s: FacesState, seat: int) -> None:
    legal = FACES.legal_moves(s, seat)
    for move in legal:
        FACES.apply(s, seat, move)
    before = FACES.to_json(s)
    for move in candidates(s):
        if move in legal:
            continue
        try:
            FACES.apply(s, seat, move)
        except IllegalMove:
            continue
        raise AssertionError(f"seat {seat} could make {move} in phase {s.phase}, not listed")
    assert FACES.to_json(s) == before


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_random_games_keep_every_invariant(table: tuple[int, dict[str, Any], int]) -> None:
    n, opts, seed = table
    rng = random.Random(seed)
    s = FACES.new(names(n), opts, seed=seed)
    start = s
    states, moves = [s], []
    for _ in range(MAX_MOVES):
        if FACES.result(s) is not None:
            break
        assert all_cards(s) == Counter(DECK)
        check_views(s)
        check_moves(s, rng.randrange(n))
        seat, move = choose(s, rng)
        s = FACES.apply(s, seat, move)
        assert FACES.from_json(FACES.to_json(s)) == s
        states.append(s)
        moves.append((seat, move))
    assert all_cards(s) == Counter(DECK)
    check_views(s)
    assert FACES.to_json(s) == dumps(s)
    if FACES.result(s) is not None:
        assert all(FACES.legal_moves(s, p) == [] for p in range(n))
        scores = FACES.result(s)["scores"]
        assert set(FACES.result(s)["winners"]) == {p for p in range(n) if scores[p] == max(scores)}
    # replay: the same seed and moves give the same game
    r = FACES.new(names(n), opts, seed=seed)
    assert r == start
    for (seat, move), expected in zip(moves, states[1:], strict=True):
        r = FACES.apply(r, seat, move)
        assert r == expected


def test_random_games_end() -> None:
    """With the same policy, every one of 40 seeded games of each variant reaches the end."""
    for seed in range(80):
        rng = random.Random(seed)
        variant = ("main", "memory")[seed % 2]
        n = rng.randint(3, 5) if variant == "main" else rng.randint(2, 4)
        s = FACES.new(names(n), {"variant": variant, "oldest": rng.randrange(n)}, seed=seed)
        for _ in range(5000):
            if FACES.result(s) is not None:
                break
            s = FACES.apply(s, *choose(s, rng))
        assert FACES.result(s) is not None, (seed, variant)
