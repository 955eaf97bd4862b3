"""Upwords on a phone: the player's rack, a board to place tiles on (zoomable), the live
preview of the words and score, and the buttons: play, recall, shuffle, exchange, pass,
challenge.

Tap a rack tile, then a square: the tile goes there (the table sees it at once). Tap a
placed tile (on the board or its ghost on the rack) to take it back. Everything this
phone composes lives in its own ``UpwordsPhone`` state; moves go through
``Screen.move`` for this browser's seat.
"""

from __future__ import annotations

import reflex as rx

from tablegames.games.upwords.board import rack_tile, upwords_board
from tablegames.pages.common import ME, VERSION, VIEW, S, as_list, as_players, tr
from tablegames.games.upwords.state import UpwordsPhone

PAD = UpwordsPhone.pad
CAN = as_list(VIEW["can"])
PLAYERS = as_players()
MY_TURN = VIEW["turn"].to(int) == ME
COUNT = PAD["count"].to(int)
BIG = {"size": "4", "class_name": "tg-action uw-action"}


def label(icon: str, key: str) -> rx.Var:
    """A button's text as ONE string (an icon that exists in common fonts, then the words)."""
    return icon + " " + tr(key)


def others() -> rx.Component:
    """Everyone's score and rack size, whose turn it is, and the bag."""
    return rx.flex(
        rx.foreach(PLAYERS, lambda p: rx.box(
            rx.text(p["name"].to(str), weight="bold", size="2", class_name="uw-mini-name"),
            rx.text(p["score"].to(str), " ", tr("ui.upwords.pts"), " · ", p["tiles"].to(str), "▦", size="2",
                    class_name="uw-nowrap"),
            class_name=rx.cond(p["seat"].to(int) == VIEW["turn"].to(int), "tg-mini uw-mini uw-mini-turn", "tg-mini uw-mini"),
            id="mini-" + p["seat"].to(str),
        )),
        rx.box(rx.text(tr("ui.upwords.bag"), size="1"), rx.text(VIEW["bag"].to(str), size="3", weight="bold"),
               class_name="tg-mini uw-mini uw-bagchip", id="mini-bag"),
        spacing="2", width="100%",
    )


def last_line() -> rx.Component:
    """The last play in one line (what a challenge would be about)."""
    last = VIEW["last"].to(dict)
    return rx.cond(VIEW["last"], rx.text(
        "★ ", PLAYERS[last["seat"].to(int)]["name"].to(str), ": ",
        rx.foreach(last["words"].to(list[dict]), lambda w: rx.el.span(
            w["word"].to(str), " ", w["score"].to(str), "  ")),
        "= ", last["score"].to(str),
        rx.cond(last["withdrawn"].to(bool), rx.el.span(" — ", tr("ui.upwords.withdrawn"))),
        size="3", class_name="uw-last-line", id="uw-last-line",
    ))


def preview() -> rx.Component:
    """The words the placed tiles make, their score, or why they can't be played."""
    return rx.box(
        rx.cond(
            COUNT > 0,
            rx.vstack(
                rx.flex(
                    rx.foreach(PAD["words"].to(list[dict]), lambda w: rx.box(
                        rx.text(w["word"].to(str), class_name="uw-word"),
                        rx.text(w["score"].to(str), class_name="uw-word-score"),
                        class_name="uw-word-chip")),
                    rx.cond(PAD["words"].to(list[dict]).length() > 0,
                            rx.text("= ", PAD["score"].to(str), " ", tr("ui.upwords.pts"),
                                    class_name="uw-preview-score", id="uw-preview-score",
                                    custom_attrs={"data-score": PAD["score"].to(str)})),
                    wrap="wrap", spacing="2", align="center",
                ),
                rx.cond(PAD["bonus"].to(int) > 0, rx.text(tr("ui.upwords.bonus"), size="2")),
                rx.cond(PAD["error"].to(str) != "",
                        rx.callout(PAD["error"].to(str), icon="triangle_alert", color_scheme="red",
                                   id="uw-preview-error", width="100%"),
                        rx.text("✔ ", tr("ui.upwords.looks_legal"), size="2", id="uw-preview-ok")),
                spacing="2", width="100%",
            ),
            rx.text(rx.cond(MY_TURN, tr("ui.upwords.hint_pick"), tr("ui.upwords.hint_plan")), size="3"),
        ),
        rx.cond(UpwordsPhone.hint != "", rx.text(UpwordsPhone.hint, size="3", class_name="uw-warn", id="uw-hint")),
        class_name="uw-preview", id="uw-preview",
    )


def rack() -> rx.Component:
    """The player's tiles (in this phone's order)."""
    return rx.vstack(
        rx.cond(UpwordsPhone.exchanging, rx.hstack(
            rx.text("⇄ ", tr("ui.upwords.exchange_pick"), size="4", weight="bold"),
            rx.button(tr("ui.cancel"), variant="soft", size="3", on_click=UpwordsPhone.toggle_exchange,
                      id="uw-exchange-cancel"),
            align="center", wrap="wrap", class_name="uw-exchange-bar", id="uw-exchange-pick")),
        rx.flex(
            rx.foreach(PAD["rack"].to(list[dict]),
                       lambda t: rack_tile(t, lambda tile: UpwordsPhone.tap_tile(tile["i"].to(int)))),
            class_name="uw-rack", id="uw-rack", justify="center",
        ),
        spacing="2", width="100%", align="center",
    )


