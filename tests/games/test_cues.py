"""The sound cues of every game (``tablegames/games/cues.py`` and ``games/<game>/cues.json``):
which engine events give which cue to which screen, the turn cue, and that a cue has one
id for good (the browser plays a new id once; a version that changed nothing in the game
keeps its move fingerprint, so nothing replays).

Screens are built the way ``rooms.service.screen`` builds them, from real engine states.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames import games
from tablegames.engine import get_game
from tablegames.engine.upwords import Upwords
from tablegames.games import cues
from tablegames.games.cues import CUES, MAX_PER_MOVE, check_table, cues_of, feed, load_table

NAMES = ["Ana", "Bia", "Cid"]
T0 = 1_000.0


def screen(game: str, state: Any, seat: int | None, version: int = 5) -> dict[str, Any]:
    """One screen's data (``me`` -1: the table), plain JSON types."""
    engine = get_game(game)
    data = {"code": "ABCD", "game": game, "status": "playing", "version": version,
            "view": engine.view(state, seat), "me": -1 if seat is None else seat,
            "to_act": list(engine.to_act(state))}
    return json.loads(json.dumps(data))


def heard(game: str, state: Any, version: int = 5) -> dict[str, list[str]]:
    """The cue names each screen hears: "table" and each engine seat."""
    out = {"table": [c["cue"] for c in feed(screen(game, state, None, version), "table")["cues"]]}
    for seat in range(len(state.players)):
        out[seat] = [c["cue"] for c in feed(screen(game, state, seat, version), "phone")["cues"]]
    return out


def held(game: str, state: Any, seat: int) -> list[str]:
    return feed(screen(game, state, seat), "phone")["held"]


# -- the shared builder ------------------------------------------------------------------------

def test_every_game_has_a_valid_cue_table_with_known_cues():
    for name in games.GAMES:
        table = load_table(name)
        assert table["events"], f"{name} declares no cue"
        assert table["turn"]["cue"] == "your_turn"
        assert {rule["cue"] for rule in table["events"]} <= set(CUES)
    # every cue the browser can play is used by some game
    used = {rule["cue"] for name in games.GAMES for rule in load_table(name)["events"]} | {"your_turn"}
    assert used == set(CUES)


def test_the_module_examples_run():
    import doctest

    assert doctest.testmod(cues).failed == 0


@pytest.mark.parametrize("bad", [
    {"events": [{"type": "play", "cue": "boom", "hear": ["table"]}]},
    {"events": [{"type": "play", "cue": "draw", "hear": []}]},
    {"events": [{"cue": "draw", "hear": ["table"]}]},
    {"events": [{"type": "play", "cue": "draw", "hear": ["table"], "loud": True}]},
    {"turn": {"cue": "your_turn", "phases": "play"}},
    {"sounds": []},
])
def test_a_bad_cue_table_is_refused(bad):
    with pytest.raises(ValueError):
        check_table(bad)


def test_ids_are_monotonic_and_capped_per_move_in_importance_order():
    table = {"events": [{"type": "a", "cue": "draw", "hear": ["table"]},
                        {"type": "b", "cue": "card_played", "hear": ["table"]},
                        {"type": "c", "cue": "game_won", "hear": ["table"]}]}
    base = {"version": 9, "me": -1, "to_act": [], "view": {"events": [{"type": "a"}, {"type": "b"}, {"type": "a"}]}}
    out = cues_of(base, "table", table)
    assert out["cues"] == [{"id": 900, "cue": "card_played"}, {"id": 901, "cue": "draw"}]  # once each
    three = {**base, "view": {"events": [{"type": "a"}, {"type": "b"}, {"type": "c"}]}}
    assert [c["cue"] for c in cues_of(three, "table", table)["cues"]] == ["game_won"]  # a finale plays alone
    four = {**base, "view": {"events": [{"type": "a"}, {"type": "b"}, {"type": "b"}]}}
    assert len(cues_of(four, "table", table)["cues"]) <= MAX_PER_MOVE
    later = cues_of({**base, "version": 10}, "table", table)
    assert min(c["id"] for c in later["cues"]) > max(c["id"] for c in out["cues"])
    # the same move at a later version (nothing changed in the game): same fingerprint
    assert later["move"] == out["move"]
    assert cues_of(three, "table", table)["move"] != out["move"]
    many = {"events": [{"type": t, "cue": c, "hear": ["table"]}
                       for t, c in (("a", "draw"), ("b", "card_played"), ("c", "uno"))]}
    capped = cues_of({**base, "view": {"events": [{"type": "a"}, {"type": "b"}, {"type": "c"}]}}, "table", many)
    assert [c["cue"] for c in capped["cues"]] == ["uno", "card_played"]  # the most important MAX_PER_MOVE


