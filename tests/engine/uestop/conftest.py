"""Shared helpers for the UeStop! engine tests.

``make`` builds a game with a stacked Word Deck (``options["stack"]``), a fixed first
opener (seat 0 unless told) and no reveal delay (the card shows at the reveal's ``now``). Times are plain seconds: the reveal happens at ``T0`` unless a
test says otherwise. ``refused`` checks that a move is refused with a code and leaves the
state as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import tablegames.engine.uestop  # noqa: F401  (registers "uestop")
from tablegames.engine import IllegalMove, get_game
from tablegames.engine.uestop.cards import ALL_COMPONENTS

G = get_game("uestop")
T0 = 1000.0  # the reveal time most tests use


def make(players: int | Sequence[str] = 3, mode: str = "tome_lhe_tapao",
         category: str | None = "red-01", deck: Sequence[str] = ("blue-01",),
         first: Any = 0, seed: int = 1, **options: Any):
    """A new game whose first Category Card and next revealed cards are fixed."""
    names = [f"P{i}" for i in range(players)] if isinstance(players, int) else list(players)
    opts: dict[str, Any] = {"mode": mode, "first": first, "reveal_delay_ms": 0, **options}
    if category is not None or deck:
        opts["stack"] = {"category": category, "deck": list(deck)}
    return G.new(names, opts, seed=seed)


def act(state, seat: int, move: Mapping[str, Any], now: float | None = None):
    """Applies one move at server time ``now``."""
    return G.apply(state, seat, dict(move), now=now)


def refused(state, seat: int, move: Any, code: str, now: float | None = None) -> IllegalMove:
    """Asserts ``move`` is refused with ``code`` and the state is left unchanged."""
    before = G.to_json(state)
    with pytest.raises(IllegalMove) as info:
        G.apply(state, seat, move, now=now)
    assert info.value.code == code, info.value
    assert G.to_json(state) == before
    return info.value


def reveal(state, now: float = T0):
    """The opener reveals the next card."""
    return act(state, state.opener, {"type": "reveal"}, now)


def slap(state, seat: int, t: float | None = None, now: float | None = None):
    """``seat`` slaps; ``t`` is the corrected tap time, ``now`` its arrival."""
    move: dict[str, Any] = {"type": "slap"}
    if t is not None:
        move["t"] = t
    arrival = now if now is not None else (t if t is not None else state.reveal_time + 0.3)
    return act(state, seat, move, arrival)


def settle(state):
    """The server settles the race when its window ends (a system move: no seat)."""
    return act(state, None, {"type": "settle"}, state.deadline)


def win_race(state, seat: int, reaction: float = 0.4):
    """``seat`` alone slaps ``reaction`` seconds after the reveal and the race settles."""
    state = slap(state, seat, state.reveal_time + reaction, state.reveal_time + reaction + 0.05)
    return settle(state)


def answer(state, texts: Mapping[int, str] | None = None, **extra: Any):
    """The race winner answers: typed ``texts`` or (None) a spoken answer."""
    move: dict[str, Any] = {"type": "answer", **extra}
    if texts is not None:
        move["texts"] = {str(k): v for k, v in texts.items()}
    elif "spoken" not in move:
        move["spoken"] = True
    return act(state, state.answerer, move)


def judge(state, accept: bool = True):
    """Every other player votes the same way (until the vote is decided)."""
    for p in range(len(state.players)):
        if state.phase != "judging":
            break
        if p != state.answerer:
            state = act(state, p, {"type": "vote", "accept": accept})
    return state


def play_round(state, seat: int, texts: Mapping[int, str] | None = None,
               accept: bool = True, now: float = T0, **extra: Any):
    """Reveal, ``seat`` wins the race, answers and the table votes ``accept``."""
    state = reveal(state, now)
    state = win_race(state, seat)
    state = answer(state, texts, **extra)
    if state.phase == "judging":
        state = judge(state, accept)
    return state


def events(state, kind: str | None = None) -> list[dict]:
    """The last move's events (only those of type ``kind`` if given)."""
    return [dict(e) for e in state.events if kind is None or e["type"] == kind]


def check_components(state) -> None:
    """Every one of the 64 components is somewhere, exactly once."""
    assert Counter(state.components()) == Counter(ALL_COMPONENTS)
