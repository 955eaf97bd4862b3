"""Every game implements the whole engine contract (``engine.core.Game``), the same way.

The rooms and pages rely on nothing else: if a game lacks a part, or its options schema
names a label no catalog has, it fails here rather than in a browser.
"""

from __future__ import annotations

import inspect
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from tablegames.engine import IllegalMove, game_names, get_game
from tablegames.engine.core import Game, Option, check_schema, options_in_force, schema_defaults
from tablegames.i18n import LANGS, has

GAMES = game_names()
MEMBERS = [name for name, _ in inspect.getmembers(Game) if not name.startswith("_")]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_implements_every_part_of_the_contract(name: str) -> None:
    game = get_game(name)
    missing = [m for m in MEMBERS if not hasattr(game, m)]
    assert not missing, f"{name} lacks {missing}"
    for attr in ("name", "options_schema", "server_fields"):
        assert getattr(game, attr) is not None
    assert all(isinstance(o, Option) for o in game.options_schema)
    assert game.name == name


@pytest.mark.parametrize("name", GAMES)
def test_the_defaults_of_the_schema_are_valid_options(name: str) -> None:
    game = get_game(name)
    defaults = {k: v for k, v in schema_defaults(game.options_schema).items() if v is not None}
    game.check_options(defaults)
    low, high = game.player_range(defaults)
    assert 1 <= low <= high


@pytest.mark.parametrize("name", GAMES)
def test_every_shown_option_and_value_has_a_label_in_both_languages(name: str) -> None:
    game = get_game(name)
    missing = []
    for o in game.options_schema:
        if o.hidden:
            continue
        keys = [o.label] + [f"{o.value_label}{str(c).lower()}" for c in o.choices if o.value_label]
        if o.kind == "bool":
            keys += [f"{o.value_label}true", f"{o.value_label}false"]
        missing += [(lang, k) for lang in LANGS for k in keys if not has(lang, k)]
    assert not missing


@pytest.mark.parametrize("name", GAMES)
def test_hidden_and_test_only_options_never_reach_a_screen(name: str) -> None:
    game = get_game(name)
    hidden = {o.key for o in game.options_schema if o.hidden}
    assert {o.key for o in game.options_schema if o.test_only} <= hidden
    options = {**schema_defaults(game.options_schema), "stack": None}
    assert not hidden & set(game.public_options(options))
    assert not hidden & {o["key"] for o in options_in_force(game, options)}


def test_the_schema_refuses_unknown_names_wrong_types_and_ranges() -> None:
    schema = get_game("uno").options_schema
    for options, option in (({"colour": "red"}, "colour"), ({"target": "500"}, "target"),
                            ({"target": 0}, "target"), ({"teams": 1}, "teams"),
                            ({"edition": "deluxe"}, "edition"), ({"dealer": 11}, "dealer")):
        with pytest.raises(IllegalMove) as info:
            check_schema(schema, options, n_players=4)
        assert info.value.code == "bad_option" and info.value.params["option"] == option
    assert check_schema(schema, {"dealer": 3}, n_players=4)["dealer"] == 3


def test_options_in_force_follow_the_dependencies() -> None:
    uno = get_game("uno")
    keys = {o["key"] for o in options_in_force(uno, {"edition": "classic"})}
    assert "house_rules" not in keys and "teams" in keys
    keys = {o["key"] for o in options_in_force(uno, {"scoring": "lowest"})}
    assert "teams" not in keys  # partnerships only with standard scoring
    shown = {o["key"]: o for o in options_in_force(uno, {"target": 200, "wd4_bluff": True})}
    assert shown["target"]["value"] == 200 and shown["target"]["value_label"] == ""
    assert shown["wd4_bluff"]["value_label"] == "option.bool.true"


@pytest.mark.parametrize("name", ["uno", "upwords", "faces"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 4), steps=st.integers(1, 60))
def test_to_act_names_seats_that_can_act_and_no_seat_makes_a_system_move(
        name: str, seed: int, players: int, steps: int) -> None:
    """Random games through the contract alone: whoever ``to_act`` names has a move, the
    game always waits for somebody or for the room (or is over), and a system move is
    refused from every seat."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new([f"P{i}" for i in range(players)], {}, seed=seed)
    for _ in range(steps):
        if game.result(state):
            assert game.to_act(state) == () and game.system_moves(state) == []
            break
        acting, system = game.to_act(state), game.system_moves(state)
        assert acting or system, "nobody to act and nothing for the room to do"
        for move in system:
            for seat in range(players):
                with pytest.raises(IllegalMove):
                    game.apply(state, seat, move)
        if not acting:
            state = game.apply(state, None, system[0])
            continue
        seat = rng.choice(acting)
        moves = game.legal_moves(state, seat)
        assert moves, f"{name}: seat {seat} is to act with no legal move"
        state = game.apply(state, seat, rng.choice(moves))


def _as_json_reads_it(value):
    """``value`` after a JSON round trip (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def _same_types(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return all(_same_types(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return all(_same_types(x, y) for x, y in zip(a, b))
    return True


PLAIN_VIEW_OPTIONS = {"uno": [{}, {"edition": "plus"}, {"edition": "motu", "scoring": "elimination"},
                              {"preset": "party", "teams": True}],
                      "upwords": [{}], "faces": [{}], "uestop": [{}]}


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(1, 120), pick=st.integers(0, 3))
def test_every_view_is_plain_json(name: str, seed: int, steps: int, pick: int) -> None:
    """What ``view`` gives every seat and the table is what JSON reads back (lists, string
    keys): the screens send it as it is, without a copy of their own."""
    game = get_game(name)
    choices = PLAIN_VIEW_OPTIONS.get(name, [{}])
    options = choices[pick % len(choices)]
    players = ["P0", "P1", "P2", "P3"]
    try:
        state = game.new(players, options, seed=seed)
    except IllegalMove:  # a game for fewer players
        players = players[:2]
        state = game.new(players, options, seed=seed)
    rng, now = random.Random(seed), 1_000.0
    state = game.start_clock(state, now)
    for _ in range(steps):
        for seat in (None, *range(len(players))):
            view = game.view(state, seat)
            plain = _as_json_reads_it(view)
            assert view == plain and _same_types(view, plain), f"{name}: the view of {seat} is not plain JSON"
        if game.result(state):
            break
        now += rng.uniform(0.1, 5.0)
        acting = game.to_act(state)
        if acting:
            seat = rng.choice(acting)
            moves = game.legal_moves(state, seat)
            if not moves:
                break
            try:
                state = game.apply(state, seat, rng.choice(moves), now=now)
            except IllegalMove:  # a race's tap at a time that does not count (UeStop!): later
                continue
        elif system := game.system_moves(state):
            state = game.apply(state, None, system[0], now=max(now, game.deadline(state) or now))
        else:
            break
