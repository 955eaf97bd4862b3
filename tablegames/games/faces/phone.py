"""Faces (the emotions game) on a phone: the player's own cards and buttons.

Main game: the hand grouped by emotion (tap a group to pass one of those cards left; tap
another to change until everybody has chosen), the STOP button (lit when the hand holds
three of a kind), the face to make for the mimer (big face, name, hint), the guess picker
(the Reference Card: tap a face), and a message instead of the hand while guessing (the
engine's view leaves the hand out then). Memory: the grid (the active player lifts and
turns over cards), the lifted card on the left neighbour's phone only, the active
player's "end my turn" / "turn it over" buttons.

The Reference Card (13 faces with their names, and how the variant plays) is always one tap
away: the header's "?" opens the shared Reference Card (``components/reference.py``,
from ``games/faces/reference.json``, which draws the faces with :func:`reference_cards`). It
opens and closes in the browser, without a round trip to the server.

What is tappable, who sits left and right and every sentence come from the view model
(``games/faces/view_model.py``): the page lays them out.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.players import player_chips
from tablegames.games.faces.art import face_card, face_url
from tablegames.games.faces.table import (
    PHASE,
    VM,
    event_lines,
    game_over_panel,
    guess_list,
    memory_grid,
    vm_list,
    vm_text,
)
from tablegames.games.faces.view_model import EMOTIONS
from tablegames.pages.common import send, tr
from tablegames.reflex_adapter import Var
from tablegames.state.room import Screen


def send_now(move: dict | Var) -> rx.event.EventSpec:
    """A move made at the same time as the other players' (choosing the card to pass, STOP).

    No version check: every other player's choice changes the table's version, so a
    version check would refuse most simultaneous taps. The engine guards these moves
    itself: a choice carries its pass ``round`` (a late tap is refused with
    ``pass_round_over``), and STOP needs a set.
    """
    return Screen.move(move, -1)


def big_face(face: Var, id: str) -> rx.Component:
    """The face to make (``make`` / ``peek_face`` of the view model): picture, name, hint."""
    return rx.vstack(
        rx.text(face["title"].to(str), class_name="fc-mime-title"),
        rx.el.img(src=face_url(face["face"].to(int)), alt="", class_name="fc-mime-img", draggable=False),
        rx.text(face["name"].to(str), class_name="fc-mime-name"),
        rx.text(face["hint"].to(str), class_name="fc-mime-hint"),
        rx.text(face["note"].to(str), size="3"),
        align="center", spacing="2", class_name="fc-mime", id=id,
        custom_attrs={"data-emotion": face["face"].to_string()},
    )


def reference_cards(prefix: str, guess: bool) -> rx.Component:
    """The Reference Card: the 13 faces with their names; with ``guess`` a tap guesses."""
    return rx.box(
        *[face_card(n, size="hand", label=tr(f"emotion.{n}"), id=f"{prefix}-{n}",
                    on_click=send({"type": "guess", "emotion": n}) if guess else None)
          for n in EMOTIONS],
        class_name="fc-ref-grid",
    )


def bottom_bar() -> rx.Component:
    """The STOP button in thumb reach (main game, while passing; lit with a set). The
    Reference Card opens from the header's "?" (pages/phone.py), as in every game."""
    lit = VM["stop_lit"].to(bool)
    return rx.cond(VM["stop_shown"].to(bool), rx.box(
        rx.el.button(
            tr("ui.faces.stop_button"), type="button",
            class_name=rx.cond(lit, "fc-bar-btn fc-stop lit", "fc-bar-btn fc-stop"),
            disabled=~lit, on_click=send_now({"type": "stop"}), id="faces-stop",
        ),
        class_name="fc-bar",
    ))


# -- main game ------------------------------------------------------------------------------

def hand_group(g: Var) -> rx.Component:
    """The cards of one emotion in the hand, stacked; a tap chooses one to pass left."""
    face = g["face"].to(int)
    return rx.el.button(
        rx.foreach(as_copies(g), lambda _: face_card(face, size="hand", label=g["name"].to(str),
                                                      class_name="fc-stack-card")),
        rx.cond(g["count_text"], rx.el.span(g["count_text"].to(str), class_name="fc-count")),
        rx.cond(g["chosen"].to(bool), rx.el.span(g["chosen_tag"].to(str), class_name="fc-chosen-tag")),
        type="button",
        class_name=g["class_name"].to(str),
        disabled=~g["tappable"].to(bool),
        on_click=send_now(g["move"].to(dict)),
        # the count badge (top right) and the "→ Bia" tag (below) sit over the stack's edge
        custom_attrs={"data-emotion": face.to_string(), "data-count": g["count"].to_string(),
                      "data-spill-ok": ""},
    )


