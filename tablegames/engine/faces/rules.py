"""Faces rules: dealing, simultaneous passing, STOP, guessing, scoring, Memory variation.

``apply_move`` copies the state into a mutable :class:`_Table`, applies one move there and
freezes the result, so the input state is never changed. Every refusal raises
:class:`IllegalMove` before anything is touched. docs/faces-rules.md explains each rule
decision (the rulebook's gaps and how they are filled).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.engine.core import IllegalMove, check_move, new_seed, rng_for
from tablegames.engine.faces.cards import (
    COPIES,
    DEAL,
    DECK,
    EMOTION_NUMBERS,
    GRIDS,
    SET_SIZE,
    is_emotion,
)
from tablegames.engine.faces.state import FacesState, bad_option, normalize_options

# Keys each move type may carry (anything else is a tampered or malformed move).
MOVE_KEYS: dict[str, frozenset[str]] = {
    "choose_pass": frozenset({"type", "card", "round"}),
    "stop": frozenset({"type"}),
    "guess": frozenset({"type", "emotion"}),
    "pick": frozenset({"type", "pos"}),
    "flip": frozenset({"type", "pos"}),
    "end_turn": frozenset({"type"}),
}
VARIANT_MOVES: dict[str, frozenset[str]] = {
    "main": frozenset({"choose_pass", "stop", "guess"}),
    "memory": frozenset({"pick", "flip", "end_turn"}),
}

_LISTS = ("pile", "hands", "won", "out", "choices", "received", "passed", "stops", "queue",
          "guessers", "guesses", "grid", "flipped")
_FIELDS = tuple(f.name for f in dataclasses.fields(FacesState))


# -- small helpers -----------------------------------------------------------------------

def sets_in(hand: Sequence[int]) -> tuple[int, ...]:
    """The emotions of which ``hand`` holds three cards (a set), lowest first."""
    counts = Counter(hand)
    return tuple(sorted(e for e, k in counts.items() if k >= SET_SIZE))


def left_of(seat: int, n: int, k: int = 1) -> int:
    """The seat ``k`` places to the left (clockwise) of ``seat``."""
    return (seat + k) % n


def all_cards(s: FacesState) -> Counter:
    """Every card of the game wherever it is (hands, pile, won, box, the mimed set, grid).

    Always the 39-card deck: a test invariant.
    """
    c: Counter = Counter(s.pile)
    for h in s.hands:
        c.update(h)
    for w in s.won:
        c.update(w)
    c.update(s.out)
    if s.mime is not None:
        c[s.mime] += SET_SIZE  # the set lies on the table while it is mimed
    c.update(e for e in s.grid if e is not None)
    return c


def set_holders(s: FacesState | _Table) -> tuple[int, ...]:
    """Seats whose hand holds at least one set (main game)."""
    return tuple(p for p, h in enumerate(s.hands) if sets_in(h))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Table:
    """A mutable copy of a state while one move is applied (lists instead of tuples)."""

    def __init__(self, s: FacesState) -> None:
        self.s = s
        d = self.__dict__
        d.update(s.__dict__)
        for name in _LISTS:
            d[name] = list(d[name])
        self.events: list[dict[str, Any]] = []
        self.n = len(s.players)

    def freeze(self) -> FacesState:
        """The new state (built without re-running the frozen dataclass's ``__init__``)."""
        d = self.__dict__
        values = {name: d[name] for name in _FIELDS}
        for name in _LISTS:
            values[name] = tuple(values[name])
        values["events"] = tuple(self.events)
        new = object.__new__(FacesState)
        object.__setattr__(new, "__dict__", values)
        return new

    def shuffle(self, cards: list[int]) -> list[int]:
        rng_for(self.s.seed, self.rng_count).shuffle(cards)
        self.rng_count += 1
        return cards

    def oldest_first(self, seats: Sequence[int]) -> list[int]:
        """``seats`` ordered from the oldest player clockwise."""
        oldest = self.options["oldest"]
        return sorted(seats, key=lambda p: (p - oldest) % self.n)


# -- a new game --------------------------------------------------------------------------

def new_game(players: Sequence[str], options: Mapping[str, Any] | None,
             seed: int | None) -> FacesState:
    """Creates a game: options checked, cards dealt (main) or the grid laid out (Memory)."""
    if (not isinstance(players, (list, tuple))
            or not all(isinstance(p, str) for p in players)):
        raise IllegalMove("bad_players_list", "Players must be a list of names.")
    n = len(players)
    opts = normalize_options(options, n)
    seed = new_seed() if seed is None else int(seed)
    state = FacesState(players=tuple(players), options=opts, seed=seed,
                       won=((),) * n, hands=((),) * n)
    t = _Table(state)
    if opts["variant"] == "main":
        _deal(t, opts.get("stack"))
    else:
        _lay_out(t, opts.get("stack"))
    return t.freeze()


def _check_cards(cards: Any, what: str) -> list[int]:
    if not isinstance(cards, (list, tuple)) or not all(is_emotion(c) for c in cards):
        raise bad_option("stack", f"{what} must be a list of card numbers 1-13")
    return list(cards)


def _rest_of_deck(t: _Table, used: list[int], stack: Mapping[str, Any] | None = None) -> list[int]:
    """The deck minus ``used``, shuffled (refused if ``used`` has a 4th card of anything).

    With a stack ``{"exact": true}`` the rest stays in the box instead (``t.out``), so the
    pile holds exactly the stacked cards.
    """
    over = Counter(used) - Counter(DECK)
    if over:
        raise bad_option("stack", f"there are only {COPIES} cards of each emotion")
    rest = sorted((Counter(DECK) - Counter(used)).elements())
    if stack is not None and stack.get("exact"):
        t.out = rest
        return []
    return t.shuffle(rest)


def _deal(t: _Table, stack: Mapping[str, Any] | None) -> None:
    """Main game: 10/8/6 cards each for 3/4/5 players; the rest is the draw pile."""
    n = t.n
    if stack is not None:
        hands = stack.get("hands")
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise bad_option("stack", "give one hand per player")
        hands = [_check_cards(h, "a hand") for h in hands]
        pile_first = _check_cards(stack.get("pile", ()), "the pile")
        rest = _rest_of_deck(t, [c for h in hands for c in h] + pile_first, stack)
        order = pile_first + rest  # next card drawn first
        t.hands = [tuple(sorted(h)) for h in hands]
    else:
        order = t.shuffle(list(DECK))
        k = DEAL[n]
        t.hands = [tuple(sorted(order[p * k:(p + 1) * k])) for p in range(n)]
        del order[:n * k]
    t.pile = order[::-1]  # the top of the pile is the last element
    t.choices = [None] * n
    t.received = [None] * n
    t.passed = [None] * n
    t.phase = "passing"
    t.events.append({"type": "deal", "pile": len(t.pile)})
    _check_end(t)


def _lay_out(t: _Table, stack: Mapping[str, Any] | None) -> None:
    """Memory: ``pairs`` emotions, two cards each, face down in the grid; the rest is the pile."""
    pairs = t.options["pairs"]
    if stack is not None:
        grid = _check_cards(stack.get("grid"), "the grid")
        counts = Counter(grid)
        if len(grid) != 2 * pairs or any(k != 2 for k in counts.values()):
            raise bad_option("stack", f"the grid holds {pairs} pairs (two cards of each)")
        pile_first = _check_cards(stack.get("pile", ()), "the pile")
        order = pile_first + _rest_of_deck(t, grid + pile_first, stack)
    else:
        chosen = sorted(t.shuffle(list(EMOTION_NUMBERS))[:pairs])
        grid = t.shuffle([e for e in chosen for _ in range(2)])
        order = _rest_of_deck(t, grid)
    cols, rows = GRIDS[pairs]
    t.grid = grid + [None] * (cols * rows - len(grid))
    t.pile = order[::-1]
    t.hands = [()] * t.n
    t.active = t.options["oldest"]
    t.phase = "pick"
    t.events.append({"type": "layout", "pairs": pairs, "pile": len(t.pile)})
    t.events.append({"type": "turn", "seat": t.active})


# -- legal moves -------------------------------------------------------------------------

def legal_moves(s: FacesState, seat: int) -> list[dict[str, Any]]:
    """Every move ``seat`` may make now."""
    if s.phase == "game_over" or not _whole(seat) or not 0 <= seat < s.n:
        return []
    if s.variant == "memory":
        return _memory_moves(s, seat)
    hand = s.hands[seat]
    if s.phase in ("passing", "stopping"):
        if sets_in(hand):
            return [] if seat in s.stops else [{"type": "stop"}]
        if s.phase == "stopping":
            return []
        return [{"type": "choose_pass", "card": c} for c in sorted(set(hand))
                if c != s.choices[seat]]
    if s.phase == "guessing" and s.guessers and s.guessers[0] == seat:
        return [{"type": "guess", "emotion": e} for e in EMOTION_NUMBERS]
    return []


def _memory_moves(s: FacesState, seat: int) -> list[dict[str, Any]]:
    if seat != s.active:
        return []
    down = [p for p, e in enumerate(s.grid) if e is not None and p not in s.flipped]
    if s.phase == "pick":
        return [{"type": "pick", "pos": p} for p in down]
    if s.phase == "decide":
        return [{"type": "end_turn"}, {"type": "flip", "pos": s.lifted}]
    return [{"type": "flip", "pos": p} for p in down]


# -- applying a move ---------------------------------------------------------------------

def apply_move(s: FacesState, seat: Any, move: Any) -> FacesState:
    """Applies ``move`` by ``seat`` and returns the new state.

    Raises:
        IllegalMove: with a stable code and a sentence a player understands.
    """
    kind = check_move("Faces", s.n, seat, move, MOVE_KEYS)
    if s.phase == "game_over":
        raise IllegalMove("game_over", "The game is over.")
    if kind not in VARIANT_MOVES[s.variant]:
        other = "the Memory variation" if s.variant == "main" else "the main game"
        raise IllegalMove("wrong_variant", f"{kind!r} is a move of {other}, not of this table.",
                          move=kind)
    t = _Table(s)
    _MOVES[kind](t, seat, move)
    return t.freeze()




def _name(t: _Table, seat: int) -> str:
    return t.players[seat]


# -- main game: passing ------------------------------------------------------------------

def _paused(t: _Table) -> IllegalMove:
    return IllegalMove("paused", "The game is paused for a STOP: wait until the sets "
                       "have been played.")


def _choose_pass(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    """Chooses (or changes) the card ``seat`` passes left; the pass happens when all chose."""
    if t.phase != "passing":
        raise _paused(t)
    rnd = move.get("round")
    if rnd is not None:
        if not _whole(rnd) or rnd > t.pass_round or rnd < 1:
            raise IllegalMove("bad_move", f"There is no pass number {rnd!r}.")
        if rnd < t.pass_round:
            raise IllegalMove("pass_round_over",
                              f"Pass {rnd} has already happened: choose a card for pass "
                              f"{t.pass_round}.", round=rnd)
    card = move.get("card")
    if not is_emotion(card):
        raise IllegalMove("not_a_card", f"{card!r} is not a card: cards are numbered 1 to 13.")
    hand = t.hands[seat]
    if sets_in(hand):
        raise IllegalMove("must_stop", "You have three of a kind: call STOP!")
    if card not in hand:
        raise IllegalMove("card_not_held", f"You have no card {card} in your hand.", card=card)
    if t.choices[seat] == card:
        raise IllegalMove("already_chosen", f"You have already chosen card {card} to pass.",
                          card=card)
    first = t.choices[seat] is None
    t.choices[seat] = card
    ready = sum(c is not None for c in t.choices)
    if first:
        t.events.append({"type": "ready", "seat": seat, "count": ready, "total": t.n})
    if ready == t.n:
        _do_pass(t)


def _do_pass(t: _Table) -> None:
    """Everyone gives the chosen card to the player on the left, at the same time."""
    n = t.n
    hands = [list(h) for h in t.hands]
    for p, card in enumerate(t.choices):
        hands[p].remove(card)
    for p, card in enumerate(t.choices):
        hands[left_of(p, n)].append(card)
        t.received[left_of(p, n)] = card
        t.passed[p] = card
    t.hands = [tuple(sorted(h)) for h in hands]
    t.events.append({"type": "pass", "round": t.pass_round})
    t.pass_round += 1
    t.choices = [None] * n


# -- main game: STOP, guessing, scoring --------------------------------------------------

def _stop(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    """``seat`` calls STOP. Once every seat holding a set has called, the sets are mimed."""
    if t.phase == "guessing":
        raise IllegalMove("wait_for_round", "A set is being mimed right now: call STOP when "
                          "this round is over.")
    if seat in t.stops:
        raise IllegalMove("already_stopped", "You have already called STOP.")
    if not sets_in(t.hands[seat]):
        raise IllegalMove("no_set", "You can only call STOP with three cards of the same "
                          "emotion.")
    t.stops.append(seat)
    t.events.append({"type": "stop", "seat": seat})
    if all(p in t.stops for p in set_holders(t)):
        t.queue = [(p, e) for p in t.oldest_first(t.stops) for e in sets_in(t.hands[p])]
        _next_set(t)
    else:
        t.phase = "stopping"


def _next_set(t: _Table) -> None:
    """Starts miming the next queued set, or resumes passing when none is left."""
    if t.queue:
        seat, emotion = t.queue.pop(0)
        hand = list(t.hands[seat])
        for _ in range(SET_SIZE):
            hand.remove(emotion)
        t.hands[seat] = tuple(hand)
        t.mimer, t.mime = seat, emotion
        t.guessers = [left_of(seat, t.n, k) for k in range(1, t.n)]
        t.guesses = []
        t.phase = "guessing"
        t.events.append({"type": "mime", "seat": seat, "target": t.guessers[0]})
        return
    t.stops = []
    t.phase = "passing"
    for p, c in enumerate(t.choices):  # a choice whose card has left the hand lapses
        if c is not None and c not in t.hands[p]:
            t.choices[p] = None
    _check_end(t)


def _guess(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    """One guess; the first guesser is left of the mimer, then clockwise, one guess each."""
    if t.phase != "guessing":
        raise IllegalMove("no_guessing", "Nobody is making a face right now.")
    if seat == t.mimer:
        raise IllegalMove("mimer_cannot_guess", "You are making the face: the others guess.")
    if any(g["seat"] == seat for g in t.guesses):
        raise IllegalMove("already_guessed", "You have had your guess for this face.")
    if seat != t.guessers[0]:
        who = _name(t, t.guessers[0])
        raise IllegalMove("not_your_guess", f"It is {who}'s turn to guess.", player=who)
    emotion = move.get("emotion")
    if not is_emotion(emotion):
        raise IllegalMove("not_an_emotion", f"{emotion!r} is not an emotion: choose one of "
                          "the 13 on the Reference Card.")
    mimer, mime = t.mimer, t.mime
    correct = emotion == mime
    t.guesses.append({"seat": seat, "emotion": emotion, "correct": correct})
    t.guessers.pop(0)
    if correct:
        t.won[seat] = t.won[seat] + (mime,)
        t.won[mimer] = t.won[mimer] + (mime, mime)
        t.events.append({"type": "right_guess", "seat": seat, "by": mimer, "emotion": mime})
        _end_round(t, seat)
        return
    t.events.append({"type": "wrong_guess", "seat": seat, "emotion": emotion})
    if not t.guessers:
        t.won[mimer] = t.won[mimer] + (mime,)
        t.out += [mime, mime]
        t.events.append({"type": "nobody_guessed", "seat": mimer, "emotion": mime})
        _end_round(t, None)


def _end_round(t: _Table, winner: int | None) -> None:
    """The emotion is revealed; the mimer draws 1 card, then up to 3 cards in hand."""
    mimer = t.mimer
    t.last_round = {"mimer": mimer, "emotion": t.mime, "winner": winner,
                    "guesses": tuple(t.guesses)}
    drawn = []
    if t.pile:
        drawn.append(t.pile.pop())
    while t.pile and len(t.hands[mimer]) + len(drawn) < SET_SIZE:
        drawn.append(t.pile.pop())
    t.hands[mimer] = tuple(sorted(t.hands[mimer] + tuple(drawn)))
    t.events.append({"type": "draw", "seat": mimer, "count": len(drawn)})
    if drawn and not t.pile:
        t.events.append({"type": "pile_empty"})
    t.mimer = t.mime = None
    t.guessers, t.guesses = [], []
    _next_set(t)


def _check_end(t: _Table) -> None:
    """Ends the game when the pile is empty, a hand is below 3 and nobody can call STOP."""
    if t.pile or all(len(h) >= SET_SIZE for h in t.hands) or set_holders(t):
        return
    _game_over(t)


def _game_over(t: _Table) -> None:
    scores = [len(w) for w in t.won]
    best = max(scores)
    t.winners = tuple(p for p, k in enumerate(scores) if k == best)
    t.phase = "game_over"
    t.choices = [None] * t.n
    t.events.append({"type": "game_over", "winners": t.winners, "scores": tuple(scores)})


# -- Memory variation --------------------------------------------------------------------

def _my_turn(t: _Table, seat: int) -> None:
    if seat != t.active:
        who = _name(t, t.active)
        raise IllegalMove("not_your_turn", f"It is {who}'s turn, not {_name(t, seat)}'s.",
                          player=who)


def _place(t: _Table, move: Mapping[str, Any], default: int | None = None) -> int:
    pos = move.get("pos", default)
    if not _whole(pos) or not 0 <= pos < len(t.grid) or t.grid[pos] is None:
        raise IllegalMove("no_card_there", f"There is no card at place {pos!r} of the grid.")
    return pos


def _pick(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    """The active player lifts a card: only the player on the left sees it, and mimes it."""
    _my_turn(t, seat)
    if t.phase != "pick":
        raise IllegalMove("already_picked", "You have already lifted a card this turn.")
    pos = _place(t, move)
    t.lifted = pos
    t.shown = None
    t.phase = "decide"
    t.events.append({"type": "pick", "seat": seat, "target": left_of(seat, t.n), "pos": pos})


def _end_turn(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    """The active player ends the turn without trying for a pair."""
    _my_turn(t, seat)
    if t.phase == "pick":
        raise IllegalMove("pick_first", "Lift a card from the grid first.")
    if t.phase == "flip":
        raise IllegalMove("finish_pair", "You have turned over the first card: now turn "
                          "over a second one.")
    t.events.append({"type": "end_turn", "seat": seat})
    _next_turn(t)


def _flip(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    """Turns over the lifted card, then any second card: a pair is kept, a miss pays."""
    _my_turn(t, seat)
    if t.phase == "pick":
        raise IllegalMove("pick_first", "Lift a card from the grid first.")
    if t.phase == "decide":
        pos = _place(t, move, t.lifted)
        if pos != t.lifted:
            raise IllegalMove("flip_lifted_first", "Turn over the card you lifted first.")
        t.flipped = [pos]
        t.phase = "flip"
        t.events.append({"type": "flip", "seat": seat, "pos": pos, "emotion": t.grid[pos]})
        return
    if "pos" not in move:
        raise IllegalMove("bad_move", "Say which card to turn over ('pos').")
    pos = _place(t, move)
    first = t.flipped[0]
    if pos == first:
        raise IllegalMove("already_face_up", "That card is already face up: choose another.")
    a, b = t.grid[first], t.grid[pos]
    t.events.append({"type": "flip", "seat": seat, "pos": pos, "emotion": b})
    paid: list[int] = []
    if a == b:
        t.won[seat] = t.won[seat] + (a, b)
        t.grid[first] = t.grid[pos] = None
        t.events.append({"type": "pair", "seat": seat, "emotion": a})
    else:
        for k in range(1, t.n):  # every other player, clockwise, while the pile lasts
            if not t.pile:
                break
            other = left_of(seat, t.n, k)
            t.won[other] = t.won[other] + (t.pile.pop(),)
            paid.append(other)
        t.events.append({"type": "miss", "seat": seat, "emotions": (a, b), "paid": tuple(paid),
                         "count": len(paid)})
    t.shown = {"seat": seat, "cards": ((first, a), (pos, b)), "pair": a == b,
               "paid": tuple(paid)}
    if sum(e is not None for e in t.grid) <= 2:
        t.flipped, t.lifted = [], None
        _game_over(t)
        return
    _next_turn(t)


def _next_turn(t: _Table) -> None:
    t.active = left_of(t.active, t.n)
    t.lifted = None
    t.flipped = []
    t.phase = "pick"
    t.events.append({"type": "turn", "seat": t.active})


_MOVES = {
    "choose_pass": _choose_pass,
    "stop": _stop,
    "guess": _guess,
    "pick": _pick,
    "flip": _flip,
    "end_turn": _end_turn,
}



def to_act(s: FacesState) -> tuple[int, ...]:
    """The seats the table waits for: in a pass, whoever holds a set (to call STOP) or has
    not chosen a card yet; after a STOP, whoever still holds a set; the guesser on turn;
    in Memory, the player on turn. None once the game is over."""
    if s.phase == "game_over":
        return ()
    if s.variant == "memory":
        return (s.active,)
    if s.phase in ("passing", "stopping"):
        holding = {p for p in range(s.n) if sets_in(s.hands[p]) and p not in s.stops}
        choosing = {p for p in range(s.n) if s.phase == "passing" and s.choices[p] is None
                    and not sets_in(s.hands[p])}
        return tuple(sorted(holding | choosing))
    return (s.guessers[0],) if s.phase == "guessing" and s.guessers else ()
