"""Every catalog key in both languages, with the same placeholders, and numbers in plural forms.

Catalogs: every ``tablegames/i18n/<lang>/*.json`` (see ``tablegames/i18n/__init__.py``).
A text that counts something (``{count}``, ``{n}``, ``{pairs}``...) must come in plural
forms, ``key#one`` and ``key#other`` (``t(lang, key, count=n)`` picks the form by Babel's
CLDR rules), in each language: "1 points" and "0 ponto" are what this test prevents. Texts
whose number counts no noun (a label "Round {n}", a unit "{ms} ms", a score "{a} / {b}")
are listed in :data:`NO_PLURAL` with the reason; nothing else may be.

Each test collects every problem before it fails, and lists them all.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from tablegames.i18n import LANGS, placeholders

I18N = Path(__file__).resolve().parents[2] / "tablegames" / "i18n"
PLURAL_FORMS = ("one", "other")  # the forms every language here needs (pt-BR's "many" falls back to "other")
# Placeholders that hold a bare number (the others hold names, words, or phrases already
# counted through the catalogs, such as {cards} = "3 cards" from count.cards).
NUMBER_PLACEHOLDERS = frozenset({
    "count", "n", "number", "pairs", "length", "total", "max", "min", "low", "high", "round",
    "wait_ms", "ms", "s", "rtt", "error", "reaction", "arrival", "gap", "accept", "reject",
})
# Keys with a number that counts nothing, or whose number never is one: why each needs no plural.
NO_PLURAL: dict[str, str] = {
    "error.bad_players": "raised by the engines for a count outside 2..max; the rooms refuse fewer players "
                         "(not_enough_players) and more (table_full) before, so {count} is above the maximum",
    "error.not_enough_players": "{count} is a game's fewest players, never below 2",
    "error.table_full": "{count} is a game's most players, never below 4",
    "error.player_count": "{low} and {high} are player limits (2 and up); 'not {count}' counts no noun",
    "error.wrong_player_count": "{min} and {max} are player limits (2 and up); 'not {count}' counts no noun",
    "event.faces.layout": "{pairs} is 10 or 13 (the Memory grids)",
    "event.uestop.reveal_number": "{length} is a Number Card's length, 4 to 8 (engine/uestop/cards.json)",
    "error.bad_answer_text": "{number} is an answer's position and {max} (characters) is always above 1",
    "error.bad_mandatory_claim": "a range '1 to {max}', {max} is always above 1",
    "error.pass_round_over": "'Pass {round}' names a pass, like an ordinal label",
    "error.window_open": "'{wait_ms} ms': a unit symbol has no plural",
    "event.faces.ready": "'({count} of {total})': a fraction, no noun counted",
    "event.uestop.next_round": "'Round {round}' names a round",
    "ui.faces.pass_round": "'Pass {round}' names a pass",
    "ui.faces.ready_count": "'{count} of {total} ready': a fraction, no noun counted",
    "ui.faces.times": "'×{n}': a multiplier sign",
    "ui.form.custom_card_n": "'Customizable card {n}' names a card",
    "ui.uestop.behind": "{gap} is a formatted duration ('120 ms')",
    "ui.uestop.category_n_label": "'Category {n}' names a category",
    "ui.uestop.category_numbered": "'{n}. {category}': a list number",
    "ui.uestop.check_line": "'{rule}: {count}': a tally after a colon, like a table cell",
    "ui.uestop.clock_synced": "'{error} ms' and '{rtt} ms': unit symbols",
    "ui.uestop.duration_ms": "'{ms} ms': a unit symbol",
    "ui.uestop.duration_s": "'{s} s': a unit symbol",
    "ui.uestop.mandatory_used_count": "'...: {count}': a tally after a colon",
    "ui.uestop.race_summary_alone": "{reaction} is a formatted duration",
    "ui.uestop.race_summary_gap": "{reaction} and {gap} are formatted durations",
    "ui.uestop.race_won_by": "{gap} is a formatted duration",
    "ui.uestop.round_n": "'Round {n}' names a round",
    "ui.uestop.skipped_n": "'category {n}' names a category",
    "ui.uestop.tap_details": "'{reaction} ms', '{arrival} ms': unit symbols",
    "ui.uestop.to_win_n": "'Cards to win: {n}': a value after a colon, like a table cell",
    "ui.uestop.votes_summary": "'Accept: {accept} · Reject: {reject}': tallies after colons",
    "ui.uestop.you_won_race_by": "{gap} is a formatted duration",
}


def _files(lang: str) -> list[Path]:
    return sorted((I18N / lang).glob("*.json"))


def _entries(lang: str) -> dict[str, list[tuple[str, str]]]:
    """key -> [(file name, text), ...] over every catalog file of ``lang`` (``_`` keys are notes)."""
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for path in _files(lang):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            if not key.startswith("_"):
                found[key].append((path.name, text))
    return found


def _catalog(lang: str) -> dict[str, str]:
    return {key: texts[-1][1] for key, texts in _entries(lang).items()}


def _base(key: str) -> str:
    return key.split("#", 1)[0]


def _by_base(cat: dict[str, str]) -> dict[str, dict[str, str]]:
    """base key -> {form ("" for a plain key): text}."""
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for key, text in cat.items():
        base, _, form = key.partition("#")
        out[base][form] = text
    return out


def _fail(problems: list[str], what: str) -> None:
    assert not problems, f"{len(problems)} {what}:\n" + "\n".join(sorted(problems))


def test_catalog_files_are_flat_objects_of_texts_and_agree() -> None:
    """Each file is one object of non-empty texts; a key in two files has one text."""
    problems = []
    for lang in LANGS:
        for path in _files(lang):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except ValueError as err:
                problems.append(f"{lang}/{path.name}: not JSON ({err})")
                continue
            if not isinstance(data, dict):
                problems.append(f"{lang}/{path.name}: not one JSON object")
                continue
            problems += [f"{lang}/{path.name}: {key} is not a non-empty text" for key, text in data.items()
                         if not key.startswith("_") and (not isinstance(text, str) or not text.strip())]
        for key, texts in _entries(lang).items():
            if len({text for _, text in texts}) > 1:  # the same text twice is only a copy
                problems.append(f"{lang}: {key} has different texts in {', '.join(f for f, _ in texts)}: "
                                "the later file wins silently")
    _fail(problems, "catalog file problems")


def test_every_key_exists_in_both_languages() -> None:
    """Same keys (plural forms aside: each language has the forms its rules use)."""
    bases = {lang: set(_by_base(_catalog(lang))) for lang in LANGS}
    problems = [f"{key}: only in {lang}" for lang in LANGS for other in LANGS if other != lang
                for key in sorted(bases[lang] - bases[other])]
    _fail(problems, "keys missing from a language")


def test_both_languages_use_the_same_placeholders() -> None:
    """A key's placeholders (over all its forms) are the same in en and pt-BR."""
    forms = {lang: _by_base(_catalog(lang)) for lang in LANGS}
    problems = []
    en, pt = forms["en"], forms["pt-BR"]
    for base in sorted(set(en) & set(pt)):
        used = {lang: set().union(*(placeholders(text) for text in forms[lang][base].values())) for lang in LANGS}
        if used["en"] != used["pt-BR"]:
            problems.append(f"{base}: en has {sorted(used['en'])}, pt-BR has {sorted(used['pt-BR'])}")
    _fail(problems, "keys with different placeholders")


