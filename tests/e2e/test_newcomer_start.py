"""The README's start command, exactly as a newcomer types it, on a clean clone.

`scripts/start` in a fresh `git clone` of this repository (in a temporary folder, with an
environment that holds nothing of this checkout's, on a free port): it sets itself up,
builds, and serves. Then a tablet creates a table through the landing page, two phones sit
down, the host starts and the player whose turn it is draws a card. For 60 s from the
moment it is ready (the first page views and the first move included) nothing may restart,
recompile or print; the pages must be the production build; `git status` of the clone
must stay clean. Last, `kill -9` of the whole backend: the app must answer again within
10 s and both phones must be back in their seats with the same hands, without a reload.

The clone is of this repository's HEAD: uncommitted changes are not part of what it tests.
"""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.e2e.conftest import REPO_ROOT, STOP_TIMEOUT
from tests.e2e.helpers import seat_phones, wait_connected
from tests.processes import answers, free_port, tail

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(1200)]

SETUP_TIMEOUT = 900.0  # pip and npm installs into the clone, then the first build
WATCH_SECONDS = 60.0
RESTART_LIMIT = 10.0
# Variables of this checkout's test run that a newcomer's shell does not have.
FOREIGN_PREFIXES = ("DATABASE_URL", "REFLEX_", "TG_", "TABLEGAMES_", "VIRTUAL_ENV", "PYTEST", "PORT")


def _newcomer_env(port: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(FOREIGN_PREFIXES)}
    venv = str(REPO_ROOT / ".venv")
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if not p.startswith(venv))
    env["PORT"] = str(port)
    return env


def _backend_pids(clone: Path) -> set[int]:
    """The backend's processes of this clone (the server and its worker), from /proc."""
    marker = str(clone / "scripts" / "serve.py")
    pids = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        args = [a.decode(errors="replace") for a in cmdline]
        if marker in args and "--worker" in args:
            pids.add(int(entry.name))
    return pids


def _hand(page) -> list[str]:
    return sorted(page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)"))


def _moves(clone: Path) -> int:
    """Moves in the clone's move log (the database lives in its data/ folder)."""
    with sqlite3.connect(clone / "data" / "tablegames.db") as db:
        return db.execute("SELECT count(*) FROM movelog").fetchone()[0]


