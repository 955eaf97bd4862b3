"""Bots: programs that fill a seat and play through the same moves as a phone.

A bot sees exactly what its seat's phone sees: the engine's ``view(state, seat)`` and the
moves that seat may make now (``legal_moves(state, seat)``, which are the seat's own
options and hold nothing hidden). It never receives the state, so it can never know
another player's cards. Given the same view, legal moves, level, memory and a seeded
``random.Random`` it always makes the same choice.

The interface (pure; the rooms layer calls it):

* :func:`levels` ``(game)``: the strengths a game's bot has, weakest first
  (``("random", "easy", "normal", "hard")``); each level is plain data
  (:func:`level_params`), so a room can store a bot seat as ``{"bot": "normal"}``.
* :func:`has_bot` ``(game, options)``: whether a table with these options can take
  bots (not Faces' main game, which needs faces mimed and read, nor UeStop!, whose
  answers are judged by people).
* :func:`choose` ``(game, view, seat, rng, level, legal=..., memory=...)``: the move the
  bot makes now, or ``None`` when it does nothing now. It is asked whenever its seat has
  legal moves: on its turn it always answers a move; out of turn (catching a player who
  forgot to call UNO, challenging an Upwords word) it may answer ``None``.
* :func:`observe` ``(game, view, seat, memory, level, rng)``: the bot's memory after it
  has seen ``view`` (call it for every bot seat after every move: Faces Memory's bot
  remembers the cards it saw turned up). A memory is plain JSON-able data (a dict), so
  the rooms layer can keep it in the database beside the seat; :func:`new_memory` gives
  the first one.

For the rooms layer: :func:`bot_step` ``(game, state, bots, memories, rng)`` gives the next
``(seat, move)`` a bot makes (asking each bot with its own view only), :func:`remember`
updates the bots' memories after a move, :func:`bot_rng` derives a bot's generator from
the game's seed, the seat and the move number (so a replay makes the same choices). A bot
seat is then just data: ``{"seat": 2, "bot": "normal", "memory": {...}}``.
:func:`play_out` plays a whole game with a bot in every seat (tests and ``bench/bots.py``).

>>> import random
>>> from tablegames.engine import get_game
>>> uno = get_game("uno")
>>> state = uno.new(["Ana", "Bot"], {"target": 1}, seed=3)
>>> seat = uno.to_act(state)[0]
>>> move = choose(uno, uno.view(state, seat), seat, random.Random(1), "hard",
...               legal=uno.legal_moves(state, seat))
>>> move in uno.legal_moves(state, seat)
True
>>> levels("uno"), has_bot("faces", {"variant": "main"}), has_bot("faces", {"variant": "memory"})
(('random', 'easy', 'normal', 'hard'), False, True)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["levels", "level_params", "has_bot", "choose", "observe", "new_memory", "remember",
           "bot_step", "bot_rng", "play_out", "BOT_GAMES"]

# game -> module holding its bot (LEVELS, choose(view, legal, rng, params, memory, game),
# optionally observe(view, memory, params, rng) and supports(options))
BOT_GAMES = {
    "uno": "tablegames.engine.uno.bot",
    "upwords": "tablegames.engine.upwords.bot",
    "faces": "tablegames.engine.faces.bot",
}


def _name(game: Any) -> str:
    return game if isinstance(game, str) else game.name


_MODULES: dict[str, Any] = {}


def _module(game: Any) -> Any:
    name = _name(game)
    mod = _MODULES.get(name)
    if mod is None:
        if name not in BOT_GAMES:
            raise KeyError(f"{name!r} has no bot")
        mod = _MODULES[name] = importlib.import_module(BOT_GAMES[name])
    return mod


def levels(game: Any) -> tuple[str, ...]:
    """The levels of a game's bot, weakest first (empty when it has none)."""
    if _name(game) not in BOT_GAMES:
        return ()
    return tuple(_module(game).LEVELS)


def level_params(game: Any, level: str) -> Mapping[str, Any]:
    """The data a level is made of (probabilities, thresholds, how far down a ranking)."""
    table = _module(game).LEVELS
    if level not in table:
        raise KeyError(f"{_name(game)!r} has no bot level {level!r}; levels: {', '.join(table)}")
    return table[level]


def has_bot(game: Any, options: Mapping[str, Any] | None = None) -> bool:
    """Whether a table of ``game`` with ``options`` can seat bots."""
    if _name(game) not in BOT_GAMES:
        return False
    supports = getattr(_module(game), "supports", None)
    return supports(options or {}) if supports else True


def new_memory(game: Any) -> dict[str, Any]:
    """A bot's first memory (plain data)."""
    make = getattr(_module(game), "new_memory", None)
    return make() if make else {}


