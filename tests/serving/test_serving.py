"""How the production server serves: data outside the watched code, caching headers, the
build fingerprint of scripts/serve.py, and dying with the supervisor."""

from __future__ import annotations

import asyncio
import doctest
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablegames import serving

REPO_ROOT = Path(__file__).resolve().parents[2]


def _serve_module():
    spec = importlib.util.spec_from_file_location("serve", REPO_ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_doctests_of_the_serving_module():
    assert doctest.testmod(serving).failed == 0


def test_the_database_and_its_side_files_are_outside_what_hot_reload_watches(tmp_path):
    """rxconfig puts the SQLite file in data/ and takes data/ out of Reflex's reload paths."""
    script = (
        "import json, rxconfig\n"
        "from tablegames.reflex_adapter import reload_paths\n"
        "print(json.dumps({'db': rxconfig.config.db_url, 'data': str(rxconfig.DATA_DIR),\n"
        "                  'watched': [str(p) for p in reload_paths()]}))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "TG_DATA_DIR")}
    env.pop("REFLEX_HOT_RELOAD_EXCLUDE_PATHS", None)
    env.pop("REFLEX_HOT_RELOAD_OVERRIDE_PATHS", None)
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO_ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout
    found = json.loads(out.strip().splitlines()[-1])
    data = Path(found["data"])
    assert data == REPO_ROOT / "data"
    assert found["db"] == f"sqlite:///{data / 'tablegames.db'}"
    watched = [Path(p) for p in found["watched"]]
    assert [p for p in watched if REPO_ROOT / "tablegames" in (p, *p.parents)]  # the code is watched ...
    assert not [p for p in watched if p == data or data in p.parents]  # ... the data is not
    ignored = subprocess.run(["git", "check-ignore", "-q", "data/tablegames.db-wal"], cwd=REPO_ROOT)
    assert ignored.returncode == 0


def _response(app, path: str, method: str = "GET", headers: list | None = None):
    sent = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    async def run():
        await serving.with_cache_headers(app)({"type": "http", "method": method, "path": path}, receive, send)

    asyncio.run(run())
    return dict(sent[0].get("headers", []))


def _app(status: int = 200, headers: list | None = None):
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": status, "headers": list(headers or [])})
        await send({"type": "http.response.body", "body": b"x"})
    return app


@pytest.mark.parametrize(("path", "expected"), [
    ("/assets/root-B9P0_nOK.js", serving.IMMUTABLE),
    ("/play/ABCD", serving.REVALIDATE),
    ("/sw.js", serving.REVALIDATE),
    ("/icons/icon-192.png", serving.REVALIDATE),
])
def test_cache_control_by_path(path, expected):
    assert _response(_app(), path)[b"cache-control"] == expected


def test_backend_endpoints_errors_and_other_methods_are_left_alone():
    assert b"cache-control" not in _response(_app(), "/_event")
    assert b"cache-control" not in _response(_app(), "/ping")
    assert b"cache-control" not in _response(_app(404), "/assets/gone-AbCd1234.js")
    assert b"cache-control" not in _response(_app(), "/play/ABCD", method="POST")
    own = _response(_app(headers=[(b"cache-control", b"private")]), "/assets/x-AbCd1234.js")
    assert own[b"cache-control"] == b"private"


def test_build_fingerprint_follows_the_sources_and_the_port(tmp_path):
    serve = _serve_module()
    for name in ("tablegames", "assets", "reflex.lock"):
        (tmp_path / name).mkdir()
    (tmp_path / "tablegames" / "app.py").write_text("x = 1\n")
    (tmp_path / "rxconfig.py").write_text("config = 1\n")
    first = serve.fingerprint(3000, root=tmp_path)
    assert serve.fingerprint(3000, root=tmp_path) == first
    assert serve.fingerprint(3001, root=tmp_path) != first  # the port is compiled in
    (tmp_path / "tablegames" / "__pycache__").mkdir()
    (tmp_path / "tablegames" / "__pycache__" / "app.cpython-311.pyc").write_bytes(b"\0")
    assert serve.fingerprint(3000, root=tmp_path) == first  # bytecode is not a source
    (tmp_path / "tablegames" / "app.py").write_text("x = 2\n")
    assert serve.fingerprint(3000, root=tmp_path) != first


def test_build_fingerprint_covers_the_tests_own_games(tmp_path, monkeypatch):
    serve = _serve_module()
    (tmp_path / "tablegames").mkdir()
    (tmp_path / "tablegames" / "app.py").write_text("x = 1\n")
    game = tmp_path / "tests" / "tinygame"
    (game / "ui").mkdir(parents=True)
    (game / "engine.py").write_text("rules = 1\n")
    monkeypatch.delenv("TABLEGAMES_EXTRA_GAMES", raising=False)
    plain = serve.fingerprint(3000, root=tmp_path)
    monkeypatch.setenv("TABLEGAMES_EXTRA_GAMES", "tests.tinygame.ui")
    monkeypatch.setenv("TABLEGAMES_TEST_MODE", "1")
    with_game = serve.fingerprint(3000, root=tmp_path)
    assert with_game != plain  # the pages then hold the game's screens
    assert serve.extra_game_inputs() == ("tests/tinygame",)
    (game / "engine.py").write_text("rules = 2\n")
    assert serve.fingerprint(3000, root=tmp_path) != with_game  # its files are sources
    monkeypatch.setenv("TABLEGAMES_TEST_MODE", "0")
    assert serve.extra_game_inputs() == ()  # outside test mode the switch is ignored


# How each process of the chain asks for the parent-death signal; ARMED (a path) is written
# once the child has asked (the test kills the parent only then: on a busy machine the
# worker's import before its call took longer than any fixed wait).
PARENTS = {
    # Granian's worker under scripts/serve.py, from the app's startup (TG_SUPERVISED=1).
    "worker": "child = subprocess.Popen([sys.executable, '-c', 'from tablegames.serving import"
              " die_with_supervisor; die_with_supervisor(); import os, time;"
              " open(os.environ[\\'ARMED\\'], \\'w\\').write(\\'1\\'); time.sleep(60)'],"
              " env={**os.environ, 'TG_SUPERVISED': '1'})",
    # The backend, from scripts/serve.py's own launch (the supervisor lacks TG_SUPERVISED):
    # preexec_fn runs before the child's program, so it has asked once Popen returns.
    "backend": "os.environ.pop('TG_SUPERVISED', None)\n"
               "from tablegames.serving import die_with_parent\n"
               "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'],"
               " start_new_session=True, preexec_fn=die_with_parent)\n"
               "open(os.environ['ARMED'], 'w').write('1')",
}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's parent-death signal")
@pytest.mark.parametrize("launch", sorted(PARENTS))
def test_a_supervised_process_dies_with_its_killed_parent(tmp_path, launch):
    """kill -9 of a parent takes its child along: nothing is left serving on the port."""
    pid_file = tmp_path / "child.pid"
    parent = (f"import os, subprocess, sys, time\n{PARENTS[launch]}\n"
              f"open({str(pid_file)!r}, 'w').write(str(child.pid))\ntime.sleep(60)\n")
    armed = tmp_path / "armed"
    proc = subprocess.Popen([sys.executable, "-c", parent], cwd=REPO_ROOT, env={**os.environ, "ARMED": str(armed)})
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and pid_file.read_text() and armed.exists()):
            assert time.monotonic() < deadline, "the child did not start"
            time.sleep(0.05)
        child = int(pid_file.read_text())
        proc.kill()
        proc.wait(timeout=10)
        deadline = time.monotonic() + 5
        while _proc_state(child) != "Z":
            if time.monotonic() > deadline:
                os.kill(child, 9)
                pytest.fail("the child outlived its killed parent")
            time.sleep(0.05)
    finally:
        proc.kill()


def _proc_state(pid: int) -> str:
    """The process's state letter from /proc (a gone process counts as "Z", a zombie)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][:1]
    except (OSError, IndexError):
        return "Z"