def _act(phones, timeout: float = 20.0) -> None:
    """The phone to act makes the simplest move it has: keeps its drawn card, draws one, or
    (a Wild turned up as the first card of a random deal) chooses the colour in play."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for selector in ("#act-pass", "#act-draw", "#act-choose-color"):
            for phone in phones:
                if phone.query_selector(selector):
                    phone.click(selector)
                    if selector == "#act-choose-color":
                        phone.click("#picker button.uc-swatch >> nth=0")
                    return
        phones[0].wait_for_timeout(250)
    raise AssertionError("no phone shows a move to make")


def _get(url: str, **headers: str):
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 (localhost)
        return response.status, dict(response.headers), response.read()


def _stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl+C
        proc.wait(timeout=STOP_TIMEOUT + 10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_readme_start_on_a_clean_clone(tmp_path: Path, browser, artifacts_dir: Path) -> None:
    clone = tmp_path / "table-games"
    subprocess.run(["git", "clone", "--quiet", str(REPO_ROOT), str(clone)], check=True, timeout=120)
    port = free_port()
    base = f"http://localhost:{port}"
    log_path = artifacts_dir / "e2e-newcomer-start.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(  # noqa: S603 (the README's command)
            ["scripts/start"], cwd=clone, env=_newcomer_env(port), stdin=subprocess.DEVNULL,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
    contexts = []
    try:
        started = time.monotonic()
        while "Table Games is ready" not in log_path.read_text(errors="replace"):
            assert proc.poll() is None, f"scripts/start exited ({proc.returncode}):\n{tail(log_path)}"
            assert time.monotonic() - started < SETUP_TIMEOUT, f"not ready in time:\n{tail(log_path)}"
            time.sleep(1.0)
        assert answers(base + "/")
        print(f"first start to ready: {time.monotonic() - started:.0f} s")
        startup = log_path.read_text(errors="replace")
        # A quiet, truthful start: no advice that is wrong here, no warnings or tracebacks.
        for bad in ("uv run", "Warning", "warning:", "Traceback", "Error"):
            assert bad not in startup, f"the start printed {bad!r}:\n{startup}"
        assert f"http://localhost:{port}" in startup

        # The production build: no Vite client, hashed files compressed and cached for long.
        _, _, html = _get(base + "/play/ABCD")
        page_html = html.decode()
        assert "@vite" not in page_html and "react-refresh" not in page_html
        scripts = re.findall(r'/assets/[^"\']+\.js', page_html)
        assert scripts, page_html[:500]
        status, headers, _ = _get(base + scripts[0], **{"Accept-Encoding": "br, gzip"})
        assert status == 200 and headers.get("content-encoding") in ("br", "gzip"), headers
        assert "immutable" in headers.get("cache-control", ""), headers

        # An hour of play must not meet a reload: from now on, for a minute that holds the first
        # page views (a development server compiles on them) and the first move (a write a
        # file watcher could take for a change), nothing restarts, rebuilds or prints.
        pids = _backend_pids(clone)
        assert pids, "no backend process found"
        index = clone / ".build" / "web" / "build" / "client" / "index.html"
        built_at = index.stat().st_mtime
        log_before = log_path.read_text(errors="replace")
        watch_end = time.monotonic() + WATCH_SECONDS

        def new_context(**options):
            options.setdefault("base_url", base)
            context = browser.new_context(**options)
            context.set_default_timeout(20_000)
            contexts.append(context)
            return context

        tablet = new_context(viewport={"width": 1280, "height": 800}).new_page()
        tablet.goto(base + "/")
        tablet.wait_for_selector("#create")
        time.sleep(1.0)  # the form's events need the websocket
        tablet.click("#create")
        tablet.wait_for_url("**/table/*")
        tablet.wait_for_function("() => /^[A-Z]{4}$/.test((document.querySelector('#room-code') || {}).innerText || '')")
        code = tablet.inner_text("#room-code").strip()
        server = SimpleNamespace(url=lambda path: base + path)
        recorders: dict = {}
        phones = seat_phones(new_context, server, code, ("Ana", "Bia"), rec=recorders)
        tablet.click("#start")
        for phone in phones:
            phone.wait_for_selector("#hand [data-card]")
        loaded = tablet.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
        assert not [u for u in loaded if "@vite" in u or "/node_modules/" in u or u.endswith(".jsx")], loaded

        _act(phones)
        deadline = time.monotonic() + 20
        while _moves(clone) < 1:  # the move is accepted and stored
            assert time.monotonic() < deadline, "the first move was not stored"
            time.sleep(0.3)
        tablet.wait_for_timeout(2000)  # every screen has the move before its hand is noted
        hands = [_hand(p) for p in phones]
        while (left := watch_end - time.monotonic()) > 0:
            assert answers(base + "/ping")
            time.sleep(min(5.0, left))
        assert answers(base + "/ping")
        assert _backend_pids(clone) == pids, "the backend restarted"
        assert index.stat().st_mtime == built_at, "the front end was rebuilt"
        assert log_path.read_text(errors="replace") == log_before, "the server printed something after it was ready"
        assert [_hand(p) for p in phones] == hands
        git_status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=clone,
                                    capture_output=True, text=True, check=True).stdout
        assert git_status == "", f"the app wrote into the code folder:\n{git_status}"

        # kill -9 of the whole backend: back within seconds, phones back in their seats.
        marks = [recorders[seat].mark() for seat in range(len(phones))]
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        while not answers(base + "/ping", timeout=1.0):
            assert time.monotonic() - killed < RESTART_LIMIT, f"not back in {RESTART_LIMIT} s:\n{tail(log_path)}"
            time.sleep(0.2)
        print(f"restart after kill -9: {time.monotonic() - killed:.1f} s")
        assert _backend_pids(clone).isdisjoint(pids)
        for seat, (phone, hand) in enumerate(zip(phones, hands)):
            # The page reconnected by itself: the new server has sent it frames.
            deadline = time.monotonic() + 30
            while len(recorders[seat].frames) <= marks[seat]:
                assert time.monotonic() < deadline, "a phone did not reconnect"
                phone.wait_for_timeout(200)
            phone.wait_for_function(
                "h => JSON.stringify([...document.querySelectorAll('#hand [data-card]')]"
                ".map(e => e.dataset.card).sort()) === JSON.stringify(h)", arg=hand, timeout=30_000)
        # ... and live: the phone to act moves, and the move is stored.
        moves = _moves(clone)
        _act(phones)
        deadline = time.monotonic() + 30
        while _moves(clone) == moves:
            assert time.monotonic() < deadline, "no move accepted after the restart"
            time.sleep(0.3)
        wait_connected(tablet)
        assert proc.poll() is None
    finally:
        for context in contexts:
            context.close()
        _stop(proc)
    assert not _backend_pids(clone), "Ctrl+C left backend processes behind"
