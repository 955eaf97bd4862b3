"""Landing page: create a table (game, edition, options) or join one with its code."""

from __future__ import annotations

import reflex as rx

from tablegames.games.uestop.cards import suit_mark
from tablegames.pages.common import lang_switch, notice, tr
from tablegames.state.forms import GAMES
from tablegames.state.room import Screen

HOUSE_RULE_CHOICES = ("none", "others_draw_2", "discard_wilds", "skip_all", "situps", "song", "dare", "free")
DEFAULT_RULES = ("others_draw_2", "skip_all", "song")


def _field(label_key: str, control: rx.Component) -> rx.Component:
    return rx.vstack(rx.text(tr(label_key), weight="bold"), control, spacing="1", width="100%")


def _select(name: str, values: tuple[str, ...], key_prefix: str, default: str) -> rx.Component:
    return rx.el.select(
        *[rx.el.option(tr(f"{key_prefix}{v}"), value=v) for v in values],
        name=name, default_value=default, id=f"opt-{name}",
        class_name="tg-select",
    )


def _check(name: str, label_key: str, checked: bool = False) -> rx.Component:
    return rx.el.label(
        rx.el.input(type="checkbox", name=name, default_checked=checked, id=f"opt-{name}"),
        rx.text(tr(label_key), as_="span"),
        class_name="tg-check",
    )


def uno_options() -> rx.Component:
    """UNO: edition, points, scoring, dealer, two-player and team rules, house rules."""
    house = [
        rx.hstack(
            _select(f"house_rule_{i}", HOUSE_RULE_CHOICES, "houserule.choice.", DEFAULT_RULES[i - 1]),
            rx.el.input(name=f"house_text_{i}", placeholder=tr("ui.house_rule_text"), max_length=200,
                        class_name="tg-input", id=f"opt-house_text_{i}"),
            width="100%", wrap="wrap",
        )
        for i in (1, 2, 3)
    ]
    return rx.vstack(
        _field("ui.edition", _select("edition", ("classic", "plus", "motu"), "edition.", "classic")),
        _field("ui.target", rx.el.input(name="target", type="number", default_value="500", min=50,
                                        max=100000, class_name="tg-input", id="opt-target")),
        _field("ui.scoring", _select("scoring", ("standard", "lowest", "elimination"), "scoring.", "standard")),
        _field("ui.dealer", _select("dealer", ("high_card", "random"), "dealer.", "high_card")),
        _check("two_player_rules", "ui.two_player_rules", True),
        _check("teams", "ui.teams"),
        _check("wd4_bluff", "ui.wd4_bluff"),
        rx.text(tr("ui.house_rules"), weight="bold"),
        rx.text(tr("ui.house_rules_help"), size="2", color_scheme="gray"),
        *house,
        spacing="3", width="100%",
    )


def upwords_options() -> rx.Component:
    """Upwords: challenge (the rulebook's way) or automatic dictionary check; who starts."""
    return rx.vstack(
        _field("ui.create.upwords.words", _select("words", ("challenge", "auto"), "ui.create.upwords.words.", "challenge")),
        _field("ui.create.upwords.first", _select("first", ("draw", "random"), "ui.create.upwords.first.", "draw")),
        spacing="3", width="100%",
    )


def faces_options() -> rx.Component:
    """Faces: the card game or Memory; Memory's grid (the oldest player is asked in the lobby)."""
    return rx.vstack(
        _field("ui.faces.variant", _select("variant", ("main", "memory"), "variant.", "main")),
        _field("ui.faces.pairs", _select("pairs", ("10", "13"), "ui.faces.pairs.", "10")),
        rx.text(tr("ui.faces.pairs_help"), size="2", color_scheme="gray"),
        spacing="3", width="100%",
    )


def uestop_options() -> rx.Component:
    """UeStop!: mode, cards to win, the host's own categories (4 per customizable card)."""
    custom = [
        rx.hstack(
            suit_mark(suit),
            rx.el.textarea(name=f"custom_{i}", rows=4, max_length=200, class_name="tg-input",
                           placeholder=tr("ui.uestop.create.custom_card") + f" {i}", id=f"opt-custom_{i}"),
            width="100%", align="center",
        )
        for i, suit in enumerate(("red", "blue", "green", "yellow"), start=1)
    ]
    return rx.vstack(
        _field("ui.uestop.create.mode", _select(
            "mode", ("tome_lhe_tapao", "cha_da_tarde", "numerologia", "tudo_junto"), "ui.uestop.mode.",
            "tome_lhe_tapao")),
        _field("ui.uestop.create.target", rx.el.input(name="uestop_target", type="number", default_value="5", min=1,
                                                      max=10, class_name="tg-input", id="opt-uestop_target")),
        rx.text(tr("ui.uestop.create.custom"), weight="bold"),
        rx.text(tr("ui.uestop.create.custom_help"), size="2", color_scheme="gray"),
        *custom,
        spacing="3", width="100%",
    )


def create_form() -> rx.Component:
    """The host's form: the game, then that game's options."""
    return rx.form(
        rx.vstack(
            rx.heading(tr("ui.create_table"), size="6"),
            _field("ui.game", rx.el.select(
                *[rx.el.option(tr(f"game.{g}"), value=g) for g in GAMES],
                name="game", value=Screen.new_game, on_change=Screen.choose_game,
                class_name="tg-select", id="opt-game")),
            rx.match(Screen.new_game, ("upwords", upwords_options()), ("faces", faces_options()),
                     ("uestop", uestop_options()), uno_options()),
            rx.button(tr("ui.create"), type="submit", size="4", width="100%", id="create"),
            spacing="3", width="100%",
        ),
        on_submit=Screen.create,
        width="100%",
    )


def join_form() -> rx.Component:
    """A player's form: the room code shown on the table."""
    return rx.form(
        rx.vstack(
            rx.heading(tr("ui.join_table"), size="6"),
            rx.el.input(name="code", placeholder="ABCD", max_length=4, auto_complete="off",
                        class_name="tg-input tg-code-input", id="join-code"),
            rx.button(tr("ui.join"), type="submit", size="4", width="100%", id="join-go"),
            spacing="3", width="100%",
        ),
        on_submit=Screen.go_join,
        width="100%",
    )


def landing() -> rx.Component:
    """``/``: create or join a table."""
    return rx.center(
        rx.vstack(
            rx.hstack(rx.heading("Table Games", size="8"), rx.spacer(), lang_switch(), width="100%"),
            rx.text(tr("ui.tagline")),
            notice(),
            rx.card(join_form(), width="100%"),
            rx.card(create_form(), width="100%"),
            spacing="5", width="100%", max_width="36rem", padding="1rem",
        ),
        width="100%",
    )
