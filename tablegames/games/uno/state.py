"""UNO's own part of a phone's room screen: the colour (and target) picker of a wild."""

from __future__ import annotations

import reflex as rx

from tablegames.state.room import Screen


class UnoPicker(Screen):
    """The wild card waiting for a colour (and a target) on this phone."""

    picking: str = ""  # the wild card tapped ("first": the colour of a wild turned up first)
    swap_with: str = ""  # Swap Hands: the seat chosen first (as text, a key of the view model's moves)

    @rx.event
    def pick(self, card: str):
        """A wild card was tapped: show the colour (and target) picker."""
        self.picking, self.swap_with = card, ""

    @rx.event
    def pick_target(self, seat: str):
        """Swap Hands: the player to swap with was chosen; the colours come next."""
        self.swap_with = str(seat)

    @rx.event
    def cancel_pick(self):
        """Closes the colour picker."""
        self.picking, self.swap_with = "", ""

    def _clear_on_move(self) -> None:
        """A move was sent (or the tab left its room): the picker closes."""
        self.picking, self.swap_with = "", ""
