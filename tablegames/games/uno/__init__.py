"""UNO's screens, art and states (registered in tablegames/games/__init__.py)."""

from tablegames.games import GameUI

UI = GameUI(
    name="uno",
    phone="tablegames.games.uno.phone:uno_phone",
    table="tablegames.games.uno.table:uno_table",
    form="tablegames.games.uno.form:uno_form",
    parse_form="tablegames.games.uno.form:parse_form",
    stylesheet="/uno.css",
    view_model="tablegames.games.uno.view_model",
)
