"""UeStop!'s screens, cards and states (registered in tablegames/games/__init__.py)."""

from tablegames.games import GameUI

UI = GameUI(
    name="uestop",
    phone="tablegames.games.uestop.phone:uestop_phone",
    table="tablegames.games.uestop.table:uestop_table",
    form="tablegames.games.uestop.form:uestop_form",
    parse_form="tablegames.games.uestop.form:parse_form",
    stylesheet="/uestop.css",
    view_model="tablegames.games.uestop.view_model",
)
