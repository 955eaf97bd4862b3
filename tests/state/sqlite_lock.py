"""A lock on an SQLite file held by another connection, as another process would hold it."""

from __future__ import annotations

import sqlite3
import threading


def hold_lock(path: str, seconds: float, release: threading.Event | None = None) -> threading.Thread:
    """Holds the write lock of the SQLite file at ``path`` for ``seconds`` (as
    ``sqlite3 app.db 'BEGIN EXCLUSIVE'`` would), or until ``release`` is set, from a thread;
    returns once it is held."""
    ready = threading.Event()
    release = release or threading.Event()

    def hold() -> None:
        con = sqlite3.connect(path, timeout=0, isolation_level=None)
        con.execute("BEGIN EXCLUSIVE")
        ready.set()
        release.wait(seconds)
        con.execute("ROLLBACK")
        con.close()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    ready.wait(5)
    return thread
