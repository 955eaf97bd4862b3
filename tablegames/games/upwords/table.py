"""Upwords on the table screen: the big board (with the tiles being placed, live), whose
turn, the last play and its score, scores and rack sizes, the bag, events, final standings.

The table sees no rack: its view is ``view(state, None)`` and the live tiles come from
``UpwordsDraft`` (tiles already put on the board by the player on turn).
"""

from __future__ import annotations

import reflex as rx

from tablegames.games.upwords.board import legend, upwords_board
from tablegames.pages.common import VIEW, S, as_list, as_players, online_dot, tr
from tablegames.state.room import Screen
from tablegames.games.upwords.state import UpwordsTable

PLAYERS = as_players()
TABLE = UpwordsTable.table
LAST = VIEW["last"].to(dict)
TURN = VIEW["turn"].to(int)
PLAYING = VIEW["phase"].to(str) != "game_over"


def player_row(p: rx.Var) -> rx.Component:
    """A seat: name, online dot, score, tiles on the rack; highlighted on its turn."""
    seat = p["seat"].to(int)
    return rx.box(
        rx.hstack(
            rx.text(p["name"].to(str), weight="bold", size="6", class_name="uw-pname"),
            online_dot(seat),
            rx.spacer(),
            rx.text(p["score"].to(str), class_name="uw-score", id="score-" + seat.to(str)),
            align="center", width="100%",
        ),
        rx.hstack(
            rx.text(tr("ui.upwords.rack_tiles"), ": ", p["tiles"].to(str), size="3"),
            rx.cond(p["loses_turn"].to(bool),
                    rx.badge(tr("ui.upwords.loses_turn"), color_scheme="orange", size="2")),
            align="center",
        ),
        class_name=rx.cond(PLAYING & (seat == TURN), "tg-player tg-turn uw-player", "tg-player uw-player"),
        id="uw-player-" + seat.to(str),
        custom_attrs={"data-score": p["score"].to(str), "data-tiles": p["tiles"].to(str)},
    )


def turn_banner() -> rx.Component:
    """Whose turn; how many tiles they have put down so far (live)."""
    name = PLAYERS[TURN]["name"].to(str)
    return rx.cond(
        PLAYING,
        rx.vstack(
            rx.text(tr("ui.turn_of"), " ", rx.el.strong(name), class_name="uw-turn-line", id="uw-turn"),
            rx.cond(VIEW["phase"].to(str) == "ending",
                    rx.text(tr("ui.upwords.ending"), size="4", class_name="uw-warn", id="uw-ending")),
            rx.cond(TABLE["live"].to(int) > 0,
                    rx.text("✚ ", name, " ", tr("ui.upwords.is_placing"), " (", TABLE["live"].to(str), ")",
                            size="5", class_name="uw-live", id="uw-live")),
            spacing="1", width="100%",
        ),
    )


def last_play() -> rx.Component:
    """The last play: who, the words with their scores, the total; challenge window."""
    return rx.box(
        rx.text(tr("ui.upwords.last_play"), size="3", class_name="uw-label"),
        rx.cond(
            VIEW["last"],
            rx.vstack(
                rx.hstack(
                    rx.text(PLAYERS[LAST["seat"].to(int)]["name"].to(str), weight="bold", size="6"),
                    rx.spacer(),
                    rx.text(
                        rx.cond(LAST["withdrawn"].to(bool), "0", "+" + LAST["score"].to(str)),
                        class_name="uw-last-score", id="uw-last-score",
                        custom_attrs={"data-score": LAST["score"].to(str)},
                    ),
                    width="100%", align="center",
                ),
                rx.flex(
                    rx.foreach(LAST["words"].to(list[dict]), lambda w: rx.box(
                        rx.text(w["word"].to(str), class_name="uw-word"),
                        rx.text(w["score"].to(str), class_name="uw-word-score"),
                        class_name=rx.cond(LAST["withdrawn"].to(bool), "uw-word-chip uw-struck", "uw-word-chip"),
                    )),
                    wrap="wrap", spacing="2",
                ),
                rx.cond(LAST["bonus"].to(int) > 0, rx.text(tr("ui.upwords.bonus"), size="3")),
                rx.cond(LAST["withdrawn"].to(bool),
                        rx.text(tr("ui.upwords.withdrawn"), size="4", class_name="uw-warn", id="uw-withdrawn")),
                rx.cond(LAST["open"].to(bool),
                        rx.text("⚖ ", tr("ui.upwords.challenge_open"), size="3", id="uw-challenge-open")),
                spacing="2", width="100%",
            ),
            rx.text(rx.cond(TABLE["empty"].to(bool), tr("ui.upwords.no_play_yet"), tr("ui.upwords.no_play")),
                    size="4"),
        ),
        class_name="uw-panel", id="uw-last",
    )


