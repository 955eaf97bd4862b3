"""Rule invariants of the UNO engine over random seeded games (hypothesis).

Each example deals a game with random table options (edition, 2-10 players, scoring
variant, teams, ``wd4_bluff``, house rules, ...) and plays it with a random policy driven
by a seeded ``random.Random``: usually the seat on turn plays (plays are preferred so that
hands end), sometimes it draws or keeps, and now and then a random seat makes an
out-of-turn UNO call or catch. After every move the test checks:

* the cards are conserved (draw pile + discards + hands == the table's deck);
* exactly one seat is to act while a hand is played (or nobody: hand/game over);
* out-of-turn moves (``uno``/``catch``) do not touch the turn, the piles' top, pending
  answers or a drawn card;
* ``apply`` accepts exactly the moves ``legal_moves`` lists, out of a superset of
  candidate moves, and raises ``IllegalMove`` leaving the state unchanged otherwise;
* the state round-trips through JSON;
* no view shows a seat cards it does not hold, the table's view shows no hand at all,
  and every view is JSON-able.

At the end the recorded moves are replayed from the same seed: the same states follow.
Two regressions these properties found are pinned by plain tests at the end of the file.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.engine import IllegalMove, get_game
from tablegames.engine.uno.cards import ALL_COLORS, colors, is_card
from tablegames.engine.uno.state import UnoState, deck_for
from tests.engine.budget import examples

UNO = get_game("uno")
CALLS = frozenset({"uno", "catch"})
PRIVATE_KEYS = frozenset({"hand", "drawn", "reveal", "playable", "can", "catchable"})
MENU = ("others_draw_2", "discard_wilds", "skip_all", "situps", "song",
        {"kind": "dare", "text": "Hop on one foot", "n": 1},
        {"kind": "free", "text": "Say the colour out loud"})


# -- strategies ------------------------------------------------------------------------

@st.composite
def tables(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    """A player count and table options covering every edition and variant."""
    edition = draw(st.sampled_from(("classic", "plus", "motu")))
    n = draw(st.integers(2, 10))
    teams = n == 4 and draw(st.booleans())
    scoring = "standard" if teams else draw(st.sampled_from(("standard", "lowest", "elimination")))
    opts: dict[str, Any] = {
        "edition": edition,
        "scoring": scoring,
        "teams": teams,
        "target": draw(st.sampled_from((1, 25, 60, 150, 500))),
        "wd4_bluff": draw(st.booleans()),
        "two_player_rules": draw(st.booleans()),
        "dealer": draw(st.one_of(st.sampled_from(("high_card", "random")), st.integers(0, n - 1))),
    }
    if edition == "plus" and draw(st.booleans()):
        opts["house_rules"] = draw(st.lists(st.sampled_from(MENU), max_size=3))
    return n, opts


# -- the random policy -------------------------------------------------------------------

def choose(s: UnoState, rng: random.Random) -> tuple[int, dict[str, Any]] | None:
    """A random legal move for a random seat (None once the game is over)."""
    n = len(s.players)
    if s.phase == "game_over":
        return None
    if s.phase == "hand_over":
        return None, {"type": "next_hand"}  # a system move
    # Out of turn: someone catches an exposed player or the exposed player calls UNO.
    if (s.exposed and rng.random() < 0.5) or rng.random() < 0.1:
        seat = rng.randrange(n)
        calls = [m for m in UNO.legal_moves(s, seat) if m["type"] in CALLS]
        if calls:
            return seat, rng.choice(calls)
    seat = s.turn
    moves = UNO.legal_moves(s, seat)
    uno = [m for m in moves if m["type"] == "uno"]
    if uno and rng.random() < 0.6:
        return seat, uno[0]
    plays = [m for m in moves if m["type"] == "play"]
    if plays and rng.random() < 0.85:
        return seat, rng.choice(plays)
    turn_moves = [m for m in moves if m["type"] not in CALLS]
    return seat, rng.choice(turn_moves)


# -- invariants ------------------------------------------------------------------------

def check_cards(s: UnoState) -> None:
    held = Counter(s.draw_pile) + Counter(s.discard)
    for hand in s.hands:
        held.update(hand)
    deck = Counter(deck_for(s.options))
    assert held == deck, f"cards not conserved: extra {held - deck}, missing {deck - held}"
    assert s.discard, "the discard pile is never empty"
    if s.phase == "play":
        assert all(not s.hands[p] for p in s.out), "an eliminated seat holds cards"


def check_turns(s: UnoState) -> dict[int, list[dict]]:
    """Exactly one seat may make turn moves while a hand is played; returns every seat's moves."""
    n = len(s.players)
    moves = {p: UNO.legal_moves(s, p) for p in range(n)}
    for p, ms in moves.items():
        keys = [_key(m) for m in ms]
        assert len(keys) == len(set(keys)), f"seat {p} has duplicate legal moves: {ms}"
    if s.phase == "play":
        assert s.turn in s.active, f"turn {s.turn} is not an active seat"
        assert any(m["type"] not in CALLS for m in moves[s.turn]), \
            f"seat {s.turn} is on turn but has no turn move: {moves[s.turn]}"
        for p in range(n):
            if p != s.turn:
                assert all(m["type"] in CALLS for m in moves[p]), \
                    f"seat {p} is not on turn yet may {moves[p]}"
        if s.drawn is not None:
            assert s.drawn in s.hands[s.turn], "the drawn card is not in the drawer's hand"
        if not (s.pending and s.pending["kind"] == "color"):
            assert s.color in colors(s.options["edition"]), f"colour in play {s.color!r}"
        assert set(s.exposed) <= set(s.active)
        assert all(len(s.hands[p]) == 1 for p in s.exposed), "an exposed seat holds more than one card"
    else:
        assert s.phase in ("hand_over", "game_over"), s.phase
        assert s.turn == -1 and s.pending is None and s.drawn is None and not s.exposed
        want: list = []  # next_hand is a system move: no seat lists it
        for p in range(n):
            assert moves[p] == (want if p in s.active else []), (p, moves[p])
        assert (UNO.result(s) is None) == (s.phase == "hand_over")
    return moves


