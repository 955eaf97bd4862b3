"""The UNO bot: chooses among the moves the engine offers, from its seat's view only.

It picks from ``legal_moves`` (so it stays legal whatever the edition and house rules)
and ranks each move by what the view shows:

* plays: going out first; a coloured card before a wild (wilds are kept for when no
  other card goes, or to stop a player about to go out); the colour it holds most
  (a wild's colour, and which of two matching cards: the one leaving the colour held
  most in play); Draw Two, Skip, Reverse, Wild Draw Four and Greyskull against a next
  player down to one or two cards; high cards dumped early; Swap Hands with the player
  holding fewest cards, and only when that hand is smaller than its own;
* after drawing: the drawn card if it plays (a wild is kept when nobody is close to
  going out and the hand is still big);
* UNO: called before playing its second-last card (an ``easy`` bot sometimes forgets)
  and at once when it is caught out; players who forget are caught (faster at higher
  levels; never the partner in team play);
* a Wild Draw Four is challenged only when bluffing is allowed at the table and the odds
  that its player held the colour (guessed from how many cards they hold) beat the
  level's threshold;
* every pending answer of every edition: the colour of a wild turned up first, Swap
  Hands' partner, the Customizable Wild's dare; unknown move types (house rules added
  later) are answered by the nearest known kind, or the first such move;
* house rules: a Draw Two / Wild Draw Four stacked on when it can (the penalty moves on),
  a 7's swap taken with the smallest hand, a jump-in made at the level's rate.

Levels are data (:data:`LEVELS`): how often a bot forgets UNO, catches, plays a careless
card (``blunder``), whether it keeps wilds and attacks, how much it weighs colours, when
it challenges. ``random`` plays any card that goes (drawing only when none does), answers
at random and calls or catches half the time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.engine.uno.cards import CARDS, COLOR_OF, FACE_OF, WILDS

LEVELS: dict[str, dict[str, Any]] = {
    "random": {"random": True, "act_out_of_turn": 0.5},
    "easy": {"forget_uno": 0.35, "call_when_caught": 0.5, "catch": 0.25, "keep_wilds": False,
             "attack": False, "colour_weight": 1.0, "challenge_above": 0.6, "dare_done": 1.0,
             "jump_in": 0.2, "blunder": 0.5},
    "normal": {"forget_uno": 0.05, "call_when_caught": 0.9, "catch": 0.6, "keep_wilds": True,
               "attack": True, "colour_weight": 3.0, "challenge_above": 0.45, "dare_done": 1.0,
               "jump_in": 0.6, "blunder": 0.15},
    "hard": {"forget_uno": 0.0, "call_when_caught": 1.0, "catch": 0.95, "keep_wilds": True,
             "attack": True, "colour_weight": 3.0, "challenge_above": 0.3, "dare_done": 1.0,
             "jump_in": 0.9, "lookahead": True},
}
ATTACKS = {"+2": 3.0, "S": 2.0, "R": 1.5, "W+4": 4.0, "WG": 3.0}
TURN_KINDS = ("play", "draw", "pass")


def _seats_in(view: Mapping[str, Any]) -> list[int]:
    return [p["seat"] for p in view["players"] if not p.get("out")]


def _next_seat(view: Mapping[str, Any], seat: int) -> int:
    act = _seats_in(view)
    if seat not in act:
        return seat
    return act[(act.index(seat) + view.get("direction", 1)) % len(act)]


def _partner(view: Mapping[str, Any], seat: int, other: int) -> bool:
    if not view.get("options", {}).get("teams"):
        return False
    team = {p["seat"]: p.get("team") for p in view["players"]}
    return team.get(seat) is not None and team.get(seat) == team.get(other)


def _cards(view: Mapping[str, Any], seat: int) -> int:
    return next(p["cards"] for p in view["players"] if p["seat"] == seat)


def _held(hand: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in hand:
        col = COLOR_OF.get(c, "")
        if col:
            out[col] = out.get(col, 0) + 1
    return out


def choose(view: Mapping[str, Any], legal: list[dict[str, Any]], rng: random.Random,
           params: Mapping[str, Any], memory: Mapping[str, Any], game: Any = None
           ) -> dict[str, Any] | None:
    """The bot's move now, or None (out of turn, nothing worth doing)."""
    seat = view["seat"]
    on_turn = view.get("turn") == seat and view.get("phase") == "play"
    turn_moves = [m for m in legal if m["type"] not in ("uno", "catch", "jump_in")]
    jumps = [m for m in legal if m["type"] == "jump_in"]
    if params.get("random"):
        if jumps and rng.random() < params["act_out_of_turn"]:
            return rng.choice(jumps)
        return _random(view, legal, turn_moves, on_turn, rng, params)
    hand = list(view.get("hand", ()))
    # calls and catches
    if {"type": "uno"} in legal and len(hand) == 1:  # caught out: call it now
        if rng.random() < params["call_when_caught"]:
            return {"type": "uno"}
    catches = [m for m in legal if m["type"] == "catch" and not _partner(view, seat, m["target"])]
    if catches and rng.random() < params["catch"]:
        return min(catches, key=lambda m: (_cards(view, m["target"]), m["target"]))
    if jumps and rng.random() < params["jump_in"]:  # the identical card, out of turn
        return jumps[0]
    if not on_turn or not turn_moves:
        return None
    pending = view.get("pending")
    if pending:
        return _answer(view, pending, turn_moves, rng, params)
    move = _turn(view, hand, turn_moves, rng, params)
    # about to go down to one card: call UNO first (unless this bot forgets)
    if (move.get("type") == "play" and len(hand) == 2 and {"type": "uno"} in legal
            and rng.random() >= params["forget_uno"]):
        return {"type": "uno"}
    return move


