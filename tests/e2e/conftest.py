"""End-to-end fixtures: the real app, started the way scripts/start starts it, and Chromium.

Fixtures
  app_server (session)   the production server as scripts/start runs it (scripts/serve.py:
                         the production build, one port, restarted if it dies), from the repo
                         root on a free port; yields an
                         AppServer: .frontend_url, .backend_url (also unpacks as a pair:
                         `front, back = app_server`), .url("/path"), .database_url, .log_path.
  playwright (session)   the Playwright driver (sync API).
  browser (session)      Debian's Chromium (/usr/bin/chromium), headless.
  new_context (function) factory for fresh browser contexts (one per phone/tablet), with
                         base_url = the app; closed after the test. On failure every page of
                         every context is saved as a screenshot in artifacts/.
  context, page          one context and one page made with new_context.
  screenshot (function)  screenshot(page, "name") -> artifacts/<test>--name.png
  artifacts_dir          <repo>/artifacts (git-ignored): screenshots, the app's log.

Helper
  own_app(tmp_path, browser, log_path, **env)   context manager: an app for one test alone
                         (its own database, front end and settings; restartable in place).

How the app is run (same as scripts/start, plus isolation so a test run never disturbs an app
a developer is running from the same checkout):
  PATH has .venv/node-bin and .venv/bin first; REFLEX_USE_NPM=1; DATABASE_URL is a fresh
  SQLite file in a temp dir (committed migrations are applied with `reflex db migrate`, as
  scripts/start does); backend bound to 127.0.0.1. The compiled front end goes to
  .venv/e2e-web/<xdist worker> (REFLEX_WEB_WORKDIR) instead of .build/web, because the build
  holds the port and a second app on the same folder would rewire the first one. It is built
  once per state of the sources and settings into .venv/e2e-web/shared-<settings> (kept
  between runs; the xdist workers take turns) and copied with its port rewritten
  (prepare_build), so an app starts in seconds. Reflex state files go to the temp dir. In dev mode hot reload is off (the watched path is an empty
  temp dir) so edits made while the tests run do not restart the app under them.
  The process gets its own session; it is stopped with SIGINT to its process group, then
  SIGKILL if it is still there after STOP_TIMEOUT seconds.

Environment knobs
  TABLEGAMES_E2E_ENV=dev            run the development server (`reflex run --env dev`, as
                                    `scripts/start --dev` does) instead of the production one
  TABLEGAMES_E2E_START_TIMEOUT=180  seconds to wait for the app (the first start builds it)
  TABLEGAMES_E2E_HOT_RELOAD=1       keep Reflex's hot reload on

Every app runs in test mode (TABLEGAMES_TEST_MODE=1) with the tests' own game Duel
(TABLEGAMES_EXTRA_GAMES=tests.tinygame.ui), so one build serves every test.
"""

from __future__ import annotations

import contextlib
import fcntl
import gzip
import hashlib
import importlib.util
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from sqlmodel import create_engine

from tests.e2e.helpers import SOCKET_WATCH
from tests.processes import answers, free_port, reflex_bin, tail

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = REPO_ROOT / "artifacts"
VENV = REPO_ROOT / ".venv"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

APP_ENV = os.environ.get("TABLEGAMES_E2E_ENV", "prod")
START_TIMEOUT = float(os.environ.get("TABLEGAMES_E2E_START_TIMEOUT", "180"))
STOP_TIMEOUT = 20.0
# pytest-timeout counts fixture setup, and the first e2e test pays for building the app.
E2E_TEST_TIMEOUT = START_TIMEOUT + 120


# ---------------------------------------------------------------------------- pytest hooks


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: drives the real app in Chromium (tests/e2e)")
    config.addinivalue_line("markers", "socket_watch: every context of the test watches its websocket "
                            "(helpers.SOCKET_WATCH), so settle waits end at hydrated + quiet")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark tests/e2e tests `e2e` (`-m "not e2e"` skips them) and give them room for the
    app's first start (unless a test sets its own timeout)."""
    here = Path(__file__).parent
    for item in items:
        if here not in Path(item.path).parents:
            continue
        item.add_marker(pytest.mark.e2e)
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(E2E_TEST_TIMEOUT))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Keep each phase's report on the item, so fixtures can tell whether the test failed."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# ---------------------------------------------------------------------------- the app


