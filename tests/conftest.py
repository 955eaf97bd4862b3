"""Shared pytest fixtures for the Table Games test suite."""

import os
from pathlib import Path

import pytest
from sqlmodel import Session, SQLModel, create_engine

# The suites run the app in test mode: stacked decks (the ``stack`` option) are accepted.
# Apps started by the e2e and scale tests inherit it; tests of the live app unset it.
os.environ["TABLEGAMES_TEST_MODE"] = "1"

from tablegames.rooms import service  # noqa: E402 (after the test-mode switch)

# The longest test files first, so that the two workers of `scripts/test -n 2` finish together:
# `--dist worksteal` (pyproject.toml) splits the list in two halves and a worker that is done
# takes over the end of the other's list, which is then made of short tests. Seconds one test
# file took on one worker of CI (2 cores); a file not listed counts as DEFAULT_E2E_SECONDS if it
# starts browsers (tests/e2e), else as nothing. Order only: no test depends on it.
SECONDS = {
    "e2e/test_layouts.py": 300,  # no review screenshots on CI
    "e2e/test_newcomer_start.py": 155,  # a clone's own pip and npm installs and build
    "e2e/test_uno_upwords_fit.py": 70,
    "scale": 160,  # every file of tests/scale (Redis + PostgreSQL, started once for them all)
    "e2e/test_absent_player.py": 90,  # presence's grace period, then the away and host-gone thresholds
    "e2e/test_help.py": 80,
    "e2e/test_seats_and_links.py": 80,
    "e2e/test_uestop_faces_fit.py": 45,
    "e2e/test_uestop_game.py": 75,
    "e2e/test_table_shell.py": 45,
    "e2e/test_endings.py": 45,
    "e2e/test_faces_game.py": 50,
    "e2e/test_upwords_game.py": 40,
    "e2e/test_phone_shell.py": 45,
    "e2e/test_restart.py": 40,
    "e2e/test_state_expiry.py": 30,  # the default build's (it built its own: 68 s in CI)
    # tests of the running app outside tests/e2e (measured alone, one worker)
    "state/test_abuse_live.py": 130,
    "state/test_viewers_live.py": 70,
}
DEFAULT_E2E_SECONDS = 30
TESTS = Path(__file__).parent


def _seconds(item: pytest.Item) -> float:
    rel = Path(item.path).relative_to(TESTS).as_posix() if TESTS in Path(item.path).parents else ""
    top = rel.split("/", 1)[0]
    return SECONDS.get(rel, SECONDS.get(top, DEFAULT_E2E_SECONDS if top == "e2e" else 0))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Runs the slowest files first (a stable sort: a file's tests stay together, in order)."""
    items.sort(key=lambda item: -_seconds(item))


@pytest.fixture
def db(tmp_path):
    """A session on a fresh SQLite database with every table, and the rooms layer's
    in-memory caches empty before and after (what a new process has)."""
    engine = create_engine(f"sqlite:///{tmp_path / 'rooms.db'}")
    SQLModel.metadata.create_all(engine)
    service.clear_cache()
    with Session(engine) as session:
        yield session
    service.clear_cache()
    engine.dispose()
