"""tablegames/i18n/<lang>/faces.json: a text for every Faces error code and event, the
same placeholders as the params the engine passes, and the 13 emotion names."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from tablegames.engine.faces.cards import NAMES
from tablegames.i18n import LANGS, error_text, placeholders

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "tablegames" / "engine" / "faces"
EVENT_RE = re.compile(r"""events\.append\(\{"type": "([a-z_]+)"(.*?)\}\)""", re.DOTALL)


def faces_file(lang: str) -> dict[str, str]:
    path = ROOT / "tablegames" / "i18n" / lang / "faces.json"
    return {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items()
            if not k.startswith("_")}


def raised() -> dict[str, set[str]]:
    """code -> the keyword params of every ``IllegalMove(code, ...)`` in the Faces engine."""
    found: dict[str, set[str]] = {}
    for path in SRC.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "IllegalMove" and isinstance(node.args[0], ast.Constant)):
                found.setdefault(node.args[0].value, set()).update(k.arg for k in node.keywords)
    found.setdefault("bad_option", set()).add("option")  # raised through state.bad_option()
    return found


def events() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in SRC.glob("*.py"))
    return {m.group(1) for m in EVENT_RE.finditer(text)}


def test_the_scan_finds_codes_and_events() -> None:
    assert {"not_your_guess", "must_stop", "no_set", "pass_round_over", "flip_lifted_first",
            "bad_option", "player_count"} <= set(raised())
    assert {"stop", "pass", "right_guess", "nobody_guessed", "pick", "miss", "game_over"} <= events()


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_has_a_text_with_the_params_it_gets(lang: str) -> None:
    cat = faces_file(lang)
    for code, params in raised().items():
        text = cat.get(f"error.{code}")
        assert text, f"{lang}: no error.{code}"
        assert placeholders(text) == params, (code, placeholders(text), params)
        if params:
            assert not placeholders(cat[f"error.{code}.plain"]), code
        assert "{" not in error_text(lang, code, {})


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_text(lang: str) -> None:
    cat = faces_file(lang)
    missing = sorted(t for t in events() if f"event.faces.{t}" not in cat)
    assert not missing


@pytest.mark.parametrize("lang", LANGS)
def test_emotion_names_match_the_content(lang: str) -> None:
    cat = faces_file(lang)
    for n, name in NAMES[lang].items():
        assert cat[f"emotion.{n}"] == name
        assert cat[f"emotion.{n}.hint"]


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    en, pt = faces_file("en"), faces_file("pt-BR")
    assert set(en) == set(pt)
    assert all(placeholders(en[k]) == placeholders(pt[k]) for k in en)


def test_shared_codes_say_the_same_as_game_json() -> None:
    for lang in LANGS:
        game = json.loads((ROOT / "tablegames" / "i18n" / lang / "game.json").read_text("utf-8"))
        mine = faces_file(lang)
        for key in set(mine) & set(game):
            assert mine[key] == game[key], (lang, key)


def test_error_sentences_read_well() -> None:
    assert error_text("en", "not_your_guess", {"player": "Nadia"}) == "It's Nadia's turn to guess."
    assert error_text("pt-BR", "card_not_held", {"card": 6}) == "Você não tem a carta 6 na mão."
    assert error_text("pt-BR", "must_stop", {}) == "Você tem três cartas iguais: diga STOP!"