def choose(game: Any, view: Mapping[str, Any], seat: int, rng: random.Random, level: str,
           legal: Sequence[Mapping[str, Any]] = (), memory: Mapping[str, Any] | None = None
           ) -> dict[str, Any] | None:
    """The move the bot in ``seat`` makes now (one of ``legal``), or None for none now.

    Args:
        game: the game object of the registry (or its name: Upwords needs the object,
            which carries the dictionary).
        view: ``game.view(state, seat)``.
        seat: the bot's seat (the view's ``seat``).
        rng: a seeded generator (the room derives it from the game's seed and move count).
        level: one of :func:`levels`.
        legal: ``game.legal_moves(state, seat)``.
        memory: what the bot remembers (:func:`observe`), for games whose bot has one.
    """
    if view.get("seat") != seat:
        raise ValueError("a bot chooses from its own seat's view")
    if not legal:
        return None
    mod = _module(game)
    move = mod.choose(view, list(legal), rng, level_params(game, level),
                      memory if memory is not None else new_memory(game),
                      game if not isinstance(game, str) else None)
    return dict(move) if move is not None else None


def observe(game: Any, view: Mapping[str, Any], seat: int, memory: Mapping[str, Any] | None,
            level: str, rng: random.Random) -> dict[str, Any]:
    """The bot's memory after seeing ``view`` (unchanged for a bot without memory)."""
    mod = _module(game)
    memory = dict(memory) if memory is not None else new_memory(game)
    fn = getattr(mod, "observe", None)
    if fn is None:
        return memory
    return fn(view, memory, level_params(game, level), rng)


def bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """The generator a room gives its bot in ``seat`` for the ``step``-th move of a game
    (e.g. the room's version number): the same game replays the same bot choices."""
    return random.Random(f"bot:{seed}:{seat}:{step}")


def remember(game: Any, state: Any, bots: Mapping[int, str],
             memories: Mapping[int, Mapping[str, Any]], rng: random.Random
             ) -> dict[int, dict[str, Any]]:
    """Every bot seat's memory after seeing ``state`` through its own view (the rooms
    layer calls it after each accepted move and stores the result beside the seats)."""
    return {p: observe(game, game.view(state, p), p, memories.get(p), level, rng)
            for p, level in bots.items()}


def bot_step(game: Any, state: Any, bots: Mapping[int, str],
             memories: Mapping[int, Mapping[str, Any]], rng: random.Random
             ) -> tuple[int, dict[str, Any]] | None:
    """The next move a bot makes, as ``(seat, move)``, or None when no bot acts now.

    ``bots`` maps the bot seats to their levels. Seats that are not to act are asked
    first, in an order drawn from ``rng`` (out-of-turn moves race: a catch, a challenge,
    a jump-in), then the bots to act. Each bot receives only its seat's view and legal
    moves. The rooms layer applies the move through its own move path (version check,
    move log) after a human-like delay, as it would a phone's.
    """
    acting = set(game.to_act(state))
    order = [p for p in sorted(bots) if p not in acting]
    rng.shuffle(order)
    for p in order + sorted(p for p in bots if p in acting):
        legal = game.legal_moves(state, p)
        if not legal:
            continue
        move = choose(game, game.view(state, p), p, random.Random(rng.random()), bots[p],
                      legal, memories.get(p))
        if move is not None:
            return p, move
    return None


def play_out(game: Any, state: Any, seats: Sequence[str], seed: int, max_moves: int = 20000,
             check: Any = None) -> tuple[Any, int]:
    """Plays ``state`` to its end with a bot of level ``seats[p]`` in every seat ``p``.

    Each step: a system move (the next hand) as soon as it exists and nobody is to act;
    else the bots remember what they see (:func:`remember`) and one of them moves
    (:func:`bot_step`); with no bot moving, the system move (a race the table settles).
    ``check(state, seat, move, before)`` is called after each move (tests hold their
    invariants there).

    Returns:
        (the last state, the number of moves made). Raises whatever ``apply`` raises: a
        bot's refused move is a bug.
    """
    rng = random.Random(seed)
    bots = dict(enumerate(seats))
    memories: dict[int, dict[str, Any]] = {p: new_memory(game) for p in bots}
    moves = 0
    while game.result(state) is None and moves < max_moves:
        system = game.system_moves(state)
        step = None
        if not (system and not any(game.to_act(state))):
            memories = remember(game, state, bots, memories, rng)
            step = bot_step(game, state, bots, memories, rng)
        if step is None:
            if not system:
                raise AssertionError(f"no bot moves and the game is not over: {game.to_act(state)}")
            seat, move = None, system[0]
        else:
            seat, move = step
        before, state = state, game.apply(state, seat, move)
        moves += 1
        if check:
            check(state, seat, move, before)
    return state, moves