def test_who_hears_table_phones_seat_fields_and_the_others():
    table = {"events": [{"type": "x", "cue": "draw", "hear": ["seat"]},
                        {"type": "x", "cue": "uno", "hear": ["!winners"]},
                        {"type": "x", "cue": "caught", "hear": ["phones"]},
                        {"type": "y", "cue": "miss", "hear": ["table"], "when": {"ok": False}}]}
    event = {"type": "x", "seat": 1, "winners": [0, 1]}

    def got(role: str, me: int, *events: dict) -> list[str]:
        return [c["cue"] for c in cues_of({"version": 1, "me": me, "to_act": [], "view": {"events": list(events)}},
                                          role, table)["cues"]]

    assert got("phone", 1, event) == ["caught", "draw"]
    assert got("phone", 2, event) == ["caught", "uno"]
    assert got("phone", 0, event) == ["caught"]
    assert got("phone", -1, event) == []  # a phone without a seat hears nothing
    assert got("table", -1, event) == []
    assert got("table", -1, {"type": "y", "ok": False}) == ["miss"]
    assert got("table", -1, {"type": "y", "ok": True}) == []


def test_no_room_lobby_and_a_silent_game():
    assert feed({}, "table") == {}
    assert feed({"game": "uno", "version": 4, "view": None, "me": -1}, "table") == {
        "at": 4, "move": "", "cues": [], "held": []}
    assert cues_of({"version": 4, "me": 0, "to_act": [0], "view": {"events": [{"type": "play"}]}}, "phone", {}) == {
        "at": 4, "move": cues_of({"version": 4, "me": 0, "to_act": [0], "view": {"events": [{"type": "play"}]}},
                                 "phone", {})["move"], "cues": [], "held": []}
    assert load_table("no-such-game") == {}


# -- UNO -----------------------------------------------------------------------------------

UNO = get_game("uno")
UNO_STACK = {"hands": [["W", "g7", "g9"], ["r+2", "g3", "b1"], ["y4", "y6"]], "top": "r5",
             "draw": ["b5", "b6", "y1", "y2", "r2", "r8", "b9"]}


def test_uno_a_draw_two_a_catch_an_uno_call_and_the_turn():
    state = UNO.new(NAMES, {"dealer": 0, "stack": UNO_STACK}, seed=7)
    assert held("uno", state, 1) == ["your_turn"] and held("uno", state, 0) == []
    state = UNO.apply(state, 1, {"type": "play", "card": "r+2"})  # Cid draws two, skipped
    assert heard("uno", state) == {"table": ["card_played", "draw"], 0: [], 1: [], 2: ["draw"]}
    assert held("uno", state, 0) == ["your_turn"] and held("uno", state, 1) == []
    state = UNO.apply(state, 0, {"type": "play", "card": "W", "color": "g"})
    state = UNO.apply(state, 1, {"type": "play", "card": "g3"})  # forgets UNO
    state = UNO.apply(state, 0, {"type": "catch", "target": 1})
    assert heard("uno", state) == {"table": ["caught", "draw"], 0: [], 1: ["caught", "draw"], 2: []}
    state = UNO.apply(state, 2, {"type": "draw"})
    state = UNO.apply(state, 0, {"type": "uno"})
    assert heard("uno", state) == {"table": ["uno"], 0: ["uno"], 1: [], 2: []}


def test_uno_the_last_card_wins_the_hand():
    stack = {"hands": [["g7"], ["r+2", "g3"]], "top": "g5", "draw": ["b5", "b6"]}
    state = UNO.new(NAMES[:2], {"dealer": 1, "stack": stack, "target": 10}, seed=7)
    state = UNO.apply(state, 0, {"type": "play", "card": "g7"})
    assert [e["type"] for e in screen("uno", state, None)["view"]["events"]][-1] == "game_over"
    # the finale plays alone (not followed by the card and the points); the other phone
    # hears the end, not a win
    assert heard("uno", state) == {"table": ["game_won"], 0: ["game_won"], 1: ["game_over"]}
    assert held("uno", state, 1) == []


# -- Upwords ---------------------------------------------------------------------------------

UPWORDS = Upwords(words=frozenset({"MOOD", "WOOD"}))
UPWORDS_STACK = {"racks": [list("MOODJEA"), list("WOVINTS")], "bag": list("AEILR")}


