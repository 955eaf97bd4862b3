"""Landing page: create a table (the game, then its options) or join one with its code.

The create form is drawn from each game's options schema (``state.forms``) plus the
game's own form part from the registry (``GameUI.form``): this page names no game.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from tablegames import games
from tablegames.components.fields import check, field, number, select
from tablegames.engine import get_game
from tablegames.pages.common import lang_switch, notice, tr, tr_with
from tablegames.state.forms import controls, field_name, form_options, value_text
from tablegames.state.landing import LandingForm


def _applies(option: Any) -> rx.Var | bool:
    """Whether ``option`` applies given the form's current picks (its ``when``)."""
    test: rx.Var | bool = True
    for key, values in option.when.items():
        holds = rx.Var.create([value_text(v) for v in values]).to(list[str]).contains(
            LandingForm.picks[key].to(str))
        test = holds if test is True else test & holds
    return test


def option_field(game: str, option: Any) -> rx.Component:
    """The control of one schema option (``#opt-<field name>``), shown while it applies."""
    name = field_name(game, option.key)
    if option.kind == "bool":
        control = check(name, option.label, bool(option.default))
    elif option.kind == "int":
        control = field(option.label, number(name, option.default, option.min, option.max), option.help)
    else:  # a choice, or a seat chosen among its special values
        watch = ({"on_change": lambda value, key=option.key: LandingForm.pick(key, value)}
                 if option.key in controls(game) else {})
        control = field(option.label, select(name, [value_text(c) for c in option.choices], option.value_label,
                                             value_text(option.default), **watch), option.help)
    applies = _applies(option)
    return control if applies is True else rx.cond(applies, control)


def game_options(game: str) -> rx.Component:
    """Every option of ``game`` the form shows, then the game's own form part."""
    ui = games.game_ui(game)
    extras: list[rx.Component] = []
    if ui.form:
        part = games.load(ui.form)()
        # The part applies while the custom option it fills in does (house rules: one edition).
        custom = [o for o in get_game(game).options_schema if o.kind == "custom" and not o.hidden]
        applies = _applies(custom[0]) if len(custom) == 1 else True
        extras.append(part if applies is True else rx.cond(applies, part))
    main = [option_field(game, o) for o in form_options(game) if not o.advanced]
    advanced = [option_field(game, o) for o in form_options(game) if o.advanced]
    if advanced:  # fine-tunings most tables leave alone, folded away
        extras.append(rx.el.details(rx.el.summary(tr("ui.more_settings")),
                                    rx.vstack(*advanced, spacing="3", width="100%"),
                                    class_name="tg-more", id=f"more-{game}"))
    return rx.vstack(*main, *extras, spacing="3", width="100%")


def create_form() -> rx.Component:
    """The host's form: the game, then that game's options."""
    names = games.names()
    return rx.form(
        rx.vstack(
            rx.heading(tr("ui.create_table"), size="6"),
            field("ui.game", rx.el.select(
                *[rx.el.option(tr(f"game.{g}"), value=g) for g in names],
                name="game", value=LandingForm.new_game, on_change=LandingForm.choose_game,
                class_name="tg-select", id="opt-game")),
            rx.match(LandingForm.new_game, *[(g, game_options(g)) for g in names[1:]], game_options(names[0])),
            rx.button(tr("ui.create"), type="submit", size="4", width="100%", id="create"),
            spacing="3", width="100%",
        ),
        on_submit=LandingForm.create,
        width="100%",
    )


def join_form() -> rx.Component:
    """A player's form: the room code shown on the table."""
    return rx.form(
        rx.vstack(
            rx.heading(tr("ui.join_table"), size="6"),
            rx.el.input(name="code", placeholder="ABCD", max_length=4, auto_complete="off",
                        class_name="tg-input tg-code-input", id="join-code",
                        aria_label=tr("ui.room_code")),
            rx.button(tr("ui.join"), type="submit", size="4", width="100%", id="join-go",
                      on_click=LandingForm.watch_next(False)),
            rx.button(tr("viewers.watch"), type="submit", size="3", width="100%", id="watch-go", variant="outline",
                      on_click=LandingForm.watch_next(True), title=tr("viewers.watch_help")),
            spacing="3", width="100%",
        ),
        on_submit=LandingForm.go_join,
        width="100%",
    )


def my_tables() -> rx.Component:
    """Links back to this device's own live tables ("Your table: ABCD", and its game), if any."""
    def link(table: rx.Var) -> rx.Component:
        key = rx.cond(table["role"].to(str) == "host", "ui.phone.your_table", "ui.phone.your_seat")
        return rx.link(
            tr_with("ui.phone.table_link", what=tr(key), code=table["code"].to(str),
                    game=tr("game." + table["game"].to(str))),
            href=table["href"].to(str), class_name="tg-ph-button", id="my-table-" + table["code"].to(str),
        )

    return rx.cond(
        LandingForm.tables,
        rx.vstack(rx.foreach(LandingForm.tables, link), spacing="2", width="100%", id="my-tables"),
    )


def landing() -> rx.Component:
    """``/``: create or join a table (side by side on a landscape tablet)."""
    return rx.box(
        rx.el.div(
            rx.vstack(
                rx.flex(rx.heading("Table Games", size="8", as_="h1"), rx.spacer(), lang_switch(),
                        width="100%", wrap="wrap", gap="3", align="center"),
                rx.text(tr("ui.tagline")),
                my_tables(),
                # the first thing a guest needs: always on the first screen (the create form,
                # long, scrolls below it on a phone)
                rx.card(join_form(), width="100%", custom_attrs={"data-fit": "join-card"}),
                spacing="5", width="100%",
            ),
            rx.card(create_form(), width="100%"),
            class_name="tg-landing-grid",
        ),
        notice(),
        class_name="tg-landing",
    )
