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

from tablegames.components.events import event_list
from tablegames.components.game_over import game_over_panel
from tablegames.components.players import player_chips
from tablegames.games.upwords.board import rack_tile, upwords_board
from tablegames.games.upwords.state import UpwordsPhone
from tablegames.pages.common import VERSION, S

VM = S["vm"].to(dict)  # this screen's Upwords view model
PAD = UpwordsPhone.pad  # this phone's own composition (board with the draft, rack, preview)
LABELS = VM["labels"].to(dict)
CAN = VM["can"].to(dict)
MY_TURN = VM["my_turn"].to(bool)
COUNT = PAD["count"].to(int)
BIG = {"size": "4", "class_name": "tg-action uw-action"}


def label(name: str) -> rx.Var:
    """A button's or title's text from the view model."""
    return LABELS[name].to(str)


def others() -> rx.Component:
    """Everyone's score and rack size, whose turn it is, and the bag."""
    return rx.vstack(
        player_chips(VM["players"], mini=True, id="uw-others"),
        rx.text(VM["bag"].to(str), size="2", weight="bold", id="mini-bag"),
        rx.cond(VM["words_language"], rx.text(VM["words_language"].to(str), size="1", id="mini-language")),
        spacing="1", width="100%", align="center",
    )


def last_line() -> rx.Component:
    """The last play in one line (what a challenge would be about)."""
    return rx.cond(VM["last"], rx.text(VM["last"].to(dict)["line"].to(str), size="3", class_name="uw-last-line",
                                       id="uw-last-line"))


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
                            rx.text(PAD["score_line"].to(str), class_name="uw-preview-score", id="uw-preview-score",
                                    custom_attrs={"data-score": PAD["score"].to(str)})),
                    wrap="wrap", spacing="2", align="center",
                ),
                rx.cond(PAD["bonus"].to(str) != "", rx.text(PAD["bonus"].to(str), size="2")),
                rx.cond(PAD["error"].to(str) != "",
                        rx.callout(PAD["error"].to(str), icon="triangle_alert", color_scheme="red",
                                   id="uw-preview-error", width="100%", class_name="uw-error",
                                   custom_attrs={"role": "alert"}),
                        rx.text("✔ ", label("looks_legal"), size="2", id="uw-preview-ok")),
                spacing="2", width="100%",
            ),
            rx.text(PAD["hint"].to(str), size="2"),
        ),
        rx.cond(UpwordsPhone.hint != "", rx.text(UpwordsPhone.hint, size="3", class_name="uw-warn", id="uw-hint")),
        class_name="uw-preview", id="uw-preview",
    )


def exchange_bar() -> rx.Component:
    """While exchanging: what to do, and Cancel (in the preview's place, over the rack)."""
    return rx.hstack(
        rx.text("⇄ ", label("exchange_pick"), size="3", weight="bold", class_name="uw-exchange-text"),
        rx.button(label("cancel"), variant="outline", color_scheme="gray", high_contrast=True, size="2",
                  on_click=UpwordsPhone.toggle_exchange, id="uw-exchange-cancel", class_name="uw-exchange-cancel"),
        align="center", justify="between", width="100%", class_name="uw-exchange-bar", id="uw-exchange-pick",
    )


def rack() -> rx.Component:
    """The player's tiles (in this phone's order)."""
    return rx.flex(
        rx.foreach(PAD["rack"].to(list[dict]),
                   lambda t: rack_tile(t, lambda tile: UpwordsPhone.tap_tile(tile["i"].to(int)))),
        class_name="uw-rack", id="uw-rack", justify="center",
    )