def check_out_of_turn(before: UnoState, after: UnoState, move: Mapping[str, Any]) -> None:
    """UNO calls and catches change calls, exposure and (catch) a hand and the piles only."""
    if move["type"] not in CALLS:
        return
    assert after.discard[-1] == before.discard[-1]  # a catch may reshuffle the pile below it
    for name in ("phase", "turn", "direction", "color", "drawn", "pending", "reveal",
                 "scores", "hand_no", "dealer"):
        assert getattr(after, name) == getattr(before, name), \
            f"out-of-turn {move} changed {name}: {getattr(before, name)!r} -> {getattr(after, name)!r}"


def check_json(s: UnoState) -> None:
    text = UNO.to_json(s)
    back = UNO.from_json(text)
    assert back == s, "JSON round trip changed the state"
    assert UNO.to_json(back) == text


def check_views(s: UnoState) -> None:
    table = UNO.view(s, None)
    json.dumps(table)
    assert not PRIVATE_KEYS & set(table), f"the table's view holds {PRIVATE_KEYS & set(table)}"
    _no_card_lists(table)
    for seat in range(len(s.players)):
        v = UNO.view(s, seat)
        json.dumps(v)
        own = Counter(s.hands[seat])
        assert Counter(v["hand"]) == own, f"seat {seat} sees a hand it does not hold"
        if v["drawn"] is not None:
            assert seat == s.turn and v["drawn"] == s.drawn and v["drawn"] in own
        assert set(v["playable"]) <= set(own)
        shown = s.reveal is not None and s.reveal["to"] == seat
        assert ("reveal" in v) == shown, f"seat {seat} reveal {v.get('reveal')} of {s.reveal}"
        if shown:
            assert Counter(v["reveal"]["cards"]) == Counter(s.reveal["cards"])
            assert v["reveal"]["of"] == s.reveal["of"]
        if v["pending"] is not None:
            assert "guilty" not in v["pending"] and "prev_color" not in v["pending"]
        _no_card_lists({k: x for k, x in v.items() if k not in ("hand", "playable", "reveal")})


