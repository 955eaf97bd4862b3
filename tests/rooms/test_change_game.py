"""Another game for the same seats (``rooms.service.change_game``): host only, the new
game's options validated by its schema, the seats (ids, names, secrets) kept, the room's
code and host kept, refusals in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlmodel import select

from tablegames import i18n
from tablegames.engine import IllegalMove, get_game
from tablegames.rooms import service
from tablegames.rooms.models import MoveLog
from tablegames.rooms.service import RoomError
from tablegames.state.forms import options_from_form

STACK = {"hands": [["r1"], ["r7"], ["g2"]], "top": "r5"}


def _finished_uno(db):
    """A UNO table of three where Bia (after the dealer, Ana) goes out at once: a game of
    one hand, to 1 point."""
    code, host = service.create_room(db, "uno", {"dealer": 0, "target": 1, "stack": STACK})
    seats = [service.join_room(db, code, name) for name in ("Ana", "Bia", "Cid")]
    service.start_game(db, code, host, seed=3)
    service.apply_move(db, code, seats[1][0], {"type": "play", "card": "r7"})
    assert service.room_info(db, code).status == "finished"
    return code, host, seats


def test_the_same_seats_sit_down_to_another_game_in_its_lobby(db):
    code, host, seats = _finished_uno(db)
    before = service.room_info(db, code)
    version = service.change_game(db, code, host, "upwords", {"words": "auto"})
    info = service.room_info(db, code)
    assert version == before.version + 1 == info.version
    assert (info.code, info.game, info.status, info.options) == (code, "upwords", "lobby", {"words": "auto"})
    assert info.seats == before.seats == ((0, "Ana"), (1, "Bia"), (2, "Cid"))  # ids and names kept
    for seat_id, secret in seats:  # every phone keeps its seat with the secret it holds
        assert service.rejoin(db, code, secret) == seat_id
    assert service.is_host(db, code, host)
    screen = service.screen(db, code, seats[1][0])
    assert screen["game"] == "upwords" and screen["view"] is None and screen["me"] == 1
    state = service.start_game(db, code, host, seed=1)  # the host starts it as any game
    assert [p for p in state.players] == ["Ana", "Bia", "Cid"]
    log = db.exec(select(MoveLog).order_by(MoveLog.version)).all()
    assert {"type": "change_game", "game": "upwords", "options": {"words": "auto"}} in [
        json.loads(m.move_json) for m in log]


def test_the_same_game_with_other_options_and_from_the_lobby(db):
    code, host, _ = _finished_uno(db)
    service.change_game(db, code, host, "uno", {"edition": "plus", "target": 200})
    info = service.room_info(db, code)
    assert info.game == "uno" and info.options == {"edition": "plus", "target": 200} and info.status == "lobby"
    service.change_game(db, code, host, "faces")  # in the lobby too, with the defaults
    assert service.room_info(db, code).game == "faces" and service.room_info(db, code).options == {}


def test_only_the_host_changes_the_game(db):
    code, _, seats = _finished_uno(db)
    for secret in ("guess", seats[0][1], None, 7):
        with pytest.raises(RoomError) as err:
            service.change_game(db, code, secret, "upwords", {})
        assert err.value.code == "not_host"
    assert service.room_info(db, code).game == "uno"


@pytest.mark.parametrize("game, options, code", [
    ("chess", {}, "unknown_game"), (None, {}, "unknown_game"), (["uno"], {}, "unknown_game"),
    ("upwords", ["words"], "bad_options"), ("upwords", {"words": "sometimes"}, "bad_option"),
    ("faces", {"variant": "memory", "pairs": 99}, "bad_option"),
])
def test_options_are_validated_by_the_new_games_schema(db, game, options, code):
    room, host, _ = _finished_uno(db)
    before = service.room_info(db, room)
    with pytest.raises((RoomError, IllegalMove)) as err:
        service.change_game(db, room, host, game, options)
    assert err.value.code == code
    assert service.room_info(db, room) == before  # nothing changed


def test_a_game_that_seats_fewer_players_is_refused(db):
    code, host = service.create_room(db, "uno")
    for name in ("Ana", "Bia", "Cid", "Dani", "Edu", "Fabi"):
        service.join_room(db, code, name)
    assert get_game("faces").player_range({})[1] < 6
    with pytest.raises(RoomError) as err:
        service.change_game(db, code, host, "faces", {})
    assert err.value.code == "too_many_for_game"
    assert service.room_info(db, code).game == "uno"


def test_a_test_only_option_is_refused_outside_test_mode(db, monkeypatch):
    code, host, _ = _finished_uno(db)
    monkeypatch.delenv(service.TEST_MODE_ENV, raising=False)
    with pytest.raises(RoomError) as err:
        service.change_game(db, code, host, "upwords", {"stack": {"racks": [["A"]]}})
    assert err.value.code == "test_only"


@pytest.mark.parametrize("code", ["too_many_for_game", "not_host", "unknown_game", "bad_options"])
def test_every_refusal_reads_in_both_languages(code):
    texts = {lang: i18n.error_text(lang, code) for lang in i18n.LANGS}
    assert all(text and not text.startswith(("error.", "Unknown", "Erro")) for text in texts.values()), texts
    assert texts["en"] != texts["pt-BR"]


def test_the_another_game_form_reads_like_the_create_form():
    """The host's form posts the create form's fields: the same parser gives the options."""
    assert options_from_form("uno", {"game": "uno", "edition": "plus", "target": "300",
                                     "two_player_rules": "on"}) == {
        "edition": "plus", "target": 300}
    assert options_from_form("chess", {"game": "chess"}) == {}


def test_the_rooms_layer_still_names_no_game():
    source = Path(service.__file__).read_text()
    body = source[source.index("def change_game"):source.index("def current_state")]
    for game in ("uno", "upwords", "uestop", "faces", "memory"):
        assert f'"{game}"' not in body and f"'{game}'" not in body


def test_the_table_sends_the_form_to_a_room_screen_event():
    from tablegames.state.room import Screen

    assert "change_game" in Screen.event_handlers
