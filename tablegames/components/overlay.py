"""Overlays: a native ``<dialog>`` opened modally in the browser (no server round trip).

The browser gives a modal ``<dialog>`` what an overlay needs: it sits above the page, keeps
the focus inside, and Escape closes it. The pages open and close one with the events below
(``rx.call_script``, which runs in the browser alone); the element's id may be a Var (one
overlay per seat of a list).
"""

from __future__ import annotations

import reflex as rx


def _js_id(overlay_id: str | rx.Var) -> str | rx.Var:
    """A JavaScript string literal of the id (a Var builds it in the browser)."""
    if isinstance(overlay_id, rx.Var):
        return rx.Var.create("'") + overlay_id.to(str) + "'"
    return repr(str(overlay_id))


def _script(overlay_id: str | rx.Var, body: str) -> rx.event.EventSpec:
    """``(d => <body>)(the dialog)``, run in the browser."""
    head = "(d => d && (" + body + "))(document.getElementById("
    code = rx.Var.create(head) + _js_id(overlay_id) + "))" if isinstance(overlay_id, rx.Var) \
        else head + _js_id(overlay_id) + "))"
    return rx.call_script(code)


def open_overlay(overlay_id: str | rx.Var) -> rx.event.EventSpec:
    """Opens the overlay ``overlay_id`` (modal; nothing happens if it is open already)."""
    return _script(overlay_id, "d.open || d.showModal()")


def close_overlay(overlay_id: str | rx.Var) -> rx.event.EventSpec:
    """Closes the overlay ``overlay_id``."""
    return _script(overlay_id, "d.open && d.close()")


def overlay(overlay_id: str | rx.Var, *children: rx.Component, label: str | rx.Var,
            close_on_tap: bool = False, class_name: str = "") -> rx.Component:
    """A modal overlay, closed until :func:`open_overlay` opens it.

    Args:
        overlay_id: the element id (a Var for one overlay per list item).
        *children: the overlay's content.
        label: what the overlay is, for screen readers (``aria-label``).
        close_on_tap: a tap anywhere in it closes it (an enlarged view); else only its own
            buttons and Escape do.
        class_name: extra classes for the overlay's box.
    """
    return rx.el.dialog(
        rx.box(*children, class_name=f"tg-overlay-box {class_name}".strip()),
        id=overlay_id,
        class_name="tg-overlay",
        custom_attrs={"aria-label": label},
        **({"on_click": close_overlay(overlay_id)} if close_on_tap else {}),
    )
