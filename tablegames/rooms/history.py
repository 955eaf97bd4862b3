"""The room's history: the games finished at this table, kept in the database.

Every game that ends leaves a :class:`~tablegames.rooms.models.FinishedGame` row (written
by ``service._commit_state`` in the same transaction as the move that ended it). A rematch
or "another game, same seats" (``service.change_game``) keeps the room, so its history
grows game after game. This module reads it back for the table's "Earlier at this table"
panel; it names no game.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session, select

from tablegames.rooms.cache import VersionedCache
from tablegames.rooms.models import FinishedGame, Room
from tablegames.rooms.service import RoomError, normalize_code

__all__ = ["SHOWN", "room_history", "history_at"]

SHOWN = 8  # the most recent games listed (the panel is compact)
_KEPT: VersionedCache[list[dict[str, Any]]] = VersionedCache(2_000)  # code -> history at a version


def room_history(session: Session, code: str, limit: int = SHOWN) -> list[dict[str, Any]]:
    """The room's finished games, the latest first (at most ``limit``).

    Each is ``{"number", "game", "players", "scores", "winners", "finished_at"}``:
    ``number`` counts the room's games from 1, ``players`` their names in engine seat order,
    ``scores`` one per player (the game's own unit), ``winners`` the winners' names,
    ``finished_at`` a Unix time.

    Raises:
        RoomError: ``unknown_room``.
    """
    code = normalize_code(code)
    room = session.exec(select(Room).where(Room.code == code)).first()
    if room is None:
        raise RoomError("unknown_room", f"There is no table with the code {code or '(empty)'}.", room=code)
    rows = list(session.exec(select(FinishedGame).where(FinishedGame.room_id == room.id)
                             .order_by(FinishedGame.finished_at, FinishedGame.id)))
    out = []
    for number, row in enumerate(rows, start=1):
        players = [str(p) for p in json.loads(row.players_json)]
        scores = list(json.loads(row.scores_json))
        winners = [players[w] for w in json.loads(row.winners_json) if type(w) is int and 0 <= w < len(players)]
        out.append({"number": number, "game": row.game, "players": players, "scores": scores,
                    "winners": winners, "finished_at": row.finished_at})
    return out[::-1][:max(0, limit)]


def history_at(session: Session, code: str, version: int) -> list[dict[str, Any]]:
    """:func:`room_history` as of the room's ``version`` (read once per version: every
    table and viewer of the room asks after each change)."""
    kept = _KEPT.get(code, version)
    if kept is None:
        kept = room_history(session, code)
        _KEPT.put(code, version, kept)
    return kept
