"""Database work for the states, off the event loop (a move on SQLite excepted, below).

Every event handler of the app runs on one asyncio loop per worker. A synchronous database
call made there stops every room of the worker while it waits (another process holding a
lock on the SQLite file stalled all of them for seconds). So:

- :func:`run` runs ``action(session)`` in a small thread pool of its own and awaits it:
  the loop keeps serving sockets, screens built from memory and other rooms meanwhile;
- except a short action (a move, ``quick``) on SQLite, which runs on the loop itself, on a
  connection of its own that never waits for a lock: a lock held elsewhere sends it to the
  thread pool. On the loop it costs what it costs; in a thread, each of its statements
  handed the interpreter's lock back and forth with the busy loop (``docs/scaling.md``,
  ninth round). What it committed is synced to disk in a thread before it is answered
  (``state.wal_sync``): a slow disk does not stop the loop;
- SQLite waits for a lock at most ``BUSY_TIMEOUT_MS`` inside the thread
  (``rooms.connections`` sets ``busy_timeout``), and a "database is locked" is retried a
  few times with a growing pause (a retry is safe: the failed transaction was rolled back,
  and every service function commits once at its end);
- any other database failure (a damaged file, a server gone) drops the pooled connections,
  so that the next call opens fresh ones: the app recovers by itself once the database is
  usable again, without a restart;
- what a player hears of a failure is a :class:`RoomError` ``db_unavailable`` (a translated
  sentence), never the SQL or the exception's text; the log gets a short line.

:func:`healthy` is the truthful check ``/_health`` uses (a real query of the app's tables).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import reflex as rx
import sqlalchemy as sa
from sqlmodel import Session

from tablegames.rooms import service
from tablegames.rooms.service import RoomError
from tablegames.state.wal_sync import WalSync

logger = logging.getLogger(__name__)

T = TypeVar("T")

THREADS = 8  # database calls in flight per worker
RETRY_PAUSES = (0.05, 0.2, 0.5, 1.0)  # seconds before each retry of a locked database
LOG_CHARS = 200  # of an exception's text in the log

_pool = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="tg-db")
_last_failure = 0.0


def unavailable() -> RoomError:
    """The refusal players see when the database cannot be used right now."""
    return RoomError("db_unavailable", "The table can't be saved right now: try again in a moment.")


def _locked(err: BaseException) -> bool:
    text = str(getattr(err, "orig", err)).lower()
    return "database is locked" in text or "database table is locked" in text or "busy" in text


def _in_session(action: Callable[[Session], T], url: str | None) -> T:
    with rx.session(url) as session:
        return action(session)


_LOOP_ENGINES: dict[str, sa.Engine] = {}  # SQLite URL -> the loop's own engine (one connection)


def _loop_engine(url: str | None) -> sa.Engine | None:
    """The engine of the event loop's own calls to SQLite: one connection, which never
    waits for a lock (``busy_timeout`` 0); None for another database."""
    url = url or rx.config.get_config().db_url or ""
    if not url.startswith("sqlite"):
        return None
    engine = _LOOP_ENGINES.get(url)
    if engine is None:
        engine = sa.create_engine(url, poolclass=sa.pool.StaticPool, connect_args={"check_same_thread": False})
        # after the settings every connection gets (rooms/connections.py): no wait here, and
        # the commit's sync of a file's log is waited for off the loop (_durable)
        synchronous = "NORMAL" if _database_file(engine) else "FULL"
        sa.event.listen(engine, "connect", lambda con, _record: (
            con.execute("PRAGMA busy_timeout=0"), con.execute(f"PRAGMA synchronous={synchronous}")))
        _LOOP_ENGINES[url] = engine
    return engine


def _database_file(engine: sa.Engine) -> str | None:
    """The SQLite file of ``engine`` (None: a database in memory)."""
    name = engine.url.database
    return None if not name or name == ":memory:" or name.startswith("file:") else os.path.abspath(name)


_WAL_SYNCS: dict[str, WalSync] = {}  # a database file -> the syncs of its loop connection's commits
WAL_SYNCS_KEPT = 4  # databases whose log file stays open (a worker has one; the tests, many)


async def _durable(engine: sa.Engine) -> None:
    """Returns once what the loop's connection to ``engine`` committed is on disk."""
    path = _database_file(engine)
    if path is None:
        return
    syncs = _WAL_SYNCS.get(path)
    if syncs is None:
        while len(_WAL_SYNCS) >= WAL_SYNCS_KEPT:
            _WAL_SYNCS.pop(next(iter(_WAL_SYNCS))).close()
        syncs = _WAL_SYNCS[path] = WalSync(path)
    try:
        await syncs.durable()
    except OSError as err:  # the disk refused: stored, perhaps, but not answered as stored
        logger.error("database log not synced: %s", str(err)[:LOG_CHARS])
        raise unavailable() from None


