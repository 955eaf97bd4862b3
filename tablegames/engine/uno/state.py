"""The UNO game state and the table's options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import json
from pathlib import Path

from tablegames.engine.core import IllegalMove, check_schema, freeze, load_schema
from tablegames.engine.uno.cards import (
    DEFAULT_HOUSE_RULES,
    HOUSE_RULES,
    MAX_CUSTOM,
    build_deck,
)

OPTIONS = load_schema(Path(__file__).with_name("options.json"))  # every table option, declared once
SCORINGS = next(o.choices for o in OPTIONS if o.key == "scoring")
_HOUSE = json.loads(Path(__file__).with_name("house_rules.json").read_text(encoding="utf-8"))
SWITCHES: tuple[str, ...] = tuple(_HOUSE["switches"])  # the house rules' bool options
PRESETS: dict[str, dict[str, bool]] = _HOUSE["presets"]  # what a preset sets them to
JUMP_IN: dict[str, int] = _HOUSE["jump_in"]  # the jump-in race's window and bounds (ms)


@dataclass(frozen=True)
class UnoState:
    """One UNO game (all its hands). Piles are tuples whose LAST element is the top card.

    Attributes:
        players: names, by seat; seats go clockwise (seat + 1 is on the left).
        options: normalised table options (see :func:`normalize_options`).
        seed, rng_count: the seeded RNG: the n-th shuffle uses ``rng_for(seed, n)``.
        hand_no: 1 for the first hand.
        dealer: seat that dealt this hand.
        phase: "play", "hand_over" or "game_over".
        turn: seat expected to act (the victim answering a Wild Draw Four, a dared player).
        drawn: the card the player on turn drew this turn (only it may then be played).
        pending: an answer the player on turn owes before playing: ``{"kind": "color"}``
            (a wild turned up as first discard; ``"swap": True`` for Swap Hands),
            ``{"kind": "wd4", "by": p, "guilty": bool, "prev_color": c}``,
            ``{"kind": "dare", "by": p, "rule": i}``.
        uno_said: seats whose UNO call covers their current one card (or the coming one).
        exposed: seats down to one card without calling UNO, catchable until the next
            player starts a turn.
        reveal: ``{"to": v, "of": p, "cards": [...]}`` after a challenge (challenger only).
        scores: per seat (in team play both partners carry the team's score).
        out: eliminated seats (elimination variant).
        events: public events of the last move, for the table.
        history: per-hand results: ``{"hand": n, "winner": s, "points": [...], ...}``.
        winners: seats who won, once phase is "game_over".
        dealer_cut: the cards cut to choose the first dealer.
        clock_at: server time of the last move (the turn timer counts from it; None
            without a time).
        top_at: server time the top card went down (jump-in tables given a time: the
            jump-in race counts reactions from it).
        jump: the open jump-in race (house rule ``jump_in``): ``{"taps": [{"seat", "card",
            "t", "claimed", "arrival", "late"}], "deadline": server time}``; settled by
            the system move ``settle_jump`` from the deadline.
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    rng_count: int = 0
    hand_no: int = 1
    dealer: int = 0
    phase: str = "play"
    draw_pile: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()
    color: str = ""
    direction: int = 1
    turn: int = 0
    drawn: str | None = None
    pending: Mapping[str, Any] | None = None
    uno_said: tuple[int, ...] = ()
    exposed: tuple[int, ...] = ()
    reveal: Mapping[str, Any] | None = None
    scores: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    events: tuple[Mapping[str, Any], ...] = ()
    history: tuple[Mapping[str, Any], ...] = ()
    winners: tuple[int, ...] = ()
    dealer_cut: tuple[Mapping[str, Any], ...] = field(default=())
    clock_at: float | None = None
    top_at: float | None = None
    jump: Mapping[str, Any] | None = None

    @property
    def top(self) -> str:
        """The card on top of the discard pile."""
        return self.discard[-1]

    @cached_property
    def active(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(s for s in range(len(self.players)) if s not in self.out)


def _bad(field_name: str, why: str) -> IllegalMove:
    return IllegalMove("bad_option", f"Option {field_name!r}: {why}.", option=field_name)


def normalize_options(options: Mapping[str, Any] | None, n_players: int) -> dict[str, Any]:
    """Validates the table's options and fills in the defaults.

    Options:
        edition: "classic" (108 cards), "plus" (112) or "motu" (Masters of the Universe, 112).
        target: points that end the game (default 500).
        scoring: "standard" (the winner of a hand scores the others' cards, first to the
            target wins), "lowest" (everyone adds the points they hold; when someone reaches
            the target the lowest total wins) or "elimination" (points held; who reaches
            the target drops out until two remain; of the last two, who reaches it loses).
        teams: four players in two partnerships (seats 0+2 against 1+3), standard scoring.
        two_player_rules: with two players Reverse acts as Skip (default True).
        wd4_bluff: allow a Wild Draw Four while holding the current colour, as the physical
            game does, so that a challenge can catch it (default False: refused).
        dealer: "high_card" (cut: highest number deals, symbols count 0), "random", or a seat.
        house_rules: Plus only: rules of the Customizable Wilds in play (0-3), each a menu
            key of ``decks.json`` or ``{"kind": "dare"|"free", "text": str, "n": int}``.
        preset: "rulebook" (every house rule off), "party" (stacking, 7-0, jump-in) or
            "custom" (the switches below, one by one); a preset other than "custom" sets
            the switches (``house_rules.json``).
        stacking, seven_zero, jump_in, draw_until_playable, forced_play, no_bluff_wd4:
            the house rules (docs/uno-rules.md, "House rules"); ``no_bluff_wd4`` can't go
            with ``wd4_bluff``.
        stack: fixes the first hand for tests and tutorials:
            ``{"hands": [[...], ...], "top": "r5", "draw": ["g2", ...]}`` ("draw" lists the
            next cards to be drawn, in order; the rest of the deck follows, shuffled).

    Raises:
        IllegalMove: ``bad_option`` or ``bad_players`` with the reason.
    """
    if not 2 <= n_players <= 10:
        raise IllegalMove("bad_players", f"UNO needs 2 to 10 players, not {n_players}.",
                          count=n_players)
    opts = check_schema(OPTIONS, options or {}, n_players)  # names, types, ranges, choices
    if opts["teams"] and (n_players != 4 or opts["scoring"] != "standard"):
        raise _bad("teams", "partnerships need exactly four players and standard scoring")
    if opts["preset"] != "custom":  # a preset sets every switch (those it leaves out: off)
        chosen = {k: bool(PRESETS[opts["preset"]].get(k, False)) for k in SWITCHES}
        for k in SWITCHES:
            if k in (options or {}) and options[k] != chosen[k]:
                raise _bad(k, f"the preset {opts['preset']!r} sets it; choose the preset 'custom' "
                              "to set house rules one by one")
        opts.update(chosen)
    if opts["no_bluff_wd4"] and opts["wd4_bluff"]:
        raise _bad("no_bluff_wd4", "no bluffing with Wild Draw Four contradicts allowing the bluff")
    opts["house_rules"] = _house_rules(opts["house_rules"], opts["edition"])
    opts["stack"] = freeze(opts["stack"])  # tuples, as after a JSON round trip
    return opts


def _house_rules(value: Any, edition: str) -> tuple[dict[str, Any], ...]:
    if edition != "plus":
        if value:
            raise _bad("house_rules", "only UNO Plus has Customizable Wild cards")
        return ()
    if value is None:
        value = DEFAULT_HOUSE_RULES
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) > MAX_CUSTOM:
        raise _bad("house_rules", f"give a list of at most {MAX_CUSTOM} rules")
    rules = []
    for item in value:
        if isinstance(item, str) and item in HOUSE_RULES:
            rules.append({"key": item, **HOUSE_RULES[item]})
        elif isinstance(item, Mapping) and item.get("kind") in ("dare", "free"):
            text = item.get("text")
            n = item.get("n", 0 if item["kind"] == "free" else 2)
            if not isinstance(text, str) or not text.strip() or len(text) > 200:
                raise _bad("house_rules", "a written rule needs a text of 1 to 200 characters")
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 10:
                raise _bad("house_rules", "a penalty is 0 to 10 cards")
            rules.append({"key": "custom", "kind": item["kind"], "text": text.strip(), "n": n})
        else:
            raise _bad("house_rules", f"unknown rule {item!r}")
    return tuple(rules)


def deck_for(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The deck this table plays with (Plus keeps only the Customizable Wilds in use)."""
    return build_deck(options["edition"], len(options["house_rules"]))
