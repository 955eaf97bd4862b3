"""Helpers for tests and benchmarks that start the real app: ports, health checks, logs."""

from __future__ import annotations

import shutil
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

VENV = Path(__file__).resolve().parents[1] / ".venv"


def free_port() -> int:
    """A TCP port nothing listens on right now (Reflex refuses an explicit port in use)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("", 0))
        return sock.getsockname()[1]


def answers(url: str, timeout: float = 5.0) -> bool:
    """True if url answers with a 2xx status."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 (localhost)
            return 200 <= response.status < 300
    except (urllib.error.URLError, OSError, ValueError):
        return False


def tail(path: Path, lines: int = 60) -> str:
    """The last lines of a log file (for failure messages)."""
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def reflex_bin() -> str:
    """The venv's `reflex` command."""
    for candidate in (Path(sys.executable).parent / "reflex", VENV / "bin" / "reflex"):
        if candidate.exists():
            return str(candidate)
    found = shutil.which("reflex")
    if not found:
        raise RuntimeError("reflex is not installed: run scripts/setup (or scripts/test)")
    return found
