"""``/table/<code>``: the shared table on a tablet or TV. It shows no hand.

The screen is one viewport high and never scrolls as a whole (``.tg-shell`` in app.css):

- the rail (``.tg-rail``): how to join and the table's tools. In the lobby it holds the room
  code and the join QR code in big; once the game has started it shrinks to a corner chip
  (a small code and a small QR code that still scans) which a tap enlarges for late joiners.
  Landscape: a column on the right; portrait: a row on top.
- the main area: the lobby, or the game's own table inside ``.tg-area``, a container of a
  known size (``--tg-area-h`` / ``--tg-area-w``, see app.css) that the game's table fits.

The host's second-device QR code is never shown beside the join QR: it opens behind a tap,
labelled as the host's. The game's table and lobby extras come from the registry
(``tablegames.games``): this page names no game.
"""

from __future__ import annotations

import reflex as rx

from tablegames import games
from tablegames.components.countdown import turn_countdown
from tablegames.components.history import history_panel
from tablegames.components.reactions import reaction_icon, reactions_layer
from tablegames.components.reference import reference_button, reference_sheet
from tablegames.components.bot_seats import lobby_bots
from tablegames.components.seat_admin import host_watch, seats_button, seats_overlay, table_notes
from tablegames.components.overlay import close_overlay, open_overlay, overlay
from tablegames.components.sound import cue_feed, mute_button
from tablegames.components.timers import every
from tablegames.components.wake_lock import wake_lock
from tablegames.pages.common import VIEW, S, as_list, game_name, lang_switch, notice, online_dot, tr, tr_with
from tablegames.pages.options import options_in_force
from tablegames.state import deadlines
from tablegames.state.deadlines import Deadlines
from tablegames.state.host_link import HostLink
from tablegames.state.room import RoomShared, Screen
from tablegames.state.viewer import Viewer

JOIN_OVERLAY = "join-overlay"
HOST_OVERLAY = "host-overlay"
MORE_OVERLAY = "tg-more"


# -- joining -------------------------------------------------------------------------------

def join_panel() -> rx.Component:
    """The lobby's big "Scan to join": the QR code, the room code, the join address."""
    return rx.box(
        rx.text(tr("ui.scan_to_join"), class_name="tg-join-title"),
        rx.cond(Screen.join_qr != "",
                rx.image(src=Screen.join_qr, alt=tr("ui.scan_to_join"), class_name="tg-qr tg-qr-big",
                         id="join-qr")),
        rx.text(tr("ui.room_code"), class_name="tg-join-label"),
        rx.text(Screen.room_code, class_name="tg-room-code", id="room-code"),
        rx.text(tr_with("ui.table.or_open", url=Screen.join_url), class_name="tg-join-url", id="join-url"),
        class_name="tg-join-panel", custom_attrs={"data-fit": "join-panel"},
    )


def join_chip() -> rx.Component:
    """During play: the corner chip (small code and QR code); a tap enlarges it."""
    return rx.el.button(
        rx.text(tr("ui.table.join_chip"), class_name="tg-chip-label"),
        rx.cond(Screen.join_qr != "",
                rx.image(src=Screen.join_qr, alt=tr("ui.scan_to_join"), class_name="tg-qr tg-qr-chip",
                         id="join-qr-chip")),
        rx.text(Screen.room_code, class_name="tg-chip-code", id="room-code"),
        rx.el.span(tr("ui.table.join_enlarge"), class_name="tg-sr-only"),  # its name says the visible text too
        type="button", class_name="tg-join-chip", id="join-chip",
        title=tr("ui.table.join_enlarge"),
        custom_attrs={"aria-haspopup": "dialog", "data-fit": "join-chip"},
        on_click=open_overlay(JOIN_OVERLAY),
    )


def join_enlarged() -> rx.Component:
    """The chip enlarged (for a late joiner): QR code, code, address, the table's options.
    Any tap or Escape closes it."""
    return overlay(
        JOIN_OVERLAY,
        rx.text(tr("ui.scan_to_join"), class_name="tg-join-title"),
        rx.cond(Screen.join_qr != "",
                rx.image(src=Screen.join_qr, alt=tr("ui.scan_to_join"), class_name="tg-qr tg-qr-big",
                         id="join-qr-big")),
        rx.text(Screen.room_code, class_name="tg-room-code", id="room-code-big"),
        rx.text(tr_with("ui.table.or_open", url=Screen.join_url), class_name="tg-join-url"),
        options_in_force(id="options-in-force-table"),
        rx.text(tr("ui.table.tap_to_close"), class_name="tg-overlay-hint"),
        label=tr("ui.scan_to_join"), close_on_tap=True, class_name="tg-join-panel",
    )


# -- the host's link -----------------------------------------------------------------------

