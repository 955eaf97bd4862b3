"""What the UNO phone and table show, in Python: ``build(screen, lang, shared) -> dict``.

Pure (no Reflex import): the pages only lay out what this returns, and the unit tests
check it without a browser (``tests/games/test_uno_view_model.py``).

``screen`` is what ``rooms.service.screen`` gives one screen: the room's public facts,
``view`` (the engine's view for this seat, or the table's), ``me`` (this phone's engine
seat, -1 for the table), ``to_act`` (engine seats who must act now) and ``is_host``.

The shared keys (every game's view model has them): ``players``, ``status``,
``my_turn``, ``events``, ``game_over``. UNO's own keys:

- ``phase``: "play", "hand_over" or "game_over" ("" in the lobby).
- ``top``: the discard's top card code; ``color``: the colour in play ("" none);
  ``color_line``: "Colour in play: green"; ``direction``: "↻ clockwise";
  ``draw_pile``: "Draw pile: 40 cards"; ``greyskull``: the Greyskull call ("" none).
- ``pending``: the answer owed now, as a sentence for everybody ("" none).
- ``hand_groups``: this phone's hand in runs of one colour (wilds last), each card
  ``{"code", "playable", "pick", "key"}`` (``key``: the card's identity in the hand, "r7.1" for
  a second r7, so a drawn card alone slides in): ``pick`` true when tapping it opens the colour picker
  (a playable wild), else tapping it sends ``play`` (a refused tap explains itself);
  ``name``: the card in words (for screen readers). ``top_name``: the discard's top in words.
- ``hand_count``: "7 cards" (this phone's hand); ``hand_fan``: more than ``FAN_HAND``
  cards (the phone overlaps them); ``hand_dense``: more than ``DENSE_HAND`` cards (the
  phone draws them smaller too); ``hand_per_row``: cards to a row (:func:`per_row`).
- ``actions``: the buttons that apply, ``{"id", "label", "color", "move", "pick"}``:
  ``pick`` "" sends ``move``; otherwise it opens the picker for that code ("first": the
  colour of a wild turned up as first discard).
- ``picker``: ``{code: {"title", "target_title", "swap", "targets", "choices"}}`` for
  every code the picker can open for; ``choices`` by colour: ``{"color", "name", "move",
  "by_target"}``. Swap Hands (``swap``) asks for the player first (``targets``:
  ``[{"seat": "2", "name", "detail"}]``, under ``target_title``), then the colour: ``by_target``
  maps the chosen seat (as text) to the move, and ``move`` is {}.
- ``reveal``: the challenged hand this challenger was shown, ``{"title", "cards"}`` or None.
- ``scores``: between hands and at the end, rows ``{"seat", "name", "cards", "score",
  "winner"}``; ``score_title`` ("Hand over" / "Game over"); ``target_line``.
- ``hand_line``: who won the last hand and its points (between hands and at the end);
  ``my_result``: this phone's own place at the end ("You won!", "You finished 2nd.").
- ``waiting``: the phone's line between hands; ``next_label``: the host's button.
- ``jump``: this phone's jump-in button (house rule ``jump_in``), ``{"card", "label"}`` while
  it holds the identical card to the top (None otherwise); ``racing``: a jump-in race is
  open (the pending line says so).
- ``house``: the house rules in force, in words ("" for none), for the table.
- A player holding one card is marked "UNO!" (called or not: the last card shows).
"""

from __future__ import annotations

from functools import cache, lru_cache

from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Any

from tablegames.engine.uno.cards import colors as edition_colors
from tablegames.games import standings
from tablegames.i18n import card_name, color_name, event_text, join_names, ordinal, t

__all__ = ["build", "group_by_color", "per_row"]

