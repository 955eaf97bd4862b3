"""The one registry of the games' user interfaces: what the generic pages plug in.

Each game's folder ``tablegames/games/<game>/`` holds its screens, art, substates and view
model; its ``__init__.py`` holds one :class:`GameUI` entry, ``UI``. This module lists them
(:data:`GAMES`, in the order the landing page offers them) and is pure: it imports no
Reflex and no page module, so the state layer reads it freely. The parts that are Reflex
code (screens, substates, event handlers) are named by reference, ``"module:attribute"``,
and imported only when asked for (:func:`load`).

Adding a game: its engine package (registered in ``tablegames.engine``), its folder here
with an ``__init__.py`` defining ``UI = GameUI(...)``, and its name in :data:`GAMES`.

Test-only games: when the app runs in test mode (``TABLEGAMES_TEST_MODE=1``), the
environment variable ``TABLEGAMES_EXTRA_GAMES`` may name modules (dotted paths, comma
separated, e.g. ``tests.games.tiny.ui``), each defining ``UI = GameUI(...)`` (and
registering its engine when imported). They are added after the real games. Outside test
mode the variable is ignored.

Example:
    >>> from tablegames.games import game_ui, names
    >>> names()[:4]
    ('uno', 'upwords', 'faces', 'uestop')
    >>> game_ui("uno").stylesheet
    '/uno.css'
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

__all__ = ["GAMES", "GameUI", "game_ui", "names", "entries", "load", "view_model", "open_events", "import_ui",
           "EXTRA_GAMES_ENV", "TEST_MODE_ENV"]

GAMES = ("uno", "upwords", "faces", "uestop")
"""The real games, in the order the landing page offers them (each has a folder here)."""

EXTRA_GAMES_ENV = "TABLEGAMES_EXTRA_GAMES"
TEST_MODE_ENV = "TABLEGAMES_TEST_MODE"


@dataclass(frozen=True)
class GameUI:
    """What the generic pages and states plug in for one game.

    Every Reflex part is a reference ``"package.module:attribute"`` resolved lazily by
    :func:`load`, so reading an entry imports nothing of Reflex.

    Attributes:
        name: The engine's name of the game (``tablegames.engine.get_game(name)``).
        phone: The phone screen during a game: a function returning an ``rx.Component``.
        table: The table screen during a game: a function returning an ``rx.Component``.
        lobby: Optional lobby extras shown under the seats before the game starts
            (``() -> rx.Component``).
        form: Optional create-form extras, for options the schema can't express
            (``() -> rx.Component``); rendered under the schema's fields.
        parse_form: Optional ``(form: dict) -> dict`` reading those extras' fields into
            options (merged over the schema's).
        stylesheet: The game's stylesheet under ``assets/`` (``"/uno.css"``), or "".
        view_model: The module whose ``build(screen, lang) -> dict`` makes the game's
            screen data (pure; see ``tablegames/games/<game>/view_model.py``), or "".
        on_open: Event handlers to run when a page of a room of this game opens (after
            ``Screen.open_phone``/``open_table``), e.g. linking a game's shared draft.
        screen_states: The game's own states whose computed vars read the tab's screen
            (``"module:Class"``): a move of such a game updates every tab through Reflex,
            which computes those vars too (``state/fanout.py`` sends the screen alone).
    """

    name: str
    phone: str
    table: str
    lobby: str = ""
    form: str = ""
    parse_form: str = ""
    stylesheet: str = ""
    view_model: str = ""
    on_open: tuple[str, ...] = field(default_factory=tuple)
    screen_states: tuple[str, ...] = field(default_factory=tuple)


def load(ref: str) -> Any:
    """The object a reference names: ``"package.module:attribute"`` (or a module path).

    Args:
        ref: ``"module:attribute"``, ``"module:Class.attribute"`` or a module path.

    Returns:
        The attribute, or the module when ``ref`` has no colon.
    """
    module, _, attribute = ref.partition(":")
    target: Any = importlib.import_module(module)
    for part in filter(None, attribute.split(".")):
        target = getattr(target, part)
    return target


def _test_mode() -> bool:
    return os.environ.get(TEST_MODE_ENV) == "1"


@cache
def _registry(extra: str) -> dict[str, GameUI]:
    entries: dict[str, GameUI] = {}
    modules = [f"tablegames.games.{name}" for name in GAMES]
    modules += [m.strip() for m in extra.split(",") if m.strip()]
    for module in modules:
        ui = importlib.import_module(module).UI
        if not isinstance(ui, GameUI):
            raise TypeError(f"{module}.UI is not a GameUI")
        entries[ui.name] = ui
    return entries


def _entries() -> dict[str, GameUI]:
    return _registry(os.environ.get(EXTRA_GAMES_ENV, "") if _test_mode() else "")


def entries() -> tuple[GameUI, ...]:
    """Every game's entry, in the landing page's order (test-only games last)."""
    return tuple(_entries().values())


def names() -> tuple[str, ...]:
    """The names of the games with screens, in the landing page's order."""
    return tuple(_entries())


def game_ui(name: str) -> GameUI:
    """The entry of game ``name``.

    Raises:
        KeyError: no game of that name has screens.
    """
    return _entries()[name]


Builder = Callable[[Mapping[str, Any], str, dict[str, Any] | None], dict]


@cache
def _builder(ref: str) -> Builder | None:
    if importlib.util.find_spec(ref) is None:  # not written yet: the pages read the raw view
        return None
    build = load(ref).build
    if "shared" in inspect.signature(build).parameters:
        return build
    return lambda screen, lang, shared: build(screen, lang)  # it builds every screen whole


def view_model(screen: Mapping[str, Any], lang: str, shared: dict[str, Any] | None = None) -> dict[str, Any]:
    """The game's view model of ``screen`` (what ``rooms.service.screen`` gives) in ``lang``.

    Args:
        screen: One screen's data.
        lang: Its language.
        shared: A memo that every screen of the same room version in ``lang`` gets (None:
            none). A view model whose ``build`` takes ``shared`` keeps there what every
            seat shows alike (the players' lines, the log in words), so that it is built
            once per version, not once per screen; the screens then hold the same objects,
            which nobody changes.

    Returns {} for a room whose game has no view model (yet), or no view (the lobby is
    still a screen: a view model gets it and decides).
    """
    ui = _entries().get(str(screen.get("game", "")))
    build = _builder(ui.view_model) if ui is not None and ui.view_model else None
    return build(screen, lang, shared) if build is not None else {}


def import_ui() -> None:
    """Imports every game's screen and state modules (what an entry names), so that every
    Reflex state of every game exists when the app starts (a backend-only worker never
    builds the pages, yet handles their events)."""
    for ui in entries():
        for ref in (ui.phone, ui.table, ui.lobby, ui.form, *ui.on_open):
            if ref:
                importlib.import_module(ref.partition(":")[0])


def open_events(game: str) -> list[Any]:
    """The event handlers a page of a room of ``game`` runs when it opens (may be [])."""
    ui = _entries().get(game)
    return [load(ref) for ref in ui.on_open] if ui is not None else []