def test_plural_keys_have_every_form() -> None:
    """A key in plural forms has ``#one`` and ``#other`` in each language."""
    problems = []
    for lang in LANGS:
        for base, texts in sorted(_by_base(_catalog(lang)).items()):
            plural = {form for form in texts if form}
            if not plural or base == "place":  # "place#..." are ordinal forms (i18n.ordinal)
                continue
            problems += [f"{lang}: {base} has no #{form} form" for form in PLURAL_FORMS if form not in plural]
    _fail(problems, "incomplete plural keys")


def test_every_text_with_a_number_uses_the_plural_forms() -> None:
    """A plain key (no ``#`` forms) whose text holds a number placeholder must be in plural
    forms, unless :data:`NO_PLURAL` says why its number counts nothing."""
    problems = []
    for lang in LANGS:
        for base, texts in sorted(_by_base(_catalog(lang)).items()):
            if set(texts) != {""} or base in NO_PLURAL:
                continue
            numbers = placeholders(texts[""]) & NUMBER_PLACEHOLDERS
            if numbers:
                problems.append(f"{lang}: {base} = {texts[''][:90]!r} holds {{{', '.join(sorted(numbers))}}} "
                                "but has no #one/#other forms")
    _fail(problems, "texts with a number and no plural forms")


def test_the_no_plural_list_is_current() -> None:
    """Every key excused from plural forms still exists, still holds a number, and has a reason."""
    cat = _by_base(_catalog("en"))
    problems = []
    for key, reason in NO_PLURAL.items():
        if key not in cat:
            problems.append(f"{key}: listed in NO_PLURAL but no longer in the catalogs")
        elif not set().union(*(placeholders(t) for t in cat[key].values())) & NUMBER_PLACEHOLDERS:
            problems.append(f"{key}: listed in NO_PLURAL but holds no number placeholder")
        if not reason.strip():
            problems.append(f"{key}: no reason given")
    _fail(problems, "stale NO_PLURAL entries")


SRC = I18N.parent
# A catalog key written out in a call: t(lang, "ui.x"), tr("ui.x"), tr_with("ui.x", ...).
KEY_CALL = re.compile(r"""\b(?:t|tr|tr_with)\(\s*(?:[A-Za-z_.\[\]"']+\s*,\s*)?["']([a-z][a-z0-9_]*(?:\.[A-Za-z0-9_+\-]+)+)["']""")


def test_every_key_the_code_names_exists() -> None:
    """A key named literally in ``tablegames/`` (``t(lang, "key")``, ``tr("key")``) is in the
    catalogs (plain or in plural forms): a missing one would show the key itself."""
    bases = {_base(k) for k in _catalog("en")} & {_base(k) for k in _catalog("pt-BR")}
    named = {(path.relative_to(SRC.parent).as_posix(), key) for path in sorted(SRC.rglob("*.py"))
             for key in KEY_CALL.findall(path.read_text(encoding="utf-8"))}
    assert len(named) > 100, "the scan found too few keys: has the calls' form changed?"
    problems = [f"{path}: {key}" for path, key in sorted(named) if key not in bases]
    _fail(problems, "keys named in the code but missing from a catalog")
