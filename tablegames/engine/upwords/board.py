"""Reading a placement on the board: its line, the words it forms and their scores.

:func:`examine` checks every placement rule in a fixed order and computes the words and
the score even when a later rule fails (so the phone's preview can show them). It never
changes anything: the rules module applies a placement only after ``examine`` found no
error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablegames.engine.core import IllegalMove
from tablegames.engine.upwords.tiles import (
    ALL_TILES_BONUS,
    CENTER,
    FLAT_PER_TILE,
    LETTERS,
    MAX_HEIGHT,
    QU_FLAT_BONUS,
    RACK_SIZE,
    SIZE,
    face,
    spell,
)

ACROSS, DOWN = (0, 1), (1, 0)


@dataclass
class Word:
    """A run of 2+ squares that a placement forms or changes.

    Attributes:
        cells: its squares, left to right or top to bottom.
        letters: the top tile of each square (``Q`` for Qu).
        heights: the stack height under each letter, after the placement.
        new: how many of its squares got a tile this turn.
    """

    cells: list[tuple[int, int]]
    letters: str
    heights: list[int]
    new: int

    @property
    def text(self) -> str:
        """The word as read ("QUIT" for the tiles Q, I, T)."""
        return spell(self.letters)

    @property
    def flat(self) -> bool:
        return all(h == 1 for h in self.heights)

    @property
    def score(self) -> int:
        """2 per tile when every letter is one tile high (+2 with the Qu tile), else 1 per
        tile in every stack under its letters."""
        if self.flat:
            return FLAT_PER_TILE * len(self.cells) + (QU_FLAT_BONUS if "Q" in self.letters else 0)
        return sum(self.heights)

    def public(self) -> dict[str, Any]:
        return {"word": self.text, "score": self.score, "cells": [list(c) for c in self.cells]}


@dataclass
class Placement:
    """What a placement would do: its tiles, words and score (``error``: the first rule it
    breaks, if any)."""

    tiles: list[tuple[int, int, str]] = field(default_factory=list)
    words: list[Word] = field(default_factory=list)
    bonus: int = 0
    error: IllegalMove | None = None

    @property
    def score(self) -> int:
        return sum(w.score for w in self.words) + self.bonus

    def public(self) -> dict[str, Any]:
        err = self.error
        return {
            "words": [w.public() for w in self.words],
            "score": self.score if self.words else 0,
            "bonus": self.bonus,
            "error": ({"code": err.code, "message": err.message, "params": dict(err.params)}
                      if err else None),
        }


def parse_tiles(tiles: Any) -> list[tuple[int, int, str]]:
    """Checks the ``tiles`` field of a place move: 1-7 ``[row, col, letter]`` items.

    Raises:
        IllegalMove: ``bad_move``.
    """
    if not isinstance(tiles, (list, tuple)) or not 1 <= len(tiles) <= RACK_SIZE:
        raise IllegalMove("bad_move", f"A play is a list of 1 to {RACK_SIZE} tiles "
                          "[row, column, letter].")
    out = []
    for item in tiles:
        if (not isinstance(item, (list, tuple)) or len(item) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in item[:2])
                or not isinstance(item[2], str)):
            raise IllegalMove("bad_move", f"A tile is [row, column, letter], not {item!r}.")
        row, col, letter = item
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            raise IllegalMove("bad_move", f"There is no square ({row}, {col}) on the board.")
        if letter not in LETTERS:
            raise IllegalMove("bad_move", f"{letter!r} is not a tile (letters A-Z, Q for Qu).")
        out.append((row, col, letter))
    return out


def examine(board: Sequence[str], rack: Sequence[str], tiles: Any,
            words: Container[str] | None = None,
            plurals: Container[str] | None = None) -> Placement:
    """Checks a placement against every rule and reads its words and score.

    Args:
        board: the 100 stacks (see ``UpwordsState.board``).
        rack: the player's tiles.
        tiles: the move's ``tiles`` field.
        words: the dictionary to check the words with; ``None`` skips that check
            (words settled by challenge).
        plurals: the dictionary's plurals made by adding an S (``dictionary.plurals``):
            only an S that makes one of them is "simply adding an S"; ``None``: any S added
            to the end of a word is (the rule without a dictionary).

    Returns:
        A :class:`Placement`; ``error`` is the first broken rule, in this order:
        ``bad_move``, ``tile_not_on_rack``, ``one_tile_per_stack``, ``not_in_line``,
        ``too_high``, ``same_letter``, ``gap``, ``first_word_short``,
        ``first_word_center``, ``not_connected``, ``covers_whole_word``, ``plural_only``,
        ``not_in_dictionary``. Words and score are filled in once the ``gap`` check passes.
    """
    p = Placement()
    try:
        _check(board, rack, tiles, words, p, plurals)
    except IllegalMove as exc:
        p.error = exc.with_traceback(None)  # kept without its frames (they hold p: a cycle)
    return p


def _check(board: Sequence[str], rack: Sequence[str], raw: Any, words: Container[str] | None,
           p: Placement, plurals: Container[str] | None = None) -> None:
    tiles = parse_tiles(raw)
    p.tiles = tiles
    missing = Counter(t[2] for t in tiles) - Counter(rack)
    if missing:
        letter = sorted(missing)[0]
        raise IllegalMove("tile_not_on_rack", f"You don't have {face(letter)} on your rack.",
                          letter=face(letter))
    squares = {(r, c) for r, c, _ in tiles}
    if len(squares) != len(tiles):
        raise IllegalMove("one_tile_per_stack", "You can put only one tile on each square in a turn.")
    rows = {r for r, _, _ in tiles}
    cols = {c for _, c, _ in tiles}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove("not_in_line", "All the tiles of a turn go in one row or one column.")
    for r, c, letter in tiles:
        stack = board[r * SIZE + c]
        if len(stack) >= MAX_HEIGHT:
            raise IllegalMove("too_high", f"That stack is already {MAX_HEIGHT} tiles high: "
                              f"you can't put {face(letter)} on it.", letter=face(letter))
        if stack and stack[-1] == letter:
            raise IllegalMove("same_letter", f"You can't stack {face(letter)} on {face(letter)}.",
                              letter=face(letter))
    new = {(r, c): letter for r, c, letter in tiles}
    direction = DOWN if len(cols) == 1 and len(rows) > 1 else ACROSS

    def top(r: int, c: int) -> str:
        if (r, c) in new:
            return new[(r, c)]
        stack = board[r * SIZE + c]
        return stack[-1] if stack else ""

    def height(r: int, c: int) -> int:
        return len(board[r * SIZE + c]) + ((r, c) in new)

    # no gaps: every square between the first and the last new tile holds a letter
    dr, dc = direction
    ordered = sorted(squares)
    (r0, c0), (r1, c1) = ordered[0], ordered[-1]
    r, c = r0, c0
    while (r, c) != (r1, c1):
        r, c = r + dr, c + dc
        if not top(r, c):
            raise IllegalMove("gap", "Your tiles must make one unbroken line: leave no empty "
                              "square between them.")

    def run(r: int, c: int, d: tuple[int, int]) -> list[tuple[int, int]]:
        """The squares of the run of letters through (r, c) along d."""
        while 0 <= r - d[0] and 0 <= c - d[1] and top(r - d[0], c - d[1]):
            r, c = r - d[0], c - d[1]
        cells = []
        while r < SIZE and c < SIZE and top(r, c):
            cells.append((r, c))
            r, c = r + d[0], c + d[1]
        return cells

    def word(cells: list[tuple[int, int]]) -> Word:
        return Word(cells, "".join(top(*x) for x in cells), [height(*x) for x in cells],
                    sum(1 for x in cells if x in new))

    found: list[Word] = []
    if len(tiles) == 1:
        for d in (ACROSS, DOWN):
            cells = run(r0, c0, d)
            if len(cells) >= 2:
                found.append(word(cells))
    else:
        found.append(word(run(r0, c0, direction)))
        cross = DOWN if direction == ACROSS else ACROSS
        for x in ordered:
            cells = run(*x, cross)
            if len(cells) >= 2:
                found.append(word(cells))
    p.words = found
    p.bonus = ALL_TILES_BONUS if len(tiles) == RACK_SIZE else 0

    if not any(board):
        if len(tiles) < 2:
            raise IllegalMove("first_word_short", "The first word needs at least two letters.")
        if not squares & CENTER:
            raise IllegalMove("first_word_center", "The first word must cover one of the four "
                              "centre squares.")
    elif not any(board[r * SIZE + c] for r, c in squares) and not any(
            w.new < len(w.cells) for w in found):
        raise IllegalMove("not_connected", "Your tiles must join the words already on the board.")
    if not found:  # a tile stacked on a letter that stands alone (only on a stacked board)
        raise IllegalMove("not_connected", "Your tiles must join the words already on the board.")

    _check_covers_whole_word(board, squares, direction, (r0, c0))
    _check_plural_only(board, new, found, plurals)
    if words is not None:
        for w in found:
            if w.text not in words:
                raise IllegalMove("not_in_dictionary", f"{w.text} is not in the dictionary.",
                                  word=w.text)


def _check_covers_whole_word(board: Sequence[str], squares: set[tuple[int, int]],
                             direction: tuple[int, int], start: tuple[int, int]) -> None:
    """A word on the board that is changed must keep at least one of its letters showing:
    no run of 2+ letters (before the play) along the play's line may be covered whole."""
    if len(squares) < 2:
        return
    dr, dc = direction
    r, c = (start[0], 0) if direction == ACROSS else (0, start[1])
    runs: list[list[tuple[int, int]]] = [[]]
    while r < SIZE and c < SIZE:
        if board[r * SIZE + c]:
            runs[-1].append((r, c))
        elif runs[-1]:
            runs.append([])
        r, c = r + dr, c + dc
    for cells in runs:
        if len(cells) >= 2 and all(x in squares for x in cells):
            old = spell(board[x[0] * SIZE + x[1]][-1] for x in cells)
            raise IllegalMove("covers_whole_word", f"You can't cover all of {old}: leave at least "
                              "one of its letters showing.", word=old)


def _check_plural_only(board: Sequence[str], new: Mapping[tuple[int, int], str],
                       found: list[Word], plurals: Container[str] | None = None) -> None:
    """No play whose every word is the plural of a word on the board made by an S on the
    empty square after it (an S that also makes another word, such as PLUS making NETS, is
    fine; so is an S that makes a word that is not that word's plural: HER -> HERS).
    ``plurals``: the dictionary's plurals; ``None``: every such S makes a plural."""
    if not found:
        return
    for w in found:
        last = w.cells[-1]
        if not (w.new == 1 and last in new and new[last] == "S" and len(w.cells) >= 3
                and not board[last[0] * SIZE + last[1]]):
            return
        if plurals is not None and w.text not in plurals:
            return
    old = spell(found[0].letters[:-1])
    raise IllegalMove("plural_only", f"You can't make the plural of {old} just by adding an S: "
                      "the S must also be part of a new word.", word=old)
