"""The turn timer's countdown, on the table and on phones (one mechanism for every game).

The screen data carries ``turn_left``: the seconds left of the turn timer when the screen
was sent (None while no timer runs; see ``state/room.py``). A phone's clock may be seconds
off the server's, so the page never compares clocks: ``assets/countdown.js`` counts down
from the moment each new value arrives (the key also holds the room's version, so that two
moves with the same time left still restart it).
"""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import S, tr

SCRIPT = "/countdown.js"


def head_script() -> rx.Component:
    """The deferred ``<script>`` of the countdown, for the app's ``head_components``."""
    return rx.el.script(src=SCRIPT, defer=True)


def turn_countdown(id: str = "turn-countdown") -> rx.Component:
    """"Time left 0:12" while the turn timer runs (nothing otherwise); ``data-low="1"`` in
    its last 5 seconds."""
    left = S["turn_left"]
    return rx.cond(
        left,
        rx.el.div(
            rx.el.span(tr("ui.time_left"), class_name="tg-countdown-label"),
            rx.el.span("", class_name="tg-countdown-value", aria_hidden="true"),
            id=id, class_name="tg-countdown", role="timer",
            custom_attrs={"data-tg-left": left.to_string() + "|" + S["version"].to_string(),
                          "data-low": "0"},
        ),
    )
