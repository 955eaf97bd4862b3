"""Duel's table screen (the tablet): players and tricks, the cards on the table, events."""

from __future__ import annotations

import reflex as rx

from tablegames.components.events import event_list
from tablegames.components.game_over import game_over_panel
from tablegames.components.players import player_chips
from tablegames.pages.common import VM, S


def duel_table() -> rx.Component:
    """The table during a game of Duel."""
    return rx.vstack(
        rx.heading(VM["status"].to(str), size="7", id="tiny-table-status"),
        rx.text(VM["rule"].to(str), id="tiny-rule"),
        player_chips(VM["players"], online=True, id="tiny-table-players"),
        rx.heading(VM["trick_title"].to(str), size="5"),
        rx.vstack(rx.foreach(VM["trick"].to(list[str]), lambda line: rx.text(line, size="5")),
                  id="tiny-table-trick", spacing="1"),
        game_over_panel(VM["game_over"], S["is_host"].to(bool)),
        event_list(VM["events"], id="tiny-table-events"),
        spacing="4", width="100%", align="center",
    )