@dataclass(frozen=True)
class AppServer:
    """A running Table Games app. Unpacks as (frontend_url, backend_url)."""

    frontend_url: str  # http://localhost:<port>, no trailing slash; the pages
    backend_url: str  # http://localhost:<port>: /ping, /_event; same as frontend_url in prod
    env: str  # "dev" or "prod"
    log_path: Path  # reflex's stdout and stderr
    database_url: str  # the app's DATABASE_URL (a temp SQLite file), for seeding rooms

    def url(self, path: str = "/") -> str:
        """Absolute URL of a page of the app, e.g. app_server.url("/table/ABCD")."""
        return self.frontend_url + (path if path.startswith("/") else "/" + path)

    def __iter__(self) -> Iterator[str]:
        return iter((self.frontend_url, self.backend_url))








def _app_env(tmp: Path, web_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(VENV / "node-bin"), str(VENV / "bin"), env.get("PATH", "")])
    env["REFLEX_USE_NPM"] = "1"
    env["DATABASE_URL"] = f"sqlite:///{tmp / 'tablegames.db'}"
    env["REFLEX_WEB_WORKDIR"] = str(web_dir)
    env["REFLEX_STATES_WORKDIR"] = str(tmp / "states")
    env["REFLEX_CHECK_LATEST_VERSION"] = "0"
    env["TABLEGAMES_TEST_MODE"] = "1"  # stacked decks (the "stack" option) are accepted
    # The tests' own game (Duel, tests/tinygame) is offered too: the registry's switch for
    # test-only games. scripts/serve.py's build fingerprint covers its folder.
    env["TABLEGAMES_EXTRA_GAMES"] = "tests.tinygame.ui"
    env["TG_RATE_LIMIT_SCALE"] = "50"  # every phone of every test comes from 127.0.0.1
    env["PYTHONUNBUFFERED"] = "1"
    if os.environ.get("TABLEGAMES_E2E_HOT_RELOAD") != "1":
        no_reload = tmp / "no-hot-reload"
        no_reload.mkdir(exist_ok=True)
        env["REFLEX_HOT_RELOAD_OVERRIDE_PATHS"] = str(no_reload)
    return env




# The production build is made once (per state of the sources and of the settings) in a
# shared folder, for the port SHARED_PORT, and copied into each app's own folder with that port
# rewritten: the port is the only part of the build that differs between two apps of the same
# settings (Reflex writes the backend's address into one small script, reflex-env-*.js). The
# copy gets serve.py's stamp for its own port, so scripts/serve.py finds it current and starts
# at once (no npm install, no build per app). The pages may depend on settings that serve.py's
# fingerprint leaves out: every REFLEX_/TABLEGAMES_/TG_ setting but the app's own paths and the
# settings only the running server reads (RUNTIME_SETTINGS: the rooms layer's timings; the state
# expiry, whose phone heartbeat the pages get from the server with their first state) picks the
# shared folder. (Each more folder is one more whole build, ~45 s of a clean CI clone's time.)
SHARED_PORT = 39917  # never bound: the --build-only run only writes the address into the files
COMPRESSED = (".gz", ".br")
BUILD_SETTINGS = ("REFLEX_", "TABLEGAMES_", "TG_")
PER_APP_SETTINGS = {"REFLEX_WEB_WORKDIR", "REFLEX_STATES_WORKDIR", "REFLEX_HOT_RELOAD_OVERRIDE_PATHS"}
RUNTIME_SETTINGS = {  # rooms/seats.setting (absence.json), rooms/bots.py, state/upkeep.py
    "TG_AWAY_AFTER_S", "TG_STAND_IN_AFTER_S", "TG_HOST_GONE_AFTER_S", "TG_HOST_SEEN_EVERY_S", "TG_BOT_DELAY_S",
    "REFLEX_REDIS_TOKEN_EXPIRATION"}
COPIED_FROM = "tablegames-e2e-copied-from"  # in an app's folder: which shared build it holds


def shared_web_dir(env: dict[str, str]) -> Path:
    """.venv/e2e-web/shared-<digest of the app's settings>: the build the apps of these settings copy."""
    settings = sorted((k, v) for k, v in env.items()
                      if k.startswith(BUILD_SETTINGS) and k not in PER_APP_SETTINGS | RUNTIME_SETTINGS)
    return VENV / "e2e-web" / f"shared-{hashlib.sha256(repr(settings).encode()).hexdigest()[:12]}"


