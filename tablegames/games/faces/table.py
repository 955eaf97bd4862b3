"""Faces (the emotions game) on the table screen, and the pieces the phone shares with it.

Main game: pass progress ("2 of 3 ready", never which card), who called STOP, who is making
a face, whose guess it is and the guesses so far, the revealed last face, the cards each
player has won (under their name), events. Memory: the grid, with cards turning over in a
CSS transition (assets/faces.css), whose turn it is, who makes the face, the last try.

The table gets the table's view only (``view(state, None)``): no hand, no chosen card, no
mimed emotion before it is revealed, no peeked card.

Every sentence, badge and flag comes from the view model (``games/faces/view_model.py``,
``S["vm"]``): these functions only lay it out.

Also here: :func:`faces_lobby`, the lobby block where the host names the oldest player (the
rulebook's tie-breaker for simultaneous STOPs and Memory's first player).
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from tablegames.components.events import event_list
from tablegames.components.game_over import game_over_panel as shared_game_over
from tablegames.games.faces.art import face_back, face_card, face_url
from tablegames.pages.common import VM, S, as_list, online_dot, tr
from tablegames.reflex_adapter import Var, js_var, var_data_of
from tablegames.state.room import Screen


PHASE = VM["phase"].to(str)
PLAYERS = as_list(VM["players"], dict)
GAME_OVER = VM["game_over"].to(dict)


def vm_list(key: str) -> Var:
    """A list field of the view model, for ``rx.foreach``."""
    return as_list(VM[key], dict)


def vm_text(key: str) -> Var:
    """A sentence of the view model."""
    return VM[key].to(str)


def event_lines(mini: bool = False, id: str = "events") -> rx.Component:
    """The last move's events as sentences (the view model's ``events``, shared list)."""
    return event_list(VM["events"], id=id, mini=mini)


def guess_list(size: str = "table") -> rx.Component:
    """The guesses of the face being made: who guessed what (all wrong until one is right)."""
    def chip(g: Var) -> rx.Component:
        return rx.box(
            rx.text(g["name"].to(str), weight="bold"),
            face_card(g["face"].to(int), size="mini"),
            rx.text(g["face_name"].to(str)),
            rx.text(g["verdict"].to(str), class_name="fc-verdict"),
            class_name=g["class_name"].to(str),
            custom_attrs={"data-seat": g["seat"].to_string(), "data-emotion": g["face"].to_string()},
        )

    return rx.flex(
        rx.foreach(vm_list("guesses"), chip),
        wrap="wrap", spacing="2", justify="center",
        class_name=f"fc-guesses fc-guesses-{size}", id="faces-guesses",
    )


def won_pile(p: Var) -> rx.Component:
    """The cards a player has won, as a small pile under the name, and the number."""
    return rx.hstack(
        rx.box(rx.foreach(Var.range(p["won"].to(int)), lambda _: rx.box(class_name="fc-won-card")),
               class_name="fc-won-pile"),
        rx.text(p["score"].to(str), class_name="fc-won-count"),
        align="center", spacing="2", class_name="fc-won",
    )


def game_over_panel(host_buttons: bool) -> rx.Component:
    """Game over: the shared standings (``#scores`` holds them) and the winners; the host may
    start a rematch from the table."""
    return rx.vstack(
        rx.box(shared_game_over(VM["game_over"], S["is_host"].to(bool) if host_buttons else False), id="scores"),
        rx.text(GAME_OVER["winners_text"].to(str), class_name="fc-big", id="faces-winners"),
        spacing="4", align="center",
    )


# -- the Memory grid (table and phones) ------------------------------------------------------

def grid_cell(cell: Var, tap: Any = None) -> rx.Component:
    """One place of the Memory grid; turns over with a CSS transition when its card does.

    ``tap(cell)``: the phone's event for a tap (the view model says whether the cell is
    ``tappable`` and which ``move`` a tap makes).
    """
    pos = cell["pos"].to(int)
    face = cell["face"].to(int)
    inner = rx.el.div(
        rx.el.div(rx.el.img(src="/faces/back.svg", alt="", draggable=False), class_name="fc-side fc-back"),
        rx.el.div(
            rx.cond(face, rx.fragment(
                rx.el.img(src=face_url(face), alt="", draggable=False),
                rx.el.span(cell["name"].to(str)),
            )),
            class_name="fc-side fc-front",
        ),
        rx.cond(cell["lifted"].to(bool), rx.el.span(tr("ui.faces.memory.lifted"), class_name="fc-lifted-tag")),
        class_name="fc-inner",
    )
    attrs = {"data-pos": pos.to_string(), "data-face": cell["state"].to(str), "data-emotion": face.to_string()}
    classes = cell["class_name"].to(str)
    if tap is None:
        return rx.el.div(inner, class_name=classes, id="cell-" + pos.to_string(), custom_attrs=attrs)
    return rx.el.button(inner, class_name=classes, id="cell-" + pos.to_string(), custom_attrs=attrs,
                        type="button", disabled=~cell["tappable"].to(bool), on_click=tap(cell),
                        aria_label=cell["label"].to(str))


def memory_grid(where: str, tap: Any = None) -> rx.Component:
    """The grid (5 or 7 columns); ``tap(cell)`` for the phones."""
    return rx.box(
        rx.foreach(vm_list("cells"), lambda cell: grid_cell(cell, tap)),
        class_name=VM["grid_class"].to(str) + f" fc-grid-{where}",
        id="faces-grid",
        custom_attrs={"data-cards": VM["grid_cards"].to_string()},
    )


# -- main game ------------------------------------------------------------------------------

def badges(p: Var) -> rx.Component:
    """A seat's badges (oldest, ready, STOP, making the face, guessing, their turn)."""
    return rx.flex(
        rx.foreach(as_list(p["badges"], dict),
                   lambda b: rx.el.span(b["text"].to(str), class_name=b["class_name"].to(str))),
        wrap="wrap", spacing="1", class_name="fc-badges",
    )


