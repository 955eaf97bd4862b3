"""The rooms layer runs every game through the engine contract alone: system moves with
no seat (the host's next hand, a race settled at its deadline), who acts, the options in
force; and it names no game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlmodel import select

from tablegames.engine import game_names, get_game
from tablegames.rooms import service
from tablegames.rooms.models import MoveLog
from tablegames.rooms.service import RoomError

ROOMS = Path(service.__file__).parent


def _table(db, game: str, names: list[str], options: dict | None = None) -> tuple[str, str, list[int]]:
    code, host = service.create_room(db, game, options or {})
    seats = [service.join_room(db, code, n)[0] for n in names]
    service.start_game(db, code, host, seed=3)
    return code, host, seats


def test_the_rooms_layer_names_no_game_and_no_phase() -> None:
    words = "|".join([*game_names(), "hand_over", "phase", "next_hand", "settle"])
    found = [(p.name, n, line.strip()) for p in ROOMS.glob("*.py")
             for n, line in enumerate(p.read_text().splitlines(), 1)
             if re.search(rf"\b({words})\b", line, re.I) and "next_hand = advance" not in line]
    assert not found


def test_the_screen_says_who_acts_and_the_options_in_force(db) -> None:
    code, host, seats = _table(db, "uno", ["Ana", "Bia"], {"target": 200, "stack": {
        "hands": [["r1", "r2"], ["g4", "g5"]], "top": "r5"}})
    screen = service.screen(db, code, seats[0])
    state, _ = service.current_state(db, code)
    assert screen["to_act"] == [state.turn] and screen["deadline"] is None
    shown = {o["key"]: o["value"] for o in screen["options_in_force"]}
    assert shown["target"] == 200 and "stack" not in shown and "stack" not in screen["options"]


def test_the_host_advances_only_what_the_game_waits_for(db) -> None:
    stack = {"hands": [["r1"], ["r2"]], "top": "r5"}
    code, host, seats = _table(db, "uno", ["Ana", "Bia"], {"target": 500, "stack": stack})
    with pytest.raises(RoomError) as info:
        service.advance(db, code, host)
    assert info.value.code == "hand_not_over"
    place = service.screen(db, code, None)["to_act"][0]
    service.apply_move(db, code, seats[place], {"type": "play", "card": f"r{place + 1}"})
    state, _ = service.current_state(db, code)
    assert get_game("uno").system_moves(state) == [{"type": "next_hand"}]
    state = service.advance(db, code, host)
    assert state.hand_no == 2
    log = db.exec(select(MoveLog).order_by(MoveLog.version)).all()[-1]
    assert log.seat is None and json.loads(log.move_json) == {"type": "next_hand"}


def test_a_deadline_applies_its_system_move_once_and_only_when_due(db) -> None:
    code, host, seats = _table(db, "uestop", ["Ana", "Bia", "Cid"], {"reveal_delay_ms": 0})
    state, _ = service.current_state(db, code)
    opener = next(s for s in seats if service.screen(db, code, s)["me"] == state.opener)
    service.apply_move(db, code, opener, {"type": "reveal"})
    state, _ = service.current_state(db, code)
    slapper = next(s for s in seats if service.screen(db, code, s)["me"] != state.opener)
    service.apply_move(db, code, slapper, {"type": "slap"})
    state, version = service.current_state(db, code)
    deadline = service.screen(db, code, None)["deadline"]
    assert deadline == state.deadline
    assert service.screen(db, code, None)["turn_deadline"] is None  # a race's window, no turn timer
    assert service.apply_due(db, code, now=deadline - 0.05) is None  # not yet
    assert service.apply_due(db, code, now=deadline + 0.01) == version + 1
    assert service.apply_due(db, code, now=deadline + 0.02) is None  # applied once
    state, _ = service.current_state(db, code)
    assert state.phase == "answering"
    log = db.exec(select(MoveLog).order_by(MoveLog.version)).all()[-1]
    assert log.seat is None and json.loads(log.move_json) == {"type": "settle"}


def test_a_seat_option_keeps_naming_the_same_person_when_a_seat_is_removed(db) -> None:
    code, host = service.create_room(db, "faces", {})
    ids = [service.join_room(db, code, n)[0] for n in ("Ana", "Bia", "Cid", "Dan")]
    service.update_options(db, code, host, {"oldest": 2})  # Cid
    service.remove_seat(db, code, host, ids[0])  # Ana leaves: Cid is now at place 1
    info = service.room_info(db, code)
    assert info.options["oldest"] == 1 and dict(info.seats)[ids[2]] == "Cid"
    assert [name for _, name in info.seats][info.options["oldest"]] == "Cid"
    service.remove_seat(db, code, host, ids[2])  # the oldest leaves: back to the default
    assert "oldest" not in service.room_info(db, code).options


def test_a_turn_timer_plays_for_the_player_out_of_time_once(db) -> None:
    """Issue 15: the room applies the game's ``timeout`` at the turn's deadline, with no
    seat, once; the clock runs from the start of the game."""
    stack = {"hands": [["r1", "g2", "b3"], ["y4", "y5", "y6"]], "top": "r7", "draw": ["g9", "b8", "y1"]}
    code, host, seats = _table(db, "uno", ["Ana", "Bia"], {"turn_timer": "15", "dealer": 1, "stack": stack})
    state, version = service.current_state(db, code)
    deadline = service.screen(db, code, None)["deadline"]
    assert deadline == state.clock_at + 15
    shown = {o["key"]: o["value"] for o in service.screen(db, code, None)["options_in_force"]}
    assert shown["turn_timer"] == "15"  # every player sees it
    assert service.screen(db, code, seats[0])["turn_deadline"] == deadline  # screens count it down
    assert service.apply_due(db, code, now=deadline - 0.5) is None
    assert service.apply_due(db, code, now=deadline) == version + 1
    assert service.apply_due(db, code, now=deadline + 0.1) is None  # the next turn's 15 s run
    after, _ = service.current_state(db, code)
    assert after.turn != state.turn and len(after.hands[state.turn]) == 4
    log = db.exec(select(MoveLog).order_by(MoveLog.version)).all()[-1]
    assert log.seat is None and json.loads(log.move_json) == {"type": "timeout"}
