"""UeStop!: the Brazilian "Stop/Adedonha" card game with slap races.

Four modes (option ``mode``): ``tome_lhe_tapao``, ``cha_da_tarde``, ``numerologia``,
``tudo_junto`` (Tudo Junto e Misturado). Content in ``cards.json``; rules in ``rules.py``;
fair slap races in ``race.py`` and phone clock estimates in ``clock.py``. Decisions:
``docs/uestop-rules.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.engine.core import dumps, from_jsonable, register
from tablegames.engine.uestop.rules import apply_move, legal_moves, new_game
from tablegames.engine.uestop.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    UeStopState,
    normalize_options,
)
from tablegames.engine.uestop.view import view

__all__ = ["UeStop", "UeStopState"]


class UeStop:
    """The UeStop! game object of the registry (see ``tablegames.engine.core.Game``)."""

    name = "uestop"
    # Fields of a move that only the server may fill in (a slap's time on the server's
    # clock and its phone's measured delays): the room refuses them from a phone.
    server_fields = frozenset({"t", "lag"})
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS  # Tudo Junto e Misturado: 6 (one Action Card each)

    def check_options(self, options: Mapping[str, Any]) -> dict:
        """Validates table options before players sit down (raises ``IllegalMove``)."""
        return normalize_options(options)

    def public_options(self, options: Mapping[str, Any]) -> dict:
        """The options as the table may show them (a stacked deck stays secret)."""
        return {k: v for k, v in options.items() if k != "stack"}

    def new(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
            seed: int | None = None) -> UeStopState:
        """Starts a game: Word Deck shuffled, first Category Card on the table, opener chosen.

        Args:
            players: names by seat.
            options: table options, see ``state.normalize_options``.
            seed: RNG seed; the same seed, moves and ``now`` values replay the same game.
        """
        return new_game(players, options, seed)

    def legal_moves(self, state: UeStopState, seat: int, now: float | None = None) -> list[dict]:
        """The moves ``seat`` may make (typed answers, being free text, are not listed);
        with ``now`` (server time) exactly those ``apply`` accepts at that time."""
        return legal_moves(state, seat, now)

    def apply(self, state: UeStopState, seat: int, move: Mapping[str, Any],
              now: float | None = None) -> UeStopState:
        """Applies ``move`` for ``seat`` at server time ``now`` (seconds); raises
        ``IllegalMove`` and changes nothing if illegal."""
        return apply_move(state, seat, move, now)

    def view(self, state: UeStopState, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the table)."""
        return view(state, seat)

    def result(self, state: UeStopState) -> dict | None:
        """Final standings once the game is over, else ``None``."""
        if state.phase != "game_over":
            return None
        points = list(state.points)
        ranking = sorted(range(len(points)), key=lambda p: (-points[p], p))
        return {"winners": list(state.winners), "scores": points, "ranking": ranking,
                "rounds": len(state.history), "victory": state.victory}

    def to_json(self, state: UeStopState) -> str:
        """Serialises a state."""
        return dumps(state)

    def from_json(self, text: str) -> UeStopState:
        """Rebuilds a state from :meth:`to_json` output."""
        return from_jsonable(UeStopState, json.loads(text))


register("uestop", UeStop)
