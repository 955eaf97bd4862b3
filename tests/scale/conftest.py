"""Fixtures for the scale-out tests: a real redis-server and PostgreSQL, several backends.

Fixtures
  scaled (session)   a Redis and a PostgreSQL cluster of our own on free loopback ports, the
                     schema migrated with `reflex db migrate`; yields a Scaled with .env (the
                     app environment: DATABASE_URL, REFLEX_REDIS_URL, one worker per process),
                     .redis, .pg, .db (an SQLAlchemy engine for seeding and checking rooms).
  backends           factory: backends(n, env=None) -> n `reflex run --env prod --backend-only`
                     processes on their own ports sharing that Redis and database (so a test
                     points each phone at a chosen worker); backends.start(port=...) starts one
                     more (a restart in place of a killed one); all stopped after the test.
                     scaled.restart_redis() replaces Redis with an empty one on its port.

Skipped, with the reason, when redis-server or PostgreSQL is not installed (scripts/test and
.ci/run install both with apt-get) or cannot start here.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import create_engine

from tests.scale import services

ARTIFACTS = services.REPO_ROOT / "artifacts"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark tests/scale tests `scale` (`-m "not scale"` skips them)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.scale)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "scale: several backend workers on Redis + PostgreSQL (tests/scale)")


@dataclass
class Scaled:
    redis: services.Redis
    pg: services.Postgres
    env: dict[str, str]
    db: Engine
    tmp: Path

    def restart_redis(self) -> None:
        """Stops redis-server and starts an empty one on the same port (no persistence)."""
        port = self.redis.port
        self.redis.stop()
        self.redis = services.Redis.start(self.tmp / "redis", port=port)


@pytest.fixture(scope="session")
def scaled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scaled]:
    absent = services.missing()
    if absent:
        pytest.skip(f"{' and '.join(absent)} not installed (scripts/test and .ci/run install them "
                    "with apt-get; that failed or was not run)")
    if not (services.VENV / "bin").exists():
        pytest.fail(".venv is missing: run scripts/setup (or scripts/test)")
    tmp = tmp_path_factory.mktemp("scaled")
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        redis = services.Redis.start(tmp / "redis")
    except (OSError, RuntimeError) as err:
        pytest.skip(f"redis-server could not start here: {err}")
    try:
        pg = services.Postgres.start()
    except (OSError, RuntimeError) as err:
        redis.stop()
        pytest.skip(f"PostgreSQL could not start here: {err}")
    try:
        env = services.app_env(tmp, pg.url, redis.url, workers=1)
        services.migrate(env, ARTIFACTS / "scale-migrate.log")
        engine = create_engine(pg.url)
        made = Scaled(redis=redis, pg=pg, env=env, db=engine, tmp=tmp)
        yield made
        engine.dispose()
        redis = made.redis  # a test may have restarted it
    finally:
        pg.stop()
        redis.stop()


class Backends:
    """Starts backend processes for one test; all are stopped after it."""

    def __init__(self, scaled: Scaled, label: str) -> None:
        self.scaled, self.label, self.started = scaled, label, []

    def __call__(self, n: int, env: dict[str, str] | None = None) -> list[services.Backend]:
        return [self.start(env=env) for _ in range(n)]

    def start(self, port: int | None = None, log_path: Path | None = None,
              env: dict[str, str] | None = None) -> services.Backend:
        """One more backend (on ``port``: a restart in place of a killed one; ``env``: settings
        added to the scaled environment)."""
        if log_path is None:
            log_path = ARTIFACTS / f"scale-{self.label}-backend{len(self.started)}.log"
            log_path.write_text("")
        backend = services.Backend.start({**self.scaled.env, **(env or {})}, port=port, log_path=log_path)
        self.started.append(backend)
        return backend

    def stop_all(self) -> None:
        for backend in self.started:
            backend.stop()


@pytest.fixture
def backends(scaled: Scaled, request: pytest.FixtureRequest) -> Iterator[Backends]:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    made = Backends(scaled, f"{worker}-{request.node.name[:60]}")
    yield made
    made.stop_all()
