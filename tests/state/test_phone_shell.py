"""The phone's shell and the start page, without a browser: what keeps a late joiner out
(said before a name is typed), the remembered name, the links back to this device's tables,
and one message per refusal."""

from __future__ import annotations

import asyncio
import json

from tablegames import games
from tablegames.i18n import catalog
from tablegames.rooms import lifecycle, service
from tablegames.state import room
from tablegames.state.device import Device
from tablegames.state.joining import BLOCKS, join_block
from tablegames.state.landing import my_tables
from tablegames.state.player_name import NAME_KEY, PlayerName, name_to_keep


def _screen(db, code: str) -> dict:
    return service.screen(db, code, None)


def test_a_new_player_can_sit_down_in_an_open_lobby(db):
    code, _ = service.create_room(db, "uno")
    service.join_room(db, code, "Ana")
    assert join_block(_screen(db, code)) == ""


def test_a_game_under_way_keeps_a_new_player_out_before_any_name(db):
    code, host = service.create_room(db, "uno")
    for name in ("Ana", "Bia"):
        service.join_room(db, code, name)
    service.start_game(db, code, host)
    assert join_block(_screen(db, code)) == "wait_round"  # UNO seats newcomers between hands
    lifecycle.set_locked(db, code, host, True)  # closed as well: the game under way is what matters
    assert join_block(_screen(db, code)) == "wait_round"


def test_a_closed_table_and_a_full_one(db):
    code, host = service.create_room(db, "upwords")
    lifecycle.set_locked(db, code, host, True)
    assert join_block(_screen(db, code)) == "table_locked"
    lifecycle.set_locked(db, code, host, False)
    most = service.player_range("upwords", {})[1]
    for i in range(most):
        service.join_room(db, code, f"P{i}")
    assert join_block(_screen(db, code)) == "table_full"


def test_what_the_page_says_is_what_a_join_would_answer(db):
    """Each block is the code join_room refuses with, and every block has its sentences."""
    code, host = service.create_room(db, "uno")
    for name in ("Ana", "Bia"):
        service.join_room(db, code, name)
    service.start_game(db, code, host)
    try:
        service.join_room(db, code, "Cid")
    except service.RoomError as err:
        assert err.code == join_block(_screen(db, code))
    for lang in ("en", "pt-BR"):
        texts = catalog(lang)
        for block in BLOCKS:
            assert texts[f"ui.phone.late.{block}"]
            assert block == "table_locked" or texts[f"ui.phone.late.{block}_help"]


def test_no_game_no_block():
    assert join_block({}) == ""
    assert join_block({"game": "nope", "status": "lobby", "seats": []}) == ""


def test_the_screen_data_carries_the_block(monkeypatch):
    fake = {"code": "ABCD", "game": "uno", "status": "playing", "version": 3, "options": {}, "seats": [],
            "locked": False, "asking": [], "view": {}, "me": -1, "removed": False}
    monkeypatch.setattr(games, "view_model", lambda screen, lang, shared: {})
    monkeypatch.setattr(room.service, "screen_at", lambda code, version, seat: fake)
    room.forget_screens()
    data = asyncio.run(room._screen_data("ABCD", 3, None, "en"))
    assert data["join_block"] == "already_started"
    room.forget_screens()


def test_the_name_kept_on_the_device():
    assert name_to_keep("  Ana   Maria ", True) == "Ana Maria"  # as the table shows it
    assert name_to_keep("Ana", False) == ""  # refused (a taken name, a full table): nothing kept
    assert name_to_keep("Ana", False, asked=True) == "Ana"  # listed as asking at a closed table
    assert name_to_keep("", True) == "" and name_to_keep(None, True) == ""
    assert PlayerName.get_parent_state() is Device
    assert {"remember", "forget"} <= set(PlayerName.event_handlers)
    assert PlayerName.get_fields()["name"].default.name == NAME_KEY  # kept in LocalStorage


def test_links_back_to_the_tables_of_this_device(db):
    hosted, host = service.create_room(db, "uno")
    other, _ = service.create_room(db, "upwords")
    _, seat = service.join_room(db, other, "Ana")
    faces_room, faces_host = service.create_room(db, "faces")
    found = my_tables(db, {"ZZZZ": "nope", faces_room: faces_host, hosted: host}, {other: seat, hosted: "x"})
    # newest first; a host who also sits opens the table; an unknown code is left out
    assert [(t["code"], t["role"], t["href"]) for t in found[:2]] == [
        (hosted, "host", f"/table/{hosted}"), (faces_room, "host", f"/table/{faces_room}")]
    assert (other, "seat", f"/play/{other}") in [(t["code"], t["role"], t["href"]) for t in found]
    assert all(t["code"] != "ZZZZ" for t in found) and found[0]["game"] == "uno"
    assert len(my_tables(db, {hosted: host, faces_room: faces_host}, {other: seat}, most=2)) == 2


def test_a_wrong_secret_or_a_removed_seat_gives_no_link(db):
    code, host = service.create_room(db, "uno")
    seat_id, seat = service.join_room(db, code, "Ana")
    assert my_tables(db, {code: "not the secret"}, {}) == []
    service.remove_seat(db, code, host, seat_id)
    assert my_tables(db, {}, {code: seat}) == []


def test_one_message_per_refusal():
    """A refusal is the screen's notice alone: the shared paths send no toast on top of it."""
    import inspect

    from tablegames.state import landing

    for module in (room, landing):
        assert "rx.toast.error(self.notice)" not in inspect.getsource(module)
    assert "dismiss_notice" in Device.event_handlers


def test_the_phone_texts_exist_in_both_languages():
    names = [json.load(open(f"tablegames/i18n/{lang}/ui_phone.json", encoding="utf-8")) for lang in ("en", "pt-BR")]
    assert set(names[0]) == set(names[1])
    for lang in ("en", "pt-BR"):
        assert "{name}" in catalog(lang)["ui.phone.not_you"]
        assert "{game}" in catalog(lang)["ui.phone.you_will_play"]
