"""The turn timer through the UI (issue 15): a table of two where one phone goes away for
good; the table and the phones count the turn down, and when the time is up the table
plays for the absent player (UNO: draw and keep), so the game goes on without anybody
reloading or restarting."""

from __future__ import annotations

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.helpers import open_table, seat_phones

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

# Ana (seat 0) deals, Bia (seat 1) plays first.
STACK = {"hands": [["r1", "g2", "b3"], ["y4", "y5", "y6"]], "top": "r7", "draw": ["g9", "b8", "y1", "g1"]}


def test_the_table_plays_for_a_player_whose_time_is_up(app_server, new_context, screenshot):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {"turn_timer": "15", "dealer": 0, "stack": STACK})
    tablet = open_table(new_context, app_server, code, host)
    ana, bia = seat_phones(new_context, app_server, code, ("Ana", "Bia"))
    tablet.click("#start")
    for page in (tablet, ana, bia):
        page.wait_for_selector("#turn-countdown", timeout=20_000)
    # assets/countdown.js writes the minutes and seconds once it has ticked
    tablet.wait_for_function("() => document.querySelector('#turn-countdown').innerText.includes(':')")
    shown = tablet.inner_text("#turn-countdown")
    assert ":" in shown and ("Time left" in shown or "Tempo restante" in shown)
    screenshot(bia, "countdown-phone")
    screenshot(tablet, "countdown-table")
    bia.context.close()  # Bia's phone is gone for good
    # 15 s later the table draws for her and passes: Ana's turn, with her own 15 s
    ana.wait_for_selector("#my-turn-flag[data-turn='1']", state="attached", timeout=40_000)
    with Session(engine) as db:
        state, _ = service.current_state(db, code)
    assert state.turn == 0 and len(state.hands[1]) == 4
    tablet.wait_for_function("() => /ran out of time|tempo de/i.test(document.body.innerText)", timeout=10_000)
    ana.wait_for_selector("#turn-countdown", timeout=10_000)
    screenshot(tablet, "after-timeout-table")
