"""Rule invariants of the Upwords engine over random seeded games (hypothesis).

Each example starts a game (2-4 players, words settled by challenge or automatically, a
challenge penalty or none) and plays it with a random policy driven by a seeded
``random.Random``: the seat on turn usually tries random placements (a line of rack
tiles through or beside the letters on the board, stacking where it lands) and plays the
first one ``preview`` accepts; now and then it exchanges or passes; any other seat may
challenge an open play; and every so often someone sends an illegal move. The dictionary
is a fixed pseudo-random two thirds of all letter strings plus the real list, so that
plays are accepted and refused, and challenges are won and lost, in both modes.

After every move:

* the 100 tiles are all there (bag + racks + every tile of every stack);
* no stack is higher than 5 or holds a letter on the same letter; racks hold at most 7;
* the letters on the board are one connected group after the first play;
* with words settled automatically, every run of 2+ letters on the board is a word;
* a play scores the sum of its words' scores (plus the 20 bonus), as its preview said;
* a refused move raises ``IllegalMove`` with the code ``preview`` gave, and leaves the
  state unchanged;
* the state round-trips through JSON;
* a seat's view shows its own rack and only counts of the others'; the table's view has
  no rack; every view is JSON-able and shows none of the last play's private fields.

At the end the recorded moves are replayed from the same seed: the same states follow.
"""

from __future__ import annotations

import json
import random
import zlib
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.engine import IllegalMove
from tablegames.engine.upwords import Upwords, UpwordsState, default_words
from tablegames.engine.upwords.state import language_of
from tablegames.engine.upwords.tiles import MAX_HEIGHT, SIZE, distribution, spell

PRIVATE_LAST = {"rack", "drawn", "passed"}


class PseudoWords:
    """The real words, plus two thirds of every other string (fixed by a checksum)."""

    def __init__(self, language: str = "en") -> None:
        self.real = default_words(language)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and (word in self.real or zlib.crc32(word.encode()) % 3 != 0)


GAME = Upwords(words=PseudoWords())


# -- the random policy -------------------------------------------------------------------

def random_tiles(s: UpwordsState, seat: int, rng: random.Random) -> list[list[Any]]:
    """A random line of rack tiles through or beside a letter (the centre when empty)."""
    rack = list(s.racks[seat])
    occupied = [i for i, st in enumerate(s.board) if st]
    if occupied:
        i = rng.choice(occupied)
        r, c = divmod(i, SIZE)
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0), (0, 0)])
        r, c = min(max(r + dr, 0), SIZE - 1), min(max(c + dc, 0), SIZE - 1)
    else:
        r, c = rng.choice([(4, 4), (4, 5), (5, 4), (5, 5)])
    down = rng.random() < 0.5
    k = rng.randint(1, min(len(rack), 5))
    start = rng.randint(0, k - 1)
    letters = rng.sample(rack, k)
    tiles = []
    for j, letter in enumerate(letters):
        rr, cc = (r + j - start, c) if down else (r, c + j - start)
        if 0 <= rr < SIZE and 0 <= cc < SIZE:
            tiles.append([rr, cc, letter])
    return tiles or [[r, c, letters[0]]]


def choose(s: UpwordsState, rng: random.Random, game: Upwords = GAME) -> tuple[int, dict[str, Any]]:
    n = len(s.players)
    if s.last and s.last["open"] and rng.random() < 0.3:
        seat = rng.choice([p for p in range(n) if p != s.last["seat"]])
        return seat, {"type": "challenge"}
    seat = s.turn
    if s.phase == "ending":
        return seat, {"type": "pass"}
    roll = rng.random()
    if roll < 0.04:
        return seat, {"type": "pass"}
    if roll < 0.08 and s.bag and s.racks[seat]:
        return seat, {"type": "exchange", "tile": rng.choice(s.racks[seat])}
    if s.racks[seat]:
        for _ in range(40):
            tiles = random_tiles(s, seat, rng)
            if game.preview(s, seat, tiles)["error"] is None:
                return seat, {"type": "place", "tiles": tiles}
    if s.bag and s.racks[seat] and rng.random() < 0.5:
        return seat, {"type": "exchange", "tile": rng.choice(s.racks[seat])}
    return seat, {"type": "pass"}


def illegal_try(s: UpwordsState, rng: random.Random, game: Upwords = GAME) -> None:
    """A refused move: out of turn, or a placement its preview refuses; nothing changes."""
    before = game.to_json(s)
    if rng.random() < 0.5 and len(s.players) > 1:
        seat = rng.choice([p for p in range(len(s.players)) if p != s.turn])
        if s.phase == "game_over" or not s.racks[seat]:
            return
        move = {"type": "place", "tiles": random_tiles(s, seat, rng)}
        code = "game_over" if s.phase == "game_over" else "not_your_turn"
    else:
        seat = s.turn
        if s.phase != "play" or not s.racks[seat]:
            return
        tiles = random_tiles(s, seat, rng)
        err = game.preview(s, seat, tiles)["error"]
        if err is None:
            return
        move, code = {"type": "place", "tiles": tiles}, err["code"]
    try:
        game.apply(s, seat, move)
    except IllegalMove as exc:
        assert exc.code == code, (exc, code)
    else:
        raise AssertionError(f"{move} by {seat} should be refused ({code})")
    assert game.to_json(s) == before


