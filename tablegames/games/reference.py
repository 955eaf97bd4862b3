"""Every game's Reference Card and first-time hint, as data (pure: no Reflex).

A game plugs in with one file beside its screens, ``tablegames/games/<game>/reference.json``:

- ``mode_option``: the table option that picks the card (UNO's ``edition``, UeStop!'s
  ``mode``); absent: the game has one card, mode ``"default"``;
- ``modes``: per value of that option, ``{"title": key, "hint": key, "sections": [names]}``
  (the card's title, the first-time hint of the game's main gesture, its sections in order;
  optional ``"hint_on"`` / ``"hint_off"``: CSS selectors of the phone's page that say when
  the gesture applies, see :func:`hint_when`);
- ``sections``: by name, ``{"title": key, ...}`` with any of

  - ``lines``: sentences; each an i18n key, or ``{"key": k}`` with one of
    ``"count": n`` (a number, or an engine constant named ``"module:NAME"`` /
    ``"module:NAME[item]"``: the plural form is picked for it), ``"count_option": o``
    (the number is the table's option ``o``), ``"options": {"param": o}`` (a
    ``{param}`` filled with the option's value); a ``{o}`` inside ``k`` itself is the
    option's value (``"scoring.{scoring}.help"``);
  - ``rows``: a definition list, each ``{"term": key, "text": key, "badge": line, "art": part}``
    (``art``: a picture drawn by the game's own code, as ``component`` below);
  - ``list``: a list read from the engine's view, ``{"source": "options.house_rules",
    "key_prefix", "key_field", "text_field", "empty"}``;
  - ``options_in_force``: true: the table's options in force (``Screen.options_in_force``);
  - ``component``: ``{"ref": "module:function", "args": [...], "kwargs": {...}}``: a part of the game's own
    screens drawn into the card (Faces: the 13 faces).

Every text is an i18n key, so a card is translated where the catalogs are
(``tablegames/i18n/<lang>/reference_<game>.json``). ``components/reference.py`` draws the
cards, ``components/hints.py`` the hints.

>>> from tablegames.games import reference
>>> reference.modes("uno")
('classic', 'plus', 'motu')
>>> reference.default_mode("uestop")
'tome_lhe_tapao'
>>> reference.count(reference.sections("uno", "classic")[1]["rows"][1]["badge"])
20
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tablegames import games
from tablegames.engine import get_game
from tablegames.engine.core import schema_defaults

__all__ = ["FILE", "DEFAULT_MODE", "card_data", "games_with_cards", "mode_option", "modes", "default_mode",
           "sections", "title", "hint", "hint_when", "line", "count", "option_range", "template_options", "keys"]

FILE = "reference.json"
DEFAULT_MODE = "default"
_TEMPLATE = re.compile(r"\{([a-z_]+)\}")
_CONSTANT = re.compile(r"^(?P<module>[\w.]+):(?P<name>\w+)(?:\[(?P<item>[^\]]+)\])?$")


def _folder(game: str) -> Path | None:
    """The folder of ``game``'s screens (the package of its registered phone screen)."""
    module = games.game_ui(game).phone.partition(":")[0]
    spec = importlib.util.find_spec(module)
    return Path(spec.origin).parent if spec is not None and spec.origin else None


@cache
def card_data(game: str) -> dict[str, Any] | None:
    """``game``'s ``reference.json`` (None: the game has no Reference Card).

    Raises:
        ValueError: a mode names a section the file does not define.
    """
    folder = _folder(game)
    path = folder / FILE if folder is not None else None
    if path is None or not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    for mode, card in data["modes"].items():
        unknown = [s for s in card["sections"] if s not in data["sections"]]
        if unknown:
            raise ValueError(f"{path}: mode {mode!r} names unknown sections {unknown}")
    return data


def games_with_cards() -> tuple[str, ...]:
    """The registered games that have a Reference Card, in the landing page's order."""
    return tuple(g for g in games.names() if card_data(g) is not None)


def _data(game: str) -> dict[str, Any]:
    data = card_data(game)
    if data is None:
        raise KeyError(f"{game} has no Reference Card")
    return data


def mode_option(game: str) -> str:
    """The option that picks ``game``'s card ("" when it has one card)."""
    return str(_data(game).get("mode_option", ""))


def modes(game: str) -> tuple[str, ...]:
    """The modes with a card of their own, in the file's order."""
    return tuple(_data(game)["modes"])