def _serve_module():
    spec = importlib.util.spec_from_file_location("tablegames_serve_for_e2e", REPO_ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fingerprint(serve, port: int, env: dict[str, str]) -> str:
    """serve.py's build fingerprint for ``port`` under the app's environment ``env``."""
    keys = {*serve.BUILD_ENV, "TABLEGAMES_TEST_MODE", "TABLEGAMES_EXTRA_GAMES"}
    with mock.patch.dict(os.environ, {k: env[k] for k in keys if k in env}):
        for k in keys - env.keys():
            os.environ.pop(k, None)
        return serve.fingerprint(port)


def _recompress(paths: list[Path]) -> None:
    """Writes again the .gz and .br copies (served in their place) of rewritten files."""
    brotli = []
    for path in paths:
        if path.with_name(path.name + ".gz").exists():
            path.with_name(path.name + ".gz").write_bytes(gzip.compress(path.read_bytes(), 9))
        if path.with_name(path.name + ".br").exists():
            brotli.append(path)
    if not brotli:
        return
    script = ("const z=require('zlib'),fs=require('fs');for(const f of process.argv.slice(1))"
              "fs.writeFileSync(f+'.br',z.brotliCompressSync(fs.readFileSync(f)));")
    done = subprocess.run([str(VENV / "node-bin" / "node"), "-e", script, *map(str, brotli)],  # noqa: S603
                          capture_output=True, check=False, timeout=60)
    if done.returncode != 0:  # no stale copy: the server then sends the plain file
        for path in brotli:
            path.with_name(path.name + ".br").unlink(missing_ok=True)


def _text(path: Path) -> str:
    return path.read_text(errors="replace") if path.is_file() else ""


def prepare_build(web_dir: Path, port: int, env: dict[str, str], log_path: Path) -> None:
    """Puts the production build for ``port`` into ``web_dir`` (REFLEX_WEB_WORKDIR of an app
    run by scripts/serve.py), unless it is there already: built once into the shared folder of
    the app's settings (scripts/serve.py --build-only, which builds only when the sources
    changed since), then copied with its port rewritten and stamped for ``port``."""
    serve = _serve_module()
    shared = shared_web_dir(env)
    stamp, copied_from = web_dir / serve.STAMP, web_dir / COPIED_FROM
    built_from = _text(shared / serve.STAMP)
    if (built_from and _text(copied_from) == built_from and (web_dir / "build" / "client" / "index.html").is_file()
            and _text(stamp).strip() == _fingerprint(serve, port, env)):
        return
    shared.mkdir(parents=True, exist_ok=True)
    web_dir.mkdir(parents=True, exist_ok=True)
    with shared.with_name(shared.name + ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one xdist worker builds, the others wait for it
        with log_path.open("ab") as log:
            log.write(f"\n$ serve.py --build-only (the shared build in {shared})\n".encode())
            log.flush()
            built = subprocess.run(  # noqa: S603
                [str(VENV / "bin" / "python"), str(REPO_ROOT / "scripts" / "serve.py"), "--build-only",
                 "--port", str(SHARED_PORT)],
                cwd=REPO_ROOT, env={**env, "REFLEX_WEB_WORKDIR": str(shared)}, stdin=subprocess.DEVNULL,
                stdout=log, stderr=subprocess.STDOUT, timeout=START_TIMEOUT + 600, check=False,
            )
        if built.returncode != 0:
            pytest.fail(f"the shared build failed; log {log_path}:\n{tail(log_path)}")
        stamp.unlink(missing_ok=True)
        shutil.rmtree(web_dir / "build", ignore_errors=True)
        shutil.copytree(shared / "build", web_dir / "build")
        copied_from.write_text(_text(shared / serve.STAMP))
        stamp_text = _fingerprint(serve, port, env)
    old, new = f"localhost:{SHARED_PORT}".encode(), f"localhost:{port}".encode()
    rewritten = []
    for path in (web_dir / "build").rglob("*"):
        if path.is_file() and path.suffix not in COMPRESSED:
            data = path.read_bytes()
            if old in data:
                path.write_bytes(data.replace(old, new))
                rewritten.append(path)
    if not rewritten:
        pytest.fail(f"no file of the shared build holds its address (localhost:{SHARED_PORT}): "
                    "the copy would talk to the wrong port")
    _recompress(rewritten)
    stamp.write_text(stamp_text + "\n")


def _stop(proc: subprocess.Popen) -> None:
    """SIGINT to the app's process group (Reflex, the backend, Vite/node), then SIGKILL."""
    try:
        pgid = os.getpgid(proc.pid)
    except ProcessLookupError:
        pgid = proc.pid  # the leader is gone; its group id is still its pid
    try:
        os.killpg(pgid, signal.SIGINT)
    except ProcessLookupError:
        pass
    deadline = time.monotonic() + STOP_TIMEOUT
    try:
        proc.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        pass
    # Wait for the rest of the group (node, backend workers) too, then kill what is left.
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.2)
    else:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


def _start(env: dict[str, str], log_path: Path,
           same_ports_as: AppServer | None = None) -> tuple[subprocess.Popen, AppServer] | str:
    """Start the app and wait until it answers. Returns (process, server) or a failure text.

    ``same_ports_as`` restarts on an earlier server's ports (a phone's LocalStorage, and so
    its seat, belongs to the page's origin, port included).
    """
    if APP_ENV == "prod":
        port = int(same_ports_as.frontend_url.rsplit(":", 1)[1]) if same_ports_as else free_port()
        front = back = f"http://localhost:{port}"
        prepare_build(Path(env["REFLEX_WEB_WORKDIR"]), port, env, log_path)
        cmd = [str(VENV / "bin" / "python"), str(REPO_ROOT / "scripts" / "serve.py"),
               "--host", "127.0.0.1", "--port", str(port)]
    else:
        if same_ports_as:
            fport, bport = (int(u.rsplit(":", 1)[1]) for u in same_ports_as)
        else:
            fport, bport = free_port(), free_port()
        while bport == fport:
            bport = free_port()
        ports = ["--frontend-port", str(fport), "--backend-port", str(bport)]
        front, back = f"http://localhost:{fport}", f"http://localhost:{bport}"
        cmd = [reflex_bin(), "run", "--env", APP_ENV, *ports, "--backend-host", "127.0.0.1"]
    with log_path.open("ab") as log:
        log.write(f"\n$ {' '.join(cmd)}\n".encode())
        log.flush()
        proc = subprocess.Popen(  # noqa: S603
            cmd,
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = AppServer(
        frontend_url=front, backend_url=back, env=APP_ENV, log_path=log_path,
        database_url=env["DATABASE_URL"],
    )
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            _stop(proc)
            return f"reflex exited with status {proc.returncode} before the app answered"
        if answers(server.url("/")) and answers(back + "/ping"):
            return proc, server
        time.sleep(1.0)
    _stop(proc)
    return f"the app did not answer within {START_TIMEOUT:.0f} s ({front}/ and {back}/ping)"


@dataclass
class OwnApp:
    """An app started for one test alone (see :func:`own_app`): its environment, process,
    server and database; ``new_context`` makes browser contexts that close with it."""

    env: dict[str, str]
    proc: subprocess.Popen
    server: AppServer
    db: Any  # an SQLAlchemy engine on the app's SQLite file
    browser: Any
    contexts: list = field(default_factory=list)

    def new_context(self, **options):
        context = self.browser.new_context(**options)
        self.contexts.append(context)
        return context

    def restart(self) -> None:
        """Starts the app again on the same ports (after the process was killed)."""
        started = _start(self.env, self.server.log_path, same_ports_as=self.server)
        assert not isinstance(started, str), started
        self.proc, self.server = started


@contextlib.contextmanager
def own_app(tmp_path: Path, browser, log_path: Path, **extra_env: str) -> Iterator[OwnApp]:
    """An app of the test's own with ``extra_env`` set: a fresh SQLite database, migrated as
    scripts/start does; stopped afterwards. In dev mode a fresh front-end folder too (one
    reused after a kill -9 served the restarted app's first page view forever: Vite's
    dependency cache); the production build has no such cache, and reusing the folder spares
    its npm install."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    web_dir = VENV / "e2e-web" / f"own-{worker}" if APP_ENV == "prod" else tmp_path / "web"
    env = {**_app_env(tmp_path, web_dir), **extra_env}
    log_path.write_text("")
    subprocess.run([reflex_bin(), "db", "migrate"], env=env, cwd=REPO_ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=180)
    started = _start(env, log_path)
    assert not isinstance(started, str), started
    app = OwnApp(env, *started, db=create_engine(env["DATABASE_URL"]), browser=browser)
    try:
        yield app
    finally:
        for context in app.contexts:
            context.close()
        _stop(app.proc)
        app.db.dispose()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """<repo>/artifacts, created on demand (git-ignored)."""
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    return ARTIFACTS_DIR


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory, artifacts_dir: Path) -> Iterator[AppServer]:
    """The real app, started like scripts/start, on free ports; stopped after the session."""
    if not (VENV / "node-bin" / "node").exists():
        pytest.fail(".venv/node-bin/node is missing: run scripts/setup (or scripts/test)")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    tmp = tmp_path_factory.mktemp("app")
    web_dir = VENV / "e2e-web" / worker  # kept between runs: node_modules make restarts fast
    web_dir.parent.mkdir(parents=True, exist_ok=True)
    env = _app_env(tmp, web_dir)
    log_path = artifacts_dir / f"e2e-app-{worker}.log"
    log_path.write_text("")

    if (REPO_ROOT / "alembic.ini").exists():  # as scripts/start: apply committed migrations
        with log_path.open("ab") as log:
            migrate = subprocess.run(  # noqa: S603
                [reflex_bin(), "db", "migrate"], cwd=REPO_ROOT, env=env, stdout=log,
                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=180, check=False,
            )
        if migrate.returncode != 0:
            pytest.fail(f"reflex db migrate failed; log {log_path}:\n{tail(log_path)}")

    result: tuple[subprocess.Popen, AppServer] | str = "not started"
    for _attempt in range(3):  # a free port can be taken between picking and binding it
        result = _start(env, log_path)
        if not isinstance(result, str):
            break
        if "already in use" not in tail(log_path, 15):
            break
    if isinstance(result, str):
        pytest.fail(f"{result}; log {log_path}:\n{tail(log_path)}")
    proc, server = result
    try:
        yield server
    finally:
        _stop(proc)


# ---------------------------------------------------------------------------- the browser


@pytest.fixture(scope="module")
def playwright():
    """The Playwright driver (sync API), for fixtures and tests that need more than `browser`.

    Module-scoped: a live sync driver holds an asyncio loop in the main thread, which would
    break the later tests that run their own loop (tests/scale) or their own driver.
    """
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (scripts/test installs the Debian chromium package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright):
    """Debian's Chromium, headless (Playwright's own browser download does not work here)."""
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield chromium
    chromium.close()


def _test_file_name(item: pytest.Item) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid.split("/")[-1]).strip("_")[:150]


@pytest.fixture
def screenshot(request: pytest.FixtureRequest, artifacts_dir: Path) -> Callable[..., Path]:
    """screenshot(page, "name", full_page=False) -> artifacts/<test>--<name>.png"""

    def take(page, name: str, full_page: bool = False) -> Path:
        path = artifacts_dir / f"{_test_file_name(request.node)}--{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take


@pytest.fixture
def new_context(request: pytest.FixtureRequest, browser, app_server: AppServer, artifacts_dir: Path):
    """Factory: new_context(**playwright_context_options) -> a fresh BrowserContext.

    Each call is a separate device (own cookies, LocalStorage): use one per phone and one for
    the table. base_url is the app, so page.goto("/") works. All contexts are closed after the
    test; if the test failed, each of their pages is screenshotted first.

    Service workers are blocked unless a test passes ``service_workers="allow"``: in each new
    context the app's worker would download the whole app again to cache it, for every device
    of every test; test_pwa.py tests the worker itself. In a test marked ``socket_watch`` each
    context watches its websocket (``helpers.SOCKET_WATCH``): a page's wait for its events to
    settle ends once it has hydrated and gone quiet, not after a fixed second.
    """
    contexts = []
    watch = request.node.get_closest_marker("socket_watch") is not None

    def make(**options):
        options.setdefault("base_url", app_server.frontend_url)
        options.setdefault("service_workers", "block")
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(15_000)
        if watch:
            ctx.add_init_script(SOCKET_WATCH)
        contexts.append(ctx)
        return ctx

    yield make

    failed = any(
        getattr(request.node, f"rep_{when}", None) is not None
        and getattr(request.node, f"rep_{when}").failed
        for when in ("setup", "call")
    )
    for c_index, ctx in enumerate(contexts):
        if failed:
            for p_index, page in enumerate(ctx.pages):
                path = artifacts_dir / f"{_test_file_name(request.node)}--failed-{c_index}-{p_index}.png"
                try:
                    page.screenshot(path=str(path), full_page=True)
                except Exception as err:  # noqa: BLE001 (best effort: the page may be gone)
                    print(f"screenshot of a failed test's page not saved: {err}")
        try:
            ctx.close()
        except Exception:  # noqa: BLE001
            pass


@pytest.fixture
def context(new_context):
    """One fresh browser context (an incognito-like profile) pointed at the app."""
    return new_context()


@pytest.fixture
def page(context):
    """A page in `context`."""
    return context.new_page()
