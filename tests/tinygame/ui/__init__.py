"""Duel's screens: its entry in the game registry (``TABLEGAMES_EXTRA_GAMES``).

What ``tablegames/games/<game>/__init__.py`` is for a real game. Importing it registers
Duel's engine and texts (``tests.tinygame``).
"""

from tablegames.games import GameUI

import tests.tinygame  # noqa: F401 (registers the engine and adds the texts)

UI = GameUI(
    name="tiny",
    phone="tests.tinygame.ui.phone:duel_phone",
    table="tests.tinygame.ui.table:duel_table",
    view_model="tests.tinygame.ui.view_model",
)
