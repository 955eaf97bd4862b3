"""Duel's phone screen: whose turn, the cards on the table, this phone's hand to tap.

Lays out what the view model says (``tests/tinygame/ui/view_model.py``); the shared
components show the players, the events and the game's end.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.events import event_list
from tablegames.components.game_over import game_over_panel
from tablegames.components.players import player_chips
from tablegames.pages.common import VM, send


def _card(card: rx.Var) -> rx.Component:
    """One card of the hand: a big button while this phone must play."""
    return rx.button(
        card["label"].to(str),
        on_click=send({"type": "play", "card": card["number"].to(int)}),
        disabled=~card["tappable"].to(bool),
        size="4", id=card["id"].to(str), class_name="tiny-card",
    )


def duel_phone() -> rx.Component:
    """The phone during a game of Duel."""
    return rx.vstack(
        rx.heading(VM["status"].to(str), size="5", id="tiny-status"),
        player_chips(VM["players"], mini=True, id="tiny-players"),
        rx.text(VM["trick_title"].to(str), weight="bold"),
        rx.vstack(rx.foreach(VM["trick"].to(list[str]), lambda line: rx.text(line)), id="tiny-trick", spacing="1"),
        rx.cond(VM["hand_title"].to(str) != "", rx.text(VM["hand_title"].to(str), weight="bold")),
        rx.hstack(rx.foreach(VM["hand"].to(list[dict]), _card), id="tiny-hand", spacing="3", wrap="wrap"),
        game_over_panel(VM["game_over"]),
        event_list(VM["events"], id="tiny-events", mini=True),
        spacing="3", width="100%",
    )
