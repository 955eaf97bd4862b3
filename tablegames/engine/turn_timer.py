"""Turn timers, one mechanism for every game (pure: time is an input).

A table may set the shared ``turn_timer`` option (seconds, ``"off"`` by default; each
game's ``options.json`` lists ``{"shared": "turn_timer"}``). The engine then notes when
each move was applied (the state's ``clock_at``); once the seats the table waits for
(:meth:`~tablegames.engine.core.Game.to_act`) have let ``turn_timer`` seconds pass, the
room applies the system move ``{"type": "timeout"}`` (seat ``None``) and the game's
default action is played for each of them: :meth:`GameBase.timeout_move
<tablegames.engine.core.GameBase.timeout_move>` (UNO draws and keeps, Upwords passes,
Faces passes a card, UeStop! counts the answer as failed). A game's own timed moves (a
race being settled) come first: no timer runs while one is pending.

>>> from tablegames.engine import get_game
>>> upwords = get_game("upwords")
>>> s = upwords.new(["Ana", "Bia", "Cid"], {"turn_timer": "30", "first": 0}, seed=1)
>>> s = upwords.apply(s, 0, {"type": "pass"}, now=100.0)
>>> upwords.deadline(s), upwords.system_moves(s)
(130.0, [{'type': 'timeout'}])
>>> upwords.apply(s, None, {"type": "timeout"}, now=129.0)
Traceback (most recent call last):
...
tablegames.engine.core.IllegalMove: not_due: The time is not up yet.
>>> after = upwords.apply(s, None, {"type": "timeout"}, now=130.0)
>>> after.turn, [e["type"] for e in after.events], upwords.deadline(after)
(2, ['timeout', 'pass'], 160.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

OPTION = "turn_timer"
TIMEOUT = "timeout"
MOST_STEPS = 4  # default moves one seat may need (UNO: draw, then pass)


def seconds(options: Mapping[str, Any]) -> float | None:
    """The table's turn time in seconds (None: no timer)."""
    value = options.get(OPTION, "off")
    if value in (None, "off", 0, "0"):
        return None
    return float(value)


def is_timeout(move: Any) -> bool:
    """Whether ``move`` is the timer's system move."""
    return isinstance(move, Mapping) and move.get("type") == TIMEOUT


def stamp(state: Any, now: float | None) -> Any:
    """``state`` with the time of the move just applied, when its table has a turn timer
    (no timer, no time given, or a state without ``clock_at``: unchanged, so a game without
    a timer is the same state whatever the clock said)."""
    if now is None or not hasattr(state, "clock_at") or seconds(state.options) is None:
        return state
    return dataclasses.replace(state, clock_at=float(now))


def deadline(game: Any, state: Any) -> float | None:
    """When the seats the table waits for run out of time (None: no timer runs)."""
    limit = seconds(getattr(state, "options", {}) or {})
    started = getattr(state, "clock_at", None)
    if limit is None or started is None or game.result(state) is not None or not game.to_act(state):
        return None
    if not any(game.timeout_move(state, seat) for seat in game.to_act(state)):
        return None  # nothing the game could play for them
    return started + limit


def system_moves(game: Any, state: Any) -> list[dict]:
    """``[{"type": "timeout"}]`` while a timer runs, else ``[]``."""
    return [{"type": TIMEOUT}] if deadline(game, state) is not None else []


def time_out(game: Any, state: Any, seat: int | None, now: float | None) -> Any:
    """The state after the timer ran out: each seat the table waited for has had the
    game's default action played for it (an event ``{"type": "timeout", "seat": s}`` each).

    Raises:
        IllegalMove: ``system_move`` from a seat; ``not_due`` before the deadline or
            without a timer.
    """
    from tablegames.engine.core import IllegalMove

    if seat is not None:
        raise IllegalMove("system_move", "The table's timer plays for a player by itself.")
    due = deadline(game, state)
    if due is None or now is None or now < due:
        raise IllegalMove("not_due", "The time is not up yet.")
    events: list[dict[str, Any]] = []
    for waiting in game.to_act(state):
        events.append({"type": TIMEOUT, "seat": waiting})
        state = play_defaults(game, state, waiting, now, events)
    if hasattr(state, "events"):
        state = dataclasses.replace(state, events=tuple(events))
    return stamp(state, now)


def play_defaults(game: Any, state: Any, seat: int, now: float | None,
                  events: list[dict[str, Any]]) -> Any:
    """The state once the game's default actions were played for ``seat`` while it is to
    act (at most MOST_STEPS of them); each step's events are added to ``events``."""
    for _ in range(MOST_STEPS):
        if seat not in game.to_act(state):
            break
        move = game.timeout_move(state, seat)
        if move is None:
            break
        state = game.apply_rules(state, seat, move, now)
        events.extend(getattr(state, "events", ()))
    return state
