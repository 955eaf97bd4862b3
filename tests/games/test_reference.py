"""Every game and every mode has a Reference Card and a first-time hint, translated in full.

The cards are data (``tablegames/games/<game>/reference.json``, read by
``tablegames.games.reference``); their texts are i18n keys. These tests check the data
against the engines (each mode option's every value has a card; UNO lists every kind of
card its edition's deck holds, with the engine's points) and against the catalogs (every
key in English and Brazilian Portuguese, plural entries where a number is shown), and that
the drawn card holds the table's options in force.
"""

from __future__ import annotations

import re

import pytest

from tablegames import games
from tablegames.engine import get_game
from tablegames.engine.uno.cards import VALUES, build_deck, card_info
from tablegames.engine.upwords import tiles
from tablegames.games import reference
from tablegames.i18n import LANGS, catalog, t

REAL_GAMES = games.GAMES
CARDS = [(g, m) for g in REAL_GAMES for m in reference.modes(g)]


def _choices(game: str, option: str) -> tuple:
    return next(o.choices for o in get_game(game).options_schema if o.key == option)


def test_every_real_game_has_a_card() -> None:
    assert set(REAL_GAMES) <= set(reference.games_with_cards())


@pytest.mark.parametrize("game", REAL_GAMES)
def test_every_mode_of_a_game_has_its_card(game: str) -> None:
    option = reference.mode_option(game)
    if option:
        assert set(reference.modes(game)) == {str(c) for c in _choices(game, option)}
    else:
        assert reference.modes(game) == (reference.DEFAULT_MODE,)
    assert reference.default_mode(game) in reference.modes(game)


@pytest.mark.parametrize("game,mode", CARDS)
def test_every_card_has_sections_a_title_and_a_hint(game: str, mode: str) -> None:
    sections = reference.sections(game, mode)
    assert sections, f"{game}/{mode}: an empty card"
    for section in sections:
        assert section.get("title"), f"{game}/{mode}/{section['name']}: no title"
        assert any(section.get(k) for k in ("lines", "rows", "list", "options_in_force", "component")), section
    assert reference.title(game, mode)
    assert reference.hint(game, mode), f"{game}/{mode}: no first-time hint"


@pytest.mark.parametrize("game,mode", CARDS)
def test_every_card_lists_the_tables_options_in_force(game: str, mode: str) -> None:
    assert any(s.get("options_in_force") for s in reference.sections(game, mode))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", REAL_GAMES)
def test_every_key_is_translated(game: str, lang: str) -> None:
    cat = catalog(lang)
    missing = []
    for key, plural in reference.keys(game).items():
        wanted = [f"{key}#one", f"{key}#other"] if plural else [key]
        missing += [k for k in wanted if k not in cat]
    assert not missing, f"{game}, {lang}: missing {missing}"


@pytest.mark.parametrize("game", REAL_GAMES)
def test_a_shown_number_goes_through_the_plural_forms(game: str) -> None:
    for key, plural in reference.keys(game).items():
        for lang in LANGS:
            cat = catalog(lang)
            texts = [cat[f"{key}#one"], cat[f"{key}#other"]] if plural else [cat[key]]
            for text in texts:
                if plural:
                    assert "{count}" in text, f"{lang} {key}: the number is not shown"
                else:
                    assert not re.search(r"\d", text), f"{lang} {key}: a number outside the plural forms: {text!r}"


@pytest.mark.parametrize("game", REAL_GAMES)
def test_the_placeholders_of_a_line_are_given(game: str) -> None:
    """A line fills every ``{placeholder}`` of its text: ``count``, or a table option."""
    for mode in reference.modes(game):
        for section in reference.sections(game, mode):
            specs = list(section.get("lines", ())) + [r["badge"] for r in section.get("rows", ()) if "badge" in r]
            for spec in specs:
                line = reference.line(spec)
                assert len(reference.template_options(line["key"])) <= 1, line  # one option per key
                given = set(line["options"]) | ({"count"} if line["count"] is not None or line["count_option"] else set())
                for key in reference._expand(game, line["key"]):
                    for lang in LANGS:
                        cat = catalog(lang)
                        text = cat.get(f"{key}#other", cat.get(key, ""))
                        assert set(re.findall(r"\{(\w+)\}", text)) <= given, (lang, key, text)


# -- UNO: the card kinds of each edition, with the engine's points ----------------------------------

FACE_TERMS = {"S": "card.S", "R": "card.R", "+2": "card.+2", "W": "card.W", "W+4": "card.W+4",
              "WS": "card.WS", "WC": "card.WC", "WG": "card.WG"}


