"""The Upwords view model (``tablegames.games.upwords.view_model``) on real engine states.

Screens are built the way ``rooms.service.screen`` builds them: the room's public facts,
the engine's view for the seat (JSON round trip), ``me``, ``to_act`` and ``is_host``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames.engine.upwords import Upwords
from tablegames.engine.upwords.tiles import CENTER, SIZE
from tablegames.games.upwords.view_model import (
    board_rows,
    build,
    final_rows,
    live_line,
    pad,
    rack_tiles,
    valid_draft,
)

GAME = Upwords(words=frozenset({"MOOD", "WOOD"}))
STACK = {"racks": [list("MOODJEA"), list("WOVINTS")], "bag": list("AEILR")}


def new(**options: Any):
    return GAME.new(["Ana", "Bia"], {"first": 0, "stack": STACK, **options}, seed=3)


def screen(state, me: int = -1) -> dict[str, Any]:
    """One screen's data, as ``rooms.service.screen`` gives it (``me`` -1: the table)."""
    view = json.loads(json.dumps(GAME.view(state, me if me >= 0 else None)))
    to_act = list(GAME.to_act(state))
    return {"code": "ABCD", "game": "upwords", "status": "playing", "version": 2,
            "options": view["options"], "seats": [{"seat": i, "id": i, "name": n}
                                                  for i, n in enumerate(state.players)],
            "view": view, "me": me, "removed": False, "is_host": me < 0, "to_act": to_act}


MOOD = [[4, 3, "M"], [4, 4, "O"], [4, 5, "O"], [4, 6, "D"]]


def test_start_phone_and_table():
    s = new()
    ana = build(screen(s, 0), "en")
    assert ana["my_turn"] and ana["status"] == "Your turn!"
    assert ana["can"] == {"place": True, "exchange": True, "pass": True, "challenge": False}
    assert [p["detail"] for p in ana["players"]] == ["7 tiles", "7 tiles"]
    assert [p["score"] for p in ana["players"]] == ["0 points", "0 points"]
    assert ana["bag"] == f"Bag: {s.bag.__len__()} tiles" and ana["bag_count"] == len(s.bag)
    assert ana["last"] is None and "centre squares" in ana["no_play"]
    assert ana["events"] == ["Ana plays first."]
    assert len(ana["board"]) == SIZE and all(len(row) == SIZE for row in ana["board"])
    centre = {(sq["r"], sq["c"]) for row in ana["board"] for sq in row if "uw-centre" in sq["cls"]}
    assert centre == set(CENTER)
    bia = build(screen(s, 1), "pt-BR")
    assert not bia["my_turn"] and bia["status"] == "Agora joga: Ana"
    assert bia["can"]["place"] is False
    assert bia["players"][0]["detail"] == "7 peças" and bia["bag"].startswith("Saco: ")
    table = build(screen(s), "en")
    assert table["status"] == "Now playing: Ana" and table["players"][0]["to_act"]
    assert table["labels"]["play"] == "✔ Play" and build(screen(s), "pt-BR")["labels"]["shuffle"] == "↻ Misturar"


def test_after_a_play_the_last_play_and_events():
    s = GAME.apply(new(), 0, {"type": "place", "tiles": MOOD})
    table = build(screen(s), "en")
    last = table["last"]
    assert last["name"] == "Ana" and last["words"] == [{"word": "MOOD", "score": "8"}]
    assert last["gain"] == "+8" and last["score"] == 8 and last["withdrawn"] == ""
    assert last["open"].startswith("⚖ ")
    assert last["line"] == "★ Ana: MOOD 8 = 8 points"
    assert "Ana plays MOOD for 8 points." in table["events"]
    gains = [sq["gain"] for row in table["board"] for sq in row if sq["gain"]]
    assert gains == ["+8"]
    assert table["players"][0]["score"] == "8 points" and table["players"][1]["to_act"]
    bia = build(screen(s, 1), "pt-BR")
    assert bia["can"]["challenge"] and bia["last"]["line"] == "★ Ana: MOOD 8 = 8 pontos"
    assert "Ana forma MOOD e faz 8 pontos." in bia["events"]


