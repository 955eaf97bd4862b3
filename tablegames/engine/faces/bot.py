"""The Faces Memory bot: remembers the cards it has seen, and forgets by level.

Only the Memory variation has a bot: the main game is about making faces and reading
them, which a program does not do (:func:`supports`).

Memory is plain data (JSON-able), carried between calls by the caller::

    {"known": {"<pos>": "<emotion>"}, "seen": "<signature of the last view observed>"}

:func:`observe` adds every card its seat's view shows: cards turned face up (the last
turn's two cards, ``shown``), and the lifted card when the bot sits on the active
player's left (``peek``). Each time a new turn starts, every remembered card is forgotten
with the level's ``forget`` probability (``hard`` forgets nothing). Cards taken off the
grid are dropped.

On its turn the bot lifts a card of a pair it knows; otherwise a card it does not know.
It turns the lifted card over when it knows where its twin is, or when the odds that the
twin is among the cards it remembers reach its level's ``risk`` (and, so that a table of
careful bots still moves on, with the small ``explore`` chance); else it ends the turn.
The second card is the lifted card's twin when remembered, else a card it knows nothing
about.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

LEVELS: dict[str, dict[str, Any]] = {
    "random": {"random": True},
    "easy": {"forget": 0.3, "risk": 0.6, "explore": 0.3},
    "normal": {"forget": 0.1, "risk": 0.4, "explore": 0.3},
    "hard": {"forget": 0.0, "risk": 0.3, "explore": 0.3},
}


def supports(options: Mapping[str, Any]) -> bool:
    """Bots play Memory only (the main game needs faces made and read)."""
    return options.get("variant") == "memory"


def new_memory() -> dict[str, Any]:
    return {"known": {}, "seen": ""}


def _signature(view: Mapping[str, Any]) -> str:
    return repr((view.get("phase"), view.get("active"), view.get("lifted"),
                 view.get("events"), view.get("grid", {}).get("cards")))


def observe(view: Mapping[str, Any], memory: Mapping[str, Any], params: Mapping[str, Any],
            rng: random.Random) -> dict[str, Any]:
    """The memory after seeing ``view``."""
    if view.get("variant") != "memory":
        return dict(memory)
    sig = _signature(view)
    known = dict(memory.get("known", {}))
    if memory.get("seen") == sig:
        return {"known": known, "seen": sig}
    events = view.get("events", ())
    new_turn = any(e.get("type") == "turn" for e in events)
    if new_turn and params.get("forget", 0) > 0:
        for pos in sorted(known, key=int):
            if rng.random() < params["forget"]:
                del known[pos]
    for e in events:
        if e.get("type") == "flip":
            known[str(e["pos"])] = e["emotion"]
    for item in view.get("flipped", ()):
        known[str(item["pos"])] = item["emotion"]
    shown = view.get("shown") or {}
    for item in shown.get("cards", ()):
        known[str(item["pos"])] = item["emotion"]
    peek = view.get("peek")
    if peek:
        known[str(peek["pos"])] = peek["emotion"]
    places = view.get("grid", {}).get("places", ())
    gone = {str(p["pos"]) for p in places if p["face"] == "none"}
    known = {k: v for k, v in known.items() if k not in gone}
    return {"known": dict(sorted(known.items(), key=lambda kv: int(kv[0]))), "seen": sig}


def choose(view: Mapping[str, Any], legal: list[dict[str, Any]], rng: random.Random,
           params: Mapping[str, Any], memory: Mapping[str, Any], game: Any = None
           ) -> dict[str, Any] | None:
    """The bot's move now (only on its turn)."""
    if params.get("random"):
        return rng.choice(legal)
    places = view["grid"]["places"]
    down = [p["pos"] for p in places if p["face"] == "down"]
    known = {int(k): v for k, v in memory.get("known", {}).items() if int(k) in down}
    unknown = [p for p in down if p not in known]
    by_emotion: dict[Any, list[int]] = {}
    for pos, e in sorted(known.items()):
        by_emotion.setdefault(e, []).append(pos)
    phase = view.get("phase")
    types = {m["type"] for m in legal}
    if phase == "pick" and "pick" in types:
        pairs = [ps for ps in by_emotion.values() if len(ps) >= 2]
        if pairs:
            return {"type": "pick", "pos": min(pairs)[0]}
        pool = unknown or down
        return {"type": "pick", "pos": rng.choice(pool)}
    if phase == "decide":
        lifted = view.get("lifted")
        e = known.get(lifted)
        if e is not None and len(by_emotion.get(e, ())) >= 2:
            return {"type": "flip", "pos": lifted}
        singles = sum(1 for ps in by_emotion.values() if len(ps) == 1 and lifted not in ps)
        odds = singles / max(1, len(unknown)) if e is None else 1 / max(1, len(unknown))
        if odds >= params["risk"] or rng.random() < params["explore"]:
            return {"type": "flip", "pos": lifted}
        return {"type": "end_turn"}
    if phase == "flip":
        first = view["flipped"][0]
        e = first["emotion"]
        twins = [p for p in by_emotion.get(e, ()) if p != first["pos"]]
        flips = [m for m in legal if m["type"] == "flip"]
        allowed = {m.get("pos") for m in flips}
        for p in twins:
            if p in allowed:
                return {"type": "flip", "pos": p}
        pool = [p for p in unknown if p != first["pos"] and p in allowed] or sorted(
            p for p in allowed if p != first["pos"])
        return {"type": "flip", "pos": rng.choice(pool)}
    return legal[0]
