"""One step of a random game played through the room service (for the view-model tests)."""

from __future__ import annotations

import random
import time
from typing import Any

from tablegames.engine import IllegalMove
from tablegames.rooms import service
from tablegames.rooms.service import RoomError


def step(db: Any, engine: Any, code: str, host: str, seats: list[int], rng: random.Random) -> bool:
    """Plays one step of room ``code``: the first seat to act makes a random legal move
    (draws and passes last, so hands end), or, with nobody to act, a due system move
    applies (a race settled) or the host deals the next hand. False: nothing more to play.

    Args:
        engine: the room's game (``get_game``).
        seats: the seat ids, in engine seat order.
    """
    state = service.current_state(db, code)[0]
    acting = sorted(engine.to_act(state))
    if not acting:
        if not engine.system_moves(state):
            return False
        if service.apply_due(db, code, now=time.time() + 3600) is not None:
            return True
        try:
            service.advance(db, code, host)
            return True
        except RoomError:
            return False
    moves = engine.legal_moves(state, acting[0])
    rng.shuffle(moves)
    moves.sort(key=lambda m: m.get("type") in ("draw", "pass"))
    for move in moves:  # some wait for their time (a slap before the reveal)
        try:
            service.apply_move(db, code, seats[acting[0]], move)
            return True
        except IllegalMove:
            continue
    return False
