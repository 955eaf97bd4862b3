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

A game may give one phase its own time: an option of its schema with ``timer_phase``
(``{"shared": "phase_timer", "key": ..., "timer_phase": "<phase>", "label": ...}``: values
``"same"``, the default, or 15..120 seconds; it applies only while ``turn_timer`` is on,
its ``when``). While the state's ``phase`` is that phase the timer counts that option's
seconds (:func:`limit`); elsewhere, or with ``"same"``, the turn timer's.

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
SAME = "same"  # a per-phase timer's value: the turn timer's own time
MOST_STEPS = 4  # default moves one seat may need (UNO: draw, then pass)


def seconds(options: Mapping[str, Any]) -> float | None:
    """The table's turn time in seconds (None: no timer)."""
    value = options.get(OPTION, "off")
    if value in (None, "off", 0, "0"):
        return None
    return float(value)


def phase_options(schema: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """The per-phase timer options (``timer_phase``) of ``schema`` that apply to
    ``options`` (their ``when``: a turn timer is on), with their values or defaults; for a
    game's normalised options (none while the table has no timer)."""
    full = {**{o.key: o.default for o in schema}, **options}
    return {o.key: full[o.key] for o in schema if o.timer_phase and o.applies(full)}


def limit(game: Any, state: Any) -> float | None:
    """The seconds the seats to act have in ``state``'s phase (None: no timer): the value
    of the game's option whose ``timer_phase`` is the state's ``phase``, when it applies
    and is not ``"same"``, else the turn timer's."""
    options = getattr(state, "options", {}) or {}
    base = seconds(options)
    phase = getattr(state, "phase", None)
    if base is None or phase is None:
        return base
    schema = getattr(game, "options_schema", ()) or ()
    for option in schema:
        if option.timer_phase and option.timer_phase == phase:
            full = {**{o.key: o.default for o in schema}, **options}
            value = full.get(option.key) if option.applies(full) else None
            if value not in (None, SAME):
                return float(value)
    return base


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
    time = limit(game, state)
    started = getattr(state, "clock_at", None)
    if time is None or started is None or game.result(state) is not None or not game.to_act(state):
        return None
    if not any(game.timeout_move(state, seat) for seat in game.to_act(state)):
        return None  # nothing the game could play for them
    return started + time


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
