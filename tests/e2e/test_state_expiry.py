"""Phone pages left open longer than the state expiry, with nothing happening, play on.

Reflex forgets a tab's state after ``REFLEX_REDIS_TOKEN_EXPIRATION`` seconds without an
event (an hour by default; 3 s here), and a state rebuilt later has lost the page's
LocalStorage, so its seat. An open phone page therefore sends a heartbeat (a quarter of
the expiry, here every second): after a long pause the next tap plays at once, no page
reloaded, and the other phone sees the move.
"""

from __future__ import annotations

import time

import pytest
from sqlmodel import Session

from tablegames.rooms import service
from tests.e2e.conftest import own_app
from tests.e2e.helpers import seat_phones

pytestmark = pytest.mark.e2e

STACK = {"hands": [["r1", "r2", "g4"], ["r7", "y8", "b3"]], "top": "r5", "draw": ["b9", "b8", "g1"]}
EXPIRY = 3  # seconds


def test_phone_left_open_past_the_state_expiry(tmp_path, browser, artifacts_dir):
    log = artifacts_dir / "e2e-state-expiry-app.log"
    with own_app(tmp_path, browser, log, REFLEX_REDIS_TOKEN_EXPIRATION=str(EXPIRY)) as app:
        with Session(app.db) as db:
            code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})
        ana, bia = phones = seat_phones(app.new_context, app.server, code, ("Ana", "Bia"))
        with Session(app.db) as db:
            service.start_game(db, code, host, seed=1)
            _, version = service.current_state(db, code)
        for page in phones:
            page.reload()  # the game was started behind the app's back: a load shows it
        bia.wait_for_selector("#your-turn")
        ana.wait_for_selector("#hand [data-card]")

        for page in phones:
            page.evaluate("window.__notReloaded = true")
        time.sleep(EXPIRY + 4)  # nothing happens at the table for longer than the expiry

        bia.click('#hand [data-card="r7"]')
        ana.wait_for_selector("#your-turn")
        assert all(page.evaluate("window.__notReloaded === true") for page in phones)
        service.clear_cache()
        with Session(app.db) as db:
            after, after_version = service.current_state(db, code)
        assert after_version == version + 1 and after.discard[-1] == "r7"
