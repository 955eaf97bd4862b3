"""Phone pages left open longer than the state expiry, with nothing happening, play on.

Reflex forgets a tab's state after ``REFLEX_REDIS_TOKEN_EXPIRATION`` seconds without an
event (an hour by default; 3 s here), and a state rebuilt later has lost the page's
LocalStorage, so its seat. An open phone page therefore sends a heartbeat (a quarter of
the expiry, here every second): after a long pause the next tap plays at once, no page
reloaded, and the other phone sees the move.
"""

from __future__ import annotations

import subprocess
import time

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.conftest import VENV, _app_env, _start, _stop
from tests.processes import reflex_bin

pytestmark = pytest.mark.e2e

STACK = {"hands": [["r1", "r2", "g4"], ["r7", "y8", "b3"]], "top": "r5", "draw": ["b9", "b8", "g1"]}
EXPIRY = 3  # seconds


def test_phone_left_open_past_the_state_expiry(tmp_path, browser, artifacts_dir):
    env = _app_env(tmp_path, tmp_path / "web")
    env["REFLEX_REDIS_TOKEN_EXPIRATION"] = str(EXPIRY)
    log = artifacts_dir / "e2e-state-expiry-app.log"
    log.write_text("")
    subprocess.run([reflex_bin(), "db", "migrate"], env=env, cwd=VENV.parent, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=180)
    started = _start(env, log)
    assert not isinstance(started, str), started
    proc, server = started
    engine = create_engine(env["DATABASE_URL"])
    contexts = []
    try:
        with Session(engine) as db:
            code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})
        phones = []
        for name in ("Ana", "Bia"):
            context = browser.new_context(viewport={"width": 412, "height": 915})
            contexts.append(context)
            page = context.new_page()
            page.goto(f"{server.frontend_url}/play/{code}")
            page.wait_for_selector("#player-name")
            time.sleep(1.0)
            page.fill("#player-name", name)
            page.click("#sit-down")
            page.wait_for_selector("#waiting")
            phones.append(page)
        ana, bia = phones
        with Session(engine) as db:
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
        with Session(engine) as db:
            after, after_version = service.current_state(db, code)
        assert after_version == version + 1 and after.discard[-1] == "r7"
    finally:
        for context in contexts:
            context.close()
        _stop(proc)
