"""Shared pytest fixtures for the Table Games test suite."""

import os

import pytest
from sqlmodel import Session, SQLModel, create_engine

# The suites run the app in test mode: stacked decks (the ``stack`` option) are accepted.
# Apps started by the e2e and scale tests inherit it; tests of the live app unset it.
os.environ["TABLEGAMES_TEST_MODE"] = "1"

from tablegames.rooms import service  # noqa: E402 (after the test-mode switch)


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
