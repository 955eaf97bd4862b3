"""Text helpers for typed answers and host-written categories (pure, no locale).

Accents never matter: text is folded with Unicode NFKD and its combining marks dropped,
then upper-cased, so ``Á``/``Â``/``Ã`` count as ``A``, ``É``/``Ê`` as ``E``, ``Ç`` as
``C``, ``Ñ`` as ``N``. Only the folded letters ``A``-``Z`` are letters: spaces, hyphens,
apostrophes, digits and punctuation are not.
"""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """Upper case without accents: ``"Açaí com Pão"`` -> ``"ACAI COM PAO"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).upper()


def letters_of(text: str) -> str:
    """The letters A-Z of ``text`` after folding: ``"Guarda-chuva"`` -> ``"GUARDACHUVA"``."""
    return "".join(ch for ch in fold(text) if "A" <= ch <= "Z")


def letter_count(text: str) -> int:
    """How many letters a word has for a Number Card (``"Maçã"`` -> 4)."""
    return len(letters_of(text))


def initial(text: str) -> str | None:
    """The answer's first letter: the first letter or digit of the folded text, skipping
    spaces, quotes and punctuation; ``None`` when that is a digit (or there is none).

    >>> initial("  «Ônibus»"), initial("Çedilha"), initial("7 anões")
    ('O', 'C', None)
    """
    for ch in fold(text):
        if "A" <= ch <= "Z":
            return ch
        if ch.isalnum():
            return None
    return None


def clean(text: object, max_len: int) -> str | None:
    """A typed text made tidy (outer spaces stripped, inner runs of spaces collapsed), or
    ``None`` when it is not a string, is empty, too long, holds a control character or has
    no letter at all."""
    if not isinstance(text, str):
        return None
    tidy = _SPACES.sub(" ", text).strip()
    if not tidy or len(tidy) > max_len or not tidy.isprintable() or not letters_of(tidy):
        return None
    return tidy


def same_text(a: str, b: str) -> bool:
    """Two category texts are the same when their folded letters match."""
    return letters_of(a) == letters_of(b)
