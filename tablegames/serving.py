"""How the production server runs: caching headers, and dying with the supervisor.

HTTP caching headers for the compiled front end served by the backend (production).

The production build names its JavaScript and CSS ``/assets/<name>-<hash>.<ext>``: a file
under that name never changes, so browsers may keep it for a year without asking again.
Pages, the service worker and the files of ``assets/`` served at the root (icons, card
faces, stylesheets) keep their names across releases, so browsers must revalidate them (the
server answers 304 from their ETag). Backend endpoints are left as Reflex answers them.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]

IMMUTABLE = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
# Reflex's own endpoints: never touched here.
BACKEND_PREFIXES = ("/_event", "/_upload", "/_health", "/_all_routes", "/ping", "/auth-codespace", "/api/")


def cache_control_for(path: str) -> bytes | None:
    """The Cache-Control value for a GET of ``path``, or None to leave the response as is.

    Examples:
        >>> cache_control_for("/assets/root-B9P0_nOK.js")
        b'public, max-age=31536000, immutable'
        >>> cache_control_for("/play/ABCD")
        b'no-cache'
        >>> cache_control_for("/_event") is None
        True
    """
    if path.startswith(BACKEND_PREFIXES):
        return None
    if path.startswith("/assets/"):
        return IMMUTABLE
    return REVALIDATE


def with_cache_headers(app: ASGIApp) -> ASGIApp:
    """Wraps an ASGI app so that successful GET/HEAD responses carry Cache-Control.

    Args:
        app: the backend's ASGI app (Reflex passes it to ``rx.App(api_transformer=...)``).

    Returns:
        The wrapped app; responses that already set Cache-Control keep theirs.
    """

    async def wrapped(scope: Scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await app(scope, receive, send)
            return
        value = cache_control_for(scope.get("path", "/"))
        if value is None:
            await app(scope, receive, send)
            return

        async def send_with_header(message: Message) -> None:
            if message["type"] == "http.response.start" and message.get("status", 200) < 400:
                headers = list(message.get("headers", []))
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", value))
                    message["headers"] = headers
            await send(message)

        await app(scope, receive, send_with_header)

    return wrapped


SUPERVISED = "TG_SUPERVISED"  # set by scripts/serve.py for the backend it runs
_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Asks Linux to kill this process when its parent process dies (elsewhere: nothing).

    scripts/serve.py runs the backend as its child (calling this between fork and exec),
    and Granian forks the worker that serves the app from that; a backend whose parents were
    killed (``kill -9`` of the supervisor) would otherwise keep serving, alone, on the port.
    """
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def die_with_supervisor() -> None:
    """:func:`die_with_parent` for a process under scripts/serve.py (``TG_SUPERVISED=1``):
    Granian's worker, from the app's startup. Other servers (``reflex run``) are left alone."""
    if os.environ.get(SUPERVISED) == "1":
        die_with_parent()
