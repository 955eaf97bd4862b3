"""What one seat (or the table) may see of an UNO game: ``view(state, seat)``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.engine.core import PerObject
from tablegames.engine.uno.cards import CARDS
from tablegames.engine.uno.rules import legal_moves
from tablegames.engine.uno.scoring import partner
from tablegames.engine.uno.state import SWITCHES, UnoState

# Options that are public knowledge at the table ("stack" is for tests and stays hidden).
PUBLIC_OPTIONS = ("edition", "target", "scoring", "teams", "two_player_rules", "wd4_bluff",
                  "house_rules", "preset", *SWITCHES)


def _public_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The public options as JSON has them (the state keeps its house rules as a tuple)."""
    out = {k: options.get(k, False) for k in PUBLIC_OPTIONS}
    if isinstance(out.get("house_rules"), tuple):
        out["house_rules"] = [dict(rule) for rule in out["house_rules"]]
    return out


def _json_hands(history: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The hands played so far as JSON has them (the state keeps their scores as tuples)."""
    return [{k: list(v) if isinstance(v, tuple) else v for k, v in h.items()} for h in history]


_options = PerObject(_public_options)  # one entry a game in play
_hands_played = PerObject(_json_hands)  # a move that ends no hand keeps the state's tuple


def _public_view(s: UnoState) -> dict[str, Any]:
    """What every seat's view of ``s`` shows alike (the table's view but its ``seat``)."""
    teams = s.options["teams"]
    pending = None
    if s.pending:
        pending = {k: v for k, v in s.pending.items() if k in ("kind", "by", "swap", "rule")}
        if s.options.get("stacking") and "count" in s.pending:
            pending["count"] = s.pending["count"]  # the stacked penalty so far
        if s.pending["kind"] == "wd4":
            pending["victim"] = s.turn
    return {
        "game": "uno",
        "options": _options(s.options),
        "players": [
            {"seat": p, "name": name, "cards": len(s.hands[p]), "score": s.scores[p],
             "out": p in s.out, "uno": p in s.uno_said,
             "team": (min(p, partner(p)) if teams else None)}
            for p, name in enumerate(s.players)
        ],
        "hand_no": s.hand_no,
        "dealer": s.dealer,
        "phase": s.phase,
        "top": s.discard[-1] if s.discard else None,
        "discard_count": len(s.discard),
        "draw_count": len(s.draw_pile),
        "color": s.color,
        "direction": s.direction,
        "turn": s.turn,
        "pending": pending,
        "exposed": list(s.exposed),
        "events": [dict(e) for e in s.events],
        "history": _hands_played(s.history),
        "winners": list(s.winners),
        "jump": _jump(s),
    }


_shared = PerObject(_public_view, kept=64)  # the five views of a move ask one after the other


def view(s: UnoState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (``None`` for the table, which sees no hand).

    A seat sees its own hand and drawn card, the cards a challenged Wild Draw Four player
    showed it, and what every seat sees: card counts, discard top, colour, direction, turn,
    what is pending (without whether a Wild Draw Four was legal), scores and events. That
    part is built once for a state (every screen of a move asks for it) and the seats'
    views share it: nobody changes a view.
    """
    out = {**_shared(s), "seat": seat}
    if seat is not None and 0 <= seat < len(s.players):
        out["hand"] = sorted(s.hands[seat], key=_SORT_KEYS.__getitem__)
        out["drawn"] = s.drawn if seat == s.turn else None
        playable, can, catchable = set(), set(), set()
        for m in legal_moves(s, seat):
            kind = m["type"]
            can.add(kind)
            if kind == "play":
                playable.add(m["card"])
            elif kind == "catch":
                catchable.add(m["target"])
        out["playable"] = sorted(playable, key=_SORT_KEYS.__getitem__)
        out["can"] = sorted(can)
        out["catchable"] = sorted(catchable)
        if s.reveal and s.reveal["to"] == seat:
            out["reveal"] = {"of": s.reveal["of"], "cards": list(s.reveal["cards"])}
    return out


def _jump(s: UnoState) -> dict[str, int] | None:
    """An open jump-in race as everybody sees it: how many jumped in (None while nobody
    has: a turn's move waiting for the window alone must not tell that a twin is held)."""
    claims = sum(1 for tap in s.jump["taps"] if "card" in tap) if s.jump else 0
    return {"claims": claims} if claims else None


_COLOR_ORDER = {c: i for i, c in enumerate("rygbp")}


def _sort_key(card: str) -> tuple[int, int, str]:
    """Sorts a hand by colour (wilds last), then numbers before symbols."""
    if card.startswith("W"):
        return (9, 0, card)
    face = card[1:]
    return (_COLOR_ORDER[card[0]], 0 if face.isdigit() else 1, face.zfill(2))


_SORT_KEYS = {code: _sort_key(code) for code in CARDS}  # every card's key, computed once
