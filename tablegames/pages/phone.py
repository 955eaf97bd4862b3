"""``/play/<code>``: a player's phone (portrait): join, wait, then the game's own screen."""

from __future__ import annotations

import reflex as rx

from tablegames.components.timers import every, vibrate_on_turn
from tablegames.pages.common import ME, VIEW, S, lang_switch, notice, tr
from tablegames.games.faces.phone import faces_phone
from tablegames.games.uestop.phone import uestop_phone
from tablegames.games.uno.phone import uno_phone
from tablegames.games.upwords.phone import upwords_phone
from tablegames.state import upkeep
from tablegames.state.room import RoomShared, Screen
from tablegames.games.upwords.state import UpwordsDraft

def join_box() -> rx.Component:
    """Name field to take a seat."""
    return rx.form(
        rx.vstack(
            rx.heading(tr("ui.your_name"), size="6"),
            rx.el.input(name="name", max_length=24, auto_complete="nickname", class_name="tg-input",
                        id="player-name"),
            rx.button(tr("ui.sit_down"), type="submit", size="4", width="100%", id="sit-down"),
            spacing="3", width="100%",
        ),
        on_submit=Screen.join,
        width="100%",
    )


def phone_page() -> rx.Component:
    """The phone screen."""
    return rx.box(
        rx.vstack(
            rx.hstack(rx.text(Screen.room_code, weight="bold", size="5"), rx.spacer(), lang_switch(), width="100%"),
            rx.cond(S["is_host"], rx.link(tr("ui.open_table"), href="/table/" + Screen.room_code, id="open-table")),
            notice(),
            rx.cond(S["removed"].to(bool),
                    rx.callout(tr("error.removed"), icon="user_x", color_scheme="orange", id="removed", width="100%")),
            rx.cond(
                S["code"],
                rx.cond(
                    ME < 0,
                    join_box(),
                    rx.cond(VIEW,
                            rx.match(S["game"], ("uno", uno_phone()), ("upwords", upwords_phone()), ("faces", faces_phone()),
                                     ("uestop", uestop_phone()), rx.fragment()),
                            rx.vstack(rx.heading(tr("ui.seated"), size="5"), rx.text(tr("ui.waiting_host")),
                                      id="waiting")),
                ),
            ),
            vibrate_on_turn(),  # where the device can
            # Keeps this tab's state (and its seat) alive on the server while the page is open.
            every(upkeep.keepalive_ms(), Screen.heartbeat),
            spacing="3", width="100%", max_width="40rem", padding="0.75rem",
        ),
        class_name="tg-phone-bg",
    )


ON_LOAD = [RoomShared.link, Screen.open_phone, UpwordsDraft.link]
