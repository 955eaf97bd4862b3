"""What one seat (or the table) may see of a UeStop! game: ``view(state, seat)``.

Nothing in UeStop! is secret except the order of the Word Deck (only its size is shown).
The Chá da Tarde "no peeking" rule hides the Category Card's texts from the table and from
the answering player while they answer (``categories_hidden``); the other players' phones
keep showing them, since they judge the answer.
"""

from __future__ import annotations

from typing import Any

from tablegames.engine.core import to_jsonable
from tablegames.engine.uestop import race
from tablegames.engine.uestop.cards import (
    NUMBER_LENGTH,
    SHAPE_OF,
    WORD_CARDS,
    card_info,
    mandatory_letter,
)
from tablegames.engine.uestop.rules import legal_moves
from tablegames.engine.uestop.state import MODES, UeStopState

PUBLIC_OPTIONS = ("mode", "target", "slap_window_ms", "reveal_delay_ms", "max_latency_ms", "ties",
                  "auto_check", "no_peeking", "custom_categories", "first")


def answer_style(s: UeStopState) -> str | None:
    """``"one"`` (one category, initial = Mandatory Letter), ``"all"`` (every category,
    letters of the Letter Card, Mandatory Letter at least once) or ``"number"``."""
    if s.revealed is None:
        return None
    if s.revealed in NUMBER_LENGTH:
        return "number"
    return "all" if MODES[s.options["mode"]].all_categories else "one"


def categories_hidden(s: UeStopState, seat: int | None) -> bool:
    """No peeking: while a Chá da Tarde style answer is being given, the table and the
    answering player don't see the categories."""
    return (bool(s.options["no_peeking"]) and s.phase == "answering"
            and answer_style(s) == "all" and (seat is None or seat == s.answerer))


def view(s: UeStopState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (``None`` for the table)."""
    opts = s.options
    custom = opts["custom_categories"]
    hidden = categories_hidden(s, seat)
    category = None
    if s.category:
        if hidden:
            suit = WORD_CARDS[s.category].suit
            category = {"kind": "word", "hidden": True, "suit": suit, "shape": SHAPE_OF[suit]}
        else:
            category = card_info(s.category, custom)
    style = answer_style(s)
    letter = mandatory_letter(s.category, s.revealed) if style in ("one", "all") else None
    settled = s.phase != "race" and bool(s.taps)
    votes = None
    if s.phase == "judging":
        yes = sum(1 for _, a in s.votes if a)
        votes = {"voters": len(s.players) - 1, "accept": yes, "reject": len(s.votes) - yes,
                 "by_seat": [{"seat": p, "accept": a} for p, a in s.votes],
                 "ties": opts["ties"]}
    pending = None
    if s.pending:
        by = s.pending["by"]
        pending = {"kind": s.pending["kind"], "by": by,
                   "targets": [p for p, pile in enumerate(s.won) if p != by and pile]}
    out: dict[str, Any] = {
        "game": "uestop",
        "mode": opts["mode"],
        "options": {k: to_jsonable(opts[k]) for k in PUBLIC_OPTIONS},
        "seat": seat,
        "players": [
            {"seat": p, "name": name, "points": len(s.won[p]), "won": list(s.won[p]),
             "benched": p in s.benched, "opener": p == s.opener,
             "action": (None if not s.action_cards[p] else
                        ("usado" if s.action_used[p] else "pular"))}
            for p, name in enumerate(s.players)
        ],
        "phase": s.phase,
        "round": s.round_no,
        "opener": s.opener,
        "target": opts["target"],
        "deck_count": len(s.deck),
        "discard_count": len(s.discard),
        "discard_top": s.discard[-1] if s.discard else None,
        "category_card": category,
        "categories_hidden": hidden,
        "revealed": card_info(s.revealed, custom) if s.revealed else None,
        "answer_style": style,
        "mandatory_letter": letter,
        "mandatory_suit": WORD_CARDS[s.category].suit if letter else None,
        "number_length": NUMBER_LENGTH.get(s.revealed) if s.revealed else None,
        "reveal_time": s.reveal_time,
        "race": None if s.revealed is None else {
            "open": s.phase == "race",
            "deadline": s.deadline,
            "slap_target": "number" if style == "number" else "category",
            "taps": race.report(s.taps, s.reveal_time),
            "winner": s.answerer if settled else None,
        },
        "answerer": s.answerer,
        "answer": _answer_view(s),
        "votes": votes,
        "discard_agree": list(s.agree_discard),
        "pending": pending,
        "events": [_plain(e) for e in s.events],
        "history": [dict(h) for h in s.history],
        "winners": list(s.winners),
        "victory": s.victory,
    }
    if seat is not None and isinstance(seat, int) and 0 <= seat < len(s.players):
        moves = legal_moves(s, seat)
        out["can"] = sorted({m["type"] for m in moves})
        out["me"] = {
            "benched": seat in s.benched,
            "tapped": any(tap["seat"] == seat for tap in s.taps),
            "voted": any(p == seat for p, _ in s.votes),
            "answering": s.phase == "answering" and seat == s.answerer,
            "can_skip": (style == "all" and MODES[opts["mode"]].actions
                         and bool(s.action_cards[seat]) and not s.action_used[seat]),
            "penalty_targets": [m["target"] for m in moves
                                if m["type"] == "penalize" and m["target"] is not None],
        }
    return out


def _answer_view(s: UeStopState) -> dict[str, Any] | None:
    if not s.answer:
        return None
    a = s.answer
    return {"spoken": a["spoken"], "texts": list(a["texts"]), "category": a["category"],
            "skip": a["skip"], "mandatory": a["mandatory"], "ok": a["ok"],
            "checks": [dict(c) for c in a["checks"]]}


def _plain(event: Any) -> dict[str, Any]:
    """An event as JSON-able data (its values are scalars or tuples of scalars)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in event.items()}
