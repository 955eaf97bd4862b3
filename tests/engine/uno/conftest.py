"""Shared helpers for the UNO engine tests.

``make`` builds a game with a stacked deck (``options["stack"]``) and a fixed dealer, so
with the default ``dealer=0`` the first player is seat 1. ``act`` applies one move;
``refused`` checks that a move is refused with a given code and leaves the state as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tablegames.engine import IllegalMove, get_game

UNO = get_game("uno")

SIMPLE_MOVES = ("draw", "pass", "uno", "accept", "challenge", "next_hand")


def make(players: int | Sequence[str] = 3, edition: str = "classic", hands=None, top=None,
         draw: Sequence[str] = (), dealer: Any = 0, seed: int = 1, **options: Any):
    """A new UNO game.

    Args:
        players: a number of players (named P0, P1, ...) or their names.
        edition: "classic", "plus" or "motu".
        hands: one list of cards per seat (any size); None deals at random (no stack).
        top: the first discard (None: whatever comes next from the rest of the deck).
        draw: the next cards to be drawn, in order.
        dealer: the dealer option (a seat, "high_card" or "random"); 0 makes seat 1 start.
        seed: the game's seed.
        options: any other table option (two_player_rules, house_rules, ...).
    """
    names = [f"P{i}" for i in range(players)] if isinstance(players, int) else list(players)
    opts: dict[str, Any] = {"edition": edition, "dealer": dealer, **options}
    if hands is not None:
        stack: dict[str, Any] = {"hands": [list(h) for h in hands], "draw": list(draw)}
        if top is not None:
            stack["top"] = top
        opts["stack"] = stack
    return UNO.new(names, opts, seed=seed)


def move_of(move: str | Mapping[str, Any], color: str | None = None,
            target: int | None = None) -> Mapping[str, Any]:
    """``"draw"``/``"pass"``/... or a card code (a play) as a move dict; dicts pass through."""
    if not isinstance(move, str):
        return move
    if move in SIMPLE_MOVES:
        return {"type": move}
    m: dict[str, Any] = {"type": "play", "card": move}
    if color is not None:
        m["color"] = color
    if target is not None:
        m["target"] = target
    return m


def act(state, seat: int, move: str | Mapping[str, Any], color: str | None = None,
        target: int | None = None):
    """Applies one move: a dict, a simple move name (``"draw"``) or a card code to play."""
    return UNO.apply(state, seat, move_of(move, color, target))


def refused(state, seat: int, move: Any, code: str) -> IllegalMove:
    """Asserts ``move`` is refused with ``code`` and the state is left unchanged."""
    before = UNO.to_json(state)
    with pytest.raises(IllegalMove) as info:
        UNO.apply(state, seat, move_of(move) if isinstance(move, str) else move)
    assert info.value.code == code, info.value
    assert UNO.to_json(state) == before
    return info.value


def events(state, kind: str | None = None) -> list[dict]:
    """The last move's events (only those of type ``kind`` if given)."""
    return [dict(e) for e in state.events if kind is None or e["type"] == kind]


def all_cards(state) -> Counter:
    """Every card in the game: hands, draw pile and discards."""
    return Counter(c for h in state.hands for c in h) + Counter(state.draw_pile) + Counter(state.discard)
