"""Duel's view model: the screen dict in, everything the phone and table show out.

Pure Python (no Reflex): unit-tested in ``tests/tinygame/test_view_model.py``. Every
sentence comes from a catalog template (plural forms through ``i18n.t(count=...)``); the
pages only lay the fields out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.games import standings
from tablegames.i18n import event_text, number, t

__all__ = ["build"]


def _name(names: Sequence[str], seat: Any) -> str:
    return str(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else ""


def _to_act(screen: Mapping[str, Any], view: Mapping[str, Any]) -> list[int]:
    given = screen.get("to_act")
    return list(given) if isinstance(given, list) and given else list(view.get("to_act") or [])


def _status(lang: str, view: Mapping[str, Any], names: Sequence[str], me: int, to_act: Sequence[int]) -> str:
    if view.get("phase") == "game_over":
        return t(lang, "tiny.status.over")
    if me >= 0 and me in to_act:
        trick = view.get("trick") or []
        if not trick:
            return t(lang, "tiny.status.lead")
        return t(lang, "tiny.status.answer", player=_name(names, trick[0]["seat"]),
                 number=number(lang, trick[0]["number"]))
    return t(lang, "tiny.status.waiting", player=_name(names, to_act[0] if to_act else None))


def _game_over(lang: str, view: Mapping[str, Any], names: Sequence[str], me: int) -> dict[str, Any] | None:
    if view.get("phase") != "game_over":
        return None
    winners = list(view.get("winners") or [])
    tricks = list(view.get("tricks") or [])
    rows = [{"seat": seat, "name": _name(names, seat), "value": tricks[seat], "winner": seat in winners,
             "score": t(lang, "tiny.tricks", count=tricks[seat])} for seat in range(len(names))]
    # the small title names no winner: the headline under it does ("Bia wins!")
    return standings.game_over(lang, rows, me, title=t(lang, "tiny.over.title"))


def build(screen: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Duel's screen data for one phone (``me`` >= 0) or the table (``me`` -1).

    Args:
        screen: what ``rooms.service.screen`` gives (``view`` is the engine's view for this
            seat, None in the lobby), with ``to_act``.
        lang: the screen's language.

    Returns:
        ``{}`` in the lobby; else the keys every game's view model has (``players``,
        ``status``, ``my_turn``, ``events``, ``game_over``) and Duel's own: ``hand`` (this
        phone's cards: ``number``, ``label``, ``id``, ``tappable``), ``hand_title`` ("" with no
        card left),
        ``trick`` (sentences of the cards on the table), ``trick_title``, ``rule``.
    """
    view = screen.get("view") or {}
    if not view:
        return {}
    me = screen.get("me", -1)
    me = me if isinstance(me, int) else -1
    to_act = _to_act(screen, view)
    names = [p["name"] for p in view.get("players", [])]
    my_turn = me >= 0 and me in to_act
    players = [{"seat": p["seat"], "name": p["name"], "me": p["seat"] == me, "to_act": p["seat"] in to_act,
                "score": t(lang, "tiny.tricks", count=p["tricks"]),
                "detail": t(lang, "tiny.cards_left", count=p["cards"])}
               for p in view.get("players", [])]
    trick = view.get("trick") or []
    return {
        "players": players,
        "status": _status(lang, view, names, me, to_act),
        "my_turn": my_turn,
        "events": [event_text(lang, e, names, "tiny") for e in view.get("events", [])],
        "game_over": _game_over(lang, view, names, me),
        "hand": [{"number": c, "label": number(lang, c), "id": f"tiny-card-{c}", "tappable": my_turn}
                 for c in view.get("hand", [])],
        "hand_title": t(lang, "tiny.your_hand") if view.get("hand") else "",
        "trick": [t(lang, "tiny.played", player=_name(names, p["seat"]), number=number(lang, p["number"]))
                  for p in trick] or [t(lang, "tiny.nothing_played")],
        "trick_title": t(lang, "tiny.on_table"),
        "rule": t(lang, "tiny.rule.low" if view.get("low_wins") else "tiny.rule.high"),
    }
