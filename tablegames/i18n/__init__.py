"""Message catalogs (pt-BR and en) and the helpers that turn codes into sentences.

Every ``*.json`` file in ``tablegames/i18n/<lang>/`` is a flat ``{key: text}`` dict; a
language's catalog is all of them merged (``game.json``: errors, events, cards; ``ui.json``:
page texts). Texts use ``str.format`` placeholders (``{player}``, ``{card}``).

- :func:`t` looks a key up (English, then the key itself, as fall-backs).
- :func:`error_text` translates an ``IllegalMove`` / ``RoomError`` (``code`` + ``params``).
- :func:`event_text` turns an UNO event of ``view()["events"]`` into a sentence, with seat
  numbers replaced by names and cards and colours named in words.

Pure Python: no Reflex import, usable by states, pages and tests alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from string import Formatter
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal

__all__ = [
    "LANGS",
    "DEFAULT_LANG",
    "pick_lang",
    "catalog",
    "t",
    "error_text",
    "exception_text",
    "event_text",
    "card_name",
    "color_name",
    "join_names",
    "number",
    "ordinal",
    "plural_form",
    "placeholders",
    "has",
    "event_key",
]

LANGS: tuple[str, ...] = ("en", "pt-BR")
DEFAULT_LANG = "en"
_DIR = Path(__file__).parent
_COLORS = ("r", "y", "g", "b", "p")


# -- language ----------------------------------------------------------------------------

def pick_lang(accept_language: str | None) -> str:
    """The supported language for a browser's ``Accept-Language`` or ``navigator.language``.

    Tags are tried by their ``q`` weight (then by order); anything starting with ``pt``
    gives ``"pt-BR"``, anything starting with ``en`` gives ``"en"``; otherwise English.

    >>> pick_lang("pt-PT,pt;q=0.9,en;q=0.8"), pick_lang("de-DE,en;q=0.5"), pick_lang("")
    ('pt-BR', 'en', 'en')
    """
    if not isinstance(accept_language, str) or not accept_language.strip():
        return DEFAULT_LANG
    tags: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, rest = part.strip().partition(";")
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", rest)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        tags.append((-q, i, tag.strip().lower().replace("_", "-")))
    for neg_q, _, tag in sorted(tags):
        if neg_q >= 0:  # q=0 means "not this one"
            continue
        if tag.startswith("pt"):
            return "pt-BR"
        if tag.startswith("en"):
            return "en"
    return DEFAULT_LANG


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else pick_lang(lang)


# -- catalogs ----------------------------------------------------------------------------

_FOLDERS: list[Path] = [_DIR]  # catalog roots: the app's, then any added (add_catalogs)


def add_catalogs(folder: Path | str) -> None:
    """Adds a catalog root: its ``<lang>/*.json`` files join every language's catalog
    (a game that lives outside ``tablegames/``, such as the tests' own game)."""
    folder = Path(folder)
    if folder not in _FOLDERS:
        _FOLDERS.append(folder)
        for cached in (catalog, color_name, card_name, _text):
            cached.cache_clear()


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every key of ``lang``: all ``<root>/<lang>/*.json`` files merged (cached), the app's
    ``tablegames/i18n`` first, then any root added with :func:`add_catalogs`.

    Files are read in name order; a key defined twice keeps the later file's text. Call
    ``catalog.cache_clear()`` and ``_text.cache_clear()`` after editing a file in a running
    process.
    """
    lang = _lang(lang)
    merged: dict[str, str] = {}
    for path in [p for root in _FOLDERS for p in sorted((root / lang).glob("*.json"))]:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a catalog file must hold one JSON object")
        merged.update({str(k): str(v) for k, v in data.items() if not str(k).startswith("_")})
    return merged


class _Keep(dict):
    """Format params that leave an unknown ``{name}`` visible instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _format(text: str, params: Mapping[str, Any]) -> str:
    if not params and "{" not in text:
        return text
    try:
        return text.format_map(_Keep(params))
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        return text


def _lookup(lang: str, key: str) -> str | None:
    text = catalog(lang).get(key)
    if text is None and lang != DEFAULT_LANG:
        text = catalog(DEFAULT_LANG).get(key)
    return text


def has(lang: str, key: str) -> bool:
    """Whether ``key`` exists in ``lang`` or in English."""
    return _lookup(_lang(lang), key) is not None


# Counts CLDR files under "one" that the catalogs' speakers put in the plural: CLDR's
# Portuguese rule (i = 0..1) is Portugal's and Brazil's written norm for "0,5 ponto", but a
# table in Brazil says "0 pontos", "0 cartas" (as every Brazilian game and app does).
ZERO_IS_PLURAL = frozenset({"pt-BR"})


def plural_form(lang: str, n: Any) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (Babel's rules; zero is plural in
    Brazilian Portuguese, see ``ZERO_IS_PLURAL``).

    >>> plural_form("en", 0), plural_form("pt-BR", 0), plural_form("en", 1), plural_form("pt-BR", 1)
    ('other', 'other', 'one', 'one')
    """
    lang = _lang(lang)
    try:
        if n == 0 and lang in ZERO_IS_PLURAL:
            return "other"
        return _plural(lang, abs(n))
    except (TypeError, ValueError):
        return "other"


@lru_cache(maxsize=4096)
def _plural(lang: str, n: int | float) -> str:  # Babel's rules are slow; a game's counts repeat
    return _locale(lang).plural_form(n)


def number(lang: str, n: Any) -> str:
    """``n`` written the way ``lang`` writes numbers (``12,345`` / ``12.345``).

    >>> number("en", 12345), number("pt-BR", 12345), number("en", "x")
    ('12,345', '12.345', 'x')
    """
    if isinstance(n, bool) or not isinstance(n, int | float):
        return str(n)
    return _decimal(_lang(lang), n)


@lru_cache(maxsize=4096)
def _decimal(lang: str, n: int | float) -> str:
    return format_decimal(n, locale=_locale(lang))


def ordinal(lang: str, n: int) -> str:
    """A place in a ranking: ``1st``, ``2nd``, ``23rd`` / ``1º``, ``2º`` (Babel's CLDR
    ordinal rules pick the entry ``place#one``, ``place#two``, ``place#few`` or
    ``place#other``).

    >>> [ordinal("en", n) for n in (1, 2, 3, 4, 11, 22)], ordinal("pt-BR", 2)
    (['1st', '2nd', '3rd', '4th', '11th', '22nd'], '2º')
    """
    lang = _lang(lang)
    try:
        form = _locale(lang).ordinal_form(abs(n))
    except (TypeError, ValueError):
        form = "other"
    text = _lookup(lang, f"place#{form}") or _lookup(lang, "place#other") or "{n}"
    return _format(text, {"n": number(lang, n)})


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang.replace("-", "_"))


def t(lang: str, key: str, /, **params: Any) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in.

    With a ``count`` param, the plural form of the language is picked: the entry
    ``key#one``, ``key#other`` (or whatever CLDR category Babel gives for ``count``),
    falling back to ``key#other`` and then ``key``; ``{count}`` is written as a number of
    the language. Falls back to English, then to the key itself. A placeholder without a
    param stays visible as ``{name}``.

    >>> t("en", "count.points", count=1), t("en", "count.points", count=1500)
    ('1 point', '1,500 points')
    >>> t("pt-BR", "count.points", count=0)
    '0 pontos'
    """
    try:
        return _text(lang, key, tuple(params.items()))
    except TypeError:  # a param that can't be a cache key (a list): written each time
        return _written(lang, key, params)


# A screen's view model asks for the same few dozen texts for every seat and every move
# (names, counts, labels): the catalogs don't change while the app runs, so a text once
# written is kept.
@lru_cache(maxsize=16_384)
def _text(lang: str, key: str, params: tuple[tuple[str, Any], ...]) -> str:
    return _written(lang, key, dict(params))


def _written(lang: str, key: str, params: Mapping[str, Any]) -> str:
    lang = _lang(lang)
    text = None
    if "count" in params:
        n = params["count"]
        for candidate in (f"{key}#{plural_form(lang, n)}", f"{key}#other"):
            if (text := _lookup(lang, candidate)) is not None:
                break
        params = {**params, "count": number(lang, n)}
    if text is None:
        text = _lookup(lang, key)
    if text is None:
        return key
    return _format(text, params)


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a catalog text uses."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(text)
                if name}
    except ValueError:
        return set()


# -- cards and colours ---------------------------------------------------------------------

@lru_cache(maxsize=2048)
def color_name(lang: str, c: str | None) -> str:
    """``"r"`` -> ``"red"`` / ``"vermelho"`` (lower case, for sentences); unknown: as given."""
    key = f"color.{c}"
    return t(lang, key) if has(lang, key) else str(c or "")


@lru_cache(maxsize=4096)
def card_name(lang: str, code: str | None) -> str:
    """A card code in words: ``"r7"`` -> "red 7" / "7 vermelho", ``"W+4"`` -> "Wild Draw Four".

    Customizable Wilds keep their number ("Customizable Wild 2"). Unknown codes come back
    unchanged.
    """
    if not isinstance(code, str) or not code:
        return str(code or "")
    if code.startswith("W"):
        if code.startswith("WC") and code[2:] in ("1", "2", "3"):
            return f"{t(lang, 'card.WC')} {code[2:]}"
        key = f"card.{code}"
        return t(lang, key) if has(lang, key) else code
    color, face = code[:1], code[1:]
    if color not in _COLORS or not face:
        return code
    if face.isdigit():
        face_text = face
    elif has(lang, f"card.{face}"):
        face_text = t(lang, f"card.{face}")
    else:
        return code
    return t(lang, "card.colored", color=color_name(lang, color), face=face_text)


def join_names(lang: str, names: Sequence[str]) -> str:
    """``["Ana", "Bia", "Caio"]`` -> "Ana, Bia and Caio" / "Ana, Bia e Caio"."""
    return format_list([str(n) for n in names], locale=_locale(_lang(lang)))


def _count(lang: str, what: str, n: Any) -> str:
    """"1 card" / "3 cards" (key ``count.<what>``, by plural form)."""
    return t(lang, f"count.{what}", count=n)


# -- errors -------------------------------------------------------------------------------

_CARD_PARAMS = ("card", "top")


def error_text(lang: str, code: str, params: Mapping[str, Any] | None = None) -> str:
    """The player's sentence for an ``IllegalMove`` / ``RoomError`` code (key ``error.<code>``).

    ``card``/``top`` params are named as cards, ``color`` as a colour, ``option`` as a
    table setting. When the text needs a param the error did not carry (some codes are
    raised from several places), the key ``error.<code>.plain`` is used if it exists.
    Unknown codes give the generic ``error.unknown`` text.
    """
    lang = _lang(lang)
    params = dict(params or {})
    for k in _CARD_PARAMS:
        if isinstance(params.get(k), str):
            params[k] = card_name(lang, params[k])
    if isinstance(params.get("color"), str) and params["color"] in _COLORS:
        params["color"] = color_name(lang, params["color"])
    if isinstance(params.get("option"), str) and has(lang, f"option.{params['option']}"):
        params["option"] = t(lang, f"option.{params['option']}")
    key = f"error.{code}"
    text = _lookup(lang, key)
    if text is None:
        return t(lang, "error.unknown", code=code)
    given = {k for k, v in params.items() if v is not None and v != ""}
    if not placeholders(text) <= given and has(lang, key + ".plain"):
        return t(lang, key + ".plain")
    return _format(text, params)


def exception_text(lang: str, exc: BaseException) -> str:
    """:func:`error_text` for a raised ``IllegalMove`` or ``RoomError`` (anything with ``code``)."""
    code = getattr(exc, "code", None)
    if not isinstance(code, str):
        return t(lang, "error.unknown", code=type(exc).__name__)
    return error_text(lang, code, getattr(exc, "params", None))


# -- UNO events ---------------------------------------------------------------------------

_SEAT_FIELDS = {"seat": "player", "target": "target", "by": "by", "winner": "winner",
                "dealer": "dealer"}


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return str(names[seat])
    return "?" if seat is None else f"#{seat}"


def event_key(event: Mapping[str, Any]) -> str:
    """The catalog key of an UNO event (``event.<type>`` or a variant of it)."""
    kind = str(event.get("type", ""))
    if kind == "draw":
        if not event.get("count"):
            return "event.draw.empty"
        return f"event.draw.{event.get('reason')}"
    if kind == "play":
        card = event.get("card")
        return "event.play.wild" if isinstance(card, str) and card.startswith("W") else "event.play"
    if kind == "challenge":
        return "event.challenge.guilty" if event.get("guilty") else "event.challenge.innocent"
    if kind == "dare":
        return "event.dare.done" if event.get("done") else "event.dare.refused"
    if kind == "hand_over":
        return "event.hand_over" if event.get("gain") else "event.hand_over.out"
    if kind == "game_over":
        return "event.game_over.many" if len(event.get("winners") or ()) > 1 else "event.game_over"
    if kind == "discard_wilds" and not event.get("count"):
        return "event.discard_wilds.none"
    return f"event.{kind}"


def game_event_key(lang: str, game: str, event: Mapping[str, Any]) -> str:
    """The catalog key of another game's event: ``event.<game>.<type>`` or a variant of it.

    Variants, tried in order when the catalog has them: ``.many`` (several winners),
    ``.bonus`` (a bonus was scored), ``.one`` (a count of one).
    """
    base = f"event.{game}.{event.get('type', '')}"
    variants = (
        (".many", len(event.get("winners") or ()) > 1),
        (".bonus", bool(event.get("bonus"))),
        (".one", event.get("count") == 1),
    )
    for suffix, applies in variants:
        if applies and has(lang, base + suffix):
            return base + suffix
    return base


def event_text(lang: str, event: Mapping[str, Any], names: Sequence[str], game: str = "uno") -> str:
    """One event (from ``view()["events"]``) as a sentence for the table.

    Seat numbers become player names (``{player}`` for ``seat``, ``{target}``, ``{by}``,
    ``{winner}``, ``{dealer}``, ``{winners}``), cards and colours are named in words,
    counts become "3 cards" / "3 cartas". An event type without a text gives its key.
    """
    lang = _lang(lang)
    params: dict[str, Any] = {}
    for k, v in event.items():
        if k in _SEAT_FIELDS:
            params[_SEAT_FIELDS[k]] = _name(names, v)
        elif k not in ("type", "card", "color"):
            params[k] = v
    if "card" in event:
        params["card"] = card_name(lang, event["card"])
    if "color" in event:
        params["color"] = color_name(lang, event["color"])
    kind = event.get("type")
    if kind == "reshuffle":
        params["cards"] = _count(lang, "cards", event.get("cards", 0))
    elif "count" in event:
        params["cards"] = _count(lang, "cards", event["count"])
    if "gain" in event:
        params["points"] = _count(lang, "points", event["gain"])
    if "winners" in event:
        params["winners"] = join_names(lang, [_name(names, p) for p in event["winners"] or ()])
    if isinstance(event.get("words"), (list, tuple)):
        params["words"] = ", ".join(map(str, event["words"]))
    total = event.get("points")
    if "count" not in params and isinstance(total, int) and not isinstance(total, bool):
        params["count"] = total  # a running total: the template's plural forms follow it
    if game != "uno":
        if isinstance(event.get("emotion"), int) and has(lang, f"emotion.{event['emotion']}"):
            params["emotion"] = t(lang, f"emotion.{event['emotion']}")  # Faces
        key = game_event_key(lang, game, event)
        if not has(lang, key) and has(lang, f"event.{kind}"):
            key = f"event.{kind}"  # an event every game shares (the turn timer's)
        return t(lang, key, **params) if has(lang, key) else key
    if kind == "house_rule":
        key = event.get("key")
        rule = f"houserule.{key}"
        params["rule"] = t(lang, rule) if key != "custom" and has(lang, rule) else str(event.get("text", ""))
    key = event_key(event)
    if not has(lang, key):
        if has(lang, f"event.{kind}"):  # a new variant: the type's general text
            key = f"event.{kind}"
        else:
            return key
    return t(lang, key, **params)