def _random(view: Mapping[str, Any], legal: list[dict[str, Any]],
            turn_moves: list[dict[str, Any]], on_turn: bool, rng: random.Random,
            params: Mapping[str, Any]) -> dict[str, Any] | None:
    """Random: a call or catch now and then; on turn, any card that goes (drawing only
    when none does), any answer."""
    calls = [m for m in legal if m["type"] in ("uno", "catch")]
    if calls and rng.random() < params["act_out_of_turn"]:
        return rng.choice(calls)
    if not on_turn or not turn_moves:
        plays = [m for m in turn_moves if m["type"] == "play"]
        return rng.choice(plays) if plays and rng.random() < params["act_out_of_turn"] else None
    plays = [m for m in turn_moves if m["type"] == "play"]
    return rng.choice(plays or turn_moves)


def _answer(view: Mapping[str, Any], pending: Mapping[str, Any], moves: list[dict[str, Any]],
            rng: random.Random, params: Mapping[str, Any]) -> dict[str, Any]:
    kind = pending.get("kind")
    seat = view["seat"]
    hand = list(view.get("hand", ()))
    types = {m["type"] for m in moves}
    if "choose_color" in types:
        colours = [m for m in moves if m["type"] == "choose_color"]
        if pending.get("swap") or any("target" in m for m in colours):
            # the hand goes to the target: take the smallest hand, name the colour we
            # give away least of (we will no longer hold our cards)
            held = _held(hand)
            return min(colours, key=lambda m: (_cards(view, m.get("target", seat)),
                                               held.get(m["color"], 0), m["color"],
                                               m.get("target", 0)))
        held = _held(hand)
        return max(colours, key=lambda m: (held.get(m["color"], 0), -colours.index(m)))
    plays = [m for m in moves if m["type"] == "play"]
    if plays and kind in ("draw2", "wd4") and rng.random() >= params.get("blunder", 0.0):
        return _best_play(view, hand, plays, params)  # stacking: the penalty moves on
    if "swap" in types:  # a 7's swap (house rule 7-0): take the smallest hand
        swaps = [m for m in moves if m["type"] == "swap"]
        return min(swaps, key=lambda m: (_partner(view, seat, m["target"]),
                                         _cards(view, m["target"]), m["target"]))
    if kind == "wd4" and "accept" in types:
        if "challenge" in types and view.get("options", {}).get("wd4_bluff"):
            by = pending.get("by")
            left = _cards(view, by) if by is not None else 7
            guilty = 1 - 0.75 ** max(left, 0)  # odds they held a card of the colour
            if guilty > params["challenge_above"]:
                return {"type": "challenge"}
        return {"type": "accept"}
    if "dare" in types:
        done = rng.random() < params["dare_done"]
        return next((m for m in moves if m.get("done") is done), moves[0])
    if plays:
        return _best_play(view, hand, plays, params)
    for kind in ("accept", "pass", "draw"):
        for m in moves:
            if m["type"] == kind:
                return m
    return moves[0]


