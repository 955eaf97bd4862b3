"""Every legal play of a rack on an Upwords board, ranked by score.

:func:`generate` finds each placement that the engine's :func:`~tablegames.engine.upwords.
board.examine` accepts with a dictionary (every word it forms or changes is a word), with
the score ``examine`` gives it, and nothing else: stacking, cross words, the covered-word
and plural-only rules, the first play on the centre and the all-tiles bonus included.
It reads only what every player sees: the top letter and the height of each square (a
seat's view or a state's board) and the rack.

How: for each row and column, from each square where a word may start (the edge or an
empty square before it), a depth-first walk of the dictionary's :class:`WordGraph` lays
the word square by square: an empty square takes a rack tile, an occupied one keeps its
letter or takes a different rack tile stacked on it (below the height limit). Each tile
laid must also make a word across the line (precomputed per square: the letters allowed
and the cross word's score). Single-tile plays are found apart (they form up to two
words, neither of them "the" line). Scores follow ``board.Word.score``: 2 per tile of a
word whose every square is one tile high (+2 with the Qu tile), else one point per tile
in every stack under its letters; +20 for all seven tiles.

>>> from tablegames.engine.upwords.wordgraph import WordGraph
>>> g = WordGraph.build(["CAT", "AT", "TA", "ACT"])
>>> plays = generate([""] * 100, list("CAT"), g)
>>> plays[0].score, len({p.tiles for p in plays}) == len(plays)
(6, True)
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any, NamedTuple

from tablegames.engine.upwords.tiles import (
    ALL_TILES_BONUS,
    CENTER,
    FLAT_PER_TILE,
    MAX_HEIGHT,
    QU_FLAT_BONUS,
    RACK_SIZE,
    SIZE,
    spell,
)
from tablegames.engine.upwords.wordgraph import WordGraph

__all__ = ["Play", "generate", "board_of", "to_move"]

_QU = "Q"  # the tile whose flat words score the Qu bonus (board.Word.score)


class Play(NamedTuple):
    """One legal play: ``tiles`` as the move's ``[row, col, letter]`` items (sorted),
    and the score ``examine`` gives it."""

    score: int
    tiles: tuple[tuple[int, int, str], ...]

    def move(self) -> dict[str, Any]:
        """The ``place`` move of this play."""
        return {"type": "place", "tiles": [list(t) for t in self.tiles]}


def to_move(play: Play) -> dict[str, Any]:
    """The ``place`` move of ``play``."""
    return play.move()


def board_of(board: Any) -> tuple[list[str], list[int]]:
    """(top letters, heights) of the 100 squares, from a state's board (100 stacks) or
    a view's board (rows of ``{"letter", "height"}``)."""
    if len(board) == SIZE and isinstance(board[0], (list, tuple)):
        tops = [sq["letter"] for row in board for sq in row]
        heights = [sq["height"] for row in board for sq in row]
        return tops, heights
    return [s[-1] if s else "" for s in board], [len(s) for s in board]


def _word_score(heights: Sequence[int], has_q: bool) -> int:
    if all(h == 1 for h in heights):
        return FLAT_PER_TILE * len(heights) + (QU_FLAT_BONUS if has_q else 0)
    return sum(heights)


def _cross_table(tops: list[str], heights: list[int], graph: WordGraph, cell: int,
                 step: int, limit_lo: int, limit_hi: int) -> dict[str, int] | None:
    """The letters a tile on ``cell`` may show so that the run through it along ``step``
    (``1`` across, ``SIZE`` down) is a word, each with that word's score; None when the
    square has no neighbour along ``step`` (no word is formed)."""
    lo = cell
    while lo - step >= limit_lo and tops[lo - step]:
        lo -= step
    hi = cell
    while hi + step <= limit_hi and tops[hi + step]:
        hi += step
    if lo == cell and hi == cell:
        return None
    edges, final = graph.edges, graph.final
    node: int | None = 0
    for x in range(lo, cell, step):
        node = edges[node].get(tops[x])
        if node is None:
            return {}
    before = [heights[x] for x in range(lo, cell, step)]
    after = [heights[x] for x in range(cell + step, hi + 1, step)]
    suffix = [tops[x] for x in range(cell + step, hi + 1, step)]
    q_fixed = _QU in suffix or any(tops[x] == _QU for x in range(lo, cell, step))
    out: dict[str, int] = {}
    hs = before + [heights[cell] + 1] + after
    for letter, nxt in edges[node].items():
        n: int | None = nxt
        for ch in suffix:
            n = edges[n].get(ch)
            if n is None:
                break
        if n is not None and final[n]:
            out[letter] = _word_score(hs, q_fixed or letter == _QU)
    return out