def main_player(p: Var) -> rx.Component:
    """A seat: name, online, badges, cards in hand, won cards."""
    seat = p["seat"].to(int)
    return rx.box(
        rx.hstack(rx.text(p["name"].to(str), class_name="fc-name"), online_dot(seat), align="center", spacing="2"),
        badges(p),
        rx.hstack(rx.box(class_name="fc-card-icon"), rx.text(p["in_hand"].to(str), size="3"),
                  align="center", spacing="2", class_name="fc-in-hand"),
        won_pile(p),
        class_name=p["class_name"].to(str),
        id="faces-player-" + seat.to_string(),
        custom_attrs={"data-won": p["won"].to_string(), "data-cards": p["cards"].to_string(),
                      "data-ready": rx.cond(p["ready"].to(bool), "1", "0")},
    )


def pass_progress() -> rx.Component:
    """Pass k: n of m ready (who is ready, never which card)."""
    return rx.vstack(
        rx.text(vm_text("pass_round_text"), class_name="fc-mid"),
        rx.text(vm_text("ready_text"), class_name="fc-big", id="faces-ready",
                custom_attrs={"data-ready": VM["ready_count"].to_string()}),
        rx.hstack(rx.foreach(vm_list("dots"), lambda d: rx.box(
            class_name=rx.cond(d["on"].to(bool), "fc-dot on", "fc-dot"))), spacing="2", aria_hidden="true"),
        rx.cond(VM["waiting_for_text"], rx.text(vm_text("waiting_for_text"), class_name="fc-mid",
                                                id="faces-waiting-for")),
        align="center", spacing="2", id="faces-passing",
    )


def stopping_panel() -> rx.Component:
    return rx.vstack(
        rx.text(tr("ui.faces.stop"), class_name="fc-stop-shout"),
        rx.text(vm_text("stops_text"), class_name="fc-mid", id="faces-stops"),
        rx.text(tr("ui.faces.stopping_wait"), size="4"),
        align="center", spacing="2", id="faces-stopping",
    )


def guessing_panel() -> rx.Component:
    """Who makes the face, whose guess it is, the guesses so far."""
    return rx.vstack(
        rx.text(vm_text("mimer_text"), class_name="fc-big", id="faces-mimer"),
        rx.text(tr("ui.faces.look"), size="4"),
        rx.cond(VM["guesser_text"], rx.text(vm_text("guesser_text"), class_name="fc-guess-now",
                                            id="faces-guesser")),
        rx.cond(VM["has_guesses"].to(bool), guess_list("table")),
        rx.cond(VM["queue_text"], rx.text(vm_text("queue_text"), size="3")),
        align="center", spacing="3", id="faces-guessing",
    )


def last_round_panel() -> rx.Component:
    """The face just guessed (or not), shown to everyone so children learn it."""
    last = VM["last"].to(dict)
    return rx.cond(
        VM["last"],
        rx.vstack(
            rx.text(last["title"].to(str), size="4"),
            face_card(last["face"].to(int), size="table", label=last["name"].to(str),
                      key=last["text"].to(str), class_name="tg-m-flip"),  # turns face up (assets/motion.css)
            rx.text(last["text"].to(str), size="4", weight="bold"),
            align="center", spacing="2", id="faces-last-round",
            custom_attrs={"data-emotion": last["face"].to_string()},
        ),
    )


def pile_panel() -> rx.Component:
    return rx.vstack(
        face_back("hand"),
        rx.text(vm_text("pile_text"), size="4", id="faces-pile"),
        rx.cond(VM["box_text"], rx.text(vm_text("box_text"), size="2")),
        align="center", spacing="2", class_name="fc-pile",
    )


