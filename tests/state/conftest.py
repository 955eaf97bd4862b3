"""What the live-backend tests of the state layer share."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scale import services


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
