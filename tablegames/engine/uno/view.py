"""What one seat (or the table) may see of an UNO game: ``view(state, seat)``."""

from __future__ import annotations

from typing import Any

from tablegames.engine.uno.rules import legal_moves
from tablegames.engine.uno.scoring import partner
from tablegames.engine.uno.state import UnoState

# Options that are public knowledge at the table ("stack" is for tests and stays hidden).
PUBLIC_OPTIONS = ("edition", "target", "scoring", "teams", "two_player_rules", "wd4_bluff",
                  "house_rules")


def view(s: UnoState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (``None`` for the table, which sees no hand).

    A seat sees its own hand and drawn card, the cards a challenged Wild Draw Four player
    showed it, and what every seat sees: card counts, discard top, colour, direction, turn,
    what is pending (without whether a Wild Draw Four was legal), scores and events.
    """
    teams = s.options["teams"]
    pending = None
    if s.pending:
        pending = {k: v for k, v in s.pending.items() if k in ("kind", "by", "swap", "rule")}
        if s.pending["kind"] == "wd4":
            pending["victim"] = s.turn
    out: dict[str, Any] = {
        "game": "uno",
        "options": {k: s.options[k] for k in PUBLIC_OPTIONS},
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
        "history": [dict(h) for h in s.history],
        "winners": list(s.winners),
        "seat": seat,
    }
    if seat is not None and 0 <= seat < len(s.players):
        out["hand"] = sorted(s.hands[seat], key=_sort_key)
        out["drawn"] = s.drawn if seat == s.turn else None
        moves = legal_moves(s, seat)
        out["playable"] = sorted({m["card"] for m in moves if m["type"] == "play"}, key=_sort_key)
        out["can"] = sorted({m["type"] for m in moves})
        out["catchable"] = sorted({m["target"] for m in moves if m["type"] == "catch"})
        if s.reveal and s.reveal["to"] == seat:
            out["reveal"] = {"of": s.reveal["of"], "cards": list(s.reveal["cards"])}
    return out


_COLOR_ORDER = {c: i for i, c in enumerate("rygbp")}


def _sort_key(card: str) -> tuple[int, int, str]:
    """Sorts a hand by colour (wilds last), then numbers before symbols."""
    if card.startswith("W"):
        return (9, 0, card)
    face = card[1:]
    return (_COLOR_ORDER[card[0]], 0 if face.isdigit() else 1, face.zfill(2))