_LOOP_CONNECTIONS: dict[sa.Engine, sa.Connection] = {}  # a loop engine -> its connection, kept out


def _loop_connection(engine: sa.Engine) -> sa.Connection:
    """The loop engine's one connection, kept checked out between calls: a session on it
    skips the pool's check-out and the rollback of each check-in (a move's session is
    short, and these were a sixth of its database CPU)."""
    connection = _LOOP_CONNECTIONS.get(engine)
    if connection is None or connection.closed or connection.invalidated:
        connection = _LOOP_CONNECTIONS[engine] = engine.connect()
    return connection


class NeedsSession(Exception):
    """An action on a :class:`LeanSession` asked for the ORM before its first commit."""


class LeanSession:
    """What a move's action uses of a ``Session`` (``rooms.statements``): the transaction of
    one connection, its commit and its rollback, without the ORM's bookkeeping of a session
    that holds no object (about a quarter of a move's database CPU on the loop:
    ``docs/scaling.md``, twenty-second round).

    Anything else of a ``Session`` (``add``, ``exec``...: a game's end, a room with bots, a
    host action) raises :class:`NeedsSession` while nothing is committed, and :func:`run`
    runs the action again in a ``Session``. After a commit, such a call goes to a
    ``Session`` on the same connection instead: running the action again would repeat what
    is stored.
    """

    def __init__(self, connection: sa.Connection) -> None:
        self._connection = connection
        self._transaction: sa.RootTransaction | None = None
        self._committed = False
        self._session: Session | None = None  # after a commit, for the ORM's calls

    @property
    def new(self) -> Any:
        """What the ORM would insert: nothing, or what the ``Session`` after a commit holds."""
        return self._session.new if self._session is not None else ()

    @property
    def dirty(self) -> Any:
        """What the ORM would update (as :attr:`new`)."""
        return self._session.dirty if self._session is not None else ()

    @property
    def deleted(self) -> Any:
        """What the ORM would delete (as :attr:`new`)."""
        return self._session.deleted if self._session is not None else ()

    def connection(self) -> sa.Connection:
        """The connection, in this session's transaction (begun at the first call)."""
        if self._session is not None:
            return self._session.connection()
        if self._transaction is None or not self._transaction.is_active:
            self._transaction = self._connection.begin()
        return self._connection

    def commit(self) -> None:
        """Commits what the statements did (nothing to do if none ran)."""
        self._end(commit=True)

    def rollback(self) -> None:
        """Undoes what the statements did since the last commit."""
        self._end(commit=False)

    def _end(self, commit: bool) -> None:
        if self._session is not None:
            (self._session.commit if commit else self._session.rollback)()
            return
        transaction, self._transaction = self._transaction, None
        if transaction is not None and transaction.is_active:
            (transaction.commit if commit else transaction.rollback)()
        self._committed = self._committed or commit

    def __enter__(self) -> LeanSession:
        return self

    def __exit__(self, *_exc: object) -> None:
        # as a Session's close: what was not committed is undone
        if self._session is not None:
            self._session.close()
        else:
            self.rollback()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if not self._committed:
            raise NeedsSession(name)
        if self._session is None:
            self._session = Session(self._connection)
        return getattr(self._session, name)


def _rows_written(engine: sa.Engine) -> int:
    """The rows the loop's connection to ``engine`` has written since it opened (SQLite's
    ``total_changes``; -1: it has none open)."""
    connection = _LOOP_CONNECTIONS.get(engine)
    if connection is None or connection.closed or connection.invalidated:
        return -1
    return connection.connection.dbapi_connection.total_changes


def _drop_loop_connections() -> None:
    """Closes the loop engines' kept connections (the next call opens a fresh one)."""
    connections = list(_LOOP_CONNECTIONS.values())
    _LOOP_CONNECTIONS.clear()
    for connection in connections:
        try:
            connection.invalidate()
        except Exception as err:  # noqa: BLE001 (best effort: the connection is dropped anyway)
            logger.warning("could not close the loop's database connection: %s", str(err)[:LOG_CHARS])


