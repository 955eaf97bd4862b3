"""UNO's part of the create form: the written house rules of the Plus edition.

The schema's ``house_rules`` option is a ``"custom"`` one (a list of rule names and
written rules): three rows, each a choice and an optional text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.engine.uno.cards import DEFAULT_HOUSE_RULES, HOUSE_RULES, MAX_CUSTOM

# The menu of decks.json, plus a written dare or free rule, or none.
HOUSE_RULE_CHOICES = ("none", *HOUSE_RULES, "dare", "free")
DEFAULT_RULES = DEFAULT_HOUSE_RULES
ROWS = tuple(range(1, MAX_CUSTOM + 1))  # one row per Customizable Wild in the deck


def uno_form() -> Any:
    """Three house-rule rows (a choice, and the text of a dare or a free rule)."""
    import reflex as rx

    from tablegames.components.fields import select
    from tablegames.pages.common import tr

    rows = [
        rx.hstack(
            select(f"house_rule_{i}", HOUSE_RULE_CHOICES, "houserule.choice.", DEFAULT_RULES[i - 1]),
            rx.el.input(name=f"house_text_{i}", placeholder=tr("ui.house_rule_text"), max_length=200,
                        class_name="tg-input", id=f"opt-house_text_{i}"),
            width="100%", wrap="wrap",
        )
        for i in ROWS
    ]
    return rx.vstack(rx.text(tr("ui.house_rules"), weight="bold"),
                     rx.text(tr("ui.house_rules_help"), size="2", color_scheme="gray"),
                     *rows, spacing="3", width="100%")


def parse_form(form: Mapping[str, Any]) -> dict[str, Any]:
    """``house_rules`` from the rows (a dare or free rule without text is left out).

    >>> parse_form({"house_rule_1": "song", "house_rule_2": "dare", "house_text_2": "Sing",
    ...             "house_rule_3": "free"})
    {'house_rules': ['song', {'kind': 'dare', 'text': 'Sing', 'n': 2}]}
    >>> parse_form({})
    {}
    """
    if not any(f"house_rule_{i}" in form for i in ROWS):
        return {}
    rules: list[Any] = []
    for i in ROWS:
        choice = form.get(f"house_rule_{i}") or ""
        text = str(form.get(f"house_text_{i}") or "").strip()
        if choice in ("dare", "free"):
            if text:
                rules.append({"kind": choice, "text": text, **({"n": 2} if choice == "dare" else {})})
        elif choice and choice != "none":
            rules.append(choice)
    return {"house_rules": rules}
