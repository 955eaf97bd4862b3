"""The Upwords bot: plays from the move generator's ranking, challenges invalid words.

From its seat's view (board: top letters and heights; its rack) the generator
(:mod:`movegen`) lists every legal play with the table's dictionary, best score first.
A level picks within a window of that ranking (``hard`` the best play, lower levels
further down), so a bot never plays a word outside the dictionary and never loses a
challenge. With no play it exchanges its least useful tile (Qu, J, X, Z, a third copy...)
while the bag has tiles, else passes. When the last play may be challenged and one of
its words is not in the dictionary, it challenges (at a level's rate); it never
challenges a valid word.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tablegames.engine.upwords.movegen import generate
from tablegames.engine.upwords.wordgraph import graph_for

LEVELS: dict[str, dict[str, Any]] = {
    "random": {"random": True},
    # window: the share of the ranking the bot picks from, (best end, worst end); random:
# any legal move (a play, an exchange, a pass)
    "easy": {"window": (0.1, 0.6), "challenge": 0.4, "max_tiles": 5},
    "normal": {"window": (0.0, 0.25), "challenge": 0.8, "max_tiles": 7},
    "hard": {"window": (0.0, 0.0), "challenge": 1.0, "max_tiles": 7},
}
_AWKWARD = "QJXZKVWYFBHG"  # tiles a player is happiest to give back, worst first


def dictionaries(game: Any, options: Mapping[str, Any]) -> tuple[Any, Any]:
    """(words, plurals) of a table with these options, as the engine judges its plays."""
    if game is None:
        from tablegames.engine import get_game
        game = get_game("upwords")
    words_for = getattr(game, "words_for", None)
    words = words_for(options) if words_for else game.words
    plurals_for = getattr(game, "plurals_for", None)
    return words, (plurals_for(options) if plurals_for else None)


def choose(view: Mapping[str, Any], legal: list[dict[str, Any]], rng: random.Random,
           params: Mapping[str, Any], memory: Mapping[str, Any], game: Any = None
           ) -> dict[str, Any] | None:
    """The bot's move now (None: out of turn, nothing to challenge)."""
    seat = view["seat"]
    types = {m["type"] for m in legal}
    if "challenge" in types and view.get("last"):
        words, _ = dictionaries(game, view.get("options", {}))
        bad = [w["word"] for w in view["last"].get("words", ()) if w["word"] not in words]
        rate = 0.5 if params.get("random") else params["challenge"]
        if bad and rng.random() < rate:
            return {"type": "challenge"}
    if view.get("turn") != seat:
        return None
    can = set(view.get("can", ()))
    plays = []
    if "place" in can:
        words, plurals = dictionaries(game, view.get("options", {}))
        plays = generate(view["board"], view.get("rack", ()), graph_for(words), plurals=plurals)
    if params.get("random"):
        options = [p.move() for p in plays] + [m for m in legal if m["type"] != "challenge"]
        return rng.choice(options) if options else None
    plays = [p for p in plays if len(p.tiles) <= params["max_tiles"]] or plays
    if plays:
        lo, hi = params["window"]
        a = int(lo * (len(plays) - 1))
        b = max(a, int(hi * (len(plays) - 1)))
        return plays[rng.randint(a, b)].move()
    exchanges = [m for m in legal if m["type"] == "exchange"]
    if exchanges:
        rack = list(view.get("rack", ()))
        def badness(m: Mapping[str, Any]) -> tuple[int, int, str]:
            t = m["tile"]
            return (_AWKWARD.index(t) if t in _AWKWARD else len(_AWKWARD), -rack.count(t), t)
        return min(exchanges, key=badness)
    if {"type": "pass"} in legal:
        return {"type": "pass"}
    return legal[0]
