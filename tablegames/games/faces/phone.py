"""Faces (the emotions game) on a phone: the player's own cards and buttons.

Main game: the hand grouped by emotion (tap a group to pass one of those cards left; tap
another to change until everybody has chosen), the STOP button (lit when the hand holds
three of a kind), the face to make for the mimer (big face, name, hint), the guess picker
(the Reference Card: tap a face), and a message instead of the hand while guessing (the
engine's view leaves the hand out then). Memory: the grid (the active player lifts and
turns over cards), the lifted card on the left neighbour's phone only (``peek``), the
active player's "end my turn" / "turn it over" buttons.

The Reference Card (13 faces with their names) is always one tap away: a button in the
bottom bar opens it over the screen. It opens and closes in the browser (a checkbox and
CSS, assets/faces.css), without a round trip to the server.
"""

from __future__ import annotations


import reflex as rx
from reflex.vars.base import Var

from tablegames.games.faces.art import face_card, face_url
from tablegames.pages.common import ME, VIEW, as_list, send, tr
from tablegames.games.faces.table import (
    EMOTIONS,
    N_PLAYERS,
    PHASE,
    PLAYERS,
    READY,
    STOPS,
    emotion_hint,
    emotion_name,
    event_lines,
    fmt,
    game_over_panel,
    guess_list,
    memory_grid,
    name_of,
    names_of,
)
from tablegames.state.room import Screen


def send_now(move: dict) -> rx.event.EventSpec:
    """A move made at the same time as the other players' (choosing the card to pass, STOP).

    No version check: every other player's choice changes the table's version, so a
    version check would refuse most simultaneous taps. The engine guards these moves
    itself: a choice carries its pass ``round`` (a late tap is refused with
    ``pass_round_over``), and STOP needs a set.
    """
    return Screen.move(move, -1)


CAN = as_list(VIEW["can"])
HAND = as_list(VIEW["hand"], int)
LEFT = (ME + 1) % N_PLAYERS
RIGHT = (ME + N_PLAYERS - 1) % N_PLAYERS
CAN_STOP = CAN.contains("stop")


def big_face(emotion: Var, title_key: str, note: rx.Component, id: str) -> rx.Component:
    """The face to make: big picture, name and how to make it."""
    return rx.vstack(
        rx.text(tr(title_key), class_name="fc-mime-title"),
        rx.el.img(src=face_url(emotion), alt="", class_name="fc-mime-img", draggable=False),
        rx.text(emotion_name(emotion), class_name="fc-mime-name"),
        rx.text(emotion_hint(emotion), class_name="fc-mime-hint"),
        note,
        align="center", spacing="2", class_name="fc-mime", id=id,
        custom_attrs={"data-emotion": emotion.to_string()},
    )


def reference_cards(prefix: str, guess: bool) -> rx.Component:
    """The Reference Card: the 13 faces with their names; with ``guess`` a tap guesses."""
    return rx.box(
        *[face_card(n, size="hand", label=tr(f"emotion.{n}"), id=f"{prefix}-{n}",
                    on_click=send({"type": "guess", "emotion": n}) if guess else None)
          for n in EMOTIONS],
        class_name="fc-ref-grid",
    )


def reference_overlay() -> rx.Component:
    """The Reference Card over the screen (opened by the bottom bar's button)."""
    return rx.box(
        rx.hstack(
            rx.text(tr("ui.faces.reference"), class_name="fc-ref-title"),
            rx.spacer(),
            rx.el.label(tr("ui.faces.close"), html_for="fc-ref-toggle", class_name="fc-ref-close",
                        id="fc-ref-close"),
            width="100%", align="center",
        ),
        reference_cards("fc-ref", False),
        class_name="fc-ref-overlay", id="fc-reference",
    )


def bottom_bar() -> rx.Component:
    """Thumb-reach buttons: the Reference Card, and STOP (main game, lit with a set)."""
    stop_time = (VIEW["variant"] == "main") & ((PHASE == "passing") | (PHASE == "stopping"))
    return rx.box(
        rx.el.label(rx.el.span(class_name="fc-ref-icon"), tr("ui.faces.reference"), html_for="fc-ref-toggle",
                    class_name="fc-bar-btn fc-ref-button", id="fc-ref-open"),
        rx.cond(stop_time, rx.el.button(
            tr("ui.faces.stop_button"), type="button",
            class_name=rx.cond(CAN_STOP, "fc-bar-btn fc-stop lit", "fc-bar-btn fc-stop"),
            disabled=~CAN_STOP, on_click=send_now({"type": "stop"}), id="faces-stop",
        )),
        class_name="fc-bar",
    )


# -- main game ------------------------------------------------------------------------------

