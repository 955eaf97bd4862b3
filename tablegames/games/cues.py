"""What each screen hears: the sound cues of a room screen (pure: no Reflex, no game name).

Every game declares in ``games/<game>/cues.json`` (beside its view model) which of its
engine's events, and which state, give which cue, and who hears it:

.. code-block:: json

    {"events": [{"type": "play", "cue": "card_played", "hear": ["table"]},
                {"type": "draw", "cue": "draw", "hear": ["table", "seat"]},
                {"type": "challenge", "when": {"guilty": true}, "cue": "caught",
                 "hear": ["table", "target"]}],
     "turn": {"cue": "your_turn", "phases": ["play"]}}

- ``events``: an engine event (``view["events"]``: the public events of the last move)
  whose ``type`` matches, and whose fields equal every ``when`` value, gives ``cue`` to
  the screens in ``hear``: ``"table"`` (the table screen), ``"phones"`` (every seated
  phone), a field of the event that holds a seat or a list of seats (``"seat"``,
  ``"target"``, ``"winners"``: the phones of those seats), or ``"!field"`` (every seated
  phone but those).
- ``turn``: the cue a phone hears when its turn starts (its seat enters the engine's
  ``to_act``), in the engine phases listed (every phase when ``phases`` is left out).

:func:`feed` turns a screen (``Screen.screen``'s data) into what the browser plays
(``assets/sound.js``)::

    {"at": 12, "move": "3f2a9c01d4e5", "cues": [{"id": 1200, "cue": "draw"}], "held": ["your_turn"]}

``at`` is the room's version, ``cues`` the cues of the last move with a monotonic id
(``at * 100 + index``): the browser plays a cue once, when its id is new, and never on the
page's first sight of a feed (a reload or a reconnect replays nothing). ``move`` tells one
move from another: a version that changed nothing in the game (a late joiner asking at a
locked table) repeats the last move's events, and the browser does not replay them.
``held`` are the state cues that hold now (this phone's turn): the browser plays one when
it starts holding.

>>> table = {"events": [{"type": "draw", "cue": "draw", "hear": ["table", "seat"]}],
...          "turn": {"cue": "your_turn", "phases": ["play"]}}
>>> screen = {"version": 7, "me": 1, "to_act": [1],
...           "view": {"phase": "play", "events": [{"type": "draw", "seat": 1, "count": 2}]}}
>>> out = cues_of(screen, "phone", table)
>>> out["cues"], out["held"]
([{'id': 700, 'cue': 'draw'}], ['your_turn'])
>>> cues_of(screen, "table", table)["cues"], cues_of({**screen, "me": 0}, "phone", table)["cues"]
([{'id': 700, 'cue': 'draw'}], [])
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from tablegames import games

__all__ = ["CUES", "MAX_PER_MOVE", "cues_of", "feed", "load_table", "check_table"]

CUES = ("game_won", "game_over", "race_won", "caught", "uno", "challenge", "reveal", "pair_found",
        "correct", "word_scored", "score", "miss", "card_played", "tile_placed", "flip", "draw", "your_turn")
"""Every cue ``assets/sound.js`` can play, the most important first: a move that gives
more than :data:`MAX_PER_MOVE` cues to one screen keeps the first ones in this order."""

MAX_PER_MOVE = 2
"""At most this many cues per move on one screen (a Draw Two played: the card, the draw)."""

FINALES = ("game_won", "game_over")
"""Cues that play alone: the end of the game is not followed by the last move's chimes."""

ROLES = ("table", "phone")
_KEYS = {"events", "turn", "_doc"}
_RULE_KEYS = {"type", "when", "cue", "hear"}


def check_table(table: Any, name: str = "cues.json") -> dict[str, Any]:
    """``table`` if it is a valid cue table (see the module's docstring).

    Raises:
        ValueError: an unknown key, cue or listener, or a rule without its type.
    """
    if not isinstance(table, Mapping) or set(table) - _KEYS:
        raise ValueError(f"{name}: a cue table is an object with 'events' and 'turn'")
    for rule in table.get("events", ()):
        if not isinstance(rule, Mapping) or set(rule) - _RULE_KEYS or not isinstance(rule.get("type"), str):
            raise ValueError(f"{name}: bad event rule {rule!r}")
        if rule.get("cue") not in CUES:
            raise ValueError(f"{name}: unknown cue {rule.get('cue')!r}")
        hear = rule.get("hear")
        if not isinstance(hear, list) or not hear or not all(isinstance(h, str) and h.strip("!") for h in hear):
            raise ValueError(f"{name}: 'hear' must list who hears {rule['type']!r}")
        if not isinstance(rule.get("when", {}), Mapping):
            raise ValueError(f"{name}: 'when' of {rule['type']!r} must be an object")
    turn = table.get("turn")
    if turn is not None:
        if not isinstance(turn, Mapping) or turn.get("cue") not in CUES or set(turn) - {"cue", "phases"}:
            raise ValueError(f"{name}: bad turn cue {turn!r}")
        if not isinstance(turn.get("phases", []), list):
            raise ValueError(f"{name}: 'phases' must be a list")
    return dict(table)