def test_a_withdrawn_play():
    s = GAME.apply(new(), 0, {"type": "place", "tiles": [[4, 4, "D"], [4, 5, "O"]]})  # DO: unknown here
    s = GAME.apply(s, 1, {"type": "challenge"})
    vm = build(screen(s), "en")
    assert vm["last"]["withdrawn"] == "Taken back after a challenge" and vm["last"]["gain"] == "0"
    assert vm["last"]["line"] == "★ Ana: DO 4, taken back after a challenge"


def test_game_over_standings_with_plurals_and_places():
    s = new()
    for seat in (0, 1):
        s = GAME.apply(s, seat, {"type": "pass"})
    assert s.phase == "game_over"
    vm = build(screen(s, 0), "en")
    assert vm["status"] == "Game over" and not vm["my_turn"] and not vm["playing"]
    rows = vm["standings"]
    assert [(r["name"], r["score"], r["left"], r["penalty"], r["line"]) for r in rows] == [
        ("Ana", "-35", "7", "−35", "7 tiles left: −35"), ("Bia", "-35", "7", "−35", "7 tiles left: −35")]
    over = vm["game_over"]
    assert over["title"] == "Game over" and over["headline"] == "Ana and Bia share the win!"
    assert [(x["place"], x["score"], x["winner"], x["detail"]) for x in over["lines"]] == [
        ("1st", "-35 points", True, "7 tiles left: −35"), ("1st", "-35 points", True, "7 tiles left: −35")]
    assert over["my_place"] == "You share the win!" and over["my_winner"] and over["celebrate"]
    assert over["target"] == ""  # Upwords ends when the tiles or the plays run out
    pt = build(screen(s, 0), "pt-BR")
    assert pt["game_over"]["headline"] == "Ana e Bia dividem a vitória!"
    assert pt["game_over"]["my_place"] == "Você divide a vitória!"
    assert pt["standings"][0]["line"] == "7 peças sobraram: −35"
    assert pt["game_over"]["lines"][0]["place"] == "1º"


def test_one_tile_left_is_singular():
    view = {"phase": "game_over", "winners": [0], "final": {"left": {"0": 0, "1": 1}, "penalties": {"1": 5}},
            "players": [{"seat": 0, "name": "Ana", "score": 30}, {"seat": 1, "name": "Bia", "score": 1}]}
    rows = final_rows("en", view)
    assert [r["line"] for r in rows] == ["0 tiles left: −0", "1 tile left: −5"]
    assert final_rows("pt-BR", view)[1]["line"] == "1 peça sobrou: −5"


def test_phone_pad_preview_and_rack():
    s = new()
    view = json.loads(json.dumps(GAME.view(s, 0)))
    rack = view["rack"]
    draft = [[i, letter, r, c] for i, (r, c, letter) in enumerate(MOOD)]
    entries = valid_draft(draft, rack)
    assert len(entries) == 4
    tiles = rack_tiles(rack, list(range(len(rack))), {e[0] for e in entries}, 5, False)
    assert [t["used"] for t in tiles] == [True] * 4 + [False] * 3 and tiles[5]["sel"]
    preview = GAME.preview(s, 0, [[r, c, x] for _, x, r, c in entries])
    out = pad("en", view, tiles, entries, preview, "", True)
    assert out["count"] == 4 and out["ok"] and out["score"] == 8 and out["score_line"] == "= 8 points"
    assert out["words"] == [{"word": "MOOD", "score": "8"}]
    assert sum(sq["new"] for row in out["board"] for sq in row) == 4
    empty = pad("pt-BR", view, tiles, [], None, "", False)
    assert empty["hint"].startswith("Ainda não é sua vez") and empty["score_line"] == ""


