"""What each seat (and the table) sees: ``view(state, seat)``.

Rules: ARCHITECTURE.md ("view(state, seat) is the ONLY way data leaves the engine for a
screen: it holds what that seat may see (own hand; others' card counts) and nothing else.
The table's view holds no hand at all."), docs/uno-rules.md (Wild Draw Four reveal).

With ``make``'s default dealer 0 and three players, seat 1 starts, then 2, then 0.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.engine.uno.cards import is_card
from tests.engine.uno.conftest import UNO, act, make

HANDS = [["y1", "y2", "g3"], ["W+4", "g5", "y3", "b7"], ["b1", "b2", "g9"]]


def _strings(value) -> set[str]:
    """Every string inside a JSON-able value (keys and values)."""
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list | tuple):
        return {s for v in value for s in _strings(v)}
    return {value} if isinstance(value, str) else set()


def _cards_in(view: dict) -> set[str]:
    return {s for s in _strings(view) if is_card(s)}


def _game(**options):
    return make(hands=HANDS, top="r5", draw=["r4", "b9", "bS", "b3", "b4", "b5"], **options)


def test_seat_view_shows_own_hand_and_public_state():
    s = _game()
    s = act(s, 1, {"type": "play", "card": "W+4", "color": "b"})
    v = UNO.view(s, 0)
    json.dumps(v)
    assert v["seat"] == 0
    assert v["hand"] == ["y1", "y2", "g3"]
    assert [p["cards"] for p in v["players"]] == [3, 3, 3]
    assert [p["name"] for p in v["players"]] == ["P0", "P1", "P2"]
    assert [p["score"] for p in v["players"]] == [0, 0, 0]
    assert v["top"] == "W+4"
    assert v["color"] == "b"
    assert v["direction"] == 1
    assert v["turn"] == 2
    assert v["pending"] == {"kind": "wd4", "by": 1, "victim": 2}
    assert v["phase"] == "play"
    assert v["draw_count"] == len(s.draw_pile) and v["discard_count"] == 2


def test_seat_view_hand_is_sorted_by_colour_with_wilds_last():
    s = make(hands=[["W", "b2", "r9", "rS", "y1", "r1", "W+4"], ["g1"], ["g2"]], top="g5")
    assert UNO.view(s, 0)["hand"] == ["r1", "r9", "rS", "y1", "b2", "W", "W+4"]


def test_scores_are_in_every_view():
    s = make(hands=[["y2"], ["r1"], ["g9"]], top="r5")
    s = act(s, 1, "r1")
    for seat in (None, 0, 1, 2):
        assert [p["score"] for p in UNO.view(s, seat)["players"]] == [0, 11, 0]


def test_pending_wd4_hides_whether_it_was_legal():
    s = _game(wd4_bluff=True)
    s = act(s, 1, {"type": "play", "card": "W+4", "color": "r"})  # holds no red: innocent
    bluff = make(hands=[["y1"], ["W+4", "r2"], ["b1"]], top="r5", wd4_bluff=True)
    bluff = act(bluff, 1, {"type": "play", "card": "W+4", "color": "g"})  # holds red: guilty
    for state in (s, bluff):
        assert "guilty" in state.pending
        for seat in (None, 0, 1, 2):
            v = UNO.view(state, seat)
            assert v["pending"] == {"kind": "wd4", "by": 1, "victim": 2}
            assert "guilty" not in _strings(v) and "prev_color" not in _strings(v)


def test_table_view_has_no_hand():
    s = _game()
    v = UNO.view(s, None)
    json.dumps(v)
    assert v["seat"] is None
    for key in ("hand", "drawn", "playable", "can", "catchable", "reveal"):
        assert key not in v
    assert [p["cards"] for p in v["players"]] == [3, 4, 3]
    assert _cards_in(v) == {"r5"}


def test_stack_option_is_not_shown():
    s = _game()
    for seat in (None, 0, 1, 2):
        assert "stack" not in UNO.view(s, seat)["options"]


def test_no_seat_sees_another_seats_cards():
    s = _game()
    for seat in (0, 1, 2):
        assert _cards_in(UNO.view(s, seat)) == set(HANDS[seat]) | {"r5"}


def test_played_cards_become_public_the_rest_stays_private():
    s = make(hands=HANDS, top="y5", draw=["r4", "b9"])
    s = act(s, 1, "y3")
    for seat in (None, 0, 1, 2):
        seen = _cards_in(UNO.view(s, seat))
        own = set(s.hands[seat]) if seat is not None else set()
        assert seen == own | {"y3"}  # the card played is public (top and event)
        others = {c for p, h in enumerate(s.hands) if p != seat for c in h} - own
        assert not seen & others


def test_drawn_card_is_seen_only_by_the_drawer():
    s = make(hands=HANDS, top="r5", draw=["r4"])
    s = act(s, 1, "draw")
    assert s.drawn == "r4"
    v1 = UNO.view(s, 1)
    assert v1["drawn"] == "r4" and "r4" in v1["hand"]
    assert v1["playable"] == ["r4"]
    for seat in (None, 0, 2):
        v = UNO.view(s, seat)
        assert "r4" not in _cards_in(v)
        assert v.get("drawn") is None
        assert v["players"][1]["cards"] == 5


def test_catchable_and_uno_marks_are_public():
    s = make(hands=[["r6", "g3", "g4"], ["r1", "r2"], ["r3", "g1", "g2"]], top="r5")
    s = act(s, 1, "r1")  # forgot to call
    assert UNO.view(s, None)["exposed"] == [1]
    assert UNO.view(s, 0)["catchable"] == [1]
    assert UNO.view(s, 1)["catchable"] == []
    assert "uno" in UNO.view(s, 1)["can"]


# -- an invariant over random games ----------------------------------------------------

def _public_cards(state) -> set[str]:
    seen = set(state.discard)
    for e in state.events:
        if "card" in e:
            seen.add(e["card"])
    return seen


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5),
       edition=st.sampled_from(["classic", "plus", "motu"]), bluff=st.booleans())
def test_views_of_random_games_leak_no_hidden_card(seed, players, edition, bluff):
    rng = random.Random(seed)
    s = UNO.new([f"P{i}" for i in range(players)],
                {"edition": edition, "wd4_bluff": bluff, "target": 200}, seed=seed)
    public: set[str] = set()
    for _ in range(300):
        public |= _public_cards(s)
        table = UNO.view(s, None)
        json.dumps(table)
        assert "hand" not in table and "reveal" not in table
        assert _cards_in(table) <= public
        for seat in range(players):
            v = UNO.view(s, seat)
            assert sorted(v["hand"]) == sorted(s.hands[seat])
            assert [p["cards"] for p in v["players"]] == [len(h) for h in s.hands]
            allowed = public | set(s.hands[seat])
            if s.reveal and s.reveal["to"] == seat:
                allowed |= set(s.reveal["cards"])
                assert v["reveal"]["cards"] == list(s.reveal["cards"])
            else:
                assert "reveal" not in v
            assert _cards_in(v) <= allowed, (seat, _cards_in(v) - allowed)
            if v["pending"]:
                assert "guilty" not in v["pending"]
        if s.phase == "game_over":
            break
        if s.phase == "hand_over":  # the room deals the next hand (a system move)
            s = UNO.apply(s, None, {"type": "next_hand"})
            continue
        options = [(p, m) for p in range(players) for m in UNO.legal_moves(s, p)]
        turn_moves = [(p, m) for p, m in options if p == s.turn]
        p, m = rng.choice(turn_moves if turn_moves and rng.random() < 0.9 else options)
        s = UNO.apply(s, p, m)


def test_the_hands_played_are_one_list_until_a_hand_ends():
    """A move that ends no hand keeps the state's history (the same tuple), and every
    seat's view of it shows the same list of hands played: the screens share it instead of
    comparing copies. A hand's end makes a new one, with that hand in it."""
    state = UNO.new(["Ana", "Bia", "Cid"], {}, seed=7)
    lists, now, hands = {}, 0.0, 0
    while UNO.result(state) is None and hands < 3:
        acting = UNO.to_act(state)
        move = UNO.system_moves(state)[0] if not acting else UNO.legal_moves(state, acting[0])[0]
        after = UNO.apply(state, acting[0] if acting else None, move, now=now)
        now += 1
        if len(after.history) == len(state.history):
            assert after.history is state.history
        else:
            hands += 1
            assert len(after.history) == len(state.history) + 1
        played = [UNO.view(after, seat)["history"] for seat in (None, 0, 1, 2)]
        assert all(p is played[0] for p in played)
        assert json.loads(json.dumps(played[0])) == played[0]  # JSON as it was
        lists.setdefault(len(after.history), played[0])
        assert lists[len(after.history)] is played[0]
        state = after
    assert hands == 3 and [len(lists[n]) for n in sorted(lists)] == sorted(lists)


def test_every_view_of_a_state_shares_what_all_seats_see():
    """The table's and the seats' views of one state are built on one public part (the
    five screens of a move ask one after the other): the players, the events and the
    options are the same objects in each, and each seat's own part is its own. The next
    state's views have a public part of their own."""
    s = act(_game(), 1, {"type": "play", "card": "W+4", "color": "b"})
    views = [UNO.view(s, seat) for seat in (None, 0, 1, 2)]
    for key in ("players", "events", "options", "exposed", "winners"):
        assert all(v[key] is views[0][key] for v in views), key
    assert [v["seat"] for v in views] == [None, 0, 1, 2]
    assert "hand" not in views[0] and views[1]["hand"] == ["y1", "y2", "g3"]
    assert views[2]["hand"] == ["y3", "g5", "b7"] and views[3]["hand"] == ["g9", "b1", "b2"]
    assert UNO.view(s, 0) == views[1]  # asked again: the same view
    after = act(s, 2, "challenge")
    assert UNO.view(after, None)["players"] is not views[0]["players"]
    assert [p["cards"] for p in UNO.view(after, None)["players"]] != [p["cards"] for p in views[0]["players"]]