def _reset(url: str | None) -> None:
    """Drops the pooled connections (and the cached states): the next call starts afresh."""
    try:
        from tablegames.reflex_adapter import db_engine

        db_engine(url).dispose()
        _drop_loop_connections()
        for engine in _LOOP_ENGINES.values():
            engine.dispose()
    except Exception as err:  # noqa: BLE001 (best effort: the next call reports)
        logger.warning("could not reset the database pool: %s", str(err)[:LOG_CHARS])
    service.clear_cache()


async def run(action: Callable[[Session], T], url: str | None = None, quick: bool = False) -> T:
    """``action(session)`` in a database thread, retried while the database is locked.

    ``quick``: a short action (a move) on SQLite runs on the event loop first, where it
    costs what it costs; a lock held elsewhere sends it to the thread (it does not wait on
    the loop). Every hand-over of the interpreter's lock between the loop and a database
    thread costs a switch, and a move's statements make several (``docs/scaling.md``).

    Raises:
        RoomError: ``db_unavailable`` when the database stays locked or fails; the action's
            own refusals (``RoomError``, ``IllegalMove``) pass through unchanged.
    """
    global _last_failure
    if quick and (engine := _loop_engine(url)) is not None:
        written = _rows_written(engine)
        try:
            try:
                with LeanSession(_loop_connection(engine)) as session:
                    return action(session)  # type: ignore[arg-type]
            except NeedsSession:  # it wanted the ORM before its commit: nothing is stored yet
                with Session(_loop_connection(engine)) as session:
                    return action(session)
        except (sa.exc.DBAPIError, sa.exc.DisconnectionError) as err:
            if not _locked(err):  # failing, not busy: a fresh connection next time
                _drop_loop_connections()
            # locked, or failing (rolled back): the thread's way below waits, retries, resets
        finally:
            if _rows_written(engine) != written:  # on disk before the answer, whatever it is
                await _durable(engine)
    loop = asyncio.get_running_loop()
    reset_done = False
    for attempt in range(len(RETRY_PAUSES) + 1):
        try:
            return await loop.run_in_executor(_pool, _in_session, action, url)
        except sa.exc.IntegrityError as err:  # two writers at once: nothing to reset
            failure = err
            break
        except sa.exc.OperationalError as err:
            if _locked(err) and attempt < len(RETRY_PAUSES):
                await asyncio.sleep(RETRY_PAUSES[attempt])
                continue
            failure = err
        except (sa.exc.DatabaseError, sa.exc.InterfaceError, sa.exc.DisconnectionError) as err:
            failure = err
        # Not a lock: a broken connection or file. Fresh connections once, then give up.
        if not reset_done:
            reset_done = True
            await loop.run_in_executor(_pool, _reset, url)
            continue
        break
    now = time.monotonic()
    if now - _last_failure > 5:  # one line per 5 s, whatever the flood
        logger.error("database unavailable: %s: %s", type(failure).__name__,
                     str(getattr(failure, "orig", failure))[:LOG_CHARS])
    _last_failure = now
    raise unavailable() from None


def _check(url: str | None) -> bool:
    with rx.session(url) as session:
        session.exec(sa.text("SELECT max(id) FROM room")).first()
        session.exec(sa.text("SELECT max(id) FROM movelog")).first()
    return True


async def healthy(url: str | None = None, timeout: float = 5.0) -> bool:
    """Whether the app's tables answer a real query now (in a database thread)."""
    loop = asyncio.get_running_loop()
    try:
        return await asyncio.wait_for(loop.run_in_executor(_pool, _check, url), timeout)
    except (sa.exc.SQLAlchemyError, TimeoutError):
        await loop.run_in_executor(_pool, _reset, url)
        return False


async def health_route(_request: Any) -> Any:
    """``/_health``: as Reflex's, but the database is checked with a query of the app's own
    tables (Reflex's ``SELECT 1`` answers even when the SQLite file is damaged)."""
    from starlette.responses import JSONResponse

    from tablegames.reflex_adapter import redis_status

    status: dict[str, Any] = {"status": True, "db": await healthy()}
    redis = await redis_status()
    if redis:
        status |= redis
        status["redis"] = bool(status.get("redis"))
    status["status"] = all(v for k, v in status.items() if k != "status")
    return JSONResponse(content=status, status_code=200 if status["status"] else 503)