def test_board_rows_overlay_marks_new_tiles():
    s = GAME.apply(new(), 0, {"type": "place", "tiles": MOOD})
    view = json.loads(json.dumps(GAME.view(s, None)))
    rows = board_rows(view, {(4, 3): "W"})
    sq = rows[4][3]
    assert sq["t"] == "W" and sq["h"] == 2 and sq["new"] and not sq["last"] and "uw-h2" in sq["cls"]
    assert rows[4][4]["last"] and rows[4][4]["t"] == "O"


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "✚ Ana is placing 1 tile…", "✚ Ana is placing 3 tiles…"),
    ("pt-BR", "✚ Ana está colocando 1 peça…", "✚ Ana está colocando 3 peças…")])
def test_live_line_plural(lang, one, many):
    assert live_line(lang, "Ana", 1) == one and live_line(lang, "Ana", 3) == many
    assert live_line(lang, "Ana", 0) == ""



@pytest.mark.parametrize("name", ["uno_ui", "upwords_ui", "upwords"])
def test_catalogs_have_the_same_keys_in_both_languages(name):
    """Every UNO/Upwords screen key exists in English and in pt-BR, with the same placeholders."""
    from pathlib import Path

    from tablegames.i18n import placeholders

    folder = Path(__file__).resolve().parents[2] / "tablegames" / "i18n"
    en, pt = (json.loads((folder / lang / f"{name}.json").read_text(encoding="utf-8")) for lang in ("en", "pt-BR"))
    assert set(en) == set(pt)
    assert {k: placeholders(v) for k, v in en.items()} == {k: placeholders(v) for k, v in pt.items()}


def test_sentences_with_a_number_use_plural_forms():
    """A UNO/Upwords screen text with {count} is a plural entry (key#one / key#other)."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "tablegames" / "i18n"
    for lang in ("en", "pt-BR"):
        for name in ("uno_ui", "upwords_ui"):
            data = json.loads((folder / lang / f"{name}.json").read_text(encoding="utf-8"))
            bare = [k for k, v in data.items() if "{count}" in v and "#" not in k]
            assert bare == [], (lang, name)
            for key in {k.split("#")[0] for k in data if "#" in k}:
                assert f"{key}#other" in data and f"{key}#one" in data, (lang, key)


def test_a_refused_draft_says_only_why():
    """An invalid draft is told once: the error, no words or score beside it (Play waits)."""
    s = new(words="auto")
    view = json.loads(json.dumps(GAME.view(s, 0)))
    rack = view["rack"]
    draft = [[0, "M", 4, 3], [1, "O", 4, 4], [2, "O", 4, 5]]  # MOO: not in this dictionary
    entries = valid_draft(draft, rack)
    preview = GAME.preview(s, 0, [[r, c, x] for _, x, r, c in entries])
    assert preview.get("error")
    out = pad("en", view, rack_tiles(rack, list(range(7)), {0, 1, 2}, -1, False), entries, preview,
              "MOO is not in the dictionary.", True)
    assert out["error"] == "MOO is not in the dictionary."
    assert out["words"] == [] and out["score_line"] == "" and not out["ok"]


@pytest.mark.parametrize(("lang", "one", "many"), [("en", "for 1 point.", "for 8 points."),
                                                   ("pt-BR", "faz 1 ponto.", "faz 8 pontos.")])
def test_a_play_line_counts_its_points(lang, one, many):
    """A play's event line takes its plural form from its score, not from its tiles."""
    s = GAME.apply(new(), 0, {"type": "place", "tiles": MOOD})
    assert any(line.endswith(many) for line in build(screen(s), lang)["events"])
    view = json.loads(json.dumps(GAME.view(s, None)))
    view["events"] = [{"type": "place", "seat": 0, "words": ["QI"], "score": 1, "count": 2}]
    vm = build({**screen(s), "view": view}, lang)
    assert vm["events"][0].endswith(one), vm["events"]