def generate(board: Any, rack: Sequence[str], graph: WordGraph,
             limit: int | None = None, plurals: Container[str] | None = None) -> list[Play]:
    """Every legal play of ``rack`` on ``board``, best score first (ties: by tiles).

    Args:
        board: a state's board (100 stacks) or a view's (see :func:`board_of`).
        rack: the tiles on the rack (letters, ``Q`` for Qu).
        graph: the dictionary's graph (:func:`wordgraph.graph_for`).
        limit: keep only the best ``limit`` plays (None: all).
        plurals: the dictionary's plurals made by adding an S, as the engine judges the
            plural-only rule with them (``Upwords.plurals_for``); None: any S added to
            the end of a word makes a plural (the engine's rule without them).
    """
    tops, heights = board_of(board)
    rack = [t for t in rack if t]
    counts: dict[str, int] = {}
    for t in rack:
        counts[t] = counts.get(t, 0) + 1
    empty_board = not any(tops)
    found: dict[tuple, int] = {}
    if not rack:
        return []
    # cross tables: across[cell] = letters allowed by the run across through cell (used
    # by plays going down and by single tiles), down[cell] likewise
    across: list[dict[str, int] | None] = [None] * (SIZE * SIZE)
    down: list[dict[str, int] | None] = [None] * (SIZE * SIZE)
    if not empty_board:
        for cell in range(SIZE * SIZE):
            r, c = divmod(cell, SIZE)
            if (c > 0 and tops[cell - 1]) or (c < SIZE - 1 and tops[cell + 1]):
                across[cell] = _cross_table(tops, heights, graph, cell, 1, r * SIZE,
                                            r * SIZE + SIZE - 1)
            if (r > 0 and tops[cell - SIZE]) or (r < SIZE - 1 and tops[cell + SIZE]):
                down[cell] = _cross_table(tops, heights, graph, cell, SIZE, c, c + SIZE * (SIZE - 1))
    center = {r * SIZE + c for r, c in CENTER}
    for line in range(SIZE):
        _line(graph, tops, heights, counts, [line * SIZE + i for i in range(SIZE)], down,
              empty_board, center, found)
        _line(graph, tops, heights, counts, [i * SIZE + line for i in range(SIZE)], across,
              empty_board, center, found)
    if not empty_board:
        _singles(tops, heights, counts, across, down, found, plurals)
    plays = [Play(score, tuple(sorted(tiles))) for tiles, score in found.items()]
    plays.sort(key=lambda p: (-p.score, p.tiles))
    return plays[:limit] if limit is not None else plays


