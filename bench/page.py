#!/usr/bin/env python3
"""Page weight and speed: Lighthouse (mobile) on the landing, phone and table pages.

Run from the repository root, in the venv (``scripts/setup``):

    python bench/page.py                          # starts prod and dev itself, measures both
    python bench/page.py --runs 3                 # median of 3 Lighthouse runs per page
    python bench/page.py --url http://127.0.0.1:3000 --dev-url http://127.0.0.1:3001
    python bench/page.py --no-dev --detail        # production only, with its largest files
    python bench/page.py --help

What it measures: Lighthouse 12.2.3 (npm, pinned in bench/lighthouse/package-lock.json;
``npm ci`` there on first use, with the venv's Node from .venv/node-bin) driving Debian's
Chromium (``/usr/bin/chromium``, or ``CHROME_PATH``) headless, performance category only,
its default mobile profile (Moto G Power sized screen, 4x CPU slowdown, simulated slow 4G:
150 ms RTT, 1.6 Mbit/s), a fresh profile each run (no cache, no LocalStorage: a phone that
opens the join link for the first time). Pages: ``/``, ``/play/<code>`` (the phone's join
form) and ``/table/<code>`` (the table, without host secret) of a real room, created through
the landing page's "Create a table" in Chromium (Playwright), so any running server works.

For each page it prints: Lighthouse's performance score, First Contentful Paint, Largest
Contentful Paint, Total Blocking Time, the number of requests, the JavaScript downloaded as
compressed bytes (transfer size, what goes over the air) and decoded (resource size, what
the phone parses), and all bytes transferred. KB are KiB (1024 bytes), as Lighthouse counts.
The targets of ARCHITECTURE.md for the phone page are checked and marked (no assert: this is
a benchmark, not a test): performance >= 90, LCP <= 2.5 s, compressed JavaScript <= 350 KB.

Servers, in one run: ``prod`` is the production start (``scripts/start``: the production
build on one port, ``PORT``), ``dev`` is the development start (``scripts/start --dev``:
Vite's hot-reload server on ``FRONTEND_PORT`` + backend on ``BACKEND_PORT``), the baseline.
Unless ``--url`` / ``--dev-url`` name running servers, each is started by this script on
free ports with a database of its own in a temporary folder (``DATABASE_URL``, ``TG_DATA_DIR``)
and its own compiled front end (``REFLEX_WEB_WORKDIR=.venv/bench-web/<server>``, so an app
a developer runs from the same checkout is left alone), in its own process group, and
stopped at the end (SIGINT to the group, SIGKILL after 20 s). Before measuring, every page is
opened once in Chromium (the dev server compiles modules on their first request).

``--lock FILE`` takes an exclusive flock on FILE for the whole run, from the servers' builds
to the last Lighthouse run (for machines where heavy jobs take turns: the figures are not
disturbed by another heavy job; do not also wrap this script in ``flock FILE``, it would
wait for itself). SIGINT or SIGTERM stops the servers it started.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE_DIR = REPO_ROOT / "bench" / "lighthouse"
NODE_BIN = REPO_ROOT / ".venv" / "node-bin"
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PAGES = ("/", "/play/{code}", "/table/{code}")

if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
from tests.processes import answers, free_port  # noqa: E402 (needs the repository on sys.path)
PHONE_PAGE = "/play/{code}"
TARGETS = {"score": 90, "lcp": 2500.0, "js": 350 * 1024}
START_TIMEOUT = 900.0  # a first start installs the front end's packages and builds it
STOP_TIMEOUT = 20.0
KB = 1024


# ---------------------------------------------------------------------------- helpers


def log(message: str) -> None:
    print(f"[page] {message}", file=sys.stderr, flush=True)


def tool_env() -> dict[str, str]:
    """The environment of the scripts: the venv's node/npm and reflex first on PATH."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(NODE_BIN), str(REPO_ROOT / ".venv" / "bin"), env.get("PATH", "")])
    env["REFLEX_USE_NPM"] = "1"
    return env


@contextlib.contextmanager
def locked(path: str | None) -> Iterator[None]:
    """An exclusive flock on path for the block (nothing when path is None)."""
    if not path:
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def lighthouse_bin() -> Path:
    """bench/lighthouse/node_modules/.bin/lighthouse, installed from the lock file if missing."""
    binary = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        npm = shutil.which("npm", path=str(NODE_BIN)) or shutil.which("npm")
        if not npm:
            sys.exit("npm not found: run scripts/setup (it links Node into .venv/node-bin)")
        log("installing Lighthouse (npm ci in bench/lighthouse) ...")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=LIGHTHOUSE_DIR, env=tool_env(), check=True,
                       stdout=subprocess.DEVNULL)
    return binary


# ---------------------------------------------------------------------------- servers


@dataclass
class Server:
    name: str
    url: str
    process: subprocess.Popen | None = None
    log_path: Path | None = None

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        # what the group left behind (Vite, granian workers) goes too
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)


