"""Pieces every page uses: the translator, the language switch, notices."""

from __future__ import annotations

import reflex as rx

from tablegames.i18n import LANGS
from tablegames.state.room import Screen

S = Screen.screen  # this screen's data (see Screen.screen)
VIEW = S["view"].to(dict)
VERSION = S["version"].to(int)
ME = S["me"].to(int)  # this phone's seat (-1: no seat, or the table)


def tr(key: str) -> rx.Var:
    """The translated text of ``key`` in this screen's language."""
    return Screen.tr[key].to(str)


def lang_switch() -> rx.Component:
    """Two big buttons: Português / English."""
    return rx.hstack(
        *[
            rx.button(
                label, on_click=Screen.set_language(code), size="2",
                variant=rx.cond(Screen.language == code, "solid", "outline"),
                id=f"lang-{code}",
            )
            for code, label in zip(LANGS, ("English", "Português"))
        ],
        spacing="2",
    )


def notice() -> rx.Component:
    """The last refusal, in words (also shown as a toast)."""
    return rx.cond(
        Screen.notice != "",
        rx.callout(Screen.notice, icon="triangle_alert", color_scheme="red", id="notice", width="100%"),
    )


def as_list(var: rx.Var, item=str) -> rx.Var:
    """A view field as a typed list, for rx.foreach."""
    return var.to(list[item])


def as_players() -> rx.Var:
    """The view's players (every game's view has a "players" list with "seat" and "name")."""
    return as_list(VIEW["players"], dict)


def send(move: dict) -> rx.event.EventSpec:
    """Sends a move with the version this phone saw (a stale double tap is refused)."""
    return Screen.move(move, VERSION)


def online_dot(seat: rx.Var) -> rx.Component:
    """● connected / ○ away (with words, not only colour)."""
    return rx.cond(Screen.online.contains(seat),
                   rx.text("● ", tr("ui.online"), class_name="tg-online", size="2"),
                   rx.text("○ ", tr("ui.offline"), class_name="tg-offline", size="2"))