def hand_group(n: Var) -> rx.Component:
    """The cards of one emotion in the hand, stacked; a tap chooses one to pass left."""
    count = HAND.filter(lambda c: c == n).length()
    chosen = VIEW["my_choice"].to(int) == n
    can_choose = CAN.contains("choose_pass") & ~chosen
    return rx.cond(
        count > 0,
        rx.el.button(
            rx.foreach(Var.range(count), lambda _: face_card(n, size="hand", label=emotion_name(n),
                                                             class_name="fc-stack-card")),
            rx.cond(count > 1, rx.el.span("×", count.to_string(), class_name="fc-count")),
            rx.cond(chosen, rx.el.span("→ ", name_of(LEFT), class_name="fc-chosen-tag")),
            type="button",
            class_name=rx.cond(chosen, "fc-group chosen", rx.cond(can_choose, "fc-group tap", "fc-group")),
            disabled=~can_choose,
            on_click=send_now({"type": "choose_pass", "card": n, "round": VIEW["pass"].to(dict)["round"].to(int)}),
            custom_attrs={"data-emotion": n.to_string(), "data-count": count.to_string()},
        ),
    )


def hand() -> rx.Component:
    """The hand grouped by emotion, in number order (the phone's own cards only)."""
    return rx.box(
        rx.foreach(Var.range(1, 14), hand_group),
        class_name="fc-hand", id="hand",
        custom_attrs={"data-cards": HAND.length().to_string()},
    )


def passing() -> rx.Component:
    pas = VIEW["pass"].to(dict)
    choice = VIEW["my_choice"]
    return rx.vstack(
        rx.cond(
            CAN_STOP,
            rx.text(tr("ui.faces.stop_lit"), class_name="fc-status fc-status-stop", id="faces-status"),
            rx.cond(
                choice.is_not_none(),
                rx.vstack(
                    rx.text(fmt("ui.faces.chosen", emotion=emotion_name(choice.to(int)), player=name_of(LEFT)),
                            class_name="fc-status", id="faces-status"),
                    rx.text(fmt("ui.faces.waiting", count=pas["ready_count"].to(int), total=pas["total"].to(int)),
                            size="3", id="faces-waiting"),
                    align="center", spacing="1",
                ),
                rx.text(fmt("ui.faces.choose_pass", player=name_of(LEFT)), class_name="fc-status",
                        id="faces-status"),
            ),
        ),
        rx.cond(VIEW["received"].is_not_none(),
                rx.hstack(face_card(VIEW["received"].to(int), size="mini"),
                          rx.text(fmt("ui.faces.received", emotion=emotion_name(VIEW["received"].to(int)),
                                      player=name_of(RIGHT)), size="3"),
                          align="center", id="faces-received")),
        hand(),
        align="center", spacing="3", width="100%",
    )


def stopping() -> rx.Component:
    return rx.vstack(
        rx.text(tr("ui.faces.stopping"), class_name="fc-status fc-status-stop"),
        rx.text(fmt("ui.faces.stop_by", players=names_of(VIEW["stops"])), size="3"),
        rx.cond(CAN_STOP, rx.text(tr("ui.faces.stop_lit"), class_name="fc-status", id="faces-status"),
                rx.cond(VIEW["stopped"].to(bool),
                        rx.text(tr("ui.faces.stop_waiting"), class_name="fc-status", id="faces-status"))),
        hand(),
        align="center", spacing="3", width="100%",
    )


def guessing() -> rx.Component:
    """The mimer sees the face to make; guessers see no hand, and guess in turn."""
    mimer = name_of(VIEW["mimer"])
    my_guess = VIEW["guesser"].to(int) == ME
    wait = rx.cond(VIEW["guesser"].is_not_none(),
                   rx.text(fmt("ui.faces.wait_guess", player=name_of(VIEW["guesser"])), class_name="fc-status",
                           id="faces-wait-guess"))
    return rx.cond(
        VIEW["mime"].is_not_none(),
        rx.vstack(
            big_face(VIEW["mime"].to(int), "ui.faces.mime_title",
                     rx.text(tr("ui.faces.mime_rule"), size="3"), "faces-mime"),
            wait,
            guess_list("phone"),
            align="center", spacing="3", width="100%",
        ),
        rx.vstack(
            rx.box(rx.text(fmt("ui.faces.hand_hidden", player=mimer)), class_name="fc-hidden-note",
                   id="faces-hand-hidden"),
            rx.cond(
                my_guess,
                rx.vstack(
                    rx.text(fmt("ui.faces.your_guess", player=mimer), class_name="fc-status fc-your-guess",
                            id="faces-your-guess"),
                    reference_cards("fc-guess", True),
                    align="center", spacing="2", width="100%", id="faces-guess-picker",
                ),
                wait,
            ),
            guess_list("phone"),
            align="center", spacing="3", width="100%",
        ),
    )


def main_others() -> rx.Component:
    """Everybody at a glance: won cards, ready, STOP, who makes the face, who guesses."""
    def mini(p: Var) -> rx.Component:
        seat = p["seat"].to(int)
        return rx.box(
            rx.text(p["name"].to(str), weight="bold", size="2"),
            rx.text("★ ", p["won"].to_string(),
                    rx.cond((PHASE == "passing") & READY.contains(seat), " ✓", ""),
                    rx.cond(STOPS.contains(seat), " STOP", ""),
                    rx.cond(VIEW["mimer"].to(int) == seat, " ☺", ""),
                    size="3"),
            class_name=rx.cond(VIEW["guesser"].to(int) == seat, "tg-mini tg-turn",
                               rx.cond(seat == ME, "tg-mini fc-me", "tg-mini")),
            custom_attrs={"data-seat": seat.to_string(), "data-won": p["won"].to_string()},
        )

    return rx.flex(rx.foreach(PLAYERS, mini), wrap="wrap", spacing="2", justify="center", id="faces-others")


