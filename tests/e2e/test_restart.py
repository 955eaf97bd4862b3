"""A server killed with SIGKILL mid-hand loses no accepted move; phones get their hands back."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from sqlmodel import Session

from tablegames.engine import get_game
from tablegames.rooms import service
from tests.e2e.conftest import own_app
from tests.e2e.helpers import seat_phones

pytestmark = pytest.mark.e2e

STACK = {"hands": [["r1", "r2", "g4"], ["r7", "y8", "b3"]], "top": "r5", "draw": ["b9", "b8", "g1"]}


def _kill_9(proc: subprocess.Popen) -> None:
    os.killpg(os.getpgid(proc.pid), signal.SIGKILL)
    proc.wait(timeout=20)
    time.sleep(1.0)


def _reopen(page, url: str):
    """The phone opens the game again after the restart, as a person would.

    A tab that was connected to the killed server sometimes never gets its navigation
    answered (a socket to the dead process); a person would close it and open the link in a
    new tab of the same browser (same LocalStorage, so the same seat): so does this. The
    dev server's client (Vite) reloads its pages by itself once the server is back: that
    reload of the same address may overtake the one asked for here.
    """
    for _ in range(4):
        try:
            try:
                page.goto(url, wait_until="commit", timeout=30_000)
            except PlaywrightError as err:
                if "interrupted by another navigation" not in str(err):
                    raise
            page.wait_for_selector("#hand [data-card]", timeout=60_000)
            return page
        except PlaywrightTimeout:
            context = page.context
            page.close()
            page = context.new_page()
    raise AssertionError(f"the phone could not open {url} after the restart")


def _hand(page) -> list[str]:
    return sorted(page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)"))


def test_kill_9_mid_hand_then_restart(tmp_path, browser, artifacts_dir):
    with own_app(tmp_path, browser, artifacts_dir / "e2e-restart-app.log") as app:
        with Session(app.db) as db:
            code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})
        ana, bia = phones = seat_phones(app.new_context, app.server, code, ("Ana", "Bia"))
        with Session(app.db) as db:
            service.start_game(db, code, host, seed=1)
        bia.reload()
        bia.wait_for_selector("#your-turn")
        bia.click('#hand [data-card="r7"]')  # accepted: Ana's turn next
        ana.wait_for_selector("#your-turn")
        with Session(app.db) as db:
            accepted, version = service.current_state(db, code)
        assert accepted.discard[-1] == "r7"

        _kill_9(app.proc)  # no goodbye: whatever was acknowledged must already be on disk
        app.restart()

        ana, bia = phones = [_reopen(page, app.server.url(f"/play/{code}")) for page in phones]
        assert _hand(ana) == sorted(STACK["hands"][0])
        assert _hand(bia) == ["b3", "y8"]
        ana.wait_for_selector("#your-turn")
        ana.click('#hand [data-card="r1"]')
        bia.wait_for_selector("#your-turn")
        service.clear_cache()
        with Session(app.db) as db:
            after, after_version = service.current_state(db, code)
        assert after_version == version + 1 and after.discard[-1] == "r1"
        # Identical to a game that was never interrupted: the same deal and moves, engine only.
        uno = get_game("uno")
        replay = uno.new(["Ana", "Bia"], {"dealer": 0, "stack": STACK}, seed=1)
        for seat, card in ((1, "r7"), (0, "r1")):
            replay = uno.apply(replay, seat, {"type": "play", "card": card})
        assert after == replay
