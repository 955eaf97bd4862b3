"""Standings for the game-over panel of every game where a higher score is better (pure).

>>> from tablegames.games.standings import ranked
>>> [(place, p["name"]) for place, p in ranked([{"seat": 0, "name": "Ana", "won": 2},
...     {"seat": 1, "name": "Bia", "won": 5}, {"seat": 2, "name": "Cid", "won": 2}], "won")]
[(1, 'Bia'), (2, 'Ana'), (2, 'Cid')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def ranked(players: Sequence[Mapping[str, Any]], score: str) -> list[tuple[int, Mapping[str, Any]]]:
    """``(place, player)`` from the highest ``player[score]`` down (then by seat); tied
    players share a place and the next place skips (1, 2, 2, 4)."""
    order = sorted(players, key=lambda p: (-p[score], p["seat"]))
    return [(1 + sum(1 for q in players if q[score] > p[score]), p) for p in order]
