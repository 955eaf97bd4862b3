"""UeStop! texts (tablegames/i18n/*/uestop.json): every error code and event has a text in
both languages, with placeholders the code or event provides."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from tablegames.i18n import LANGS, catalog, error_text, placeholders, t

from .test_invariants import random_game

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "tablegames" / "engine" / "uestop"
I18N = ROOT / "tablegames" / "i18n"
EVENT_RE = re.compile(r"""["']type["']\s*:\s*["']([a-z0-9_]+)["']""")
SEAT_FIELDS = {"seat": "player", "target": "target", "by": "by", "winner": "winner"}


def raise_sites() -> dict[str, set[str]]:
    """code -> the keyword params passed with it (read with ast)."""
    found: dict[str, set[str]] = {}
    for path in SRC.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "IllegalMove" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.setdefault(node.args[0].value, set()).update(k.arg for k in node.keywords)
    return found


def event_types() -> set[str]:
    found = set()
    for path in SRC.glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "events" in line:
                found.update(EVENT_RE.findall(line))
    return found


def mine(lang: str) -> dict[str, str]:
    return json.loads((I18N / lang / "uestop.json").read_text(encoding="utf-8"))


def test_the_scan_finds_codes_and_events() -> None:
    assert {"slap_too_early", "answerer_cannot_vote", "already_voted", "not_answerer"} <= set(raise_sites())
    assert {"reveal_letter", "slap", "race_won", "scored", "failed", "game_over"} <= event_types()


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_has_a_text_with_its_params(lang: str) -> None:
    texts = catalog(lang)  # shared codes (bad_move, bad_seat, ...) are in game.json
    for code, params in raise_sites().items():
        key = f"error.{code}"
        assert key in texts, f"{lang}: {key}"
        used = placeholders(texts[key])
        assert used <= params, f"{lang}: {key} uses {used - params}"
        if used:
            assert not placeholders(texts.get(key + ".plain", "{x}")), key
        assert "{" not in error_text(lang, code, {})


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_text(lang: str) -> None:
    texts = mine(lang)
    missing = sorted(k for k in event_types() if f"event.uestop.{k}" not in texts)
    assert not missing, f"{lang}: {missing}"


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    en, pt = mine("en"), mine("pt-BR")
    assert set(en) == set(pt)
    for key in en:
        assert placeholders(en[key]) == placeholders(pt[key]), key


def test_no_key_of_another_catalog_file_is_overridden() -> None:
    for lang in LANGS:
        ours = set(mine(lang)) - {"_doc"}
        for path in (I18N / lang).glob("*.json"):
            if path.name != "uestop.json":
                theirs = set(json.loads(path.read_text(encoding="utf-8")))
                assert not ours & theirs, f"{path.name}: {sorted(ours & theirs)}"
        assert all(k.startswith(("error.", "event.uestop.")) for k in ours)
        assert ours <= set(catalog(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_events_of_random_games_read_well(lang: str) -> None:
    """Every event of some random games renders without a leftover placeholder, with seat
    fields as names (``seat`` -> ``{player}``) and a list of winners as ``{winners}``."""
    seen = set()
    for seed, mode in enumerate(["tome_lhe_tapao", "cha_da_tarde", "numerologia", "tudo_junto"] * 3):
        names, evs = random_game(seed, mode)
        for ev in evs:
            params = {}
            for k, v in ev.items():
                if k in SEAT_FIELDS:
                    params[SEAT_FIELDS[k]] = names[v] if isinstance(v, int) else "?"
                else:
                    params[k] = v
            params["winners"] = ", ".join(names[p] for p in ev.get("winners", ()))
            text = t(lang, f"event.uestop.{ev['type']}", **params)
            seen.add(ev["type"])
            assert not text.startswith("event.") and "{" not in text, (ev, text)
    assert {"start", "reveal_letter", "reveal_number", "slap", "race_won", "answer", "vote",
            "scored", "failed", "new_category", "next_round", "game_over"} <= seen
