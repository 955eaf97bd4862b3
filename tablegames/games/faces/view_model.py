"""Faces' view model: everything a Faces phone or table shows, from one screen dict.

:func:`build` turns the screen dict (the room's public facts, ``view`` = the engine's view
for this seat, ``me``, ``to_act``, ``is_host``) into plain data the pages only lay out:
what is tappable, who sits to the left and right, every sentence in the screen's language
(catalog templates with placeholders, plural forms through :func:`tablegames.i18n.t`).

Pure Python, no Reflex: unit-tested in ``tests/games/test_faces_view_model.py``.

Hidden information stays hidden: the view model only reads the seat's own view. It never
names a field ``emotion``, ``hand``, ``mime`` or ``peek`` (a card's emotion is ``face``),
so the websocket audits of the e2e tests keep meaning what they say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.games import standings
from tablegames.i18n import event_text, join_names, ordinal, t

__all__ = ["EMOTIONS", "build", "lobby_players", "place_text"]

EMOTIONS: tuple[int, ...] = tuple(range(1, 14))


# -- small helpers ----------------------------------------------------------------------------

def _seat(value: Any) -> int | None:
    """A seat number, or None (bools and other types are not seats)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _name(names: Sequence[str], seat: Any) -> str:
    s = _seat(seat)
    return str(names[s]) if s is not None and 0 <= s < len(names) else ""


def _names(lang: str, names: Sequence[str], seats: Sequence[Any]) -> str:
    """Several seats' names as one list ("Ana, Bia and Cid")."""
    return join_names(lang, [_name(names, s) for s in seats or ()])


def face_name(lang: str, face: Any) -> str:
    """An emotion's name ("happy" / "feliz"); "" for no card."""
    return t(lang, f"emotion.{face}") if _seat(face) in EMOTIONS else ""


def _face(lang: str, face: Any) -> dict[str, Any]:
    """A card to draw: its number (``face``), name and how to make it."""
    return {"face": face, "name": face_name(lang, face), "hint": t(lang, f"emotion.{face}.hint")}


def place_text(lang: str, place: int) -> str:
    """"1st" / "1º": a place in the standings (``i18n.ordinal``, Babel's ordinal rules)."""
    return ordinal(lang, place)


def _to_act(screen: Mapping[str, Any]) -> list[int]:
    """The engine seats who must act now (the engine's ``to_act``, on every screen)."""
    return [s for s in screen.get("to_act") or () if _seat(s) is not None]


