"""The Upwords move generator (``engine/upwords/movegen.py``) against the engine.

* On small random boards (random stacks, not necessarily words: the generator must
  handle any board) and a small dictionary over a few letters, the generator finds
  exactly the plays that a brute-force search finds: every placement of the rack's
  tiles on a line of the board with no gap, each checked by ``board.examine`` with the
  dictionary; and with the score ``examine`` gives.
* On boards of real games with the shipped dictionary, every play it proposes is
  accepted by ``apply`` (words settled automatically, so each word is looked up) with
  the score it predicted, and none forms a word outside the dictionary.
* The word graph holds exactly the dictionary's words and round-trips through its cache.
"""

from __future__ import annotations

import inspect
import itertools
import random

import pytest

from tablegames.engine.upwords import Upwords
from tablegames.engine.upwords.board import examine
from tablegames.engine.upwords.bot import dictionaries
from tablegames.engine.upwords.dictionary import default_words
from tablegames.engine.upwords.movegen import generate
from tablegames.engine.upwords.tiles import CENTER, SIZE
from tablegames.engine.upwords.wordgraph import WordGraph, graph_for, load_or_build, tiles_of

ALPHABET = "AESTQ"
# the engine judges "just adding an S" with the dictionary's plurals (when it takes them)
ENGINE_PLURALS = "plurals" in inspect.signature(examine).parameters


def small_dictionary(rng: random.Random) -> set[str]:
    words = set()
    for n in (2, 3, 4, 5):
        for _ in range(40 if n > 2 else 12):
            t = "".join(rng.choice(ALPHABET) for _ in range(n))
            words.add(t.replace("Q", "QU"))
    return words


def random_board(rng: random.Random, fill: float) -> tuple[str, ...]:
    board = [""] * (SIZE * SIZE)
    if fill == 0:
        return tuple(board)
    for i in range(SIZE * SIZE):
        if rng.random() < fill:
            h = rng.choice((1, 1, 1, 2, 3, 5))
            stack = ""
            for _ in range(h):
                stack += rng.choice([c for c in ALPHABET if not stack or c != stack[-1]])
            board[i] = stack
    return tuple(board)


def brute_force(board: tuple[str, ...], rack: list[str], words: set[str],
                plurals: set[str] | None = None) -> dict:
    """Every placement of rack tiles in one line with no gap, judged by examine."""
    out = {}
    occupied = [bool(s) for s in board]
    lines = [[(r, c) for c in range(SIZE)] for r in range(SIZE)] + \
            [[(r, c) for r in range(SIZE)] for c in range(SIZE)]
    seen = set()
    for k in range(1, len(rack) + 1):
        for letters in set(itertools.permutations(rack, k)):
            for line in lines:
                for idx in itertools.combinations(range(SIZE), k):
                    # no gap: the squares between the first and last are occupied
                    if any(not occupied[line[i][0] * SIZE + line[i][1]]
                           for i in range(idx[0], idx[-1] + 1) if i not in idx):
                        continue
                    tiles = tuple(sorted((*line[i], L) for i, L in zip(idx, letters)))
                    if tiles in seen:
                        continue
                    seen.add(tiles)
                    extra = (plurals,) if ENGINE_PLURALS else ()
                    p = examine(board, rack, [list(t) for t in tiles], words, *extra)
                    if p.error is None:
                        out[tiles] = p.score
    return out


@pytest.mark.parametrize("seed", range(32))
def test_generator_finds_exactly_what_brute_force_finds(seed):
    rng = random.Random(seed)
    words = small_dictionary(rng)
    graph = WordGraph.build(words)
    board = random_board(rng, 0.0 if seed % 10 == 0 else rng.choice((0.1, 0.2, 0.35)))
    rack = [rng.choice(ALPHABET) for _ in range(3 if seed % 2 else 4)]
    expected = brute_force(board, rack, words)
    got = {p.tiles: p.score for p in generate(board, rack, graph)}
    assert got == expected
    if ENGINE_PLURALS and seed % 4 == 1:  # with a table of plurals: only some S's are plurals
        plurals = {w for w in words if w.endswith("S") and w[:-1] in words and len(w) % 2}
        expected = brute_force(board, rack, words, plurals)
        got = {p.tiles: p.score for p in generate(board, rack, graph, plurals=plurals)}
        assert got == expected


