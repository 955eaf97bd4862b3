"""Duel's rules, through the engine contract only (as the rooms layer sees a game)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.tinygame  # noqa: F401 (registers "tiny")
from tablegames.engine import IllegalMove, get_game
from tablegames.engine.core import Game, options_in_force, schema_defaults

DUEL = get_game("tiny")
STACK = {"hands": [[2, 9, 5], [7, 3, 8]]}


def new(**options):
    return DUEL.new(["Ana", "Bia"], {"stack": STACK, **options}, seed=1)


def play(state, seat, card):
    return DUEL.apply(state, seat, {"type": "play", "card": card})


def test_duel_has_the_whole_contract():
    for name in Game.__annotations__:
        assert hasattr(DUEL, name), name
    for name, member in vars(Game).items():
        if callable(member) and not name.startswith("_"):
            assert callable(getattr(DUEL, name)), name
    assert DUEL.name == "tiny" and DUEL.server_fields == frozenset()


def test_options_schema_defaults_validation_and_what_players_see():
    assert schema_defaults(DUEL.options_schema) == {"hand": 3, "low_wins": False, "stack": None}
    assert DUEL.check_options({}) == {"hand": 3, "low_wins": False, "stack": None}
    assert DUEL.check_options({"hand": 5})["hand"] == 5
    for bad in ({"hand": 6}, {"hand": 2}, {"hand": "3"}, {"low_wins": 1}, {"colour": "red"},
                {"stack": {"hands": [[1, 2], [2, 3]]}}, {"stack": {"hands": [[1, 2]]}}, {"stack": "x"}):
        with pytest.raises(IllegalMove) as err:
            DUEL.check_options(bad)
        assert err.value.code == "bad_option", bad
    assert DUEL.public_options({"hand": 4, "stack": STACK}) == {"hand": 4}
    shown = [{k: o[k] for k in ("key", "label", "value", "value_label")}
             for o in options_in_force(DUEL, {"hand": 4, "low_wins": True, "stack": STACK})]
    assert shown == [
        {"key": "hand", "label": "option.tiny.hand", "value": 4, "value_label": ""},
        {"key": "low_wins", "label": "option.tiny.low_wins", "value": True,
         "value_label": "option.tiny.low_wins.true"},
    ]
    assert DUEL.player_range({}) == (2, 2) == DUEL.player_range({"hand": 5})


def test_a_whole_game_higher_card_takes_the_trick():
    state = new()
    assert state.hands == ((2, 5, 9), (3, 7, 8))
    assert DUEL.to_act(state) == (0,) and DUEL.legal_moves(state, 1) == []
    state = play(state, 0, 9)
    assert DUEL.to_act(state) == (1,)
    state = play(state, 1, 3)  # 9 beats 3: Ana leads again
    assert state.won == (1, 0) and DUEL.to_act(state) == (0,)
    state = play(play(state, 0, 2), 1, 7)  # Bia's 7 takes it: Bia leads
    assert state.won == (1, 1) and DUEL.to_act(state) == (1,)
    assert DUEL.result(state) is None
    state = play(play(state, 1, 8), 0, 5)
    assert DUEL.to_act(state) == () and DUEL.legal_moves(state, 0) == []
    assert DUEL.result(state) == {"winners": [1], "scores": [1, 2], "ranking": [1, 0],
                                  "details": {"tricks": 3}}
    assert [e["type"] for e in state.events][-2:] == ["trick", "game_over"]
    assert DUEL.system_moves(state) == [] and DUEL.deadline(state) is None


def test_low_wins_reverses_the_trick():
    state = play(play(new(low_wins=True), 0, 9), 1, 3)
    assert state.won == (0, 1) and DUEL.to_act(state) == (1,)


def test_refusals_have_stable_codes_and_change_nothing():
    state = new()
    cases = [
        (1, {"type": "play", "card": 3}, "not_your_turn"),
        (0, {"type": "play", "card": 7}, "card_not_in_hand"),
        (0, {"type": "play", "card": "9"}, "card_not_in_hand"),
        (0, {"type": "fold"}, "unknown_move"),
        (0, {"type": "play", "card": 9, "x": 1}, "bad_move"),
        (2, {"type": "play", "card": 9}, "bad_seat"),
        (True, {"type": "play", "card": 9}, "bad_seat"),
        (None, {"type": "play", "card": 9}, "unknown_move"),  # no system moves in Duel
    ]
    for seat, move, code in cases:
        with pytest.raises(IllegalMove) as err:
            DUEL.apply(state, seat, move)
        assert err.value.code == code, (seat, move)
    assert state == new()
    over = state
    for seat, card in ((0, 9), (1, 3), (0, 2), (1, 7), (1, 8), (0, 5)):
        over = play(over, seat, card)
    with pytest.raises(IllegalMove) as err:
        play(over, 0, 5)
    assert err.value.code == "game_over"


def test_view_shows_only_the_own_hand():
    state = play(new(), 0, 9)
    ana, bia, table = DUEL.view(state, 0), DUEL.view(state, 1), DUEL.view(state, None)
    assert ana["hand"] == [2, 5] and bia["hand"] == [3, 7, 8] and "hand" not in table
    for view, other in ((ana, [3, 7, 8]), (bia, [2, 5])):
        text = json.dumps({k: v for k, v in view.items() if k != "hand"})
        assert all(f'"number": {c}' not in text for c in other)
    assert ana["trick"] == [{"seat": 0, "number": 9}] and ana["to_act"] == [1]
    assert [p["cards"] for p in table["players"]] == [2, 3]


def test_json_round_trip_and_seeded_deals():
    state = play(new(), 0, 9)
    assert DUEL.from_json(DUEL.to_json(state)) == state
    a, b = DUEL.new(["A", "B"], {"hand": 5}, seed=42), DUEL.new(["A", "B"], {"hand": 5}, seed=42)
    assert a == b and len(a.hands[0]) == 5 and not set(a.hands[0]) & set(a.hands[1])
    with pytest.raises(IllegalMove) as err:
        DUEL.new(["A", "B", "C"])
    assert err.value.code == "bad_players"


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), hand=st.integers(3, 5), low_wins=st.booleans(),
       picks=st.lists(st.integers(0, 4), min_size=10, max_size=10))
def test_any_game_ends_after_every_card_with_the_most_tricks_winning(seed, hand, low_wins, picks):
    state = DUEL.new(["A", "B"], {"hand": hand, "low_wins": low_wins}, seed=seed)
    for turn in range(2 * hand):
        cards = sum(len(h) for h in state.hands) + len(state.trick) + 2 * sum(state.won)
        assert cards == 2 * hand  # no card appears or vanishes
        (seat,) = DUEL.to_act(state)
        moves = DUEL.legal_moves(state, seat)
        assert moves and DUEL.legal_moves(state, 1 - seat) == []
        assert "hand" not in DUEL.view(state, None)
        assert DUEL.view(state, 1 - seat)["hand"] == list(state.hands[1 - seat])
        state = DUEL.apply(state, seat, moves[picks[turn] % len(moves)])
        assert DUEL.from_json(DUEL.to_json(state)) == state
    result = DUEL.result(state)
    assert DUEL.to_act(state) == () and sum(result["scores"]) == hand
    assert result["winners"] == [s for s in (0, 1) if result["scores"][s] == max(result["scores"])]
    assert result["ranking"][0] in result["winners"]