_MARK = "★"  # DejaVu has it: no emoji font needed
FAN_HAND = 5  # more cards than this: the phone overlaps them (two rows hold 12 on a 360 px phone)
DENSE_HAND = 12  # more cards than this: the phone draws them smaller, so the hand still fits
HANDS_KEPT = 4_096  # hands laid out, the least recently used out first (a few per seated phone)
PLAYER_LINES_KEPT = 4_096  # players' lines, likewise (one or two new a move)
ROW_CAP = {"fan": 6, "dense": 7}  # overlapped cards a 360 px phone's row holds (assets/uno.css)


def group_by_color(hand: Sequence[str]) -> list[list[str]]:
    """A sorted UNO hand split into runs of one colour (wilds last), for the phone.

    >>> group_by_color(["r1", "r7", "gS", "W", "W+4"])
    [['r1', 'r7'], ['gS'], ['W', 'W+4']]
    """
    return [list(run) for _, run in groupby(hand, key=lambda c: "w" if c.startswith("W") else c[0])]


def per_row(n: int) -> int:
    """How many of ``n`` cards one row of the phone's hand holds, rows balanced.

    Past ``FAN_HAND`` cards overlap, ``ROW_CAP`` to a row; the rows share the cards evenly
    (7 cards: 4 + 3, not 6 + 1).

    >>> per_row(5), per_row(7), per_row(12), per_row(13), per_row(20)
    (5, 4, 6, 7, 7)
    """
    if n <= FAN_HAND:
        return n
    cap = ROW_CAP["dense" if n > DENSE_HAND else "fan"]
    rows = -(-n // cap)
    return -(-n // rows)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(view: Mapping[str, Any]) -> list[str]:
    return [str(p["name"]) for p in view.get("players") or ()]


def _to_act(screen: Mapping[str, Any], view: Mapping[str, Any]) -> list[int]:
    """The engine seats who must act now (the screen's ``to_act``, else whoever is on turn)."""
    if "to_act" in screen and screen["to_act"] is not None:
        return [int(s) for s in screen["to_act"]]
    return [int(view["turn"])] if view.get("phase") == "play" else []


def _lobby(screen: Mapping[str, Any], lang: str) -> dict[str, Any]:
    me = int(screen.get("me", -1))
    players = [{"seat": s["seat"], "name": s["name"], "me": s["seat"] == me, "to_act": False,
                "score": "", "detail": "", "cards": 0, "badges": []}
               for s in screen.get("seats") or ()]
    return {"players": players, "status": t(lang, "ui.waiting_host"), "my_turn": False,
            "events": [], "game_over": None, "phase": "", "hand_groups": [], "actions": [],
            "picker": {}, "reveal": None, "scores": [], "pending": "", "greyskull": "",
            "top": "", "top_name": "", "color": "", "color_line": "", "direction": "", "draw_pile": "",
            "hand_count": "", "hand_fan": False, "hand_dense": False, "hand_per_row": 0, "score_title": "", "target_line": "", "waiting": "",
            "next_label": "", "hand_line": "", "edition": "", "color_name": "", "my_result": "",
            "labels": _labels(lang), "jump": None, "jump_table": False, "racing": False, "house": ""}


def build(screen: Mapping[str, Any], lang: str, shared: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the UNO phone and table show for this screen, in ``lang``.

    Args:
        screen: one screen's data (public facts, ``view``, ``me``, ``to_act``, ``is_host``).
        lang: "en" or "pt-BR".
        shared: the memo of every screen of this room version in ``lang``
            (``games.view_model``): what all seats show alike is built once there.

    Returns:
        The view model (see the module docstring for its keys).
    """
    view = screen.get("view")
    if not view:
        return _lobby(screen, lang)
    me = int(screen.get("me", -1))
    names = _names(view)
    phase = str(view.get("phase", ""))
    to_act = _to_act(screen, view)
    alike = shared.get("uno") if shared is not None else None
    if alike is None:
        alike = _alike(lang, view, to_act, names)
        if shared is not None:
            shared["uno"] = alike
    out: dict[str, Any] = {
        **alike,
        "players": [{**p, "me": True} if p["seat"] == me else p for p in alike["players"]],
        "status": _status(lang, view, me, to_act, names),
        "my_turn": me >= 0 and me in to_act,
        "game_over": _game_over(lang, view, names, me) if phase == "game_over" else None,
        "pending": _pending(lang, view, names, me),
        "reveal": None,
        "hand_groups": [],
        "hand_count": "",
        "hand_fan": False,
        "hand_dense": False,
        "hand_per_row": 0,
        "actions": [],
        "picker": {},
        "my_result": _my_result(lang, view, me) if phase == "game_over" else "",
        "jump": None,
    }
    if me >= 0 and "hand" in view:
        _hand(out, lang, view, me, names, str(alike["edition"]))
    return out


def _alike(lang: str, view: Mapping[str, Any], to_act: Sequence[int], names: Sequence[str]) -> dict[str, Any]:
    """What every screen of this version shows alike: built from the public part of the
    view only (the table's view holds it too), the players' lines with ``me`` false
    (:func:`build` marks this phone's own)."""
    phase = str(view.get("phase", ""))
    winners = set(view.get("winners") or ())
    color = str(view.get("color") or "")
    out: dict[str, Any] = {
        "players": [_player(lang, p, to_act, winners, phase) for p in view.get("players") or ()],
        "events": [event_text(lang, e, names, "uno") for e in view.get("events") or ()],
        "phase": phase,
        "edition": str((view.get("options") or {}).get("edition", "classic")),
        "top": str(view.get("top") or ""),
        "top_name": card_name(lang, view.get("top")) if view.get("top") else "",
        "color": color,
        "color_line": t(lang, "ui.uno.color_line", color=_capital(color_name(lang, color))) if color else "",
        "color_name": _capital(color_name(lang, color)) if color else "",
        "direction": t(lang, "ui.uno.direction.cw" if view.get("direction", 1) == 1 else "ui.uno.direction.ccw"),
        "draw_pile": t(lang, "ui.uno.draw_pile", count=int(view.get("draw_count", 0))),
        "greyskull": (t(lang, "ui.greyskull_call")
                      if any(e.get("type") == "greyskull" for e in view.get("events") or ()) else ""),
        "scores": [],
        "score_title": "",
        "target_line": _target_line(lang, view),
        "waiting": t(lang, "ui.waiting_host") if phase != "play" else "",
        "next_label": "",
        "hand_line": "",
        "labels": _labels(lang),
        "jump_table": bool((view.get("options") or {}).get("jump_in")),
        "racing": bool(view.get("jump")) and phase == "play",
        "house": _house_line(lang, view),
    }
    if phase != "play":
        out["hand_line"] = _hand_line(lang, view, names)
        out["scores"] = _scores(lang, view, winners if phase == "game_over" else _hand_winner(view))
        out["score_title"] = t(lang, "ui.game_over" if phase == "game_over" else "ui.hand_over")
        out["next_label"] = t(lang, "ui.rematch" if phase == "game_over" else "ui.next_hand")
    return out


_LABELS = {"cancel": "ui.cancel", "player": "ui.player", "cards_left": "ui.cards_left", "points": "ui.points",
           "color_in_play": "ui.color_in_play", "draw_pile": "ui.draw_pile"}


@cache
def _labels(lang: str) -> dict[str, str]:
    """Titles and buttons of the UNO screens."""
    return {name: t(lang, key) for name, key in _LABELS.items()}


def _my_result(lang: str, view: Mapping[str, Any], me: int) -> str:
    """This phone's own place at the end: "You won!" / "You finished 2nd."."""
    if me < 0:
        return ""
    winners = [int(w) for w in view.get("winners") or ()]
    if me in winners:
        return t(lang, "ui.uno.you_won")
    order = _ranking(view)
    return t(lang, "ui.uno.your_place", place=ordinal(lang, order.index(me) + 1)) if me in order else ""


def _player(lang: str, p: Mapping[str, Any], to_act: Sequence[int], winners: set[int],
            phase: str) -> dict[str, Any]:
    """A player's line as every screen shows it (``me`` false), by :func:`_player_line`."""
    seat = int(p["seat"])
    return _player_line(lang, seat, str(p["name"]), int(p.get("cards", 0)), int(p.get("score", 0)),
                        bool(p.get("out")), bool(p.get("uno")), phase,
                        phase == "play" and seat in to_act, phase == "game_over" and seat in winners)


@lru_cache(maxsize=PLAYER_LINES_KEPT)
def _player_line(lang: str, seat: int, name: str, cards: int, score: int, out: bool, uno: bool, phase: str,
                 acting: bool, winner: bool) -> dict[str, Any]:
    """A player's line, built once for what it shows: a move changes the lines of one or two
    players, and the screens share the others (nobody changes them; a phone's own line is a
    copy, :func:`build`)."""
    p = {"cards": cards, "out": out, "uno": uno}
    badges = []
    if _uno_mark(p, phase):
        badges.append("UNO!")
    if out:
        badges.append(t(lang, "ui.out"))
    if winner:
        badges.append(t(lang, "ui.uno.winner"))
    return {"seat": seat, "name": name, "me": False, "to_act": acting,
            "score": t(lang, "count.points", count=score), "detail": _detail(lang, p, phase),
            "cards": cards, "badges": badges}


def _uno_mark(p: Mapping[str, Any], phase: str = "play") -> bool:
    """A player's "UNO!" mark: the call made, or down to one card while a hand is played."""
    return bool(p.get("uno")) or (phase == "play" and int(p.get("cards", 0)) == 1 and not p.get("out"))


def _detail(lang: str, p: Mapping[str, Any], phase: str = "play") -> str:
    """A player's card count, with the UNO mark or being out: "1 card · UNO!"."""
    cards = t(lang, "count.cards", count=int(p.get("cards", 0)))
    if p.get("out"):
        return t(lang, "ui.uno.detail.out", cards=cards)
    return t(lang, "ui.uno.detail.uno", cards=cards) if _uno_mark(p, phase) else cards


_SWITCHES = ("stacking", "seven_zero", "jump_in", "draw_until_playable", "forced_play", "no_bluff_wd4")


def _house_line(lang: str, view: Mapping[str, Any]) -> str:
    """The house rules in force, in words ("House rules: stacking, 7-0, jump-in"; "" none)."""
    options = view.get("options") or {}
    rules = [t(lang, f"option.{k}") for k in _SWITCHES if options.get(k)]
    return t(lang, "ui.uno_house.line", rules=join_names(lang, rules)) if rules else ""


def _status(lang: str, view: Mapping[str, Any], me: int, to_act: Sequence[int],
            names: Sequence[str]) -> str:
    phase = view.get("phase")
    if phase == "game_over":
        return t(lang, "ui.game_over")
    if phase == "hand_over":
        return t(lang, "ui.hand_over")
    if me >= 0 and me in to_act:
        return t(lang, "ui.your_turn")
    turn = view.get("turn")
    name = names[turn] if isinstance(turn, int) and 0 <= turn < len(names) else "?"
    return t(lang, "ui.uno.playing", player=name)


def _pending(lang: str, view: Mapping[str, Any], names: Sequence[str], me: int) -> str:
    """The answer owed now (a Wild Draw Four to challenge, a colour, a dare), in words."""
    pending = view.get("pending")
    if view.get("jump") and view.get("phase") == "play":
        return t(lang, "ui.uno_house.jump_open")
    if not pending or view.get("phase") != "play":
        return ""
    turn = int(view.get("turn", 0))
    who = names[turn] if 0 <= turn < len(names) else "?"
    by = pending.get("by")
    by_name = names[by] if isinstance(by, int) and 0 <= by < len(names) else "?"
    kind = pending.get("kind")
    mine = ".you" if turn == me else ""
    options = view.get("options") or {}
    if kind in ("wd4", "draw2") and options.get("stacking") or kind == "wd4" and options.get("no_bluff_wd4"):
        cards = t(lang, "count.cards", count=int(pending.get("count", 4 if kind == "wd4" else 2)))
        if kind == "draw2":
            key = "ui.uno_house.pending.draw2"
        elif options.get("no_bluff_wd4"):
            key = "ui.uno_house.pending.wd4_no_bluff" if options.get("stacking") else "ui.uno_house.pending.wd4_take"
        else:
            key = "ui.uno_house.pending.wd4"
        return t(lang, key + mine, player=who, by=by_name, cards=cards)
    if kind == "seven":
        return t(lang, "ui.uno_house.pending.seven" + mine, player=who)
    if kind == "wd4":
        return t(lang, "ui.uno.pending.wd4" + mine, player=who, by=by_name)
    if kind == "color":
        return t(lang, ("ui.uno.pending.swap" if pending.get("swap") else "ui.uno.pending.color") + mine,
                 player=who)
    if kind == "dare":
        return t(lang, "ui.uno.pending.dare" + mine, player=who, by=by_name, rule=_rule_text(lang, view, pending))
    return ""


def _rule_text(lang: str, view: Mapping[str, Any], pending: Mapping[str, Any]) -> str:
    rules = (view.get("options") or {}).get("house_rules") or ()
    index = pending.get("rule")
    if not isinstance(index, int) or not 0 <= index < len(rules):
        return ""
    rule = rules[index]
    key = rule.get("key")
    if key == "custom":
        return str(rule.get("text", ""))
    return t(lang, f"houserule.{key}")


def _target_line(lang: str, view: Mapping[str, Any]) -> str:
    options = view.get("options") or {}
    target = int(options.get("target", 500))
    scoring = str(options.get("scoring", "standard"))
    return t(lang, f"ui.uno.target.{scoring}", count=target)


def _hand_line(lang: str, view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who won the last hand and what it scored: "Ana wins the hand and scores 44 points!"."""
    history = view.get("history") or ()
    if not history:
        return ""
    last = history[-1]
    return event_text(lang, {"type": "hand_over", "winner": last.get("winner"), "gain": last.get("gain", 0)},
                      names, "uno")


def _hand_winner(view: Mapping[str, Any]) -> set[int]:
    """The seat that won the last hand (marked in the score table between hands)."""
    history = view.get("history") or ()
    winner = history[-1].get("winner") if history else None
    return {winner} if isinstance(winner, int) else set()


def _scores(lang: str, view: Mapping[str, Any], winners: set[int]) -> list[dict[str, Any]]:
    """Score rows, best first at the end of the game (seat order between hands); ``winners``
    (the game's, or the last hand's between hands) are marked."""
    rows = [{"seat": int(p["seat"]), "name": str(p["name"]), "mark": _MARK if int(p["seat"]) in winners else "",
             "cards": t(lang, "count.cards", count=int(p.get("cards", 0))),
             "score": t(lang, "count.points", count=int(p.get("score", 0))),
             "winner": int(p["seat"]) in winners,
             "line": t(lang, "ui.uno.score_line.winner" if int(p["seat"]) in winners else "ui.uno.score_line",
                       player=str(p["name"]), points=t(lang, "count.points", count=int(p.get("score", 0))))}
            for p in view.get("players") or ()]
    if view.get("phase") == "game_over":
        order = _ranking(view)
        rows.sort(key=lambda r: order.index(r["seat"]))
    return rows


def _ranking(view: Mapping[str, Any]) -> list[int]:
    """Seats from first to last at the end (winners first; as the engine's ``result``)."""
    players = view.get("players") or ()
    options = view.get("options") or {}
    scores = {int(p["seat"]): int(p.get("score", 0)) for p in players}
    high = options.get("scoring", "standard") == "standard"
    order = sorted(scores, key=lambda s: -scores[s] if high else scores[s])
    history = view.get("history") or ()
    gone = {p: h.get("hand", 0) for h in history for p in h.get("eliminated", ()) or ()}
    order.sort(key=lambda s: -gone.get(s, len(history) + 1))
    winners = list(view.get("winners") or ())
    return [s for s in order if s in winners] + [s for s in order if s not in winners]


def _game_over(lang: str, view: Mapping[str, Any], names: Sequence[str], me: int) -> dict[str, Any]:
    """The shared ending (``games.standings.game_over``): places by the engine's ranking
    (ties share one), each total in points, the points target."""
    winners = {int(w) for w in view.get("winners") or ()}
    scores = {int(p["seat"]): int(p.get("score", 0)) for p in view.get("players") or ()}
    high = (view.get("options") or {}).get("scoring", "standard") == "standard"
    history = view.get("history") or ()
    gone = {p: h.get("hand", 0) for h in history for p in h.get("eliminated", ()) or ()}
    rows = [{"seat": seat, "name": names[seat], "winner": seat in winners,
             # later out is better (elimination), then the total (higher or lower is better)
             "value": (gone.get(seat, len(history) + 1), scores[seat] if high else -scores[seat]),
             "score": t(lang, "count.points", count=scores[seat])}
            for seat in sorted(scores) if 0 <= seat < len(names)]
    return standings.game_over(lang, rows, me, target=_target_line(lang, view))


# -- this phone's hand, buttons and pickers ----------------------------------------------

def _hand(out: dict[str, Any], lang: str, view: Mapping[str, Any], me: int, names: Sequence[str],
          edition: str) -> None:
    hand = list(view.get("hand") or ())
    playable = set(view.get("playable") or ())
    can = set(view.get("can") or ())
    out["hand_count"] = t(lang, "count.cards", count=len(hand))
    out["hand_fan"] = len(hand) > FAN_HAND
    out["hand_dense"] = len(hand) > DENSE_HAND
    out["hand_per_row"] = per_row(len(hand))
    out["hand_groups"] = _hand_groups(lang, tuple(hand), frozenset(playable))
    reveal = view.get("reveal")
    if reveal:
        of = reveal.get("of")
        out["reveal"] = {"title": t(lang, "ui.uno.revealed", player=names[of] if isinstance(of, int) else "?"),
                         "cards": list(reveal.get("cards") or ())}
    others = [p for p in view.get("players") or () if int(p["seat"]) != me and not p.get("out")]
    cols = edition_colors(edition or "classic")
    picker: dict[str, Any] = {}
    for code in sorted({c for c in playable if c.startswith("W")}):
        swap = code == "WS" and len(hand) > 1
        picker[code] = _picker(lang, cols, others, swap,
                               lambda color, target=None, code=code: _play_move(code, color, target))
    if "choose_color" in can:
        swap = bool((view.get("pending") or {}).get("swap"))
        picker["first"] = _picker(lang, cols, others, swap, _choose_move)
    if "swap" in can:  # 7-0: whose hand to take (the targets send the move at once)
        picker["seven"] = {"title": "", "target_title": t(lang, "ui.uno_house.pick_seven"), "swap": True,
                           "direct": True, "choices": [],
                           "targets": [{"seat": str(p["seat"]), "name": str(p["name"]), "detail": _detail(lang, p),
                                        "move": {"type": "swap", "target": int(p["seat"])}} for p in others]}
    out["picker"] = picker
    out["actions"] = _actions(lang, view, can, names)
    if "jump_in" in can and view.get("top"):
        out["jump"] = {"card": str(view["top"]), "label": t(lang, "ui.uno_house.jump_button"),
                       "name": card_name(lang, view["top"])}


@lru_cache(maxsize=HANDS_KEPT)
def _hand_groups(lang: str, hand: tuple[str, ...], playable: frozenset[str]) -> list[list[dict[str, Any]]]:
    """A hand's cards as the phone lays them out (``hand_groups``). Most moves leave most
    hands and what they may play as they were, so a hand is laid out once, not once per
    version: the screens share the lists, which nobody changes."""
    return [[{"code": c, "playable": c in playable, "pick": c in playable and c.startswith("W"),
              "name": card_name(lang, c), "key": f"{c}.{group[:i].count(c)}"}  # motion: a drawn card
             for i, c in enumerate(group)] for group in group_by_color(hand)]


def _play_move(code: str, color: str, target: int | None) -> dict[str, Any]:
    move: dict[str, Any] = {"type": "play", "card": code, "color": color}
    if target is not None:
        move["target"] = target
    return move


def _choose_move(color: str, target: int | None = None) -> dict[str, Any]:
    move: dict[str, Any] = {"type": "choose_color", "color": color}
    if target is not None:
        move["target"] = target
    return move


def _picker(lang: str, cols: Sequence[str], others: Sequence[Mapping[str, Any]], swap: bool,
            make) -> dict[str, Any]:
    """What the picker of one code offers. Swap Hands asks for the player first (``targets``:
    ``[{"seat": "2", "name", "detail"}]``), then the colour: each choice's ``by_target`` maps the
    chosen seat (as text) to the move; otherwise a choice's ``move`` is the move."""
    choices = []
    for c in cols:
        by_target = {str(p["seat"]): make(c, int(p["seat"])) for p in others} if swap else {}
        choices.append({"color": c, "name": _capital(color_name(lang, c)),
                        "move": {} if swap else make(c), "by_target": by_target})
    return {"title": t(lang, "ui.pick_color"),
            "target_title": t(lang, "ui.uno.pick_target") if swap else "",
            "swap": swap, "direct": False, "choices": choices,
            "targets": [{"seat": str(p["seat"]), "name": str(p["name"]), "detail": _detail(lang, p), "move": {}}
                        for p in others] if swap else []}


def _button(id_: str, label: str, move: dict[str, Any] | None = None, color: str = "",
            pick: str = "") -> dict[str, Any]:
    return {"id": id_, "label": label, "move": move or {}, "color": color, "pick": pick}


def _actions(lang: str, view: Mapping[str, Any], can: set[str], names: Sequence[str]) -> list[dict[str, Any]]:
    """The buttons that apply now, in a fixed order (ids kept for the browser tests)."""
    buttons = []
    if "draw" in can:
        buttons.append(_button("act-draw", t(lang, "ui.draw"), {"type": "draw"}))
    if "pass" in can:
        buttons.append(_button("act-pass", t(lang, "ui.keep"), {"type": "pass"}))
    if "uno" in can:
        buttons.append(_button("act-uno", "UNO!", {"type": "uno"}, "orange"))
    for target in view.get("catchable") or ():
        name = names[target] if 0 <= target < len(names) else "?"
        buttons.append(_button(f"act-catch-{target}", t(lang, "ui.uno.catch", player=name),
                               {"type": "catch", "target": target}, "red"))
    if "challenge" in can:
        buttons.append(_button("act-challenge", t(lang, "ui.challenge"), {"type": "challenge"}, "red"))
    if "accept" in can:
        pending = view.get("pending") or {}
        if "count" in pending or pending.get("kind") == "draw2" or (
                (view.get("options") or {}).get("no_bluff_wd4")):  # a stack: "Take 6 cards"
            label = t(lang, "ui.uno_house.take", count=int(pending.get("count", 4)))
        else:
            label = t(lang, "ui.accept")
        buttons.append(_button("act-accept", label, {"type": "accept"}))
    if "swap" in can:
        buttons.append(_button("act-swap", t(lang, "ui.uno_house.choose_swap"), pick="seven"))
    if "choose_color" in can:
        buttons.append(_button("act-choose-color", t(lang, "ui.choose_color"), pick="first"))
    if "dare" in can:
        buttons.append(_button("act-dare-done", t(lang, "ui.dare_done"), {"type": "dare", "done": True}))
        buttons.append(_button("act-dare-failed", t(lang, "ui.dare_failed"), {"type": "dare", "done": False},
                               "red"))
    return buttons
