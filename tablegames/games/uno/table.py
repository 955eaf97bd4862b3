"""UNO on the table screen: players, discard pile, colour, direction, events, scores.

Lays out what the view model says (``tablegames/games/uno/view_model.py``, read as
``S["vm"]``); the table's view holds no hand. Between hands the score table and the
host's button come first, so they stay above the fold.
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
        rx.hstack(rx.text(p["name"].to(str), weight="bold", size="5"), online_dot(p["seat"].to(int)),
                  align="center"),
        rx.hstack(
            rx.text("🂠 ", p["detail"].to(str), size="5", class_name="tg-count"),
            rx.text(p["score"].to(str), size="3"),
            rx.foreach(p["badges"].to(list[str]), lambda b: rx.badge(b, color_scheme="orange", size="2")),
            align="center", wrap="wrap",
        ),
        class_name=rx.cond(p["to_act"].to(bool), "tg-player tg-turn", "tg-player"),
        id="player-" + p["seat"].to(str),
        custom_attrs={"data-cards": p["cards"].to(str)},
    )


def board() -> rx.Component:
    """Discard top, colour in play, direction, draw pile, whose turn, what is pending, events."""
    return rx.vstack(
        rx.flex(rx.foreach(VM["players"].to(list[dict]), player_chip), wrap="wrap", spacing="3", justify="center"),
        rx.text(VM["status"].to(str), size="6", weight="bold", id="table-status"),
        rx.hstack(
            rx.vstack(card_back("table"), rx.text(VM["draw_pile"].to(str)), align="center", id="draw-pile"),
            rx.box(uno_card(VM["top"].to(str), size="table", name=VM["top_name"].to(str)), id="discard-top"),
            rx.vstack(
                rx.text(LABELS["color_in_play"].to(str), size="3"),
                rx.cond(VM["color"].to(str) != "",
                        rx.box(color_swatch(VM["color"].to(str), label=VM["color_name"].to(str)),
                               id="color-in-play")),
                rx.text(VM["direction"].to(str), size="5", id="direction"),
                align="center",
            ),
            spacing="8", align="center", justify="center", width="100%",
        ),
        rx.cond(VM["pending"].to(str) != "",
                rx.text(VM["pending"].to(str), size="5", class_name="tg-pending", id="pending")),
        rx.cond(VM["greyskull"].to(str) != "",
                rx.text(VM["greyskull"].to(str), class_name="tg-greyskull uc-greyskull-banner", id="greyskull")),
        event_list(VM["events"], id="events"),
        spacing="5", width="100%", align="center",
    )


def hand_over() -> rx.Component:
    """Scores between hands (the host deals the next hand)."""
    return rx.vstack(
        rx.heading(VM["score_title"].to(str), size="7", id="hand-over"),
        rx.text(VM["hand_line"].to(str), size="5"),
        rx.el.table(
            rx.el.thead(rx.el.tr(rx.el.th(LABELS["player"].to(str)), rx.el.th(LABELS["cards_left"].to(str)),
                                 rx.el.th(LABELS["points"].to(str)))),
            rx.el.tbody(rx.foreach(VM["scores"].to(list[dict]), lambda row: rx.el.tr(
                rx.el.td(row["name"].to(str), " ", row["mark"].to(str)),
                rx.el.td(row["cards"].to(str)), rx.el.td(row["score"].to(str)),
                class_name=rx.cond(row["winner"].to(bool), "tg-winner", "")))),
            class_name="tg-scores", id="scores",
        ),
        rx.text(VM["target_line"].to(str), size="3", id="target"),
        rx.cond(S["is_host"], rx.button(VM["next_label"].to(str), size="4", on_click=Screen.host("next_hand", -1),
                                        id="next-hand")),
        spacing="4", align="center",
    )


def game_over() -> rx.Component:
    """The winner and the final standings (the host's Rematch), with the points target."""
    return rx.vstack(
        game_over_panel(VM["game_over"], S["is_host"]),
        rx.text(VM["target_line"].to(str), size="3", id="target"),
        spacing="3", align="center",
    )


def uno_table() -> rx.Component:
    """The UNO table: the scores first between hands, then the board."""
    phase = VM["phase"].to(str)
    return rx.vstack(rx.cond(phase == "hand_over", hand_over()), rx.cond(phase == "game_over", game_over()),
                     board(), width="100%", align="center")
