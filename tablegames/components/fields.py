"""Create-form fields: a labelled field, a select of translated choices, a checkbox.

Shared by the landing page's schema-driven form and the games' own form parts
(``GameUI.form``). Element ids are ``opt-<name>`` (the e2e tests use them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import reflex as rx

from tablegames.pages.common import tr


def field(label_key: str, control: rx.Component, help_key: str = "") -> rx.Component:
    """A field with its translated label (and help line) above the control.

    The label holds the control (its accessible name, and a tap anywhere on it focuses the
    control): one control per field."""
    return rx.el.label(
        rx.el.span(tr(label_key), class_name="tg-field-name"), control,
        *([rx.text(tr(help_key), size="2", color_scheme="gray", as_="span", class_name="tg-field-help")]
          if help_key else []),
        class_name="tg-field",
    )


def select(name: str, values: Sequence[str], key_prefix: str, default: str, **props: Any) -> rx.Component:
    """A select of ``values`` named by the catalog keys ``key_prefix + value``."""
    return rx.el.select(
        *[rx.el.option(tr(f"{key_prefix}{v}"), value=v) for v in values],
        name=name, default_value=default, id=f"opt-{name}", class_name="tg-select", **props,
    )


def check(name: str, label_key: str, checked: bool = False) -> rx.Component:
    """A checkbox with its translated label."""
    return rx.el.label(
        rx.el.input(type="checkbox", name=name, default_checked=checked, id=f"opt-{name}"),
        rx.text(tr(label_key), as_="span"),
        class_name="tg-check",
    )


def number(name: str, default: Any, low: int | None, high: int | None) -> rx.Component:
    """A whole-number input."""
    bounds = {k: v for k, v in (("min", low), ("max", high)) if v is not None}
    return rx.el.input(name=name, type="number", default_value=str(default), class_name="tg-input",
                       id=f"opt-{name}", **bounds)