def _turn(view: Mapping[str, Any], hand: list[str], moves: list[dict[str, Any]],
          rng: random.Random, params: Mapping[str, Any]) -> dict[str, Any]:
    plays = [m for m in moves if m["type"] == "play"]
    drawn = view.get("drawn")
    others = [m for m in moves if m["type"] not in ("play",)]
    if plays:
        if rng.random() < params.get("blunder", 0.0):
            return rng.choice(plays)  # a careless card (still a legal one)
        best = _best_play(view, hand, plays, params)
        if drawn and others and _keep_drawn(view, hand, best, params):
            return next(m for m in others if m["type"] == "pass") if any(
                m["type"] == "pass" for m in others) else best
        return best
    for kind in ("draw", "pass"):
        for m in moves:
            if m["type"] == kind:
                return m
    return _fallback(moves)


def _fallback(moves: list[dict[str, Any]]) -> dict[str, Any]:
    return moves[0]


def _threat(view: Mapping[str, Any], seat: int) -> int:
    """How close the next player (an opponent) is to going out: 2 at one card, 1 at two."""
    nxt = _next_seat(view, seat)
    if nxt == seat or _partner(view, seat, nxt):
        return 0
    n = _cards(view, nxt)
    return 2 if n <= 1 else 1 if n == 2 else 0


def _keep_drawn(view: Mapping[str, Any], hand: list[str], best: Mapping[str, Any],
                params: Mapping[str, Any]) -> bool:
    card = best.get("card", "")
    return (params["keep_wilds"] and card in WILDS and _threat(view, view["seat"]) == 0
            and len(hand) > 4)


def _goes(card: str, top: str, colour: str) -> bool:
    """Whether ``card`` may follow ``top`` in ``colour`` (wilds always go)."""
    return card in WILDS or COLOR_OF[card] == colour or FACE_OF[card] == FACE_OF[top]


def _lacking(view: Mapping[str, Any], seat: int) -> str:
    """The colour in play when the player who just moved drew and kept (so that they
    hold no card of it), else ``""``."""
    events = view.get("events", ())
    kept = [e for e in events if e.get("type") == "keep" and e.get("seat") != seat]
    if kept and not _partner(view, seat, kept[-1]["seat"]):
        return view.get("color", "")
    return ""


def _best_play(view: Mapping[str, Any], hand: list[str], plays: list[dict[str, Any]],
               params: Mapping[str, Any]) -> dict[str, Any]:
    seat = view["seat"]
    threat = _threat(view, seat) if params["attack"] else 0
    least = min((p["cards"] for p in view["players"] if p["seat"] != seat and not p.get("out")
                 and not _partner(view, seat, p["seat"])), default=7)
    two = len(_seats_in(view)) == 2
    lacking = _lacking(view, seat)
    scored = []
    for i, m in enumerate(plays):
        card = m["card"]
        after = list(hand)
        if card in after:
            after.remove(card)
        info = CARDS.get(card)
        face = FACE_OF.get(card, "")
        v = 0.0
        if not after:
            v += 1000.0
        wild = card in WILDS
        colour = m.get("color") or COLOR_OF.get(card, "")
        held = _held(after)
        v += params["colour_weight"] * held.get(colour, 0)
        v += (info.value if info else 0) / 10.0
        if wild and params["keep_wilds"]:
            v -= 8.0 if threat == 0 else 2.0
        if threat and face in ATTACKS:
            v += 6.0 * threat * ATTACKS[face]
        elif params["attack"] and face in ("W+4", "WG") and least <= 2:
            v += 6.0
        if face == "WS" or "target" in m:
            target = m.get("target")
            if target is not None:
                theirs = _cards(view, target)
                v += 3.0 * (len(after) - theirs) - (50.0 if _partner(view, seat, target) else 0)
                if theirs >= len(after):
                    v -= 20.0
        if face == "WG":  # everyone else draws 3: worth it while the piles hold cards
            v += 4.0 if view.get("draw_count", 0) + view.get("discard_count", 0) > 12 else -4.0
        if params.get("lookahead"):
            again = face in ("S", "+2") or (face == "R" and two)
            if again:  # the turn comes back at once: worth it with a card to follow
                follow = any(_goes(c, card, colour) for c in after)
                v += 4.0 if follow else -2.0
            elif threat == 0 and face in ("+2", "W+4"):
                v -= 1.5  # kept to stop a player about to go out
            if lacking and colour == lacking:
                v += 3.0
        scored.append((v, -i, m))
    return max(scored, key=lambda x: (x[0], x[1]))[2]
