"""Views: JSON-able, the deck order never shown, the table sees no seat-only fields."""

from __future__ import annotations

import json

from .conftest import T0, G, answer, make, reveal, slap, win_race


def test_views_are_json_and_hide_the_deck_order() -> None:
    s = reveal(make(4, mode="tudo_junto"))
    for seat in (None, 0, 1, 2, 3):
        v = G.view(s, seat)
        json.dumps(v)
        assert "deck" not in v and v["deck_count"] == len(s.deck)
        assert v["game"] == "uestop" and v["seat"] == seat
    assert "can" not in G.view(s, None) and "me" not in G.view(s, None)


def test_the_view_of_a_reading_table() -> None:
    v = G.view(make(3), 1)
    assert v["phase"] == "reading" and v["opener"] == 0 and v["revealed"] is None
    assert v["category_card"]["id"] == "red-01" and len(v["category_card"]["categories"]) == 4
    assert v["category_card"]["shape"] == "square"
    assert v["race"] is None and v["mandatory_letter"] is None
    assert v["can"] == ["discard_category"]
    assert G.view(make(3), 0)["can"] == ["discard_category", "reveal"]


def test_the_view_of_a_race_and_its_answer() -> None:
    s = reveal(make(3))
    v = G.view(s, 2)
    assert v["race"]["open"] and v["race"]["taps"] == [] and v["race"]["winner"] is None
    assert v["revealed"]["letters"] == {"red": "M", "blue": "T", "green": "P", "yellow": "A"}
    assert v["mandatory_letter"] == "M" and v["mandatory_suit"] == "red"
    assert v["answer_style"] == "one" and v["can"] == ["discard_category", "slap"]
    s = slap(s, 2, T0 + 0.3, T0 + 0.4)
    assert G.view(s, 2)["me"]["tapped"] and G.view(s, 2)["can"] == []  # the room settles
    s = win_race(reveal(make(3)), 2)
    assert G.view(s, 2)["me"]["answering"] and "answer" in G.view(s, 2)["can"]
    s = answer(s, {1: "Marina"})
    a = G.view(s, None)["answer"]
    assert a["texts"] == [None, "Marina", None, None] and a["ok"] and a["category"] == 1
    assert a["checks"] == [{"rule": "mandatory_initial", "category": 1, "initial": "M", "ok": True}]


def test_players_and_benches() -> None:
    from dataclasses import replace

    s = replace(make(3, mode="tudo_junto"), benched=(1,), action_used=(False, True, False))
    players = G.view(s, None)["players"]
    assert [p["benched"] for p in players] == [False, True, False]
    assert [p["action"] for p in players] == ["pular", "usado", "pular"]
    assert [p["opener"] for p in players] == [True, False, False]
    assert G.view(make(3), None)["players"][0]["action"] is None
