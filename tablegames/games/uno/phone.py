"""UNO on a phone: the player's own hand, the pile, the buttons that apply, pickers."""

from __future__ import annotations

import reflex as rx

from tablegames.games.uno.cards import color_swatch, uno_card
from tablegames.pages.common import ME, VIEW, S, as_list, as_players, send, tr
from tablegames.games.uno.state import UnoPicker as Screen  # the room screen and UNO's colour picker

CAN = as_list(VIEW["can"])
PLAYABLE = as_list(VIEW["playable"])
PLAYERS = as_players()


def others() -> rx.Component:
    """Everyone's card count; whose turn it is."""
    return rx.flex(
        rx.foreach(PLAYERS, lambda p: rx.box(
            rx.text(p["name"].to(str), weight="bold", size="2"),
            rx.text("🂠 ", p["cards"].to(str), rx.cond(p["uno"].to(bool), " UNO!", ""), size="3"),
            class_name=rx.cond(p["seat"].to(int) == VIEW["turn"].to(int), "tg-mini tg-turn", "tg-mini"),
        )),
        wrap="wrap", spacing="2",
    )


def hand_card(code: rx.Var) -> rx.Component:
    """A card of the hand: tap to play; a wild opens the colour picker."""
    playable = PLAYABLE.contains(code)
    is_wild = code.to(str).startswith("W")
    return uno_card(
        code, size="hand", playable=playable,
        on_click=rx.cond(is_wild, Screen.pick(code), send({"type": "play", "card": code})),
    )


def picker() -> rx.Component:
    """Colour picker for a wild (and target picker for Swap Hands / a first-card swap)."""
    card = Screen.picking
    first_card = card == "first"  # choosing the colour of a wild turned up as first discard
    swap = (card == "WS") & (as_list(VIEW["hand"]).length() > 1) | (
        first_card & VIEW["pending"].to(dict)["swap"].to(bool))

    def choice(color: str) -> rx.Component:
        plain = rx.cond(first_card, send({"type": "choose_color", "color": color}),
                        send({"type": "play", "card": card, "color": color}))
        targets = rx.foreach(
            PLAYERS,
            lambda p: rx.cond(
                p["seat"].to(int) != ME,
                rx.button(p["name"].to(str), size="2", variant="outline",
                          on_click=rx.cond(
                              first_card,
                              send({"type": "choose_color", "color": color, "target": p["seat"].to(int)}),
                              send({"type": "play", "card": card, "color": color, "target": p["seat"].to(int)})),
                          class_name="tg-target"),
            ),
        )
        return rx.vstack(color_swatch(color, on_click=rx.cond(swap, rx.noop(), plain)),
                         rx.cond(swap, rx.flex(targets, wrap="wrap", spacing="1")), align="center")

    cols = rx.cond(VIEW["options"].to(dict)["edition"] == "motu", ["b", "r", "g", "p"], ["r", "y", "g", "b"])
    return rx.cond(
        card != "",
        rx.box(
            rx.vstack(
                rx.heading(rx.cond(swap, tr("ui.pick_color_and_player"), tr("ui.pick_color")), size="5"),
                rx.flex(rx.foreach(cols.to(list[str]), choice), wrap="wrap", spacing="3", justify="center"),
                rx.cond(~first_card, rx.button(tr("ui.cancel"), variant="soft", on_click=Screen.cancel_pick,
                                               size="3")),
                spacing="4", align="center",
            ),
            class_name="tg-picker", id="picker",
        ),
    )


