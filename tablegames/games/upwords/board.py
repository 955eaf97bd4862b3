"""Upwords board, squares and rack tiles: big readable letters, stack heights you can count.

Stateless: everything comes in as Vars (see ``tablegames.games.upwords.view_model.board_rows`` for a
square's fields) and taps go out through the ``on_tap`` callbacks given. Looks live in
``assets/upwords.css`` (class prefix ``uw-``), which the app loads.

Never colour alone: every tile shows its stack height as a number in a corner and a
layered edge (one layer per tile under it); a tile being placed has a dashed edge and a
✚ mark; a tile of the last play has a thick edge and a ★ mark; the four centre squares
carry a ◆.

    upwords_board(rows, size="table" | "phone", on_tap=None, zoom=None, id_prefix="sq-")
    rack_tile(tile, on_tap)
    legend(new_text, last_text, height_text)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

from tablegames.reflex_adapter import Var


def common_label(cell: Var) -> Var:
    """"W ×2" (the letter and its stack height) or "·" (empty), for screen readers."""
    return rx.cond(cell["h"].to(int) > 0, cell["t"].to(str) + " ×" + cell["h"].to(str), "·")


def _square_body(cell: Var, hidden: bool = False) -> list[rx.Component]:
    letter_attrs = {"custom_attrs": {"aria-hidden": "true"}} if hidden else {}
    return [
        rx.cond(cell["h"].to(int) > 0, rx.fragment(
            rx.el.span(cell["t"].to(str), class_name="uw-letter tg-m-place", key=cell["h"].to(str),  # drops on
                       **letter_attrs),
            rx.el.span(cell["h"].to(str), class_name="uw-height", custom_attrs={"aria-hidden": "true"}),
        )),
        rx.cond(cell["gain"].to(str) != "", rx.el.span(cell["gain"].to(str), class_name="uw-gain",
                                                       id="last-gain")),
    ]


def _attrs(cell: Var) -> dict[str, Any]:
    return {
        "data-letter": cell["t"].to(str),
        "data-height": cell["h"].to(str),
        "data-new": rx.cond(cell["new"].to(bool), "1", "0"),
        "data-last": rx.cond(cell["last"].to(bool), "1", "0"),
        # "W, 2 high" for screen readers: the letter and the height number.
        "aria-label": common_label(cell),
    }


def square(cell: Var, on_tap: Callable[[Var], Any] | None = None, id_prefix: str = "sq-") -> rx.Component:
    """One square: empty slot, or the top tile of its stack with the height in a corner."""
    common = {"class_name": cell["cls"].to(str), "id": id_prefix + cell["id"].to(str),
              "custom_attrs": _attrs(cell)}
    if on_tap is None:
        return rx.el.div(*_square_body(cell), role="img", **common)
    # data-small-ok: ten squares across a phone are ~30 px; "⊕ Zoom in" gives 56 px squares.
    # A button is named by a visually hidden name (its letter hidden from screen readers),
    # not by aria-label, so its accessible name holds its visible text (axe).
    attrs = {k: v for k, v in common["custom_attrs"].items() if k != "aria-label"}
    common["custom_attrs"] = {**attrs, "data-small-ok": "board"}
    name = rx.el.span(common_label(cell), class_name="uw-sr")
    return rx.el.button(name, *_square_body(cell, hidden=True), type="button", on_click=on_tap(cell), **common)


def upwords_board(rows: Var, size: str = "table", on_tap: Callable[[Var], Any] | None = None,
                  zoom: Var | bool | None = None, id_prefix: str = "sq-", **props: Any) -> rx.Component:
    """The 10x10 board.

    Args:
        rows: 10 rows of squares (``board_rows``).
        size: ``"table"`` (as big as the tablet allows) or ``"phone"`` (fits the width;
            with ``zoom`` true, bigger squares in a sideways-scrolling frame).
        on_tap: ``cell -> event`` to make squares buttons (the phone).
    """
    board_cls = f"uw-board uw-board-{size}"
    grid = rx.el.div(
        rx.foreach(rows.to(list[list[dict[str, Any]]]),
                   lambda row: rx.foreach(row, lambda cell: square(cell, on_tap, id_prefix))),
        class_name=board_cls if zoom is None else rx.cond(zoom, board_cls + " uw-zoomed", board_cls),
        role="group",
    )
    return rx.el.div(grid, class_name=f"uw-frame uw-frame-{size}", **props)


def rack_tile(tile: Var, on_tap: Callable[[Var], Any]) -> rx.Component:
    """A tile on the phone's rack: tap to select; a placed one shows as a ghost."""
    return rx.el.button(
        rx.el.span(tile["t"].to(str), class_name="uw-letter"),
        type="button",
        class_name=tile["cls"].to(str),
        id="rack-" + tile["i"].to(str),
        on_click=on_tap(tile),
        custom_attrs={
            "data-letter": tile["letter"].to(str),
            "data-used": rx.cond(tile["used"].to(bool), "1", "0"),
            "aria-pressed": rx.cond(tile["sel"].to(bool), "true", "false"),
        },
    )


def legend(new_text: Var | str, last_text: Var | str, height_text: Var | str) -> rx.Component:
    """What the marks on the tiles mean."""
    return rx.hstack(
        rx.el.span(rx.el.span("A", rx.el.span("2", class_name="uw-height"), class_name="uw-sample uw-h2"),
                   " ", height_text, class_name="uw-legend-item"),
        rx.el.span(rx.el.span("★", class_name="uw-mark"), " ", last_text, class_name="uw-legend-item"),
        rx.el.span(rx.el.span("✚", class_name="uw-mark"), " ", new_text, class_name="uw-legend-item"),
        class_name="uw-legend", spacing="4", wrap="wrap",
    )
