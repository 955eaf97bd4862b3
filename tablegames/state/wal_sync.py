"""The disk sync of a move's commit, waited for off the event loop.

A move on SQLite is stored on the event loop's own connection (``state.db``). With
``synchronous=FULL`` its commit also waited there for the disk to sync SQLite's
write-ahead log: a fraction of a millisecond most of the time, but a busy disk now and
then takes a tenth of a second or more for one sync, and every room of the worker stood
still meanwhile (``docs/scaling.md``, thirtieth round). So the loop's connection commits with
``synchronous=NORMAL`` (the log is written, not synced) and :meth:`WalSync.durable` syncs
the log file in a thread of its own before the move is answered: an answered move is on
disk as before, and a slow disk holds back the moves it syncs, not the other rooms.

One thread makes every database's syncs, and one sync covers every commit written before
it began: moves that wait together share it. A log file SQLite deleted (its last connection
closed) was checkpointed into the database file and synced first. SQLite's checkpoints stay
where SQLite runs them, in the committing connection, and sync as they always did (one in a
thread of its own, tried, let the log keep growing: ``docs/scaling.md``, thirtieth round).
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

# every database's syncs; not ``state.db``'s pool, whose threads may all be busy with joins
# (a move's sync would wait behind them), and one thread makes one sync at a time anyway
_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tg-wal-sync")


class WalSync:
    """Syncs one SQLite database's write-ahead log (``<database>-wal``) to disk.

    Args:
        database: the database file's path.
    """

    def __init__(self, database: str) -> None:
        self._log = f"{database}-wal"
        # kept open between syncs: the sync thread makes one system call (each hand-back of
        # the interpreter's lock to a thread can wait for the busy loop), reopened when
        # SQLite made a new log file
        self._fd: int | None = None
        self._fd_inode: tuple[int, int] | None = None
        self._written = 0  # commits counted by :meth:`durable`
        self._synced = 0  # of which the last finished sync covers this many
        self._folder = os.path.dirname(os.path.abspath(self._log))
        self._lock: asyncio.Lock | None = None  # per event loop (tests run several)
        self._lock_loop: asyncio.AbstractEventLoop | None = None
        self._closing = False

    async def durable(self) -> None:
        """Returns once the commits this connection made before the call are on disk.

        Raises:
            OSError: the disk refused the sync.
        """
        loop = asyncio.get_running_loop()
        if self._lock is None or self._lock_loop is not loop:
            self._lock, self._lock_loop = asyncio.Lock(), loop
        wanted = self._written = self._written + 1
        async with self._lock:
            if self._synced >= wanted:  # a sync that began after this commit covered it
                return
            covered = self._written
            try:
                fd, new = self._log_fd()
                if fd is not None:
                    await loop.run_in_executor(_THREAD, _sync, fd, self._folder if new else None)
                self._synced = covered
            finally:
                if self._closing:
                    self._close_fd()

    def _log_fd(self) -> tuple[int | None, bool]:
        """A descriptor of the log file as it is now (None: there is none), and whether it
        is a new file since the last sync (its name's entry is synced too, once)."""
        try:
            found = os.stat(self._log)
        except FileNotFoundError:  # checkpointed into the database and deleted by SQLite
            return None, False
        inode = (found.st_dev, found.st_ino)
        if inode == self._fd_inode:
            return self._fd, False
        self._close_fd()
        self._fd, self._fd_inode = os.open(self._log, os.O_RDONLY | os.O_CLOEXEC), inode
        return self._fd, True

    def close(self) -> None:
        """Closes the log file's descriptor, once the sync in flight (if any) is done."""
        if self._lock is not None and self._lock.locked():
            self._closing = True
        else:
            self._close_fd()

    def _close_fd(self) -> None:
        self._closing = False
        if self._fd is not None:
            os.close(self._fd)
        self._fd = self._fd_inode = None


def _sync(fd: int, folder: str | None) -> None:
    """Syncs file ``fd`` and, when given, the ``folder`` that names it (in the sync thread)."""
    os.fsync(fd)
    if folder is not None:
        entry = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
        try:
            os.fsync(entry)
        finally:
            os.close(entry)
