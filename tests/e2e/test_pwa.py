"""Table Games is an installable PWA: manifest, icons, service worker, offline fallback.

Runs against the real app (tests/e2e/conftest.py: app_server, browser). Files under test:
assets/manifest.webmanifest, assets/icons/, assets/sw.js, assets/offline.html,
tablegames/pwa.py (the <head> tags, wired into rx.App(head_components=...)).
"""

from __future__ import annotations

import json
import struct
import urllib.request
from html.parser import HTMLParser

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

THEME_COLOR = "#0b5d3b"

# Resolves once the page's service worker is "activated" (rejects after 30 s, so a broken
# worker fails the test with a message instead of hanging it).
WAIT_FOR_ACTIVE_WORKER = """async () => {
  if (!('serviceWorker' in navigator)) throw new Error('no navigator.serviceWorker');
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error('service worker not activated within 30 s')), 30000));
  const activated = (async () => {
    const reg = await navigator.serviceWorker.ready;
    const worker = reg.active;
    if (worker.state !== 'activated') {
      await new Promise((resolve) => worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      }));
    }
    return {state: worker.state, scope: reg.scope, scriptURL: worker.scriptURL};
  })();
  return Promise.race([activated, timeout]);
}"""

LIST_CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
  }
  return out;
}"""

OFFLINE_EN = "You are offline"
OFFLINE_PT = "Você está sem conexão"


@pytest.fixture
def context(new_context):
    """A fresh context with the app's service worker allowed: this file tests it (conftest's
    contexts block it)."""
    return new_context(service_workers="allow")


def fetch(url: str) -> tuple[int, str, bytes]:
    """(status, content type, body) of a GET."""
    with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 (localhost)
        return response.status, response.headers.get("Content-Type", ""), response.read()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


class HeadTags(HTMLParser):
    """Collects the <link> and <meta> tags inside <head>."""

    def __init__(self) -> None:
        super().__init__()
        self.in_head = False
        self.links: list[dict[str, str]] = []
        self.metas: list[dict[str, str]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        if tag == "head":
            self.in_head = True
        elif self.in_head and tag == "link":
            self.links.append({k: v or "" for k, v in attrs})
        elif self.in_head and tag == "meta":
            self.metas.append({k: v or "" for k, v in attrs})
        elif self.in_head and tag == "script":
            self._in_script = True
            self.scripts.append("")

    def handle_endtag(self, tag):
        if tag == "head":
            self.in_head = False
        elif tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts[-1] += data


def open_controlled_page(page, url: str) -> dict:
    """Load url, wait for the service worker to activate, reload so the worker serves the page."""
    page.goto(url)
    worker = page.evaluate(WAIT_FOR_ACTIVE_WORKER)
    page.reload()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null"), (
        "the page is not controlled by the service worker after a reload"
    )
    return worker


# ---------------------------------------------------------------------------- served files


def test_manifest_is_served_with_app_fields(app_server):
    status, ctype, body = fetch(app_server.url("/manifest.webmanifest"))
    assert status == 200
    assert "json" in ctype, ctype  # application/manifest+json
    manifest = json.loads(body)
    assert manifest["name"] == "Table Games"
    assert manifest["short_name"] == "Table Games"
    assert manifest["description"]
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["orientation"] == "any"
    assert manifest["background_color"].lower() == THEME_COLOR
    assert manifest["theme_color"].lower() == THEME_COLOR
    assert manifest["lang"]

    declared = {(i["sizes"], i.get("purpose", "any"), i["type"]) for i in manifest["icons"]}
    assert ("192x192", "any", "image/png") in declared
    assert ("512x512", "any", "image/png") in declared
    assert ("512x512", "maskable", "image/png") in declared
    assert any(t == "image/svg+xml" for _, _, t in declared)


def test_manifest_icons_are_served_at_their_declared_sizes(app_server):
    manifest = json.loads(fetch(app_server.url("/manifest.webmanifest"))[2])
    for icon in manifest["icons"]:
        status, ctype, body = fetch(app_server.url(icon["src"]))
        assert status == 200, icon
        assert ctype.split(";")[0] == icon["type"], (icon, ctype)
        if icon["type"] == "image/png":
            width, height = png_size(body)
            assert f"{width}x{height}" == icon["sizes"], icon
        else:
            assert b"<svg" in body[:500], icon
    # The maskable icon must be opaque (a mask may cut anywhere outside the safe zone).
    maskable = next(i for i in manifest["icons"] if i.get("purpose") == "maskable")
    header = fetch(app_server.url(maskable["src"]))[2][:26]
    assert header[25] in (0, 2), "the maskable PNG should have no alpha channel"  # grey / RGB


def test_head_has_the_pwa_tags(app_server):
    html = fetch(app_server.url("/"))[2].decode()
    head = HeadTags()
    head.feed(html)
    links = {(link.get("rel"), link.get("href")) for link in head.links}
    assert ("manifest", "/manifest.webmanifest") in links
    assert ("apple-touch-icon", "/icons/apple-touch-icon.png") in links
    metas = {m.get("name"): m.get("content") for m in head.metas if m.get("name")}
    assert metas.get("theme-color", "").lower() == THEME_COLOR
    assert metas.get("apple-mobile-web-app-capable") == "yes"
    assert metas.get("apple-mobile-web-app-status-bar-style")
    assert metas.get("apple-mobile-web-app-title") == "Table Games"
    assert any("serviceWorker.register('/sw.js'" in s for s in head.scripts)

    status, ctype, body = fetch(app_server.url("/icons/apple-touch-icon.png"))
    assert status == 200 and ctype.startswith("image/png")
    assert png_size(body) == (180, 180)


def test_service_worker_and_offline_page_are_served(app_server):
    status, ctype, body = fetch(app_server.url("/sw.js"))
    assert status == 200
    assert ctype.split(";")[0].strip() in ("text/javascript", "application/javascript"), ctype
    assert b"addEventListener(\"fetch\"" in body

    status, ctype, body = fetch(app_server.url("/offline.html"))
    assert status == 200 and ctype.startswith("text/html")
    text = body.decode()
    assert OFFLINE_EN in text and OFFLINE_PT in text
    assert "Retry" in text and "<style>" in text
    assert 'href="http' not in text and 'src="http' not in text, "offline page must be self-contained"


# ---------------------------------------------------------------------------- in Chromium


def test_service_worker_registers_and_activates(page, app_server, screenshot):
    worker = open_controlled_page(page, "/")
    assert worker["state"] == "activated"
    assert worker["scope"] == app_server.url("/")
    assert worker["scriptURL"] == app_server.url("/sw.js")
    caches = page.evaluate(LIST_CACHES)
    shell = next(urls for name, urls in caches.items() if name.startswith("tablegames-shell-"))
    for path in ("/offline.html", "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"):
        assert app_server.url(path) in shell, (path, shell)
    screenshot(page, "online")


def test_offline_navigation_shows_the_app_shell_or_the_offline_page(
    context, page, app_server, screenshot
):
    open_controlled_page(page, "/")
    context.set_offline(True)
    try:
        response = page.reload()
        assert response is not None and response.ok, "offline reload did not get a page"
        assert response.from_service_worker, "offline reload was not answered by the service worker"
        assert not page.url.startswith("chrome-error://")
        body = page.inner_text("body")
        shown = "offline page" if OFFLINE_EN in body else "app shell"
        assert OFFLINE_EN in body or "Table Games" in body, body[:500]
        print(f"offline reload of / ({app_server.env} mode) shows the {shown}")
        screenshot(page, f"offline-reload-{shown.replace(' ', '-')}")

        # A page never visited has no cached copy: the offline page, in both languages.
        # (From a blank page: an offline page retries itself on the "online" event, which
        # Chromium may fire as a navigation starts, and its reload would win the race.)
        page.goto("about:blank")
        response = page.goto("/never-visited?offline-test")
        assert response is None or (response.ok and response.from_service_worker)
        expect(page.get_by_text(OFFLINE_EN)).to_be_visible()
        assert page.get_by_text(OFFLINE_PT).is_visible()
        assert page.url == app_server.url("/never-visited?offline-test"), "the address must not change"
        screenshot(page, "offline-page")
    finally:
        context.set_offline(False)
    # Back online, the offline page reloads itself.
    expect(page.get_by_text(OFFLINE_EN)).to_be_hidden(timeout=10_000)

    # Retry reloads the address the player asked for; back online, that is the real page.
    # A new tab: a reload the last one may still have under way can't cut in on this one.
    page.close()
    page = context.new_page()
    context.set_offline(True)
    try:
        page.goto("/?retry-test")  # never cached: the offline page
        expect(page.get_by_text(OFFLINE_EN)).to_be_visible()
        page.get_by_role("button", name="Retry").click()
        page.wait_for_load_state()  # (a retry may supersede another: don't pin one navigation)
        expect(page.get_by_text(OFFLINE_EN)).to_be_visible()  # still offline: the offline page again
        assert page.url == app_server.url("/?retry-test")
    finally:
        context.set_offline(False)
    # The page retries by itself on the "online" event; otherwise the player taps Retry.
    try:
        expect(page.get_by_text(OFFLINE_EN)).to_be_hidden(timeout=5_000)
        print("back online: the offline page reloaded itself")
    except AssertionError:
        page.get_by_role("button", name="Retry").click()
        expect(page.get_by_text(OFFLINE_EN)).to_be_hidden()
        print("back online: Retry reloaded the page")
    assert page.url == app_server.url("/?retry-test")


def test_backend_traffic_is_never_cached(page, app_server):
    open_controlled_page(page, "/")
    page.wait_for_timeout(1500)  # let the websocket connect and the worker store what it stores
    urls = [url for urls in page.evaluate(LIST_CACHES).values() for url in urls]
    assert urls, "the service worker cached nothing"
    for url in urls:
        assert url.startswith(app_server.frontend_url + "/"), f"foreign URL cached: {url}"
        path = url[len(app_server.frontend_url) :]
        for backend in ("/_event", "/_upload", "/ping", "/_health"):
            assert not path.startswith(backend), f"backend URL cached: {url}"


def test_chromium_finds_the_app_installable(playwright, app_server, tmp_path, artifacts_dir):
    # Installability is never granted to incognito profiles: use a real (temporary) profile.
    ctx = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    try:
        page = ctx.new_page()
        page.goto(app_server.url("/"))
        page.evaluate(WAIT_FOR_ACTIVE_WORKER)
        cdp = ctx.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        result = cdp.send("Page.getInstallabilityErrors")
        (artifacts_dir / "pwa-installability.json").write_text(
            json.dumps({"env": app_server.env, "manifest_errors": manifest.get("errors"), **result}, indent=2)
        )
        print("Page.getInstallabilityErrors:", result)
        assert manifest.get("errors") == [], manifest.get("errors")
        assert result["installabilityErrors"] == []
    finally:
        ctx.close()


@pytest.mark.parametrize("path", ["/sw.js", "/manifest.webmanifest", "/offline.html"])
def test_pwa_files_are_at_the_site_root(app_server, path):
    """The worker must be at /sw.js for scope "/"; Reflex serves assets/ at the root."""
    assert fetch(app_server.url(path))[0] == 200
