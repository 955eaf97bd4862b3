"""UNO's own part of a phone's room screen: the colour (and target) picker of a wild."""

from __future__ import annotations

import time

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

    def _nothing_to_clear(self) -> bool:
        """Whether the picker is closed (a move then needn't go through ``Screen.move``)."""
        return not self.picking and not self.swap_with


class UnoJump(rx.State):
    """The jump-in button (house rule ``jump_in``): the tap's time, stamped as UeStop!'s
    slaps are (the phone's clock when the tap is handled, converted with this browser's
    clock estimate from its pings, ``UeStopClock``), and the phone's ping delays go with
    the claim as server fields; the engine's race judges it."""

    @rx.event
    async def jump(self, tap_ms: float, card: str):
        """JUMP IN: the identical card ``card``, tapped at phone time ``tap_ms``."""
        arrived = time.time()
        from tablegames.engine import IllegalMove
        from tablegames.games.uestop.state import UeStopClock, _apply, slap_move
        from tablegames.rooms.service import RoomError
        from tablegames.state import deadlines

        screen = await self.get_state(Screen)
        code, seat = screen.room_code, screen.seat
        if seat < 0:
            return screen.no_seat()
        clock = await self.get_state(UeStopClock)
        move = slap_move(clock._samples, tap_ms)  # "t" and "delays" when this phone is synced
        move.update(type="jump_in", card=str(card))
        try:
            _state, version = await _apply(code, seat, move, arrived)
        except (IllegalMove, RoomError) as err:
            if err.code == "already_jumped":  # a second tap on the button: the first counts
                return None
            return screen.refuse(err)
        screen.notice = ""
        await screen.bump(version)
        return deadlines.follow(code, version)  # the claim that opens the race starts its timer