def actions() -> rx.Component:
    """The buttons that apply right now."""
    big = {"size": "4", "class_name": "tg-action"}
    return rx.flex(
        rx.cond(CAN.contains("draw"), rx.button(tr("ui.draw"), on_click=send({"type": "draw"}), id="act-draw", **big)),
        rx.cond(CAN.contains("pass"), rx.button(tr("ui.keep"), on_click=send({"type": "pass"}), id="act-pass", **big)),
        rx.cond(CAN.contains("uno"), rx.button("UNO!", color_scheme="orange", on_click=send({"type": "uno"}),
                                               id="act-uno", **big)),
        rx.foreach(as_list(VIEW["catchable"], int), lambda target: rx.button(
            tr("ui.catch"), " ", PLAYERS[target]["name"].to(str), color_scheme="red",
            on_click=send({"type": "catch", "target": target}), id="act-catch-" + target.to(str), **big)),
        rx.cond(CAN.contains("challenge"), rx.button(tr("ui.challenge"), color_scheme="red",
                                                     on_click=send({"type": "challenge"}), id="act-challenge", **big)),
        rx.cond(CAN.contains("accept"), rx.button(tr("ui.accept"), on_click=send({"type": "accept"}),
                                                  id="act-accept", **big)),
        rx.cond(CAN.contains("choose_color"), rx.button(tr("ui.choose_color"), on_click=Screen.pick("first"),
                                                        id="act-choose-color", **big)),
        rx.cond(CAN.contains("dare"), rx.hstack(
            rx.button(tr("ui.dare_done"), on_click=send({"type": "dare", "done": True}), id="act-dare-done", **big),
            rx.button(tr("ui.dare_failed"), on_click=send({"type": "dare", "done": False}), color_scheme="red",
                      id="act-dare-failed", **big))),
        wrap="wrap", spacing="3", justify="center", width="100%",
    )


def playing() -> rx.Component:
    """The hand, the pile and the buttons."""
    my_turn = VIEW["turn"].to(int) == ME
    return rx.vstack(
        rx.box(custom_attrs={"data-turn": rx.cond(my_turn, "1", "0")}, id="my-turn-flag", display="none"),
        rx.cond(my_turn,
                rx.text(tr("ui.your_turn"), class_name="tg-your-turn", id="your-turn"),
                rx.text(tr("ui.turn_of"), " ", PLAYERS[VIEW["turn"].to(int)]["name"].to(str), size="4",
                        id="turn-of")),
        others(),
        rx.hstack(
            uno_card(VIEW["top"].to(str), size="hand"),
            rx.cond(VIEW["color"].to(str) != "", color_swatch(VIEW["color"].to(str))),
            align="center", spacing="4", id="phone-top",
        ),
        rx.vstack(rx.foreach(as_list(S["event_lines"]), lambda line: rx.text(line, size="2")),
                  class_name="tg-events-mini"),
        rx.cond(VIEW["reveal"], rx.box(
            rx.text(tr("ui.revealed_hand"), weight="bold"),
            rx.flex(rx.foreach(as_list(VIEW["reveal"].to(dict)["cards"]), lambda c: uno_card(c, size="mini")),
                    wrap="wrap", spacing="1"),
            id="reveal")),
        actions(),
        rx.flex(
            rx.foreach(as_list(S["hand_groups"], list[str]),
                       lambda group: rx.flex(rx.foreach(group, hand_card), spacing="1", class_name="tg-group")),
            wrap="wrap", spacing="4", justify="center", class_name="tg-hand", id="hand"),
        picker(),
        spacing="3", width="100%", align="center",
    )


def between_hands() -> rx.Component:
    """After a hand: points and totals (the host deals the next hand from the table)."""
    return rx.vstack(
        rx.heading(rx.cond(VIEW["phase"] == "game_over", tr("ui.game_over"), tr("ui.hand_over")), size="6"),
        rx.foreach(PLAYERS, lambda p: rx.text(
            p["name"].to(str), ": ", p["score"].to(str),
            rx.cond(as_list(VIEW["winners"], int).contains(p["seat"].to(int)), " 🏆", ""), size="4")),
        rx.text(tr("ui.waiting_host")),
        spacing="2", align="center", id="between-hands",
    )


def uno_phone() -> rx.Component:
    """The UNO phone during a game."""
    return rx.cond(VIEW["phase"] == "play", playing(), between_hands())
