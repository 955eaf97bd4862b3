"""The end of a game, for every game: places with shared ties, and the view model's
``game_over`` key (pure: no Reflex).

>>> from tablegames.games.standings import ranked
>>> [(place, p["name"]) for place, p in ranked([{"seat": 0, "name": "Ana", "won": 2},
...     {"seat": 1, "name": "Bia", "won": 5}, {"seat": 2, "name": "Cid", "won": 2}], "won")]
[(1, 'Bia'), (2, 'Ana'), (2, 'Cid')]

Every game's view model builds its ``game_over`` with :func:`game_over`, so the shared
panel (``components/game_over.py``) reads one shape:

- ``title``: "Game over"; ``headline``: "Ana wins!" / "Ana and Bia win!" (the winners
  big); ``winner_names``: "Ana and Bia"; ``target``: the points target, "" when the game
  has none;
- ``lines``: the standings, best first, each ``{"seat", "rank", "place", "name", "score",
  "winner", "me", "detail"}``; tied players share a place ("1st", "1st", "3rd");
- this screen's own result (a phone; "" / False on the table): ``my_place`` ("You won!",
  "2nd place"), ``my_score`` ("170 points"), ``my_winner``; ``celebrate``: the winner's
  motion plays on this screen (the table, and the winners' phones).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablegames.i18n import join_names, ordinal, t

__all__ = ["ranked", "game_over"]


def ranked(players: Sequence[Mapping[str, Any]],
           score: str | Callable[[Mapping[str, Any]], Any]) -> list[tuple[int, Mapping[str, Any]]]:
    """``(place, player)`` from the best down (then by seat); tied players share a place
    and the next place skips (1, 2, 2, 4).

    Args:
        players: each with a ``seat``.
        score: the key of a player's score (higher is better), or a function giving a
            comparable value (a tuple: higher is better, in order).
    """
    value = (lambda p: p[score]) if isinstance(score, str) else score
    values = [value(p) for p in players]
    order = sorted(range(len(players)), key=lambda i: players[i]["seat"])
    order.sort(key=lambda i: values[i], reverse=True)
    return [(1 + sum(1 for v in values if v > values[i]), players[i]) for i in order]


def game_over(lang: str, rows: Sequence[Mapping[str, Any]], me: int, *, title: str | None = None,
              target: str = "", extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The view model's ``game_over`` (see the module docstring for its keys).

    Args:
        lang: the screen's language.
        rows: one per player: ``seat`` (engine seat), ``name``, ``value`` (what ranks
            them, higher is better: a number or a tuple), ``score`` (the score in words,
            "170 points"), ``winner`` (the engine's winners) and optionally ``detail``
            (a second line: "Tiles left: 7 → −35 points"). Winners always come first.
        me: this screen's engine seat (-1: the table).
        title: the panel's small title ("Game over" if None).
        target: the points target in words ("First to 500 points wins."), "" if none.
        extra: a game's own keys, kept beside the shared ones.
    """
    players = [dict(r) for r in rows]
    winners = [p for p in players if p.get("winner")]
    names = join_names(lang, [str(p["name"]) for p in sorted(winners, key=lambda p: p["seat"])])
    lines: list[dict[str, Any]] = []
    for place, p in ranked(players, lambda p: (bool(p.get("winner")), p["value"])):
        lines.append({"seat": int(p["seat"]), "rank": place, "place": ordinal(lang, place),
                      "name": str(p["name"]), "score": str(p["score"]), "winner": bool(p.get("winner")),
                      "me": int(p["seat"]) == me, "detail": str(p.get("detail") or "")})
    mine = next((line for line in lines if line["me"]), None)
    if mine is None:
        my_place = ""
    elif mine["winner"]:
        my_place = t(lang, "ui.endings.you_won" if len(winners) == 1 else "ui.endings.you_share")
    else:
        my_place = t(lang, "ui.endings.your_place", place=mine["place"])
    return {
        **dict(extra or {}),
        "title": t(lang, "ui.game_over") if title is None else title,
        "headline": t(lang, "ui.endings.wins", count=len(winners), winners=names) if winners else "",
        "winner_names": names,
        "target": target,
        "lines": lines,
        "my_place": my_place,
        "my_score": mine["score"] if mine else "",
        "my_winner": bool(mine and mine["winner"]),
        "celebrate": me < 0 or bool(mine and mine["winner"]),
    }
