"""The UeStop! game state, the four modes and the table's options."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from tablegames.engine import turn_timer
from tablegames.engine.core import IllegalMove, check_schema, load_schema, schema_defaults
from tablegames.engine.uestop.cards import (
    ACTION_CARDS,
    CATEGORIES_PER_CARD,
    CUSTOM,
    NUMBER_CARDS,
    WORD_CARDS,
    is_word_card,
)
from tablegames.engine.uestop.text import clean, same_text


class Mode(NamedTuple):
    """What a game mode uses.

    all_categories: a Letter round asks for every category (Chá da Tarde) instead of one
        category with the Mandatory Letter (Tome-lhe Tapão).
    numbers: the 5 Number Cards are shuffled into the Word Deck after the first Category Card.
    actions: each player has an Action Card (Pular/Usado) and the Mandatory Letter
        benefits apply (Tudo Junto e Misturado).
    """

    all_categories: bool
    numbers: bool
    actions: bool


MODES: dict[str, Mode] = {
    "tome_lhe_tapao": Mode(all_categories=False, numbers=False, actions=False),
    "cha_da_tarde": Mode(all_categories=True, numbers=False, actions=False),
    "numerologia": Mode(all_categories=True, numbers=True, actions=False),
    "tudo_junto": Mode(all_categories=True, numbers=True, actions=True),
}
OPTIONS = load_schema(Path(__file__).with_name("options.json"))  # every table option, declared once
DEFAULTS: dict[str, Any] = {**schema_defaults(OPTIONS), "custom_categories": ()}
MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_CATEGORY_LEN = 40
MAX_ANSWER_LEN = 60


@dataclass(frozen=True)
class UeStopState:
    """One game of UeStop!. Piles are tuples whose LAST element is the top card.

    Attributes:
        players: names by seat.
        options: normalised options (see :func:`normalize_options`).
        seed, rng_count: the n-th shuffle uses ``rng_for(seed, n)``.
        phase: ``"reading"`` (the Category Card is read; the opener reveals the next card),
            ``"race"`` (a card is revealed; players slap), ``"answering"`` (the race winner
            answers), ``"judging"`` (the others vote), ``"penalty"`` (a Tudo Junto scorer who
            used the Mandatory Letter 3 times picks a player to lose a card), ``"game_over"``.
        round_no: 1 for the first round (one reveal and its answer is a round).
        opener: the seat that reveals the next card.
        deck: the Word Deck (face down); discard: the discard pile (face up).
        box: components not in this game (unused Number/Action/customizable cards and, until
            somebody wins, the Victory Card).
        category: the Category Card on the table.
        revealed: the Letter Card or Number Card turned over this round (``None`` in reading).
        won: the cards (points) each seat has won, oldest first.
        action_cards: each seat's Action Card id ("" without one); action_used: its side
            shows "Usado".
        benched: seats that sit out the current (or, in reading, the coming) round.
        reveal_time: server time at which the revealed card shows on every screen (the
            ``now`` of the ``reveal`` move plus ``reveal_delay_ms``).
        taps: the slaps of this round: ``{"seat", "t" (the tap time the race uses, server
            clock), "claimed" (the corrected tap time sent), "arrival" (server time), "late"}``.
        deadline: the server time at which the race settles (first arrival + window).
        answerer: the seat that won the race.
        answer: the answer given: ``{"spoken", "texts" (4 slots, None where not answered),
            "category" (the one category of a single-category round, if known), "skip",
            "mandatory" (times the Mandatory Letter was used), "checks", "ok"}``.
        votes: ``(seat, accept)`` pairs of the current judging.
        agree_discard: seats that agree the Category Card can't be answered.
        pending: ``{"kind": "penalty", "by": seat}`` while a scorer picks a player to lose a card.
        victory: the seat holding the Victory Card (game over).
        events: public events of the last move; history: one entry per finished round.
        winners: seats that won (game over).
        suspicion: by seat, how far its phone's claimed tap times have strayed from its
            pings' delays this game (:func:`~tablegames.engine.uestop.race.suspicion`;
            empty: none yet).
        untrusted: seats whose taps count at their arrival (until their suspicion is back at 0).
        clock_at: server time of the last move (the turn timer counts from it; None
            without a time).
    """

    players: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    rng_count: int = 0
    phase: str = "reading"
    round_no: int = 1
    opener: int = 0
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    box: tuple[str, ...] = ()
    category: str | None = None
    revealed: str | None = None
    won: tuple[tuple[str, ...], ...] = ()
    action_cards: tuple[str, ...] = ()
    action_used: tuple[bool, ...] = ()
    benched: tuple[int, ...] = ()
    reveal_time: float | None = None
    taps: tuple[Mapping[str, Any], ...] = ()
    deadline: float | None = None
    answerer: int | None = None
    answer: Mapping[str, Any] | None = None
    votes: tuple[tuple[int, bool], ...] = ()
    agree_discard: tuple[int, ...] = ()
    pending: Mapping[str, Any] | None = None
    victory: int | None = None
    events: tuple[Mapping[str, Any], ...] = ()
    history: tuple[Mapping[str, Any], ...] = ()
    winners: tuple[int, ...] = ()
    suspicion: tuple[float, ...] = ()
    untrusted: tuple[int, ...] = ()
    clock_at: float | None = None

    @property
    def mode(self) -> Mode:
        """The rules of this game's mode."""
        return MODES[self.options["mode"]]

    @property
    def points(self) -> tuple[int, ...]:
        """Points by seat (one per card won)."""
        return tuple(len(w) for w in self.won)

    def components(self) -> list[str]:
        """Every component, wherever it is (for the conservation invariant)."""
        cards = list(self.deck) + list(self.discard) + list(self.box)
        cards += [c for c in (self.category, self.revealed) if c]
        for pile in self.won:
            cards += pile
        cards += [c for c in self.action_cards if c]
        if self.victory is not None:
            cards.append("victory")
        return cards