def start_server(name: str, tmp: Path) -> Server:
    """scripts/start (prod) or scripts/start --dev, on free ports, with a database in tmp."""
    env = tool_env()
    data = tmp / name
    data.mkdir()
    env.update(DATABASE_URL=f"sqlite:///{data / 'tablegames.db'}", TG_DATA_DIR=str(data),
               REFLEX_WEB_WORKDIR=str(REPO_ROOT / ".venv" / "bench-web" / name))
    if name == "prod":
        port = free_port()
        env["PORT"] = str(port)
        command = [str(REPO_ROOT / "scripts" / "start")]
        ready = [f"http://127.0.0.1:{port}/", f"http://127.0.0.1:{port}/ping"]
    else:
        front, back = free_port(), free_port()
        env.update(FRONTEND_PORT=str(front), BACKEND_PORT=str(back))
        command = [str(REPO_ROOT / "scripts" / "start"), "--dev"]
        ready = [f"http://127.0.0.1:{front}/", f"http://127.0.0.1:{back}/ping"]
    env.pop("TG_PUBLIC_URL", None)
    log_path = tmp / f"{name}.log"
    log(f"starting {name}: {' '.join(command)} (log {log_path}) ...")
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL,
                               stdout=log_path.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(name, ready[0].rstrip("/"), process, log_path)
    while not all(answers(url) for url in ready):
        if process.poll() is not None or time.monotonic() - started > START_TIMEOUT:
            server.stop()
            tail = "\n".join(log_path.read_text(errors="replace").splitlines()[-30:])
            sys.exit(f"{name} server did not start:\n{tail}")
        time.sleep(1.0)
    log(f"{name} answers at {server.url} after {time.monotonic() - started:.0f} s")
    return server


# ---------------------------------------------------------------------------- room and warm-up


def create_room_and_warm_up(base: str) -> str:
    """Creates a table through the landing page ("Create a table") and opens every page once."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            page = browser.new_context().new_page()
            page.goto(base + "/", timeout=180_000)
            page.wait_for_selector("#create", timeout=180_000)
            time.sleep(1.0)  # hydration: the form's events need the websocket
            page.click("#create")
            page.wait_for_url("**/table/*", timeout=60_000)
            page.wait_for_function(
                "() => /^[A-Z]{4}$/.test((document.querySelector('#room-code') || {}).innerText || '')",
                timeout=60_000)
            code = page.inner_text("#room-code").strip()
            for path in PAGES:  # a fresh device per page, as Lighthouse sees it
                other = browser.new_context().new_page()
                other.goto(base + path.format(code=code), timeout=180_000)
                other.wait_for_selector("#room-code, #player-name, #create", timeout=180_000)
                other.context.close()
            return code
        finally:
            browser.close()


# ---------------------------------------------------------------------------- Lighthouse


def lighthouse(url: str, save: Path | None, label: str) -> dict[str, Any]:
    """One Lighthouse run (performance only, default mobile settings): the report's JSON."""
    binary = lighthouse_bin()
    with tempfile.TemporaryDirectory(prefix="tg-lh-") as tmp:
        out = Path(tmp) / "report.json"
        env = tool_env()
        env["CHROME_PATH"] = CHROMIUM
        command = [str(binary), url, "--only-categories=performance", "--output=json",
                   f"--output-path={out}", "--quiet", f"--chrome-flags={' '.join(CHROME_FLAGS)}"]
        run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
        if run.returncode != 0 or not out.exists():
            sys.exit(f"lighthouse failed on {url}:\n{run.stderr[-3000:]}")
        if save:
            save.mkdir(parents=True, exist_ok=True)
            shutil.copy(out, save / f"{label}.json")
        return json.loads(out.read_text())


def figures(report: dict[str, Any]) -> dict[str, Any]:
    """The row of one report."""
    audits = report["audits"]
    if report.get("runtimeError"):
        log(f"lighthouse: {report['runtimeError'].get('message')}")
    requests = audits["network-requests"]["details"]["items"]
    scripts = [r for r in requests if r.get("resourceType") == "Script"]
    score = report["categories"]["performance"]["score"]
    return {
        "score": round(score * 100) if score is not None else None,
        "fcp": audits["first-contentful-paint"].get("numericValue"),
        "lcp": audits["largest-contentful-paint"].get("numericValue"),
        "tbt": audits["total-blocking-time"].get("numericValue"),
        "requests": len(requests),
        "js_transfer": sum(r.get("transferSize") or 0 for r in scripts),
        "js_resource": sum(r.get("resourceSize") or 0 for r in scripts),
        "total": audits["total-byte-weight"].get("numericValue") or sum(r.get("transferSize") or 0 for r in requests),
        "files": sorted(((r.get("transferSize") or 0, r.get("resourceSize") or 0, r.get("resourceType"), r["url"])
                         for r in requests), reverse=True),
    }


