"""The game-over panel: the title, every player's place and score, the host's rematch.

Reads the view model's ``game_over``: ``{"title": str, "lines": [{"place", "name",
"score", "winner"}]}`` (None while the game runs).
"""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import tr
from tablegames.state.room import Screen


def game_over_panel(game_over: rx.Var, is_host: rx.Var | bool = False) -> rx.Component:
    """The final standings; a Rematch button (``#rematch``) for the host.

    Args:
        game_over: the view model's ``game_over`` (a dict, or None while playing).
        is_host: whether this screen is the host's (the table's ``S["is_host"]``).
    """
    over = game_over.to(dict)
    lines = over["lines"].to(list[dict])
    return rx.cond(
        game_over,
        rx.vstack(
            rx.heading(over["title"].to(str), size="8", id="game-over"),
            rx.el.table(
                rx.el.tbody(rx.foreach(lines, lambda line: rx.el.tr(
                    rx.el.td(line["place"].to(str)),
                    rx.el.td(line["name"].to(str), rx.cond(line["winner"].to(bool), " 🏆", "")),
                    rx.el.td(line["score"].to(str)),
                    class_name=rx.cond(line["winner"].to(bool), "tg-winner", ""),
                ))),
                class_name="tg-scores", id="final-scores",
            ),
            rx.cond(is_host, rx.button(tr("ui.rematch"), size="4", on_click=Screen.host("rematch", -1),
                                       id="rematch")),
            spacing="4", align="center",
        ),
    )
