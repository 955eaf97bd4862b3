"""Shared helpers for the Faces engine tests.

``main`` builds a main game with a stacked deck (``options["stack"]``), ``memory`` a Memory
game with a fixed grid; ``act`` applies one move; ``refused`` checks that a move is refused
with a given code and leaves the state exactly as it was; ``pass_cards`` makes every seat
choose a card (the last choice triggers the pass).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import tablegames.engine.faces  # noqa: F401  (registers "faces" until engine/__init__ does)
from tablegames.engine import IllegalMove, get_game
from tablegames.engine.faces.cards import DECK
from tablegames.engine.faces.rules import all_cards

FACES = get_game("faces")


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def main(hands: Sequence[Sequence[int]], pile: Sequence[int] = (), oldest: int = 0,
         seed: int = 1, exact: bool = False, **options: Any):
    """A main game with the given hands; ``pile`` lists the next cards drawn, in order.

    ``exact``: the pile is just ``pile`` (the rest of the deck stays in the box).
    """
    stack = {"hands": [list(h) for h in hands], "pile": list(pile), "exact": exact}
    opts = {"oldest": oldest, "stack": stack, **options}
    return FACES.new(names(len(hands)), opts, seed=seed)


def memory(grid: Sequence[int], n: int = 3, pile: Sequence[int] = (), oldest: int = 0,
           pairs: int = 10, seed: int = 1, exact: bool = False):
    """A Memory game with the given grid (one emotion per place, row by row)."""
    opts = {"variant": "memory", "oldest": oldest, "pairs": pairs,
            "stack": {"grid": list(grid), "pile": list(pile), "exact": exact}}
    return FACES.new(names(n), opts, seed=seed)


def act(state, seat: int, move: Mapping[str, Any]):
    new = FACES.apply(state, seat, dict(move))
    assert all_cards(new) == Counter(DECK)
    return new


def refused(state, seat: Any, move: Any, code: str) -> IllegalMove:
    before = FACES.to_json(state)
    with pytest.raises(IllegalMove) as info:
        FACES.apply(state, seat, move)
    assert info.value.code == code, (info.value.code, info.value.message)
    assert FACES.to_json(state) == before
    assert info.value.message and info.value.message[-1] in ".!"
    return info.value


def choose(state, seat: int, card: int, **extra: Any):
    return act(state, seat, {"type": "choose_pass", "card": card, **extra})


def pass_cards(state, cards: Sequence[int]):
    """Every seat chooses ``cards[seat]``, in seat order (the last choice makes the pass)."""
    for seat, card in enumerate(cards):
        state = choose(state, seat, card)
    return state


def stop(state, seat: int):
    return act(state, seat, {"type": "stop"})


def guess(state, seat: int, emotion: int):
    return act(state, seat, {"type": "guess", "emotion": emotion})


def event_types(state) -> list[str]:
    return [e["type"] for e in state.events]