def _no_card_lists(obj: Any, path: str = "view") -> None:
    """No list anywhere in ``obj`` names cards (hands only travel in the allowed keys)."""
    if isinstance(obj, Mapping):
        for k, x in obj.items():
            _no_card_lists(x, f"{path}.{k}")
    elif isinstance(obj, (list, tuple)):
        assert not any(is_card(x) for x in obj), f"{path} lists cards: {obj}"
        for i, x in enumerate(obj):
            _no_card_lists(x, f"{path}[{i}]")


# -- apply accepts exactly the legal moves ---------------------------------------------

def candidates(s: UnoState, seat: int, full: bool) -> Iterator[Any]:
    """A superset of every move ``seat`` could make, plus malformed ones.

    Every card of the deck (and a few non-cards) is tried bare, with every colour and with
    a target; the wild cards ``seat`` holds get the whole colour x target grid. ``full``
    (the seat on turn) also crosses every card with a target and a colour.
    """
    n = len(s.players)
    targets = [None, *range(n), n, -1]
    cards = sorted(set(deck_for(s.options))) + ["r10", "x1", "W+2"]
    held_wilds = {c for c in s.hands[seat] if c.startswith("W")}
    other = (seat + 1) % n
    for card in cards:
        if card in held_wilds:
            grid = [(color, target) for color in (None, *ALL_COLORS) for target in targets]
        else:
            grid = [(color, None) for color in (None, *ALL_COLORS)] + [(None, other)]
            if full:
                grid += [(color, other) for color in ALL_COLORS]
        for color, target in grid:
            yield _move("play", card=card, color=color, target=target)
    for kind in ("draw", "pass", "uno", "challenge", "accept", "next_hand"):
        yield {"type": kind}
    for target in targets:
        yield _move("catch", target=target)
        for color in (None, *ALL_COLORS):
            yield _move("choose_color", color=color, target=target)
    for done in (True, False, None, "yes"):
        yield _move("dare", done=done)
    # garbage: unknown types, extra keys, wrong value types
    yield from ({}, {"type": "fold"}, {"type": 7}, {"type": "draw", "card": "r1"},
                {"type": "uno", "target": seat}, {"type": "play", "card": 5},
                {"type": "play", "card": ["r1"]}, {"type": "play", "card": "r\u00b2"},
                {"type": "play", "card": "g\u0663"}, {"type": "catch", "target": "1"},
                {"type": "play", "card": "W", "color": ["r"]}, "draw", None)


def _move(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, **{k: v for k, v in fields.items() if v is not None}}


def _key(move: Any) -> str:
    return json.dumps(move, sort_keys=True)


def check_exact_moves(s: UnoState, seat: int, legal: list[dict], full: bool) -> None:
    before = UNO.to_json(s)
    pool = {_key(m): m for m in candidates(s, seat, full)}
    missing = [m for m in legal if _key(m) not in pool]
    assert not missing, f"legal moves outside the candidate superset: {missing}"
    accepted = set()
    for key, move in pool.items():
        try:
            UNO.apply(s, seat, move)
        except IllegalMove as exc:
            assert exc.code and exc.message, exc
        else:
            accepted.add(key)
    want = {_key(m) for m in legal}
    assert accepted == want, (
        f"seat {seat}: accepted but not legal {sorted(accepted - want)}; "
        f"legal but refused {sorted(want - accepted)}")
    if UNO.to_json(s) != before:  # find the move that changed its input
        for move in pool.values():
            snapshot = UNO.to_json(s)
            try:
                UNO.apply(s, seat, move)
            except IllegalMove:
                pass
            assert UNO.to_json(s) == snapshot, f"apply({seat}, {move}) changed its input state"
        raise AssertionError("apply changed its input state")


# -- the properties ---------------------------------------------------------------------

