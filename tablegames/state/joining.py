"""Whether a phone without a seat may sit down at a room right now, before it types a name.

A late joiner (the game is under way, the host closed the table, every seat is taken)
learns it as soon as ``/play/<code>`` opens, not after typing a name: the room screen's
data carries :func:`join_block` (``screen["join_block"]``) and the phone page shows what
that phone can do instead (watch the table, ask the host, go back to the start page).

Pure Python (no Reflex): the room screen and the tests share it.

Example:
    >>> join_block({"game": "uno", "status": "playing", "locked": False, "seats": [], "options": {}})
    'already_started'
    >>> join_block({"game": "uno", "status": "playing", "late_join": "after_round", "seats": [], "options": {}})
    'wait_round'
    >>> join_block({"game": "uno", "status": "lobby", "locked": True, "seats": [], "options": {}})
    'table_locked'
    >>> join_block({"game": "uno", "status": "lobby", "locked": False, "seats": [], "options": {}})
    ''
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.rooms import service

__all__ = ["BLOCKS", "join_block"]

BLOCKS = ("already_started", "table_locked", "table_full", "wait_round", "wait_game")
"""What can keep a new player out, by the error codes ``service.join_room`` refuses with."""


def join_block(screen: Mapping[str, Any]) -> str:
    """Why a new player can't sit down at this room now ("" when they can).

    Args:
        screen: a room's screen data (``rooms.service.screen``): ``game``, ``status``,
            ``locked``, ``seats`` and ``options``.

    Returns:
        ``"wait_round"`` (the game is under way: a new player sits down when this round
        ends, an UNO hand), ``"wait_game"`` (when this game ends), ``"already_started"``
        (the game takes nobody new, such as partners in fixed teams),
        ``"table_locked"`` (the host closed the table: whoever asks is listed, so the host
        can open it), ``"table_full"`` (every seat is taken), or ``""``. A game under
        way says so even at a closed table: opening it would not give a seat.
    """
    if not screen.get("game"):
        return ""
    if screen.get("status", "lobby") != "lobby":
        late = screen.get("late_join")  # when the game takes a new player (rooms/seats.py)
        if late == "after_round":
            return "wait_round"
        if late == "next_game":
            return "wait_game"
        if late != "now":
            return "already_started"
    if screen.get("locked"):
        return "table_locked"
    try:
        most = service.player_range(str(screen["game"]), screen.get("options") or {})[1]
    except (KeyError, ValueError, TypeError):
        return ""
    return "table_full" if len(screen.get("seats") or ()) >= most else ""
