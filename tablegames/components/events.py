"""The event list: what just happened, newest last (the view model's ``events``, sentences
already translated)."""

from __future__ import annotations

import reflex as rx


def event_list(events: rx.Var, id: str = "", mini: bool = False) -> rx.Component:
    """The events as lines of text.

    Args:
        events: a list of sentences (the view model's ``events``).
        id: the element id ("" for none).
        mini: the phone's small list (else the table's panel).
    """
    return rx.vstack(
        rx.foreach(events.to(list[str]), lambda line: rx.text(line, size="2" if mini else "4")),
        class_name="tg-events-mini" if mini else "tg-events", spacing="1",
        **({"id": id} if id else {}),
    )
