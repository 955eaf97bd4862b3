"""Absent players and the host's seat actions, on the table and on the host's phone.

- :func:`seats_button`: the host's "Players" tool (it says when someone is away), which
  opens :func:`seats_overlay`: every seat, connected or away, the table playing for it,
  the host; the actions: let the table play, a new phone (a one-time QR code), remove from
  the game (asked first), make host.
- :func:`table_notes`: on the table, for everyone: whose phone is away, whom the table
  plays for, who is the host now (after the role moved on).
- :func:`phone_notes`: on a phone: its seat went to another phone; the table played for
  it ("I'm back"); seated for the next game.
- :func:`host_watch`: the timer that reports who is connected (the host moves on).

State: ``state/seats.py`` (``SeatAdmin``); the rooms layer decides who may do what.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.bot_seats import bot_mark, seat_bot_button
from tablegames.components.overlay import close_overlay, open_overlay, overlay
from tablegames.components.timers import every
from tablegames.pages.common import VIEW, S, tr, tr_with
from tablegames.state.room import Screen
from tablegames.state.seats import SeatAdmin

SEATS_OVERLAY = "seats-overlay"
ROWS = SeatAdmin.seat_info["rows"].to(list[dict])  # every seat and its state
AWAY = SeatAdmin.seat_info["away"].to(str)  # the away seats' names ("" none)
AUTO = SeatAdmin.seat_info["auto"].to(str)  # whom the table plays for ("" none)
HANDOVER_OVERLAY = "handover-overlay"


def seats_button(phone: bool = False) -> rx.Component:
    """The host's "Players" tool ("Players: someone is away" when a phone is away)."""
    label = rx.cond(AWAY != "", tr("ui.seats.open_away"), tr("ui.seats.open"))
    if phone:
        return rx.cond(S["is_host"], rx.el.button(label, type="button", id="seats-open-phone",
                                                  class_name="tg-ph-menu-item tg-seats-menu",
                                                  on_click=open_overlay(SEATS_OVERLAY)))
    return rx.cond(
        S["is_host"],
        rx.button(label, variant=rx.cond(AWAY != "", "solid", "soft"),
                  color_scheme=rx.cond(AWAY != "", "orange", "gray"), size="2",
                  class_name="tg-tool", id="seats-open", custom_attrs={"aria-haspopup": "dialog"},
                  on_click=open_overlay(SEATS_OVERLAY)),
    )


def _badge(text: rx.Var, kind: str) -> rx.Component:
    return rx.el.span(text, class_name=f"tg-seat-badge tg-seat-badge-{kind}")


def _seat_row(row: rx.Var) -> rx.Component:
    """One seat: its name and state, and the host's actions on it."""
    seat_id = row["id"].to(int)
    name = row["name"].to(str)
    confirm = "seat-remove-" + seat_id.to_string()
    return rx.box(
        rx.box(
            rx.text(name, class_name="tg-seat-admin-name"),
            rx.cond(row["away"].to(bool), _badge(tr("ui.seats.away"), "away"),
                    rx.cond(row["online"].to(bool), _badge(tr("ui.seats.online"), "online"))),
            rx.cond(row["auto"].to(bool), _badge(tr("ui.seats.auto_on"), "auto")),
            bot_mark(row["seat"].to(int)),
            rx.cond(row["host"].to(bool), _badge(tr("ui.seats.host"), "host")),
            class_name="tg-seat-admin-who",
        ),
        rx.box(
            rx.cond(VIEW, rx.button(
                rx.cond(row["auto"].to(bool), tr("ui.seats.stop_table_play"), tr("ui.seats.let_table_play")),
                size="2", variant="soft", class_name="tg-tool tg-seat-auto",
                on_click=SeatAdmin.set_auto(seat_id, ~row["auto"].to(bool)))),
            seat_bot_button(row),  # a bot plays the seat (components/bot_seats.py)
            rx.button(tr("ui.seats.hand_over"), size="2", variant="soft", class_name="tg-tool tg-seat-handover",
                      on_click=[SeatAdmin.start_handover(seat_id), open_overlay(HANDOVER_OVERLAY)]),
            rx.cond(~row["host"].to(bool),
                    rx.button(tr("ui.seats.make_host"), size="2", variant="soft", class_name="tg-tool tg-seat-make-host",
                              on_click=SeatAdmin.make_host(seat_id))),
            rx.cond(VIEW, rx.button(tr("ui.seats.remove"), size="2", variant="soft", color_scheme="red",
                                    class_name="tg-tool tg-seat-remove", custom_attrs={"aria-haspopup": "dialog"},
                                    on_click=open_overlay(confirm))),
            class_name="tg-seat-admin-actions",
        ),
        rx.cond(VIEW, overlay(
            confirm,
            rx.text(tr_with("ui.seats.remove_confirm", name=name), class_name="tg-confirm-question"),
            rx.hstack(
                rx.button(tr("ui.table.remove_yes"), size="3", color_scheme="red",
                          class_name="tg-tool tg-confirm-yes tg-seat-remove-yes",
                          on_click=[close_overlay(confirm), Screen.host("remove_seat", seat_id)]),
                rx.button(tr("ui.table.remove_no"), size="3", color_scheme="gray", class_name="tg-tool tg-confirm-no",
                          on_click=close_overlay(confirm)),
                spacing="3", justify="center", wrap="wrap",
            ),
            label=tr_with("ui.seats.remove_confirm", name=name), class_name="tg-confirm",
        )),
        class_name="tg-seat-admin",
        custom_attrs={"data-seat-id": seat_id.to_string(), "data-away": rx.cond(row["away"].to(bool), "1", "0"),
                      "data-auto": rx.cond(row["auto"].to(bool), "1", "0")},
    )


