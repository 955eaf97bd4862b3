"""Bots (``engine/bots.py`` and each game's ``bot.py``): legal, deterministic, view-only.

* Bots of every level play many seeded games of every UNO edition and table option (the
  options are drawn from the game's own schema, so options added later are covered too),
  of Faces Memory and of Upwords (both ways of settling words) to their end: no move
  refused, cards/tiles conserved after every move, the states round-trip through JSON.
* The same seeds give the same games.
* A bot's choice depends only on its view: changing what its seat cannot see (other
  hands and racks, the draw pile, the bag, face-down cards) changes neither its view
  nor its move.
* Each strategy's promises: UNO calls UNO, catches, keeps wilds, names the colour it holds
  most, attacks a player about to go out, challenges only when bluffing is allowed and
  the odds favour it; Upwords plays its best play, challenges only invalid words; the
  Memory bot makes a pair it has seen, and forgets by level.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections import Counter
from typing import Any

import pytest

from tablegames.engine import IllegalMove, get_game
from tablegames.engine.bots import choose, has_bot, level_params, levels, new_memory, observe, play_out
from tablegames.engine.core import Option
from tablegames.engine.uno.state import deck_for

UNO = get_game("uno")
FACES = get_game("faces")
UPWORDS = get_game("upwords")
MENU = ("others_draw_2", "discard_wilds", "skip_all", "situps", "song",
        {"kind": "dare", "text": "Hop on one foot", "n": 1},
        {"kind": "free", "text": "Say the colour out loud"})


def random_value(o: Option, rng: random.Random, n: int) -> Any:
    if o.kind == "choice":
        return rng.choice(o.choices)
    if o.kind == "bool":
        return rng.random() < 0.5
    if o.kind == "seat":
        return rng.choice(list(o.choices) + list(range(n)))
    if o.kind == "int":
        return rng.choice([o.min, o.max, (o.min or 0) + 1]) if o.min is not None else o.default
    return None


def uno_table(rng: random.Random) -> tuple[int, dict[str, Any]]:
    """A random player count and random values of every UNO option of the schema that
    applies (schema order: an option applies given the values drawn before it)."""
    n = rng.randint(2, 10)
    opts: dict[str, Any] = {}
    defaults = {o.key: o.default for o in UNO.options_schema}
    for o in UNO.options_schema:
        if o.hidden or o.test_only or o.key in ("turn_timer", "target", "house_rules"):
            continue
        if not o.applies({**defaults, **opts}):
            continue
        value = random_value(o, rng, n)
        if value is not None:
            opts[o.key] = value
    opts["target"] = rng.choice((1, 1, 1, 60))
    if opts.get("teams"):
        n, opts["scoring"] = 4, "standard"
    if opts.get("edition") == "plus" and rng.random() < 0.6:
        opts["house_rules"] = rng.sample(MENU, rng.randint(0, 3))
    return n, opts


def new_uno(n: int, opts: dict[str, Any], seed: int):
    """A game with these options, leaving out one that clashes with the others (the
    schema cannot say every rule that ties options together) until the table is valid."""
    opts = dict(opts)
    for _ in range(8):
        try:
            return UNO.new([f"P{i}" for i in range(n)], opts, seed=seed)
        except IllegalMove as exc:
            key = exc.params.get("option")
            if key not in opts:
                return None
            del opts[key]
    return None


def uno_check(state, seat, move, before):
    held = Counter(state.draw_pile) + Counter(state.discard)
    for h in state.hands:
        held += Counter(h)
    assert held == Counter(deck_for(state.options)), "cards not conserved"
    assert len(UNO.to_act(state)) <= 1


# games in all: TABLEGAMES_BOT_GAMES=5000 plays thousands (a long run, with --timeout 0)
PER_CHUNK = max(1, int(os.environ.get("TABLEGAMES_BOT_GAMES", "120")) // 5)


@pytest.mark.parametrize("chunk", range(5))
def test_uno_bots_play_every_edition_and_option(chunk):
    done = 0
    for k in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        rng = random.Random(k)
        n, opts = uno_table(rng)
        state = new_uno(n, opts, k)
        if state is None:
            continue
        seats = [rng.choice(levels("uno")) for _ in range(n)]
        state, moves = play_out(UNO, state, seats, seed=k, max_moves=1500, check=uno_check)
        assert UNO.from_json(UNO.to_json(state)) == state
        if UNO.result(state) is not None:
            done += 1
    assert done >= PER_CHUNK // 2


def test_faces_memory_bots_play_to_the_end():
    for k in range(40):
        rng = random.Random(k)
        n = rng.randint(2, 4)
        opts = {"variant": "memory", "pairs": rng.choice((10, 13))}
        state = FACES.new([f"P{i}" for i in range(n)], opts, seed=k)
        seats = [rng.choice(levels("faces")) for _ in range(n)]
        total = len([e for e in state.grid if e is not None]) + len(state.pile)

        def check(s, seat, move, before):
            kept = sum(len(w) for w in s.won) + len([e for e in s.grid if e is not None])
            assert kept + len(s.pile) == total

        state, moves = play_out(FACES, state, seats, seed=k, max_moves=5000, check=check)
        assert FACES.result(state) is not None, (k, moves)


def test_upwords_bots_play_to_the_end_and_never_lose_a_challenge():
    for k, words in ((0, "auto"), (1, "challenge"), (2, "challenge")):
        rng = random.Random(k)
        n = 2 + k % 3
        state = UPWORDS.new([f"P{i}" for i in range(n)], {"words": words}, seed=k)
        seats = [rng.choice(levels("upwords")) for _ in range(n)]

        def check(s, seat, move, before):
            tiles = len(s.bag) + sum(len(r) for r in s.racks) + sum(len(x) for x in s.board)
            assert tiles == 100
            assert not any(e.get("type") == "challenge_won" for e in s.events)

        state, moves = play_out(UPWORDS, state, seats, seed=k, max_moves=400, check=check)
        assert UPWORDS.result(state) is not None


def test_same_seed_same_game():
    state = UNO.new(["A", "B", "C"], {"target": 1}, seed=5)
    a, _ = play_out(UNO, state, ["hard", "easy", "random"], seed=9)
    b, _ = play_out(UNO, state, ["hard", "easy", "random"], seed=9)
    assert a == b
    state = FACES.new(["A", "B"], {"variant": "memory"}, seed=5)
    assert play_out(FACES, state, ["hard", "easy"], seed=1) == play_out(
        FACES, state, ["hard", "easy"], seed=1)


# -- a bot sees only its view -----------------------------------------------------------------

def _hidden_shuffle_uno(state, seat, rng):
    """The same game as ``seat`` sees it, with the cards it cannot see dealt again."""
    others = [p for p in range(len(state.players)) if p != seat]
    pool = list(state.draw_pile) + [c for p in others for c in state.hands[p]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for p in others:
        hands[p], pool = tuple(pool[:len(hands[p])]), pool[len(hands[p]):]
    return dataclasses.replace(state, hands=tuple(hands), draw_pile=tuple(pool))


def test_uno_choice_depends_only_on_the_view():
    checked = 0
    for k in range(40):
        rng = random.Random(k)
        n, opts = uno_table(rng)
        opts["wd4_bluff"] = False  # with bluffs a pending W+4 holds its player's guilt
        state = new_uno(n, opts, k)
        if state is None:
            continue
        for _ in range(rng.randint(0, 30)):  # somewhere into the hand
            if UNO.result(state) is not None or state.phase != "play":
                break
            seat = UNO.to_act(state)[0]
            state = UNO.apply(state, seat, rng.choice(UNO.legal_moves(state, seat)))
        if state.phase != "play":
            continue
        seat = UNO.to_act(state)[0]
        other = _hidden_shuffle_uno(state, seat, rng)
        for level in levels("uno"):
            v1, v2 = UNO.view(state, seat), UNO.view(other, seat)
            assert v1 == v2
            m1 = choose(UNO, v1, seat, random.Random(7), level, UNO.legal_moves(state, seat))
            m2 = choose(UNO, v2, seat, random.Random(7), level, UNO.legal_moves(other, seat))
            assert m1 == m2
            checked += 1
    assert checked > 50


def test_upwords_choice_depends_only_on_the_view():
    state = UPWORDS.new(["A", "B", "C"], {"words": "auto"}, seed=11)
    state, _ = play_out(UPWORDS, state, ["hard", "normal", "easy"], seed=3, max_moves=8)
    seat = state.turn
    rng = random.Random(1)
    pool = list(state.bag) + [t for p, r in enumerate(state.racks) if p != seat for t in r]
    rng.shuffle(pool)
    racks = list(state.racks)
    for p in range(3):
        if p != seat:
            racks[p], pool = tuple(pool[:len(racks[p])]), pool[len(racks[p]):]
    other = dataclasses.replace(state, racks=tuple(racks), bag=tuple(pool))
    assert UPWORDS.view(state, seat) == UPWORDS.view(other, seat)
    for level in levels("upwords"):
        m1 = choose(UPWORDS, UPWORDS.view(state, seat), seat, random.Random(2), level,
                    UPWORDS.legal_moves(state, seat))
        m2 = choose(UPWORDS, UPWORDS.view(other, seat), seat, random.Random(2), level,
                    UPWORDS.legal_moves(other, seat))
        assert m1 == m2


def test_faces_choice_depends_only_on_the_view():
    state = FACES.new(["A", "B", "C"], {"variant": "memory"}, seed=4)
    state, _ = play_out(FACES, state, ["hard", "hard", "hard"], seed=3, max_moves=12)
    seat = state.active
    up = set(state.flipped)
    down = [p for p, e in enumerate(state.grid) if e is not None and p not in up
            and p != state.lifted]
    grid = list(state.grid)
    emotions = [grid[p] for p in down]
    random.Random(5).shuffle(emotions)
    for p, e in zip(down, emotions):
        grid[p] = e
    other = dataclasses.replace(state, grid=tuple(grid))
    assert FACES.view(state, seat) == FACES.view(other, seat)
    memory = {"known": {}, "seen": ""}
    for level in levels("faces"):
        m1 = choose(FACES, FACES.view(state, seat), seat, random.Random(2), level,
                    FACES.legal_moves(state, seat), memory)
        m2 = choose(FACES, FACES.view(other, seat), seat, random.Random(2), level,
                    FACES.legal_moves(other, seat), memory)
        assert m1 == m2


def test_a_bot_refuses_another_seats_view():
    state = UNO.new(["A", "B"], {"target": 1}, seed=1)
    with pytest.raises(ValueError):
        choose(UNO, UNO.view(state, 1), 0, random.Random(1), "hard", UNO.legal_moves(state, 0))


def test_levels_and_support():
    assert levels("uno") == levels("upwords") == levels("faces") == (
        "random", "easy", "normal", "hard")
    assert levels("uestop") == () and not has_bot("uestop")
    assert has_bot("faces", {"variant": "memory"}) and not has_bot("faces", {"variant": "main"})
    json.dumps([level_params(g, lv) for g in ("uno", "upwords", "faces") for lv in levels(g)])


# -- UNO strategy -------------------------------------------------------------------------

def uno(hands, top, **opts):
    return UNO.new([f"P{i}" for i in range(len(hands))],
                   {"dealer": len(hands) - 1, "target": 1,
                    "stack": {"hands": hands, "top": top}, **opts}, seed=1)


def pick(state, seat=None, level="hard", seed=0):
    seat = UNO.to_act(state)[0] if seat is None else seat
    return choose(UNO, UNO.view(state, seat), seat, random.Random(seed), level,
                  UNO.legal_moves(state, seat))


def test_uno_calls_uno_before_its_second_last_card():
    s = uno([["r1", "g2"], ["y1", "y2", "y3"]], "r5")
    assert pick(s) == {"type": "uno"}
    s = UNO.apply(s, 0, {"type": "uno"})
    assert pick(s)["type"] == "play"


def test_uno_easy_sometimes_forgets():
    s = uno([["r1", "g2"], ["y1", "y2", "y3"]], "r5")
    got = {pick(s, level="easy", seed=k)["type"] for k in range(40)}
    assert got == {"uno", "play"}


def test_uno_catches_a_player_who_forgot():
    s = uno([["r1", "g2"], ["y1", "y2", "y3"]], "r5")
    s = UNO.apply(s, 0, {"type": "play", "card": "r1"})  # no UNO called
    assert 0 in s.exposed
    assert pick(s, seat=1) == {"type": "catch", "target": 0}
    assert pick(s, seat=0) == {"type": "uno"}  # the forgetful one calls it at once


def test_uno_keeps_wilds_and_prefers_its_colour():
    s = uno([["W", "r1", "g5", "g7", "g8"], ["y1", "y2", "y3", "y4", "y5"]], "g1")
    # r1 (a face match) would turn the colour to red, which it no longer holds: a green
    # card (the highest, dumped first) keeps its colour in play; the wild is kept
    assert pick(s) == {"type": "play", "card": "g8"}
    s = uno([["W", "r1", "b5", "b7", "b8"], ["y1", "y2", "y3", "y4", "y5"]], "g4")
    move = pick(s)
    assert move["card"] == "W" and move["color"] == "b"


def test_uno_attacks_a_player_about_to_go_out():
    s = uno([["r+2", "r3", "r4", "r6"], ["y1"]], "r5")
    assert pick(s)["card"] == "r+2"


def test_uno_challenges_only_when_bluffing_is_allowed():
    hands = [["W+4", "r3", "r4", "r6", "g1", "g2", "b1", "b2"], ["y1", "y2", "y3"]]
    s = uno(hands, "r5", wd4_bluff=True)
    s = UNO.apply(s, 0, {"type": "play", "card": "W+4", "color": "g"})
    assert pick(s) == {"type": "challenge"}  # seven cards left: odds are it held red
    s = uno([["W+4", "g1", "g2"], ["y1", "y2", "y3"]], "r5")
    s = UNO.apply(s, 0, {"type": "play", "card": "W+4", "color": "g"})
    assert pick(s) == {"type": "accept"}  # without bluffs a Wild Draw Four is always legal


def test_uno_answers_every_pending_choice():
    # a wild turned up first (colour), Swap Hands turned up (colour and partner)
    for top, edition in (("W", "classic"), ("WS", "plus")):
        s = uno([["r1", "g2"], ["y1"], ["b1", "b2", "b3"]], top, edition=edition)
        assert s.pending["kind"] == "color"
        move = pick(s)
        assert move in UNO.legal_moves(s, UNO.to_act(s)[0])
        if top == "WS":
            assert move["target"] == 1  # the smallest hand
    s = UNO.new(["A", "B"], {"edition": "plus", "dealer": 1, "target": 1,
                             "house_rules": [{"kind": "dare", "text": "Sing", "n": 2}],
                             "stack": {"hands": [["WC1", "r1"], ["y1", "y2"]], "top": "r5"}},
                seed=1)
    s = UNO.apply(s, 0, {"type": "play", "card": "WC1", "color": "r"})
    assert s.pending["kind"] == "dare"
    assert pick(s) in UNO.legal_moves(s, 1)


# -- Upwords strategy ------------------------------------------------------------------------

def upwords(racks, board=(), **opts):
    return UPWORDS.new(["A", "B"], {"first": 0, "stack": {"racks": racks, "board": list(board)},
                                    **opts}, seed=1)


def test_upwords_hard_plays_its_best_play():
    from tablegames.engine.upwords.bot import dictionaries
    from tablegames.engine.upwords.movegen import generate
    from tablegames.engine.upwords.wordgraph import graph_for
    s = upwords([list("CATSDOG"), list("EEIIOUA")], [[4, 4, "R"], [4, 5, "A"], [4, 6, "T"]])
    words, plurals = dictionaries(UPWORDS, s.options)
    best = generate(s.board, s.racks[0], graph_for(words), plurals=plurals)[0]
    move = choose(UPWORDS, UPWORDS.view(s, 0), 0, random.Random(1), "hard",
                  UPWORDS.legal_moves(s, 0))
    assert move == best.move()
    easy = choose(UPWORDS, UPWORDS.view(s, 0), 0, random.Random(1), "easy",
                  UPWORDS.legal_moves(s, 0))
    after = UPWORDS.apply(s, 0, easy)
    assert after.scores[0] <= best.score


def test_upwords_challenges_only_invalid_words():
    s = upwords([list("XQZKJVW"), list("EEIIOUA")])
    bad = UPWORDS.apply(s, 0, {"type": "place", "tiles": [[4, 4, "X"], [4, 5, "Z"]]})
    assert choose(UPWORDS, UPWORDS.view(bad, 1), 1, random.Random(1), "hard",
                  UPWORDS.legal_moves(bad, 1)) == {"type": "challenge"}
    s = upwords([list("CATXQZJ"), list("EEIIOUA")])
    good = UPWORDS.apply(s, 0, {"type": "place", "tiles": [[4, 4, "C"], [4, 5, "A"], [4, 6, "T"]]})
    move = choose(UPWORDS, UPWORDS.view(good, 1), 1, random.Random(1), "hard",
                  UPWORDS.legal_moves(good, 1))
    assert move["type"] != "challenge"


# -- Faces Memory strategy -------------------------------------------------------------------

def test_memory_bot_makes_a_pair_it_has_seen():
    state = FACES.new(["A", "B"], {"variant": "memory"}, seed=2)
    grid = state.grid
    e = grid[0]
    twin = next(p for p in range(1, len(grid)) if grid[p] == e)
    memory = {"known": {"0": e, str(twin): e}, "seen": ""}
    seat = state.active
    view = FACES.view(state, seat)
    move = choose(FACES, view, seat, random.Random(1), "hard", FACES.legal_moves(state, seat), memory)
    assert move == {"type": "pick", "pos": 0}
    state = FACES.apply(state, seat, move)
    move = choose(FACES, FACES.view(state, seat), seat, random.Random(1), "hard",
                  FACES.legal_moves(state, seat), memory)
    assert move == {"type": "flip", "pos": 0}
    state = FACES.apply(state, seat, move)
    move = choose(FACES, FACES.view(state, seat), seat, random.Random(1), "hard",
                  FACES.legal_moves(state, seat), memory)
    assert move == {"type": "flip", "pos": twin}
    state = FACES.apply(state, seat, move)
    assert len(state.won[seat]) == 2


def test_memory_remembers_what_it_saw_and_fades_by_level():
    state = FACES.new(["A", "B"], {"variant": "memory"}, seed=2)
    seat = state.active
    for move in ({"type": "pick", "pos": 0}, {"type": "flip", "pos": 0}):
        state = FACES.apply(state, seat, move)
    first = state.grid[0]
    second = next(p for p in range(1, len(state.grid)) if state.grid[p] != first)
    state = FACES.apply(state, seat, {"type": "flip", "pos": second})  # a miss: turn passes
    memories = {}
    for level in levels("faces"):
        mem = new_memory("faces")
        mem = observe(FACES, FACES.view(state, 1 - seat), 1 - seat, mem, level, random.Random(0))
        json.loads(json.dumps(mem))
        memories[level] = mem
        assert mem["known"] == {"0": first, str(second): state.grid[second]}
    # turn after turn, an easy memory loses cards that a hard one keeps
    kept = {level: 0 for level in levels("faces")}
    for level in ("easy", "hard"):
        for k in range(30):
            mem = dict(memories[level])
            rng = random.Random(k)
            s = state
            for _ in range(4):  # four turns of ending the turn at once
                s = FACES.apply(s, s.active, {"type": "pick", "pos": 5})
                s = FACES.apply(s, s.active, {"type": "end_turn"})
                mem = observe(FACES, FACES.view(s, 0), 0, mem, level, rng)
            kept[level] += len(mem["known"])
    assert kept["hard"] == 60 and kept["easy"] < 40


def test_bot_step_moves_only_bots_and_waits_for_people():
    from tablegames.engine.bots import bot_rng, bot_step, remember
    s = uno([["r1", "g2", "g3"], ["y1", "y2", "y3"]], "r5")  # seat 0 (a person) on turn
    assert UNO.to_act(s) == (0,)
    memories = remember(UNO, s, {1: "hard"}, {}, bot_rng(s.seed, 1, 0))
    assert bot_step(UNO, s, {1: "hard"}, memories, bot_rng(s.seed, 1, 0)) is None
    seat, move = bot_step(UNO, s, {0: "hard", 1: "hard"}, memories, bot_rng(s.seed, 0, 0))
    assert seat == 0 and move in UNO.legal_moves(s, 0)
    s = UNO.apply(s, 0, {"type": "play", "card": "r1"})
    s = UNO.apply(s, 1, {"type": "draw"})  # the bot's turn passes: the person forgot nothing
    assert bot_step(UNO, s, {1: "hard"}, memories, bot_rng(s.seed, 1, 2)) is None