def play_game(n: int, opts: dict[str, Any], seed: int, policy_seed: int, max_steps: int,
              exact_every: int, rng_checks: random.Random | None = None) -> None:
    names = [f"P{i}" for i in range(n)]
    s = UNO.new(names, opts, seed=seed)
    assert UNO.new(names, opts, seed=seed) == s, "new() is not deterministic"
    rng = random.Random(policy_seed)
    states = [s]
    record: list[tuple[int, dict]] = []
    check_cards(s)
    legal = check_turns(s)
    check_json(s)
    check_views(s)
    for step in range(max_steps):
        if exact_every and step % exact_every == 0:
            _check_some_seats(s, legal, rng)
        picked = choose(s, rng)
        if picked is None:
            break
        seat, move = picked
        before_json = UNO.to_json(s)
        new = UNO.apply(s, seat, move)
        assert UNO.to_json(s) == before_json, f"apply({seat}, {move}) changed its input state"
        check_out_of_turn(s, new, move)
        s = new
        record.append((seat, move))
        states.append(s)
        check_cards(s)
        legal = check_turns(s)
        check_json(s)
        check_views(s)
    # replay: the same seed and moves give the same states
    r = UNO.new(names, opts, seed=seed)
    assert r == states[0]
    for i, (seat, move) in enumerate(record):
        r = UNO.apply(r, seat, move)
        assert r == states[i + 1], f"replay differs after move {i}: {seat} {move}"
    assert UNO.to_json(r) == UNO.to_json(s)


def _check_some_seats(s: UnoState, legal: dict[int, list[dict]], rng: random.Random) -> None:
    """The exact-move check for the seat on turn (full grid) and one random seat."""
    n = len(s.players)
    seats = {rng.randrange(n)}
    if s.phase == "play":
        seats.add(s.turn)
    for seat in sorted(seats):
        check_exact_moves(s, seat, legal[seat], full=(seat == s.turn))


SEEDS = st.integers(0, 2**32 - 1)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=SEEDS, policy_seed=SEEDS, max_steps=st.integers(1, 400))
def test_random_games_keep_the_invariants(table, seed, policy_seed, max_steps):
    n, opts = table
    play_game(n, opts, seed, policy_seed, max_steps, exact_every=0)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=SEEDS, policy_seed=SEEDS, max_steps=st.integers(1, 120))
def test_apply_accepts_exactly_the_legal_moves(table, seed, policy_seed, max_steps):
    n, opts = table
    play_game(n, opts, seed, policy_seed, max_steps, exact_every=1)


# -- regressions found by the properties above ----------------------------------------

def test_calling_uno_after_drawing_keeps_the_drawn_card_rule():
    """An UNO call is no turn move: the drawn card stays the only one that may be played."""
    s = UNO.new(["P0", "P1", "P2"], {"dealer": 0, "stack": {
        "hands": [["r1", "r2"], ["g5"], ["b3", "b4"]], "top": "g7", "draw": ["g2"]}}, seed=1)
    s = UNO.apply(s, 1, {"type": "draw"})
    assert s.drawn == "g2" and s.turn == 1
    s = UNO.apply(s, 1, {"type": "uno"})
    assert s.drawn == "g2" and s.uno_said == (1,)
    moves = UNO.legal_moves(s, 1)
    assert {"type": "play", "card": "g5"} not in moves and {"type": "draw"} not in moves
    assert {"type": "play", "card": "g2"} in moves and {"type": "pass"} in moves
    for move, code in (({"type": "play", "card": "g5"}, "only_drawn_card"),
                       ({"type": "draw"}, "already_drew")):
        try:
            UNO.apply(s, 1, move)
        except IllegalMove as exc:
            assert exc.code == code
        else:
            raise AssertionError(f"{move} accepted after drawing")


def test_a_card_code_with_a_non_ascii_digit_is_refused_as_no_card():
    s = UNO.new(["P0", "P1"], {"dealer": 0}, seed=1)
    for card in ("r\u00b2", "g\u0663", "b\uff17"):
        try:
            UNO.apply(s, s.turn, {"type": "play", "card": card})
        except IllegalMove as exc:
            assert exc.code == "bad_card", exc
        else:
            raise AssertionError(f"{card!r} accepted")