def test_first_play_covers_the_centre():
    graph = WordGraph.build(["CAT", "AT"])
    plays = generate([""] * 100, list("CATX"), graph)
    assert plays and all({(r, c) for r, c, _ in p.tiles} & CENTER for p in plays)
    assert all(len(p.tiles) >= 2 for p in plays)


def test_view_board_gives_the_same_plays():
    up = Upwords()
    state = up.new(["A", "B"], {"first": 0, "words": "auto"}, seed=3)
    state = _play_some(up, state, 6, random.Random(3))
    words, plurals = dictionaries(up, state.options)
    graph = graph_for(words)
    rack = state.racks[state.turn]
    a = generate(state.board, rack, graph, plurals=plurals)
    b = generate(up.view(state, state.turn)["board"], rack, graph, plurals=plurals)
    assert a == b


def _play_some(up, state, turns, rng):
    words, plurals = dictionaries(up, state.options)
    graph = graph_for(words)
    for _ in range(turns):
        if state.phase != "play":
            break
        plays = generate(state.board, state.racks[state.turn], graph, plurals=plurals)
        if plays:
            move = plays[rng.randrange(min(5, len(plays)))].move()
        else:
            move = {"type": "pass"}
        state = up.apply(state, state.turn, move)
    return state


def test_every_proposed_play_is_accepted_with_its_score():
    """Real games with the shipped dictionary: each play of the generator applied."""
    from tablegames.engine.upwords.wordgraph import default_graph
    up = Upwords()
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = up.new(["A", "B"], {"first": 0, "words": "auto"}, seed=seed)
        words, plurals = dictionaries(up, state.options)
        graph = graph_for(words)
        for turn in range(14):
            if state.phase != "play":
                break
            seat = state.turn
            plays = generate(state.board, state.racks[seat], graph, plurals=plurals)
            sample = plays if len(plays) <= 60 else rng.sample(plays, 60)
            for p in sample:
                after = up.apply(state, seat, p.move())
                assert after.scores[seat] - state.scores[seat] == p.score, p
                assert all(w["word"] in words for w in after.last["words"])
                checked += 1
            if plays:
                state = up.apply(state, seat, plays[rng.randrange(min(3, len(plays)))].move())
            else:
                state = up.apply(state, seat, {"type": "pass"})
    assert checked > 500


def test_graph_holds_exactly_the_dictionary(tmp_path):
    words = default_words()
    graph = load_or_build(words, tmp_path)
    spellable = {w for w in words if tiles_of(w) is not None}
    assert set(graph.words()) == spellable
    again = load_or_build(words, tmp_path)  # from the cache file now
    assert again.edges == graph.edges and again.final == graph.final
    assert list(tmp_path.iterdir())


def test_tiles_of_handles_qu():
    assert tiles_of("QUIT") == "QIT"
    assert tiles_of("QAT") is None
    assert tiles_of("AQUA") == "AQA"


def test_all_seven_tiles_score_the_bonus_as_examine_does():
    words = {"QUARTETS", "ARTS", "QUART"}
    graph = WordGraph.build(words)
    board = [""] * (SIZE * SIZE)
    board[4 * SIZE + 1] = "Q"  # Qu already on the board: A R T E T S + ... below
    rack = list("ARTETSX")
    plays = generate(board, rack, graph)
    sevens = [p for p in plays if len(p.tiles) == 7]
    assert not sevens  # X fits nowhere: no seven-tile play
    rack = list("ARTETSA")
    plays = generate(tuple(board), rack, graph)
    for p in plays:
        got = examine(tuple(board), rack, [list(t) for t in p.tiles], words)
        assert got.error is None and got.score == p.score
    board = [""] * (SIZE * SIZE)
    rack = list("QARTETS")
    plays = generate(board, rack, graph)
    best = plays[0]
    assert len(best.tiles) == 7
    got = examine(tuple(board), rack, [list(t) for t in best.tiles], words)
    assert got.error is None and got.score == best.score == 2 * 7 + 2 + 20