def as_copies(g: Var) -> Var:
    """One entry per card of a group (the view model's ``copies``)."""
    return g["copies"].to(list[int])


def hand() -> rx.Component:
    """The hand grouped by emotion, in number order (the phone's own cards only)."""
    return rx.box(
        rx.foreach(vm_list("groups"), hand_group),
        class_name="fc-hand", id="hand",
        custom_attrs={"data-cards": VM["hand_size"].to_string()},
    )


def phone_status() -> rx.Component:
    """The phone's sentence for the passing and STOP phases."""
    return rx.cond(
        VM["phone_status"],
        rx.text(vm_text("phone_status"),
                class_name=vm_text("phone_status_class"),
                id="faces-status"),
    )


def received() -> rx.Component:
    got = VM["got"].to(dict)
    return rx.cond(VM["got"], rx.hstack(face_card(got["face"].to(int), size="mini"),
                                        rx.text(got["text"].to(str), size="3"),
                                        align="center", id="faces-received"))


def passing() -> rx.Component:
    return rx.vstack(
        phone_status(),
        rx.cond(VM["waiting_text"], rx.text(vm_text("waiting_text"), size="3", id="faces-waiting")),
        received(),
        hand(),
        align="center", spacing="3", width="100%",
    )


def stopping() -> rx.Component:
    return rx.vstack(
        rx.text(tr("ui.faces.stopping"), class_name="fc-status fc-status-stop"),
        rx.text(vm_text("stops_text"), size="3"),
        phone_status(),
        hand(),
        align="center", spacing="3", width="100%",
    )


def guessing() -> rx.Component:
    """The mimer sees the face to make; guessers see no hand, and guess in turn."""
    wait = rx.cond(VM["wait_guess_text"], rx.text(vm_text("wait_guess_text"), class_name="fc-status",
                                                  id="faces-wait-guess"))
    return rx.cond(
        VM["make"],
        rx.vstack(big_face(VM["make"].to(dict), "faces-mime"), wait, guess_list("phone"),
                  align="center", spacing="3", width="100%"),
        rx.vstack(
            rx.box(rx.text(vm_text("hand_hidden_text")), class_name="fc-hidden-note", id="faces-hand-hidden"),
            rx.cond(
                VM["guess_picker"].to(bool),
                rx.vstack(
                    rx.text(vm_text("your_guess_text"), class_name="fc-status fc-your-guess",
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


def others() -> rx.Component:
    """Everybody at a glance (the shared chips: name, you, cards won, badges; on turn)."""
    return player_chips(VM["players"], mini=True, id="faces-others")


def last_face() -> rx.Component:
    last = VM["last"].to(dict)
    return rx.cond(
        VM["last"],
        rx.hstack(
            face_card(last["face"].to(int), size="mini"),
            rx.text(last["summary"].to(str), size="3"),
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
        others(),
        last_face(),
        event_lines(mini=True),
        align="center", spacing="4", width="100%",
    )


# -- Memory ---------------------------------------------------------------------------------

def memory_phone() -> rx.Component:
    return rx.vstack(
        rx.cond(PHASE == "game_over", game_over_panel(False),
                rx.text(vm_text("phone_status"),
                        class_name=vm_text("phone_status_class"),
                        id="faces-status", custom_attrs={"data-phase": PHASE})),
        rx.cond(VM["peek_face"], big_face(VM["peek_face"].to(dict), "faces-peek")),
        rx.cond(VM["can_decide"].to(bool), rx.hstack(
            rx.button(tr("ui.faces.memory.end_turn"), size="4", variant="soft", on_click=send({"type": "end_turn"}),
                      class_name="tg-action", id="faces-end-turn"),
            rx.button(tr("ui.faces.memory.flip_lifted"), size="4", color_scheme="orange",
                      on_click=send({"type": "flip"}), class_name="tg-action", id="faces-flip-lifted"),
            wrap="wrap", justify="center", spacing="3",
        )),
        memory_grid("phone", lambda cell: send(cell["move"].to(dict))),
        others(),
        event_lines(mini=True),
        align="center", spacing="4", width="100%",
    )


def faces_phone() -> rx.Component:
    """The Faces phone during a game."""
    return rx.box(
        rx.cond(VM["variant"] == "memory", memory_phone(), main_phone()),
        bottom_bar(),
        class_name="fc-phone", width="100%",
    )
