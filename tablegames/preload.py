"""The phone page's code starts downloading with the page, not after the app's own code.

``/play/<code>`` and ``/table/<code>`` have a parameter, so the production build cannot
prerender them: the server answers them with React Router's SPA fallback page, which
preloads only the code every page shares. The route's own module (the phone screen, 22 KB
compressed) was requested only once that code had downloaded and run: one more round trip
and download in series before the phone shows anything (on Lighthouse's slow 4G: ~0.3 s of
LCP, docs/page-weight.md). This plugin adds ``<link rel="modulepreload">`` for the phone
route's module and its imports to the fallback page after the build (before Reflex
compresses it). The table (a tablet on Wi-Fi) thereby also fetches the phone's module; the
phone does not fetch the table's.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import reflex as rx

from tablegames.reflex_adapter import spa_fallback_name

MANIFEST_PREFIX = "window.__reactRouterManifest="


@dataclasses.dataclass
class PreloadRoutePlugin(rx.plugins.Plugin):
    """Modulepreload links for the given React Router route paths in the SPA fallback page."""

    paths: tuple[str, ...] = ("play/:code",)

    def post_build(self, **context: Any) -> None:
        static_dir = Path(context["static_dir"])
        fallback = static_dir / spa_fallback_name()
        manifests = sorted((static_dir / "assets").glob("manifest-*.js"))
        if not fallback.exists() or not manifests:
            return
        text = manifests[-1].read_text(encoding="utf-8").strip()
        if not text.startswith(MANIFEST_PREFIX):
            return
        routes = json.loads(text[len(MANIFEST_PREFIX):].rstrip(";"))["routes"]
        html = fallback.read_text(encoding="utf-8")
        links = []
        for route in routes.values():
            if route.get("path") in self.paths:
                for url in [route["module"], *route.get("imports", [])]:
                    if f'href="{url}"' not in html and url not in links:
                        links.append(url)
        if links and "</head>" in html:
            tags = "".join(f'<link rel="modulepreload" href="{url}"/>' for url in links)
            fallback.write_text(html.replace("</head>", tags + "</head>", 1), encoding="utf-8")
