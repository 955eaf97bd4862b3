"""UeStop!: the Brazilian "Stop/Adedonha" card game with slap races.

Four modes (option ``mode``): ``tome_lhe_tapao``, ``cha_da_tarde``, ``numerologia``,
``tudo_junto`` (Tudo Junto e Misturado). Content in ``cards.json``; rules in ``rules.py``;
fair slap races in ``race.py`` and phone clock estimates in ``clock.py``. Decisions:
``docs/uestop-rules.md``.

A race through the contract: the opener reveals, a player slaps, and the room settles the
race at its deadline (a system move: no seat); time is an input.

>>> from tablegames.engine import get_game
>>> uestop = get_game("uestop")
>>> state = uestop.new(["Ana", "Bia"], {"reveal_delay_ms": 0, "first": 0}, seed=3)
>>> uestop.to_act(state)
(0,)
>>> state = uestop.apply(state, 0, {"type": "reveal"}, now=100.0)
>>> uestop.to_act(state)  # both race
(0, 1)
>>> state = uestop.apply(state, 1, {"type": "slap"}, now=100.5)
>>> uestop.system_moves(state), uestop.deadline(state)
([{'type': 'settle'}], 100.75)
>>> state = uestop.apply(state, None, {"type": "settle"}, now=100.75)
>>> state.answerer, uestop.to_act(state)
(1, (1,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.engine.core import GameBase, IllegalMove, Result, register
from tablegames.engine.uestop.rules import apply_move, legal_moves, new_game, system_moves, to_act
from tablegames.engine.uestop.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    UeStopState,
    check_player_count,
    normalize_options,
)
from tablegames.engine.uestop.view import view

__all__ = ["UeStop", "UeStopState"]


class UeStopResult(Result):
    """UeStop!'s standings, the rounds played and who holds the Victory Card."""

    rounds: int
    victory: int | None


class UeStop(GameBase):
    """The UeStop! game object of the registry (see ``tablegames.engine.core.Game``)."""

    name = "uestop"
    # Fields of a move that only the server may fill in (a slap's time on the server's
    # clock and its phone's measured delays): the room refuses them from a phone.
    server_fields = frozenset({"t", "delays"})
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS  # Tudo Junto e Misturado: 6 (one Action Card each)
    options_schema = OPTIONS
    state_class = UeStopState

    def check_options(self, options: Mapping[str, Any]) -> dict:
        """Validates table options before players sit down (raises ``IllegalMove``)."""
        return normalize_options(options)

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """2-8 players; Tudo Junto e Misturado at most 6 (one Action Card each)."""
        mode = normalize_options(options)["mode"]
        high = max(n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if _fits(n, mode))
        return MIN_PLAYERS, high

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

    def rule_system_moves(self, state: UeStopState) -> list[dict]:
        """``settle`` while a race somebody slapped in is open (applied from its deadline)."""
        return system_moves(state)

    def apply_rules(self, state: UeStopState, seat: int | None, move: Mapping[str, Any],
                    now: float | None = None) -> UeStopState:
        """Applies ``move`` for ``seat`` (None: the room's ``settle``) at server time ``now``
        (seconds); raises ``IllegalMove`` and changes nothing if illegal."""
        return apply_move(state, seat, move, now)

    def to_act(self, state: UeStopState) -> tuple[int, ...]:
        """The opener, the racers, the answerer, the voters or the scorer picking a penalty."""
        return to_act(state)

    def rule_deadline(self, state: UeStopState) -> float | None:
        """When an open race somebody slapped in settles (server time), else None."""
        return state.deadline if system_moves(state) else None

    def timeout_move(self, state: UeStopState, seat: int) -> dict | None:
        """What the turn timer plays for a player out of time: the opener reveals, a race
        nobody slapped in agrees the card can't be answered, an answer counts as failed
        (``give_up``), a vote accepts, a penalty spares everybody."""
        moves = legal_moves(state, seat)
        for move in ({"type": "reveal"}, {"type": "discard_category", "agree": True},
                     {"type": "give_up"}, {"type": "vote", "accept": True},
                     {"type": "penalize", "target": None}):
            if move in moves:
                return move
        return None

    def view(self, state: UeStopState, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the table)."""
        return view(state, seat)

    def result(self, state: UeStopState) -> UeStopResult | None:
        """Final standings once the game is over, else ``None``."""
        if state.phase != "game_over":
            return None
        points = list(state.points)
        ranking = sorted(range(len(points)), key=lambda p: (-points[p], p))
        return {"winners": list(state.winners), "scores": points, "ranking": ranking,
                "rounds": len(state.history), "victory": state.victory}


def _fits(n: int, mode: str) -> bool:
    try:
        check_player_count(n, mode)
    except IllegalMove:
        return False
    return True


register("uestop", UeStop)
