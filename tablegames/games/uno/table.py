"""UNO on the table screen: players, discard pile, colour, direction, events, scores."""

from __future__ import annotations

import reflex as rx

from tablegames.games.uno.cards import card_back, color_swatch, uno_card
from tablegames.pages.common import VIEW, S, as_list, as_players, online_dot, tr
from tablegames.state.room import Screen

PLAYERS = as_players()


def player_chip(p: rx.Var) -> rx.Component:
    """A seat during play: name, card count, score, UNO flag; highlighted on its turn."""
    is_turn = p["seat"].to(int) == VIEW["turn"].to(int)
    return rx.box(
        rx.hstack(rx.text(p["name"].to(str), weight="bold", size="5"), online_dot(p["seat"].to(int)),
                  align="center"),
        rx.hstack(
            rx.text("🂠 ", p["cards"].to(str), size="6", class_name="tg-count"),
            rx.text(tr("ui.points"), ": ", p["score"].to(str), size="3"),
            rx.cond(p["uno"].to(bool), rx.badge("UNO!", color_scheme="orange", size="2")),
            rx.cond(p["out"].to(bool), rx.badge(tr("ui.out"), color_scheme="gray")),
            align="center",
        ),
        class_name=rx.cond(is_turn, "tg-player tg-turn", "tg-player"),
        id="player-" + p["seat"].to(str),
        custom_attrs={"data-cards": p["cards"].to(str)},
    )


def board() -> rx.Component:
    """Discard top, colour in play, direction, draw pile, whose turn, events."""
    return rx.vstack(
        rx.flex(rx.foreach(PLAYERS, player_chip), wrap="wrap", spacing="3", justify="center"),
        rx.hstack(
            rx.vstack(card_back("table"), rx.text(tr("ui.draw_pile"), ": ", VIEW["draw_count"].to(str)),
                      align="center", id="draw-pile"),
            rx.box(uno_card(VIEW["top"].to(str), size="table"), id="discard-top"),
            rx.vstack(
                rx.text(tr("ui.color_in_play"), size="3"),
                rx.cond(VIEW["color"].to(str) != "", rx.box(color_swatch(VIEW["color"].to(str)), id="color-in-play")),
                rx.text(rx.cond(VIEW["direction"].to(int) == 1, "↻ ", "↺ "),
                        rx.cond(VIEW["direction"].to(int) == 1, tr("ui.clockwise"), tr("ui.counterclockwise")),
                        size="5", id="direction"),
                align="center",
            ),
            spacing="8", align="center", justify="center", width="100%",
        ),
        rx.cond(S["greyskull"].to(bool),
                rx.text(tr("ui.greyskull_call"), class_name="tg-greyskull", id="greyskull")),
        rx.vstack(rx.foreach(as_list(S["event_lines"]), lambda line: rx.text(line, size="5")),
                  class_name="tg-events", id="events"),
        spacing="5", width="100%", align="center",
    )


def hand_over() -> rx.Component:
    """Scores between hands and the final standings; host: next hand or rematch."""
    return rx.vstack(
        rx.cond(VIEW["phase"] == "game_over",
                rx.heading(tr("ui.game_over"), size="8", id="game-over"),
                rx.heading(tr("ui.hand_over"), size="7", id="hand-over")),
        rx.el.table(
            rx.el.thead(rx.el.tr(rx.el.th(tr("ui.player")), rx.el.th(tr("ui.cards_left")),
                                 rx.el.th(tr("ui.points")))),
            rx.el.tbody(rx.foreach(PLAYERS, lambda p: rx.el.tr(
                rx.el.td(p["name"].to(str),
                         rx.cond(as_list(VIEW["winners"], int).contains(p["seat"].to(int)), " 🏆", "")),
                rx.el.td(p["cards"].to(str)), rx.el.td(p["score"].to(str))))),
            class_name="tg-scores", id="scores",
        ),
        rx.cond(S["is_host"],
                rx.cond(VIEW["phase"] == "game_over",
                        rx.button(tr("ui.rematch"), size="4", on_click=Screen.host("rematch", -1), id="rematch"),
                        rx.button(tr("ui.next_hand"), size="4", on_click=Screen.host("next_hand", -1),
                                  id="next-hand"))),
        spacing="4", align="center",
    )


def uno_table() -> rx.Component:
    """The UNO table during a game."""
    return rx.vstack(board(), rx.cond(VIEW["phase"] != "play", hand_over()), width="100%")
