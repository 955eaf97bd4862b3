"""The Faces game state and the table's options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablegames.engine import turn_timer
from tablegames.engine.core import IllegalMove, check_schema, freeze, load_schema
from tablegames.engine.faces.cards import PLAYERS

OPTIONS = load_schema(Path(__file__).with_name("options.json"))  # every table option, declared once
MAX_SEATS = max(hi for _, hi in PLAYERS.values())


@dataclass(frozen=True)
class FacesState:
    """One game of Faces (main game or Memory variation).

    Seats go clockwise: ``seat + 1`` is the player on the LEFT (who receives your pass,
    guesses first after you, and mimes your card in Memory). Piles are tuples whose LAST
    element is the top card. Cards are emotion numbers 1-13.

    Attributes:
        players: names by seat.
        options: normalised options (see :func:`normalize_options`).
        seed, rng_count: the seeded RNG (the n-th shuffle uses ``rng_for(seed, n)``).
        phase: main game: "passing" (everyone chooses a card to pass), "stopping" (someone
            called STOP; waiting for the others who hold a set), "guessing" (a set is
            mimed); Memory: "pick" (the active player lifts a card), "decide" (end the
            turn or turn over the lifted card), "flip" (turn over a second card);
            both: "game_over".
        pile: the draw pile (main) or the penalty pile (Memory).
        hands: sorted cards by seat (main game; empty in Memory).
        won: the cards each seat has won (under its Reference Card).
        out: cards put back in the box (the two cards of a set nobody guessed).
        choices: the card each seat has chosen to pass this round (None: not ready).
        pass_round: 1 for the first pass; +1 after each pass.
        received, passed: the card each seat received / gave in the last pass.
        stops: seats that called STOP in the current pause, in calling order.
        queue: ``(seat, emotion)`` sets still to be mimed after the current one.
        mimer, mime: who is making a face and which emotion (main game, while guessing).
        guessers: seats still to guess, in order (the first one is on turn).
        guesses: ``{"seat", "emotion", "correct"}`` so far in this round.
        last_round: summary of the last finished guessing round (public).
        grid: Memory: the emotion in each place (None: taken or empty place).
        active: Memory: the seat whose turn it is.
        lifted: Memory: the place of the lifted card (seen by the left neighbour only).
        flipped: Memory: places turned face up this turn (first the lifted card).
        shown: Memory: the two cards of the last turn-over, ``{"seat", "cards": [[pos,
            emotion], ...], "pair": bool, "paid": [...]}`` (public, until the next pick).
        events: public events of the last move.
        winners: seats with the most won cards, once the game is over.
        clock_at: server time of the last move (the turn timer counts from it; None
            without a time).
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    rng_count: int = 0
    phase: str = "passing"
    pile: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    won: tuple[tuple[int, ...], ...] = ()
    out: tuple[int, ...] = ()
    choices: tuple[int | None, ...] = ()
    pass_round: int = 1
    received: tuple[int | None, ...] = ()
    passed: tuple[int | None, ...] = ()
    stops: tuple[int, ...] = ()
    queue: tuple[tuple[int, int], ...] = ()
    mimer: int | None = None
    mime: int | None = None
    guessers: tuple[int, ...] = ()
    guesses: tuple[Mapping[str, Any], ...] = ()
    last_round: Mapping[str, Any] | None = None
    grid: tuple[int | None, ...] = ()
    active: int = 0
    lifted: int | None = None
    flipped: tuple[int, ...] = ()
    shown: Mapping[str, Any] | None = None
    events: tuple[Mapping[str, Any], ...] = ()
    winners: tuple[int, ...] = ()
    clock_at: float | None = None

    @property
    def variant(self) -> str:
        """"main" or "memory"."""
        return self.options["variant"]

    @property
    def n(self) -> int:
        """Number of players."""
        return len(self.players)


def bad_option(name: str, why: str) -> IllegalMove:
    """The error for an invalid table option."""
    return IllegalMove("bad_option", f"Option {name!r}: {why}.", option=name)



def normalize_options(options: Mapping[str, Any] | None, n_players: int | None = None) -> dict[str, Any]:
    """Validates the table's options and fills in the defaults.

    Options:
        variant: "main" (the card game, 3-5 players) or "memory" (Memory variation, 2-4).
        oldest: the seat of the oldest player (asked at setup). Simultaneous STOPs are
            played oldest first, then clockwise; in Memory the oldest player starts.
            Default 0 (the first seat) when the table did not say.
        pairs: Memory only: 10 (default, a 5x4 grid) or 13 (all pairs, a 7x4 grid).
        turn_timer: the shared turn timer (``"off"`` by default); pass_timer: main game,
            while a turn timer is on: the time to choose a card to pass (``"same"``, the
            default, or 15-120 seconds; see ``turn_timer.limit``).
        stack: tests and tutorials: main game ``{"hands": [[...], ...], "pile": [...]}``
            ("pile" lists the next cards to be drawn, first drawn first; the cards left
            over go under it, shuffled); Memory ``{"grid": [...], "pile": [...]}`` (one
            emotion per place; "pile" is the penalty pile, first paid first). With
            ``"exact": true`` the pile is exactly the listed cards and the rest of the deck
            stays in the box (short games for tests and tutorials).

    Args:
        n_players: the number of seats, when known (``None`` while creating a room:
            the player count and the oldest seat are then checked when the game starts).

    Raises:
        IllegalMove: ``bad_option`` (with ``option``) or ``player_count``.
    """
    if options is not None and not isinstance(options, Mapping):
        raise bad_option("options", "give an object")
    opts = check_schema(OPTIONS, options or {}, n_players)  # names, types, ranges, choices
    variant, oldest, pairs, stack = opts["variant"], opts["oldest"], opts["pairs"], opts["stack"]
    limit = MAX_SEATS if n_players is None else n_players
    if not 0 <= oldest < limit:
        raise bad_option("oldest", f"must be a seat number from 0 to {limit - 1}")
    if stack is not None and not isinstance(stack, Mapping):
        raise bad_option("stack", "give an object")
    if n_players is not None:
        low, high = PLAYERS[variant]
        if not low <= n_players <= high:
            raise IllegalMove(
                "player_count",
                f"{'Faces' if variant == 'main' else 'Faces Memory'} needs {low} to {high} "
                f"players, not {n_players}.", count=n_players, low=low, high=high)
    out: dict[str, Any] = {"variant": variant, "oldest": oldest, "turn_timer": opts["turn_timer"],
                           **turn_timer.phase_options(OPTIONS, opts)}  # pass_timer, timer on
    if variant == "memory":
        out["pairs"] = pairs
    if stack is not None:
        out["stack"] = freeze(stack)  # tuples, so the state equals its JSON round trip
    return out
