"""The Reflex app and its routes. Pages live in tablegames/pages/."""

import reflex as rx


def index() -> rx.Component:
    """Landing page (placeholder until the create/join page exists)."""
    return rx.center(
        rx.vstack(
            rx.heading("Table Games", size="9"),
            rx.text("Your phones are the hands, the tablet is the table."),
            align="center",
            spacing="4",
        ),
        min_height="100vh",
    )


app = rx.App(
    head_components=[rx.el.link(rel="icon", href="/favicon.svg", type="image/svg+xml")],
)
app.add_page(index, title="Table Games")
