"""Installable-app (PWA) tags for the document <head>.

Wire into the app with ``rx.App(head_components=[..., *pwa.head_components()])``. The files
they point at live in assets/ (Reflex serves assets/ at the site root, in dev and in prod):
  /manifest.webmanifest   the web app manifest
  /icons/...              icons (regenerate the PNGs with scripts/make-icons.py)
  /sw.js                  the service worker (scope "/"), falls back to /offline.html
"""

from __future__ import annotations

import reflex as rx

THEME_COLOR = "#0b5d3b"  # the felt green; same as theme_color in assets/manifest.webmanifest
APP_TITLE = "Table Games"

# Registers /sw.js once the page has loaded (so it never competes with the first paint).
# The script is part of the server-rendered <head>, but may also run after "load" has fired
# (e.g. if React re-inserts it), hence the readyState check.
_REGISTER_SW = """
if ('serviceWorker' in navigator) {
  (function () {
    function registerTableGamesSW() {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function (err) {
        console.warn('Table Games: service worker registration failed', err);
      });
    }
    if (document.readyState === 'complete') registerTableGamesSW();
    else window.addEventListener('load', registerTableGamesSW, { once: true });
  })();
}
"""


def head_components() -> list[rx.Component]:
    """The manifest link, theme colour, Apple web-app tags and the service worker registration."""
    return [
        rx.el.link(rel="manifest", href="/manifest.webmanifest"),
        rx.el.meta(name="theme-color", content=THEME_COLOR),
        rx.el.link(rel="apple-touch-icon", href="/icons/apple-touch-icon.png", sizes="180x180"),
        rx.el.meta(name="apple-mobile-web-app-capable", content="yes"),
        # The standard name of the same switch (Chrome warns when only the Apple one is set).
        rx.el.meta(name="mobile-web-app-capable", content="yes"),
        rx.el.meta(name="apple-mobile-web-app-status-bar-style", content="black"),
        rx.el.meta(name="apple-mobile-web-app-title", content=APP_TITLE),
        rx.el.meta(name="application-name", content=APP_TITLE),
        rx.el.script(_REGISTER_SW),
    ]
