"""UeStop!'s part of the create form: the host's own categories for the four
customizable cards (one text box per card, one category per line)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SUITS = ("red", "blue", "green", "yellow")


def uestop_form() -> Any:
    """One text box per customizable card, marked with its suit."""
    import reflex as rx

    from tablegames.games.uestop.cards import suit_mark
    from tablegames.pages.common import tr, tr_with

    boxes = [
        rx.hstack(
            suit_mark(suit),
            rx.el.textarea(name=f"custom_{i}", rows=4, max_length=200, class_name="tg-input",
                           placeholder=tr_with("ui.form.custom_card_n", n=str(i)), id=f"opt-custom_{i}"),
            width="100%", align="center",
        )
        for i, suit in enumerate(SUITS, start=1)
    ]
    return rx.vstack(rx.text(tr("ui.uestop.create.custom"), weight="bold"),
                     rx.text(tr("ui.uestop.create.custom_help"), size="2", color_scheme="gray"),
                     *boxes, spacing="3", width="100%")


def parse_form(form: Mapping[str, Any]) -> dict[str, Any]:
    """``custom_categories`` from the boxes (an empty box keeps its card in the box; the
    engine checks there are exactly 4 categories, all different).

    >>> parse_form({"custom_1": "Colours\\n Fruits \\n\\nAnimals\\nNames", "custom_2": ""})
    {'custom_categories': [['Colours', 'Fruits', 'Animals', 'Names']]}
    """
    custom = []
    for i in range(1, len(SUITS) + 1):
        lines = [line.strip() for line in str(form.get(f"custom_{i}") or "").splitlines() if line.strip()]
        if lines:
            custom.append(lines)
    return {"custom_categories": custom} if custom else {}
