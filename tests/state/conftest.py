"""What the live-backend tests of the state layer share."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import SQLModel, create_engine

from tablegames.rooms import service
from tablegames.state import db
from tests.scale import services


@pytest.fixture
def url(tmp_path):
    """A fresh SQLite database with the app's tables (no cached state); its pooled and
    loop connections are dropped after the test."""
    url = f"sqlite:///{tmp_path / 'app.db'}"
    engine = create_engine(url)
    SQLModel.metadata.create_all(engine)
    engine.dispose()
    service.clear_cache()
    yield url
    db._reset(url)  # the pool's connections and the loop's own


def start_backend(tmp: Path) -> services.Backend:
    """A real backend process (one worker, SQLite in ``tmp``, migrated); the caller stops it."""
    url = f"sqlite:///{tmp / 'app.db'}"
    env = services.app_env(tmp, url, None, workers=1)
    log = tmp / "backend.log"
    services.migrate(env, log)
    server = services.Backend.start(env, log_path=log)
    server.database_url = url
    return server


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    """One real backend process for a test module."""
    server = start_backend(tmp_path_factory.mktemp("live"))
    yield server
    server.stop()
