"""Upwords on the table screen: the big board (with the tiles being placed, live), whose
turn, the last play and its score, scores and rack sizes, the bag, events, final standings.

The table sees no rack: its view is ``view(state, None)`` and the live tiles come from
``UpwordsDraft`` (tiles already put on the board by the player on turn).
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.events import event_list
from tablegames.components.game_over import game_over_panel
from tablegames.games.upwords.board import legend, upwords_board
from tablegames.games.upwords.state import UpwordsTable
from tablegames.pages.common import S, online_dot

VM = S["vm"].to(dict)  # this screen's Upwords view model
LABELS = VM["labels"].to(dict)
TABLE = UpwordsTable.table  # the board with the live tiles of the player on turn
LAST = VM["last"].to(dict)
PLAYING = VM["playing"].to(bool)


def label(name: str) -> rx.Var:
    """A title's text from the view model."""
    return LABELS[name].to(str)


def player_row(p: rx.Var) -> rx.Component:
    """A seat: name, online dot, score, tiles on the rack; highlighted on its turn."""
    seat = p["seat"].to(int)
    return rx.box(
        rx.hstack(
            rx.text(p["name"].to(str), weight="bold", size="6", class_name="uw-pname"),
            online_dot(seat),
            rx.spacer(),
            rx.text(p["score_value"].to(str), class_name="uw-score", id="score-" + seat.to(str),
                    custom_attrs={"aria-label": p["score"].to(str)}),
            align="center", width="100%",
        ),
        rx.hstack(
            rx.text(p["detail"].to(str), size="3"),
            rx.foreach(p["badges"].to(list[str]), lambda b: rx.badge(b, color_scheme="orange", size="2")),
            align="center",
        ),
        class_name=rx.cond(p["to_act"].to(bool), "tg-player tg-turn uw-player", "tg-player uw-player"),
        id="uw-player-" + seat.to(str),
        custom_attrs={"data-score": p["score_value"].to(str), "data-tiles": p["tiles"].to(str)},
    )


def turn_banner() -> rx.Component:
    """Whose turn; how many tiles they have put down so far (live)."""
    return rx.cond(
        PLAYING,
        rx.vstack(
            rx.text(VM["status"].to(str), class_name="uw-turn-line", id="uw-turn"),
            rx.cond(VM["ending"].to(str) != "",
                    rx.text(VM["ending"].to(str), size="4", class_name="uw-warn", id="uw-ending")),
            rx.cond(TABLE["live"].to(str) != "",
                    rx.text(TABLE["live"].to(str), size="5", class_name="uw-live", id="uw-live")),
            spacing="1", width="100%",
        ),
    )


def last_play() -> rx.Component:
    """The last play: who, the words with their scores, the total; challenge window."""
    return rx.box(
        rx.text(label("last_play"), size="3", class_name="uw-label"),
        rx.cond(
            VM["last"],
            rx.vstack(
                rx.hstack(
                    rx.text(LAST["name"].to(str), weight="bold", size="6"),
                    rx.spacer(),
                    rx.text(LAST["gain"].to(str), class_name="uw-last-score", id="uw-last-score",
                            custom_attrs={"data-score": LAST["score"].to(str)}),
                    width="100%", align="center",
                ),
                rx.flex(
                    rx.foreach(LAST["words"].to(list[dict]), lambda w: rx.box(
                        rx.text(w["word"].to(str), class_name="uw-word"),
                        rx.text(w["score"].to(str), class_name="uw-word-score"),
                        class_name=rx.cond(LAST["withdrawn"].to(str) != "", "uw-word-chip uw-struck", "uw-word-chip"),
                    )),
                    wrap="wrap", spacing="2",
                ),
                rx.cond(LAST["bonus"].to(str) != "", rx.text(LAST["bonus"].to(str), size="3")),
                rx.cond(LAST["withdrawn"].to(str) != "",
                        rx.text(LAST["withdrawn"].to(str), size="4", class_name="uw-warn", id="uw-withdrawn")),
                rx.cond(LAST["open"].to(str) != "",
                        rx.text(LAST["open"].to(str), size="3", id="uw-challenge-open")),
                spacing="2", width="100%",
            ),
            rx.text(VM["no_play"].to(str), size="4"),
        ),
        class_name="uw-panel", id="uw-last",
    )


def standings() -> rx.Component:
    """Final scores with the tiles left and their penalty (under the shared game-over
    curtain, which holds the winner and the host's Rematch)."""
    return rx.vstack(
        rx.heading(VM["game_over"].to(dict)["title"].to(str), size="6", id="uw-standings-title"),
        rx.el.table(
            rx.el.thead(rx.el.tr(rx.el.th(label("player"), scope="col"), rx.el.th(label("tiles_left"), scope="col"),
                                 rx.el.th(label("penalty"), scope="col"), rx.el.th(label("points"), scope="col"))),
            rx.el.tbody(rx.foreach(VM["standings"].to(list[dict]), lambda row: rx.el.tr(
                rx.el.td(rx.text(row["name"].to(str), weight="bold"),
                         rx.cond(row["winner"].to(bool),
                                 rx.badge("★ ", label("winner"), color_scheme="amber", size="2"))),
                rx.el.td(row["left"].to(str)),
                rx.el.td(row["penalty"].to(str)),
                rx.el.td(row["score"].to(str), class_name="uw-final-score"),
                id="final-" + row["seat"].to(str),
            ))),
            class_name="tg-scores uw-scores", id="scores",
        ),
        spacing="2", align="center", class_name="uw-panel", custom_attrs={"data-fit": "upwords-standings"},
    )


def side() -> rx.Component:
    """Whose turn, the last play, the players and the bag, how words are settled, events."""
    return rx.box(
        turn_banner(),
        rx.cond(~PLAYING, standings()),
        last_play(),
        rx.cond(PLAYING, rx.box(
            rx.box(rx.foreach(VM["players"].to(list[dict]), player_row), class_name="uw-players", id="uw-players"),
            rx.text(VM["bag"].to(str), id="uw-bag", class_name="uw-bag-line",
                    custom_attrs={"data-count": VM["bag_count"].to(str)}),
            rx.text(VM["mode"].to(str), class_name="uw-mode"),
            rx.cond(VM["words_language"], rx.text(VM["words_language"].to(str), class_name="uw-mode",
                                                  id="uw-language")),
            class_name="uw-seats-box",
        )),
        rx.box(event_list(VM["events"], id="events"), class_name="uw-log", custom_attrs={"data-fit-scroll": "events"}),
        class_name="uw-side", custom_attrs={"data-fit": "upwords-side"},
    )


def upwords_table() -> rx.Component:
    """The Upwords table during (and after) a game: the board sized to the shell's game
    area (``--tg-area-h`` / ``--tg-area-w``, see assets/upwords.css), the side panel beside
    it (landscape) or under it (portrait); at the end the shared game-over curtain."""
    return rx.box(
        rx.box(
            upwords_board(TABLE["board"], size="table", id_prefix="tsq-", id="uw-board"),
            legend(label("legend_new"), label("legend_last"), label("legend_height")),
            class_name="uw-board-box", custom_attrs={"data-fit": "upwords-board"},
        ),
        side(),
        game_over_panel(VM["game_over"], S["is_host"]),
        class_name="uw-table",
    )
