"""Player chips: everyone at the table, whose turn it is, scores (any game's view model).

Reads the view model's ``players`` list: ``{"seat", "name", "me", "to_act", "score",
"detail"}`` (``score`` and ``detail`` are sentences the view model already translated).
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.bot_seats import bot_mark
from tablegames.pages.common import online_dot, tr


def player_chip(player: rx.Var, online: bool = False, mini: bool = False) -> rx.Component:
    """One player: the name (marked while they must act, and "you" in words on this phone's
    own chip)."""
    base = "tg-mini" if mini else "tg-player"
    return rx.box(
        rx.hstack(
            rx.text(player["name"].to(str), weight="bold", size="2" if mini else "5"),
            rx.cond(player["me"].to(bool), rx.text(tr("ui.table.you"), size="2", class_name="tg-me")),
            online_dot(player["seat"].to(int)) if online else bot_mark(player["seat"].to(int)),
            align="center", spacing="2",
        ),
        rx.cond(player["score"].to(str) != "", rx.text(player["score"].to(str), size="2" if mini else "3")),
        rx.cond(player["detail"].to(str) != "", rx.text(player["detail"].to(str), size="2")),
        class_name=rx.cond(player["to_act"].to(bool), f"{base} tg-turn", base)
        + rx.cond(player["me"].to(bool), " tg-is-me", ""),
        custom_attrs={"data-seat": player["seat"].to(int).to_string()},
    )


def player_chips(players: rx.Var, online: bool = False, mini: bool = False, id: str = "") -> rx.Component:
    """Every player's chip, in seat order.

    Args:
        players: the view model's ``players`` (a list of dicts).
        online: show the connected/away dot of each seat (the table's view).
        mini: the small chips of a phone.
        id: the element id of the row ("" for none).
    """
    return rx.flex(
        rx.foreach(players.to(list[dict]), lambda p: player_chip(p, online=online, mini=mini)),
        wrap="wrap", spacing="2" if mini else "3", justify="center",
        **({"id": id} if id else {}),
    )
