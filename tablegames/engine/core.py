"""The engine contract shared by every game: registry, errors, seeded randomness, JSON.

A game is an object with ``new``, ``legal_moves``, ``apply``, ``view`` and ``result``
(see :class:`Game`). States are frozen dataclasses made of tuples, strings, numbers and
nested frozen dataclasses or plain dicts, so they round-trip through JSON.
"""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

__all__ = [
    "Game",
    "IllegalMove",
    "get_game",
    "register",
    "game_names",
    "check_move",
    "rng_for",
    "to_jsonable",
    "from_jsonable",
]


class IllegalMove(ValueError):
    """A move the rules refuse.

    Attributes:
        code: A stable identifier such as ``"not_your_turn"`` (for translations and tests).
        message: A sentence a player understands, naming the card and the reason.
        params: Values the message was built from, so a UI can translate it.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.params = params


class Game(Protocol):
    """What every game in the registry offers."""

    name: str

    def new(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
            seed: int | None = None) -> Any: ...

    def legal_moves(self, state: Any, seat: int) -> list[dict]: ...

    def apply(self, state: Any, seat: int, move: Mapping[str, Any],
              now: float | None = None) -> Any: ...

    def view(self, state: Any, seat: int | None) -> dict: ...

    def result(self, state: Any) -> dict | None: ...

    def to_json(self, state: Any) -> str: ...

    def from_json(self, text: str) -> Any: ...


_REGISTRY: dict[str, Callable[[], Game]] = {}
_INSTANCES: dict[str, Game] = {}


def register(name: str, factory: Callable[[], Game]) -> None:
    """Registers a game factory under ``name`` (called lazily by :func:`get_game`)."""
    _REGISTRY[name] = factory


def game_names() -> list[str]:
    """Returns the names of the registered games."""
    return sorted(_REGISTRY)


def get_game(name: str) -> Game:
    """Returns the game registered as ``name``.

    Raises:
        KeyError: if no such game exists.
    """
    if name not in _INSTANCES:
        if name not in _REGISTRY:
            raise KeyError(f"unknown game {name!r}; known: {', '.join(game_names())}")
        _INSTANCES[name] = _REGISTRY[name]()
    return _INSTANCES[name]


def check_move(game: str, seats: int, seat: Any, move: Any,
               move_keys: Mapping[str, frozenset[str]]) -> str:
    """Checks a move's envelope before any rule: a real seat, an object with a known type
    and only that type's fields (anything else is a tampered or malformed request).

    Args:
        game: the game's name for messages ("UNO").
        seats: number of seats at the table.
        move_keys: the fields each move type may carry, ``"type"`` included.

    Returns:
        The move's type.

    Raises:
        IllegalMove: ``bad_seat``, ``bad_move`` or ``unknown_move``.
    """
    if type(seat) is not int or not 0 <= seat < seats:  # bools and floats are no seats
        raise IllegalMove("bad_seat", f"There is no seat {seat!r} at this table.")
    if (type(move) is not dict and not isinstance(move, Mapping)  # the ABC check is slow
            or not isinstance(move.get("type"), str)):
        raise IllegalMove("bad_move", "A move must be an object with a 'type'.")
    kind = move["type"]
    allowed = move_keys.get(kind)
    if allowed is None:
        raise IllegalMove("unknown_move", f"{game} has no move called {kind!r}.", move=kind)
    if not allowed.issuperset(move):
        extra = sorted(set(move) - allowed)[0]
        raise IllegalMove("bad_move", f"A {kind!r} move has no field {extra!r}.")
    return kind


def rng_for(seed: int, counter: int) -> random.Random:
    """Returns the random generator for the ``counter``-th random event of a game.

    The state stores only ``seed`` and a counter, which keeps states small and cheap to
    copy while the same seed and moves always replay to the same game.
    """
    return random.Random(seed * 1_000_003 + counter)


def new_seed() -> int:
    """A fresh seed for a game created without one (from the OS, not the global RNG)."""
    return random.SystemRandom().randrange(2**53)


def to_jsonable(value: Any) -> Any:
    """Converts a state (frozen dataclasses, tuples, dicts) into JSON-able data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


def freeze(value: Any) -> Any:
    """Turns lists into tuples, recursively (dict values included)."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, Mapping):
        return {k: freeze(v) for k, v in value.items()}
    return value


T = TypeVar("T")


def from_jsonable(cls: type[T], data: Mapping[str, Any]) -> T:
    """Rebuilds a frozen dataclass ``cls`` from :func:`to_jsonable` output.

    Nested dataclass fields (also inside ``tuple[X, ...]`` and ``X | None``) are rebuilt;
    every list becomes a tuple.
    """
    hints = typing.get_type_hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name in data:
            kwargs[f.name] = _rebuild(hints[f.name], data[f.name])
    return cls(**kwargs)


def _rebuild(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if dataclasses.is_dataclass(hint):
        return from_jsonable(hint, value)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        for arg in args:
            if arg is not type(None) and dataclasses.is_dataclass(arg):
                return from_jsonable(arg, value)
        return freeze(value)
    if origin is tuple and args and dataclasses.is_dataclass(args[0]):
        return tuple(from_jsonable(args[0], v) for v in value)
    return freeze(value)


def dumps(state: Any) -> str:
    """Serialises a state to compact JSON."""
    return json.dumps(to_jsonable(state), separators=(",", ":"), sort_keys=True)
