"""A viewer's screen is the table's (``service.screen(db, code, None)``): for every game,
mid-game, it holds no hand, rack or other private part of any seat's view."""

from __future__ import annotations

import json

import pytest

from tablegames.engine import get_game
from tablegames.rooms import service

GAMES = ("uno", "upwords", "uestop", "faces")
PRIVATE = ("hand", "rack", "drawn", "playable", "can")  # what a seat's view adds for its own phone


@pytest.mark.parametrize("game", GAMES)
def test_the_public_view_holds_no_hand(db, game):
    code, host = service.create_room(db, game, {})
    low, _ = get_game(game).player_range({})
    seats = [service.join_room(db, code, name)[0] for name in ("Ana", "Bia", "Cid", "Duda")[:max(low, 3)]]
    service.start_game(db, code, host, seed=7)
    public = service.screen(db, code, None)
    assert public["me"] == -1 and public["view"] is not None
    text = json.dumps(public["view"])
    for key in PRIVATE:
        assert f'"{key}"' not in text, f"{game}: the public view holds {key!r}"
    for seat in seats:  # each phone's own view does hold its private part (the check means something)
        mine = json.dumps(service.screen(db, code, seat)["view"])
        assert any(f'"{key}"' in mine for key in PRIVATE) or game == "uestop", f"{game}: no private part"