def upwords_heard(state) -> dict:
    """As :func:`heard`, with the test's own dictionary (the screens read the engine's view)."""
    def one(seat, role):
        view = json.loads(json.dumps(UPWORDS.view(state, seat)))
        data = {"game": "upwords", "version": 5, "view": view, "me": -1 if seat is None else seat,
                "to_act": list(UPWORDS.to_act(state))}
        return feed(data, role)
    out = {"table": [c["cue"] for c in one(None, "table")["cues"]]}
    out.update({s: [c["cue"] for c in one(s, "phone")["cues"]] for s in range(2)})
    out["held"] = [one(s, "phone")["held"] for s in range(2)]
    return out


def test_upwords_a_word_placed_scores_for_the_table_and_its_player():
    state = UPWORDS.new(["Ana", "Bia"], {"first": 0, "stack": UPWORDS_STACK}, seed=3)
    state = UPWORDS.apply(state, 0, {"type": "place", "tiles": [[4, 3, "M"], [4, 4, "O"], [4, 5, "O"], [4, 6, "D"]]})
    assert upwords_heard(state) == {"table": ["word_scored", "tile_placed"], 0: ["word_scored", "draw"], 1: [],
                                    "held": [[], ["your_turn"]]}
    state = UPWORDS.apply(state, 1, {"type": "exchange", "tile": "W"})
    assert upwords_heard(state) == {"table": ["draw"], 0: [], 1: ["draw"], "held": [["your_turn"], []]}


# -- Faces and Memory ------------------------------------------------------------------------

FACES = get_game("faces")
MEMORY_GRID = [1, 2, 3, 4, 5, 1, 6, 7, 8, 9, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10]
MEMORY_STACK = {"grid": MEMORY_GRID, "pile": [11, 12, 13], "exact": True}


def test_memory_flips_and_a_pair_found():
    state = FACES.new(NAMES, {"variant": "memory", "oldest": 1, "stack": MEMORY_STACK}, seed=1)
    assert held("faces", state, 1) == ["your_turn"]
    state = FACES.apply(state, 1, {"type": "pick", "pos": 0})
    state = FACES.apply(state, 1, {"type": "flip", "pos": 0})
    assert heard("faces", state)["table"] == ["flip"]
    state = FACES.apply(state, 1, {"type": "flip", "pos": 5})
    got = heard("faces", state)
    assert got["table"] == ["pair_found", "flip"] and got[1] == ["pair_found"] and got[0] == got[2] == []


def test_faces_stop_is_called_out():
    stack = {"hands": [[1, 1, 6, 9], [2, 3, 6, 6], [4, 5, 5, 10]], "pile": [7, 8, 12], "exact": True}
    state = FACES.new(NAMES, {"stack": stack}, seed=1)
    for seat, card in ((0, 6), (1, 2), (2, 4)):
        state = FACES.apply(state, seat, {"type": "choose_pass", "card": card, "round": 1})
    state = FACES.apply(state, 1, {"type": "stop"})  # Bia holds three "happy" and mimes
    assert heard("faces", state) == {"table": ["uno", "reveal"], 0: [], 1: ["uno", "reveal"], 2: []}
    assert held("faces", state, 2) == ["your_turn"] and held("faces", state, 0) == []  # Cid guesses first


# -- UeStop! ---------------------------------------------------------------------------------

UESTOP = get_game("uestop")
UE_OPTIONS = {"mode": "tome_lhe_tapao", "first": 0, "target": 2, "ties": "reject",
              "stack": {"category": "red-01", "deck": ["blue-01", "yellow-05"]},
              "slap_window_ms": 250, "reveal_delay_ms": 300}


def test_uestop_the_reveal_is_the_tables_and_the_race_winner_hears_it():
    state = UESTOP.new(NAMES, dict(UE_OPTIONS), seed=1)
    assert held("uestop", state, 0) == ["your_turn"]  # the opener reveals
    state = UESTOP.apply(state, 0, {"type": "reveal"}, now=T0)
    assert heard("uestop", state) == {"table": ["reveal"], 0: [], 1: [], 2: []}
    assert held("uestop", state, 1) == []  # the race: the table's sound, not every phone's
    state = UESTOP.apply(state, 1, {"type": "slap"}, now=T0 + 0.8)
    state = UESTOP.apply(state, 2, {"type": "slap"}, now=T0 + 0.9)
    state = UESTOP.apply(state, None, {"type": "settle"}, now=T0 + 2.0)
    got = heard("uestop", state)
    assert got["table"] == ["race_won"] and got[1] == ["race_won"] and got[2] == []
    assert held("uestop", state, 1) == ["your_turn"]  # Bia answers
