"""A server killed with SIGKILL mid-hand loses no accepted move; phones get their hands back."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from sqlmodel import Session

from tablegames.engine import get_game
from tablegames.rooms import service
from tests.e2e.conftest import own_app
from tests.e2e.helpers import READY, seat_phones

pytestmark = pytest.mark.e2e

PHONE = {"width": 412, "height": 915}  # seat_phones' phones
STACK = {"hands": [["r1", "r2", "g4"], ["r7", "y8", "b3"]], "top": "r5", "draw": ["b9", "b8", "g1"]}


def _kill_9(proc: subprocess.Popen, port: int) -> None:
    """SIGKILL to the app's supervisor and its process group. Its backend and the backend's
    worker run in sessions of their own and die with their parents (Linux's parent-death
    signal, tablegames/serving.py), a moment later on a busy machine: this waits until no
    process of the killed app listens on ``port`` any more, so the restarted app gets the port
    and no phone reaches a worker of the old one."""
    os.killpg(os.getpgid(proc.pid), signal.SIGKILL)
    proc.wait(timeout=20)
    deadline = time.monotonic() + 30
    while not _port_free(port):
        assert time.monotonic() < deadline, f"port {port} is still taken 30 s after the kill"
        time.sleep(0.1)


def _port_free(port: int) -> bool:
    """Whether nothing listens on 127.0.0.1:``port`` (connections in TIME_WAIT do not count)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _reopen(app, page, url: str, storage: dict):
    """The phone opens the game again after the restart, as a person would.

    A tab that was connected to the killed server sometimes never gets its navigation
    answered (a socket to the dead process); a person would close it and open the link in a
    new tab of the same browser (same LocalStorage, so the same seat): so does this. On a
    loaded machine the new tab's navigation may hang the same way (it never commits: the
    page stays at about:blank; the browser profile's connections and service worker are
    shared by its tabs): then the person restarts the browser, here a fresh profile with the
    same LocalStorage (``storage``: the phone's, read before the kill). The dev server's
    client (Vite) reloads its pages by itself once the server is back: that reload of the
    same address may overtake the one asked for here.
    """
    seen = []
    for attempt in range(4):
        try:
            try:
                page.goto(url, wait_until="commit", timeout=20_000)
            except PlaywrightError as err:
                if "interrupted by another navigation" not in str(err):
                    raise
            page.wait_for_selector("#hand [data-card]", timeout=40_000)
            return page
        except PlaywrightTimeout:
            seen.append(_showing(page))
            context = page.context
            page.close()
            if attempt == 0:
                page = context.new_page()
            else:
                page = app.new_context(viewport=PHONE, has_touch=True, storage_state=storage).new_page()
    raise AssertionError(f"the phone could not open {url} after the restart; each try showed: {seen}")


def _showing(page) -> str:
    """What a phone that did not get its hand shows (for the failure's message)."""
    try:
        return page.evaluate("""(ready) => {
          const shown = [...document.querySelectorAll(ready)].map(e => '#' + e.id);
          const notice = document.querySelector('#notice');
          return location.href + ' ' + (shown.join(',') || 'no screen')
            + (notice ? ' notice: ' + notice.innerText : '');
        }""", READY)
    except PlaywrightError as err:
        return f"unreadable ({str(err).splitlines()[0]})"


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

        storage = [page.context.storage_state() for page in phones]  # each phone's LocalStorage: its seat
        # no goodbye: whatever was acknowledged must already be on disk
        _kill_9(app.proc, int(app.server.frontend_url.rsplit(":", 1)[1]))
        app.restart()

        ana, bia = phones = [_reopen(app, page, app.server.url(f"/play/{code}"), kept)
                             for page, kept in zip(phones, storage, strict=True)]
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
