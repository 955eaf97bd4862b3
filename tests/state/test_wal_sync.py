"""A move's commit on the event loop is synced to disk off the loop, before it is answered
(``state.wal_sync``): the loop's connection writes SQLite's log without syncing it, and one
thread syncs the log file; moves that wait together share one sync."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading

import pytest

from tablegames.rooms import service
from tablegames.rooms.service import RoomError
from tablegames.state import db, wal_sync
from tablegames.state.wal_sync import WalSync


@pytest.fixture
def syncs(monkeypatch):
    """Every sync of the sync thread, as (thread name, synced file's inode, folder or None),
    in order; each first calls the hook ``syncs.before`` (None: none)."""
    done: list[tuple[str, int, str | None]] = []
    real = wal_sync._sync

    def recorded(fd, folder):
        if recorded.before is not None:
            recorded.before()
        real(fd, folder)
        done.append((threading.current_thread().name, os.fstat(fd).st_ino, folder))

    recorded.before = None
    recorded.done = done
    monkeypatch.setattr(wal_sync, "_sync", recorded)
    return recorded


def _rooms(url: str) -> int:
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
        return con.execute("select count(*) from room").fetchone()[0]


def _log_inode(url: str) -> int:
    return os.stat(url.removeprefix("sqlite:///") + "-wal").st_ino


def test_a_commit_on_the_loop_is_answered_once_its_log_is_synced_in_another_thread(url, syncs):
    seen_at_sync = []
    syncs.before = lambda: seen_at_sync.append(_rooms(url))

    async def scenario():
        code, _host = await db.run(lambda s: service.create_room(s, "uno"), url, quick=True)
        return code, list(syncs.done)

    code, synced_before_answer = asyncio.run(scenario())
    assert seen_at_sync == [1]  # the sync came after the commit...
    assert len(synced_before_answer) == 1  # ...and before the answer
    thread, inode, _folder = synced_before_answer[0]
    assert thread.startswith("tg-wal-sync") and inode == _log_inode(url)
    with db._loop_engine(url).connect() as con:
        assert con.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL: the log is synced here
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
        assert con.execute("select count(*) from room where code = ?", (code,)).fetchone()[0] == 1


def test_a_refusal_after_a_commit_is_answered_after_the_sync_and_a_reading_syncs_nothing(url, syncs):
    def refuse_after_writing(session):
        service.create_room(session, "uno")
        raise RoomError("not_host", "Only the host can do that.")

    async def scenario():
        with pytest.raises(RoomError):
            await db.run(refuse_after_writing, url, quick=True)
        after_refusal = len(syncs.done)
        code, _host = await db.run(lambda s: service.create_room(s, "uno"), url, quick=True)
        after_write = len(syncs.done)
        await db.run(lambda s: service.room_info(s, code), url, quick=True)
        return after_refusal, after_write, len(syncs.done)

    assert asyncio.run(scenario()) == (1, 2, 2)


def test_moves_that_wait_together_share_one_sync(url, syncs):
    """While one sync runs, the commits made meanwhile wait for one more sync, not one each."""
    first_started, release = threading.Event(), threading.Event()

    def hold_the_first():
        if not first_started.is_set():
            first_started.set()
            release.wait(10)

    syncs.before = hold_the_first

    async def scenario():
        loop = asyncio.get_running_loop()
        first = asyncio.create_task(db.run(lambda s: service.create_room(s, "uno"), url, quick=True))
        await loop.run_in_executor(None, first_started.wait, 10)
        others = [asyncio.create_task(db.run(lambda s: service.create_room(s, "uno"), url, quick=True))
                  for _ in range(3)]
        await asyncio.sleep(0.05)
        waiting = [not task.done() for task in others]  # committed, not answered: the sync is held
        stored_meanwhile = _rooms(url)
        release.set()
        await asyncio.gather(first, *others)
        return waiting, stored_meanwhile

    waiting, stored_meanwhile = asyncio.run(scenario())
    assert waiting == [True, True, True] and stored_meanwhile == 4
    assert len(syncs.done) == 2  # the first move's sync, then one for the three


def test_a_sync_the_disk_refuses_is_a_translated_refusal(url, monkeypatch):
    def refused(fd, folder):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(wal_sync, "_sync", refused)
    with pytest.raises(RoomError) as err:
        asyncio.run(db.run(lambda s: service.create_room(s, "uno"), url, quick=True))
    assert err.value.code == "db_unavailable"


def test_a_new_log_file_is_opened_and_its_folder_synced_and_no_file_is_no_sync(tmp_path, syncs):
    database = tmp_path / "x.db"
    log = tmp_path / "x.db-wal"
    log.write_bytes(b"frames")
    sync = WalSync(str(database))

    async def scenario():
        await sync.durable()
        await sync.durable()
        first = os.stat(log).st_ino
        log.unlink()
        await sync.durable()  # no log file: nothing to sync
        log.write_bytes(b"new frames")
        await sync.durable()
        sync.close()
        return first, os.stat(log).st_ino

    first, second = asyncio.run(scenario())
    assert [(inode, folder) for _thread, inode, folder in syncs.done] == [
        (first, str(tmp_path)), (first, None), (second, str(tmp_path))]
