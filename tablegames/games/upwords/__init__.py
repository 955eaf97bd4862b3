"""Upwords' screens, board and states (registered in tablegames/games/__init__.py)."""

from tablegames.games import GameUI

UI = GameUI(
    name="upwords",
    phone="tablegames.games.upwords.phone:upwords_phone",
    table="tablegames.games.upwords.table:upwords_table",
    stylesheet="/upwords.css",
    view_model="tablegames.games.upwords.view_model",
    on_open=("tablegames.games.upwords.state:UpwordsDraft.link",),
    # the table's board and the phone's pad are computed from the screen (and the draft)
    screen_states=("tablegames.games.upwords.state:UpwordsTable", "tablegames.games.upwords.state:UpwordsPhone"),
)
