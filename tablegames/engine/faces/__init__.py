"""Faces, the emotions game: pass cards left, collect three of a kind, make the face.

Main game (3-5 players) and the Memory variation (2-4 players, option
``{"variant": "memory"}``). Rules and decisions: docs/faces-rules.md.

>>> from tablegames.engine import get_game
>>> faces = get_game("faces")
>>> faces.player_range({"variant": "memory"}), faces.player_range({})
((2, 4), (3, 5))
>>> state = faces.new(["Ana", "Bia", "Cid"], {}, seed=2)
>>> state.phase, faces.to_act(state)  # everyone chooses a card to pass (Ana and Bia hold a set)
('passing', (0, 1, 2))
>>> faces.legal_moves(state, 0)
[{'type': 'stop'}]
"""

from __future__ import annotations

import dataclasses
import random
import json
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.engine.core import GameBase, Result, freeze, register
from tablegames.engine.faces.cards import PLAYERS
from tablegames.engine.faces.rules import apply_move, legal_moves, new_game, to_act
from tablegames.engine.faces.state import OPTIONS, FacesState, normalize_options
from tablegames.engine.faces.view import view

__all__ = ["Faces", "FacesState"]

_FIELDS = tuple(f.name for f in dataclasses.fields(FacesState))


class Faces(GameBase):
    """The Faces game object of the registry (see ``tablegames.engine.core.Game``)."""

    name = "faces"
    min_players = 2  # Memory; the main game needs 3 (see player_range)
    max_players = 5  # main game; Memory takes at most 4
    options_schema = OPTIONS

    def check_options(self, options: Mapping[str, Any]) -> dict:
        """Validates table options before players sit down (raises ``IllegalMove``)."""
        return normalize_options(options)

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """(fewest, most) players for these options: main 3-5, Memory 2-4."""
        return PLAYERS[normalize_options(options)["variant"]]

    def new(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
            seed: int | None = None) -> FacesState:
        """Starts a game: deals the cards (main) or lays out the grid (Memory).

        Args:
            players: names by seat, clockwise (seat + 1 sits on the left).
            options: ``variant`` ("main"/"memory"), ``oldest`` (seat), ``pairs`` (10/13,
                Memory), ``stack`` (tests); see ``state.normalize_options``.
            seed: RNG seed; the same seed and moves replay the same game.
        """
        return new_game(players, options, seed)

    def legal_moves(self, state: FacesState, seat: int) -> list[dict]:
        """Every move ``seat`` may make now."""
        return legal_moves(state, seat)

    def apply_rules(self, state: FacesState, seat: int, move: Mapping[str, Any],
                    now: float | None = None) -> FacesState:
        """Applies ``move`` for ``seat``; raises ``IllegalMove`` and changes nothing if illegal.

        ``now`` is accepted for the contract (the turn timer's clock); the rules read none.
        """
        return apply_move(state, seat, move)

    def timeout_move(self, state: FacesState, seat: int) -> dict | None:
        """What the turn timer plays for a player out of time: STOP when holding a set,
        else a card passed (a guess, a card turned up) at random, the same for the same
        state; Memory's decision ends the turn."""
        moves = legal_moves(state, seat)
        for kind in ("stop", "end_turn"):
            if {"type": kind} in moves:
                return {"type": kind}
        if not moves:
            return None
        return random.Random(f"{state.seed}:{seat}:{state.clock_at}:{len(moves)}").choice(moves)

    def to_act(self, state: FacesState) -> tuple[int, ...]:
        """Who the table waits for: those still choosing a card to pass, holding a set
        after a STOP, guessing, or the Memory player on turn."""
        return to_act(state)

    def view(self, state: FacesState, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the table)."""
        return view(state, seat)

    def result(self, state: FacesState) -> Result | None:
        """Final standings once the game is over, else ``None``."""
        if state.phase != "game_over":
            return None
        scores = [len(w) for w in state.won]
        ranking = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
        return {"winners": list(state.winners), "scores": scores, "ranking": ranking}

    def from_json(self, text: str) -> FacesState:
        """Rebuilds a state from :meth:`to_json` output.

        Same result as ``core.from_jsonable`` (every list becomes a tuple; the state has no
        nested dataclass), without its per-call type-hint lookup.
        """
        data = json.loads(text)
        return FacesState(**{name: freeze(data[name]) for name in _FIELDS if name in data})


register("faces", Faces)
