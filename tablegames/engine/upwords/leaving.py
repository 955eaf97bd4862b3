"""A player who leaves an Upwords game midway: their tiles go back to the bag.

The rulebook has no rule for it; the table goes on as if the player had never drawn
them: the rack's tiles go to the bottom of the bag (the last tile is drawn next), the
turn passes to the left if it was theirs, later seats move down one place. A play of
theirs still open to a challenge stands (nobody can withdraw it for them). Refused once
the game is over or when fewer than two players would be left.

>>> from tablegames.engine import get_game
>>> upwords = get_game("upwords")
>>> s = upwords.new(["Ana", "Bia", "Cid"], {"first": 0}, seed=1)
>>> after = upwords.remove_player(s, 0)
>>> after.players, after.turn, len(after.bag) == len(s.bag) + 7
(('Bia', 'Cid'), 0, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tablegames.engine.core import IllegalMove
from tablegames.engine.seating import check_leaver
from tablegames.engine.seating import shift_seat as _shift
from tablegames.engine.seating import shift_seats as _seats
from tablegames.engine.upwords.state import UpwordsState


def remove_player(s: UpwordsState, place: int) -> UpwordsState:
    """The state once the player at ``place`` left (see the module).

    Raises:
        IllegalMove: ``bad_seat``, ``game_over``, ``too_few_players``.
    """
    n = len(s.players)
    name = check_leaver(s, place)
    if n <= 2:
        raise IllegalMove("too_few_players",
                          f"Upwords needs at least two players: the game can't go on without {name}.",
                          player=name)
    rack = tuple(s.racks[place])
    turn = (place + 1) % n if s.turn == place else s.turn
    first = (place + 1) % n if s.first == place else s.first
    last = dict(s.last) if s.last else None
    if last is not None:
        if last.get("seat") == place:
            last["open"] = False  # their play stands: nobody can withdraw it for them
            last["seat"] = -1
        else:
            last["seat"] = _shift(last.get("seat"), place)
    return dataclasses.replace(
        s,
        players=tuple(p for i, p in enumerate(s.players) if i != place),
        racks=tuple(r for i, r in enumerate(s.racks) if i != place),
        scores=tuple(v for i, v in enumerate(s.scores) if i != place),
        bag=rack + tuple(s.bag),  # the bottom of the bag
        turn=_shift(turn, place) if turn >= 0 else turn,
        first=_shift(first, place),
        passed=_seats(s.passed, place),
        skip=_seats(s.skip, place),
        last=last,
        events=({"type": "left", "name": name, "count": len(rack)},),
    )