# -- options ----------------------------------------------------------------------------

def _bad(option: str, why: str) -> IllegalMove:
    return IllegalMove("invalid_option", f"Option {option!r}: {why}.", option=option)


def _int_option(opts: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = opts.get(name, DEFAULTS[name])
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(name, f"must be a whole number from {low} to {high}")
    return value


def normalize_options(options: Mapping[str, Any] | None,
                      n_players: int | None = None) -> dict[str, Any]:
    """Validates the table's options and fills in the defaults.

    Options:
        mode: ``"tome_lhe_tapao"`` (default), ``"cha_da_tarde"``, ``"numerologia"`` or
            ``"tudo_junto"`` (Tudo Junto e Misturado).
        target: points (cards) that win, 1-10 (default 5, the rulebook's).
        slap_window_ms: how long the race stays open after the first slap arrives, so that a
            phone with a slower network still gets its earlier tap counted (0-2000, default 250).
        reveal_delay_ms: the revealed card shows at ``now + reveal_delay_ms`` (server clock)
            on every screen at once: phones schedule it with their clock estimate, so a phone
            that hears of the reveal later still sees it at the same moment (0-3000,
            default 300). Taps before that time are refused.
        max_latency_ms: the longest believable delay between a tap and its arrival; a tap
            claiming to be older counts as that old (50-10000, default 1500). The room
            bounds it tighter per phone (the slap's ``lag``, from that phone's pings).
        min_reaction_ms: the fastest human reaction (0-300, default 100): a tap claiming
            to come sooner after the reveal is judged at its arrival and flagged.
        ties: how a tied vote ends: ``"accept"`` (default) or ``"reject"``.
        auto_check: ``"strict"`` (default: a typed answer that breaks a checkable rule
            fails without a vote) or ``"advisory"`` (the checks are shown, the vote decides).
        no_peeking: hide the categories from the table and the answering player while a
            Chá da Tarde style answer is given (default True).
        custom_categories: up to 4 lists of 4 category texts (1-40 characters each, four
            different texts per card), one per customizable card; cards without texts stay
            in the box.
        first: the first opener: ``"random"`` (default) or a seat.
        turn_timer: the shared turn timer (``"off"`` by default); answer_timer, while a turn
            timer is on: the answering player's time (``"same"``, the default, or 15-120
            seconds; see ``turn_timer.limit``).
        stack: tests and tutorials: ``{"category": id, "deck": [id, ...]}`` fixes the
            first Category Card and the next cards to be revealed, in order (the rest
            follows, shuffled).

    Raises:
        IllegalMove: ``invalid_option`` naming the option, or ``wrong_player_count``.
    """
    if options is not None and not isinstance(options, Mapping):
        raise _bad("options", "give an object")
    if options is not None and not isinstance(options, Mapping):
        raise _bad("options", "give an object")
    opts = dict(options or {})
    check_schema(OPTIONS, opts, n_players, code="invalid_option")  # names, types, ranges, choices
    mode = opts.get("mode", DEFAULTS["mode"])
    if mode not in MODES:
        raise _bad("mode", f"must be one of {', '.join(MODES)}")
    ties = opts.get("ties", DEFAULTS["ties"])
    if ties not in ("accept", "reject"):
        raise _bad("ties", "must be 'accept' or 'reject'")
    auto_check = opts.get("auto_check", DEFAULTS["auto_check"])
    if auto_check not in ("strict", "advisory"):
        raise _bad("auto_check", "must be 'strict' or 'advisory'")
    no_peeking = opts.get("no_peeking", DEFAULTS["no_peeking"])
    if not isinstance(no_peeking, bool):
        raise _bad("no_peeking", "must be true or false")
    first = opts.get("first", DEFAULTS["first"])
    if first != "random" and (not isinstance(first, int) or isinstance(first, bool) or first < 0
                              or (n_players is not None and first >= n_players)):
        raise _bad("first", "must be 'random' or a seat number")
    custom = _custom_categories(opts.get("custom_categories", ()))
    if n_players is not None:
        check_player_count(n_players, mode)
    out = {
        "mode": mode,
        "target": _int_option(opts, "target", 1, 10),
        "slap_window_ms": _int_option(opts, "slap_window_ms", 0, 2000),
        "reveal_delay_ms": _int_option(opts, "reveal_delay_ms", 0, 3000),
        "max_latency_ms": _int_option(opts, "max_latency_ms", 50, 10000),
        "min_reaction_ms": _int_option(opts, "min_reaction_ms", 0, 300),
        "ties": ties,
        "auto_check": auto_check,
        "no_peeking": no_peeking,
        "custom_categories": custom,
        "first": first,
        "stack": _stack(opts.get("stack"), mode, len(custom)),
        "turn_timer": opts.get("turn_timer", "off"),
        **turn_timer.phase_options(OPTIONS, opts),  # answer_timer, while a turn timer runs
    }
    return out


def check_player_count(n: int, mode: str) -> None:
    """2-8 players; Tudo Junto e Misturado at most 6 (one Action Card each)."""
    high = len(ACTION_CARDS) if MODES[mode].actions else MAX_PLAYERS
    if not MIN_PLAYERS <= n <= high:
        raise IllegalMove("wrong_player_count",
                          f"This UeStop! mode needs {MIN_PLAYERS} to {high} players, not {n}.",
                          count=n, min=MIN_PLAYERS, max=high)


def _custom_categories(value: Any) -> tuple[tuple[str, ...], ...]:
    if value is None:
        return ()
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) > len(CUSTOM):
        raise _bad("custom_categories", f"give a list of at most {len(CUSTOM)} cards")
    cards = []
    for card in value:
        if (not isinstance(card, Sequence) or isinstance(card, str)
                or len(card) != CATEGORIES_PER_CARD):
            raise _bad("custom_categories", f"each card has exactly {CATEGORIES_PER_CARD} categories")
        texts = []
        for raw in card:
            text = clean(raw, MAX_CATEGORY_LEN)
            if text is None:
                raise _bad("custom_categories",
                           f"a category is a text of 1 to {MAX_CATEGORY_LEN} characters with letters")
            if any(same_text(text, other) for other in texts):
                raise _bad("custom_categories", "the four categories of a card must differ")
            texts.append(text)
        cards.append(tuple(texts))
    return tuple(cards)


def _stack(value: Any, mode: str, n_custom: int) -> Mapping[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) - {"category", "deck"}:
        raise _bad("stack", "give an object with 'category' and/or 'deck'")
    allowed = {c.id for c in WORD_CARDS.values() if not c.custom}
    allowed |= {c.id for c in CUSTOM[:n_custom]}
    if MODES[mode].numbers:
        allowed |= set(NUMBER_CARDS)
    category = value.get("category")
    deck = value.get("deck", ())
    if category is not None and (not is_word_card(category) or category not in allowed):
        raise _bad("stack", "the first Category Card must be a Category/Letter card of this game")
    if not isinstance(deck, Sequence) or isinstance(deck, str):
        raise _bad("stack", "'deck' is a list of card ids")
    given = list(deck) + ([category] if category else [])
    if not all(isinstance(c, str) and c in allowed for c in given) or len(set(given)) != len(given):
        raise _bad("stack", "uses cards that are not in this game (or twice)")
    return {"category": category, "deck": tuple(deck)}


def finite(value: Any) -> bool:
    """A real, finite number (not a bool)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))