def last_face() -> rx.Component:
    last = VIEW["last_round"].to(dict)
    return rx.cond(
        VIEW["last_round"] & (PHASE != "guessing"),
        rx.hstack(
            face_card(last["emotion"].to(int), size="mini"),
            rx.text(tr("ui.faces.last_face"), ": “", emotion_name(last["emotion"].to(int)), "”. ",
                    rx.cond(last["winner"].is_not_none(), fmt("ui.faces.guessed_by", player=name_of(last["winner"])),
                            tr("ui.faces.nobody")), size="3"),
            align="center", id="faces-last-round",
        ),
    )


def main_phone() -> rx.Component:
    return rx.vstack(
        rx.match(PHASE,
                 ("passing", passing()),
                 ("stopping", stopping()),
                 ("guessing", guessing()),
                 ("game_over", game_over_panel(False)),
                 rx.fragment()),
        main_others(),
        last_face(),
        event_lines("2", "tg-events-mini fc-events-mini", "events"),
        align="center", spacing="4", width="100%",
    )


# -- Memory ---------------------------------------------------------------------------------

def memory_phone() -> rx.Component:
    active = VIEW["active"].to(int) == ME
    active_name = name_of(VIEW["active"])

    def tap(pos: Var):
        return rx.cond(PHASE == "pick", send({"type": "pick", "pos": pos}), send({"type": "flip", "pos": pos}))

    def tappable(place: Var) -> Var:
        down = place["face"].to(str) == "down"
        return active & (((PHASE == "pick") & down) | ((PHASE == "decide") & place["lifted"].to(bool))
                         | ((PHASE == "flip") & down))

    status = rx.match(
        PHASE,
        ("pick", rx.cond(active, fmt("ui.faces.memory.your_pick", player=name_of(LEFT)),
                         fmt("ui.faces.memory.pick", player=active_name))),
        ("decide", rx.cond(active, fmt("ui.faces.memory.your_decide", player=name_of(VIEW["mimer"])),
                           fmt("ui.faces.memory.decide", mimer=name_of(VIEW["mimer"]), player=active_name))),
        ("flip", rx.cond(active, tr("ui.faces.memory.your_flip"), fmt("ui.faces.memory.flip", player=active_name))),
        "",
    )
    peek = VIEW["peek"].to(dict)
    return rx.vstack(
        rx.cond(PHASE == "game_over", game_over_panel(False),
                rx.text(rx.cond(VIEW["peek"], "", status), class_name=rx.cond(active, "fc-status fc-your-guess", "fc-status"),
                        id="faces-status", custom_attrs={"data-phase": PHASE})),
        rx.cond(VIEW["peek"], big_face(peek["emotion"].to(int), "ui.faces.mime_title",
                                       rx.text(fmt("ui.faces.memory.peek_help", player=active_name), size="3"),
                                       "faces-peek")),
        rx.cond(active & (PHASE == "decide"), rx.hstack(
            rx.button(tr("ui.faces.memory.end_turn"), size="4", variant="soft", on_click=send({"type": "end_turn"}),
                      class_name="tg-action", id="faces-end-turn"),
            rx.button(tr("ui.faces.memory.flip_lifted"), size="4", color_scheme="orange",
                      on_click=send({"type": "flip"}), class_name="tg-action", id="faces-flip-lifted"),
            wrap="wrap", justify="center", spacing="3",
        )),
        memory_grid("phone", tap, tappable),
        rx.flex(rx.foreach(PLAYERS, lambda p: rx.box(
            rx.text(p["name"].to(str), weight="bold", size="2"),
            rx.text("★ ", p["won"].to_string(), size="3"),
            class_name=rx.cond(VIEW["active"].to(int) == p["seat"].to(int), "tg-mini tg-turn", "tg-mini"),
            custom_attrs={"data-seat": p["seat"].to_string(), "data-won": p["won"].to_string()},
        )), wrap="wrap", spacing="2", justify="center", id="faces-others"),
        event_lines("2", "tg-events-mini fc-events-mini", "events"),
        align="center", spacing="4", width="100%",
    )


def faces_phone() -> rx.Component:
    """The Faces phone during a game."""
    my_turn = ((VIEW["guesser"].to(int) == ME) | CAN_STOP | CAN.contains("pick") | VIEW["peek"].to(bool))
    return rx.box(
        rx.box(custom_attrs={"data-turn": rx.cond(my_turn, "1", "0")}, id="my-turn-flag", display="none"),
        rx.cond(VIEW["variant"] == "memory", memory_phone(), main_phone()),
        rx.el.input(type="checkbox", id="fc-ref-toggle", class_name="fc-ref-toggle", aria_hidden="true",
                    tab_index=-1),
        reference_overlay(),
        bottom_bar(),
        class_name="fc-phone", width="100%",
    )
