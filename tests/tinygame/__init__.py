"""Duel (engine name ``tiny``): a game that exists only in the tests, added the way any
game is added.

- ``tests/tinygame/engine.py``: its engine (the whole ``tablegames.engine.core.Game``
  contract), registered with ``tablegames.engine.register`` when this package is imported;
- ``tests/tinygame/ui/``: its folder of screens (``phone``, ``table``, ``view_model`` and
  the ``UI`` entry in ``__init__``), what ``tablegames/games/<game>/`` is for a real game;
- one registry line: the app runs with ``TABLEGAMES_TEST_MODE=1`` and
  ``TABLEGAMES_EXTRA_GAMES=tests.tinygame.ui`` (:data:`REGISTRY_ENV`), the switch of
  ``tablegames/games/__init__.py`` for test-only games.

Its texts live in ``tests/tinygame/i18n/<lang>/duel.json``, a catalog root that importing
this package adds to the app's (``i18n.add_catalogs``).
"""

from __future__ import annotations

from pathlib import Path

from tablegames import i18n

from tests.tinygame import engine as engine  # noqa: F401 (registers "tiny")

NAME = engine.NAME
UI_MODULE = "tests.tinygame.ui"
REGISTRY_ENV = {"TABLEGAMES_TEST_MODE": "1", "TABLEGAMES_EXTRA_GAMES": UI_MODULE}
TEXTS = Path(__file__).with_name("i18n")


i18n.add_catalogs(TEXTS)