def median_row(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The run with the median performance score (its figures stay consistent together)."""
    ranked = sorted(rows, key=lambda r: (r["score"] or 0, -(r["lcp"] or 0)))
    return ranked[(len(ranked) - 1) // 2]


def fmt_row(server: str, page: str, row: dict[str, Any]) -> str:
    def sec(ms: float | None) -> str:
        return "-" if ms is None else f"{ms / 1000:.1f}"

    mark = ""
    if page == PHONE_PAGE and server == "prod":
        missed = [name for name, ok in (
            ("score", (row["score"] or 0) >= TARGETS["score"]),
            ("LCP", (row["lcp"] or 1e9) <= TARGETS["lcp"]),
            ("JS", row["js_transfer"] <= TARGETS["js"])) if not ok]
        mark = "  targets met" if not missed else "  missed: " + ", ".join(missed)
    return (f"{server:<5} {page:<14} {row['score'] if row['score'] is not None else '-':>5} {sec(row['fcp']):>6} "
            f"{sec(row['lcp']):>6} {row['tbt'] or 0:>7.0f} {row['requests']:>5} {row['js_transfer'] / KB:>9.0f} "
            f"{row['js_resource'] / KB:>9.0f} {row['total'] / KB:>9.0f}{mark}")


HEADER = (f"{'srv':<5} {'page':<14} {'perf':>5} {'FCP s':>6} {'LCP s':>6} {'TBT ms':>7} {'reqs':>5} "
          f"{'JS gz KB':>9} {'JS KB':>9} {'total KB':>9}")


# ---------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--url", help="a running production server (default: start scripts/start)")
    parser.add_argument("--dev-url", help="a running development server's front end (default: start "
                                          "scripts/start --dev)")
    parser.add_argument("--no-dev", action="store_true", help="skip the development baseline")
    parser.add_argument("--no-prod", action="store_true", help="skip the production server")
    parser.add_argument("--code", help="an existing room code to use on every server (default: create one)")
    parser.add_argument("--pages", default=",".join(PAGES),
                        help="comma-separated pages to measure (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=1, help="Lighthouse runs per page; the median run is shown (1)")
    parser.add_argument("--detail", type=int, nargs="?", const=12, default=0, metavar="N",
                        help="also list the N largest downloads of each page (12)")
    parser.add_argument("--save", type=Path, help="keep the Lighthouse JSON reports in this folder")
    parser.add_argument("--json", type=Path, help="write the rows as JSON to this file")
    parser.add_argument("--lock", help="flock this file for the whole run, builds and Lighthouse runs "
                                       "(e.g. /tmp/heavy.lock)")
    args = parser.parse_args()

    if not Path(CHROMIUM).exists():
        sys.exit(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CHROME_PATH)")
    lighthouse_bin()
    wanted = [(name, url) for name, url, skip in (("prod", args.url, args.no_prod),
                                                   ("dev", args.dev_url, args.no_dev)) if not skip]
    servers: list[Server] = []
    results: list[tuple[str, str, dict[str, Any]]] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(143))  # stop the servers too
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started in the background
    with tempfile.TemporaryDirectory(prefix="tg-page-") as tmpdir, locked(args.lock):
        if args.lock:
            log(f"holding {args.lock}")
        try:
            for name, url in wanted:
                servers.append(Server(name, url.rstrip("/")) if url else start_server(name, Path(tmpdir)))
            for server in servers:
                code = args.code or create_room_and_warm_up(server.url)
                log(f"{server.name}: room {code}")
                for page in args.pages.split(","):
                    rows = []
                    for run in range(args.runs):
                        label = f"{server.name}{page.replace('/', '_').replace('{code}', 'code')}-{run + 1}"
                        rows.append(figures(lighthouse(server.url + page.format(code=code), args.save, label)))
                    row = median_row(rows)
                    if args.runs > 1:
                        row["score_runs"] = [r["score"] for r in rows]
                    log(fmt_row(server.name, page, row))
                    results.append((server.name, page, row))
        finally:
            for server in servers:
                server.stop()

    print(f"Lighthouse 12.2.3, mobile (simulated slow 4G, 4x CPU), median of {args.runs} run(s); "
          "KB = KiB; JS gz = JavaScript transfer size, JS = decoded")
    print(HEADER)
    for server, page, row in results:
        print(fmt_row(server, page, row))
    if args.runs > 1:
        for server, page, row in results:
            print(f"  {server} {page}: scores {row['score_runs']}")
    if args.detail:
        for server, page, row in results:
            print(f"\n{server} {page}: largest downloads (transfer KB, decoded KB, type, url)")
            for transfer, resource, kind, url in row["files"][:args.detail]:
                print(f"  {transfer / KB:8.1f} {resource / KB:8.1f}  {kind or '-':<10} {url}")
    if args.json:
        args.json.write_text(json.dumps([{"server": s, "page": p, **{k: v for k, v in r.items() if k != "files"}}
                                         for s, p, r in results], indent=1))


if __name__ == "__main__":
    main()
