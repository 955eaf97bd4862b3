"""What the live-backend tests of the state layer share."""

from __future__ import annotations

import pytest

from tests.scale import services


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    """One real backend process (one worker, SQLite, migrated) for a test module."""
    tmp = tmp_path_factory.mktemp("live")
    url = f"sqlite:///{tmp / 'app.db'}"
    env = services.app_env(tmp, url, None, workers=1)
    log = tmp / "backend.log"
    services.migrate(env, log)
    server = services.Backend.start(env, log_path=log)
    server.database_url = url
    yield server
    server.stop()
