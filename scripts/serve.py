"""Serve Table Games' production build on one port, and keep it serving.

scripts/start runs this in the venv (``python scripts/serve.py --port 3000``). It

1. builds the front end (``reflex export --frontend-only``: minified, content-hashed files,
   each also pre-compressed with brotli and gzip) when the code changed since the last
   build, and reuses the build otherwise. The build lives in ``.build/web`` (git-ignored,
   apart from the development server's ``.web``); ``.build/web/tablegames-build.stamp`` holds
   the fingerprint of what it was built from: the sources, the port and Reflex's version.
2. runs the backend in its own process group: Granian serves Reflex's websocket and the
   compiled pages from the same port, on every interface (``--host``);
3. restarts the backend within a second if it dies (a crash, ``kill -9``, an out-of-memory
   kill), so the phones reconnect to their seats; a backend that keeps dying right after its
   start (port taken, broken code) makes it give up with the log's last lines;
4. stops everything it started on Ctrl+C or SIGTERM.

``--build-only`` builds (if needed) and exits; ``--worker`` is the backend child itself.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# REFLEX_WEB_WORKDIR puts the build elsewhere (the e2e tests build one per test server).
WEB_DIR = Path(os.environ.get("REFLEX_WEB_WORKDIR") or ROOT / ".build" / "web").resolve()
STAMP = "tablegames-build.stamp"

from tablegames.serving import die_with_parent  # noqa: E402 (needs ROOT on sys.path)
# What the compiled front end is made from (Python pages compile to it; assets are copied in).
BUILD_INPUTS = ("tablegames", "assets", "rxconfig.py", "reflex.lock", "requirements.txt")
SKIPPED_PARTS = {"__pycache__", ".pytest_cache"}
# Settings the compiled front end depends on besides the files (the last two add the
# tests' own games to the pages: tablegames/games/__init__.py's switch for test-only games).
BUILD_ENV = ("REFLEX_API_URL", "REFLEX_DEPLOY_URL", "REFLEX_FRONTEND_PATH",
             "TABLEGAMES_TEST_MODE", "TABLEGAMES_EXTRA_GAMES")
STOP_TIMEOUT = 10.0
QUICK_FAILURE = 20.0  # a backend that dies this soon after starting counts as failing to start
MAX_QUICK_FAILURES = 5


def say(text: str = "") -> None:
    """Prints a line of the supervisor's own output (unbuffered, like the backend's)."""
    print(text, flush=True)


def extra_game_inputs() -> tuple[str, ...]:
    """The folders of the test-only games the pages are built with (test mode only): for
    each module of ``TABLEGAMES_EXTRA_GAMES`` (``tests.tinygame.ui``), its parent package
    (``tests/tinygame``: the game's engine, screens and texts)."""
    if os.environ.get("TABLEGAMES_TEST_MODE") != "1":
        return ()
    modules = [m.strip() for m in os.environ.get("TABLEGAMES_EXTRA_GAMES", "").split(",") if m.strip()]
    return tuple(sorted({"/".join(m.split(".")[:-1] or m.split(".")) for m in modules}))


def source_files(root: Path = ROOT) -> Iterable[Path]:
    """Every file the build is made from, in a stable order."""
    for name in (*BUILD_INPUTS, *extra_game_inputs()):
        top = root / name
        if top.is_file():
            yield top
        elif top.is_dir():
            for path in sorted(top.rglob("*")):
                if path.is_file() and not SKIPPED_PARTS.intersection(path.parts) and path.suffix != ".pyc":
                    yield path


def fingerprint(port: int, root: Path = ROOT) -> str:
    """A digest of what the front-end build depends on: files, port, settings, Reflex version."""
    from importlib.metadata import version

    digest = hashlib.sha256()
    digest.update(f"port={port};reflex={version('reflex')}\n".encode())
    for name in BUILD_ENV:
        digest.update(f"{name}={os.environ.get(name, '')}\n".encode())
    for path in source_files(root):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def build_is_current(port: int) -> bool:
    """True when .build/web holds a finished build of the current sources for this port."""
    stamp = WEB_DIR / STAMP
    index = WEB_DIR / "build" / "client" / "index.html"
    return stamp.is_file() and index.is_file() and stamp.read_text().strip() == fingerprint(port)


def child_env(port: int) -> dict[str, str]:
    """The environment of the build and of the backend: Reflex's settings for this port."""
    env = dict(os.environ)
    env.update(
        REFLEX_WEB_WORKDIR=str(WEB_DIR),
        REFLEX_FRONTEND_PORT=str(port),
        REFLEX_BACKEND_PORT=str(port),
        REFLEX_USE_NPM="1",
        REFLEX_CHECK_LATEST_VERSION="0",
        PYTHONUNBUFFERED="1",
        TG_SUPERVISED="1",
    )
    return env


def build(port: int, log: Path) -> None:
    """Builds the production front end into .build/web, then writes the stamp."""
    (WEB_DIR / STAMP).unlink(missing_ok=True)
    reflex = str(Path(sys.executable).parent / "reflex")
    started = time.monotonic()
    say("Building the web front end (once, and again only after the code changes)...")
    with log.open("w") as out:
        done = subprocess.run(  # noqa: S603 (our own command line)
            [reflex, "export", "--frontend-only", "--no-zip", "--env", "prod", "--loglevel", "warning"],
            cwd=ROOT, env=child_env(port), stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            check=False,
        )
    if done.returncode != 0:
        say(log.read_text(errors="replace")[-4000:])
        say(f"The build failed (exit code {done.returncode}); its log is {log}.")
        raise SystemExit(1)
    (WEB_DIR / STAMP).write_text(fingerprint(port) + "\n")
    say(f"Built in {time.monotonic() - started:.0f} s.")


def terminal_qr(url: str) -> str:
    """A QR code of url drawn with block characters, for phones to scan off the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return f"{out.getvalue()}  (scan: {url})"


def answers(url: str) -> bool:
    """True when url answers 2xx."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 (loopback)
            return 200 <= response.status < 300
    except (urllib.error.URLError, OSError, ValueError):
        return False


def stop_group(proc: subprocess.Popen, sig: int = signal.SIGINT) -> None:
    """Stops a child and everything in its process group (Granian's worker included)."""
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass
    deadline = time.monotonic() + STOP_TIMEOUT
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        proc.poll()
        time.sleep(0.1)
    else:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


class Stop(Exception):
    """Ctrl+C or SIGTERM reached the supervisor."""


def _raise_stop(signum: int, frame: object) -> None:
    raise Stop


def supervise(host: str, port: int, ready_message: str) -> int:
    """Runs the backend, restarts it whenever it dies, until Ctrl+C or SIGTERM."""
    signal.signal(signal.SIGINT, _raise_stop)
    signal.signal(signal.SIGTERM, _raise_stop)
    ping = f"http://127.0.0.1:{port}/ping"
    quick_failures = 0
    first = True
    proc: subprocess.Popen | None = None
    try:
        while True:
            started = time.monotonic()
            proc = subprocess.Popen(  # noqa: S603
                [sys.executable, str(Path(__file__).resolve()), "--worker", "--host", host, "--port", str(port)],
                cwd=ROOT, env=child_env(port), stdin=subprocess.DEVNULL, start_new_session=True,
                preexec_fn=die_with_parent,  # noqa: PLW1509 (a prctl call, no threads yet)
            )
            while proc.poll() is None and not answers(ping):
                time.sleep(0.2)
            if proc.poll() is None:
                if first:
                    say(ready_message)
                    first = False
                else:
                    say(f"Table Games is back ({time.monotonic() - started:.1f} s); the phones reconnect by themselves.")
                proc.wait()
            code = proc.returncode
            stop_group(proc, signal.SIGKILL)  # what the dead backend left behind (its worker)
            if time.monotonic() - started < QUICK_FAILURE:
                quick_failures += 1
                if quick_failures >= MAX_QUICK_FAILURES:
                    say(f"The server keeps stopping right after its start (exit code {code}); giving up.")
                    return 1
            else:
                quick_failures = 0
            say(f"The server stopped (exit code {code}); starting it again...")
            time.sleep(0.5)
    except Stop:
        say("\nStopping Table Games...")
        if proc is not None:
            stop_group(proc)
        return 0


def run_worker(host: str, port: int) -> None:
    """The backend: Reflex's production server, serving the compiled front end too."""
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    from tablegames.reflex_adapter import run_prod_backend

    run_prod_backend(host, port)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all)")
    parser.add_argument("--port", type=int, default=3000, help="the one port (default 3000)")
    parser.add_argument("--ready-message", default="Table Games is ready.", help="printed once it answers")
    parser.add_argument("--qr", metavar="URL", help="also print a QR code of URL once it answers")
    parser.add_argument("--build-only", action="store_true", help="build if needed, then exit")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        run_worker(args.host, args.port)
        return 0
    WEB_DIR.mkdir(parents=True, exist_ok=True)
    if not build_is_current(args.port):
        build(args.port, WEB_DIR / "tablegames-build.log")
    if args.build_only:
        return 0
    ready = args.ready_message
    if args.qr:
        ready += "\n" + terminal_qr(args.qr)
    return supervise(args.host, args.port, ready)


if __name__ == "__main__":
    sys.exit(main())
