"""What one seat (or the table) may see of an Upwords game: ``view(state, seat)``."""

from __future__ import annotations

from typing import Any

from tablegames.engine.core import PerObject, to_jsonable
from tablegames.engine.upwords.rules import _can_challenge, legal_moves
from tablegames.engine.upwords.state import PUBLIC_OPTIONS, UpwordsState
from tablegames.engine.upwords.tiles import SIZE

# Fields of ``state.last`` everyone may see (the rest: the rack before the play, the
# tiles drawn after it, the passes before it, are kept to withdraw a challenged play).
LAST_PUBLIC = ("seat", "tiles", "words", "score", "bonus", "open", "withdrawn")


def _public_view(s: UpwordsState) -> dict[str, Any]:
    """What every seat's view of ``s`` shows alike (the table's view but its ``seat``)."""
    last = to_jsonable({k: s.last[k] for k in LAST_PUBLIC if k in s.last}) if s.last else None
    return {
        "game": "upwords",
        "options": {k: s.options[k] for k in PUBLIC_OPTIONS},
        "players": [
            {"seat": p, "name": name, "tiles": len(s.racks[p]), "score": s.scores[p],
             "loses_turn": p in s.skip}
            for p, name in enumerate(s.players)
        ],
        "board": [[{"letter": st[-1] if st else "", "height": len(st)}
                   for st in s.board[r * SIZE:(r + 1) * SIZE]] for r in range(SIZE)],
        "bag": len(s.bag),
        "phase": s.phase,
        "turn": s.turn,
        "first": s.first,
        "first_draw": to_jsonable(s.first_draw),
        "last": last,
        "challenge": {"open": bool(last and last["open"]),
                      "target": last["seat"] if last and last["open"] else None},
        "passed": list(s.passed),
        "events": to_jsonable(s.events),
        "final": to_jsonable(s.final),
        "winners": list(s.winners),
        "moves": s.moves,
    }


_shared = PerObject(_public_view, kept=64)  # the five views of a move ask one after the other


def view(s: UpwordsState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (``None`` for the table, which sees no rack).

    Everyone sees the board (letter on top and stack height of every square), tile counts
    of every rack, scores, the bag count, whose turn it is, the last play (tiles, words,
    score) and whether it may still be challenged. That part is built once for a state
    (every screen of a move asks for it) and the seats' views share it: nobody changes a
    view. A seat also sees its own rack and what it may do now (``can``: move types;
    ``can_challenge``).
    """
    out = {**_shared(s), "seat": seat}
    if seat is not None and isinstance(seat, int) and 0 <= seat < len(s.players):
        out["rack"] = list(s.racks[seat])
        can = {m["type"] for m in legal_moves(s, seat)}
        if seat == s.turn and s.phase == "play":
            can.add("place")
        out["can"] = sorted(can)
        out["can_challenge"] = _can_challenge(s, seat)
    return out
