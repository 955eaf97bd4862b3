"""Duel through the UI registry: its screens are offered only in test mode with the
extra-games switch, and the registry builds its view model."""

from __future__ import annotations

import tests.tinygame as tiny
from tablegames import games
from tablegames.rooms import service

STACK = {"hands": [[2, 9, 5], [7, 3, 8]]}


def test_the_registry_offers_duel_only_with_the_test_switch(monkeypatch):
    monkeypatch.setenv(games.TEST_MODE_ENV, "1")
    monkeypatch.delenv(games.EXTRA_GAMES_ENV, raising=False)
    assert "tiny" not in games.names()
    monkeypatch.setenv(games.EXTRA_GAMES_ENV, tiny.UI_MODULE)
    assert games.names()[-1] == "tiny" and games.names()[:-1] == games.GAMES
    ui = games.game_ui("tiny")
    assert callable(games.load(ui.phone)) and callable(games.load(ui.table))
    monkeypatch.setenv(games.TEST_MODE_ENV, "0")
    assert "tiny" not in games.names()  # never outside test mode


def test_the_registry_builds_duels_view_model(db, monkeypatch):
    for key, value in tiny.REGISTRY_ENV.items():
        monkeypatch.setenv(key, value)
    code, host = service.create_room(db, "tiny", {"stack": STACK})
    ana, _ = service.join_room(db, code, "Ana")
    service.join_room(db, code, "Bia")
    service.start_game(db, code, host, seed=1)
    screen = service.screen(db, code, ana)
    screen.setdefault("to_act", [0])
    vm = games.view_model(screen, "en")
    assert vm["my_turn"] and vm["status"] == "Your lead: play a card"
    assert [c["number"] for c in vm["hand"]] == [2, 5, 9]
