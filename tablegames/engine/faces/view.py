"""What one seat (or the table) may see of a Faces game: ``view(state, seat)``.

Hidden information:

* a hand is seen only by its owner, and not at all while that seat is guessing (the
  rulebook forbids looking at your cards while a face is being made): the view then has
  no ``hand`` (nor anything else taken from the hand) and says ``"hand_hidden": True``;
* the card a seat chose to pass is seen only by that seat until the pass; after it, the
  card is seen by the giver (``passed``) and the receiver (``received``) only;
* the mimed emotion is seen only by the mimer until the round ends (then it is public,
  in ``last_round`` and the events);
* Memory: the lifted card is seen only by the active player's left neighbour (``peek``);
  face-up cards are public.
"""

from __future__ import annotations

from typing import Any

from tablegames.engine.core import to_jsonable
from tablegames.engine.faces.cards import GRIDS
from tablegames.engine.faces.rules import left_of, legal_moves, sets_in
from tablegames.engine.faces.state import FacesState

PUBLIC_OPTIONS = ("variant", "oldest", "pairs")


def _round(r: Any) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"mimer": r["mimer"], "emotion": r["emotion"], "winner": r["winner"],
            "guesses": [to_jsonable(g) for g in r["guesses"]]}


def view(s: FacesState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (``None`` for the table, which sees no hand)."""
    main = s.variant == "main"
    out: dict[str, Any] = {
        "game": "faces",
        "variant": s.variant,
        "options": {k: s.options[k] for k in PUBLIC_OPTIONS if k in s.options},
        "players": [
            {"seat": p, "name": name, "won": len(s.won[p]),
             "cards": len(s.hands[p]) if main else 0}
            for p, name in enumerate(s.players)
        ],
        "phase": s.phase,
        "oldest": s.options["oldest"],
        "pile_count": len(s.pile),
        "events": [to_jsonable(e) for e in s.events],
        "winners": list(s.winners),
        "seat": seat,
    }
    if main:
        ready = [p for p, c in enumerate(s.choices) if c is not None]
        out.update({
            "pass": {"round": s.pass_round, "ready": ready, "ready_count": len(ready),
                     "total": s.n},
            "out_count": len(s.out),
            "stops": list(s.stops),
            "queue": [p for p, _ in s.queue],  # who still mimes; never which emotion
            "mimer": s.mimer,
            "guesser": s.guessers[0] if s.guessers else None,
            "guessers": list(s.guessers),
            "guesses": [dict(g) for g in s.guesses],
            "last_round": _round(s.last_round),
        })
    else:
        cols, rows = GRIDS[s.options["pairs"]]
        up = set(s.flipped)
        places = []
        for p, e in enumerate(s.grid):
            if e is None:
                places.append({"pos": p, "face": "none"})
            elif p in up:
                places.append({"pos": p, "face": "up", "emotion": e})
            else:
                places.append({"pos": p, "face": "down", "lifted": p == s.lifted})
        shown = None
        if s.shown is not None:
            shown = {"seat": s.shown["seat"], "pair": s.shown["pair"],
                     "paid": list(s.shown["paid"]),
                     "cards": [{"pos": p, "emotion": e} for p, e in s.shown["cards"]]}
        out.update({
            "grid": {"cols": cols, "rows": rows, "places": places,
                     "cards": sum(e is not None for e in s.grid)},
            "active": s.active if s.phase != "game_over" else None,
            "mimer": left_of(s.active, s.n) if s.phase == "decide" else None,
            "lifted": s.lifted,
            "flipped": [{"pos": p, "emotion": s.grid[p]} for p in s.flipped],
            "shown": shown,
        })
    if seat is None or not (isinstance(seat, int) and not isinstance(seat, bool)
                            and 0 <= seat < s.n):
        out["seat"] = None
        return out
    moves = legal_moves(s, seat)
    out["can"] = sorted({m["type"] for m in moves})
    if main:
        hidden = s.phase == "guessing" and seat != s.mimer
        out["hand_hidden"] = hidden
        if not hidden:
            hand = s.hands[seat]
            out["hand"] = list(hand)
            out["sets"] = list(sets_in(hand))
            out["my_choice"] = s.choices[seat]
            out["received"] = s.received[seat]
            out["passed"] = s.passed[seat]
        out["stopped"] = seat in s.stops
        out["mime"] = s.mime if seat == s.mimer else None
    elif s.phase == "decide" and seat == left_of(s.active, s.n) and seat != s.active:
        out["peek"] = {"pos": s.lifted, "emotion": s.grid[s.lifted]}
    return out