def buttons() -> rx.Component:
    """Play / recall / shuffle, then exchange / pass / challenge, as they apply."""
    return rx.vstack(
        rx.flex(
            rx.cond(CAN["place"].to(bool), rx.button(
                # A draft the preview refuses (its one message, over the rack) waits for a fix.
                label("play"), on_click=UpwordsPhone.submit(VERSION),
                disabled=(COUNT == 0) | (PAD["error"].to(str) != ""),
                color_scheme="green", id="uw-play", **BIG)),
            rx.button(label("recall"), on_click=UpwordsPhone.recall, disabled=COUNT == 0,
                      variant="soft", id="uw-recall", **BIG),
            rx.button(label("shuffle"), on_click=UpwordsPhone.shuffle, variant="soft",
                      id="uw-shuffle", **BIG),
            wrap="wrap", spacing="2", justify="center", width="100%",
        ),
        rx.flex(
            rx.cond(CAN["exchange"].to(bool), rx.button(
                label("exchange"), on_click=UpwordsPhone.toggle_exchange, variant="outline",
                id="uw-exchange", **BIG)),
            rx.cond(CAN["pass"].to(bool), rx.button(
                label("pass"), on_click=UpwordsPhone.act("pass", VERSION), variant="outline",
                id="uw-pass", **BIG)),
            rx.cond(CAN["challenge"].to(bool), rx.button(
                label("challenge"), on_click=UpwordsPhone.act("challenge", VERSION),
                color_scheme="red", id="uw-challenge", **BIG)),
            wrap="wrap", spacing="2", justify="center", width="100%",
        ),
        spacing="2", width="100%",
    )


def playing() -> rx.Component:
    """The game on the phone."""
    return rx.vstack(
        # When the turn comes here, or the table changes during it, show the draft again.
        # (the key sits on a plain wrapper: React mounts its child again when the key changes)
        rx.cond(MY_TURN, rx.fragment(rx.box(on_mount=UpwordsPhone.sync, display="none"),
                                     key="sync-" + VERSION.to(str))),
        rx.hstack(
            rx.cond(MY_TURN,
                    rx.text(VM["status"].to(str), class_name="tg-your-turn", id="your-turn"),
                    rx.text(VM["status"].to(str), size="4", id="turn-of")),
            rx.spacer(),
            rx.button(rx.cond(UpwordsPhone.zoom, label("zoom_out"), label("zoom_in")),
                      on_click=UpwordsPhone.toggle_zoom, variant="soft", size="2", id="uw-zoom",
                      class_name="uw-zoom-button"),
            align="center", class_name="uw-topline",
        ),
        rx.cond(VM["ending"].to(str) != "", rx.text(VM["ending"].to(str), size="3", class_name="uw-warn")),
        rx.vstack(
            upwords_board(PAD["board"], size="phone", zoom=UpwordsPhone.zoom, id_prefix="psq-",
                          id="uw-phone-board",
                          on_tap=lambda cell: UpwordsPhone.tap_square(cell["r"].to(int), cell["c"].to(int))),
            rx.cond(UpwordsPhone.exchanging, exchange_bar(), preview()),
            rack(),
            buttons(),
            spacing="2", width="100%", align="center", class_name="uw-play-block",
            custom_attrs={"data-fit": "upwords-board-rack"},
        ),
        last_line(),
        others(),
        event_list(VM["events"], id="events-mini", mini=True),
        spacing="2", width="100%", align="center", class_name="uw-phone",
    )


def game_over() -> rx.Component:
    """This phone's result, the final standings (tiles left and their penalty), the board."""
    return rx.vstack(
        rx.heading(VM["game_over"].to(dict)["title"].to(str), size="7", id="uw-game-over"),
        rx.cond(VM["my_result"].to(str) != "", rx.text(VM["my_result"].to(str), size="5", weight="bold",
                                                       id="my-result")),
        rx.foreach(VM["standings"].to(list[dict]), lambda row: rx.box(
            rx.hstack(
                rx.text(row["name"].to(str), weight="bold", size="5"),
                rx.cond(row["winner"].to(bool), rx.badge("★ ", label("winner"), color_scheme="amber", size="2")),
                rx.spacer(),
                rx.text(row["score"].to(str), class_name="uw-final-score"),
                align="center", width="100%",
            ),
            rx.text(row["line"].to(str), size="2"),
            class_name="tg-mini uw-final-row", id="final-" + row["seat"].to(str),
        )),
        upwords_board(PAD["board"], size="phone", id_prefix="psq-", id="uw-phone-board"),
        event_list(VM["events"], mini=True),
        rx.text(label("waiting")),
        spacing="3", align="center", width="100%",
    )


def upwords_phone() -> rx.Component:
    """The Upwords phone during (and after) a game."""
    return rx.cond(VM["playing"].to(bool), playing(),
                   rx.fragment(game_over_panel(VM["game_over"]), game_over()))
