"""What a page shows while its code loads: the app's name, painted with the first bytes.

``/play/<code>`` and ``/table/<code>`` cannot be prerendered (they have a parameter), so the
server answers them with the SPA fallback page, which used to be blank until all the code had
downloaded and run (2 s and more on a slow phone network). React Router paints this shell
from that page's HTML instead (Reflex: ``hydrate_fallback`` in rxconfig.py); the real screen
replaces it once the page is live. Plain elements only: it must not need any state.
"""

from __future__ import annotations

import reflex as rx


def shell() -> rx.Component:
    """The loading shell: icon and name, centred."""
    return rx.el.div(
        rx.el.img(src="/icons/icon.svg", alt="", width="96", height="96"),
        rx.el.p("Table Games", style={"font_size": "1.75rem", "font_weight": "700", "margin": "0"}),
        id="tg-shell",
        style={"display": "flex", "flex_direction": "column", "align_items": "center", "justify_content": "center",
               "gap": "1rem", "min_height": "60vh", "padding": "1.5rem"},
    )
