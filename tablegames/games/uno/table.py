"""UNO on the table screen: players, discard pile, colour, direction, events, scores.

Lays out what the view model says (``tablegames/games/uno/view_model.py``, read as
``S["vm"]``); the table's view holds no hand. The table fills the shell's game area
(``.tg-area``, whose height is ``--tg-area-h``) without scrolling: during play a grid of
the players, whose turn, the piles (sized from the area's height) and the latest events
(the oldest lines give way); the Greyskull call is a banner over the piles that fades out
(the event log keeps the line). Between hands the score table and the host's button take
the area; at the end the shared game-over curtain covers the final board.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.events import event_list
from tablegames.components.game_over import game_over_panel
from tablegames.games.uno.cards import card_back, color_swatch, uno_card
from tablegames.pages.common import S, online_dot
from tablegames.state.room import Screen

VM = S["vm"].to(dict)  # this screen's UNO view model
LABELS = VM["labels"].to(dict)


def player_chip(p: rx.Var) -> rx.Component:
    """A seat during play: name, card count, score, badges; highlighted on its turn."""
    return rx.box(
        rx.hstack(rx.text(p["name"].to(str), weight="bold", class_name="uc-seat-name"),
                  online_dot(p["seat"].to(int)), align="center", spacing="2"),
        rx.hstack(
            rx.text("🂠 ", p["detail"].to(str), class_name="tg-count uc-seat-count"),
            rx.text(p["score"].to(str), class_name="uc-seat-score"),
            rx.foreach(p["badges"].to(list[str]), lambda b: rx.badge(b, color_scheme="orange", size="2")),
            align="center", wrap="wrap", spacing="2",
        ),
        class_name=rx.cond(p["to_act"].to(bool), "tg-player tg-turn uc-seat", "tg-player uc-seat"),
        id="player-" + p["seat"].to(str),
        custom_attrs={"data-cards": p["cards"].to(str)},
    )


def seats() -> rx.Component:
    """Every player's chip, in seat order."""
    return rx.flex(rx.foreach(VM["players"].to(list[dict]), player_chip), class_name="uc-seats",
                   custom_attrs={"data-fit": "uno-players"})


def piles() -> rx.Component:
    """The draw pile, the discard's top card, the colour in play and the direction."""
    return rx.box(
        rx.vstack(card_back("table"), rx.text(VM["draw_pile"].to(str), class_name="uc-pile-line"),
                  align="center", spacing="2", id="draw-pile"),
        rx.box(uno_card(VM["top"].to(str), size="table", name=VM["top_name"].to(str), key=VM["top"].to(str),
                        class_name="tg-m-play"), id="discard-top"),  # a card played lands (assets/motion.css)
        rx.vstack(
            rx.text(LABELS["color_in_play"].to(str), class_name="uc-pile-line"),
            rx.cond(VM["color"].to(str) != "",
                    rx.box(color_swatch(VM["color"].to(str), label=VM["color_name"].to(str)),
                           id="color-in-play")),
            rx.text(VM["direction"].to(str), class_name="uc-direction", id="direction"),
            align="center", spacing="2",
        ),
        class_name="uc-piles", custom_attrs={"data-fit": "uno-piles"},
    )


def greyskull_banner() -> rx.Component:
    """The Greyskull call over the piles for a few seconds (then it fades; the log keeps it)."""
    return rx.cond(VM["greyskull"].to(str) != "",
                   rx.text(VM["greyskull"].to(str), class_name="uc-greyskull-banner", id="greyskull",
                           custom_attrs={"role": "status"}))


def board() -> rx.Component:
    """Players, whose turn and what is pending, the piles, the latest events."""
    return rx.box(
        seats(),
        rx.box(
            rx.text(VM["status"].to(str), class_name="uc-status", id="table-status"),
            rx.cond(VM["pending"].to(str) != "",
                    rx.text(VM["pending"].to(str), class_name="tg-pending uc-pending", id="pending")),
            rx.cond(VM["house"].to(str) != "",
                    rx.text(VM["house"].to(str), class_name="uc-house", id="house-rules")),
            class_name="uc-status-box",
        ),
        piles(),
        rx.box(event_list(VM["events"], id="events"), class_name="uc-log", custom_attrs={"data-fit-scroll": "events"}),
        greyskull_banner(),
        class_name="uc-board", id="uno-board",
    )


def hand_over() -> rx.Component:
    """Scores between hands (the host deals the next hand), then the latest events."""
    return rx.box(
        rx.box(
            rx.heading(VM["score_title"].to(str), size="7", id="hand-over"),
            rx.text(VM["hand_line"].to(str), class_name="uc-hand-line"),
            rx.el.table(
                rx.el.thead(rx.el.tr(rx.el.th(LABELS["player"].to(str), scope="col"),
                                     rx.el.th(LABELS["cards_left"].to(str), scope="col"),
                                     rx.el.th(LABELS["points"].to(str), scope="col"))),
                rx.el.tbody(rx.foreach(VM["scores"].to(list[dict]), lambda row: rx.el.tr(
                    rx.el.td(row["name"].to(str), " ", row["mark"].to(str)),
                    rx.el.td(row["cards"].to(str)), rx.el.td(row["score"].to(str)),
                    class_name=rx.cond(row["winner"].to(bool), "tg-winner", "")))),
                class_name="tg-scores uc-scores", id="scores",
            ),
            rx.text(VM["target_line"].to(str), class_name="uc-target", id="target"),
            rx.cond(S["is_host"], rx.button(VM["next_label"].to(str), size="4", class_name="uc-next",
                                            on_click=Screen.host("next_hand", -1), id="next-hand")),
            class_name="uc-hand-over", custom_attrs={"data-fit": "uno-hand-over"},
        ),
        rx.box(event_list(VM["events"], id="events"), class_name="uc-log", custom_attrs={"data-fit-scroll": "events"}),
        class_name="uc-between",
    )


def uno_table() -> rx.Component:
    """The UNO table: the board during play and under the final curtain; the scores
    between hands."""
    return rx.box(
        rx.cond(VM["phase"].to(str) == "hand_over", hand_over(), board()),
        game_over_panel(VM["game_over"], S["is_host"]),
        class_name="uc-table-screen",
    )
