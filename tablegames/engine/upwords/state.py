"""The Upwords game state and the table's options."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablegames.engine.core import IllegalMove, check_schema, freeze, load_schema
from tablegames.engine.upwords.tiles import CELLS, EMPTY_BOARD, LETTERS, MAX_HEIGHT, SIZE, distribution

MIN_PLAYERS, MAX_PLAYERS = 2, 4
OPTIONS = load_schema(Path(__file__).with_name("options.json"))  # every table option, declared once
PUBLIC_OPTIONS = tuple(o.key for o in OPTIONS if not o.hidden)


@dataclass(frozen=True)
class UpwordsState:
    """One Upwords game.

    Attributes:
        players: names, by seat; play passes to the left (seat + 1).
        options: normalised table options (see :func:`normalize_options`).
        seed, rng_count: the seeded RNG: the n-th shuffle uses ``rng_for(seed, n)``.
        phase: ``"play"``; ``"ending"`` (words by challenge only: a player used their last
            tile with the bag empty, and that play may still be challenged until the next
            player passes); ``"game_over"``.
        board: 100 stacks, row-major (square (r, c) is ``board[r * 10 + c]``); each stack
            is a string of letters from the bottom up ("" is an empty square).
        bag: the face-down tiles; the LAST one is drawn next.
        racks: each seat's tiles, in the order drawn.
        scores: per seat.
        turn: the seat to play (-1 once the game is over).
        first: the seat that played first.
        passed: seats that passed since the last play or exchange, in order; the game ends
            when every seat is in it.
        skip: seats that lose their next turn (a failed challenge).
        last: the last play, ``{"seat", "tiles", "words", "score", "bonus", "open",
            "withdrawn"}`` plus private fields used to withdraw it (``"rack"`` before the
            play, ``"drawn"`` tiles, ``"passed"`` before it); ``open`` while it may be
            challenged. ``None`` before the first play.
        events: public events of the last move, for the table.
        first_draw: the draw for first player: ``[{"seat": letter, ...}, ...]`` (one per
            round; tied players draw again).
        final: at the end: ``{"reason": "out"|"passes", "out": seat|None,
            "left": {seat: tiles}, "penalties": {seat: points}}``.
        winners: seats with the best final score.
        clock_at: server time of the last move (the turn timer counts from it; None
            without a time).
        moves: turn moves made so far (plays, exchanges, passes).
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    rng_count: int = 0
    phase: str = "play"
    board: tuple[str, ...] = EMPTY_BOARD
    bag: tuple[str, ...] = ()
    racks: tuple[tuple[str, ...], ...] = ()
    scores: tuple[int, ...] = ()
    turn: int = 0
    first: int = 0
    passed: tuple[int, ...] = ()
    skip: tuple[int, ...] = ()
    last: Mapping[str, Any] | None = None
    events: tuple[Mapping[str, Any], ...] = ()
    first_draw: tuple[Mapping[str, Any], ...] = ()
    final: Mapping[str, Any] | None = None
    winners: tuple[int, ...] = ()
    moves: int = 0
    clock_at: float | None = None