def _event_line(lang: str, event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One event as a sentence (``i18n.event_text``); the deal's pile size is said as a
    count of cards, with its plural form."""
    if event.get("type") == "deal" and "pile" in event:
        event = {k: v for k, v in event.items() if k != "pile"} | {"count": event["pile"]}
    return event_text(lang, event, names, "faces")


# -- shared parts -------------------------------------------------------------------------------

def _players(lang: str, view: Mapping[str, Any], me: int, to_act: Sequence[int]) -> list[dict[str, Any]]:
    """Every seat: name, you, on turn, cards won (a sentence), badges (oldest, ready, STOP,
    making the face, guessing / their turn)."""
    main = view.get("variant") == "main"
    phase = view.get("phase")
    ready = set((view.get("pass") or {}).get("ready", ()))
    stops = set(view.get("stops") or ())
    out = []
    for p in view.get("players", []):
        seat = p["seat"]
        # the face and the guess belong to the guessing phase (the last round's stay out of
        # the next pass: no chip lit after the face is guessed)
        mimer = view.get("mimer") == seat and (not main or phase == "guessing")
        guesser = main and phase == "guessing" and view.get("guesser") == seat
        active = not main and view.get("active") == seat
        badges: list[dict[str, str]] = []
        if view.get("oldest") == seat:
            badges.append({"text": t(lang, "ui.faces.oldest_badge"), "kind": "oldest"})
        if main and phase == "passing":
            badges.append({"text": t(lang, "ui.faces.ready_badge"), "kind": "ready"} if seat in ready
                          else {"text": t(lang, "ui.faces.choosing"), "kind": "wait"})
        if seat in stops:
            badges.append({"text": t(lang, "ui.faces.stop"), "kind": "stop"})
        if active:
            badges.append({"text": t(lang, "ui.faces.memory.active_badge"), "kind": "guess"})
        if mimer:
            badges.append({"text": t(lang, "ui.faces.mimer"), "kind": "face"})
        if guesser:
            badges.append({"text": t(lang, "ui.faces.guessing"), "kind": "guess"})
        role = "guesser" if guesser or active else ("mimer" if mimer else "")
        out.append({
            "seat": seat,
            "name": p["name"],
            "me": seat == me,
            # everybody chooses at once while passing: the words say who is still choosing
            # (``waiting_for_text``), no chip is lit for all
            "to_act": seat in to_act and not (main and phase == "passing"),
            "score": t(lang, "ui.faces.won_count", count=p["won"]),
            "detail": t(lang, "ui.faces.badges_line", badges=" · ".join(b["text"] for b in badges)) if badges else "",
            "in_hand": t(lang, "ui.faces.in_hand_count", count=p["cards"]) if main else "",
            "won": p["won"],
            "cards": p["cards"],
            "ready": seat in ready,
            "badges": badges,
            "role": role,
            "class_name": "fc-player " + (role or "") if main else "fc-player compact " + (role or ""),
        })
    for p in out:
        for b in p["badges"]:
            b["class_name"] = f"fc-badge fc-badge-{b['kind']}"
    return out


def _game_over(lang: str, view: Mapping[str, Any], names: Sequence[str], me: int) -> dict[str, Any] | None:
    """The shared ending (``games.standings.game_over``): cards won, winners first."""
    if view.get("phase") != "game_over":
        return None
    winners = set(view.get("winners") or ())
    rows = [{"seat": p["seat"], "name": p["name"], "value": p["won"], "winner": p["seat"] in winners,
             "score": t(lang, "ui.faces.won_count", count=p["won"])} for p in view.get("players", [])]
    return standings.game_over(lang, rows, me, extra={
        "winners_text": t(lang, "ui.faces.winners_are", count=len(winners),
                          players=_names(lang, names, view.get("winners") or ()))})


# -- the main game ----------------------------------------------------------------------------

def _groups(lang: str, view: Mapping[str, Any], left_name: str) -> list[dict[str, Any]]:
    """The phone's hand grouped by emotion (number order), each group tappable or not."""
    hand = list(view.get("hand") or ())
    choice = view.get("my_choice")
    can_choose = "choose_pass" in (view.get("can") or ())
    rnd = (view.get("pass") or {}).get("round", 1)
    out = []
    for face in EMOTIONS:
        count = hand.count(face)
        if not count:
            continue
        chosen = choice == face
        tappable = can_choose and not chosen
        out.append({
            "face": face,
            "name": face_name(lang, face),
            "count": count,
            "copies": list(range(count)),
            "count_text": t(lang, "ui.faces.times", n=count) if count > 1 else "",
            "chosen": chosen,
            "chosen_tag": t(lang, "ui.faces.to_player", player=left_name) if chosen else "",
            "tappable": tappable,
            "class_name": "fc-group chosen" if chosen else ("fc-group tap" if tappable else "fc-group"),
            "move": {"type": "choose_pass", "card": face, "round": rnd},
        })
    return out


def _guesses(lang: str, view: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    return [{"seat": g["seat"], "name": _name(names, g["seat"]), "face": g["emotion"],
             "face_name": t(lang, "ui.faces.quoted", text=face_name(lang, g["emotion"])),
             "right": bool(g["correct"]),
             "verdict": t(lang, "ui.faces.right_mark" if g["correct"] else "ui.faces.wrong_mark"),
             "class_name": "fc-guess right" if g["correct"] else "fc-guess"}
            for g in view.get("guesses") or ()]


def _main(lang: str, view: Mapping[str, Any], me: int, names: Sequence[str]) -> dict[str, Any]:
    phase = view.get("phase")
    n = len(names)
    phone = me >= 0
    left = (me + 1) % n if phone and n else -1
    right = (me - 1) % n if phone and n else -1
    left_name, right_name = _name(names, left), _name(names, right)
    pas = view.get("pass") or {}
    ready = set(pas.get("ready", ()))
    can = view.get("can") or ()
    stop_lit = "stop" in can
    mimer, guesser = view.get("mimer"), view.get("guesser")
    queue = view.get("queue") or ()
    last = view.get("last_round")
    out: dict[str, Any] = {
        # the table
        "pass_round_text": t(lang, "ui.faces.pass_round", round=pas.get("round", 1)),
        "ready_count": pas.get("ready_count", 0),
        "ready_text": t(lang, "ui.faces.ready_count", count=pas.get("ready_count", 0),
                        total=pas.get("total", n)),
        "dots": [{"seat": p, "on": p in ready} for p in range(n)],
        "waiting_for_text": (t(lang, "ui.faces.waiting_for",
                               players=_names(lang, names, [p for p in range(n) if p not in ready]))
                             if phase == "passing" and len(ready) < n else ""),
        "stops_text": t(lang, "ui.faces.stop_by", players=_names(lang, names, view.get("stops") or ())),
        "mimer_text": t(lang, "ui.faces.making_face", player=_name(names, mimer)) if mimer is not None else "",
        "guesser_text": t(lang, "ui.faces.guess_now", player=_name(names, guesser)) if guesser is not None else "",
        "queue_text": (t(lang, "ui.faces.still_to_mime", players=_names(lang, names, queue)) if queue else ""),
        "pile_text": t(lang, "ui.faces.draw_pile_count", count=view.get("pile_count", 0)),
        "box_text": (t(lang, "ui.faces.in_box_count", count=view.get("out_count", 0))
                     if view.get("out_count") else ""),
        "guesses": _guesses(lang, view, names),
        "has_guesses": bool(view.get("guesses")),
        "last": None,
        # the phone
        "left_name": left_name,
        "right_name": right_name,
        "groups": _groups(lang, view, left_name) if phone else [],
        "hand_size": len(view.get("hand") or ()) if phone else 0,
        "stop_shown": phone and phase in ("passing", "stopping"),
        "stop_lit": stop_lit,
        "phone_status": "",
        "phone_status_kind": "",
        "waiting_text": "",
        "got": None,
        "make": None,
        "hand_hidden_text": "",
        "guess_picker": False,
        "your_guess_text": "",
        "wait_guess_text": "",
    }
    if last and phase != "guessing":
        winner = last.get("winner")
        out["last"] = {
            "face": last["emotion"], "name": face_name(lang, last["emotion"]),
            "title": t(lang, "ui.faces.last_face"),
            "line": t(lang, "ui.faces.last_face_line", face=face_name(lang, last["emotion"])),
            "text": (t(lang, "ui.faces.guessed_by", player=_name(names, winner)) if winner is not None
                     else t(lang, "ui.faces.nobody")),
        }
        out["last"]["summary"] = t(lang, "ui.faces.last_face_summary", line=out["last"]["line"],
                                   text=out["last"]["text"])
    if not phone:
        return out
    if phase == "passing":
        choice = view.get("my_choice")
        if stop_lit:
            out["phone_status"], out["phone_status_kind"] = t(lang, "ui.faces.stop_lit"), "stop"
        elif choice is not None:
            out["phone_status"] = t(lang, "ui.faces.chosen", emotion=face_name(lang, choice), player=left_name)
            out["waiting_text"] = out["waiting_for_text"]
        else:
            out["phone_status"] = t(lang, "ui.faces.choose_pass", player=left_name)
    elif phase == "stopping":
        if stop_lit:
            out["phone_status"] = t(lang, "ui.faces.stop_lit")
        elif view.get("stopped"):
            out["phone_status"] = t(lang, "ui.faces.stop_waiting")
    got = view.get("received")
    if got is not None and phase in ("passing", "stopping"):
        out["got"] = {"face": got, "name": face_name(lang, got),
                      "text": t(lang, "ui.faces.received", emotion=face_name(lang, got), player=right_name)}
    if phase == "guessing":
        if view.get("mime") is not None:
            out["make"] = {**_face(lang, view["mime"]), "title": t(lang, "ui.faces.mime_title"),
                           "note": t(lang, "ui.faces.mime_rule")}
        else:
            out["hand_hidden_text"] = t(lang, "ui.faces.hand_hidden", player=_name(names, mimer))
        if guesser == me:
            out["guess_picker"] = True
            out["your_guess_text"] = t(lang, "ui.faces.your_guess", player=_name(names, mimer))
        elif guesser is not None:
            out["wait_guess_text"] = t(lang, "ui.faces.wait_guess", player=_name(names, guesser))
    return out


# -- Memory -----------------------------------------------------------------------------------

def _cells(lang: str, view: Mapping[str, Any], active_me: bool) -> list[dict[str, Any]]:
    """The grid's places. A card of the last try stays face up until the next card is
    lifted (``shown``), so everybody sees both cards before they go back face down."""
    phase = view.get("phase")
    grid = view.get("grid") or {}
    shown = view.get("shown") or {}
    shown_at = {c["pos"]: c["emotion"] for c in shown.get("cards", ())}
    out = []
    for place in grid.get("places", ()):
        pos, state = place["pos"], place["face"]
        face = place.get("emotion", 0) if state == "up" else shown_at.get(pos, 0)
        lifted = bool(place.get("lifted"))
        down = state == "down"
        tappable = active_me and ((phase in ("pick", "flip") and down) or (phase == "decide" and lifted))
        classes = f"fc-cell fc-{state}"
        if face:
            classes += " up"
        if lifted:
            classes += " lifted"
        if state != "up" and face:
            classes += " shown pair" if shown.get("pair") else " shown miss"
        if tappable:
            classes += " tap"
        out.append({
            "pos": pos, "state": state, "face": face, "name": face_name(lang, face),
            # what a screen reader says for the place (a face-down card has no visible word)
            "label": (face_name(lang, face) if face else
                      t(lang, "ui.faces.memory.cell_lifted" if lifted else "ui.faces.memory.cell_down", place=pos + 1)),
            "lifted": lifted, "tappable": tappable, "class_name": classes,
            "move": {"type": "pick" if phase == "pick" else "flip", "pos": pos},
        })
    return out


def _memory(lang: str, view: Mapping[str, Any], me: int, names: Sequence[str]) -> dict[str, Any]:
    phase = view.get("phase")
    n = len(names)
    active = view.get("active")
    active_name = _name(names, active)
    mimer_name = _name(names, view.get("mimer"))
    active_me = me >= 0 and active == me
    left_name = _name(names, (me + 1) % n) if me >= 0 and n else ""
    grid = view.get("grid") or {}
    table_status = {
        "pick": t(lang, "ui.faces.memory.pick", player=active_name),
        "decide": t(lang, "ui.faces.memory.decide", mimer=mimer_name, player=active_name),
        "flip": t(lang, "ui.faces.memory.flip", player=active_name),
    }.get(phase, "")
    if active_me:
        phone_status = {
            "pick": t(lang, "ui.faces.memory.your_pick", player=left_name),
            "decide": t(lang, "ui.faces.memory.your_decide", player=mimer_name),
            "flip": t(lang, "ui.faces.memory.your_flip"),
        }.get(phase, "")
    else:
        phone_status = table_status
    peek = view.get("peek")
    shown = view.get("shown")
    last_try = None
    if shown:
        who = _name(names, shown["seat"])
        last_try = {
            "cards": [{"face": c["emotion"], "name": face_name(lang, c["emotion"])} for c in shown["cards"]],
            "who_text": t(lang, "ui.faces.memory.last_turn_by", player=who),
            "text": (t(lang, "ui.faces.memory.pair", player=who) if shown["pair"]
                     else t(lang, "ui.faces.memory.miss")),
            "pair": bool(shown["pair"]),
        }
    return {
        "cells": _cells(lang, view, active_me),
        "grid_class": "fc-grid fc-grid-7" if grid.get("cols") == 7 else "fc-grid fc-grid-5",
        "board_class": "fc-memory-board fc-cols-7" if grid.get("cols") == 7 else "fc-memory-board fc-cols-5",
        "grid_cards": grid.get("cards", 0),
        "memory_status": table_status,
        "decide_more": (t(lang, "ui.faces.memory.decide_more", player=active_name)
                        if phase == "decide" else ""),
        "phone_status": "" if peek else phone_status,
        "phone_status_kind": "turn" if active_me else "",
        "peek_face": ({**_face(lang, peek["emotion"]), "title": t(lang, "ui.faces.mime_title"),
                       "note": t(lang, "ui.faces.memory.peek_help", player=active_name)} if peek else None),
        "can_decide": active_me and phase == "decide",
        "cards_left_text": t(lang, "ui.faces.memory.cards_left", count=grid.get("cards", 0)),
        "pile_text": t(lang, "ui.faces.memory.pile_count", count=view.get("pile_count", 0)),
        "last_try": last_try,
    }


# -- the lobby --------------------------------------------------------------------------------

def lobby_players(screen: Mapping[str, Any], me: int) -> list[dict[str, Any]]:
    """The seated players before the game (the shared chips' fields, nothing to score yet)."""
    return [{"seat": s["seat"], "name": s["name"], "me": s["seat"] == me, "to_act": False, "score": "",
             "detail": "", "won": 0, "cards": 0, "ready": False, "badges": [], "role": "", "in_hand": "",
             "class_name": "fc-player"} for s in screen.get("seats") or ()]


def _lobby(lang: str, screen: Mapping[str, Any]) -> dict[str, Any]:
    """The lobby's Faces block: the seats to pick the oldest player from (the version is
    listed once, with the other options in force)."""
    options = screen.get("options") or {}
    seats = [{"seat": s["seat"], "name": s["name"], "value": str(s["seat"])} for s in screen.get("seats") or ()]
    oldest = _seat(options.get("oldest"))
    oldest = 0 if oldest is None else oldest
    return {
        "oldest": oldest,
        "oldest_value": str(oldest),
        "oldest_name": next((s["name"] for s in seats if s["seat"] == oldest), ""),
        "oldest_line": t(lang, "ui.faces.oldest_is",
                         player=next((s["name"] for s in seats if s["seat"] == oldest), "")),
        "seats": seats,
    }


# -- the screen -------------------------------------------------------------------------------

def _status(lang: str, view: Mapping[str, Any], me: int, names: Sequence[str], part: Mapping[str, Any]) -> str:
    """One sentence for the top of the screen."""
    phase = view.get("phase")
    if phase == "game_over":
        return t(lang, "ui.game_over")
    if view.get("variant") == "memory":
        return part["phone_status"] if me >= 0 and part["phone_status"] else part["memory_status"]
    if me >= 0 and part.get("phone_status"):
        return part["phone_status"]
    if phase == "passing":
        return part["ready_text"]
    if phase == "stopping":
        return t(lang, "ui.faces.stopping")
    if phase == "guessing":
        return part["guesser_text"] or part["mimer_text"]
    return ""


def build(screen: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Everything the Faces phone and table show, for this screen and language.

    Args:
        screen: the screen dict (``view``: this seat's engine view, None in the lobby;
            ``me``: the engine seat, -1 for the table; ``to_act``; ``is_host``).
        lang: ``"en"`` or ``"pt-BR"``.

    Returns:
        The shared keys (``players``, ``status``, ``my_turn``, ``events``, ``game_over``) and
        Faces' own: main game ``groups`` (the hand, with ``tappable``/``move``), ``stop_*``,
        ``make`` (the face to make), ``guess_picker``, ``guesses``, ``last`` and the table's
        sentences; Memory ``cells`` (with ``tappable``/``move``), ``peek_face``,
        ``can_decide``, ``last_try``; both: ``reference`` (the 13 faces).
    """
    view = screen.get("view") or {}
    me = _seat(screen.get("me"))
    me = -1 if me is None else me
    names = [p["name"] for p in view.get("players", [])]
    variant = view.get("variant", "main")
    base: dict[str, Any] = {
        "variant": variant,
        "phase": view.get("phase", ""),
        "is_host": bool(screen.get("is_host")),
        "reference": [{"face": f, "name": face_name(lang, f)} for f in EMOTIONS],
    }
    base.update(_lobby(lang, screen))
    if not view:
        return {**base, "players": lobby_players(screen, me), "status": t(lang, "ui.waiting_host"),
                "my_turn": False, "events": [], "game_over": None}
    to_act = _to_act(screen)
    part = _main(lang, view, me, names) if variant == "main" else _memory(lang, view, me, names)
    part["phone_status_class"] = {"stop": "fc-status fc-status-stop", "turn": "fc-status fc-your-guess"}.get(
        part.get("phone_status_kind", ""), "fc-status")
    return {
        **base,
        **part,
        "players": _players(lang, view, me, to_act),
        "status": _status(lang, view, me, names, part),
        "my_turn": me >= 0 and me in to_act,
        "events": [_event_line(lang, e, names) for e in view.get("events", ())],
        "game_over": _game_over(lang, view, names, me),
    }
