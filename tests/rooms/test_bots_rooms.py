"""Bot seats in rooms (rooms/bots.py): data in the database, moves through apply_move."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from tablegames.engine import get_game
from tablegames.rooms import bots, seats, service
from tablegames.rooms.models import MoveLog, Seat
from tablegames.rooms.service import RoomError

UNO = get_game("uno")
DEAL = {"hands": [["y1", "y2", "y3"], ["r1", "g2", "b3"], ["b8", "b9", "g7"], ["y4", "y6", "g5"]],
        "top": "r5", "draw": ["g9", "g8", "b1", "b2", "r7", "g4", "y9", "b5"]}


def uno_with_bots(db, humans=("Ana", "Bia"), n_bots=2, level="normal"):
    code, host = service.create_room(db, "uno", {"dealer": 0, "stack": DEAL})
    secrets = [service.join_room(db, code, n)[1] for n in humans]
    ids = [bots.add_bot(db, code, host, level) for _ in range(n_bots)]
    return code, host, secrets, ids


def due_now(db, code):
    """Applies whatever is due at its deadline; the new version (None: nothing due)."""
    deadline = service.screen(db, code, None)["deadline"]
    if deadline is None:
        return None
    return service.apply_due(db, code, now=deadline + 0.01)


def test_the_host_adds_bots_with_names_and_levels(db):
    code, host, _, ids = uno_with_bots(db, n_bots=2, level="hard")
    seats_ = service.screen(db, code, None)["seats"]
    assert [s["name"] for s in seats_] == ["Ana", "Bia", "Bot Ana", "Bot Beto"]
    assert [s["bot"] for s in seats_] == [None, None, "hard", "hard"]
    other = bots.add_bot(db, *service.create_room(db, "uno", {}), "easy", template="Robô {name}")
    assert other == 0
    assert bots.present_ids(service.screen(db, code, None)) == set(ids)


def test_adding_a_bot_is_the_hosts_and_refused_where_no_bot_plays(db):
    code, host = service.create_room(db, "uno", {})
    with pytest.raises(RoomError) as err:
        bots.add_bot(db, code, "not-the-host", "normal")
    assert err.value.code == "not_host"
    with pytest.raises(RoomError) as err:
        bots.add_bot(db, code, host, "genius")
    assert err.value.code == "bad_level"
    for game, options in (("faces", {"variant": "main"}), ("uestop", {})):
        code2, host2 = service.create_room(db, game, options)
        with pytest.raises(RoomError) as err:
            bots.add_bot(db, code2, host2, "normal")
        assert err.value.code == "no_bots"
    assert bots.offers_bots("faces", {"variant": "memory"}) and bots.offers_bots("upwords", {})


def test_a_bot_plays_only_when_it_is_to_act_through_the_move_log(db):
    code, host, secrets, ids = uno_with_bots(db)
    service.start_game(db, code, host, seed=1)
    screen = service.screen(db, code, None)
    assert screen["to_act"] == [1]  # Bia (a person) plays first: no bot is due
    assert screen["deadline"] is None and due_now(db, code) is None
    service.apply_move(db, code, 1, {"type": "play", "card": "r1"})
    screen = service.screen(db, code, None)
    assert screen["to_act"] == [2]  # the first bot
    lo, hi = bots.delay_range()
    assert screen["changed_at"] + lo <= screen["deadline"] <= screen["changed_at"] + hi
    assert service.apply_due(db, code, now=screen["deadline"] - 0.05) is None  # not yet
    version = screen["version"]
    assert due_now(db, code) == version + 1
    log = db.exec(select(MoveLog).where(MoveLog.version == version + 1)).first()
    assert log.seat == 2  # the bot's own engine seat, as a phone's move is logged
    # the bots go on by themselves until a person is to act
    for _ in range(20):
        if due_now(db, code) is None:
            break
    state = service.current_state(db, code)[0]
    assert UNO.result(state) is not None or not set(UNO.to_act(state)) & {2, 3}
    seats_logged = {m.seat for m in db.exec(select(MoveLog).where(MoveLog.seat.is_not(None)))}
    assert seats_logged <= {0, 1, 2, 3}


def test_a_bots_move_uses_the_version_check(db, monkeypatch):
    code, host, _, ids = uno_with_bots(db)
    service.start_game(db, code, host, seed=1)
    service.apply_move(db, code, 1, {"type": "play", "card": "r1"})
    calls = []
    real = service.apply_move

    def spy(session, code_, seat, move, expected_version=None, holder=None):
        calls.append((seat, expected_version))
        return real(session, code_, seat, move, expected_version, holder)

    monkeypatch.setattr(service, "apply_move", spy)
    version = service.room_version(db, code)
    due_now(db, code)
    assert calls == [(ids[0], version)]


def test_a_whole_game_of_bots_with_one_person_stays_deterministic(db):
    def run():
        code, host, secrets, _ = uno_with_bots(db, humans=("Ana",), n_bots=3)
        service.start_game(db, code, host, seed=7)
        for _ in range(400):
            state, _v = service.current_state(db, code)
            if UNO.result(state) is not None or UNO.system_moves(state) and not UNO.to_act(state):
                break
            if 0 in UNO.to_act(state):
                legal = UNO.legal_moves(state, 0)
                service.apply_move(db, code, 0, legal[0])
            else:
                assert due_now(db, code) is not None
        return [(m.seat, m.move_json) for m in db.exec(
            select(MoveLog).where(MoveLog.room_id == service._room(db, code).id).order_by(MoveLog.version))]

    first, second = run(), run()
    assert len(first) > 5 and first == second


def test_memory_persists_and_a_restart_finds_the_next_bot_step(db):
    code, host = service.create_room(db, "faces", {"variant": "memory"})
    service.join_room(db, code, "Ana")
    bot_id = bots.add_bot(db, code, host, "hard")
    service.start_game(db, code, host, seed=3)
    for _ in range(60):
        state = service.current_state(db, code)[0]
        engine = get_game("faces")
        if engine.result(state) is not None:
            break
        if 0 in engine.to_act(state):
            service.apply_move(db, code, 0, engine.legal_moves(state, 0)[0])
        else:
            service.clear_cache()  # a server restart: the next step comes from the database
            assert due_now(db, code) is not None
    row = db.exec(select(Seat).where(Seat.seat == bot_id)).first()
    assert row.bot == "hard" and json.loads(row.bot_memory_json)  # it remembers cards it saw


def test_a_bot_plays_an_away_seat(db):
    code, host = service.create_room(db, "uno", {"dealer": 0, "stack": DEAL})
    for n in ("Ana", "Bia", "Cid", "Dan"):
        service.join_room(db, code, n)
    service.start_game(db, code, host, seed=1)
    seats.set_auto(db, code, host, 2, True)
    bots.set_bot(db, code, host, 2, "easy")
    screen = service.screen(db, code, None)
    assert screen["seats"][2]["bot"] == "easy" and not screen["seats"][2]["auto"]
    assert screen["seats"][2]["name"] == "Cid"
    service.apply_move(db, code, 1, {"type": "play", "card": "r1"})
    version = service.room_version(db, code)
    assert due_now(db, code) == version + 1
    log = db.exec(select(MoveLog).where(MoveLog.version == version + 1)).first()
    assert log.seat == 2
    with pytest.raises(RoomError):
        bots.set_bot(db, code, "nope", 2, None)
    bots.set_bot(db, code, host, 2, None)
    assert service.screen(db, code, None)["seats"][2]["bot"] is None