def seats_overlay() -> rx.Component:
    """The host's list of seats and actions (from the table's tools or the phone's menu)."""
    return rx.cond(S["is_host"], rx.fragment(
        overlay(
            SEATS_OVERLAY,
            rx.heading(tr("ui.seats.title"), size="6", id="seats-title"),
            rx.box(rx.foreach(ROWS, _seat_row), class_name="tg-seat-admin-list", id="seat-admin"),
            rx.button(tr("ui.seats.close"), size="3", class_name="tg-tool", id="seats-close",
                      on_click=close_overlay(SEATS_OVERLAY)),
            label=tr("ui.seats.title"), class_name="tg-seats-box",
        ),
        overlay(
            HANDOVER_OVERLAY,
            rx.heading(tr_with("ui.seats.handover_title", name=SeatAdmin.handover_name), size="5", id="handover-title"),
            rx.text(tr_with("ui.seats.handover_help", name=SeatAdmin.handover_name), size="3"),
            rx.cond(SeatAdmin.handover_qr != "",
                    rx.image(src=SeatAdmin.handover_qr, alt=tr_with("ui.seats.handover_title", name=SeatAdmin.handover_name),
                             class_name="tg-qr tg-qr-host", id="handover-qr",
                             custom_attrs={"data-url": SeatAdmin.handover_url})),
            rx.button(tr("ui.seats.close"), size="3", class_name="tg-tool", id="handover-close",
                      on_click=[close_overlay(HANDOVER_OVERLAY), SeatAdmin.close_handover()]),
            label=tr("ui.seats.hand_over"), class_name="tg-host-box",
        ),
    ))


def table_notes() -> rx.Component:
    """The table's lines about seats: away phones, whom the table plays for, a new host."""
    note = S["host_note"].to(str)
    host = S["host_name"].to(str)
    return rx.box(
        rx.cond(AWAY != "",
                rx.text(tr_with("ui.seats.away_named", name=AWAY), class_name="tg-seat-note tg-seat-note-away",
                        id="away-note")),
        rx.cond(AUTO != "",
                rx.text(tr_with("ui.seats.playing_for", names=AUTO), class_name="tg-seat-note",
                        id="auto-note")),
        rx.cond((host != "") & (note != ""),
                rx.text(rx.cond(note == "auto", tr_with("ui.seats.host_now_auto", name=host),
                                tr_with("ui.seats.host_now", name=host)),
                        class_name="tg-seat-note tg-seat-note-host", id="host-note")),
        class_name="tg-seat-notes", id="seat-notes", custom_attrs={"aria-live": "polite"},
    )


def phone_notes() -> rx.Component:
    """A phone's lines about its seat: moved to another phone, played for, the next game."""
    return rx.fragment(
        rx.cond(S["moved"].to(bool), rx.box(
            rx.heading(tr("ui.seats.moved"), size="5", as_="h1"),
            rx.text(tr("ui.seats.moved_help")),
            rx.el.a(tr("ui.seats.sit_again"), href="/play/" + Screen.room_code, id="sit-again",
                    class_name="tg-ph-button"),
            id="seat-moved", class_name="tg-panel",
        )),
        rx.cond(SeatAdmin.my_auto, rx.box(
            rx.text(tr("ui.seats.playing_for_you")),
            rx.button(tr("ui.seats.im_back"), size="3", on_click=SeatAdmin.im_back, id="im-back"),
            id="played-for", class_name="tg-panel tg-seat-back",
        )),
        rx.cond(S["next_game_seat"].to(bool),
                rx.callout(tr("ui.seats.next_game_seat"), icon="armchair", id="next-game-seat", width="100%")),
    )


def host_watch() -> rx.Component:
    """Reports, every ``SeatAdmin.watch_host_ms``, who is connected (the host role moves on by
    itself when the host's device is gone)."""
    return rx.cond(S["code"], every(SeatAdmin.watch_host_ms, SeatAdmin.watch_host))
