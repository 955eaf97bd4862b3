"""Rule invariants of the UeStop! engine over random seeded games (hypothesis).

Each example starts a game with random table options (mode, 2-8 players, target, tie rule,
checks, window, reveal delay) and plays it with a random policy driven by a seeded
``random.Random`` and an advancing server clock: the opener reveals, players slap with
random reaction times and network delays (some too early, some late), the server settles,
the winner types a right or wrong answer (accents included), speaks, or gives up, the
others vote, scorers pick penalty targets, and now and then the table agrees to discard a
Category Card. After every move the test checks:

* every one of the 64 components is in exactly one place (deck, discards, box, table,
  won piles, Action Cards, Victory Card);
* the state round-trips through JSON (equal, and the same text);
* ``apply`` accepts every move ``legal_moves`` lists (given a fitting ``now``) and, at a
  given ``now``, accepts exactly the moves ``legal_moves(state, seat, now)`` lists out of a
  superset of enumerable candidate moves (the others raise ``IllegalMove``); the state is
  never changed;
* every view is JSON-able, shows the deck's size only, and the table's view has no
  seat-only field.

At the end the recorded moves (with their ``now``) are replayed from the same seed: the
same states follow.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablegames.engine.uestop  # noqa: F401
from tablegames.engine import IllegalMove, get_game
from tablegames.engine.uestop.cards import (
    ALL_COMPONENTS,
    NUMBER_LENGTH,
    WORD_CARDS,
    mandatory_letter,
)
from tablegames.engine.uestop.state import MODES, UeStopState
from tests.engine.budget import examples

G = get_game("uestop")
FILLER = "aeiourst"


# -- the random policy -------------------------------------------------------------------

def word(rng: random.Random, first: str, length: int | None = None) -> str:
    """A made-up word starting with ``first`` (sometimes with an accent)."""
    n = length if length is not None else rng.randint(3, 9)
    accented = {"A": "Á", "E": "É", "O": "Ô", "C": "Ç", "I": "Í", "U": "Ú"}
    head = accented.get(first, first) if rng.random() < 0.3 else first
    return head + "".join(rng.choice(FILLER) for _ in range(n - 1))


def typed_answer(s: UeStopState, rng: random.Random) -> dict[str, Any]:
    """A typed answer for the current round: usually right, sometimes wrong."""
    good = rng.random() < 0.75
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    mode = MODES[s.options["mode"]]
    if s.revealed in NUMBER_LENGTH:
        n = NUMBER_LENGTH[s.revealed] + (0 if good else rng.choice((-1, 1)))
        return {"type": "answer", "texts": {str(rng.randrange(4)): word(rng, rng.choice(letters), n)}}
    letter = mandatory_letter(s.category, s.revealed)
    if not mode.all_categories:
        first = letter if good else rng.choice(letters)
        return {"type": "answer", "texts": {str(rng.randrange(4)): word(rng, first)}}
    card_letters = list(WORD_CARDS[s.revealed].letters.values())
    move: dict[str, Any] = {"type": "answer"}
    slots = list(range(4))
    if mode.actions and not s.action_used[s.answerer] and rng.random() < 0.3:
        move["skip"] = rng.choice(slots)
        slots.remove(move["skip"])
    firsts = [rng.choice(card_letters) for _ in slots]
    if good and letter not in firsts:
        firsts[rng.randrange(len(firsts))] = letter
    if not good:
        firsts[0] = rng.choice(letters)
    move["texts"] = {str(i): word(rng, f) for i, f in zip(slots, firsts)}
    return move


def now_for(s: UeStopState, move: dict[str, Any], clock: float) -> float:
    """A server time at which ``move`` (from ``legal_moves``) is due."""
    if move["type"] == "settle" and s.deadline is not None:
        return max(clock, s.deadline)
    if move["type"] == "slap" and s.reveal_time is not None:
        return max(clock, s.reveal_time)
    return clock


def choose(s: UeStopState, rng: random.Random, clock: float) -> tuple[int, dict[str, Any], float]:
    """A random move (seat, move, now) for the current state."""
    n = len(s.players)
    clock += rng.uniform(0.0, 1.5)
    if s.phase in ("reading", "race") and not s.taps and (
            rng.random() < 0.04 or (s.agree_discard and rng.random() < 0.6)):
        # now and then somebody finds the card impossible; the others often follow
        others = [p for p in range(n) if p not in s.agree_discard]
        seat = rng.choice(others) if others and rng.random() < 0.9 else rng.randrange(n)
        return seat, {"type": "discard_category", "agree": seat not in s.agree_discard}, clock
    if s.phase == "reading":
        return s.opener, {"type": "reveal"}, clock
    if s.phase == "race":
        tapped = {tap["seat"] for tap in s.taps}
        free = [p for p in range(n) if p not in s.benched and p not in tapped]
        if s.taps and (not free or rng.random() < 0.4):
            return None, {"type": "settle"}, max(clock, s.deadline)
        if not free:  # everybody benched or tapped and nobody tapped: only a discard helps
            seat = rng.randrange(n)
            return seat, {"type": "discard_category", "agree": seat not in s.agree_discard}, clock
        seat = rng.choice(free)
        tap = s.reveal_time + rng.uniform(-0.05, 0.9)
        arrival = max(clock, tap + rng.uniform(0.01, 0.4))
        return seat, {"type": "slap", "t": tap}, arrival
    if s.phase == "answering":
        r = rng.random()
        if r < 0.6:
            return s.answerer, typed_answer(s, rng), clock
        if r < 0.95:
            spoken = [m for m in G.legal_moves(s, s.answerer) if m["type"] == "answer"]
            return s.answerer, rng.choice(spoken), clock
        return s.answerer, {"type": "give_up"}, clock
    if s.phase == "judging":
        voters = [p for p in range(n) if p != s.answerer and p not in {v for v, _ in s.votes}]
        return rng.choice(voters), {"type": "vote", "accept": rng.random() < 0.7}, clock
    if s.phase == "penalty":
        return s.pending["by"], rng.choice(G.legal_moves(s, s.pending["by"])), clock
    raise AssertionError(f"no move in phase {s.phase}")


# -- invariants ----------------------------------------------------------------------------

def check_cards(s: UeStopState) -> None:
    assert Counter(s.components()) == Counter(ALL_COMPONENTS), "components not conserved"
    assert s.category is None or s.category in WORD_CARDS or s.phase == "game_over"
    if s.phase in ("race", "answering", "judging"):
        assert s.revealed is not None
    if s.phase == "reading":
        assert s.revealed is None


def check_json(s: UeStopState) -> None:
    text = G.to_json(s)
    back = G.from_json(text)
    assert back == s
    assert G.to_json(back) == text


def check_views(s: UeStopState, rng: random.Random) -> None:
    table = G.view(s, None)
    json.dumps(table)
    assert "can" not in table and "me" not in table and "deck" not in table
    assert table["deck_count"] == len(s.deck)
    seat = rng.randrange(len(s.players))
    v = G.view(s, seat)
    json.dumps(v)
    assert v["deck_count"] == len(s.deck) and "deck" not in v
    assert v["can"] == sorted({m["type"] for m in G.legal_moves(s, seat)})


def _key(move: dict[str, Any]) -> str:
    return json.dumps(move, sort_keys=True)


def candidates(s: UeStopState) -> list[dict[str, Any]]:
    """Enumerable moves, legal or not (free-text answers and tap times excluded)."""
    n = len(s.players)
    moves: list[dict[str, Any]] = [
        {"type": "reveal"}, {"type": "settle"}, {"type": "slap"}, {"type": "give_up"},
        {"type": "vote", "accept": True}, {"type": "vote", "accept": False},
        {"type": "discard_category", "agree": True}, {"type": "discard_category", "agree": False},
        {"type": "penalize", "target": None}, {"type": "answer", "spoken": True},
    ]
    moves += [{"type": "penalize", "target": p} for p in range(n)]
    moves += [{"type": "answer", "spoken": True, "category": i} for i in range(4)]
    for m in range(5):
        moves.append({"type": "answer", "spoken": True, "mandatory": m})
        moves += [{"type": "answer", "spoken": True, "mandatory": m, "skip": k} for k in range(4)]
    return moves


def check_legal_moves(s: UeStopState, clock: float, rng: random.Random) -> None:
    """Every listed move is accepted (with a fitting ``now``), and at a given ``now`` apply
    accepts exactly the listed moves among the enumerable candidates."""
    seats = range(len(s.players))
    before = G.to_json(s)
    for seat in rng.sample(list(seats), min(3, len(s.players))):
        legal = G.legal_moves(s, seat)
        assert len({_key(m) for m in legal}) == len(legal), f"duplicates for {seat}: {legal}"
        for move in legal:
            G.apply(s, seat, move, now=now_for(s, move, clock))
        at_clock = G.legal_moves(s, seat, now=clock)
        keys = {_key(m) for m in at_clock}
        for move in candidates(s):
            try:
                G.apply(s, seat, move, now=clock)
            except IllegalMove:
                assert _key(move) not in keys, f"seat {seat}: {move} listed but refused"
            else:
                assert _key(move) in keys, f"seat {seat}: {move} accepted but not in {at_clock}"
    assert G.to_json(s) == before


# -- the games -----------------------------------------------------------------------------

@st.composite
def tables(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    mode = draw(st.sampled_from(list(MODES)))
    n = draw(st.integers(2, 6 if MODES[mode].actions else 8))
    opts: dict[str, Any] = {
        "mode": mode,
        "target": draw(st.integers(1, 10)),
        "ties": draw(st.sampled_from(("accept", "reject"))),
        "auto_check": draw(st.sampled_from(("strict", "advisory"))),
        "slap_window_ms": draw(st.sampled_from((0, 100, 250, 600))),
        "reveal_delay_ms": draw(st.sampled_from((0, 300))),
        "max_latency_ms": draw(st.sampled_from((200, 1500))),
        "no_peeking": draw(st.booleans()),
    }
    if draw(st.booleans()):
        opts["custom_categories"] = [["Coisas da vovó", "Bichos do sítio", "Jogos de rua", "Doces"]]
    return n, opts


def play(n: int, opts: dict[str, Any], seed: int, policy: int, max_moves: int = 160,
         deep_checks: bool = True):
    names = [f"P{i}" for i in range(n)]
    s = G.new(names, opts, seed=seed)
    rng = random.Random(policy)
    clock = 1_000.0
    log: list[tuple[int, dict[str, Any], float]] = []
    states = [G.to_json(s)]
    for step in range(max_moves):
        check_cards(s)
        if deep_checks:
            check_json(s)
            check_views(s, rng)
            if step % 4 == 0:
                check_legal_moves(s, clock, rng)
        if G.result(s) is not None:
            break
        seat, move, now = choose(s, rng, clock)
        clock = now
        try:
            new = G.apply(s, seat, move, now=now)
        except IllegalMove as exc:
            # only a too-early tap or a typed answer with a malformed text can be refused
            assert exc.code in ("slap_too_early",), (exc, move, s.phase)
            assert G.to_json(s) == states[-1]
            continue
        log.append((seat, move, now))
        s = new
        states.append(G.to_json(s))
    return names, s, log, states


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**32), policy=st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_replay(table, seed, policy) -> None:
    n, opts = table
    names, _, log, states = play(n, opts, seed, policy)
    # replay: the same seed, moves and times give the same states
    s = G.new(names, opts, seed=seed)
    replayed = [G.to_json(s)]
    for seat, move, now in log:
        s = G.apply(s, seat, move, now=now)
        replayed.append(G.to_json(s))
    assert replayed == states


@settings(max_examples=examples(40), deadline=None)
@given(table=tables(), seed=st.integers(0, 2**32), policy=st.integers(0, 2**32))
def test_random_games_end(table, seed, policy) -> None:
    """Played long enough, games reach a winner (first to the target) with the Victory Card."""
    n, opts = table
    _, final, _, _ = play(n, opts, seed, policy, max_moves=3000, deep_checks=False)
    result = G.result(final)
    assert result is not None
    if final.history and final.events[-1].get("reason") == "target":
        assert len(result["winners"]) == 1 and final.victory == result["winners"][0]
        assert result["scores"][result["winners"][0]] >= opts["target"]


def random_game(seed: int, mode: str, n: int = 4) -> tuple[list[str], list[dict[str, Any]]]:
    """Names and every event of one random game (for the i18n tests)."""
    opts = {"mode": mode, "target": 3, "slap_window_ms": 250}
    names, _, log, _ = play(n, opts, seed, seed + 1, max_moves=2000, deep_checks=False)
    s = G.new(names, opts, seed=seed)
    events = [dict(e) for e in s.events]
    for seat, move, now in log:
        s = G.apply(s, seat, move, now=now)
        events += [dict(e) for e in s.events]
    return names, events
