"""Rooms without a browser: create, join, rejoin, host actions, versions, restarts."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, SQLModel, create_engine, select

from tablegames.engine import IllegalMove, get_game
from tablegames.rooms import service
from tablegames.rooms.models import FinishedGame, MoveLog, Room
from tablegames.rooms.service import RoomError

UNO = get_game("uno")


@pytest.fixture
def engine(tmp_path):
    eng = create_engine(f"sqlite:///{tmp_path / 'rooms.db'}")
    SQLModel.metadata.create_all(eng)
    service.clear_cache()
    yield eng
    service.clear_cache()


@pytest.fixture
def db(engine):
    with Session(engine) as session:
        yield session


def table_with(db, names, **options):
    code, host = service.create_room(db, "uno", {"dealer": 0, **options})
    secrets = [service.join_room(db, code, n)[1] for n in names]
    return code, host, secrets


def test_create_gives_a_four_letter_code_without_ambiguous_letters(db):
    code, host = service.create_room(db, "uno", {"edition": "plus"})
    assert len(code) == 4 and set(code) <= set(service.CODE_ALPHABET)
    assert not set(code) & set("IOLU01")
    assert service.room_info(db, code).status == "lobby"
    assert service.is_host(db, code, host) and not service.is_host(db, code, "guess")


def test_create_refuses_unknown_game_and_bad_options(db):
    with pytest.raises(RoomError) as err:
        service.create_room(db, "chess")
    assert err.value.code == "unknown_game"
    with pytest.raises(IllegalMove) as err:
        service.create_room(db, "uno", {"edition": "deluxe"})
    assert err.value.code == "bad_option"
    assert db.exec(select(Room)).all() == []


def test_join_and_rejoin_with_the_seat_secret(db):
    code, _, (ana, bia) = table_with(db, ["Ana", "Bia"])
    assert service.rejoin(db, code, ana) == 0
    assert service.rejoin(db, code, bia) == 1
    assert [name for _, name in service.room_info(db, code).seats] == ["Ana", "Bia"]


def test_rejoin_with_a_wrong_secret_gets_no_seat(db):
    code, _, _ = table_with(db, ["Ana", "Bia"])
    for secret in ("nope", "", None, 42):
        with pytest.raises(RoomError) as err:
            service.rejoin(db, code, secret)
        assert err.value.code == "unknown_seat"


def test_unknown_room_code(db):
    for call in (lambda: service.join_room(db, "ZZZZ", "Ana"), lambda: service.room_info(db, "??"),
                 lambda: service.rejoin(db, "QQQQ", "x")):
        with pytest.raises(RoomError) as err:
            call()
        assert err.value.code == "unknown_room"


def test_typed_codes_are_normalised(db):
    code, _, _ = table_with(db, ["Ana"])
    assert service.room_info(db, f"  {code.lower()} ").code == code


def test_duplicate_names_and_blank_names_are_refused(db):
    code, _, _ = table_with(db, ["Ana"])
    for name, why in (("ana", "name_taken"), ("  ANA ", "name_taken"), ("   ", "bad_name"), (None, "bad_name")):
        with pytest.raises(RoomError) as err:
            service.join_room(db, code, name)
        assert err.value.code == why
    assert len(service.room_info(db, code).seats) == 1


def test_a_full_table_refuses_the_eleventh_player(db):
    code, _, _ = table_with(db, [f"P{i}" for i in range(10)])
    with pytest.raises(RoomError) as err:
        service.join_room(db, code, "Late")
    assert err.value.code == "table_full"


def test_nobody_joins_after_the_start(db):
    code, host, _ = table_with(db, ["Ana", "Bia"])
    service.start_game(db, code, host, seed=1)
    with pytest.raises(RoomError) as err:
        service.join_room(db, code, "Cid")
    assert err.value.code == "wait_round"  # UNO seats late arrivals between hands (tests/rooms/test_seats.py)


def test_host_only_actions_need_the_host_secret(db):
    code, host, (ana, _) = table_with(db, ["Ana", "Bia"])
    for secret in ("", ana, "x" * 30):
        for call in (service.start_game, service.rematch, service.next_hand):
            with pytest.raises(RoomError) as err:
                call(db, code, secret)
            assert err.value.code == "not_host"
        with pytest.raises(RoomError) as err:
            service.remove_seat(db, code, secret, 1)
        assert err.value.code == "not_host"
    assert service.room_info(db, code).status == "lobby"


def test_start_needs_two_players(db):
    code, host, _ = table_with(db, ["Ana"])
    with pytest.raises(RoomError) as err:
        service.start_game(db, code, host)
    assert err.value.code == "not_enough_players"


def test_host_removes_a_seat_and_the_others_keep_theirs(db):
    code, host, (_, bia, cid) = table_with(db, ["Ana", "Bia", "Cid"])
    service.remove_seat(db, code, host, 1)
    assert [n for _, n in service.room_info(db, code).seats] == ["Ana", "Cid"]
    assert service.rejoin(db, code, cid) == 2  # a seat id never changes
    with pytest.raises(RoomError) as err:
        service.rejoin(db, code, bia)
    assert err.value.code == "removed"


def test_moves_are_stored_with_versions_before_they_are_acknowledged(db, engine):
    code, host, _ = table_with(db, ["Ana", "Bia", "Cid"])
    state = service.start_game(db, code, host, seed=7)
    move = UNO.legal_moves(state, state.turn)[0]
    new_state, version = service.apply_move(db, code, state.turn, move)
    with Session(engine) as other:  # a fresh connection sees the move already
        room = other.exec(select(Room).where(Room.code == code)).one()
        log = other.exec(select(MoveLog).where(MoveLog.room_id == room.id).order_by(MoveLog.version)).all()
    assert room.version == version
    assert json.loads(log[-1].move_json) == move and log[-1].seat == state.turn
    assert UNO.from_json(room.state_json) == new_state


def test_wrong_turn_is_refused_and_changes_nothing(db):
    code, host, _ = table_with(db, ["Ana", "Bia", "Cid"])
    state = service.start_game(db, code, host, seed=7)
    before = service.current_state(db, code)
    other = (state.turn + 1) % 3
    with pytest.raises(IllegalMove) as err:
        service.apply_move(db, code, other, {"type": "draw"})
    assert err.value.code == "not_your_turn"
    assert service.current_state(db, code) == before


def test_a_stale_version_is_refused(db):
    code, host, _ = table_with(db, ["Ana", "Bia"])
    state = service.start_game(db, code, host, seed=3)
    seen = service.room_info(db, code).version
    service.apply_move(db, code, state.turn, {"type": "draw"}, expected_version=seen)
    with pytest.raises(RoomError) as err:  # the same tap arriving twice
        service.apply_move(db, code, state.turn, {"type": "draw"}, expected_version=seen)
    assert err.value.code == "stale"


def test_concurrent_writers_cannot_both_win(engine):
    with Session(engine) as a:
        code, host, _ = table_with(a, ["Ana", "Bia"])
        state = service.start_game(a, code, host, seed=3)
    with Session(engine) as a, Session(engine) as b:
        service.room_info(a, code), service.room_info(b, code)
        room_b = b.exec(select(Room).where(Room.code == code)).one()
        service.apply_move(a, code, state.turn, {"type": "draw"})
        # b still holds the old row: its write must fail the optimistic version check
        with pytest.raises(RoomError) as err:
            service._commit_state(b, room_b, state, state.turn, {"type": "draw"}, "playing")
        assert err.value.code == "stale"


def test_tampered_moves_are_refused(db):
    code, host, _ = table_with(db, ["Ana", "Bia"])
    state = service.start_game(db, code, host, seed=3)
    for move in ("draw", ["draw"], {"type": "draw", "seat": 1}, {"type": "play", "card": "x" * 5000}):
        with pytest.raises((IllegalMove, RoomError)):
            service.apply_move(db, code, state.turn, move)
    assert service.current_state(db, code)[0] == state


def test_restart_reloads_the_game_from_the_database(engine):
    with Session(engine) as db:
        code, host, _ = table_with(db, ["Ana", "Bia", "Cid"])
        state = service.start_game(db, code, host, seed=11)
        for _ in range(5):
            move = UNO.legal_moves(state, state.turn)[-1]
            state, _ = service.apply_move(db, code, state.turn, move)
    service.clear_cache()  # what a process restart does to memory
    with Session(engine) as db:
        reloaded, _ = service.current_state(db, code)
    assert reloaded == state


def test_a_finished_game_is_recorded_and_moves_after_it_are_refused(db):
    code, host, _ = table_with(db, ["Ana", "Bia"], target=1,
                               stack={"hands": [["r1"], ["g5", "y5"]], "top": "r9"})
    state = service.start_game(db, code, host, seed=1)
    assert state.turn == 1 and state.dealer == 0
    state, _ = service.apply_move(db, code, 1, {"type": "draw"})
    if state.turn == 1:
        state, _ = service.apply_move(db, code, 1, {"type": "pass"})
    state, _ = service.apply_move(db, code, 0, {"type": "play", "card": "r1"})
    assert state.phase == "game_over"
    assert service.room_info(db, code).status == "finished"
    games = db.exec(select(FinishedGame)).all()
    assert len(games) == 1 and json.loads(games[0].winners_json) == [0]
    with pytest.raises(IllegalMove) as err:
        service.apply_move(db, code, 1, {"type": "draw"})
    assert err.value.code == "game_over"


def test_next_hand_and_rematch(db):
    code, host, _ = table_with(db, ["Ana", "Bia"], target=500,
                               stack={"hands": [["r1"], ["g5", "y5"]], "top": "r9"})
    state = service.start_game(db, code, host, seed=1)
    with pytest.raises(RoomError) as err:
        service.next_hand(db, code, host)
    assert err.value.code == "hand_not_over"
    state, _ = service.apply_move(db, code, 1, {"type": "draw"})
    if state.turn == 1:
        state, _ = service.apply_move(db, code, 1, {"type": "pass"})
    state, _ = service.apply_move(db, code, 0, {"type": "play", "card": "r1"})
    assert state.phase == "hand_over"
    state = service.next_hand(db, code, host)
    assert state.hand_no == 2 and state.phase == "play"
    state = service.rematch(db, code, host, seed=5)
    assert state.hand_no == 1 and state.scores == (0, 0)


def test_screen_shows_the_table_no_hand_and_a_phone_only_its_own(db):
    code, host, _ = table_with(db, ["Ana", "Bia", "Cid"])
    state = service.start_game(db, code, host, seed=2)
    table = service.screen(db, code, None)
    assert "hand" not in table["view"] and "stack" not in table["options"]
    for seat in range(3):
        mine = service.screen(db, code, seat)["view"]
        assert sorted(mine["hand"]) == sorted(state.hands[seat])
        text = json.dumps(mine)
        assert '"hands"' not in text


def test_host_changes_options_in_the_lobby_only(db):
    code, host, _ = table_with(db, ["Ana", "Bia"])
    assert service.update_options(db, code, host, {"target": 300})["target"] == 300
    with pytest.raises(RoomError) as err:
        service.update_options(db, code, "nope", {"target": 200})
    assert err.value.code == "not_host"
    with pytest.raises(IllegalMove) as err:
        service.update_options(db, code, host, {"edition": "deluxe"})
    assert err.value.code == "bad_option"
    service.start_game(db, code, host, seed=1)
    with pytest.raises(RoomError) as err:
        service.update_options(db, code, host, {"target": 100})
    assert err.value.code == "already_started"
    assert service.room_info(db, code).options["target"] == 300
