"""UeStop! on the table screen: the Category Card and the Letter (or Number) Card large, the
race (who slapped, in what order, by how much), the answer with its automatic checks, the
votes, everybody's won cards and the Victory Card.

The Mandatory Letter is not spelled out while players race unless the table turns the
assist on (finding it is the game); once an answer is judged it is shown for the judges.

Every sentence and row comes from the view model (``games/uestop/view_model.py``); the
race's raw figures (tap and arrival times) sit in each row's details (a tooltip and the
row's ``data-*``), not in columns of their own.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.game_over import game_over_panel as shared_game_over
from tablegames.games.uestop.cards import (
    deck_back,
    hidden_card,
    number_card,
    suit_mark,
    victory_card,
    won_card,
    word_card,
)
from tablegames.games.uestop.phone import (
    LANG,
    PHASE,
    VM,
    badges,
    checks_view,
    clock_probe,
    event_lines,
    vm_flag,
    vm_list,
    vm_text,
)
from tablegames.games.uestop.state import UeStopUI
from tablegames.pages.common import S, as_list, online_dot, tr

ASSIST = UeStopUI.assist
LETTER_SHOWN = ASSIST | vm_flag("judging")


def player_chip(p: rx.Var) -> rx.Component:
    """A seat: name and points (as won cards), opener / sits out / Action Card."""
    seat = p["seat"].to(int)
    return rx.box(
        rx.hstack(rx.text(p["name"].to(str), class_name="ues-chip-name"), online_dot(seat),
                  align="center", spacing="2"),
        rx.hstack(
            rx.text(p["score"].to(str), class_name="ues-chip-points"),
            rx.flex(rx.foreach(p["won"].to(list[str]), won_card), wrap="wrap", spacing="1",
                    class_name="ues-won-row"),
            rx.flex(badges(p["badges"]), spacing="1", wrap="wrap"),
            align="center", spacing="2", wrap="wrap",
        ),
        class_name=p["class_name"].to(str), id="ues-player-" + seat.to_string(),
        custom_attrs={"data-points": p["points"].to_string()},
    )


def category_column() -> rx.Component:
    """The Category Card (face down on its suit while a Chá da Tarde answer is given)."""
    return rx.vstack(
        rx.text(tr("ui.uestop.category_card"), class_name="ues-label"),
        rx.cond(
            vm_flag("categories_hidden"),
            hidden_card(VM["category_suit"].to(str), tr("ui.uestop.no_peeking"), role="category", id="ues-category"),
            word_card(VM["category_card"].to(dict), role="category", lang=LANG, id="ues-category"),
        ),
        align="center", spacing="1",
    )


def revealed_column() -> rx.Component:
    """The Letter/Number Card, shown at ``reveal_time`` (countdown before); else the deck."""
    mandatory_suit = VM["mandatory_suit"].to(str)
    return rx.vstack(
        rx.text(vm_text("revealed_label"), class_name="ues-label"),
        rx.cond(
            VM["revealed"],
            rx.el.div(
                rx.cond(VM["revealed_kind"] == "number",
                        number_card(VM["number_length"], tr("ui.uestop.letters"), role="letter"),
                        word_card(VM["revealed"].to(dict), role="letter", lang=LANG, mandatory_suit=mandatory_suit,
                                  assist=ASSIST)),
                # inside the reveal: hidden with the card until reveal_time
                rx.cond(VM["mandatory_letter"] & LETTER_SHOWN,
                        rx.hstack(rx.text(tr("ui.uestop.mandatory_letter"), size="4"),
                                  suit_mark(mandatory_suit),
                                  rx.text(vm_text("mandatory_letter"), class_name="ues-mand-letter"),
                                  align="center", justify="center", id="ues-mandatory")),
                class_name="ues-reveal", id="ues-revealed",
                custom_attrs={"data-ues-at": vm_text("reveal_at")},
                key=vm_text("reveal_key"),
            ),
            deck_back(VM["deck_count"], role="letter", id="ues-deck"),
        ),
        align="center", spacing="1",
    )


def race_panel() -> rx.Component:
    """The race as people read it: who won, their reaction and the gap to the runner-up;
    one row per tap in finishing order (earliest tap on the server clock: a later arrival
    can win), a flagged tap marked ⚑ and explained in words under the rows. The raw
    figures (when each tap was made and when it reached the table) only in the collapsed
    "Timing details" (and the rows' ``data-*``)."""
    race = VM["race"].to(dict)

    def row(tap: rx.Var) -> rx.Component:
        seat = tap["seat"].to(int)
        flagged = tap["flagged"].to(bool)
        return rx.el.tr(
            rx.el.td(tap["place"].to(str), class_name="ues-place"),
            rx.el.td(rx.el.span(tap["name"].to(str)),
                     rx.cond(flagged, rx.el.span(tap["flag_text"].to(str), class_name="ues-flagged")),
                     class_name="ues-race-name"),
            rx.el.td(tap["reaction_text"].to(str), class_name="ues-reaction"),
            rx.el.td(tap["margin_text"].to(str), class_name="ues-margin"),
            class_name=tap["class_name"].to(str),
            id="ues-tap-" + seat.to_string(),
            custom_attrs={"data-seat": seat.to_string(), "data-place": tap["data_place"].to(str),
                          "data-margin": tap["data_margin"].to(str),
                          "data-reaction": tap["data_reaction"].to(str),
                          "data-arrival": tap["data_arrival"].to(str),
                          "data-flagged": rx.cond(flagged, "1", "0")},
        )

    title_id = race["title_id"].to(str)
    return rx.box(
        rx.match(
            title_id,
            ("ues-race-winner", rx.text(race["title"].to(str), class_name="ues-race-title", id="ues-race-winner")),
            ("ues-race-deciding", rx.text(race["title"].to(str), class_name="ues-race-title",
                                          id="ues-race-deciding")),
            rx.text(race["title"].to(str), class_name="ues-race-title ues-slap-now", id="ues-slap-now"),
        ),
        rx.cond(race["summary"], rx.text(race["summary"].to(str), class_name="ues-race-summary",
                                         id="ues-race-summary")),
        rx.cond(race["show_rows"].to(bool), rx.fragment(
            rx.el.table(
                rx.el.thead(rx.el.tr(rx.el.th("#"), rx.el.th(tr("ui.player")), rx.el.th(tr("ui.uestop.reaction")),
                                     rx.el.th(tr("ui.uestop.margin")))),
                rx.el.tbody(rx.foreach(as_list(race["rows"], dict), row)),
                class_name="ues-race", id="ues-race"),
            rx.foreach(as_list(race["flagged_lines"], str),
                       lambda line: rx.text(line, class_name="ues-flag-line")),
            rx.el.details(
                rx.el.summary(race["details_title"].to(str)),
                rx.foreach(as_list(race["details"], str), lambda line: rx.el.div(line)),
                class_name="ues-details", id="ues-race-details",
            ),
        )),
        class_name="ues-panel", id="ues-race-panel",
    )


def answer_panel() -> rx.Component:
    """The answer: typed texts per category with the automatic checks, or said aloud."""
    ans = VM["answer"].to(dict)
    return rx.box(
        rx.text(ans["title"].to(str), class_name="ues-panel-title"),
        rx.cond(
            ans["spoken"].to(bool),
            rx.cond(ans["category_text"],
                    rx.hstack(rx.text(ans["category_n"].to(str), class_name="ues-cat-n"),
                              rx.text(ans["category_text"].to(str), size="6"),
                              align="center", class_name="ues-answer-row", id="ues-spoken-category"),
                    rx.text(tr("ui.uestop.listen_table"), size="5", id="ues-spoken-any")),
            rx.vstack(rx.foreach(as_list(ans["lines"], dict), lambda ln: rx.hstack(
                rx.text(ln["n"].to(str), class_name="ues-cat-n"),
                rx.text(ln["text"].to(str), class_name="ues-answer-text"),
                rx.text(ln["category"].to(str), size="2", class_name="ues-answer-cat"),
                align="center", class_name="ues-answer-row", id="ues-answer-" + ln["index"].to_string())),
                spacing="1", width="100%"),
        ),
        rx.cond(ans["skip_text"], rx.text(ans["skip_text"].to(str), size="3")),
        rx.cond(ans["mandatory_text"], rx.text(ans["mandatory_text"].to(str), size="4")),
        checks_view(ans["checks"], size="4"),
        class_name="ues-panel", id="ues-answer-panel",
    )


def votes_panel() -> rx.Component:
    """The votes so far (who voted what); the majority decides."""
    votes = VM["votes"].to(dict)
    return rx.box(
        rx.text(tr("ui.uestop.votes"), class_name="ues-panel-title"),
        rx.hstack(
            rx.text(votes["accept_text"].to(str), class_name="ues-ok ues-vote-count", id="ues-votes-accept"),
            rx.text(votes["reject_text"].to(str), class_name="ues-bad ues-vote-count", id="ues-votes-reject"),
            rx.text(votes["voters_text"].to(str), size="4"),
            align="center", spacing="4",
        ),
        rx.flex(rx.foreach(as_list(votes["by_seat"], dict), lambda v: rx.badge(
            v["text"].to(str), color_scheme=v["color"].to(str), size="3")), wrap="wrap", spacing="2"),
        class_name="ues-panel", id="ues-votes",
    )


def status_panel() -> rx.Component:
    """What the table waits for, by phase."""
    return rx.box(
        rx.match(
            PHASE,
            ("reading", rx.vstack(
                rx.text(tr("ui.uestop.read_aloud"), class_name="ues-panel-title"),
                rx.text(vm_text("opener_text"), size="5", id="ues-status-opener"),
                rx.cond(VM["table_discard_text"], rx.text(vm_text("table_discard_text"), size="3")),
                spacing="1")),
            ("answering", rx.vstack(
                rx.text(vm_text("listen_text_all"), class_name="ues-panel-title", id="ues-status-answering"),
                rx.text(tr("ui.uestop.say_it"), size="4"),
                spacing="1")),
            ("penalty", rx.text(vm_text("penalty_text"), class_name="ues-panel-title")),
            rx.fragment(),
        ),
        class_name="ues-panel", id="ues-status",
    )


def last_round() -> rx.Component:
    """The last finished round, in one line (shown while the next one is read)."""
    return rx.cond(VM["last_round_text"], rx.text(vm_text("last_round_text"), size="4", id="ues-last-round"))


def toolbar() -> rx.Component:
    """Round, mode, points to win; the Mandatory Letter assist toggle."""
    return rx.hstack(
        rx.text(vm_text("round_text"), size="5", weight="bold", id="ues-round"),
        rx.badge(vm_text("mode_text"), size="3"),
        rx.text(vm_text("target_text"), size="4"),
        rx.spacer(),
        rx.button(rx.cond(ASSIST, "★ ", "☆ "), tr("ui.uestop.assist"), on_click=UeStopUI.toggle_assist,
                  variant=rx.cond(ASSIST, "solid", "outline"), size="2", id="ues-assist", class_name="ues-assist",
                  aria_pressed=rx.cond(ASSIST, "true", "false")),
        width="100%", align="center", spacing="4", wrap="wrap", class_name="ues-toolbar",
    )


def board() -> rx.Component:
    """The round: the toolbar, the two cards, the race / answer / votes / status beside them
    (under them on a portrait tablet), the players; sized to the table's area (uestop.css)."""
    return rx.box(
        toolbar(),
        rx.box(category_column(), revealed_column(), class_name="ues-cards", custom_attrs={"data-fit": "cards"}),
        rx.box(
            rx.cond(VM["race"], race_panel()),
            rx.cond(vm_flag("judging"), rx.fragment(answer_panel(), votes_panel())),
            rx.cond(~vm_flag("judging") & ~vm_flag("race_open"), status_panel()),
            last_round(),
            event_lines(mini=False, id="events"),
            class_name="ues-side", custom_attrs={"data-fit": "side"},
        ),
        rx.box(rx.foreach(vm_list("players"), player_chip), class_name="ues-players", id="ues-players",
               custom_attrs={"data-fit": "players"}),
        class_name="ues-board",
    )


def game_over() -> rx.Component:
    """The Victory Card for the winner (or the tied winners); the standings; host: rematch."""
    over = VM["game_over"].to(dict)
    return shared_game_over(  # the shared curtain, with the Victory Card under the winner
        VM["game_over"], S["is_host"].to(bool),
        rx.cond(over["victory_name"],
                victory_card(over["victory_name"].to(str), tr("ui.uestop.victory"), id="ues-victory"),
                rx.text(over["tied_text"].to(str), size="6", id="ues-tied")),
        rx.text(over["rounds_text"].to(str), size="4"),
    )


def uestop_table() -> rx.Component:
    """The UeStop! table during a game."""
    return rx.box(
        clock_probe(),
        rx.cond(PHASE == "game_over",
                rx.box(game_over(), event_lines(mini=False, id="events"), class_name="ues-over",
                       custom_attrs={"data-fit": "game-over"}),
                board()),
        class_name="ues-table", id="ues-table",
    )
