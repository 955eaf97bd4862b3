"""``/watch/<code>``: a viewer watches the table on a phone (or anything else).

The table's own view (``view(state, None)``: no hand), drawn by each game's table screen
inside the same ``.tg-area`` container the table page uses, sized to the phone's viewport:
a slim bar (a "Watching" badge, the room code, the game or the turn timer, language,
sound, the Reference Card) over the area. Before a game: who is seated, the options, the
room's earlier games, and a way to sit down instead while seats are free. A viewer never
moves (``state/viewer.py``); the reactions of the seated phones pop up here too.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.countdown import turn_countdown
from tablegames.components.history import history_panel
from tablegames.components.players import player_chips
from tablegames.components.reactions import reaction_icon, reactions_layer
from tablegames.components.reference import reference_button, reference_sheet
from tablegames.components.sound import cue_feed, mute_button
from tablegames.components.timers import every
from tablegames.pages.common import VIEW, VM, S, game_name, notice, tr
from tablegames.pages.options import options_in_force
from tablegames.pages.phone import BLOCK, lang_toggle, no_room
from tablegames.pages.table import game_table
from tablegames.state.room import RoomShared, Screen
from tablegames.state.viewer import Viewer

CODE = Screen.room_code
HEARTBEAT_MS = 5_000  # as the table's: a reaction's bubble and the "online" facts stay fresh


def watch_bar() -> rx.Component:
    """One line: Watching, the room code, the game's name (the turn timer while it runs),
    the language, sound, the Reference Card."""
    return rx.box(
        rx.el.span(reaction_icon("eye"), tr("viewers.badge"), class_name="tg-watch-badge", id="watch-badge"),
        rx.text(CODE, as_="span", class_name="tg-ph-code", id="room-code"),
        rx.cond(S["turn_left"], turn_countdown(),
                rx.text(game_name(), as_="span", class_name="tg-watch-game", id="game-name")),
        lang_toggle(),
        mute_button(),
        reference_button("tg-ref-open-watch"),
        class_name="tg-watch-bar", id="watch-bar", custom_attrs={"data-fit": "watch-bar"},
    )


def watch_lobby() -> rx.Component:
    """Before a game: what will be played, who is seated, the room's earlier games."""
    return rx.box(
        rx.box(
            rx.heading(tr("viewers.lobby_title"), size="5", as_="h1"),
            rx.text(game_name(), size="6", weight="bold", id="watch-game"),
            rx.text(tr("viewers.lobby_help")),
            options_in_force(),
            rx.text(tr("viewers.seated"), weight="bold", size="2"),
            rx.cond(VM["players"], player_chips(VM["players"], mini=True, id="watch-seated"),
                    rx.text(tr("viewers.nobody_yet"), id="watch-nobody")),
            rx.cond(BLOCK == "", rx.link(tr("viewers.sit_down"), href="/play/" + CODE, id="watch-play",
                                         class_name="tg-ph-button tg-watch-play")),
            class_name="tg-panel", custom_attrs={"data-fit": "watch-lobby"},
        ),
        history_panel(),
        class_name="tg-watch-lobby", id="watch-lobby",
    )


def viewer_page() -> rx.Component:
    """The viewer's screen: the table's view for a phone."""
    return rx.box(
        watch_bar(),
        rx.box(
            notice(hide=~S["code"].to(bool)),  # without a room, the page itself says why
            rx.cond(S["code"],
                    rx.cond(VIEW, rx.box(game_table(), class_name="tg-area", id="tg-area"), watch_lobby()),
                    no_room()),
            class_name="tg-main",
        ),
        reactions_layer(),  # the seated phones' reactions (components/reactions.py)
        every(HEARTBEAT_MS, Screen.heartbeat),
        cue_feed(), reference_sheet(),
        class_name=rx.cond(VIEW, "tg-table-bg tg-shell tg-playing tg-watch", "tg-table-bg tg-shell tg-in-lobby tg-watch"),
        id="tg-shell",
    )


ON_LOAD = [RoomShared.link, Viewer.open_watch]  # open_watch adds the room's game's own (its on_open)