def standings() -> rx.Component:
    """Final scores: tiles left and their penalty, winners; the host may start a rematch."""
    return rx.vstack(
        rx.heading(tr("ui.game_over"), size="8", id="game-over"),
        rx.el.table(
            rx.el.thead(rx.el.tr(rx.el.th(tr("ui.player")), rx.el.th(tr("ui.upwords.tiles_left")),
                                 rx.el.th(tr("ui.upwords.penalty")), rx.el.th(tr("ui.points")))),
            rx.el.tbody(rx.foreach(TABLE["final"].to(list[dict]), lambda row: rx.el.tr(
                rx.el.td(rx.text(row["name"].to(str), weight="bold"),
                         rx.cond(row["winner"].to(bool),
                                 rx.badge("★ ", tr("ui.upwords.winner"), color_scheme="amber", size="2"))),
                rx.el.td(row["left"].to(str)),
                rx.el.td("−", row["penalty"].to(str)),
                rx.el.td(row["score"].to(str), class_name="uw-final-score"),
                id="final-" + row["seat"].to(str),
            ))),
            class_name="tg-scores", id="scores",
        ),
        rx.cond(S["is_host"],
                rx.button(tr("ui.rematch"), size="4", on_click=Screen.host("rematch", -1), id="rematch")),
        spacing="4", align="center", class_name="uw-panel",
    )


def side() -> rx.Component:
    return rx.vstack(
        turn_banner(),
        rx.cond(~PLAYING, standings()),
        last_play(),
        rx.vstack(rx.foreach(PLAYERS, player_row), spacing="2", width="100%", id="uw-players"),
        rx.hstack(
            rx.text(tr("ui.upwords.bag"), size="5"),
            rx.text(VIEW["bag"].to(str), class_name="uw-bag-count"),
            rx.text(tr("ui.upwords.tiles_word"), size="4"),
            align="center", spacing="2", id="uw-bag", custom_attrs={"data-count": VIEW["bag"].to(str)},
        ),
        rx.text(rx.cond(VIEW["options"].to(dict)["words"].to(str) == "auto", tr("ui.upwords.mode_auto"),
                        tr("ui.upwords.mode_challenge")), size="2", class_name="uw-mode"),
        rx.vstack(rx.foreach(as_list(S["event_lines"]), lambda line: rx.text(line, size="4")),
                  class_name="tg-events uw-events", id="events"),
        spacing="4", class_name="uw-side",
    )


def upwords_table() -> rx.Component:
    """The Upwords table during (and after) a game."""
    return rx.flex(
        rx.vstack(
            upwords_board(TABLE["board"], size="table", id_prefix="tsq-", id="uw-board"),
            legend(tr("ui.upwords.legend_new"), tr("ui.upwords.legend_last"), tr("ui.upwords.legend_height")),
            align="center", spacing="3",
        ),
        side(),
        class_name="uw-table", spacing="6", width="100%", wrap="wrap", justify="center", align="start",
    )
