"""Check a running `scripts/start --https` in headless Chromium, the way a phone that trusts the
local CA sees it.

    .venv/bin/python scripts/https-check.py [URL]     (default https://localhost; needs scripts/setup)

Chromium gets a throwaway HOME whose NSS database (~/.pki/nssdb, made with certutil from Debian's
libnss3-tools, installed on first use) trusts .https/rootCA.pem: no certificate error is
ignored. Checks: the page loads; Reflex's websocket is wss:// to the same proxy; no reload loop;
the service worker registers; Chromium reports no installability errors; "#create" opens
/table/XXXX with "#room-code". Exit status 1 if a check fails. Creates one room in the app's DB.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CA = ROOT / ".https" / "rootCA.pem"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

SW_READY = """async () => {
  if (!('serviceWorker' in navigator)) return 'no serviceWorker API (not a secure context)';
  try {
    const reg = await Promise.race([navigator.serviceWorker.ready,
      new Promise((_, no) => setTimeout(() => no(new Error('timeout')), 15000))]);
    return 'registered, scope ' + reg.scope;
  } catch (e) { return 'error: ' + e; }
}"""


def main() -> int:
    url = (sys.argv[1] if len(sys.argv) > 1 else "https://localhost").rstrip("/")
    if not CA.exists():
        sys.exit(f"{CA} is missing: run scripts/start --https first")
    if not shutil.which("certutil"):
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "libnss3-tools"], check=True)
    tmp = Path(tempfile.mkdtemp(prefix="https-check-"))
    nssdb = tmp / "home" / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    certutil = ["certutil", "-d", f"sql:{nssdb}"]
    subprocess.run([*certutil, "-N", "--empty-password"], check=True)
    subprocess.run([*certutil, "-A", "-n", "Table Games local CA", "-t", "C,,", "-i", str(CA)], check=True)

    failed = 0

    def check(name: str, ok: bool, detail: str = "") -> None:
        nonlocal failed
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} {name}" + (f"  [{detail}]" if detail else ""), flush=True)

    try:
        with sync_playwright() as p:
            # A persistent profile, not an incognito context: Chromium says incognito pages
            # are not installable.
            ctx = p.chromium.launch_persistent_context(
                tmp / "profile", executable_path=CHROMIUM, args=ARGS,
                env={**os.environ, "HOME": str(tmp / "home")},
            )
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            sockets: list[str] = []
            loads: list[str] = []
            page.on("websocket", lambda ws: sockets.append(ws.url))
            page.on("load", lambda pg: loads.append(pg.url))
            resp = page.goto(url + "/")
            check("page loads over HTTPS, certificate trusted", bool(resp and resp.ok),
                  f"{resp.status if resp else 'no response'} {page.url}")
            page.wait_for_timeout(6000)  # let it settle: hydration, websocket, service worker
            event = [u for u in sockets if "/_event" in u]
            check("Reflex websocket is wss://", bool(event) and all(u.startswith("wss://") for u in event),
                  ", ".join(event) or "no websocket to /_event")
            check("no reload loop", len(loads) == 1, f"{len(loads)} page loads")
            sw = page.evaluate(SW_READY)
            check("service worker registered", sw.startswith("registered"), sw)
            errors = ctx.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
            check("installable (Chromium: no installability errors)", not errors, json.dumps(errors))
            page.click("#create")
            page.wait_for_url("**/table/*", timeout=20000)
            page.wait_for_selector("#room-code", timeout=20000)
            check("#create opens /table/XXXX with #room-code", "/table/" in page.url,
                  f"{page.url}, room {page.inner_text('#room-code')}")
            ctx.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("https-check: all passed" if not failed else f"https-check: {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
