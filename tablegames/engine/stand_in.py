"""Playing for an away seat: the room's system move ``{"type": "stand_in", "seat": s}``.

When the host lets the table play for a player whose phone is away (``rooms/seats.py``),
the room applies this system move (seat ``None``) shortly after that seat is to act,
whether or not the table has a turn timer. The game's default action for it is played,
the one the turn timer plays (:meth:`GameBase.timeout_move
<tablegames.engine.core.GameBase.timeout_move>`: UNO draws and keeps, Upwords passes...),
with an event ``{"type": "stand_in", "seat": s}`` before the moves' own events.

Pure: the room decides when, the engine only checks that the seat is to act.

>>> from tablegames.engine import get_game
>>> upwords = get_game("upwords")
>>> s = upwords.new(["Ana", "Bia"], {"first": 0}, seed=1)
>>> after = upwords.apply(s, None, {"type": "stand_in", "seat": 0}, now=5.0)
>>> after.turn, [e["type"] for e in after.events]
(1, ['stand_in', 'pass'])
>>> upwords.apply(after, None, {"type": "stand_in", "seat": 0})
Traceback (most recent call last):
...
tablegames.engine.core.IllegalMove: not_waiting: The table is not waiting for that player.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tablegames.engine import turn_timer

STAND_IN = "stand_in"


def is_stand_in(move: Any) -> bool:
    """Whether ``move`` is the stand-in system move."""
    return isinstance(move, Mapping) and move.get("type") == STAND_IN


def play_for(game: Any, state: Any, seat: int | None, move: Mapping[str, Any], now: float | None) -> Any:
    """The state after the game's default action was played for ``move["seat"]``.

    Raises:
        IllegalMove: ``system_move`` from a seat; ``bad_move`` for a malformed move;
            ``not_waiting`` when that seat is not to act or the game has no default action.
    """
    from tablegames.engine.core import IllegalMove

    if seat is not None:
        raise IllegalMove("system_move", "Only the table plays for a player who is away.")
    target = move.get("seat")
    if set(move) != {"type", "seat"} or type(target) is not int:
        raise IllegalMove("bad_move", "A 'stand_in' move names the seat it plays for.")
    if target not in game.to_act(state) or game.timeout_move(state, target) is None:
        raise IllegalMove("not_waiting", "The table is not waiting for that player.")
    events: list[dict[str, Any]] = [{"type": STAND_IN, "seat": target}]
    state = turn_timer.play_defaults(game, state, target, now, events)
    if hasattr(state, "events"):
        state = dataclasses.replace(state, events=tuple(events))
    return turn_timer.stamp(state, now)
