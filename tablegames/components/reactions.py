"""Quick reactions: the phone's row of them, and the bubbles that pop up on the table.

Each reaction is a short word (i18n ``reactions.<kind>``) beside a small drawn icon
(``assets/reactions.css``: CSS masks of inline SVG, coloured by ``currentColor``), never an
emoji: some phones lack emoji fonts. The phone sends ``Reactions.react(kind)``; the table
and the viewers show ``Reactions.popping`` as bubbles beside the sender's name, for a few
seconds (motion only under ``prefers-reduced-motion: no-preference``).
"""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import tr, tr_with
from tablegames.state.reactions import KINDS, Reactions

__all__ = ["STYLESHEET", "reaction_icon", "reaction_row", "reaction_menu", "reactions_layer"]

STYLESHEET = "/reactions.css"
MENU = "tg-react-menu"
CLOSE_MENU_JS = f"(() => {{ const m = document.getElementById('{MENU}'); if (m) m.open = false; }})()"


def reaction_icon(kind: str | rx.Var) -> rx.Component:
    """The drawn icon of a reaction (decorative: its word says it)."""
    return rx.el.span(class_name="tg-rx-icon", custom_attrs={"data-kind": kind, "aria-hidden": "true"})


def reaction_row(close: bool = False, id: str = "reactions", buttons: str = "react",
                 fit: bool = True) -> rx.Component:
    """A seated phone's row of reactions (44 px and more per button).

    Args:
        close: the row sits in the header's menu (:func:`reaction_menu`): a tap closes it.
        id: the row's element id.
        buttons: the prefix of its buttons' ids (``react-nice``...): one per row on a page.
        fit: the row is a main block of its screen (``data-fit``); not inside a scrolling panel.
    """
    def button(kind: str) -> rx.Component:
        clicks = [Reactions.react(kind), rx.call_script(CLOSE_MENU_JS)] if close else Reactions.react(kind)
        return rx.el.button(reaction_icon(kind), rx.el.span(tr(f"reactions.{kind}"), class_name="tg-rx-word"),
                            type="button", class_name="tg-rx-button", id=f"{buttons}-{kind}", on_click=clicks,
                            custom_attrs={"data-kind": kind})

    return rx.box(*[button(k) for k in KINDS], class_name="tg-rx-row", id=id, role="group",
                  aria_label=tr("reactions.row"), custom_attrs={"data-fit": "reactions"} if fit else {})


def reaction_menu() -> rx.Component:
    """The phone header's React button: it opens the row under the header."""
    return rx.el.details(
        rx.el.summary(reaction_icon("nice"), rx.el.span(tr("reactions.open"), class_name="tg-sr"),
                      class_name="tg-rx-open", id="react-open", title=tr("reactions.open")),
        rx.box(reaction_row(close=True), class_name="tg-rx-panel"),
        class_name="tg-rx-menu", id=MENU,
    )


def _bubble(r: rx.Var) -> rx.Component:
    name, kind = r["name"].to(str), r["kind"].to(str)
    return rx.box(
        rx.el.span(  # what the eye reads; a screen reader hears the sentence after it
            rx.el.span(name, class_name="tg-rx-name"),
            reaction_icon(kind),
            rx.el.span(tr("reactions." + kind), class_name="tg-rx-word"),
            class_name="tg-rx-seen", custom_attrs={"aria-hidden": "true"},
        ),
        rx.el.span(tr_with("reactions.sent_by", name=name, word=tr("reactions." + kind)), class_name="tg-sr"),
        key=r["id"].to(str),
        class_name="tg-rx-bubble",
        custom_attrs={"data-seat": r["seat"].to(int).to_string(), "data-kind": kind},
    )


def reactions_layer() -> rx.Component:
    """The table's (and a viewer's) bubbles, over the screen's bottom edge; read out politely."""
    return rx.box(rx.foreach(Reactions.popping, _bubble), class_name="tg-rx-layer", id="reactions-layer",
                  custom_attrs={"aria-live": "polite", "data-fit-layer": "reactions"})
