"""Settings every database connection of the app gets, whichever engine opens it.

- SQLite runs in write-ahead-log mode: one fsync per commit instead of three, and readers
  don't wait for the writer. ``synchronous=FULL`` still puts every commit on disk before it
  returns, so an acknowledged move survives a power cut too. (The event loop's own
  connection commits with ``NORMAL`` and syncs the log in a thread before the move is
  answered: ``state.db`` and ``state.wal_sync``.)
- SQLite waits at most ``BUSY_TIMEOUT_MS`` for another writer's lock (``state.db`` retries a
  "database is locked" a few times, in a database thread, never on the event loop).
- A pooled connection belongs to the process that opened it. ``reflex run --env prod``
  checks the database in the parent process and then forks its backend workers, which
  inherited that open PostgreSQL connection: several processes talking over one socket
  interleave their transactions ("connection in transaction status INTRANS"). A worker
  that checks out a connection opened by another process drops it (without closing the
  parent's socket) and the pool opens its own; this is SQLAlchemy's documented recipe for
  pools and ``os.fork``.
"""

from __future__ import annotations

import os
import sqlite3
from typing import Any

import sqlalchemy as sa
from sqlalchemy.pool import Pool

BUSY_TIMEOUT_MS = 1_000


@sa.event.listens_for(Pool, "connect")
def _on_connect(dbapi_connection: Any, record: Any) -> None:
    record.info["pid"] = os.getpid()
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()


@sa.event.listens_for(Pool, "checkout")
def _on_checkout(dbapi_connection: Any, record: Any, proxy: Any) -> None:
    if record.info.get("pid", os.getpid()) != os.getpid():
        record.dbapi_connection = proxy.dbapi_connection = None  # the parent's: leave it open
        raise sa.exc.DisconnectionError(
            f"connection opened by process {record.info['pid']}, not by this one ({os.getpid()})")
