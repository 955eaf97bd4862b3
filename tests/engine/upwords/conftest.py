"""Shared helpers for the Upwords engine tests.

``make`` builds a game with stacked racks (``options["stack"]``) and seat 0 playing first;
``play`` places tiles given as ``"r,c,L r,c,L"`` or a list; ``refused`` checks that a
move is refused with a given code and leaves the state exactly as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tablegames.engine import IllegalMove, get_game
from tablegames.engine.core import to_jsonable
from tablegames.engine.upwords import Upwords

# The registry's game object: the shipped English dictionary.
UPWORDS = Upwords()

# A few extra words a small hand-made dictionary knows (for tests that want nonsense refused).
SMALL_WORDS = frozenset("""
    MOOD DEAR NET ON WOOD WOOL LEAP SNACK LEAN PLUS NETS CAT CATS AT AS DOG DOGS SO QUIT
    QUITE QUA EAR EARN EARS SEA TEA TEAS ATE EAT EATS SAT SET TEN NEST
""".split())


def tiles_of(spec: str | Sequence[Sequence[Any]]) -> list[list[Any]]:
    """``"4,3,M 4,4,O"`` -> ``[[4, 3, "M"], [4, 4, "O"]]``; lists pass through."""
    if isinstance(spec, str):
        out = []
        for part in spec.split():
            r, c, letter = part.split(",")
            out.append([int(r), int(c), letter])
        return out
    return [list(t) for t in spec]


def across(row: int, col: int, letters: str) -> list[list[Any]]:
    """Tiles for ``letters`` from (row, col) rightwards; ``.`` skips a square."""
    return [[row, col + i, x] for i, x in enumerate(letters) if x != "."]


def down(row: int, col: int, letters: str) -> list[list[Any]]:
    """Tiles for ``letters`` from (row, col) downwards; ``.`` skips a square."""
    return [[row + i, col, x] for i, x in enumerate(letters) if x != "."]


def make(racks: Sequence[str] | None = None, players: int | None = None, bag: str = "",
         board: Sequence[Sequence[Any]] = (), words: str = "auto", first: Any = 0,
         seed: int = 1, game: Upwords = UPWORDS, **options: Any):
    """A new game. ``racks``: one string of tiles per seat (None: dealt at random)."""
    n = players or (len(racks) if racks is not None else 2)
    opts: dict[str, Any] = {"words": words, "first": first, **options}
    if racks is not None or bag or board:
        stack: dict[str, Any] = {"racks": [list(r) for r in (racks or [""] * n)]}
        if bag:
            stack["bag"] = list(bag)
        if board:
            stack["board"] = [list(b) for b in board]
        opts["stack"] = stack
    return game.new([f"P{i}" for i in range(n)], opts, seed=seed)


def place(state, seat: int, spec, game: Upwords = UPWORDS):
    """Applies a place move."""
    return game.apply(state, seat, {"type": "place", "tiles": tiles_of(spec)})


def act(state, seat: int, move: str | Mapping[str, Any], game: Upwords = UPWORDS):
    """Applies ``"pass"``, ``"challenge"`` or a move dict."""
    if isinstance(move, str):
        move = {"type": move}
    return game.apply(state, seat, move)


def refused(state, seat: int, move: Any, code: str, game: Upwords = UPWORDS) -> IllegalMove:
    """Asserts ``move`` is refused with ``code`` and the state is left unchanged.

    ``move``: a move dict, ``"pass"``/``"challenge"``, or tiles (a spec or list) to place.
    """
    if isinstance(move, str) and move in ("pass", "challenge"):
        move = {"type": move}
    elif not isinstance(move, Mapping):
        move = {"type": "place", "tiles": tiles_of(move)}
    before = game.to_json(state)
    with pytest.raises(IllegalMove) as info:
        game.apply(state, seat, move)
    assert info.value.code == code, info.value
    assert game.to_json(state) == before
    return info.value


def events(state, kind: str | None = None) -> list[dict]:
    """The last move's events as JSON data (only those of type ``kind`` if given)."""
    return [to_jsonable(e) for e in state.events if kind is None or e["type"] == kind]


def all_tiles(state) -> Counter:
    """Every tile in the game: bag, racks and every tile of every stack."""
    return (Counter(state.bag) + Counter(t for r in state.racks for t in r)
            + Counter(t for s in state.board for t in s))


def top(state, row: int, col: int) -> str:
    stack = state.board[row * 10 + col]
    return stack[-1] if stack else ""


def height(state, row: int, col: int) -> int:
    return len(state.board[row * 10 + col])


__all__ = ["UPWORDS", "SMALL_WORDS", "IllegalMove", "get_game", "tiles_of", "across", "down",
           "make", "place", "act", "refused", "events", "all_tiles", "top", "height"]
