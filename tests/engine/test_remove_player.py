"""Players who leave midway (``Game.remove_player``) and arrive between hands
(``add_player``), every game: seeded random games, a player removed at a random moment.

UNO (engine/uno/leaving.py): every card stays in the game, the leaver's under the draw
pile; one seat is on turn and has moves; the game goes on to its end. Upwords
(engine/upwords/leaving.py): every tile stays (the rack's back in the bag). Faces and
UeStop! refuse, with a stable code. The stand-in system move (engine/stand_in.py)
plays the timer's move for a seat that is to act, and only then.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tablegames.engine import IllegalMove, get_game
from tablegames.engine.uno.state import deck_for

UNO = get_game("uno")
UPWORDS = get_game("upwords")


def uno_cards(s) -> Counter:
    return Counter([*s.draw_pile, *s.discard, *(c for h in s.hands for c in h)])


def random_uno(seed: int, n: int, steps: int, **options):
    rng = random.Random(seed)
    s = UNO.new([f"P{i}" for i in range(n)], {"dealer": "random", **options}, seed=seed)
    for _ in range(steps):
        if UNO.result(s):
            break
        if s.phase == "hand_over":
            s = UNO.apply(s, None, {"type": "next_hand"})
            continue
        seat = s.turn
        moves = [m for m in UNO.legal_moves(s, seat) if m["type"] not in ("uno", "catch")]
        plays = [m for m in moves if m["type"] == "play"]
        s = UNO.apply(s, seat, rng.choice(plays if plays and rng.random() < 0.8 else moves))
    return s, rng


def finish_uno(s, rng, limit: int = 3000):
    for _ in range(limit):
        if UNO.result(s):
            return s
        if s.phase == "hand_over":
            s = UNO.apply(s, None, {"type": "next_hand"})
            continue
        assert UNO.to_act(s) == (s.turn,) and 0 <= s.turn < len(s.players)
        moves = [m for m in UNO.legal_moves(s, s.turn) if m["type"] not in ("uno", "catch")]
        assert moves, "the seat on turn has a move"
        plays = [m for m in moves if m["type"] == "play"]
        s = UNO.apply(s, s.turn, rng.choice(plays if plays and rng.random() < 0.8 else moves))
    return s


@pytest.mark.parametrize("seed", range(40))
def test_uno_remove_a_random_player_at_a_random_moment(seed):
    rng = random.Random(1000 + seed)
    n = rng.randint(3, 6)
    scoring = rng.choice(["standard", "lowest", "elimination"])
    s, rng = random_uno(seed, n, rng.randint(0, 60), target=rng.choice([100, 200]), scoring=scoring)
    if UNO.result(s):
        return
    place = rng.randrange(n)
    try:
        after = UNO.remove_player(s, place)
    except IllegalMove as err:
        assert err.code in ("answer_first", "too_few_players")
        return
    assert uno_cards(after) == uno_cards(s) == Counter(deck_for(s.options))
    held = s.hands[place]
    assert after.draw_pile[:len(held)] == held  # under the draw pile
    assert after.players == s.players[:place] + s.players[place + 1:]
    assert len(after.hands) == len(after.scores) == n - 1
    assert after.events[0] == {"type": "left", "name": s.players[place], "count": len(held)}
    if after.phase == "play":
        assert 0 <= after.turn < n - 1 and after.turn not in after.out
        if s.turn != place:  # the same player keeps the turn
            assert after.players[after.turn] == s.players[s.turn]
    assert 0 <= after.dealer < n - 1
    finish_uno(UNO.from_json(UNO.to_json(after)), rng)  # a JSON round trip, then to the end


def test_uno_the_turn_passes_in_the_direction_of_play():
    deal = {"hands": [["r1", "g2"], ["rR", "y3"], ["b8", "b9"], ["y4", "g6"]], "top": "r5"}
    s = UNO.new(["Ana", "Bia", "Cid", "Dan"], {"dealer": 0, "stack": deal}, seed=1)
    s = UNO.apply(s, 1, {"type": "play", "card": "rR"})  # Bia reverses: Ana is next
    assert s.turn == 0 and s.direction == -1
    after = UNO.remove_player(s, 0)  # Ana leaves on her turn: Dan (counter-clockwise) plays
    assert after.players[after.turn] == "Dan" and after.drawn is None


def test_uno_refusals():
    deal = {"hands": [["r1", "g2"], ["y4", "y6"]], "top": "r5"}
    two = UNO.new(["Ana", "Bia"], {"dealer": 0, "stack": deal}, seed=1)
    with pytest.raises(IllegalMove) as err:
        UNO.remove_player(two, 0)
    assert err.value.code == "too_few_players" and err.value.params == {"player": "Ana"}
    teams = UNO.new(["A", "B", "C", "D"], {"teams": True}, seed=1)
    with pytest.raises(IllegalMove) as err:
        UNO.remove_player(teams, 1)
    assert err.value.code == "teams_fixed"
    wd4 = {"hands": [["W+4", "g2", "b1"], ["y4", "y6"], ["b8", "b9"]], "top": "r5"}
    s = UNO.new(["Ana", "Bia", "Cid"], {"dealer": 2, "stack": wd4}, seed=1)
    s = UNO.apply(s, 0, {"type": "play", "card": "W+4", "color": "g"})  # Bia owes an answer
    with pytest.raises(IllegalMove) as err:
        UNO.remove_player(s, 0)  # a challenge would need Ana's hand
    assert err.value.code == "answer_first"
    after = UNO.remove_player(s, 1)  # the victim leaves: the card took her turn anyway
    assert after.players[after.turn] == "Cid" and after.pending is None


def test_uno_late_arrival_between_hands_only():
    deal = {"hands": [["y4", "y6"], ["r1"], ["b8", "b9"]], "top": "r5"}
    s = UNO.new(["Ana", "Bia", "Cid"], {"dealer": 0, "stack": deal, "scoring": "lowest"}, seed=1)
    assert UNO.late_join(s) == "after_round"
    with pytest.raises(IllegalMove) as err:
        UNO.add_player(s, "Eva")
    assert err.value.code == "cannot_add"
    s = UNO.apply(s, 1, {"type": "play", "card": "r1"})
    assert s.phase == "hand_over" and UNO.late_join(s) == "now"
    after = UNO.add_player(s, "Eva")
    assert after.players[-1] == "Eva" and after.scores[-1] == max(s.scores)  # lowest wins: no head start
    dealt = UNO.apply(after, None, {"type": "next_hand"})
    assert len(dealt.hands[3]) == 7 and uno_cards(dealt) == Counter(deck_for(dealt.options))


@pytest.mark.parametrize("seed", range(8))
def test_upwords_tiles_go_back_to_the_bag(seed):
    rng = random.Random(seed)
    s = UPWORDS.new(["Ana", "Bia", "Cid"], {"first": 0}, seed=seed)
    for _ in range(rng.randint(0, 2)):  # fewer passes than players: the game goes on
        s = UPWORDS.apply(s, s.turn, {"type": "pass"})
    total = len(s.bag) + sum(len(r) for r in s.racks)
    place = rng.randrange(3)
    after = UPWORDS.remove_player(s, place)
    assert len(after.bag) + sum(len(r) for r in after.racks) == total
    assert after.bag[:len(s.racks[place])] == s.racks[place]
    assert after.players == s.players[:place] + s.players[place + 1:]
    assert UPWORDS.to_act(after) == (after.turn,) and 0 <= after.turn < 2
    UPWORDS.apply(after, after.turn, {"type": "pass"})  # the game goes on
    with pytest.raises(IllegalMove) as err:
        UPWORDS.remove_player(after, 0)
    assert err.value.code == "too_few_players"


@pytest.mark.parametrize("game,options", [("faces", {"oldest": 0}), ("uestop", {})])
def test_faces_and_uestop_refuse(game, options):
    engine = get_game(game)
    s = engine.new(["Ana", "Bia", "Cid"], options, seed=3)
    with pytest.raises(IllegalMove) as err:
        engine.remove_player(s, 1)
    assert err.value.code == "cannot_remove"
    assert engine.late_join(s) == "next_game"


def test_stand_in_plays_the_timers_move_for_the_seat_to_act():
    deal = {"hands": [["r1", "g2"], ["y4", "y6"], ["b8", "b9"]], "top": "r5", "draw": ["g9"]}
    s = UNO.new(["Ana", "Bia", "Cid"], {"dealer": 2, "stack": deal}, seed=1)
    s = UNO.apply(s, 0, {"type": "play", "card": "r1"})
    after = UNO.apply(s, None, {"type": "stand_in", "seat": 1}, now=50.0)
    assert after.turn == 2 and after.hands[1] == ("y4", "y6", "g9")
    assert [e["type"] for e in after.events][:2] == ["stand_in", "draw"]  # then the kept card's pass
    for seat, move, code in ((1, {"type": "stand_in", "seat": 1}, "system_move"),
                             (None, {"type": "stand_in", "seat": 0}, "not_waiting"),
                             (None, {"type": "stand_in", "seat": "1"}, "bad_move"),
                             (None, {"type": "stand_in", "seat": 1, "x": 1}, "bad_move")):
        with pytest.raises(IllegalMove) as err:
            UNO.apply(s, seat, move)
        assert err.value.code == code
