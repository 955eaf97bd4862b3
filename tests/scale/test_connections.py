"""A forked backend worker never shares the database connection its parent opened.

``reflex run --env prod`` checks the database in its parent process and then forks the
backend workers: without ``tablegames.rooms.connections`` they all inherited the parent's
open PostgreSQL connection and interleaved their transactions on it ("connection in
transaction status INTRANS" while seating players on ``scripts/start-scaled 2``).
"""

from __future__ import annotations

import os

import pytest
from sqlalchemy import text
from sqlmodel import create_engine

import tablegames.rooms.models  # noqa: F401 (registers the connection settings)

pytestmark = [pytest.mark.scale, pytest.mark.timeout(60)]


def backend_pid(engine) -> int:
    with engine.connect() as connection:
        return int(connection.execute(text("select pg_backend_pid()")).scalar())


def test_a_forked_worker_opens_its_own_connection(scaled):
    engine = create_engine(scaled.pg.url, pool_pre_ping=True)
    parent = backend_pid(engine)  # now pooled: a fork inherits it
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the "worker"
        try:
            os.write(write, str(backend_pid(engine)).encode())
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(child, 0)
    in_child = int(os.read(read, 64) or b"0")
    os.close(read)
    assert in_child and in_child != parent, "the worker used the parent's connection"
    assert backend_pid(engine) == parent  # and the parent's connection was left working
    engine.dispose()