def _defaults(game: str) -> dict[str, Any]:
    return schema_defaults(get_game(game).options_schema)


def default_mode(game: str) -> str:
    """The card shown when the table's options don't name a mode: the option's default."""
    option = mode_option(game)
    mode = str(_defaults(game).get(option, "")) if option else ""
    return mode if mode in modes(game) else modes(game)[0]


def sections(game: str, mode: str) -> list[dict[str, Any]]:
    """The sections of the card of ``mode``, in order (each with its ``name``)."""
    data = _data(game)
    return [{"name": name, **data["sections"][name]} for name in data["modes"][mode]["sections"]]


def title(game: str, mode: str) -> str:
    """The i18n key of the card's title."""
    return str(_data(game)["modes"][mode]["title"])


def hint(game: str, mode: str) -> str:
    """The i18n key of the first-time hint for the main gesture in ``mode`` ("" for none)."""
    return str(_data(game)["modes"][mode].get("hint", ""))


def hint_when(game: str, mode: str) -> tuple[str, str]:
    """When the hint of ``mode`` applies, as CSS selectors of the phone's page: the hint
    shows while an element matches the first ("" always) and none matches the second ("" never),
    i.e. in the state whose gesture it explains (``"hint_on"``, ``"hint_off"`` of the mode)."""
    entry = _data(game)["modes"][mode]
    return str(entry.get("hint_on", "")), str(entry.get("hint_off", ""))


def line(spec: str | Mapping[str, Any]) -> dict[str, Any]:
    """A line of a section in its long form: ``{"key", "count", "count_option", "options"}``."""
    if isinstance(spec, str):
        return {"key": spec, "count": None, "count_option": "", "options": {}}
    return {"key": str(spec["key"]), "count": spec.get("count"), "count_option": str(spec.get("count_option", "")),
            "options": dict(spec.get("options", {}))}


def count(spec: str | Mapping[str, Any]) -> int | None:
    """The fixed number of a line (None: none, or the table's option gives it).

    Raises:
        ValueError: the count names no engine constant.
    """
    value = line(spec)["count"]
    if value is None or isinstance(value, int):
        return value
    found = _CONSTANT.match(str(value))
    if found is None:
        raise ValueError(f"not an engine constant: {value!r} (expected 'module:NAME' or 'module:NAME[item]')")
    target = getattr(importlib.import_module(found["module"]), found["name"])
    return int(target[found["item"]] if found["item"] is not None else target)


def option_range(game: str, option: str) -> range:
    """The values an ``int`` option may take (a count read from the table's options)."""
    opt = next(o for o in get_game(game).options_schema if o.key == option)
    return range(int(opt.min), int(opt.max) + 1)


def template_options(key: str) -> list[str]:
    """The options named inside a key: ``"scoring.{scoring}.help"`` -> ``["scoring"]``."""
    return _TEMPLATE.findall(key)


def _choices(game: str, option: str) -> tuple[Any, ...]:
    opt = next(o for o in get_game(game).options_schema if o.key == option)
    return opt.choices


def _expand(game: str, key: str) -> Iterator[str]:
    """Every key a (template) key can become, over the choices of its options."""
    names = template_options(key)
    if not names:
        yield key
        return
    first = names[0]
    for choice in _choices(game, first):
        yield from _expand(game, key.replace("{" + first + "}", str(choice).lower()))


def _section_lines(section: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    for spec in section.get("lines", ()):
        yield line(spec)
    for row in section.get("rows", ()):
        yield line(row["term"])
        if "text" in row:
            yield line(row["text"])
        if "badge" in row:
            yield line(row["badge"])


def keys(game: str) -> dict[str, bool]:
    """Every i18n key ``game``'s cards and hints use, each with whether it is a plural
    entry (``key#one`` / ``key#other`` in the catalogs)."""
    found: dict[str, bool] = {}
    for mode in modes(game):
        found[title(game, mode)] = False
        if hint(game, mode):
            found[hint(game, mode)] = False
        for section in sections(game, mode):
            found[str(section["title"])] = False
            if "list" in section and section["list"].get("empty"):
                found[str(section["list"]["empty"])] = False
            for spec in _section_lines(section):
                plural = spec["count"] is not None or bool(spec["count_option"])
                for key in _expand(game, spec["key"]):
                    found[key] = plural
    return found
