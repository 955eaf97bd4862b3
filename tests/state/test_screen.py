"""The split room screen: device, room screen, landing form, host link, per-game parts;
the screen data's view model; the create form's options (no browser)."""

from __future__ import annotations

import asyncio

import pytest

from tablegames import games
from tablegames.engine import get_game
from tablegames.reflex_adapter import js_expr
from tablegames.state import room
from tablegames.state.device import Device
from tablegames.state.forms import field_name, form_options, options_from_form
from tablegames.state.host_link import HostLink
from tablegames.state.landing import LandingForm
from tablegames.state.room import RoomScreenAPI, Screen


def test_the_screen_is_split_by_concern():
    assert issubclass(Screen, Device) and issubclass(LandingForm, Device) and issubclass(HostLink, Screen)
    assert Screen.get_parent_state() is Device and LandingForm.get_parent_state() is Device
    # the device's vars are the room screen's and the landing form's too
    for var in ("lang", "seat_secrets", "host_secrets", "notice", "language", "tr"):
        assert js_expr(getattr(Screen, var)) == js_expr(getattr(Device, var))
    assert set(Device.event_handlers) >= {"set_language"}
    assert set(LandingForm.event_handlers) >= {"create", "go_join", "choose_game", "pick", "open_landing"}
    assert set(Screen.event_handlers) >= {"open_table", "open_phone", "heartbeat", "join", "move", "set_option",
                                          "host"}
    assert "toggle_host_link" in HostLink.event_handlers and "toggle_host_link" not in Screen.event_handlers
    assert not {"pick", "cancel_pick", "create", "go_join", "choose_game"} & set(Screen.event_handlers)


def test_the_public_api_is_no_event_handler():
    for name in ("act", "say", "refuse", "bump", "no_seat", "seat"):
        assert hasattr(RoomScreenAPI, name)
        assert name not in Screen.event_handlers


def test_uno_picker_is_a_part_of_the_room_screen():
    from tablegames.games.uno.state import UnoPicker

    assert UnoPicker.get_parent_state() is Screen
    assert {"pick", "cancel_pick"} <= set(UnoPicker.event_handlers)
    assert callable(UnoPicker._clear_on_move)


def test_state_names_are_what_the_protocol_clients_compute():
    from tests.scale import client

    assert client.SCREEN == Screen.get_full_name() and client.DEVICE == Device.get_full_name()
    assert client.handler_name("move") == f"{Screen.get_full_name()}.move"
    assert client.handler_name("create") == f"{LandingForm.get_full_name()}.create"
    assert client.handler_name("set_language") == f"{Device.get_full_name()}.set_language"


def _fake_screen(game: str) -> dict:
    return {"code": "ABCD", "game": game, "status": "lobby", "version": 3, "options": {}, "seats": [],
            "locked": False, "asking": [], "view": {}, "me": -1, "removed": False}


def test_screen_data_adds_the_view_model_and_to_act(monkeypatch):
    seen = []

    def fake_vm(screen, lang, shared):
        seen.append((screen["code"], lang))
        assert shared == {}  # the version's memo, for the game's own builder
        return {"status": f"{lang}:{screen['version']}"}

    monkeypatch.setattr(games, "view_model", fake_vm)
    monkeypatch.setattr(room.service, "screen_at", lambda code, version, seat: _fake_screen("upwords"))
    room.forget_screens()
    data = asyncio.run(room._screen_data("ABCD", 3, None, "pt-BR"))
    assert data["vm"] == {"status": "pt-BR:3"} and data["options_in_force"] == []
    again = asyncio.run(room._screen_data("ABCD", 3, None, "pt-BR"))
    assert again is data and len(seen) == 1  # one version, one view model per seat and language
    room.forget_screens()


def _schema(game: str):
    return getattr(get_game(game), "options_schema", ())


needs_schema = pytest.mark.skipif(not all(_schema(g) for g in games.GAMES),
                                  reason="the engine's options schemas are not in yet")


@needs_schema
def test_every_form_field_has_its_own_id():
    names = [field_name(g, o.key) for g in games.GAMES for o in form_options(g)]
    assert len(names) == len(set(names)), names
    assert field_name("uno", "target") == "target"  # the ids the e2e tests use
    assert field_name("uestop", "target") == "uestop_target"


@needs_schema
def test_options_from_the_create_form():
    form = {"game": "uno", "edition": "plus", "target": "300", "scoring": "lowest", "dealer": "random",
            "two_player_rules": "on", "wd4_bluff": "on", "house_rule_1": "song", "house_rule_2": "free",
            "house_text_2": "Everyone says hello", "house_rule_3": "none"}
    options = options_from_form("uno", form)
    assert options["edition"] == "plus" and options["target"] == 300 and options["scoring"] == "lowest"
    assert "two_player_rules" not in options and options["wd4_bluff"] is True  # only what changed
    assert options_from_form("uno", {**form, "two_player_rules": ""})["two_player_rules"] is False
    assert "teams" not in options  # it applies to standard scoring only
    assert options["house_rules"] == ["song", {"kind": "free", "text": "Everyone says hello"}]
    assert "house_rules" not in options_from_form("uno", {**form, "edition": "classic"})  # Plus only
    assert options_from_form("uno", {"game": "uno"}) == {}  # a script's form: the defaults
    get_game("uno").check_options(options)
    assert options_from_form("faces", {"game": "faces", "variant": "main", "pairs": "13"}) == {}  # defaults
    assert options_from_form("faces", {"game": "faces", "variant": "memory", "pairs": "13"})["pairs"] == 13
    uestop = options_from_form("uestop", {"game": "uestop", "mode": "cha_da_tarde", "uestop_target": "3",
                                          "no_peeking": "on", "custom_1": "A\nB\n\nC\nD"})
    assert uestop == {"mode": "cha_da_tarde", "target": 3, "custom_categories": [["A", "B", "C", "D"]]}
    assert options_from_form("nope", {"game": "nope"}) == {}