def _bad(name: str, why: str) -> IllegalMove:
    return IllegalMove("bad_option", f"Option {name!r}: {why}.", option=name)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def normalize_options(options: Mapping[str, Any] | None, n_players: int) -> dict[str, Any]:
    """Validates the table's options and fills in the defaults.

    Options:
        language: the words' language, ``"en"`` (default) or ``"pt"`` (Portuguese: its
            own word list and its own 100 tiles, see ``docs/upwords-rules.md``).
        word_list: English only: ``"standard"`` (default, SCOWL size 60) or ``"large"``
            (SCOWL size 80: ZA, XU...).
        words: how words are settled. ``"challenge"`` (default, the rulebook's way): the
            engine checks only the placement rules; anyone may challenge the last play
            until the next player moves, and the dictionary decides. ``"auto"``: every word
            is checked when the play is made and an unknown word is refused.
        challenge_penalty: what a failed challenge costs the challenger: ``"lose_turn"``
            (default: they lose their next turn) or ``"none"``.
        first: who plays first: ``"draw"`` (default: everyone draws a tile, nearest to A
            starts, tied players draw again), ``"random"``, or a seat number.
        stack: fixes the tiles for tests and tutorials: ``{"racks": [[...], ...],
            "bag": ["E", ...], "board": [[row, col, "MW"], ...]}``. ``racks``: one list per
            seat (0-7 tiles, used as given); ``bag``: the next tiles drawn, in order (the
            rest of the 100 follow, shuffled); ``board``: stacks already on the board
            (bottom letter first). Every tile counts against the 100 of the language.

    Raises:
        IllegalMove: ``bad_option`` or ``bad_players`` with the reason.
    """
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise IllegalMove("bad_players", f"Upwords needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                          f"not {n_players}.", count=n_players)
    opts = check_schema(OPTIONS, options or {}, n_players)  # names, types, ranges, choices
    stack = opts.get("stack")
    if stack is not None:
        stack = check_stack(stack, n_players, opts["language"])
    return {**opts, "stack": freeze(stack)}


def language_of(options: Mapping[str, Any]) -> str:
    """The words' language of a table (``"en"`` for states made before the option)."""
    return options.get("language", "en")


def word_list_of(options: Mapping[str, Any]) -> tuple[str, str]:
    """(language, size) of the table's word list."""
    lang = language_of(options)
    return lang, (options.get("word_list", "standard") if lang == "en" else "standard")


def check_stack(stack: Any, n_players: int, language: str = "en") -> dict[str, Any]:
    """Validates the ``stack`` option (see :func:`normalize_options`)."""
    if not isinstance(stack, Mapping) or set(stack) - {"racks", "bag", "board"}:
        raise _bad("stack", "give an object with 'racks', 'bag' and/or 'board'")
    racks = stack.get("racks")
    if racks is None:
        racks = [[] for _ in range(n_players)]
    if (not isinstance(racks, (list, tuple)) or len(racks) != n_players
            or not all(isinstance(r, (list, tuple)) and len(r) <= 7 for r in racks)):
        raise _bad("stack", "'racks' needs one list of at most 7 tiles per player")
    bag = stack.get("bag", [])
    if not isinstance(bag, (list, tuple)):
        raise _bad("stack", "'bag' is a list of tiles")
    board = stack.get("board", [])
    if not isinstance(board, (list, tuple)):
        raise _bad("stack", "'board' is a list of [row, col, letters]")
    cells: dict[int, str] = {}
    for item in board:
        if (not isinstance(item, (list, tuple)) or len(item) != 3 or not _is_int(item[0])
                or not _is_int(item[1]) or not 0 <= item[0] < SIZE or not 0 <= item[1] < SIZE
                or not isinstance(item[2], str) or not 1 <= len(item[2]) <= MAX_HEIGHT
                or not set(item[2]) <= LETTERS
                or any(a == b for a, b in zip(item[2], item[2][1:]))
                or item[0] * SIZE + item[1] in cells):
            raise _bad("stack", f"bad board stack {item!r}")
        cells[item[0] * SIZE + item[1]] = item[2]
    used = [t for r in racks for t in r] + list(bag) + [t for s in cells.values() for t in s]
    if not all(isinstance(t, str) and t in LETTERS for t in used):
        raise _bad("stack", "tiles are letters A-Z (Q is the Qu tile)")
    if Counter(used) - Counter(distribution(language)):
        raise _bad("stack", "uses more tiles of a letter than the game has")
    return {"racks": [list(r) for r in racks], "bag": list(bag),
            "board": [[i // SIZE, i % SIZE, s] for i, s in sorted(cells.items())]}


def board_from_stack(stack: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The starting board: empty, or the ``stack`` option's stacks."""
    board = [""] * CELLS
    for row, col, letters in (stack or {}).get("board", ()):
        board[row * SIZE + col] = letters
    return tuple(board)
