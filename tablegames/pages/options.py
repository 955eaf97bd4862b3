"""The options a table plays with, as every screen lists them (``screen["options_in_force"]``:
each ``{"key", "label", "value", "value_label", "seat"}`` with i18n keys, from the engine's
schema; a ``seat`` value is shown as that player's name)."""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import S, tr, tr_with


def _seat_name(seat: rx.Var) -> rx.Var:
    """The name of the player at engine seat ``seat``."""
    return (S["seats"].to(list[dict]).filter(lambda s: s["seat"].to(int) == seat.to(int))
            .map(lambda s: s["name"].to(str)).join(""))


def _line(option: rx.Var) -> rx.Component:
    named = option["value_label"].to(str) != ""
    value = rx.cond(named, tr(option["value_label"].to(str)),
                    rx.cond(option["seat"].to(bool), _seat_name(option["value"]), option["value"].to_string()))
    return rx.el.li(tr_with("option.in_force", option=tr(option["label"].to(str)), value=value),
                    custom_attrs={"data-option": option["key"].to(str)})


def options_in_force(id: str = "options-in-force", lobby: bool = False) -> rx.Component:
    """The table's options in words ("Edition: Plus"), for every player; ``lobby``: the
    table's lobby, whose game block has its own picker for each lobby-stage option (so
    they are not listed twice)."""
    options = S["options_in_force"].to(list[dict])
    if lobby:
        options = options.filter(lambda o: o["stage"].to(str) != "lobby")
    return rx.cond(
        S["options_in_force"],  # (neither missing nor empty)
        rx.box(
            rx.text(tr("ui.options_in_force"), weight="bold", size="2"),
            rx.el.ul(rx.foreach(options, _line), class_name="tg-options"),
            id=id, class_name="tg-options-box",
        ),
    )