@cache
def load_table(game: str) -> dict[str, Any]:
    """The cue table of ``game``: ``cues.json`` in the folder of its view model ({} when it
    has none: its screens are silent)."""
    try:
        ui = games.game_ui(game)
    except KeyError:
        return {}
    module = (ui.view_model or ui.phone).partition(":")[0]
    folder = Path(importlib.import_module(module).__file__ or "").parent
    path = folder / "cues.json"
    if not path.is_file():
        return {}
    return check_table(json.loads(path.read_text(encoding="utf-8")), str(path))


def _seats(value: Any) -> set[int]:
    """The seats an event field names: one seat or a list of them."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, Sequence) and not isinstance(value, str):
        return {v for v in value if isinstance(v, int) and not isinstance(v, bool)}
    return set()


def _hears(hear: Sequence[str], event: Mapping[str, Any], role: str, me: int) -> bool:
    """Whether this screen (the table, or the phone of engine seat ``me``) is in ``hear``."""
    if role == "table":
        return "table" in hear
    if me < 0:
        return False  # a phone without a seat watches: it hears nothing
    for who in hear:
        if who == "phones":
            return True
        if who == "table":
            continue
        if who.startswith("!"):
            if me not in _seats(event.get(who[1:])):
                return True
        elif me in _seats(event.get(who)):
            return True
    return False


def _matches(rule: Mapping[str, Any], event: Mapping[str, Any]) -> bool:
    return rule["type"] == event.get("type") and all(event.get(k) == v for k, v in rule.get("when", {}).items())


def _move_key(view: Mapping[str, Any], to_act: Any) -> str:
    """A short fingerprint of the last move as every screen sees it (its public events,
    the phase and who acts now)."""
    text = orjson.dumps([view.get("events") or [], view.get("phase"), to_act],
                        option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=str)
    return hashlib.blake2b(text, digest_size=6).hexdigest()


def cues_of(screen: Mapping[str, Any], role: str, table: Mapping[str, Any],
            shared: dict[str, Any] | None = None) -> dict[str, Any]:
    """What ``screen`` plays by the cue table ``table`` (see the module's docstring).

    Args:
        screen: a room screen: ``version``, ``view`` (None in the lobby), ``me`` (this
            phone's engine seat, -1: the table or no seat) and ``to_act``.
        role: ``"table"`` or ``"phone"``.
        table: the game's cue table (:func:`load_table`).
        shared: a memo every screen of this room version shares (None: none): the events'
            matching rules and the move's fingerprint, the same for every screen, are
            worked out once there.

    Returns:
        ``{"at", "move", "cues", "held"}``; {} for a screen without a room.
    """
    if "version" not in screen:
        return {}
    version = int(screen["version"])
    view = screen.get("view")
    if not isinstance(view, Mapping) or role not in ROLES:
        return {"at": version, "move": "", "cues": [], "held": []}
    me = int(screen.get("me", -1) if role == "phone" else -1)
    to_act = screen.get("to_act") or []
    alike = shared.get("cues") if shared is not None else None
    if alike is None:
        alike = (_matching(view, table), _move_key(view, to_act))
        if shared is not None:
            shared["cues"] = alike
    matching, move = alike
    found: list[str] = []
    for rule, event in matching:
        if _hears(rule["hear"], event, role, me) and rule["cue"] not in found:
            found.append(rule["cue"])
    found.sort(key=CUES.index)
    found = found[:1] if found and found[0] in FINALES else found[:MAX_PER_MOVE]
    held = []
    turn = table.get("turn")
    if turn and me >= 0 and me in to_act and ("phases" not in turn or view.get("phase") in turn["phases"]):
        held.append(turn["cue"])
    return {"at": version, "move": move,
            "cues": [{"id": version * 100 + i, "cue": cue} for i, cue in enumerate(found)],
            "held": held}


def _matching(view: Mapping[str, Any], table: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], Mapping[str, Any]]]:
    """Every (rule, event) of the last move's public events that gives a cue to someone,
    events first, in the table's order."""
    return [(rule, event) for event in view.get("events") or ()
            for rule in table.get("events", ()) if _matches(rule, event)]


def feed(screen: Mapping[str, Any], role: str, shared: dict[str, Any] | None = None) -> dict[str, Any]:
    """What this screen's browser plays now (:func:`cues_of` by its game's ``cues.json``).

    Args:
        screen: ``Screen.screen``'s data (``game``, ``version``, ``view``, ``me``, ``to_act``).
        role: ``"table"`` or ``"phone"``.
        shared: the memo of every screen of this room version (see :func:`cues_of`).
    """
    if not screen.get("game"):
        return cues_of(screen, role, {})
    return cues_of(screen, role, load_table(str(screen["game"])), shared)
