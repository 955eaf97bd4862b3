"""Pieces every page uses: the translator, the language switch, notices, the screen's data.

``S`` is this tab's room screen (``Screen.screen``), ``VIEW`` its engine view, ``VM`` its
game's view model (``tablegames/games/<game>/view_model.py``), ``ME`` this phone's seat.
"""

from __future__ import annotations

import reflex as rx

from tablegames.i18n import LANGS
from tablegames.state.device import Device
from tablegames.state.room import Screen

S = Screen.screen  # this screen's data (see Screen.screen)
OPTIONS_IN_FORCE = Screen.options_in_force  # the room's options as players see them (apart from S)
VIEW = S["view"].to(dict)
VM = S["vm"].to(dict)  # the game's view model of this screen
VERSION = S["version"].to(int)
ME = S["me"].to(int)  # this phone's seat (-1: no seat, or the table)
# This phone must act now (any game): its seat is among the engine's ``to_act``.
MY_TURN = rx.cond(S["to_act"], (ME >= 0) & S["to_act"].to(list[int]).contains(ME), False)


def tr(key: str | rx.Var) -> rx.Var:
    """The translated text of ``key`` in this screen's language."""
    return Device.tr[key].to(str)


def game_name() -> rx.Var:
    """The name of the room's game, in this screen's language ("" before the room is known)."""
    return rx.cond(S["game"], tr("game." + S["game"].to(str)), "")


def tr_with(key: str, **params: str | rx.Var) -> rx.Var:
    """The text of ``key`` with its ``{placeholders}`` filled in (never glued pieces)."""
    text = tr(key)
    for name, value in params.items():
        text = text.replace("{" + name + "}", value if isinstance(value, rx.Var) else str(value))
    return text


def turn_flag() -> rx.Component:
    """The hidden flag ``vibrate_on_turn`` watches: ``data-turn="1"`` while this phone must act."""
    return rx.box(custom_attrs={"data-turn": rx.cond(MY_TURN, "1", "0")}, id="my-turn-flag", display="none")


def lang_switch() -> rx.Component:
    """Two big buttons: Português / English."""
    return rx.hstack(
        *[
            rx.button(
                label, on_click=Device.set_language(code), size="2",
                variant=rx.cond(Device.language == code, "solid", "outline"),
                id=f"lang-{code}", class_name="tg-lang",
                custom_attrs={"aria-pressed": rx.cond(Device.language == code, "true", "false")},
            )
            for code, label in zip(LANGS, ("English", "Português"))
        ],
        spacing="2", class_name="tg-lang-switch",
    )


def notice(hide: rx.Var | None = None) -> rx.Component:
    """The last refusal, in words: its one message on the page (no toast, no second copy).

    A banner over the top of the screen (``#notice``), so it pushes nothing down (a phone's
    hand stays where it was), read out by screen readers (``role="alert"``), closed by its
    × (44 px) or by the next accepted action.

    Args:
        hide: while this holds, the page says the message itself (a phone's "no such
            table" panel): no banner.
    """
    shown = Device.notice != ""
    return rx.cond(
        shown if hide is None else shown & ~hide,
        rx.box(
            rx.icon("triangle_alert", size=20, class_name="tg-notice-icon"),
            rx.text(Device.notice, as_="span", class_name="tg-notice-text"),
            rx.el.button("×", on_click=Device.dismiss_notice, class_name="tg-notice-close", id="notice-close",
                         type="button", aria_label=tr("ui.phone.dismiss")),
            id="notice", role="alert", class_name="tg-notice",
        ),
    )


def as_list(var: rx.Var, item=str) -> rx.Var:
    """A view field as a typed list, for rx.foreach."""
    return var.to(list[item])


def send(move: dict) -> rx.event.EventSpec:
    """Sends a move with the version this phone saw (a stale double tap is refused)."""
    return Screen.move(move, VERSION)


def online_dot(seat: rx.Var) -> rx.Component:
    """● connected / ○ away (with words, not only colour); a bot's mark for a bot seat."""
    from tablegames.components.bot_seats import bot_mark
    from tablegames.state.bots import BotSeats

    return rx.cond(BotSeats.bot_places.contains(seat), bot_mark(seat), rx.cond(Screen.online.contains(seat),
                   rx.text("● ", tr("ui.online"), class_name="tg-online", size="2"),
                   rx.text("○ ", tr("ui.offline"), class_name="tg-offline", size="2")))
