"""What the Upwords phone and table show, in Python: ``build(screen, lang) -> dict``.

Pure (no Reflex import): the pages only lay out what this returns, and the unit tests
check it without a browser (``tests/games/test_upwords_view_model.py``). Board size,
rack size, centre squares and the highest stack come from the engine (``tiles.json``).

``screen`` is what ``rooms.service.screen`` gives one screen: the room's public facts,
``view`` (the engine's view for this seat, or the table's), ``me`` (this phone's engine
seat, -1 for the table), ``to_act`` (engine seats who must act now) and ``is_host``.

The shared keys: ``players`` (each also ``tiles``, ``score_value`` and ``badges``),
``status``, ``my_turn``, ``events``, ``game_over``. Upwords' own keys:

- ``phase``; ``playing`` (not game over); ``ending`` (the "last tiles are out" line, or "").
- ``board``: the board rows as the table draws them (see :func:`board_rows`), with the
  last play's gain on its last tile; the pages overlay the live tiles (state.py).
- ``last``: the last play or None: ``{"name", "words": [{"word", "score"}], "score"``
  (int, for ``data-score``) ``, "gain"`` ("+8", "0" once withdrawn) ``, "bonus", "withdrawn",
  "open"`` (sentences or "") ``, "line"`` (the phone's one-line summary)``}``;
  ``no_play``: the table's line before any play.
- ``bag``: "Bag: 79 tiles"; ``bag_count`` (int); ``mode``: how words are settled.
- ``can``: ``{"place", "exchange", "pass", "challenge"}`` booleans (this phone).
- ``labels``: button and picker texts; ``hint``: the line under an empty preview.
- ``standings``: at the end, rows ``{"seat", "name", "score", "left", "penalty", "winner",
  "line"}`` best first (see :func:`final_rows`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.engine.upwords.tiles import CENTER, MAX_HEIGHT, RACK_SIZE, SIZE, face
from tablegames.games import standings
from tablegames.i18n import event_text, join_names, number, ordinal, t

__all__ = ["RACK_SIZE", "SIZE", "board_rows", "build", "final_rows", "live_line", "pad", "rack_tiles",
           "valid_draft"]

_BUTTONS = {  # label key of each button / picker text
    "play": "ui.upwords.button.play", "recall": "ui.upwords.button.recall",
    "shuffle": "ui.upwords.button.shuffle", "exchange": "ui.upwords.button.exchange",
    "pass": "ui.upwords.pass", "challenge": "ui.upwords.button.challenge",
    "zoom_in": "ui.upwords.button.zoom_in", "zoom_out": "ui.upwords.button.zoom_out",
    "exchange_pick": "ui.upwords.exchange_pick", "cancel": "ui.cancel",
    "legend_new": "ui.upwords.legend_new", "legend_last": "ui.upwords.legend_last",
    "legend_height": "ui.upwords.legend_height", "last_play": "ui.upwords.last_play",
    "tiles_left": "ui.upwords.tiles_left", "penalty": "ui.upwords.penalty", "player": "ui.player",
    "points": "ui.points", "winner": "ui.upwords.winner", "rematch": "ui.rematch",
    "game_over": "ui.game_over", "waiting": "ui.waiting_host", "looks_legal": "ui.upwords.looks_legal",
}


# -- the board and the rack ---------------------------------------------------------------

def board_rows(view: Mapping[str, Any], overlay: Mapping[tuple[int, int], str], *,
               gain: bool = False) -> list[list[dict[str, Any]]]:
    """The board as rows of squares, ready to draw.

    Args:
        view: an Upwords view (``board``: rows of ``{letter, height}``; ``last``).
        overlay: tiles being placed, ``{(row, col): letter}``: drawn on top of the stack
            (one tile higher) and marked ``new``.
        gain: put the last play's score (``+5``) on its last tile (the table does).

    Each square: ``id`` ("r-c"), ``r``, ``c``, ``t`` (the top tile as printed, "" when
    empty), ``h`` (stack height, the new tile included), ``new``, ``last`` (a tile of the
    last play), ``gain`` (text or ""), ``cls`` (CSS classes: height, centre, new, last).
    """
    last = view.get("last") or {}
    last_cells: set[tuple[int, int]] = set()
    if last and not last.get("withdrawn"):
        last_cells = {(int(r), int(c)) for r, c, _ in last.get("tiles") or ()}
    gain_cell = max(last_cells) if gain and last_cells else None
    rows = []
    for r, row in enumerate(view.get("board") or ()):
        out = []
        for c, sq in enumerate(row):
            letter, height = sq.get("letter", ""), int(sq.get("height", 0))
            new = (r, c) in overlay
            if new:
                letter, height = overlay[(r, c)], height + 1
            is_last = (r, c) in last_cells and not new
            cls = ["uw-sq", f"uw-h{min(height, MAX_HEIGHT)}" if height else "uw-empty"]
            if height > MAX_HEIGHT:
                cls.append("uw-over")
            if (r, c) in CENTER:
                cls.append("uw-centre")
            if letter == "Q":
                cls.append("uw-qu")
            if new:
                cls.append("uw-new")
            if is_last:
                cls.append("uw-last")
            out.append({
                "id": f"{r}-{c}", "r": r, "c": c, "t": face(letter) if letter else "", "h": height,
                "new": new, "last": is_last,
                "gain": f"+{int(last.get('score', 0))}" if (r, c) == gain_cell else "",  # a number, no words
                "cls": " ".join(cls),
            })
        rows.append(out)
    return rows


def valid_draft(draft: Sequence[Sequence[Any]], rack: Sequence[str]) -> list[tuple[int, str, int, int]]:
    """The entries of a phone's draft that still fit its rack and the board geometry.

    An entry is ``[rack_index, letter, row, col]``; it is kept while that rack slot still
    holds that letter (a play, an exchange or a won challenge changes the rack), each
    slot and square is used once, and at most a rack's worth of tiles.

    >>> valid_draft([[0, "A", 4, 4], [0, "A", 4, 5], [1, "X", 4, 6], [2, "C", 10, 0]], ["A", "B", "C"])
    [(0, 'A', 4, 4)]
    """
    out: list[tuple[int, str, int, int]] = []
    slots: set[int] = set()
    squares: set[tuple[int, int]] = set()
    for item in draft or ():
        try:
            i, letter, r, c = int(item[0]), str(item[1]), int(item[2]), int(item[3])
        except (TypeError, ValueError, IndexError):
            continue
        if (0 <= i < len(rack) and rack[i] == letter and i not in slots
                and 0 <= r < SIZE and 0 <= c < SIZE and (r, c) not in squares):
            out.append((i, letter, r, c))
            slots.add(i)
            squares.add((r, c))
    return out[:RACK_SIZE]


def rack_tiles(rack: Sequence[str], order: Sequence[int], used: set[int], selected: int,
               exchanging: bool) -> list[dict[str, Any]]:
    """The rack as this phone shows it: ``[{i, t, letter, used, sel, cls}]`` in ``order``
    (the phone's shuffle; the rack's own order when ``order`` doesn't fit it)."""
    if sorted(order) != list(range(len(rack))):
        order = list(range(len(rack)))
    tiles = []
    for i in order:
        cls = ["uw-rack-tile"]
        if i in used:
            cls.append("uw-used")
        elif i == selected:
            cls.append("uw-sel")
        if exchanging and i not in used:
            cls.append("uw-pick")
        tiles.append({"i": i, "t": face(rack[i]), "letter": rack[i], "used": i in used,
                      "sel": i == selected and i not in used, "cls": " ".join(cls)})
    return tiles


def pad(lang: str, view: Mapping[str, Any], tiles: list[dict[str, Any]],
        entries: Sequence[tuple[int, str, int, int]], preview: Mapping[str, Any] | None,
        error: str, my_turn: bool) -> dict[str, Any]:
    """The phone's composing area: the board with its draft, the rack and the preview.

    Args:
        view: this seat's view.
        tiles: :func:`rack_tiles`.
        entries: :func:`valid_draft` of the phone's draft.
        preview: the engine's ``preview`` of the draft (None: nothing placed).
        error: the preview's error, already translated ("" none); with one, the preview
            shows only it (no words, no score): the draft can't be played as it is.
        my_turn: whether this phone is on turn (the hint line).

    Returns:
        ``{"board", "rack", "count", "words": [{word, score}], "score", "score_line"
        ("= 8 points"), "bonus" (sentence or ""), "error", "ok", "hint"}``.
    """
    overlay = {(r, c): letter for _, letter, r, c in entries}
    out: dict[str, Any] = {"board": board_rows(view, overlay), "rack": tiles, "count": len(entries),
                           "words": [], "score": 0, "score_line": "", "bonus": "", "error": "", "ok": False,
                           "hint": t(lang, "ui.upwords.hint_pick" if my_turn else "ui.upwords.hint_plan")}
    if entries and preview is not None and error:
        out.update(error=error)  # the one message: no words or score beside it
    elif entries and preview is not None:
        score = int(preview.get("score", 0))
        out.update(words=[{"word": str(w["word"]), "score": number(lang, w["score"])}
                          for w in preview.get("words") or ()],
                   score=score, score_line=t(lang, "ui.upwords.total", count=score),
                   bonus=t(lang, "ui.upwords.bonus") if preview.get("bonus") else "",
                   ok=preview.get("error") is None)
    return out


def live_line(lang: str, name: str, count: int) -> str:
    """The table's line while the player on turn puts tiles down: "Ana is placing 3 tiles…"."""
    return t(lang, "ui.upwords.live", count=count, player=name) if count > 0 else ""


# -- standings ------------------------------------------------------------------------------

def final_rows(lang: str, view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Standings once the game is over, best score first ([] while playing).

    Each row: ``seat``, ``name``, ``score`` ("-27"), ``left`` ("7"), ``penalty`` ("−35"),
    ``winner`` (bool), ``line`` ("Tiles left: 7 → −35 points").
    """
    final = view.get("final") or {}
    if view.get("phase") != "game_over" or not final:
        return []
    winners = set(view.get("winners") or ())
    rows = []
    for p in sorted(view.get("players") or (), key=lambda p: -int(p["score"])):
        seat = int(p["seat"])
        left = int((final.get("left") or {}).get(str(seat), 0))
        penalty = int((final.get("penalties") or {}).get(str(seat), 0))
        rows.append({"seat": seat, "name": str(p["name"]), "score": number(lang, int(p["score"])),
                     "left": number(lang, left), "penalty": "−" + number(lang, penalty),
                     "winner": seat in winners,
                     "line": t(lang, "ui.upwords.left_line", count=left, penalty=number(lang, penalty))})
    return rows


# -- the whole screen -----------------------------------------------------------------------

def _to_act(screen: Mapping[str, Any], view: Mapping[str, Any]) -> list[int]:
    if screen.get("to_act") is not None:
        return [int(s) for s in screen["to_act"]]
    return [int(view["turn"])] if view.get("phase") in ("play", "ending") and view.get("turn", -1) >= 0 else []


def _labels(lang: str) -> dict[str, str]:
    return {name: t(lang, key) for name, key in _BUTTONS.items()}


def build(screen: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Everything the Upwords phone and table show for this screen, in ``lang``.

    Args:
        screen: one screen's data (public facts, ``view``, ``me``, ``to_act``, ``is_host``).
        lang: "en" or "pt-BR".

    Returns:
        The view model (see the module docstring for its keys).
    """
    view = screen.get("view")
    me = int(screen.get("me", -1))
    if not view:
        return {"players": [{"seat": s["seat"], "name": s["name"], "me": s["seat"] == me, "to_act": False,
                             "score": "", "detail": "", "tiles": 0, "score_value": 0, "badges": []}
                            for s in screen.get("seats") or ()],
                "status": t(lang, "ui.waiting_host"), "my_turn": False, "events": [], "game_over": None,
                "phase": "", "playing": False, "ending": "", "board": [], "last": None, "no_play": "",
                "bag": "", "bag_count": 0, "mode": "", "labels": _labels(lang), "standings": [],
                "can": {"place": False, "exchange": False, "pass": False, "challenge": False},
                "my_result": ""}
    names = [str(p["name"]) for p in view.get("players") or ()]
    phase = str(view.get("phase", ""))
    playing = phase != "game_over"
    to_act = _to_act(screen, view) if playing else []
    turn = int(view.get("turn", -1))
    players = []
    for p in view.get("players") or ():
        seat = int(p["seat"])
        players.append({
            "seat": seat, "name": str(p["name"]), "me": seat == me, "to_act": seat in to_act,
            "score": t(lang, "count.points", count=int(p["score"])),
            "detail": t(lang, "ui.upwords.tiles", count=int(p["tiles"])),
            "tiles": int(p["tiles"]), "score_value": int(p["score"]),
            "badges": [t(lang, "ui.upwords.loses_turn")] if p.get("loses_turn") else [],
        })
    my_turn = me >= 0 and me in to_act
    if not playing:
        status = t(lang, "ui.game_over")
    elif my_turn:
        status = t(lang, "ui.your_turn")
    else:
        status = t(lang, "ui.upwords.playing", player=names[turn] if 0 <= turn < len(names) else "?")
    can = set(view.get("can") or ())
    board_empty = not any(sq.get("height") for row in view.get("board") or () for sq in row)
    bag = int(view.get("bag", 0))
    words_mode = (view.get("options") or {}).get("words", "challenge")
    return {
        "players": players,
        "status": status,
        "my_turn": my_turn,
        "events": [_event_line(lang, e, names) for e in view.get("events") or ()],
        "game_over": _game_over(lang, view, names, me) if not playing else None,
        "phase": phase,
        "playing": playing,
        "ending": t(lang, "ui.upwords.ending") if phase == "ending" else "",
        "board": board_rows(view, {}, gain=True),
        "last": _last(lang, view, names),
        "no_play": t(lang, "ui.upwords.no_play_yet" if board_empty else "ui.upwords.no_play"),
        "bag": t(lang, "ui.upwords.bag_line", count=bag),
        "bag_count": bag,
        "mode": t(lang, "ui.upwords.mode_auto" if words_mode == "auto" else "ui.upwords.mode_challenge"),
        "words_language": _words_language(lang, view.get("options") or {}),
        "can": {"place": "place" in can, "exchange": "exchange" in can, "pass": "pass" in can,
                "challenge": bool(view.get("can_challenge"))},
        "labels": _labels(lang),
        "standings": final_rows(lang, view),
        "my_result": _my_result(lang, view, me) if not playing else "",
    }


def _words_language(lang: str, options: Mapping[str, Any]) -> str:
    """ "Words: Português" (or the large English list) when a table plays other words than
    the standard English list; "" otherwise."""
    language, size = options.get("language", "en"), options.get("word_list", "standard")
    if language != "en":
        key, value = "ui.create.upwords.language", f"ui.create.upwords.language.{language}"
    elif size != "standard":
        key, value = "ui.create.upwords.word_list", f"ui.create.upwords.word_list.{size}"
    else:
        return ""
    return t(lang, "option.in_force", option=t(lang, key), value=t(lang, value))


def _event_line(lang: str, event: Mapping[str, Any], names: Sequence[str]) -> str:
    """An event as a sentence; a play's sentence takes its plural form from its score
    ("1 point" / "8 points"; the engine's ``count`` of a play is its tiles, not said)."""
    if event.get("type") == "place" and isinstance(event.get("score"), int):
        event = {**event, "count": event["score"]}
    return event_text(lang, event, names, "upwords")


def _last(lang: str, view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    last = view.get("last")
    if not last:
        return None
    seat = last.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    words = [{"word": str(w["word"]), "score": number(lang, w["score"])} for w in last.get("words") or ()]
    score = int(last.get("score", 0))
    withdrawn = bool(last.get("withdrawn"))
    summary = join_names(lang, [t(lang, "ui.upwords.word_score", word=w["word"], score=w["score"]) for w in words])
    return {
        "name": name, "words": words, "score": score,
        "gain": "0" if withdrawn else t(lang, "ui.upwords.gain", score=number(lang, score)),
        "bonus": t(lang, "ui.upwords.bonus") if last.get("bonus") else "",
        "withdrawn": t(lang, "ui.upwords.withdrawn") if withdrawn else "",
        "open": t(lang, "ui.upwords.challenge_open") if last.get("open") else "",
        "line": t(lang, "ui.upwords.last_line.withdrawn" if withdrawn else "ui.upwords.last_line",
                  player=name, words=summary, count=score),
    }


def _game_over(lang: str, view: Mapping[str, Any], names: Sequence[str], me: int) -> dict[str, Any]:
    """The shared ending (``games.standings.game_over``): final scores after the tiles-left
    penalty (shown as each line's detail); Upwords has no points target."""
    scores = {int(p["seat"]): int(p["score"]) for p in view.get("players") or ()}
    rows = [{"seat": row["seat"], "name": row["name"], "value": scores[row["seat"]], "winner": row["winner"],
             "score": t(lang, "count.points", count=scores[row["seat"]]), "detail": row["line"]}
            for row in final_rows(lang, view)]
    return standings.game_over(lang, rows, me)


def _my_result(lang: str, view: Mapping[str, Any], me: int) -> str:
    """This phone's own place at the end: "You won!" / "You finished 2nd."."""
    scores = {int(p["seat"]): int(p["score"]) for p in view.get("players") or ()}
    if me not in scores:
        return ""
    if me in (view.get("winners") or ()):
        return t(lang, "ui.upwords.you_won")
    better = sum(1 for s in scores.values() if s > scores[me])
    return t(lang, "ui.upwords.your_place", place=ordinal(lang, better + 1))
