"""The options a table plays with, as every screen lists them (``screen["options_in_force"]``:
each ``{"key", "label", "value", "value_label"}`` with i18n keys, from the engine's schema)."""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import S, tr, tr_with


def _line(option: rx.Var) -> rx.Component:
    named = option["value_label"].to(str) != ""
    value = rx.cond(named, tr(option["value_label"].to(str)), option["value"].to_string())
    return rx.el.li(tr_with("option.in_force", option=tr(option["label"].to(str)), value=value),
                    custom_attrs={"data-option": option["key"].to(str)})


def options_in_force(id: str = "options-in-force") -> rx.Component:
    """The table's options in words ("Edition: Plus"), for every player."""
    options = S["options_in_force"].to(list[dict])
    return rx.cond(
        S["options_in_force"],  # (neither missing nor empty)
        rx.box(
            rx.text(tr("ui.options_in_force"), weight="bold", size="2"),
            rx.el.ul(rx.foreach(options, _line), class_name="tg-options"),
            id=id, class_name="tg-options-box",
        ),
    )
