"""UeStop! on the table screen: the Category Card and the Letter (or Number) Card large, the
race (who slapped, in what order, by how much, and when each tap arrived), the answer
with its automatic checks, the votes, everybody's won cards and the Victory Card.

The Mandatory Letter is not spelled out while players race unless the table turns the
assist on (finding it is the game); once an answer is judged it is shown for the judges.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.timers import every
from tablegames.games.uestop.cards import (
    deck_back,
    hidden_card,
    number_card,
    suit_mark,
    victory_card,
    won_card,
    word_card,
)
from tablegames.pages.common import VIEW, S, as_list, as_players, online_dot, tr
from tablegames.games.uestop.phone import checks_view, clock_probe, event_lines, trv
from tablegames.state.room import Screen
from tablegames.games.uestop.state import UeStopClock, UeStopUI

PLAYERS = as_players()
PHASE = VIEW["phase"].to(str)
RACE = VIEW["race"].to(dict)
TAPS = as_list(RACE["taps"], dict)
ANSWER = VIEW["answer"].to(dict)
VOTES = VIEW["votes"].to(dict)
LANG = Screen.language
ASSIST = UeStopUI.assist
ANSWERER = VIEW["answerer"].to(int)
ANSWERER_NAME = PLAYERS[ANSWERER]["name"].to(str)
CATS = VIEW["category_card"].to(dict)["categories"].to(list[dict[str, str]])
LETTER_SHOWN = ASSIST | (PHASE == "judging")


def player_chip(p: rx.Var) -> rx.Component:
    """A seat: name, points as won cards, opener / sits out / Action Card."""
    seat = p["seat"].to(int)
    cls = rx.cond((PHASE == "answering") & (seat == ANSWERER), "tg-player ues-player tg-turn",
                  "tg-player ues-player")
    return rx.box(
        rx.hstack(rx.text(p["name"].to(str), weight="bold", size="6"), online_dot(seat), align="center"),
        rx.hstack(
            rx.text(p["points"].to_string(), class_name="ues-chip-points"),
            rx.flex(rx.foreach(p["won"].to(list[str]), won_card), wrap="wrap", spacing="1",
                    class_name="ues-won-row"),
            align="center", spacing="2",
        ),
        rx.hstack(
            rx.cond(p["opener"].to(bool), rx.badge("▶ ", tr("ui.uestop.opener"), size="2", color_scheme="amber")),
            rx.cond(p["benched"].to(bool), rx.badge(tr("ui.uestop.benched"), size="2", color_scheme="red")),
            rx.cond(p["action"].to(str) == "pular", rx.badge(tr("ui.uestop.action_pular"), size="2")),
            rx.cond(p["action"].to(str) == "usado",
                    rx.badge(tr("ui.uestop.action_usado"), size="2", color_scheme="gray")),
            spacing="1", wrap="wrap",
        ),
        class_name=cls, id="ues-player-" + seat.to_string(),
        custom_attrs={"data-points": p["points"].to_string()},
    )


def category_column() -> rx.Component:
    """The Category Card (face down on its suit while a Chá da Tarde answer is given)."""
    card = VIEW["category_card"].to(dict)
    return rx.vstack(
        rx.text(tr("ui.uestop.category_card"), class_name="ues-label"),
        rx.cond(
            VIEW["categories_hidden"].to(bool),
            hidden_card(card["suit"].to(str), tr("ui.uestop.no_peeking"), role="category", id="ues-category"),
            word_card(card, role="category", lang=LANG, id="ues-category"),
        ),
        align="center", spacing="1",
    )


def revealed_column() -> rx.Component:
    """The Letter/Number Card, shown at ``reveal_time`` (countdown before); else the deck."""
    rev = VIEW["revealed"].to(dict)
    return rx.vstack(
        rx.text(rx.cond(VIEW["revealed"],
                        rx.cond(rev["kind"].to(str) == "number", tr("ui.uestop.number_card"),
                                tr("ui.uestop.letter_card")),
                        tr("ui.uestop.deck")), class_name="ues-label"),
        rx.cond(
            VIEW["revealed"],
            rx.el.div(
                rx.cond(rev["kind"].to(str) == "number",
                        number_card(rev["length"], tr("ui.uestop.letters"), role="letter"),
                        word_card(rev, role="letter", lang=LANG, mandatory_suit=VIEW["mandatory_suit"].to(str),
                                  assist=ASSIST)),
                # inside the reveal: hidden with the card until reveal_time
                rx.cond(VIEW["mandatory_letter"] & LETTER_SHOWN,
                        rx.hstack(rx.text(tr("ui.uestop.mandatory_letter"), size="4"),
                                  suit_mark(VIEW["mandatory_suit"].to(str)),
                                  rx.text(VIEW["mandatory_letter"].to(str), class_name="ues-mand-letter"),
                                  align="center", justify="center", id="ues-mandatory")),
                class_name="ues-reveal", id="ues-revealed",
                custom_attrs={"data-ues-at": (VIEW["reveal_time"].to(float) * 1000).to_string()},
                key=VIEW["reveal_time"].to_string(),
            ),
            deck_back(VIEW["deck_count"], role="letter", id="ues-deck"),
        ),
        align="center", spacing="1",
    )


def race_panel(compact: rx.Var | bool = False) -> rx.Component:
    """Who slapped, in finishing order (earliest tap on the server clock), with the margin
    behind the winner and when each tap arrived (fairness: a later arrival can win)."""
    winner = RACE["winner"]

    def row(tap: rx.Var) -> rx.Component:
        seat = tap["seat"].to(int)
        late = tap["late"].to(bool)
        place = rx.cond(late, "—", tap["place"].to_string())
        return rx.el.tr(
            rx.el.td(place, class_name="ues-place"),
            rx.el.td(PLAYERS[seat]["name"].to(str),
                     rx.cond(tap["flagged"].to(bool),
                             rx.el.span(" ⚑ ", tr("ui.uestop.flagged"), class_name="ues-flagged",
                                        title=tr("ui.uestop.flagged_help"))),
                     class_name="ues-race-name"),
            rx.el.td(rx.cond(late, tr("ui.uestop.late"),
                             rx.cond(tap["place"].to(int) == 1, "—", "+" + tap["margin_ms"].to_string() + " ms")),
                     class_name="ues-margin"),
            rx.el.td(tap["reaction_ms"].to_string(), " ms", class_name="ues-small"),
            rx.el.td(tap["arrival_ms"].to_string(), " ms",
                     rx.cond(tap["adjusted"].to(bool), " *", ""), class_name="ues-small"),
            class_name=rx.cond(tap["place"].to(int) == 1, "ues-race-row ues-first", "ues-race-row"),
            id="ues-tap-" + seat.to_string(),
            custom_attrs={"data-seat": seat.to_string(), "data-place": tap["place"].to_string(),
                          "data-margin": tap["margin_ms"].to_string(),
                          "data-reaction": tap["reaction_ms"].to_string(),
                          "data-arrival": tap["arrival_ms"].to_string(),
                          "data-flagged": rx.cond(tap["flagged"].to(bool), "1", "0")},
        )

    return rx.box(
        rx.cond(
            winner.is_not_none(),
            rx.text(PLAYERS[winner.to(int)]["name"].to(str), " ", tr("ui.uestop.won_race"),
                    rx.cond(TAPS.length() > 1, " " + tr("ui.uestop.by") + " " + TAPS[1].to(dict)["margin_ms"].to_string()
                            + " ms", ""),
                    class_name="ues-race-title", id="ues-race-winner"),
            rx.cond(TAPS.length() > 0,
                    rx.text(tr("ui.uestop.deciding"), class_name="ues-race-title", id="ues-race-deciding"),
                    rx.text(tr("ui.uestop.slap_now"), class_name="ues-race-title ues-slap-now", id="ues-slap-now"))),
        rx.cond((TAPS.length() > 0) & ~compact, rx.el.table(
            rx.el.thead(rx.el.tr(rx.el.th("#"), rx.el.th(tr("ui.player")), rx.el.th(tr("ui.uestop.margin")),
                                 rx.el.th(tr("ui.uestop.reaction")), rx.el.th(tr("ui.uestop.arrived")))),
            rx.el.tbody(rx.foreach(TAPS, row)),
            class_name="ues-race", id="ues-race")),
        class_name="ues-panel", id="ues-race-panel",
    )


def answer_panel() -> rx.Component:
    """The answer: typed texts per category with the automatic checks, or said aloud."""
    texts = as_list(ANSWER["texts"], str)
    checks = as_list(ANSWER["checks"], dict)

    return rx.box(
        rx.text(ANSWERER_NAME, " — ", rx.cond(ANSWER["spoken"].to(bool), tr("ui.uestop.answer_spoken"),
                                              tr("ui.uestop.answer_typed")), class_name="ues-panel-title"),
        rx.cond(
            ANSWER["spoken"].to(bool),
            rx.cond(ANSWER["category"].is_not_none(),
                    rx.hstack(rx.text((ANSWER["category"].to(int) + 1).to_string(), class_name="ues-cat-n"),
                              rx.text(CATS[ANSWER["category"].to(int)].to(dict)[LANG].to(str), size="6"),
                              align="center", class_name="ues-answer-row", id="ues-spoken-category"),
                    rx.text(tr("ui.uestop.listen_table"), size="5", id="ues-spoken-any")),
            rx.vstack(rx.foreach(texts, lambda text, i: rx.cond(
                text,
                rx.hstack(rx.text((i + 1).to_string(), class_name="ues-cat-n"),
                          rx.text(text.to(str), class_name="ues-answer-text"),
                          rx.text(CATS[i].to(dict)[LANG].to(str), size="2", class_name="ues-answer-cat"),
                          align="center", class_name="ues-answer-row", id="ues-answer-" + i.to_string()))),
                      spacing="1", width="100%"),
        ),
        rx.cond(ANSWER["skip"].is_not_none(), rx.text(tr("ui.uestop.skipped"), " ", (ANSWER["skip"].to(int) + 1).to_string(),
                                        size="3")),
        rx.cond(ANSWER["spoken"].to(bool) & ANSWER["mandatory"],
                rx.text(tr("ui.uestop.mandatory_used_n"), ": ", ANSWER["mandatory"].to_string(), size="4")),
        checks_view(checks, size="4"),
        class_name="ues-panel", id="ues-answer-panel",
    )


def votes_panel() -> rx.Component:
    """The votes so far (who voted what); the majority decides."""
    by_seat = as_list(VOTES["by_seat"], dict)
    return rx.box(
        rx.text(tr("ui.uestop.votes"), class_name="ues-panel-title"),
        rx.hstack(
            rx.text("✔ ", VOTES["accept"].to_string(), class_name="ues-ok ues-vote-count", id="ues-votes-accept"),
            rx.text("✘ ", VOTES["reject"].to_string(), class_name="ues-bad ues-vote-count", id="ues-votes-reject"),
            rx.text("/ ", VOTES["voters"].to_string(), " ", tr("ui.uestop.voters"), size="4"),
            align="center", spacing="4",
        ),
        rx.flex(rx.foreach(by_seat, lambda v: rx.badge(
            PLAYERS[v["seat"].to(int)]["name"].to(str), " ", rx.cond(v["accept"].to(bool), "✔", "✘"),
            color_scheme=rx.cond(v["accept"].to(bool), "grass", "red"), size="3")), wrap="wrap", spacing="2"),
        class_name="ues-panel", id="ues-votes",
    )


def status_panel() -> rx.Component:
    """What the table waits for, by phase."""
    opener = PLAYERS[VIEW["opener"].to(int)]["name"].to(str)
    agreed = as_list(VIEW["discard_agree"], int)
    return rx.box(
        rx.match(
            PHASE,
            ("reading", rx.vstack(
                rx.text(tr("ui.uestop.read_aloud"), class_name="ues-panel-title"),
                rx.text(opener, " ", tr("ui.uestop.opens_next"), size="5", id="ues-status-opener"),
                rx.cond(agreed.length() > 0, rx.text(agreed.length().to_string(), " / ",
                                                     PLAYERS.length().to_string(), " ",
                                                     tr("ui.uestop.discard_count"), size="3")),
                spacing="1")),
            ("answering", rx.vstack(
                rx.text(ANSWERER_NAME, " ", tr("ui.uestop.answering_other"), class_name="ues-panel-title",
                        id="ues-status-answering"),
                rx.text(tr("ui.uestop.say_it"), size="4"),
                spacing="1")),
            ("penalty", rx.text(PLAYERS[VIEW["pending"].to(dict)["by"].to(int)]["name"].to(str), " ",
                                tr("ui.uestop.penalty_choosing"), class_name="ues-panel-title")),
            rx.fragment(),
        ),
        class_name="ues-panel", id="ues-status",
    )


def last_round() -> rx.Component:
    """The last finished round, in one line (shown while the next one is read)."""
    history = as_list(VIEW["history"], dict)
    last = history[history.length() - 1].to(dict)
    return rx.cond(
        (PHASE == "reading") & (history.length() > 0),
        rx.text(tr("ui.uestop.last_round"), ": ",
                rx.cond(last["answerer"].is_not_none(), PLAYERS[last["answerer"].to(int)]["name"].to(str) + " — ", ""),
                trv("ui.uestop.result.", last["result"]),
                size="4", id="ues-last-round"),
    )


def toolbar() -> rx.Component:
    """Round, mode, points to win; the Mandatory Letter assist toggle."""
    return rx.hstack(
        rx.text(tr("ui.uestop.round"), " ", VIEW["round"].to_string(), size="5", weight="bold", id="ues-round"),
        rx.badge(trv("ui.uestop.mode.", VIEW["mode"]), size="3"),
        rx.text(tr("ui.uestop.to_win"), ": ", VIEW["target"].to_string(), size="4"),
        rx.spacer(),
        rx.button(rx.cond(ASSIST, "★ ", "☆ "), tr("ui.uestop.assist"), on_click=UeStopUI.toggle_assist,
                  variant=rx.cond(ASSIST, "solid", "outline"), size="2", id="ues-assist",
                  aria_pressed=rx.cond(ASSIST, "true", "false")),
        width="100%", align="center", spacing="4",
    )


def board() -> rx.Component:
    """The cards, the race, the answer and the votes."""
    return rx.vstack(
        toolbar(),
        rx.flex(
            category_column(),
            revealed_column(),
            rx.vstack(
                rx.cond(VIEW["race"], race_panel(compact=PHASE == "judging")),
                rx.cond(PHASE == "judging", rx.fragment(answer_panel(), votes_panel())),
                rx.cond((PHASE != "judging") & (PHASE != "race"), status_panel()),
                last_round(),
                spacing="3", class_name="ues-side",
            ),
            wrap="wrap", spacing="5", justify="center", align="start", width="100%",
        ),
        spacing="3", width="100%",
    )


def game_over() -> rx.Component:
    """The Victory Card for the winner; everybody's won cards; host: rematch."""
    winners = as_list(VIEW["winners"], int)
    victory = VIEW["victory"]
    return rx.flex(
        rx.cond(victory.is_not_none(),
                victory_card(PLAYERS[victory.to(int)]["name"].to(str), tr("ui.uestop.victory"), id="ues-victory"),
                rx.text(tr("ui.uestop.tied"), " ",
                        rx.foreach(winners, lambda w: rx.text(PLAYERS[w]["name"].to(str), " ★ ", as_="span")),
                        size="6", id="ues-tied")),
        rx.vstack(
            rx.heading(tr("ui.game_over"), size="8", id="game-over"),
            rx.text(as_list(VIEW["history"], dict).length().to_string(), " ", tr("ui.uestop.rounds_played"), size="4"),
            rx.cond(S["is_host"], rx.button(tr("ui.rematch"), size="4", on_click=Screen.host("rematch", -1),
                                            id="rematch")),
            spacing="4", align="start",
        ),
        spacing="6", align="center", justify="center", width="100%", wrap="wrap",
    )


def uestop_table() -> rx.Component:
    """The UeStop! table during a game."""
    return rx.vstack(
        clock_probe(),
        rx.cond((PHASE == "race") & (TAPS.length() > 0),
                every(1000, UeStopClock.watchdog)),
        rx.cond(PHASE == "game_over", game_over(), board()),
        rx.flex(rx.foreach(PLAYERS, player_chip), wrap="wrap", spacing="3", justify="center", width="100%",
                id="ues-players"),
        rx.vstack(event_lines("5"), class_name="tg-events", id="events"),
        spacing="4", width="100%", align="center", class_name="ues-table", id="ues-table",
    )
