"""Rooms expire and give their codes back, codes grow only when crowded, hosts lock tables."""

from __future__ import annotations

import time

import pytest
from sqlmodel import select

from tablegames.rooms import lifecycle, service
from tablegames.rooms.models import MoveLog, Room
from tablegames.rooms.service import RoomError


def age(db, code, seconds):
    room = db.exec(select(Room).where(Room.code == code)).one()
    room.updated_at = time.time() - seconds
    db.add(room)
    db.commit()


def test_unused_lobbies_and_finished_games_expire_and_their_codes_come_back(db):
    old_lobby, _ = service.create_room(db, "uno")
    fresh_lobby, _ = service.create_room(db, "uno")
    done, host = service.create_room(db, "uno", {"dealer": 0})
    for name in ("Ana", "Bia"):
        service.join_room(db, done, name)
    service.start_game(db, done, host, seed=1)
    room = db.exec(select(Room).where(Room.code == done)).one()
    room.status = "finished"
    db.add(room)
    db.commit()
    age(db, old_lobby, lifecycle.LOBBY_TTL + 60)
    age(db, fresh_lobby, lifecycle.LOBBY_TTL - 600)
    age(db, done, lifecycle.FINISHED_TTL + 60)
    assert sorted(lifecycle.expire_rooms(db)) == sorted([old_lobby, done])
    with pytest.raises(RoomError) as err:
        service.room_info(db, old_lobby)
    assert err.value.code == "unknown_room"
    assert service.room_info(db, fresh_lobby).status == "lobby"
    # the finished game's history stays
    expired = db.exec(select(Room).where(Room.expired_code == done)).one()
    assert expired.status == "expired" and db.exec(select(MoveLog).where(MoveLog.room_id == expired.id)).first()


def test_a_reused_code_continues_the_old_rooms_versions(db, monkeypatch):
    code, host = service.create_room(db, "uno", {"dealer": 0})
    for name in ("Ana", "Bia"):
        service.join_room(db, code, name)
    service.start_game(db, code, host, seed=1)
    last = service.room_version(db, code)
    age(db, code, lifecycle.PLAYING_TTL + 60)
    lifecycle.expire_rooms(db)
    letters = iter(code * 10)  # the random picks spell the old code again
    monkeypatch.setattr(lifecycle, "secrets", type("Picks", (), {"choice": staticmethod(lambda _: next(letters))}))
    again, _ = service.create_room(db, "uno")
    assert again == code
    assert service.room_version(db, again) == last + 1  # caches keyed by (code, version) stay right


def test_creation_never_fails_codes_grow_a_letter_when_the_space_is_crowded(db, monkeypatch):
    monkeypatch.setattr(service, "CODE_ALPHABET", "BC")
    monkeypatch.setattr(service, "CODE_LENGTH", 2)  # 4 codes of 2 letters
    codes = [service.create_room(db, "uno")[0] for _ in range(12)]
    assert len(set(codes)) == 12
    assert sum(len(c) == 2 for c in codes) <= 2  # half the 2-letter space, then 3 letters...
    assert max(len(c) for c in codes) <= 5
    for c in codes:
        assert service.room_info(db, c).code == c


def test_a_locked_table_refuses_new_seats_and_lists_who_asked(db):
    code, host = service.create_room(db, "uno")
    service.join_room(db, code, "Ana")
    with pytest.raises(RoomError):
        lifecycle.set_locked(db, code, "not the host", True)
    lifecycle.set_locked(db, code, host, True)
    with pytest.raises(RoomError) as err:
        service.join_room(db, code, "Zé")
    assert err.value.code == "table_locked"
    screen = service.screen(db, code, None)
    assert screen["locked"] and screen["asking"] == ["Zé"]
    assert [s["name"] for s in screen["seats"]] == ["Ana"]
    lifecycle.set_locked(db, code, host, False)
    service.join_room(db, code, "Zé")
    screen = service.screen(db, code, None)
    assert not screen["locked"] and screen["asking"] == []
    assert [s["name"] for s in screen["seats"]] == ["Ana", "Zé"]
