"""UeStop!'s view model: everything a UeStop! phone or table shows, from one screen dict.

:func:`build` turns the screen dict (the room's public facts, ``view`` = the engine's view
for this seat, ``me``, ``to_act``) into plain data the pages only lay out: which buttons a
phone has (reveal, SLAP, discard, vote, penalty targets), the answer form's labels, the
race's rows, the judged answer with its automatic checks, the votes, and every sentence in
the screen's language (catalog templates with placeholders; plural forms through
:func:`tablegames.i18n.t` with ``count``).

``my_turn`` comes from ``to_act``: UeStop! phones vibrate when they must act (reveal, slap,
answer, vote, pick a penalty), which they never did before.

Pure Python, no Reflex: unit-tested in ``tests/games/test_uestop_view_model.py``. The
browser-side clock (pings, the reveal countdown, the tap's time) stays in the pages and
``games/uestop/state.py``: it is measured in the browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.games import standings
from tablegames.i18n import event_text, join_names, number, ordinal, t

__all__ = ["HIDDEN_EVENTS", "build"]

# The line naming the Mandatory Letter is left out: finding the letter is the game (the
# table's assist highlights it on the card instead).
HIDDEN_EVENTS = frozenset({"reveal_letter"})


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _name(names: Sequence[str], seat: Any) -> str:
    s = _seat(seat)
    return str(names[s]) if s is not None and 0 <= s < len(names) else ""


def _to_act(screen: Mapping[str, Any]) -> list[int]:
    """The engine seats who must act now (the engine's ``to_act``, on every screen)."""
    return [s for s in screen.get("to_act") or () if _seat(s) is not None]


def _category_texts(lang: str, card: Mapping[str, Any] | None) -> list[str]:
    """The four categories of a word card in ``lang`` (empty for a hidden or no card)."""
    if not card or card.get("hidden"):
        return []
    return [str(c.get(lang) or c.get("en") or "") for c in card.get("categories", ())]


def _event_line(lang: str, event: Mapping[str, Any], names: Sequence[str]) -> str:
    return event_text(lang, event, names, "uestop")


# -- shared parts -------------------------------------------------------------------------------

def _badges(lang: str, p: Mapping[str, Any]) -> list[dict[str, str]]:
    """Opens / sits out / the Action Card's side."""
    out = []
    if p.get("opener"):
        out.append({"text": t(lang, "ui.uestop.opener_badge"), "color": "amber", "kind": "opener"})
    if p.get("benched"):
        out.append({"text": t(lang, "ui.uestop.benched"), "color": "red", "kind": "benched"})
    if p.get("action") == "pular":
        out.append({"text": t(lang, "ui.uestop.action_pular"), "color": "gray", "kind": "pular"})
    elif p.get("action") == "usado":
        out.append({"text": t(lang, "ui.uestop.action_usado"), "color": "gray", "kind": "usado"})
    return out


def _players(lang: str, view: Mapping[str, Any], me: int, to_act: Sequence[int]) -> list[dict[str, Any]]:
    answering = view.get("phase") == "answering"
    out = []
    for p in view.get("players", []):
        seat = p["seat"]
        turn = answering and seat == view.get("answerer")
        out.append({
            "seat": seat, "name": p["name"], "me": seat == me, "to_act": seat in to_act,
            "score": t(lang, "ui.uestop.cards_count", count=p["points"]),
            "detail": "",
            "points": p["points"], "won": list(p["won"]),
            "badges": _badges(lang, p),
            "class_name": "tg-player ues-player tg-turn" if turn else "tg-player ues-player",
        })
    return out


def _game_over(lang: str, view: Mapping[str, Any], names: Sequence[str], me: int) -> dict[str, Any] | None:
    """The shared ending (``games.standings.game_over``): cards won, the cards to win, and
    UeStop!'s own Victory Card keys."""
    if view.get("phase") != "game_over":
        return None
    winners = set(view.get("winners") or ())
    rows = [{"seat": p["seat"], "name": p["name"], "value": p["points"], "winner": p["seat"] in winners,
             "score": t(lang, "ui.uestop.cards_count", count=p["points"])} for p in view.get("players", [])]
    target = t(lang, "ui.uestop.to_win_n", n=view["target"]) if view.get("target") else ""
    over = standings.game_over(lang, rows, me, target=target)
    for line in over["lines"]:
        line["text"] = t(lang, "ui.uestop.standing", player=line["name"], cards=line["score"]) + (
            " ★" if line["winner"] else "")
    victory = view.get("victory")
    over.update({
        "victory_name": _name(names, victory) if victory is not None else "",
        "tied_text": ("" if victory is not None else
                      t(lang, "ui.uestop.tied_winners", players=join_names(lang, [_name(names, w) for w in winners]))),
        "rounds_text": t(lang, "ui.uestop.rounds_count", count=len(view.get("history") or ())),
    })
    return over


# -- the race ---------------------------------------------------------------------------------

def _duration(lang: str, ms: Any) -> str:
    """A time span as people read it: ``208 ms`` under a second, ``1.4 s`` from there on."""
    if not isinstance(ms, int | float) or isinstance(ms, bool):
        return ""
    if abs(ms) < 1000:
        return t(lang, "ui.uestop.duration_ms", ms=number(lang, round(ms)))
    return t(lang, "ui.uestop.duration_s", s=number(lang, round(ms / 1000, 1 if abs(ms) >= 10_000 else 2)))


def _race(lang: str, view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """The race as people understand it: the title (who won / deciding / SLAP!), the
    winner's reaction and the gap to the runner-up in one sentence, a row per tap (place,
    name, reaction, how far behind; a flagged tap marked ⚑ and explained in words), and the
    raw figures (tap and arrival times after the reveal) only in ``details`` lines."""
    race = view.get("race")
    if not race:
        return None
    taps = race.get("taps") or []
    winner = race.get("winner")
    runner = taps[1] if len(taps) > 1 and taps[1].get("margin_ms") is not None else None
    margin = runner["margin_ms"] if runner else None
    first = next((tap for tap in taps if tap.get("place") == 1), None)
    summary = ""
    if winner is not None:
        title, title_id = t(lang, "ui.uestop.race_won", player=_name(names, winner)), "ues-race-winner"
        reaction = _duration(lang, first.get("reaction_ms")) if first else ""
        if runner:
            summary = t(lang, "ui.uestop.race_summary_gap", reaction=reaction, gap=_duration(lang, margin),
                        player=_name(names, runner["seat"]))
        elif reaction:
            summary = t(lang, "ui.uestop.race_summary_alone", reaction=reaction)
    elif taps:
        title, title_id = t(lang, "ui.uestop.deciding"), "ues-race-deciding"
    else:
        title, title_id = t(lang, "ui.uestop.slap_now"), "ues-slap-now"
    rows, flagged_lines, details = [], [], []
    for tap in taps:
        late = bool(tap.get("late"))
        is_first = tap.get("place") == 1
        name = _name(names, tap["seat"])
        if late:
            behind = t(lang, "ui.uestop.late")
        elif is_first:
            behind = t(lang, "ui.uestop.first")
        else:
            behind = t(lang, "ui.uestop.behind", gap=_duration(lang, tap.get("margin_ms")))
        flagged = bool(tap.get("flagged"))
        if flagged:
            flagged_lines.append(t(lang, "ui.uestop.flagged_line", player=name))
        line = t(lang, "ui.uestop.tap_details", player=name, reaction=number(lang, tap.get("reaction_ms")),
                 arrival=number(lang, tap.get("arrival_ms")))
        if tap.get("adjusted"):
            line += " " + t(lang, "ui.uestop.adjusted")
        details.append(line)
        rows.append({
            "seat": tap["seat"], "name": name,
            "place": "—" if late else str(tap.get("place")),
            "reaction_text": _duration(lang, tap.get("reaction_ms")),
            "margin_text": behind,
            "details": line,
            "flagged": flagged,
            "flag_text": t(lang, "ui.uestop.flagged") if flagged else "",
            "class_name": "ues-race-row ues-first" if is_first else "ues-race-row",
            "data_place": "" if tap.get("place") is None else str(tap["place"]),
            "data_margin": "" if tap.get("margin_ms") is None else str(tap["margin_ms"]),
            "data_reaction": str(tap.get("reaction_ms")),
            "data_arrival": str(tap.get("arrival_ms")),
        })
    return {"title": title, "title_id": title_id, "summary": summary, "rows": rows, "margin": margin,
            "gap_text": _duration(lang, margin) if margin is not None else "",
            "runner_name": _name(names, runner["seat"]) if runner else "",
            "winner": winner, "show_rows": bool(rows) and view.get("phase") != "judging",
            "flagged_lines": flagged_lines, "details": details,
            "details_title": t(lang, "ui.uestop.race_details")}


# -- the answer -------------------------------------------------------------------------------

def _checks(lang: str, checks: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The automatic checks: the per-category rule once, a ✔/✘ chip per category, and the
    checks of the whole answer as lines."""
    if not checks:
        return None
    per = [c for c in checks if c.get("category") is not None]
    whole = [c for c in checks if c.get("category") is None]
    return {
        "rule_text": t(lang, f"ui.uestop.check.{per[0]['rule']}") if per else "",
        "chips": [{"n": str(c["category"] + 1), "ok": bool(c["ok"]),
                   "text": ("✔" if c["ok"] else "✘")
                   + (" " + t(lang, "ui.uestop.letters_count", count=c.get("letters", 0))
                      if c.get("rule") == "length" else "")} for c in per],
        "lines": [{"ok": bool(c["ok"]),
                   "text": t(lang, "ui.uestop.check_line", mark="✔" if c["ok"] else "✘",
                             rule=t(lang, f"ui.uestop.check.{c['rule']}"), count=c.get("count", 0))}
                  for c in whole],
    }


def _answer(lang: str, view: Mapping[str, Any], names: Sequence[str], cats: Sequence[str]) -> dict[str, Any] | None:
    ans = view.get("answer")
    if not ans:
        return None
    answerer = _name(names, view.get("answerer"))
    category = ans.get("category")
    category_text = cats[category] if _seat(category) is not None and 0 <= category < len(cats) else ""
    spoken = bool(ans.get("spoken"))
    lines = [{"index": i, "n": str(i + 1), "text": text, "category": cats[i] if i < len(cats) else "",
              "line": t(lang, "ui.uestop.answer_line", category=cats[i] if i < len(cats) else str(i + 1),
                        text=text)}
             for i, text in enumerate(ans.get("texts") or ()) if text]
    mandatory = ans.get("mandatory")
    return {
        "spoken": spoken,
        "title": t(lang, "ui.uestop.answer_title_spoken" if spoken else "ui.uestop.answer_title_typed",
                   player=answerer),
        "spoken_text": (t(lang, "ui.uestop.said_aloud_category", category=category_text) if category_text
                        else t(lang, "ui.uestop.answer_spoken_cap")),
        "category_n": str(category + 1) if category_text else "",
        "category_text": category_text,
        "lines": lines,
        "skip_text": (t(lang, "ui.uestop.skipped_n", n=ans["skip"] + 1) if _seat(ans.get("skip")) is not None
                      else ""),
        "mandatory_text": (t(lang, "ui.uestop.mandatory_used_count", count=mandatory)
                           if mandatory and (spoken or view.get("mode") == "tudo_junto") else ""),
        "checks": _checks(lang, ans.get("checks") or ()),
    }


def _votes(lang: str, view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    votes = view.get("votes")
    if not votes:
        return None
    return {
        "accept": votes["accept"], "reject": votes["reject"],
        "accept_text": f"✔ {votes['accept']}", "reject_text": f"✘ {votes['reject']}",
        "voters_text": t(lang, "ui.uestop.voters_count", count=votes["voters"]),
        "summary": t(lang, "ui.uestop.votes_summary", accept=votes["accept"], reject=votes["reject"],
                     voters=t(lang, "ui.uestop.voters_count", count=votes["voters"])),
        "by_seat": [{"seat": v["seat"], "text": f"{_name(names, v['seat'])} {'✔' if v['accept'] else '✘'}",
                     "color": "grass" if v["accept"] else "red"} for v in votes.get("by_seat", ())],
    }


# -- the phone ----------------------------------------------------------------------------------

def _phone(lang: str, view: Mapping[str, Any], me: int, names: Sequence[str], race: Mapping[str, Any] | None,
           cats: Sequence[str], n_players: int) -> dict[str, Any]:
    phase = view.get("phase")
    mine = view.get("me") or {}
    can = set(view.get("can") or ())
    players = view.get("players", [])
    me_p = next((p for p in players if p["seat"] == me), None)
    tapped, benched = bool(mine.get("tapped")), bool(mine.get("benched"))
    racing = phase == "race"
    if benched:
        label, cls = t(lang, "ui.uestop.sitting_out"), "ues-slap ues-slap-benched"
    elif racing:
        label, cls = ((t(lang, "ui.uestop.you_slapped"), "ues-slap ues-slap-done") if tapped
                      else (t(lang, "ui.uestop.slap"), "ues-slap ues-slap-live"))
    else:
        label, cls = t(lang, "ui.uestop.wait_reveal"), "ues-slap ues-slap-wait"
    slap_target = ((view.get("race") or {}).get("slap_target"))
    sub = ""
    if racing and not tapped and not benched:
        sub = t(lang, "ui.uestop.slap_number" if slap_target == "number" else "ui.uestop.slap_category")
    agreed = list(view.get("discard_agree") or ())
    discard_mine = me in agreed
    answerer = view.get("answerer")
    hidden = bool(view.get("categories_hidden"))
    style = view.get("answer_style")
    can_skip = bool(mine.get("can_skip"))
    pending = view.get("pending") or {}
    gap, runner = (race or {}).get("gap_text", ""), (race or {}).get("runner_name", "")
    won_text = (t(lang, "ui.uestop.you_won_race_by", gap=gap, player=runner) if gap
                else t(lang, "ui.uestop.you_won_race"))
    if answerer == me:
        race_result = won_text
    elif gap:
        race_result = t(lang, "ui.uestop.race_won_by", player=_name(names, answerer), gap=gap)
    else:
        race_result = t(lang, "ui.uestop.race_won", player=_name(names, answerer))
    return {
        "me_name": me_p["name"] if me_p else "",
        "my_points_text": t(lang, "ui.uestop.points_of_target", points=me_p["points"] if me_p else 0,
                            target=view.get("target")),
        "my_won": list(me_p["won"]) if me_p else [],
        "my_badges": _badges(lang, me_p) if me_p else [],
        "slap": {"label": label, "class_name": cls, "sub": sub, "tapped": tapped},
        "can_reveal": "reveal" in can,
        "wait_opener_text": t(lang, "ui.uestop.opens_next_card", player=_name(names, view.get("opener"))),
        "can_discard": "discard_category" in can,
        "discard_label": t(lang, "ui.uestop.discard_withdraw" if discard_mine else "ui.uestop.discard"),
        "discard_variant": "solid" if discard_mine else "outline",
        "discard_move": {"type": "discard_category", "agree": not discard_mine},
        "discard_count_text": t(lang, "ui.uestop.discard_agree_count", count=len(agreed), total=n_players),
        "answering_me": phase == "answering" and answerer == me,
        "is_answerer": answerer == me,
        "race_result_text": race_result if phase != "race" and race and race.get("rows") else "",
        "you_answer_text": won_text,
        "listen_text": (t(lang, "ui.uestop.answering_player", player=_name(names, answerer))
                        if answerer is not None else ""),
        "category_labels": [t(lang, "ui.uestop.category_n_label", n=i + 1) if hidden or i >= len(cats)
                            else t(lang, "ui.uestop.category_numbered", n=i + 1, category=cats[i])
                            for i in range(4)],
        "number_text": (t(lang, "ui.uestop.word_of_letters", count=view.get("number_length") or 0)
                        if style == "number" else ""),
        "can_skip": can_skip,
        "mandatory_choice": can_skip or (view.get("mode") == "tudo_junto" and style == "all"),
        "judge_text": t(lang, "ui.uestop.judge_player", player=_name(names, answerer)) if answerer is not None else "",
        "can_vote": "vote" in can,
        "voted_text": t(lang, "ui.uestop.voted" if mine.get("voted") else "ui.uestop.waiting_votes"),
        "can_penalize": "penalize" in can,
        "penalty_targets": [{"seat": p, "name": _name(names, p), "move": {"type": "penalize", "target": p}}
                            for p in mine.get("penalty_targets") or ()],
        "penalty_wait_text": (t(lang, "ui.uestop.penalty_choosing_player", player=_name(names, pending.get("by")))
                              if pending else ""),
        "you_win": me in (view.get("winners") or ()),
    }


def _status(lang: str, view: Mapping[str, Any], me: int, names: Sequence[str], part: Mapping[str, Any]) -> str:
    """One sentence for the top of the screen."""
    phase = view.get("phase")
    answerer = view.get("answerer")
    if phase == "game_over":
        return t(lang, "ui.game_over")
    if phase == "reading":
        if me >= 0 and view.get("opener") == me:
            return t(lang, "ui.uestop.your_reveal")
        return t(lang, "ui.uestop.opens_next_card", player=_name(names, view.get("opener")))
    if phase == "race":
        return part["slap"]["label"] if me >= 0 else t(lang, "ui.uestop.slap_now")
    if phase == "answering":
        return part["you_answer_text"] if me >= 0 and answerer == me else part["listen_text_all"]
    if phase == "judging":
        if me >= 0 and me != answerer:
            return t(lang, "ui.uestop.judge_player", player=_name(names, answerer))
        return t(lang, "ui.uestop.waiting_votes")
    if phase == "penalty":
        pending = view.get("pending") or {}
        if me >= 0 and pending.get("by") == me:
            return t(lang, "ui.uestop.penalty_pick")
        return t(lang, "ui.uestop.penalty_choosing_player", player=_name(names, pending.get("by")))
    return ""


def build(screen: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Everything the UeStop! phone and table show, for this screen and language.

    Args:
        screen: the screen dict (``view``: this seat's engine view, None in the lobby;
            ``me``: the engine seat, -1 for the table; ``to_act``).
        lang: ``"en"`` or ``"pt-BR"``.

    Returns:
        The shared keys (``players``, ``status``, ``my_turn``, ``events``, ``game_over``),
        the table's (``round_text``, ``race``, ``answer``, ``votes``, status sentences,
        ``last_round_text``) and the phone's (``slap``, ``can_*`` flags, the answer form's
        ``category_labels``, ``penalty_targets`` ...).
    """
    view = screen.get("view") or {}
    me = _seat(screen.get("me"))
    me = -1 if me is None else me
    if not view:
        players = [{"seat": s["seat"], "name": s["name"], "me": s["seat"] == me, "to_act": False, "score": "",
                    "detail": "", "points": 0, "won": [], "badges": [], "class_name": "tg-player ues-player"}
                   for s in screen.get("seats") or ()]
        return {"phase": "", "players": players, "status": t(lang, "ui.waiting_host"), "my_turn": False,
                "events": [], "game_over": None}
    names = [p["name"] for p in view.get("players", [])]
    to_act = _to_act(screen)
    phase = view.get("phase")
    cats = _category_texts(lang, view.get("category_card"))
    revealed = view.get("revealed")
    race = _race(lang, view, names)
    history = view.get("history") or []
    last = history[-1] if history else None
    reveal_time = view.get("reveal_time")
    pending = view.get("pending") or {}
    out: dict[str, Any] = {
        "phase": phase,
        "mode": view.get("mode"),
        "round": view.get("round"),
        "round_text": t(lang, "ui.uestop.round_n", n=view.get("round")),
        "mode_text": t(lang, f"ui.uestop.mode.{view.get('mode')}"),
        "target_text": t(lang, "ui.uestop.to_win_n", n=view.get("target")),
        "category_card": view.get("category_card"),
        "categories_hidden": bool(view.get("categories_hidden")),
        "category_suit": (view.get("category_card") or {}).get("suit", ""),
        "revealed": revealed,
        "revealed_kind": (revealed or {}).get("kind", ""),
        "revealed_label": t(lang, "ui.uestop.deck" if not revealed else
                            "ui.uestop.number_card" if revealed.get("kind") == "number" else "ui.uestop.letter_card"),
        "reveal_at": "" if reveal_time is None else str(reveal_time * 1000),
        "reveal_key": "" if reveal_time is None else str(reveal_time),
        "number_length": view.get("number_length") or 0,
        "answer_style": view.get("answer_style") or "",
        "deck_count": view.get("deck_count", 0),
        "mandatory_letter": view.get("mandatory_letter") or "",
        "mandatory_suit": view.get("mandatory_suit") or "",
        "judging": phase == "judging",
        "race": race,
        "race_open": phase == "race",
        "race_taps": len((view.get("race") or {}).get("taps") or ()),
        "answer": _answer(lang, view, names, cats),
        "votes": _votes(lang, view, names),
        "opener_text": t(lang, "ui.uestop.opens_next_card", player=_name(names, view.get("opener"))),
        "listen_text_all": (t(lang, "ui.uestop.answering_player", player=_name(names, view.get("answerer")))
                            if view.get("answerer") is not None else ""),
        "table_discard_text": (t(lang, "ui.uestop.discard_agree_count", count=len(view.get("discard_agree") or ()),
                                 total=len(names)) if view.get("discard_agree") else ""),
        "penalty_text": (t(lang, "ui.uestop.penalty_choosing_player", player=_name(names, pending.get("by")))
                         if pending else ""),
        "last_round_text": (t(lang, "ui.uestop.last_round_by" if last.get("answerer") is not None
                              else "ui.uestop.last_round_none",
                              player=_name(names, last.get("answerer")),
                              result=t(lang, f"ui.uestop.result.{last.get('result')}"))
                            if last and phase == "reading" else ""),
    }
    if me >= 0:
        out.update(_phone(lang, view, me, names, race, cats, len(names)))
    out.update({
        "players": _players(lang, view, me, to_act),
        "status": _status(lang, view, me, names, {**out, "slap": out.get("slap", {"label": ""})}),
        "my_turn": me >= 0 and me in to_act,
        "events": [_event_line(lang, e, names) for e in view.get("events", ())
                   if e.get("type") not in HIDDEN_EVENTS],
        "game_over": _game_over(lang, view, names, me),
    })
    return out
