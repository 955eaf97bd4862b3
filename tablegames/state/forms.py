"""Table options from the landing page's create form, driven by each game's options schema.

The form shows, for the chosen game, one field per option of its schema
(``get_game(g).options_schema``) that is set at creation (``stage == "create"``), not
hidden, not test-only and not ``"custom"`` (those belong to the game's own form part, its
registry entry's ``form``/``parse_form``). This module reads the submitted fields back
into options; the engine validates them (``check_options``).

A field's name (and its element id, ``opt-<name>``) is the option's key, or
``<game>_<key>`` when an earlier game of the registry already uses that key (a second
game's ``target`` is ``<game>_target``): every field of the page has its own id.

Pure Python (no Reflex import): the form's page and tests share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames import games
from tablegames.engine import get_game

__all__ = ["GAMES", "form_options", "controls", "field_name", "options_from_form", "value_text", "choice_value"]


def _games() -> tuple[str, ...]:
    return games.names()


GAMES = games.GAMES  # the real games, in the landing page's order (see tablegames.games)


def form_options(game: str) -> tuple[Any, ...]:
    """The options of ``game`` the create form shows, in schema order."""
    schema = getattr(get_game(game), "options_schema", ()) or ()
    return tuple(o for o in schema if o.stage == "create" and not o.hidden and not o.test_only
                 and (o.kind in ("choice", "int", "bool") or o.kind == "seat" and len(o.choices) > 1))


def controls(game: str) -> tuple[str, ...]:
    """The keys of ``game``'s form options that other options depend on (their ``when``)."""
    shown = {o.key for o in form_options(game)}
    schema = getattr(get_game(game), "options_schema", ()) or ()
    return tuple(k for k in dict.fromkeys(k for o in schema if not o.hidden for k in o.when) if k in shown)


def field_name(game: str, key: str) -> str:
    """The form field (and ``opt-`` id suffix) of option ``key`` of ``game``."""
    for other in _games():
        if other == game:
            return key
        if any(o.key == key for o in form_options(other)):
            return f"{game}_{key}"
    return key


def value_text(value: Any) -> str:
    """A value as a form field holds it (``True`` -> ``"true"``, ``10`` -> ``"10"``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def choice_value(choices: Sequence[Any], text: Any) -> Any:
    """The choice a select's ``text`` stands for (the text itself if none matches)."""
    for choice in choices:
        if value_text(choice) == str(text):
            return choice
    return text


def _int(form: Mapping[str, Any], name: str, default: Any) -> Any:
    raw = form.get(name)
    if raw in (None, ""):
        return default
    try:
        return int(raw)
    except (TypeError, ValueError):
        return raw  # the engine refuses it with a clear message


def options_from_form(game: str, form: Mapping[str, Any]) -> dict[str, Any]:
    """The options of ``game`` from the create form's fields (unknown games get none).

    An option whose field is missing (it did not apply, so the form did not show it) or
    holds the option's default is left out: the engine's default holds.
    """
    if game not in _games():
        return {}
    shown = form_options(game)
    # A form with none of the game's fields was not typed in (a script's): defaults hold.
    typed = any(field_name(game, o.key) in form for o in shown)
    options: dict[str, Any] = {}
    for o in shown:
        name = field_name(game, o.key)
        if o.kind == "bool":
            if typed:  # an unticked box sends nothing
                options[o.key] = form.get(name) in ("on", "true", True)
        elif name not in form or form.get(name) in (None, ""):
            continue
        elif o.kind == "int":
            options[o.key] = _int(form, name, o.default)
        else:
            options[o.key] = choice_value(o.choices, form[name])
    full = {**{o.key: o.default for o in shown}, **options}
    # Only what the host changed: the engine fills in the defaults (and a table keeps them).
    options = {o.key: options[o.key] for o in shown
               if o.key in options and o.applies(full) and options[o.key] != o.default}
    ui = games.game_ui(game)
    if ui.parse_form:  # the game's own fields (options of kind "custom"), where they apply
        schema = {o.key: o for o in getattr(get_game(game), "options_schema", ()) or ()}
        extra = games.load(ui.parse_form)(form)
        options.update({k: v for k, v in extra.items() if k not in schema or schema[k].applies(full)})
    return options
