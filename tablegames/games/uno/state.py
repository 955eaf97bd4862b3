"""UNO's own part of a phone's room screen: the colour (and target) picker of a wild."""

from __future__ import annotations

import reflex as rx

from tablegames.state.room import Screen


class UnoPicker(Screen):
    """The wild card waiting for a colour (and a target) on this phone."""

    picking: str = ""  # the wild card tapped ("first": the colour of a wild turned up first)

    @rx.event
    def pick(self, card: str):
        """A wild card was tapped: show the colour (and target) picker."""
        self.picking = card

    @rx.event
    def cancel_pick(self):
        """Closes the colour picker."""
        self.picking = ""

    def _clear_on_move(self) -> None:
        """A move was sent (or the tab left its room): the picker closes."""
        self.picking = ""