def host_overlay() -> rx.Component:
    """The host QR code (labelled, never beside the join QR); closes with its button or Escape."""
    return overlay(
        HOST_OVERLAY,
        rx.heading(tr("ui.table.host_link_title"), size="6", id="host-link-title"),
        rx.text(tr("ui.table.host_link_warning"), size="3", class_name="tg-host-warning"),
        rx.cond(HostLink.host_qr != "",
                rx.image(src=HostLink.host_qr, alt=tr("ui.table.host_link_title"),
                         class_name="tg-qr tg-qr-host", id="host-qr")),
        rx.button(tr("ui.table.close"), size="3", class_name="tg-tool", id="host-link-close",
                  on_click=[close_overlay(HOST_OVERLAY), HostLink.set_host_link(False)]),
        label=tr("ui.table.host_link_title"), class_name="tg-host-box",
    )


def host_link(close_first: str = "") -> rx.Component:
    """For the host: a button that opens the host QR code (``close_first``: the overlay it
    sits in, closed before)."""
    before = [close_overlay(close_first)] if close_first else []
    return rx.cond(
        S["is_host"],
        rx.button(tr("ui.table.host_link_open"), variant="soft", size="2", class_name="tg-tool",
                  on_click=[*before, HostLink.set_host_link(True), open_overlay(HOST_OVERLAY)], id="host-link"),
    )


def more_tools() -> rx.Component:
    """During play: the tools the room rarely needs (the language, the host link) behind one
    small "⋯" button, so the rail shows the whole room only the chip, the sound and the rules."""
    return rx.fragment(
        rx.el.button(
            rx.el.span("⋯", aria_hidden="true", class_name="tg-more-mark"),
            rx.el.span(tr("ui.table.more_tools"), class_name="tg-sr-only"),
            type="button", class_name="tg-more-open", id="tg-more-open", title=tr("ui.table.more_tools"),
            custom_attrs={"aria-haspopup": "dialog"}, on_click=open_overlay(MORE_OVERLAY),
        ),
        overlay(
            MORE_OVERLAY,
            rx.heading(tr("ui.table.more_tools"), size="6"),
            lang_switch(),
            host_link(MORE_OVERLAY),
            rx.button(tr("ui.table.close"), size="3", color_scheme="gray", class_name="tg-tool", id="tg-more-close",
                      on_click=close_overlay(MORE_OVERLAY)),
            label=tr("ui.table.more_tools"), class_name="tg-more-box",
        ),
    )


def rail() -> rx.Component:
    """How to join (big in the lobby, the chip during play) and the table's tools: in the
    lobby all of them (the language, the sound, the rules, the host link); during play the
    sound, the rules and "⋯" for the others."""
    return rx.box(
        rx.cond(VIEW, rx.fragment(join_chip(), join_enlarged()), join_panel()),
        rx.cond(VIEW, turn_countdown()),  # the turn timer, while it runs (components/countdown.py)
        watching(),  # "3 watching" (state/viewer.py)
        reactions_layer(),  # the phones' quick reactions pop up here, each by its name (components/reactions.py)
        table_notes(),  # away phones, whom the table plays for, a new host (components/seat_admin.py)
        rx.cond(
            VIEW,
            rx.box(mute_button(), reference_button("tg-ref-open-table"), seats_button(), more_tools(),
                   class_name="tg-tools", custom_attrs={"data-fit": "table-tools"}),
            rx.box(lang_switch(), mute_button(), reference_button("tg-ref-open-table"), host_link(), seats_button(),
                   class_name="tg-tools", custom_attrs={"data-fit": "table-tools"}),
        ),
        host_overlay(),
        class_name="tg-rail", id="tg-rail",
    )


def watching() -> rx.Component:
    """How many viewers watch (``/watch/<code>``), while anyone does."""
    return rx.cond(Viewer.watching_text != "",
                   rx.el.span(reaction_icon("eye"), Viewer.watching_text, class_name="tg-watching", id="watching"))


# -- the lobby -----------------------------------------------------------------------------

def lobby_extras() -> rx.Component:
    """What the room's game adds to the lobby (each registered game's ``lobby``)."""
    return rx.fragment(*[rx.cond(S["game"] == ui.name, games.load(ui.lobby)())
                         for ui in games.entries() if ui.lobby])


