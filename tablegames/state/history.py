"""The table's "Earlier at this table": the room's finished games (``rooms.history``) in
this screen's language, for the table and the viewers, between games (never a phone's:
the phone has its own ending)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from tablegames.i18n import join_names, number, t
from tablegames.rooms import history, service
from tablegames.rooms.service import RoomError
from tablegames.state.db import run as db_run
from tablegames.state.room import RoomShared, Screen, facts_version

__all__ = ["History", "entries"]


def entries(games: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """``rooms.history`` rows as the panel shows them: ``number``, ``game`` (its name),
    ``won`` (who won, in words) and ``lines`` (``name``, ``score``, ``winner``)."""
    out = []
    for g in games:
        winners = list(g["winners"])
        scores = list(g["scores"]) + [""] * (len(g["players"]) - len(g["scores"]))
        out.append({
            "number": str(g["number"]),
            "game": t(lang, f"game.{g['game']}"),
            "won": (t(lang, "history.won", count=len(winners), names=join_names(lang, winners)) if winners
                    else t(lang, "history.no_winner")),
            "lines": [{"name": name, "score": number(lang, score), "winner": name in winners}
                      for name, score in zip(g["players"], scores, strict=False)],
            "finished_at": int(g["finished_at"]),
        })
    return out


class History(Screen):
    """The room's history for the table and the viewers (read once per room version)."""

    @rx.var  # recomputed when what it reads changes (the room's facts, not its every move: facts_version)
    async def games_before(self) -> list[dict]:
        """The room's finished games, the latest first, while no game is being played."""
        shared = await self.get_state(RoomShared)
        screen = await self.get_state(Screen)
        code, version = screen.room_code, facts_version(shared, shared.facts)
        if screen.role not in ("table", "viewer") or not code or version < 0:
            return []
        public = service.acting_at(code, version)  # this process's memory: no query mid-game
        if public is not None and public["status"] == "playing":
            return []
        try:
            games = await db_run(lambda db: history.history_at(db, code, version))
        except RoomError:
            return []
        return entries(games, screen.language)
