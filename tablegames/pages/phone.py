"""``/play/<code>``: a player's phone (portrait): join, wait, then the game's own screen.

The game's screen comes from the registry (``tablegames.games``): this page names no game.
"""

from __future__ import annotations

import reflex as rx

from tablegames import games
from tablegames.components.timers import every, vibrate_on_turn
from tablegames.components.players import player_chips
from tablegames.pages.common import ME, VIEW, VM, S, game_name, lang_switch, notice, tr, turn_flag
from tablegames.pages.options import options_in_force
from tablegames.state import upkeep
from tablegames.state.room import RoomShared, Screen


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


def game_screen() -> rx.Component:
    """The phone screen of the room's game (each registered game's ``phone``)."""
    return rx.match(S["game"], *[(ui.name, games.load(ui.phone)()) for ui in games.entries()], rx.fragment())


def phone_page() -> rx.Component:
    """The phone screen."""
    return rx.box(
        rx.vstack(
            rx.hstack(rx.text(Screen.room_code, weight="bold", size="5"),
                      rx.text(game_name(), size="4", class_name="tg-game-name", id="game-name"),
                      rx.spacer(), lang_switch(), width="100%", align="center"),
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
                            rx.fragment(turn_flag(), game_screen()),
                            rx.vstack(rx.heading(tr("ui.seated"), size="5"), rx.text(tr("ui.waiting_host")),
                                      rx.cond(VM["players"], player_chips(VM["players"], mini=True, id="seated")),
                                      options_in_force(), id="waiting")),
                ),
            ),
            vibrate_on_turn(),  # where the device can
            # Keeps this tab's state (and its seat) alive on the server while the page is open.
            every(upkeep.keepalive_ms(), Screen.heartbeat),
            spacing="3", width="100%", max_width="40rem", padding="0.75rem",
        ),
        class_name="tg-phone-bg",
    )


ON_LOAD = [RoomShared.link, Screen.open_phone]  # open_phone adds the room's game's own (its on_open)