def remove_button(seat: rx.Var) -> rx.Component:
    """The host's ✕ on a seat card, and the question it asks before the seat goes."""
    name = seat["name"].to(str)
    confirm = "remove-confirm-" + seat["id"].to(int).to_string()
    return rx.fragment(
        rx.el.button("✕", type="button", class_name="tg-remove",
                     title=tr_with("ui.table.remove_named", name=name),
                     custom_attrs={"aria-label": tr_with("ui.table.remove_named", name=name),
                                   "aria-haspopup": "dialog"},
                     on_click=open_overlay(confirm)),
        overlay(
            confirm,
            rx.text(tr_with("ui.table.remove_confirm", name=name), class_name="tg-confirm-question"),
            rx.hstack(
                rx.button(tr("ui.table.remove_yes"), size="3", color_scheme="red", class_name="tg-tool tg-confirm-yes",
                          on_click=[close_overlay(confirm), Screen.host("remove_seat", seat["id"].to(int))]),
                rx.button(tr("ui.table.remove_no"), size="3", color_scheme="gray", class_name="tg-tool tg-confirm-no",
                          on_click=close_overlay(confirm)),
                spacing="3", justify="center", wrap="wrap",
            ),
            label=tr_with("ui.table.remove_confirm", name=name), class_name="tg-confirm",
        ),
    )


def seat_card(seat: rx.Var) -> rx.Component:
    """A seated player: the name, connected or away (in words), the host's remove button."""
    return rx.box(
        rx.box(
            rx.text(seat["name"].to(str), class_name="tg-seat-name"),
            online_dot(seat["seat"].to(int)),
            class_name="tg-seat-who",
        ),
        rx.cond(S["is_host"], remove_button(seat)),
        class_name="tg-seat", custom_attrs={"data-seat": seat["seat"].to(int).to_string()},
    )


def lobby() -> rx.Component:
    """Seats as they fill, the options in force, who may still join; the host starts."""
    seats = as_list(S["seats"], dict)
    return rx.box(
        rx.heading(game_name(), size="8", class_name="tg-game-name", id="game-name"),
        rx.heading(tr("ui.players_seated"), size="6"),
        rx.cond(seats.length() > 0,
                rx.box(rx.foreach(seats, seat_card), class_name="tg-seats", id="seats",
                       custom_attrs={"data-fit": "seats"}),
                rx.text(tr("ui.table.nobody_yet"), size="4", id="nobody-yet")),
        options_in_force(lobby=True),
        lobby_extras(),
        lobby_bots(),  # the host adds bots, or why this game has none (components/bot_seats.py)
        join_lock(),
        history_panel(),  # the room's earlier games (components/history.py)
        rx.cond(S["is_host"],
                rx.box(
                    rx.button(tr("ui.start"), size="4", on_click=Screen.host("start", -1), id="start",
                              class_name="tg-start"),
                    rx.text(tr("ui.table.start_hint"), size="3", class_name="tg-muted"),
                    class_name="tg-start-row", custom_attrs={"data-fit": "start"},
                ),
                rx.text(tr("ui.waiting_host"), size="4")),
        class_name="tg-lobby", id="lobby",
    )


def join_lock() -> rx.Component:
    """Whether new players may join (the host's switch), and who asked meanwhile."""
    locked = S["locked"].to(bool)
    asking = as_list(S["asking"], str)
    return rx.box(
        rx.text(rx.cond(locked, tr("ui.table_locked"), tr("ui.table.table_open")), size="3", id="lock-state"),
        rx.cond(S["is_host"],
                rx.button(rx.cond(locked, tr("ui.unlock_table"), tr("ui.lock_table")), variant="soft", size="2",
                          class_name="tg-tool",
                          on_click=rx.cond(locked, Screen.host("unlock", -1), Screen.host("lock", -1)),
                          id="lock-table")),
        rx.cond(locked & (asking.length() > 0),
                rx.text(tr_with("ui.asking_to_join_names", names=asking.join(", ")), id="asking")),
        class_name="tg-lock", custom_attrs={"data-fit": "join-lock"},
    )


# -- the page ------------------------------------------------------------------------------

def game_table() -> rx.Component:
    """The table screen of the room's game (each registered game's ``table``)."""
    return rx.match(S["game"], *[(ui.name, games.load(ui.table)()) for ui in games.entries()], rx.fragment())


def table_page() -> rx.Component:
    """The table screen: the lobby until the host starts, then the game's own table."""
    return rx.box(
        rx.box(
            notice(),
            rx.cond(S["code"], rx.cond(VIEW, rx.box(game_table(), class_name="tg-area", id="tg-area"), lobby())),
            class_name="tg-main",
        ),
        rail(),
        every(5000, Screen.heartbeat),
        cue_feed(), wake_lock(),  # sounds to play; the screen stays awake during a game
        reference_sheet(),  # the game's Reference Card, opened from the rail (components/reference.py)
        # a game's deadline (a race window): the table applies it should its timer be lost
        rx.cond(S["deadline"], every(deadlines.WATCH_MS, Deadlines.watch)),
        seats_overlay(), host_watch(),  # the host's seat actions; the host moves on (components/seat_admin.py)
        class_name=rx.cond(VIEW, "tg-table-bg tg-shell tg-playing", "tg-table-bg tg-shell tg-in-lobby"),
        id="tg-shell",
    )


ON_LOAD = [RoomShared.link, Screen.open_table]  # open_table adds the room's game's own (its on_open)
