"""The rules engine: pure Python, no Reflex, no database, no clock.

Use :func:`get_game` to reach a game by name ("uno", ...).
"""

from tablegames.engine.core import IllegalMove, game_names, get_game, register

from tablegames.engine import uno as _uno  # noqa: F401  (each import registers its game)
from tablegames.engine import faces as _faces  # noqa: F401
from tablegames.engine import uestop as _uestop  # noqa: F401
from tablegames.engine import upwords as _upwords  # noqa: F401

__all__ = ["IllegalMove", "game_names", "get_game", "register"]
