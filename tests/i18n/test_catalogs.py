"""The message catalogs: complete for every error code and UNO event, and consistent.

Error codes and event types are found by scanning the source, so a new
``IllegalMove("code", ...)``, ``RoomError("code", ...)`` or UNO event without a text in
both languages fails here.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tablegames import i18n
from tablegames.engine import IllegalMove, get_game
from tablegames.i18n import (
    LANGS,
    card_name,
    catalog,
    color_name,
    error_text,
    event_text,
    exception_text,
    pick_lang,
    placeholders,
    t,
)

SRC = Path(__file__).resolve().parents[2] / "tablegames"
UNO_SRC = SRC / "engine" / "uno"
ERROR_RE = re.compile(r"""\b(?:IllegalMove|RoomError)\(\s*["']([A-Za-z0-9_]+)["']""")
EVENT_RE = re.compile(r"""["']type["']\s*:\s*["']([a-z0-9_]+)["']""")
DRAW_RE = re.compile(r"""\.draw\([^()]*?["']([a-z0-9_]+)["']\s*\)""")
NAMES = ["Ana", "Bruno", "Caio", "Dora"]


def _source(folder: Path) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py"))}


def error_codes() -> set[str]:
    return {m for text in _source(SRC).values() for m in ERROR_RE.findall(text)}


def event_types() -> set[str]:
    found = set()
    for text in _source(UNO_SRC).values():
        for line in text.splitlines():
            if "events" in line:
                found.update(EVENT_RE.findall(line))
    return found


def draw_reasons() -> set[str]:
    return {m for text in _source(UNO_SRC).values() for m in DRAW_RE.findall(text)}


def test_the_scan_finds_the_codes_we_know() -> None:
    codes = error_codes()
    assert {"not_your_turn", "does_not_match", "card_not_in_hand", "bad_option",
            "unknown_room", "stale", "table_full"} <= codes
    assert {"play", "draw", "greyskull", "house_rule", "game_over"} <= event_types()
    assert {"choice", "caught", "draw_two", "greyskull", "challenge_lost"} <= draw_reasons()


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_has_a_text(lang: str) -> None:
    cat = catalog(lang)
    missing = sorted(c for c in error_codes() if f"error.{c}" not in cat)
    assert not missing, f"{lang}: no text for error codes {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_type_and_draw_reason_has_a_text(lang: str) -> None:
    cat = catalog(lang)
    keys = {f"event.{k}" for k in event_types() - {"draw", "challenge", "dare"}}
    keys |= {f"event.draw.{r}" for r in draw_reasons()}
    keys |= {"event.draw", "event.draw.empty", "event.challenge.guilty",
             "event.challenge.innocent", "event.dare.done", "event.dare.refused",
             "event.play.wild", "event.hand_over.out", "event.game_over.many",
             "event.discard_wilds.none"}
    missing = sorted(k for k in keys if k not in cat)
    assert not missing, f"{lang}: missing {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_cards_colours_house_rules_editions_scorings(lang: str) -> None:
    from tablegames.engine.uno.cards import EDITIONS, HOUSE_RULES
    from tablegames.engine.uno.state import SCORINGS

    cat = catalog(lang)
    keys = [f"color.{c}" for c in "rygbp"]
    keys += [f"card.{f}" for f in ("S", "R", "+2", "W", "W+4", "WS", "WC", "WG")]
    keys += [f"houserule.{k}" for k in HOUSE_RULES]
    keys += [f"edition.{e}" for e in EDITIONS] + [f"scoring.{s}" for s in SCORINGS]
    assert not [k for k in keys if k not in cat]


def _base(key: str) -> str:
    return key.split("#", 1)[0]  # "x#one" / "x#other": plural (or ordinal) forms of "x"


def test_both_languages_have_the_same_keys() -> None:
    """Same keys, but for plural forms: each language has the forms its own rules use."""
    en, pt = {_base(k) for k in catalog("en")}, {_base(k) for k in catalog("pt-BR")}
    assert not en - pt, f"only in en: {sorted(en - pt)}"
    assert not pt - en, f"only in pt-BR: {sorted(pt - en)}"


def test_every_plural_key_has_its_other_form() -> None:
    """``#other`` is the form every language falls back to."""
    for lang in LANGS:
        keys = set(catalog(lang))
        missing = sorted(_base(k) for k in keys if "#" in k and f"{_base(k)}#other" not in keys)
        assert not missing, f"{lang}: no #other form for {missing}"


def test_pt_placeholders_exist_in_english() -> None:
    en, pt = catalog("en"), catalog("pt-BR")
    bad = {k: placeholders(v) - placeholders(en[k]) for k, v in pt.items() if k in en}
    assert not {k: v for k, v in bad.items() if v}


@pytest.mark.parametrize("lang", LANGS)
def test_error_texts_with_placeholders_have_a_plain_variant(lang: str) -> None:
    """Some codes are raised with and without params: error_text then needs a plain text."""
    cat = catalog(lang)
    for key, text in cat.items():
        if key.startswith("error.") and not key.endswith(".plain") and key != "error.unknown":
            if placeholders(text):
                assert not placeholders(cat.get(key + ".plain", "{x}")), key
    for code in error_codes():
        assert "{" not in error_text(lang, code, {}), code


def test_greyskull_shout() -> None:
    ev = {"type": "greyskull", "seat": 0}
    assert event_text("pt-BR", ev, NAMES) == "Pelos poderes de Greyskull... eu tenho a força!"
    assert event_text("en", ev, NAMES) == "By the power of Greyskull... I have the power!"


def test_t_falls_back_and_keeps_missing_params() -> None:
    assert t("pt-BR", "error.not_your_turn", player="Ana") == "É a vez de Ana, não a sua."
    assert t("en", "error.not_your_turn") == "It's {player}'s turn, not yours."
    assert t("pt-BR", "no.such.key") == "no.such.key"
    assert t("xx", "color.r") == "red"
    assert t("pt", "color.r") == "vermelho"


def test_pick_lang() -> None:
    assert pick_lang("pt-BR") == "pt-BR"
    assert pick_lang("pt") == "pt-BR"
    assert pick_lang("pt-PT,pt;q=0.9,en;q=0.8") == "pt-BR"
    assert pick_lang("en-US,en;q=0.9,pt-BR;q=0.8") == "en"
    assert pick_lang("de-DE,de;q=0.9,pt;q=0.5") == "pt-BR"
    assert pick_lang("fr") == "en"
    assert pick_lang("") == "en"
    assert pick_lang(None) == "en"  # type: ignore[arg-type]


def test_names_of_cards_and_colours() -> None:
    assert card_name("en", "r7") == "red 7"
    assert card_name("pt-BR", "gS") == "Pular verde"
    assert card_name("pt-BR", "b+2") == "Comprar Duas azul"
    assert card_name("pt-BR", "pR") == "Inverter roxo"
    assert card_name("pt-BR", "WG") == "Curinga Poderes de Greyskull"
    assert card_name("pt-BR", "WS") == "Curinga Troca de Mãos"
    assert card_name("pt-BR", "WC3") == "Curinga Personalizável 3"
    assert card_name("en", "W+4") == "Wild Draw Four"
    assert card_name("en", "zz") == "zz"
    assert color_name("pt-BR", "y") == "amarelo"


def test_error_text_names_cards_and_colours() -> None:
    params = {"card": "r7", "top": "g5", "color": "g"}
    assert error_text("pt-BR", "does_not_match", params) == \
        "7 vermelho não combina com 5 verde (cor em jogo: verde)."
    assert error_text("en", "does_not_match", params) == \
        "red 7 doesn't match green 5 (colour in play: green)."
    assert error_text("en", "already_called", {}) == "You have already called UNO."
    assert error_text("en", "no_such_code", {}).startswith("Something went wrong")


# -- a recorded random game -------------------------------------------------------------

GAMES = [
    ({"edition": "classic", "target": 60}, 3),
    ({"edition": "plus", "target": 80, "wd4_bluff": True,
      "house_rules": ["others_draw_2", "discard_wilds", "situps"]}, 4),
    ({"edition": "plus", "target": 80, "scoring": "elimination",
      "house_rules": ["skip_all", "song", {"kind": "free", "text": "Dance!"}]}, 4),
    ({"edition": "motu", "target": 70, "scoring": "lowest", "wd4_bluff": True}, 3),
    ({"edition": "motu", "target": 60, "teams": True}, 4),
]


def record_games(seed: int = 7, max_moves: int = 3000):
    """Plays random legal moves (by any seat: calls and catches too); yields (names, events, errors)."""
    uno = get_game("uno")
    rng = random.Random(seed)
    for g, (options, n) in enumerate(GAMES):
        names = NAMES[:n]
        state = uno.new(names, options, seed=seed + g)
        events = list(state.events)
        errors: list[IllegalMove] = []
        for _ in range(max_moves):
            if uno.result(state):
                break
            if state.phase == "hand_over":  # the room deals the next hand (a system move)
                state = uno.apply(state, None, {"type": "next_hand"})
                events += list(state.events)
                continue
            choices = [(p, m) for p in state.active for m in uno.legal_moves(state, p)]
            # rarely call UNO / catch, so that both "uno" and "caught" happen
            calls = [c for c in choices if c[1]["type"] in ("uno", "catch")]
            plays = [c for c in choices if c not in calls]
            seat, move = rng.choice(calls if calls and rng.random() < 0.3 else plays or calls)
            if rng.random() < 0.05:  # an illegal move now and then: errors must read well too
                other = rng.choice([p for p in state.active if p != state.turn] or [0])
                hand = state.hands[other]
                try:
                    uno.apply(state, other, {"type": "play", "card": rng.choice(hand)}
                              if hand else {"type": "draw"})
                except IllegalMove as exc:
                    errors.append(exc)
            state = uno.apply(state, seat, move)
            events += list(state.events)
        yield names, events, errors


@pytest.fixture(scope="module")
def recorded():
    return list(record_games())


@pytest.mark.parametrize("lang", LANGS)
def test_event_text_for_a_recorded_random_game(lang: str, recorded) -> None:
    seen = set()
    for names, events, errors in recorded:
        for ev in events:
            text = event_text(lang, dict(ev), names)
            seen.add(i18n.event_key(ev))
            assert text and not text.startswith("event."), (ev, text)
            assert "{" not in text and "#" not in text and "?" not in text.replace("...", ""), (ev, text)
        for exc in errors:
            text = exception_text(lang, exc)
            assert "{" not in text and not text.startswith("error."), (exc, text)
    # the random games reached the interesting corners
    expected = {"event.play", "event.play.wild", "event.draw.choice", "event.skip",
                "event.reverse", "event.uno", "event.caught", "event.greyskull",
                "event.house_rule", "event.swap", "event.hand_over", "event.new_hand",
                "event.game_over", "event.first_card", "event.draw.caught"}
    assert expected <= seen, sorted(expected - seen)


def error_params() -> dict[str, set[str]]:
    """code -> every keyword param passed with it at some raise site (read with ast)."""
    import ast

    found: dict[str, set[str]] = {}
    for text in _source(SRC).values():
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("IllegalMove", "RoomError") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.setdefault(node.args[0].value, set()).update(
                    k.arg for k in node.keywords if k.arg)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_error_placeholders_are_params_the_code_passes(lang: str) -> None:
    """A text may only use params some raise site gives (else only .plain would ever show)."""
    cat = catalog(lang)
    bad = {}
    for code, params in error_params().items():
        used = placeholders(cat.get(f"error.{code}", ""))
        if used - params:
            bad[code] = sorted(used - params)
    assert not bad, f"{lang}: texts use params no raise site passes: {bad}"


def test_zero_is_plural_in_brazilian_portuguese() -> None:
    """CLDR's Portuguese rule puts 0 with 1 ("0 ponto"); a Brazilian table says "0 pontos"."""
    from tablegames.i18n import plural_form, t

    assert plural_form("pt-BR", 0) == "other" and plural_form("pt-BR", 1) == "one"
    assert plural_form("en", 0) == "other"
    assert t("pt-BR", "count.points", count=0) == "0 pontos"
    assert t("pt-BR", "count.points", count=1) == "1 ponto"