@pytest.mark.parametrize("edition", reference.modes("uno"))
def test_uno_lists_every_kind_of_card_of_its_edition_with_its_points(edition: str) -> None:
    rows = [r for s in reference.sections("uno", edition) for r in s.get("rows", ())]
    terms = {r["term"]: r for r in rows}
    faces = {card_info(c).face for c in build_deck(edition)}
    wanted = {FACE_TERMS[f] for f in faces if f in FACE_TERMS}
    assert {r["term"] for r in rows} - {"ref.uno.card.number"} == wanted, edition
    assert "ref.uno.card.number" in terms
    for face, term in FACE_TERMS.items():
        if term in terms:
            assert reference.count(terms[term]["badge"]) == VALUES[face], face


def test_uno_cards_say_their_points_in_words() -> None:
    row = next(r for s in reference.sections("uno", "classic") for r in s.get("rows", ()) if r["term"] == "card.W")
    assert t("en", row["badge"]["key"], count=reference.count(row["badge"])) == "50 points"
    assert t("pt-BR", row["badge"]["key"], count=reference.count(row["badge"])) == "50 pontos"


def test_uno_plus_lists_the_tables_house_rules() -> None:
    section = next(s for s in reference.sections("uno", "plus") if s.get("list"))
    assert section["list"]["source"] == "options.house_rules"
    rules = get_game("uno").view(get_game("uno").new(["a", "b"], {"edition": "plus"}, seed=1), 0)["options"]["house_rules"]
    for rule in rules:  # every rule of the engine's menu has its sentence
        for lang in LANGS:
            assert f"{section['list']['key_prefix']}{rule[section['list']['key_field']]}" in catalog(lang)


def test_upwords_scoring_numbers_come_from_the_engine() -> None:
    rows = next(s for s in reference.sections("upwords", "default") if s["name"] == "scoring")["rows"]
    counts = [reference.count(r["badge"]) for r in rows]
    assert counts == [tiles.FLAT_PER_TILE, 1, tiles.QU_FLAT_BONUS, tiles.ALL_TILES_BONUS, tiles.LEFTOVER_PENALTY]


def test_uestop_target_reads_from_the_tables_option() -> None:
    for mode in reference.modes("uestop"):
        winning = next(s for s in reference.sections("uestop", mode) if s["name"] == "winning")
        assert reference.line(winning["lines"][0])["count_option"] == "target"
    assert list(reference.option_range("uestop", "target")) == list(range(1, 11))


def test_a_count_names_an_engine_constant() -> None:
    assert reference.count({"key": "k", "count": "tablegames.engine.uno.cards:VALUES[WG]"}) == VALUES["WG"]
    assert reference.count({"key": "k", "count": 3}) == 3
    assert reference.count("k") is None
    with pytest.raises(ValueError):
        reference.count({"key": "k", "count": "not a constant"})


# -- the drawn card ------------------------------------------------------------------------------

def test_the_drawn_uno_card_holds_the_options_in_force_and_every_edition() -> None:
    from tablegames.components.reference import card, reference_sheet
    from tablegames.reflex_adapter import var_key

    sheet = str(reference_sheet())
    assert 'id:"tg-reference"' in sheet
    for game in REAL_GAMES:
        for mode in reference.modes(game):
            assert f'"data-mode":"{mode}"' in sheet, (game, mode)
    uno = str(card("uno", "plus"))
    assert "ref-options-uno" in uno and "." + var_key("options_in_force") in uno  # Screen.options_in_force
    assert "50 points" in uno and "50 pontos" in uno  # the Wild's value, in each language
    assert '"house_rules"' in uno


def test_the_hint_of_each_mode_is_drawn() -> None:
    from tablegames.components.hints import first_time_hint

    drawn = str(first_time_hint())
    for game in REAL_GAMES:
        for mode in reference.modes(game):
            assert f'hintKey:"{reference.hint(game, mode)}"' in drawn


def test_a_hint_shows_only_in_the_state_of_its_gesture() -> None:
    """UNO's "tap a card" hint waits while an answer is pending (a challenge, a colour), Faces'
    "tap a group" one shows only while the hand can pass a card (not over the guess grid)."""
    for edition in reference.modes("uno"):
        assert reference.hint_when("uno", edition) == ("#hand [data-card]", "#pending, #picker")
    assert reference.hint_when("faces", "main")[0] == "#hand button.fc-group.tap"
    assert reference.hint_when("faces", "memory")[0] == "#faces-grid button.fc-cell.tap"
    for game in reference.games_with_cards():
        for mode in reference.modes(game):
            on, off = reference.hint_when(game, mode)
            assert isinstance(on, str) and isinstance(off, str)
