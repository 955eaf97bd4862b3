"""Faces' screens, art and states (registered in tablegames/games/__init__.py)."""

from tablegames.games import GameUI

UI = GameUI(
    name="faces",
    phone="tablegames.games.faces.phone:faces_phone",
    table="tablegames.games.faces.table:faces_table",
    lobby="tablegames.games.faces.table:faces_lobby",
    stylesheet="/faces.css",
    view_model="tablegames.games.faces.view_model",
)
