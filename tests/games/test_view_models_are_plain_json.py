"""Every game's view model is plain JSON as it is built: lists (no tuples), string keys.

The room screen sends it as it is (``state.room._screen_data`` no longer copies it through
JSON, a tenth of what each screen cost), so what a screen holds on the server is what its
page gets. Random games of every game, every seat and the table, both languages."""

from __future__ import annotations

import random

import orjson
import pytest

from tablegames import games
from tablegames.engine import get_game
from tablegames.rooms import service
from tablegames.state.room import plain_json
from tests.games import random_play

PLAYERS = {"uno": 4, "upwords": 3, "uestop": 3, "faces": 4}


def _plain(value) -> bool:
    """Whether ``value`` reads back from JSON as itself (type for type)."""
    return value == plain_json(value) and orjson.loads(orjson.dumps(value)) == value


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_view_models_are_plain_json_all_game_long(db, game):
    engine = get_game(game)
    for seed in range(2):
        rng = random.Random(seed)
        code, host = service.create_room(db, game)
        seats = [service.join_room(db, code, f"P{i}")[0] for i in range(PLAYERS[game])]
        service.start_game(db, code, host, seed=seed)
        for _step in range(60):
            for seat in (None, *seats):
                screen = plain_json(service.screen(db, code, seat))
                for lang in ("en", "pt-BR"):
                    vm = games.view_model(screen, lang)
                    assert vm and _plain(vm), f"{game}, seat {seat}, {lang}: not plain JSON"
            if not random_play.step(db, engine, code, host, seats, rng):
                break