def buttons() -> rx.Component:
    """Play / recall / shuffle, then exchange / pass / challenge, as they apply."""
    return rx.vstack(
        rx.flex(
            rx.cond(CAN.contains("place"), rx.button(
                label("✔", "ui.upwords.play"), on_click=UpwordsPhone.submit(VERSION), disabled=COUNT == 0,
                color_scheme="green", id="uw-play", **BIG)),
            rx.button(label("↩", "ui.upwords.recall"), on_click=UpwordsPhone.recall, disabled=COUNT == 0,
                      variant="soft", id="uw-recall", **BIG),
            rx.button(label("↻", "ui.upwords.shuffle"), on_click=UpwordsPhone.shuffle, variant="soft",
                      id="uw-shuffle", **BIG),
            wrap="wrap", spacing="2", justify="center", width="100%",
        ),
        rx.flex(
            rx.cond(CAN.contains("exchange"), rx.button(
                label("⇄", "ui.upwords.exchange"), on_click=UpwordsPhone.toggle_exchange, variant="outline",
                id="uw-exchange", **BIG)),
            rx.cond(CAN.contains("pass"), rx.button(
                tr("ui.upwords.pass"), on_click=UpwordsPhone.act("pass", VERSION), variant="outline",
                id="uw-pass", **BIG)),
            rx.cond(VIEW["can_challenge"].to(bool), rx.button(
                label("⚖", "ui.upwords.challenge"), on_click=UpwordsPhone.act("challenge", VERSION),
                color_scheme="red", id="uw-challenge", **BIG)),
            wrap="wrap", spacing="2", justify="center", width="100%",
        ),
        spacing="2", width="100%",
    )


def playing() -> rx.Component:
    """The game on the phone."""
    return rx.vstack(
        rx.box(custom_attrs={"data-turn": rx.cond(MY_TURN, "1", "0")}, id="my-turn-flag", display="none"),
        # When the turn comes here, or the table changes during it, show the draft again.
        # (the key sits on a plain wrapper: React mounts its child again when the key changes)
        rx.cond(MY_TURN, rx.fragment(rx.box(on_mount=UpwordsPhone.sync, display="none"),
                                     key="sync-" + VERSION.to(str))),
        rx.hstack(
            rx.cond(MY_TURN,
                    rx.text(tr("ui.your_turn"), class_name="tg-your-turn", id="your-turn"),
                    rx.text(tr("ui.turn_of"), " ", PLAYERS[VIEW["turn"].to(int)]["name"].to(str), size="4",
                            id="turn-of")),
            rx.spacer(),
            rx.button(rx.cond(UpwordsPhone.zoom, label("⊖", "ui.upwords.zoom_out"), label("⊕", "ui.upwords.zoom_in")),
                      on_click=UpwordsPhone.toggle_zoom, variant="soft", size="3", id="uw-zoom",
                      class_name="uw-zoom-button"),
            align="center", class_name="uw-topline",
        ),
        rx.cond(VIEW["phase"].to(str) == "ending", rx.text(tr("ui.upwords.ending"), size="3", class_name="uw-warn")),
        others(),
        last_line(),
        upwords_board(PAD["board"], size="phone", zoom=UpwordsPhone.zoom, id_prefix="psq-", id="uw-phone-board",
                      on_tap=lambda cell: UpwordsPhone.tap_square(cell["r"].to(int), cell["c"].to(int))),
        preview(),
        rack(),
        buttons(),
        rx.vstack(rx.foreach(as_list(S["event_lines"]), lambda line: rx.text(line, size="2")),
                  class_name="tg-events-mini", id="events-mini"),
        spacing="2", width="100%", align="center", class_name="uw-phone",
    )


def game_over() -> rx.Component:
    """Final standings (tiles left and their penalty) and the final board on the phone."""
    return rx.vstack(
        rx.heading(tr("ui.game_over"), size="7", id="uw-game-over"),
        rx.foreach(PAD["final"].to(list[dict]), lambda row: rx.box(
            rx.hstack(
                rx.text(row["name"].to(str), weight="bold", size="5"),
                rx.cond(row["winner"].to(bool), rx.badge("★ ", tr("ui.upwords.winner"), color_scheme="amber", size="2")),
                rx.spacer(),
                rx.text(row["score"].to(str), class_name="uw-final-score"),
                align="center", width="100%",
            ),
            rx.text(tr("ui.upwords.tiles_left"), ": ", row["left"].to(str), " → −", row["penalty"].to(str), size="2"),
            class_name="tg-mini uw-final-row", id="final-" + row["seat"].to(str),
        )),
        upwords_board(PAD["board"], size="phone", id_prefix="psq-", id="uw-phone-board"),
        rx.vstack(rx.foreach(as_list(S["event_lines"]), lambda line: rx.text(line, size="3")),
                  class_name="tg-events-mini"),
        rx.text(tr("ui.waiting_host")),
        spacing="3", align="center", width="100%",
    )


def upwords_phone() -> rx.Component:
    """The Upwords phone during (and after) a game."""
    return rx.cond(VIEW["phase"].to(str) == "game_over", game_over(), playing())
