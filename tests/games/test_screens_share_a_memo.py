"""Every screen of a room version shares one memo: what they show alike is built once.

``state.room`` hands the view model (``games.view_model``) and the cues (``cues.feed``) a
memo per room version and language; a builder keeps there what every seat shows alike (the
players' lines, the log in words, the events' cue rules). What each screen gets must be
exactly what it gets built alone, whichever screen of the version is built first: random
games of every game (UNO in each edition and with house rules), every seat and the table,
both languages, the screens built in a random order.
"""

from __future__ import annotations

import random

import pytest

from tablegames import games
from tablegames.engine import get_game
from tablegames.games import cues
from tablegames.rooms import service
from tablegames.state.room import plain_json
from tests.games import random_play

TABLES = [("uno", {}, 4), ("uno", {"edition": "plus", "preset": "party"}, 4),
          ("uno", {"edition": "motu", "target": 30}, 3),
          ("uno", {"preset": "custom", "stacking": True, "seven_zero": True, "jump_in": True,
                   "draw_until_playable": True}, 4),
          ("upwords", {}, 3), ("uestop", {}, 3), ("faces", {}, 4)]


def _roles(seat):
    return ("table",) if seat is None else ("phone",)


@pytest.mark.parametrize(("game", "options", "players"), TABLES,
                         ids=[f"{g}-{i}" for i, (g, _o, _p) in enumerate(TABLES)])
def test_a_screen_built_with_the_versions_memo_is_the_screen_built_alone(db, game, options, players):
    engine = get_game(game)
    rng = random.Random(len(options) * 31 + players)
    checked, phases = 0, set()
    for seed in range(2):
        code, host = service.create_room(db, game, options)
        seats = [service.join_room(db, code, f"P{i}")[0] for i in range(players)]
        service.start_game(db, code, host, seed=seed)
        for _step in range(200):
            screens = {seat: plain_json(service.screen(db, code, seat)) for seat in (None, *seats)}
            phases.add(str((screens[None].get("view") or {}).get("phase")))
            for lang in ("en", "pt-BR"):
                memo: dict = {}
                order = list(screens)
                rng.shuffle(order)
                for seat in order:
                    screen = screens[seat]
                    alone = games.view_model(screen, lang)
                    assert games.view_model(screen, lang, memo) == alone, f"{game} seat {seat} {lang}"
                    for role in _roles(seat):
                        assert cues.feed(screen, role, memo) == cues.feed(screen, role), f"{game} seat {seat}"
                    checked += 1
            if not random_play.step(db, engine, code, host, seats, rng):
                break
    assert checked > 100
    assert game != "uno" or len(phases) > 1, phases  # a hand's end too


def test_the_memo_keeps_what_every_uno_seat_shows_alike_once(db):
    """The UNO view model builds the players' lines once per version: the screens of one
    version hold the same objects, and only this phone's own line is its own."""
    code, host = service.create_room(db, "uno")
    seats = [service.join_room(db, code, f"P{i}")[0] for i in range(3)]
    service.start_game(db, code, host, seed=3)
    memo: dict = {}
    vms = [games.view_model(plain_json(service.screen(db, code, seat)), "en", memo) for seat in (None, *seats)]
    table, phones = vms[0], vms[1:]
    assert all(vm["events"] is table["events"] for vm in phones)
    assert not any(p["me"] for p in table["players"])
    for me, vm in enumerate(phones):
        assert [p["me"] for p in vm["players"]] == [seat == me for seat in range(3)]
        assert all(p is q for p, q in zip(vm["players"], table["players"]) if not p["me"])