def main_table() -> rx.Component:
    """The players on top, the pile / what happens now / the last face in the middle, the
    events under them (sized to the table's area, assets/faces.css)."""
    return rx.box(
        rx.flex(rx.foreach(PLAYERS, main_player), wrap="wrap", spacing="3", justify="center", width="100%",
                class_name="fc-players", custom_attrs={"data-fit": "players"}),
        rx.cond(
            PHASE == "game_over",
            rx.box(game_over_panel(True), class_name="fc-middle", custom_attrs={"data-fit": "game-over"}),
            rx.box(
                pile_panel(),
                rx.box(
                    rx.match(PHASE, ("passing", pass_progress()), ("stopping", stopping_panel()),
                             ("guessing", guessing_panel()), rx.fragment()),
                    class_name="fc-center",
                ),
                last_round_panel(),
                class_name="fc-middle", custom_attrs={"data-fit": "middle"},
            ),
        ),
        rx.box(event_lines(), class_name="fc-table-events", custom_attrs={"data-fit-scroll": "events"}),
        class_name="fc-main-board",
    )


# -- Memory ---------------------------------------------------------------------------------

def memory_player(p: Var) -> rx.Component:
    seat = p["seat"].to(int)
    return rx.box(
        rx.hstack(rx.text(p["name"].to(str), class_name="fc-name"), online_dot(seat), align="center", spacing="2"),
        rx.hstack(won_pile(p), badges(p), align="center", spacing="3", wrap="wrap"),
        class_name=p["class_name"].to(str),
        id="faces-player-" + seat.to_string(),
        custom_attrs={"data-won": p["won"].to_string()},
    )


def memory_status() -> rx.Component:
    """What happens now, in one big sentence (and the active player's choice)."""
    return rx.vstack(
        rx.text(vm_text("memory_status")),
        rx.cond(VM["decide_more"], rx.text(vm_text("decide_more"), class_name="fc-mid")),
        spacing="1", class_name="fc-big fc-memory-status", id="faces-status",
        custom_attrs={"data-phase": PHASE},
    )


def last_try() -> rx.Component:
    """The two cards of the last try, pair or not."""
    shown = VM["last_try"].to(dict)
    pair = shown["pair"].to(bool)
    return rx.cond(
        VM["last_try"],
        rx.hstack(
            rx.hstack(rx.foreach(as_list(shown["cards"], dict),
                                 lambda c: face_card(c["face"].to(int), size="hand", label=c["name"].to(str))),
                      spacing="2"),
            rx.vstack(
                rx.text(shown["who_text"].to(str), size="3"),
                rx.text(shown["text"].to(str), weight="bold", size="4"),
                spacing="1",
            ),
            align="center", spacing="4", id="faces-last-try",
            class_name=rx.cond(pair, "fc-last-try pair", "fc-last-try miss"),
            custom_attrs={"data-pair": rx.cond(pair, "1", "0")},
        ),
    )


def memory_table() -> rx.Component:
    """The whole grid, as big as the table's area allows, with what happens now, the players,
    the last try and the events beside it (under it on a portrait tablet)."""
    side = rx.box(
        memory_status(),
        rx.flex(rx.foreach(PLAYERS, memory_player), wrap="wrap", spacing="2"),
        rx.hstack(rx.text(vm_text("cards_left_text"), size="3"), rx.text(vm_text("pile_text"), size="3"),
                  spacing="4", wrap="wrap"),
        last_try(),
        event_lines(),
        class_name="fc-side-panel", custom_attrs={"data-fit": "side"},
    )
    return rx.cond(
        PHASE == "game_over",
        rx.box(rx.box(game_over_panel(True), custom_attrs={"data-fit": "game-over"}), memory_grid("table"),
               event_lines(), class_name="fc-memory-over"),
        rx.box(rx.box(memory_grid("table"), class_name="fc-grid-box", custom_attrs={"data-fit": "grid"}), side,
               class_name=vm_text("board_class")),
    )


def faces_table() -> rx.Component:
    """The Faces table during a game (main game or Memory)."""
    return rx.box(rx.cond(VM["variant"] == "memory", memory_table(), main_table()),
                  class_name="fc-table")


# -- lobby ------------------------------------------------------------------------------------

def _number(value: Var) -> Var:
    """A select's value (text) as a number, in the browser."""
    return js_var(f"Number({value})", int, var_data_of(value))


def faces_lobby() -> rx.Component:
    """Lobby, Faces only: who is the oldest player (the host picks a seated name; the other
    screens read it). The version is listed once, with the other options in force."""
    return rx.cond(
        S["game"] == "faces",
        rx.card(
            rx.vstack(
                rx.cond(
                    S["is_host"].to(bool),
                    rx.fragment(
                        rx.el.label(tr("ui.faces.oldest_question"), html_for="faces-oldest",
                                    class_name="fc-lobby-label"),
                        rx.el.select(
                            rx.foreach(vm_list("seats"),
                                       lambda s: rx.el.option(s["name"].to(str), value=s["value"].to(str))),
                            value=vm_text("oldest_value"),
                            on_change=lambda value: Screen.set_option("oldest", _number(value)),
                            class_name="tg-select fc-oldest-select", id="faces-oldest",
                        ),
                    ),
                    rx.text(vm_text("oldest_line"), class_name="fc-lobby-label", id="faces-oldest-name"),
                ),
                rx.text(tr("ui.faces.oldest_help"), size="3"),
                spacing="2", width="100%",
            ),
            class_name="fc-lobby", id="faces-lobby",
            custom_attrs={"data-oldest": VM["oldest"].to_string()},
        ),
    )
