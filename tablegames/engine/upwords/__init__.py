"""Upwords, the stacking word game (10x10 edition): one engine, English or Portuguese words.

``Upwords()`` is the registry's game object (``get_game("upwords")``). It carries the
dictionaries: the shipped lists by default (each loaded on first use: the table's
``language`` and ``word_list`` options pick one), or any container of upper-case words
given to the constructor (tests use small sets). The state never holds the dictionary, so
states stay small and replay the same with the same list.

>>> from tablegames.engine import get_game
>>> upwords = get_game("upwords")
>>> racks = {"racks": [list("CATSDOG"), list("EEEIIOU")]}
>>> state = upwords.new(["Ana", "Bia"], {"first": 0, "stack": racks}, seed=1)
>>> upwords.to_act(state)
(0,)
>>> cat = [[4, 4, "C"], [4, 5, "A"], [4, 6, "T"]]
>>> upwords.preview(state, 0, cat)["score"]
6
>>> after = upwords.apply(state, 0, {"type": "place", "tiles": cat})
>>> after.scores, upwords.to_act(after), upwords.view(after, 1)["rack"]
((6, 0), (1,), ['E', 'E', 'E', 'I', 'I', 'O', 'U'])
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Any

from tablegames.engine.core import GameBase, Result, register
from tablegames.engine.upwords.dictionary import WordList, default_words, plurals
from tablegames.engine.upwords.rules import apply_move, legal_moves, new_game, preview
from tablegames.engine.upwords.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    UpwordsState,
    normalize_options,
    word_list_of,
)
from tablegames.engine.upwords.view import view

__all__ = ["Upwords", "UpwordsState", "WordList", "default_words", "plurals"]


class UpwordsResult(Result):
    """Upwords' standings, why the game ended and the points of tiles left on racks."""

    reason: str | None
    penalties: dict[str, int]


class Upwords(GameBase):
    """The Upwords game object of the registry (see ``tablegames.engine.core.Game``).

    Args:
        words: the dictionary: any container of upper-case words (Qu spelled out, e.g.
            "QUIT"), used whatever the table's language; ``None`` uses the shipped list of
            the table's language and size (:func:`default_words`).
        plurals: the plurals made by adding an S (see ``board.examine``); ``None`` with
            ``words`` given: any S added to the end of a word counts as a plural; with
            neither: the shipped list's (:func:`plurals`).
    """

    name = "upwords"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_schema = OPTIONS
    state_class = UpwordsState

    def __init__(self, words: Container[str] | None = None,
                 plurals: Container[str] | None = None) -> None:
        self._words = words
        self._plurals = plurals

    @property
    def words(self) -> Container[str]:
        """The dictionary of an English table with the standard list (the shipped list is
        read on first use, once per process); :meth:`words_for` gives a table's."""
        if self._words is None:
            return default_words()
        return self._words

    def words_for(self, options: Mapping[str, Any]) -> Container[str]:
        """The dictionary of a table with these options (its language and list size)."""
        if self._words is not None:
            return self._words
        return default_words(*word_list_of(options))

    def plurals_for(self, options: Mapping[str, Any]) -> Container[str] | None:
        """The plurals of a table's dictionary (None: any added S makes a plural)."""
        if self._plurals is not None or self._words is not None:
            return self._plurals
        return plurals(*word_list_of(options))

    def check_options(self, options: Mapping[str, Any]) -> dict:
        """Validates table options before players sit down (raises ``IllegalMove``)."""
        stack = options.get("stack") if isinstance(options, Mapping) else None
        racks = stack.get("racks") if isinstance(stack, Mapping) else None
        n = len(racks) if isinstance(racks, (list, tuple)) else MIN_PLAYERS
        return normalize_options(options, n)

    def new(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
            seed: int | None = None) -> UpwordsState:
        """Starts a game: chooses who plays first and deals 7 tiles to each player.

        Args:
            players: names by seat (2 to 4); play passes to the left (seat + 1).
            options: table options, see ``state.normalize_options``.
            seed: RNG seed; the same seed and moves replay the same game.
        """
        return new_game(players, options, seed)

    def legal_moves(self, state: UpwordsState, seat: int) -> list[dict]:
        """The listable moves of ``seat`` now: exchanges, pass, challenge (not placements:
        check those with :meth:`preview`)."""
        return legal_moves(state, seat)

    def remove_player(self, state: UpwordsState, place: int) -> UpwordsState:
        """A player leaves midway: their tiles back to the bag (engine/upwords/leaving.py)."""
        from tablegames.engine.upwords import leaving
        return leaving.remove_player(state, place)

    def to_act(self, state: UpwordsState) -> tuple[int, ...]:
        """The seat on turn (until the game is over)."""
        return (state.turn,) if state.phase != "game_over" else ()

    def timeout_move(self, state: UpwordsState, seat: int) -> dict | None:
        """What the turn timer plays for a player out of time: a pass."""
        return {"type": "pass"} if {"type": "pass"} in legal_moves(state, seat) else None

    def apply_rules(self, state: UpwordsState, seat: int, move: Mapping[str, Any],
                    now: float | None = None) -> UpwordsState:
        """Applies ``move`` for ``seat``; raises ``IllegalMove`` and changes nothing if illegal."""
        kind = move.get("type") if isinstance(move, Mapping) else None
        needs_words = kind == "challenge" or (kind == "place" and state.options["words"] == "auto")
        return apply_move(state, seat, move, self.words_for(state.options) if needs_words else None,
                          self.plurals_for(state.options) if kind == "place" else None)

    def preview(self, state: UpwordsState, seat: int, tiles: Any) -> dict:
        """What placing ``tiles`` would score and whether it is allowed, without placing
        them: ``{"words": [{"word", "score", "cells"}], "score", "bonus", "error"}``."""
        auto = state.options["words"] == "auto"
        return preview(state, seat, tiles, self.words_for(state.options) if auto else None,
                       self.plurals_for(state.options))

    def view(self, state: UpwordsState, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the table)."""
        return view(state, seat)

    def result(self, state: UpwordsState) -> UpwordsResult | None:
        """Final standings once the game is over, else ``None``."""
        if state.phase != "game_over":
            return None
        ranking = sorted(range(len(state.players)), key=lambda p: -state.scores[p])
        final = state.final or {}
        return {"winners": list(state.winners), "scores": list(state.scores), "ranking": ranking,
                "reason": final.get("reason"), "penalties": dict(final.get("penalties", {}))}


register("upwords", Upwords)
