"""The Upwords texts in tablegames/i18n/{en,pt-BR}/upwords.json: a text for every error
code the Upwords engine raises (with only the params it passes) and for every event type
it emits (``event.upwords.<type>``), in both languages."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from tablegames.i18n import LANGS, catalog, error_text, placeholders

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "tablegames" / "engine" / "upwords"
I18N = ROOT / "tablegames" / "i18n"
# "name": a leaver is named by the event itself (they have no seat any more).
EVENT_PARAMS = {"player", "target", "words", "score", "count", "winners", "name"}


def raise_sites() -> dict[str, set[str]]:
    """code -> keyword params passed with it anywhere in the Upwords engine."""
    found: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "IllegalMove" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.setdefault(node.args[0].value, set()).update(k.arg for k in node.keywords if k.arg)
    return found


def event_types() -> set[str]:
    types = set()
    for path in SRC.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "events" in line:
                types.update(re.findall(r"""["']type["']\s*:\s*["']([a-z_]+)["']""", line))
    return types


def test_the_scans_find_what_we_know() -> None:
    assert {"same_letter", "covers_whole_word", "not_in_dictionary", "bag_empty"} <= set(raise_sites())
    assert {"place", "pass", "exchange", "challenge_won", "challenge_lost", "game_over"} <= event_types()


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_has_a_text_using_only_passed_params(lang: str) -> None:
    cat = catalog(lang)
    for code, params in raise_sites().items():
        key = f"error.{code}"
        assert key in cat, f"{lang}: no text for {key}"
        assert placeholders(cat[key]) <= params, (key, placeholders(cat[key]), params)
        assert "{" not in error_text(lang, code, {}), code  # a .plain text where needed


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_text(lang: str) -> None:
    cat = catalog(lang)
    for kind in event_types():
        key = f"event.upwords.{kind}"
        assert key in cat, f"{lang}: no text for {key}"
        assert placeholders(cat[key]) <= EVENT_PARAMS, key


def test_both_files_have_the_same_keys_and_shadow_nothing() -> None:
    files = {lang: json.loads((I18N / lang / "upwords.json").read_text(encoding="utf-8")) for lang in LANGS}
    assert set(files["en"]) == set(files["pt-BR"])
    for lang, data in files.items():
        others = {}
        for path in sorted((I18N / lang).glob("*.json")):
            if path.name != "upwords.json":
                others.update(json.loads(path.read_text(encoding="utf-8")))
        clash = {k for k in data if not k.startswith("_") and k in others and others[k] != data[k]}
        assert not clash, f"{lang}: upwords.json changes texts of other files: {sorted(clash)}"


def test_messages_read_well() -> None:
    assert error_text("en", "same_letter", {"letter": "E"}) == "You can't stack E on E."
    assert error_text("pt-BR", "same_letter", {"letter": "E"}) == "Não dá para empilhar E sobre E."
    assert error_text("en", "not_in_dictionary", {"word": "QUI"}) == "QUI is not in the dictionary."