# -- the checks ----------------------------------------------------------------------------

def runs(board: tuple[str, ...]) -> list[str]:
    """Every maximal run of 2+ letters on the board, across and down, as read."""
    out = []
    for lines in ([[(r, c) for c in range(SIZE)] for r in range(SIZE)],
                  [[(r, c) for r in range(SIZE)] for c in range(SIZE)]):
        for line in lines:
            cur: list[str] = []
            for r, c in line:
                st = board[r * SIZE + c]
                if st:
                    cur.append(st[-1])
                    continue
                if len(cur) >= 2:
                    out.append(spell(cur))
                cur = []
            if len(cur) >= 2:
                out.append(spell(cur))
    return out


def check_state(s: UpwordsState, auto: bool, game: Upwords = GAME) -> None:
    tiles = (Counter(s.bag) + Counter(t for r in s.racks for t in r)
             + Counter(t for st in s.board for t in st))
    assert tiles == +Counter(distribution(language_of(s.options)))
    assert sum(tiles.values()) == 100
    for stack in s.board:
        assert len(stack) <= MAX_HEIGHT
        assert all(a != b for a, b in zip(stack, stack[1:])), stack
    assert all(len(r) <= 7 for r in s.racks)
    occupied = {divmod(i, SIZE) for i, st in enumerate(s.board) if st}
    if occupied:  # one connected group of letters
        seen, todo = set(), [next(iter(occupied))]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            todo += [x for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if x in occupied]
        assert seen == occupied
    if auto:
        for word in runs(s.board):
            assert word in game.words_for(s.options), word
    assert game.to_json(game.from_json(game.to_json(s))) == game.to_json(s)
    for seat in [None, *range(len(s.players))]:
        v = game.view(s, seat)
        json.dumps(v)
        if seat is None:
            assert "rack" not in v
        else:
            assert v["rack"] == list(s.racks[seat])
        assert [p["tiles"] for p in v["players"]] == [len(r) for r in s.racks]
        assert all(set(p) == {"seat", "name", "tiles", "score", "loses_turn"} for p in v["players"])
        if v["last"]:
            assert not PRIVATE_LAST & set(v["last"])
        text = json.dumps(v)
        assert '"rack"' not in text or seat is not None


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, dict[str, Any], int]:
    n = draw(st.integers(2, 4))
    opts = {"words": draw(st.sampled_from(("challenge", "auto"))),
            "challenge_penalty": draw(st.sampled_from(("lose_turn", "none"))),
            "first": draw(st.sampled_from(("draw", "random", 0)))}
    return n, opts, draw(st.integers(0, 2**31))


def run_random_game(game: Upwords, n: int, opts: dict[str, Any], seed: int) -> UpwordsState:
    """Plays one random game, checking every invariant after every move, then replays it."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(n)]
    s = game.new(names, opts, seed=seed)
    auto = opts["words"] == "auto"
    history = [(None, None, game.to_json(s))]
    for _ in range(160):
        if s.phase == "game_over":
            break
        check_state(s, auto, game)
        if rng.random() < 0.15:
            illegal_try(s, rng, game)
        seat, move = choose(s, rng, game)
        if move["type"] == "place":
            expected = game.preview(s, seat, move["tiles"])
        s2 = game.apply(s, seat, move)
        if move["type"] == "place":
            last = s2.last
            assert last["score"] == sum(w["score"] for w in last["words"]) + last["bonus"]
            assert last["score"] == expected["score"]
            assert [w["word"] for w in last["words"]] == [w["word"] for w in expected["words"]]
            assert s2.scores[seat] - s.scores[seat] == last["score"]
        s = s2
        history.append((seat, move, game.to_json(s)))
    check_state(s, auto, game)
    if s.phase == "game_over":
        assert game.result(s)["winners"] == list(s.winners)
        assert all(s.scores[p] <= max(s.scores) for p in range(n))
    # replay: the same seed and moves give the same states
    r = game.new(names, opts, seed=seed)
    assert game.to_json(r) == history[0][2]
    for seat, move, text in history[1:]:
        r = game.apply(r, seat, move)
        assert game.to_json(r) == text
    return s


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_random_games_keep_the_invariants(table) -> None:
    n, opts, seed = table
    run_random_game(GAME, n, opts, seed)


def test_a_long_game_reaches_the_end() -> None:
    """With only plays, exchanges and passes (no challenges), some games run to the end."""
    ended = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new(["A", "B"], {"words": "auto"}, seed=seed)
        for _ in range(400):
            if s.phase == "game_over":
                ended += 1
                break
            seat, move = choose(s, rng)
            s = GAME.apply(s, seat, move)
            check_state(s, True)
    assert ended >= 1
