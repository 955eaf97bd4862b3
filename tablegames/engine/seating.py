"""Seat numbers once a player leaves mid-game: later seats move down one place.

>>> shift_seat(3, gone=1), shift_seat(0, gone=1), shift_seat(1, gone=1)
(2, 0, None)
>>> shift_seats((0, 1, 2, 3), gone=2)
(0, 1, 2)
"""

from __future__ import annotations

from typing import Any

from tablegames.engine.core import IllegalMove


def shift_seat(seat: Any, gone: int) -> Any:
    """A seat number once seat ``gone`` left (None for ``gone`` itself; non-seats as they are)."""
    if type(seat) is not int or seat < 0:
        return seat
    if seat == gone:
        return None
    return seat - 1 if seat > gone else seat


def shift_seats(seats: Any, gone: int) -> tuple[int, ...]:
    """The seats of ``seats`` still in the game once seat ``gone`` left, renumbered."""
    return tuple(s for s in (shift_seat(p, gone) for p in seats or ()) if s is not None)


def check_leaver(state: Any, place: Any) -> str:
    """The name of the player at ``place``, who may leave ``state``'s game.

    Raises:
        IllegalMove: ``bad_seat`` (no such seat), ``game_over``.
    """
    if type(place) is not int or not 0 <= place < len(state.players):
        raise IllegalMove("bad_seat", f"There is no seat {place!r} at this table.")
    if state.phase == "game_over":
        raise IllegalMove("game_over", "This game is over.")
    return state.players[place]
