"""UNO on a phone: the player's own hand first, the buttons that apply, the pile, pickers.

Lays out what the view model says (``tablegames/games/uno/view_model.py``, read as
``S["vm"]``): which cards are playable, which buttons apply with their labels and moves,
the picker's colours and targets, every sentence. No seat arithmetic and no text glued
together here.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.events import event_list
from tablegames.components.game_over import game_over_panel
from tablegames.components.players import player_chips
from tablegames.games.uno.cards import color_swatch, uno_card
from tablegames.games.uestop.phone import SlapPad, clock_probe
from tablegames.games.uno.state import UnoJump, UnoPicker
from tablegames.pages.common import S, send

VM = S["vm"].to(dict)  # this screen's UNO view model
MY_TURN = VM["my_turn"].to(bool)
PICKER = VM["picker"].to(dict)[UnoPicker.picking].to(dict)  # what the open picker offers


def hand_card(card: rx.Var) -> rx.Component:
    """A card of the hand: tap to play; a playable wild opens the colour picker."""
    code = card["code"].to(str)
    return uno_card(
        code, size="hand", playable=card["playable"].to(bool), name=card["name"].to(str),
        key=card["key"].to(str), class_name="tg-m-draw",  # a drawn card slides in (assets/motion.css)
        on_click=rx.cond(card["pick"].to(bool), UnoPicker.pick(code), send({"type": "play", "card": code})),
    )


def hand() -> rx.Component:
    """The hand in runs of one colour (``#hand``: the browser tests read its cards).

    The cards flow in rows across the runs (``assets/uno.css``): past
    ``view_model.FAN_HAND`` cards they overlap (``uc-fan``), past ``DENSE_HAND`` they are
    smaller too (``uc-dense``), so up to 12 cards take two rows of a 360 px phone and a
    covered card still shows a tappable strip of its left side (its index corner)."""
    return rx.el.div(
        rx.foreach(VM["hand_groups"].to(list[list[dict]]),
                   lambda group: rx.el.div(rx.foreach(group, hand_card), class_name="tg-group uc-run",
                                           key=group[0].to(dict)["code"].to(str)[0])),  # a run is its colour
        id="hand", role="group",
        class_name="tg-hand uc-hand-row" + rx.cond(VM["hand_fan"].to(bool), " uc-fan", "")
        + rx.cond(VM["hand_dense"].to(bool), " tg-hand-dense uc-dense", ""),
        custom_attrs={"aria-label": VM["hand_count"].to(str)},
        style={"--uc-per-row": VM["hand_per_row"].to(str)},
    )


def picker() -> rx.Component:
    """Colour picker for a wild; Swap Hands first asks who swaps hands with you."""
    swap = PICKER["swap"].to(bool)
    asking_target = swap & (UnoPicker.swap_with == "")

    def choice(c: rx.Var) -> rx.Component:
        move = rx.cond(swap, c["by_target"].to(dict)[UnoPicker.swap_with].to(dict), c["move"].to(dict))
        return color_swatch(c["color"].to(str), label=c["name"].to(str), on_click=send(move))

    targets = rx.vstack(
        rx.heading(PICKER["target_title"].to(str), size="5"),
        rx.foreach(PICKER["targets"].to(list[dict]), lambda p: rx.button(
            rx.text(p["name"].to(str), weight="bold"), rx.text(p["detail"].to(str), size="2"),
            size="4", class_name="tg-target tg-action", width="100%", justify="between",
            # 7-0's picker sends the swap at once; Swap Hands asks for the colour next
            on_click=rx.cond(PICKER["direct"].to(bool), send(p["move"].to(dict)),
                             UnoPicker.pick_target(p["seat"].to(str))),
            id="target-" + p["seat"].to(str))),
        spacing="3", align="center", width="100%", id="picker-targets",
    )
    colours = rx.vstack(
        rx.heading(PICKER["title"].to(str), size="5"),
        rx.grid(rx.foreach(PICKER["choices"].to(list[dict]), choice), columns="2", spacing="3", justify="center"),
        spacing="4", align="center",
    )
    return rx.cond(
        UnoPicker.picking != "",
        rx.box(
            rx.vstack(
                rx.cond(asking_target, targets, colours),
                rx.button(VM["labels"].to(dict)["cancel"].to(str), variant="outline", size="3",
                          color_scheme="gray", high_contrast=True, class_name="uc-cancel",
                          on_click=UnoPicker.cancel_pick, id="picker-cancel"),
                spacing="4", align="center", width="min(22rem, 100%)",
            ),
            class_name="tg-picker uc-picker", id="picker",
            custom_attrs={"data-fit": "uno-picker", "data-fit-layer": "uno-picker"},  # an overlay
        ),
    )


def action_button(a: rx.Var) -> rx.Component:
    """One button of the view model's ``actions``: it sends its move, or opens the picker."""
    props = {"size": "4", "class_name": "tg-action", "id": a["id"].to(str),
             "on_click": rx.cond(a["pick"].to(str) != "", UnoPicker.pick(a["pick"].to(str)), send(a["move"].to(dict)))}
    label = a["label"].to(str)
    # The theme's accent unless the view model asks for a colour (only colours the theme ships).
    return rx.match(a["color"].to(str),
                    ("red", rx.button(label, color_scheme="red", **props)),
                    ("orange", rx.button(label, color_scheme="orange", **props)),
                    rx.button(label, **props))


def actions() -> rx.Component:
    """The buttons that apply right now (labels, colours and moves from the view model)."""
    return rx.flex(rx.foreach(VM["actions"].to(list[dict]), action_button),
                   wrap="wrap", spacing="3", justify="center", width="100%")


def jump_button() -> rx.Component:
    """JUMP IN!: shown while this phone holds the identical card to the top (pointerdown,
    stamped like UeStop!'s slap so the race can correct this phone's clock and network)."""
    jump = VM["jump"].to(dict)
    return rx.cond(
        VM["jump"],
        SlapPad.create(
            rx.el.span(jump["label"].to(str), class_name="uc-jump-label"),
            rx.el.span(jump["name"].to(str), class_name="uc-jump-sub"),
            type="button", id="act-jump", class_name="uc-jump",
            on_pointer_down=lambda tap: UnoJump.jump(tap, jump["card"].to(str)),
        ),
    )


def playing() -> rx.Component:
    """The hand first, then the buttons, the pile, the others and the last events."""
    return rx.vstack(
        rx.cond(MY_TURN,
                rx.text(VM["status"].to(str), class_name="tg-your-turn", id="your-turn"),
                rx.text(VM["status"].to(str), size="4", id="turn-of")),
        rx.cond(VM["pending"].to(str) != "",
                rx.callout(VM["pending"].to(str), icon="info", color_scheme="amber", id="pending", width="100%")),
        jump_button(),
        rx.box(hand(), actions(), class_name="uc-hand-block", custom_attrs={"data-fit": "uno-hand"}),
        rx.cond(VM["reveal"], rx.box(
            rx.text(VM["reveal"].to(dict)["title"].to(str), weight="bold"),
            rx.flex(rx.foreach(VM["reveal"].to(dict)["cards"].to(list[str]), lambda c: uno_card(c, size="mini")),
                    wrap="wrap", spacing="1"),
            id="reveal")),
        rx.hstack(
            uno_card(VM["top"].to(str), size="mini", name=VM["top_name"].to(str)),
            rx.cond(VM["color"].to(str) != "", color_swatch(VM["color"].to(str), size="small",
                                                              label=VM["color_name"].to(str))),
            rx.text(VM["color_line"].to(str), size="2"),
            align="center", spacing="3", id="phone-top",
        ),
        player_chips(VM["players"], mini=True, id="others"),
        event_list(VM["events"], mini=True),
        picker(),
        rx.cond(VM["jump_table"].to(bool), clock_probe()),  # jump-in tables: this phone's clock
        spacing="3", width="100%", align="center",
    )


def between_hands() -> rx.Component:
    """After a hand: this phone's result, points and totals (the host deals from the table)."""
    return rx.vstack(
        rx.heading(VM["score_title"].to(str), size="6"),
        rx.text(VM["hand_line"].to(str), size="4", text_align="center"),
        rx.cond(VM["my_result"].to(str) != "", rx.text(VM["my_result"].to(str), size="6", weight="bold",
                                                       id="my-result")),
        rx.box(
            rx.foreach(VM["scores"].to(list[dict]), lambda row: rx.hstack(
                rx.text(row["mark"].to(str), " ", row["name"].to(str), weight="bold"),
                rx.spacer(),
                rx.text(row["cards"].to(str), size="2", class_name="uc-row-cards"),
                rx.text(row["score"].to(str), weight="bold"),
                align="center", width="100%", spacing="3",
                class_name=rx.cond(row["winner"].to(bool), "uc-score-row uc-score-best", "uc-score-row"),
                custom_attrs={"aria-label": row["line"].to(str)},
            )),
            class_name="uc-phone-scores", custom_attrs={"data-fit": "uno-scores"},
        ),
        rx.text(VM["target_line"].to(str), size="2"),
        rx.text(VM["waiting"].to(str)),
        spacing="3", align="center", width="100%", id="between-hands",
    )


def uno_phone() -> rx.Component:
    """The UNO phone during a game: the hand; between hands the results; at the end the
    shared game-over curtain (this phone's place) over the last hand's results."""
    return rx.match(
        VM["phase"].to(str),
        ("play", playing()),
        ("game_over", rx.fragment(game_over_panel(VM["game_over"]), between_hands())),
        between_hands(),
    )
