"""Invariants of random UNO games with the house rules on (hypothesis), time as an input.

Each example deals a game with random table options (as ``test_invariants.tables``) and a
random set of house rules (``preset: "custom"``, each switch on or off; or a preset), then
plays it at a moving server time: the seat on turn moves, seats holding the identical card
jump in (with tap times a little before their arrival, sometimes forged), the room settles
jump-in races at their deadline (or the next move after the window does), and now and then
the turn timer runs out. After every move:

* the cards are conserved and the discard pile is never empty;
* ``to_act`` is the seat on turn while a hand is played (nobody once its move waits in a
  jump-in race, nobody between hands), and that seat has a turn move; every other seat has
  only out-of-turn moves (UNO calls, catches, jump-ins);
* a pending stack, a 7's swap and a jump-in race are consistent with the switches;
* the state round-trips through JSON and the views hold no foreign cards;
* every few moves, ``apply`` accepts exactly the moves ``legal_moves`` lists (out of a
  superset with the house rules' moves) and refusals leave the state unchanged.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.engine import IllegalMove
from tablegames.engine.uno.state import SWITCHES, UnoState
from tests.engine.budget import examples
from tests.engine.uno.test_invariants import (
    UNO, candidates, check_cards, check_json, check_views, tables, _key,
)

OUT = frozenset({"uno", "catch", "jump_in"})


@st.composite
def house_tables(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    n, opts = draw(tables())
    if draw(st.integers(0, 4)) == 0:
        opts["preset"] = "party"
        return n, opts
    opts["preset"] = "custom"
    for key in SWITCHES:
        opts[key] = draw(st.booleans())
    if opts["no_bluff_wd4"]:
        opts["wd4_bluff"] = False
    if draw(st.booleans()):
        opts["turn_timer"] = "30"
    return n, opts


def check_turns(s: UnoState) -> dict[int, list[dict]]:
    n = len(s.players)
    moves = {p: UNO.legal_moves(s, p) for p in range(n)}
    for p, ms in moves.items():
        keys = [_key(m) for m in ms]
        assert len(keys) == len(set(keys)), f"seat {p} has duplicate legal moves: {ms}"
    opts = s.options
    if s.phase == "play":
        waiting = bool(s.jump) and any(tap["seat"] == s.turn for tap in s.jump["taps"])
        assert UNO.to_act(s) == (() if waiting else (s.turn,))
        for p in UNO.to_act(s):
            assert any(m["type"] not in OUT for m in moves[p]), f"seat {p} to act without a move"
        for p in range(n):
            if p not in UNO.to_act(s):
                assert all(m["type"] in OUT for m in moves[p]), f"seat {p} not to act yet may {moves[p]}"
            if not opts["jump_in"]:
                assert not any(m["type"] == "jump_in" for m in moves[p])
        if s.pending:
            kind = s.pending["kind"]
            assert kind != "draw2" or opts["stacking"]
            assert kind != "seven" or opts["seven_zero"]
            assert kind != "wd4" or opts["stacking"] or not opts["no_bluff_wd4"]
        if s.jump:
            assert opts["jump_in"] and UNO.system_moves(s) == [{"type": "settle_jump"}]
            assert UNO.deadline(s) == s.jump["deadline"]
        if s.drawn is not None:
            assert s.drawn in s.hands[s.turn]
            if opts["forced_play"]:
                assert not any(m["type"] == "pass" for m in moves[s.turn])
    else:
        assert UNO.to_act(s) == () and s.jump is None and s.turn == -1
        assert all(ms == [] for ms in moves.values())
    return moves


def house_candidates(s: UnoState, seat: int):
    yield from candidates(s, seat, full=seat == s.turn)
    n = len(s.players)
    for target in (None, *range(n), n):
        yield {"type": "swap"} if target is None else {"type": "swap", "target": target}
    for card in sorted(set(s.hands[seat])) + [s.discard[-1], "W", "x1"]:
        yield {"type": "jump_in", "card": card}
    yield {"type": "settle_jump"}


def check_exact_moves(s: UnoState, seat: int, legal: list[dict], now: float) -> None:
    before = UNO.to_json(s)
    pool = {_key(m): m for m in house_candidates(s, seat)}
    missing = [m for m in legal if _key(m) not in pool]
    assert not missing, f"legal moves outside the candidate superset: {missing}"
    accepted = set()
    for key, move in pool.items():
        try:
            UNO.apply(s, seat, move, now=now)
        except IllegalMove as exc:
            assert exc.code and exc.message, exc
        else:
            accepted.add(key)
        assert UNO.to_json(s) == before, f"apply({seat}, {move}) changed its input state"
    want = {_key(m) for m in legal}
    assert accepted == want, (f"seat {seat}: accepted but not legal {sorted(accepted - want)}; "
                              f"legal but refused {sorted(want - accepted)}")


def step(s: UnoState, rng: random.Random, now: float) -> tuple[Any, dict, float]:
    """(seat, move, now) of one random move (None seat: a system move)."""
    n = len(s.players)
    if s.phase == "hand_over":
        return None, {"type": "next_hand"}, now
    if s.jump and (rng.random() < 0.5 or now >= s.jump["deadline"]):
        # (legal_moves ignores time: past the window the room settles first, as its timer does)
        return None, {"type": "settle_jump"}, max(now, s.jump["deadline"])
    due = UNO.deadline(s)
    if due is not None and not s.jump and rng.random() < 0.08:
        return None, {"type": "timeout"}, max(now, due)
    jumpers = [p for p in range(n) if any(m["type"] == "jump_in" for m in UNO.legal_moves(s, p))]
    if jumpers and rng.random() < 0.6:
        seat = rng.choice(jumpers)
        move = next(m for m in UNO.legal_moves(s, seat) if m["type"] == "jump_in")
        if rng.random() < 0.7:
            move = {**move, "t": now - rng.uniform(0.0, 0.6)}  # forged now and then (too early)
            if rng.random() < 0.5:
                move["delays"] = sorted(rng.uniform(5, 300) for _ in range(8))
        return seat, move, now
    seats = list(UNO.to_act(s)) or [rng.randrange(n)]
    seat = rng.choice(seats)
    moves = UNO.legal_moves(s, seat)
    if not moves:
        if s.jump:
            return None, {"type": "settle_jump"}, max(now, s.jump["deadline"])
        seat = s.turn
        moves = UNO.legal_moves(s, seat)
    plays = [m for m in moves if m["type"] == "play"]
    uno = [m for m in moves if m["type"] == "uno"]
    if uno and rng.random() < 0.6:
        return seat, uno[0], now
    if plays and rng.random() < 0.85:
        return seat, rng.choice(plays), now
    turn = [m for m in moves if m["type"] not in OUT] or moves
    return seat, rng.choice(turn), now


def play(n: int, opts: dict[str, Any], seed: int, policy_seed: int, max_steps: int,
         exact_every: int = 0) -> None:
    s = UNO.start_clock(UNO.new([f"P{i}" for i in range(n)], opts, seed=seed), 0.0)
    rng = random.Random(policy_seed)
    now = 0.0
    legal = check_turns(s)
    for i in range(max_steps):
        if s.phase == "game_over":
            break
        if exact_every and i % exact_every == 0 and s.phase == "play":
            seats = {rng.randrange(n), s.turn}
            # legal_moves reads no clock: judge apply inside an open jump-in window (past it,
            # the first move settles the race first, as the room's deadline would have)
            at = min(now, s.jump["deadline"] - 0.001) if s.jump else now
            for seat in sorted(seats):
                check_exact_moves(s, seat, legal[seat], at)
        seat, move, now = step(s, rng, now)
        before = UNO.to_json(s)
        new = UNO.apply(s, seat, move, now=now)
        assert UNO.to_json(s) == before
        s = new
        check_cards(s)
        legal = check_turns(s)
        check_json(s)
        check_views(s)
        now += rng.choice((0.05, 0.1, 0.2, 0.3, 1.0))


SEEDS = st.integers(0, 2**32 - 1)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=house_tables(), seed=SEEDS, policy_seed=SEEDS, max_steps=st.integers(1, 200))
def test_random_house_rule_games_keep_the_invariants(table, seed, policy_seed, max_steps):
    n, opts = table
    play(n, opts, seed, policy_seed, max_steps)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=house_tables(), seed=SEEDS, policy_seed=SEEDS, max_steps=st.integers(1, 80))
def test_apply_accepts_exactly_the_legal_moves_with_house_rules(table, seed, policy_seed, max_steps):
    n, opts = table
    play(n, opts, seed, policy_seed, max_steps, exact_every=7)


def test_party_games_to_the_end_with_every_timeout():
    """Whole games where the timer plays every turn: its default is legal under each rule."""
    for preset in ({"preset": "party"}, {"preset": "custom", **{k: True for k in SWITCHES}}):
        s = UNO.start_clock(UNO.new(["a", "b", "c"], {**preset, "turn_timer": "30", "target": 50},
                                    seed=3), 0.0)
        now = 0.0
        for _ in range(3000):
            if s.phase == "game_over":
                break
            if s.phase == "hand_over":
                s = UNO.apply(s, None, {"type": "next_hand"}, now=now)
                continue
            now = UNO.deadline(s)
            assert now is not None, "the timer (or a jump-in race) must run for the seat on turn"
            s = UNO.apply(s, None, UNO.system_moves(s)[0], now=now)  # as the room does
            check_cards(s)
            check_turns(s)
        assert s.phase in ("game_over", "play", "hand_over")
