"""The table's "Earlier at this table": the room's finished games, compact, between games
(the lobby of another game with the same seats, and beside an ending's standings).

Reads ``History.games_before`` (``state/history.py``): empty during a game and at a room's
first game, so the panel is only there when there is something to recall.
"""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import tr
from tablegames.state.history import History

__all__ = ["history_panel"]


def _line(line: rx.Var) -> rx.Component:
    return rx.el.span(
        rx.el.span(line["name"].to(str), class_name="tg-hist-name"),
        rx.el.span(line["score"].to(str), class_name="tg-hist-score"),
        class_name=rx.cond(line["winner"].to(bool), "tg-hist-line tg-hist-won", "tg-hist-line"),
    )


def _game(game: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.span(game["number"].to(str) + ".", class_name="tg-hist-number"),
            rx.el.span(game["game"].to(str), class_name="tg-hist-game"),
            rx.el.span(game["won"].to(str), class_name="tg-hist-won-by"),
            class_name="tg-hist-head",
        ),
        rx.el.div(rx.foreach(game["lines"].to(list[dict]), _line), class_name="tg-hist-lines"),
        class_name="tg-hist-item",
        custom_attrs={"data-finished-at": game["finished_at"].to(int).to_string()},
    )


def history_panel(id: str = "history") -> rx.Component:
    """The list, the latest game first (nothing at all while it is empty)."""
    games = History.games_before
    return rx.cond(
        games.length() > 0,
        rx.el.section(
            rx.el.h2(tr("history.title"), class_name="tg-hist-title"),
            rx.el.ol(rx.foreach(games, _game), class_name="tg-hist-list"),
            class_name="tg-history", id=id, custom_attrs={"data-fit": "history"},
        ),
    )