def _singles(tops: list[str], heights: list[int], counts: dict[str, int],
             across: list, down: list, found: dict, plurals: Container[str] | None) -> None:
    for cell in range(SIZE * SIZE):
        a, d = across[cell], down[cell]
        if a is None and d is None:
            continue  # no word through it
        h = heights[cell]
        if h >= MAX_HEIGHT:
            continue
        r, c = divmod(cell, SIZE)
        for letter in counts:
            if letter == tops[cell]:
                continue
            score = 0
            plural = True
            ok = True
            for table, step, first in ((a, 1, c), (d, SIZE, r)):
                if table is None:
                    continue
                if letter not in table:
                    ok = False
                    break
                score += table[letter]
                if not plural:
                    continue
                # plural only: the word ends on this (empty) square with an S, 3+ letters,
                # and (with the dictionary's plurals) it is the plural of the word before
                ends_here = (first == SIZE - 1) or not tops[cell + step]
                before = []
                x = cell
                while (x - step >= 0 and (step == SIZE or (x - step) // SIZE == r)
                       and tops[x - step]):
                    x -= step
                    before.append(tops[x])
                if not (letter == "S" and h == 0 and ends_here and len(before) >= 2):
                    plural = False
                elif plurals is not None and spell(before[::-1] + ["S"]) not in plurals:
                    plural = False
            if ok and not plural:
                found[((r, c, letter),)] = score


def _line(graph: WordGraph, tops: list[str], heights: list[int], counts: dict[str, int],
          cells: list[int], cross: list, empty_board: bool, center: set[int],
          found: dict) -> None:
    """Plays of two or more tiles along one line (``cells``: its 10 squares in order)."""
    edges, final = graph.edges, graph.final
    n = len(cells)
    ltops = [tops[x] for x in cells]
    lh = [heights[x] for x in cells]
    lcross = [cross[x] for x in cells]
    # conn[i]: a square of the span at i joins the play to the board
    if empty_board:
        conn = [x in center for x in cells]
    else:
        conn = [bool(ltops[i]) or lcross[i] is not None for i in range(n)]
    # need[i]: tiles to lay from i (inclusive) before the span is joined (n + 1: never)
    need = [0] * (n + 1)
    need[n] = RACK_SIZE + 1
    for i in range(n - 1, -1, -1):
        if conn[i]:
            need[i] = 0 if ltops[i] else 1
        else:
            need[i] = need[i + 1] + (0 if ltops[i] else 1)
    n_rack = sum(counts.values())
    if not any(conn):
        return
    rows = cells[1] - cells[0] == 1  # across: squares are (row, col) with col = i
    line_no = cells[0] // SIZE if rows else cells[0]
    placed: list[tuple[int, int, str]] = []

    def rc(i: int) -> tuple[int, int]:
        return (line_no, i) if rows else (i, line_no)

    def walk(i: int, node: int, left: int, hs: list[int], has_q: bool, cross_sum: int,
             joined: bool, run: int, run_covered: bool) -> None:
        # square i is in the span; choose what shows on it
        top = ltops[i]
        kids = edges[node]
        options: list[tuple[str, bool]] = []  # (letter, laid)
        if top:
            if top in kids:
                options.append((top, False))
            if lh[i] < MAX_HEIGHT and left:
                for letter in counts:
                    if counts[letter] and letter != top and letter in kids:
                        options.append((letter, True))
        else:
            if run >= 2 and run_covered:
                return  # the old word before this square was covered whole
            if left:
                for letter in counts:
                    if counts[letter] and letter in kids:
                        options.append((letter, True))
        table = lcross[i]
        for letter, laid in options:
            extra = 0
            if laid:
                if table is not None:
                    extra = table.get(letter, -1)
                    if extra < 0:
                        continue
                counts[letter] -= 1
                placed.append((*rc(i), letter))
                h = lh[i] + 1
            else:
                h = lh[i]
            nxt = kids[letter]
            j = joined or conn[i]
            if top:
                r2, cov2 = run + 1, run_covered and laid
            else:
                r2, cov2 = 0, True
            hs.append(h)
            q2 = has_q or letter == _QU
            cs = cross_sum + extra
            nleft = left - 1 if laid else left
            end = i + 1 == n or not ltops[i + 1]
            if end and final[nxt] and len(placed) >= 2 and j and not (r2 >= 2 and cov2):
                score = _word_score(hs, q2) + cs
                if len(placed) == RACK_SIZE:
                    score += ALL_TILES_BONUS
                found[tuple(sorted(placed))] = score
            if i + 1 < n and (ltops[i + 1] or nleft) and (j or need[i + 1] <= nleft):
                walk(i + 1, nxt, nleft, hs, q2, cs, j, r2, cov2)
            hs.pop()
            if laid:
                placed.pop()
                counts[letter] += 1

    for s in range(n):
        if s > 0 and ltops[s - 1]:
            continue
        if need[s] > n_rack:
            continue
        walk(s, 0, n_rack, [], False, 0, False, 0, True)
