"""``/table/<code>``: the shared table on a tablet or TV (landscape). It shows no hand.

The game's table and lobby extras come from the registry (``tablegames.games``): this page
names no game.
"""

from __future__ import annotations

import reflex as rx

from tablegames import games
from tablegames.components.timers import every
from tablegames.pages.common import VIEW, S, as_list, game_name, lang_switch, notice, online_dot, tr, tr_with
from tablegames.pages.options import options_in_force
from tablegames.state.host_link import HostLink
from tablegames.state import deadlines
from tablegames.state.deadlines import Deadlines
from tablegames.state.room import RoomShared, Screen


def header() -> rx.Component:
    """Room code in big letters, the QR code of the join URL, the language switch."""
    return rx.hstack(
        rx.vstack(
            rx.text(tr("ui.room_code"), size="3"),
            rx.text(Screen.room_code, class_name="tg-room-code", id="room-code"),
            rx.text(Screen.join_url, size="2", id="join-url"),
            spacing="1",
        ),
        rx.cond(Screen.join_qr != "",
                rx.image(src=Screen.join_qr, alt=tr("ui.scan_to_join"), class_name="tg-qr", id="join-qr")),
        rx.spacer(),
        rx.vstack(
            lang_switch(),
            rx.cond(S["is_host"], rx.button(tr("ui.host_link_button"), variant="soft", size="1",
                                            on_click=HostLink.toggle_host_link, id="host-link")),
            rx.cond(HostLink.host_qr != "", rx.image(src=HostLink.host_qr, alt=tr("ui.host_link"), class_name="tg-qr")),
            align="end",
        ),
        width="100%", align="center", spacing="5",
    )


def lobby_extras() -> rx.Component:
    """What the room's game adds to the lobby (each registered game's ``lobby``)."""
    return rx.fragment(*[rx.cond(S["game"] == ui.name, games.load(ui.lobby)())
                         for ui in games.entries() if ui.lobby])


def lobby() -> rx.Component:
    """Seats as they fill; the host starts the game or removes a seat."""
    return rx.vstack(
        rx.heading(game_name(), size="8", class_name="tg-game-name", id="game-name"),
        rx.heading(tr("ui.players_seated"), size="6"),
        rx.flex(
            rx.foreach(
                as_list(S["seats"], dict),
                lambda seat: rx.card(
                    rx.hstack(
                        rx.text(seat["name"].to(str), size="6", weight="bold"),
                        online_dot(seat["seat"].to(int)),
                        rx.cond(S["is_host"],
                                rx.button("✕", size="1", variant="soft", color_scheme="red",
                                          aria_label=tr("ui.remove_seat"),
                                          on_click=Screen.host("remove_seat", seat["id"].to(int)))),
                        align="center",
                    ),
                    class_name="tg-seat",
                ),
            ),
            wrap="wrap", spacing="3",
        ),
        options_in_force(),
        lobby_extras(),
        join_lock(),
        rx.cond(S["is_host"],
                rx.button(tr("ui.start"), size="4", on_click=Screen.host("start", -1), id="start"),
                rx.text(tr("ui.waiting_host"))),
        spacing="4", width="100%",
    )


def join_lock() -> rx.Component:
    """The host closes the table to new players (or opens it); who asked meanwhile."""
    locked = S["locked"].to(bool)
    asking = as_list(S["asking"], str)
    return rx.vstack(
        rx.cond(S["is_host"],
                rx.button(rx.cond(locked, tr("ui.unlock_table"), tr("ui.lock_table")), variant="soft", size="2",
                          on_click=rx.cond(locked, Screen.host("unlock", -1), Screen.host("lock", -1)),
                          id="lock-table"),
                rx.cond(locked, rx.text(tr("ui.table_locked")))),
        rx.cond(locked & (asking.length() > 0),
                rx.text(tr_with("ui.asking_to_join_names", names=asking.join(", ")), id="asking")),
        spacing="1",
    )


def game_table() -> rx.Component:
    """The table screen of the room's game (each registered game's ``table``)."""
    return rx.match(S["game"], *[(ui.name, games.load(ui.table)()) for ui in games.entries()], rx.fragment())


def table_page() -> rx.Component:
    """The table screen: the lobby until the host starts, then the game's own table."""
    return rx.box(
        rx.vstack(
            header(),
            notice(),
            rx.cond(
                S["code"],
                rx.cond(VIEW, rx.fragment(game_table(), options_in_force(id="options-in-force-table")), lobby()),
            ),
            every(5000, Screen.heartbeat),
            # a game's deadline (a race window): the table applies it should its timer be lost
            rx.cond(S["deadline"], every(deadlines.WATCH_MS, Deadlines.watch)),
            spacing="5", width="100%", padding="1.5rem",
        ),
        class_name="tg-table-bg",
    )


ON_LOAD = [RoomShared.link, Screen.open_table]  # open_table adds the room's game's own (its on_open)
