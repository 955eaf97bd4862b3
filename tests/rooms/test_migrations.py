"""The committed migrations build the schema the models declare: what ``scripts/start``
applies (``reflex db migrate``) is what the code expects, index by index."""

from __future__ import annotations

from pathlib import Path

import alembic.config
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.runtime.environment import EnvironmentContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel, create_engine

from tablegames.rooms import models  # noqa: F401 (the tables, registered)

REPO_ROOT = Path(__file__).resolve().parents[2]


def _migrated(url: str):
    """A database at ``url`` brought to the newest migration, as ``reflex db migrate`` does."""
    config = alembic.config.Config(str(REPO_ROOT / "alembic.ini"))
    script = ScriptDirectory.from_config(config)
    engine = create_engine(url)
    with engine.begin() as connection:
        with EnvironmentContext(config, script, fn=lambda rev, _context: script._upgrade_revs("head", rev)) as env:
            env.configure(connection=connection)
            env.run_migrations()
    return engine


def test_the_migrations_build_the_schema_the_models_declare(tmp_path):
    engine = _migrated(f"sqlite:///{tmp_path / 'migrated.db'}")
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), SQLModel.metadata) == []


def test_a_move_writes_no_index_on_the_room_alone(tmp_path):
    engine = _migrated(f"sqlite:///{tmp_path / 'migrated.db'}")
    with engine.connect() as connection:
        indexes = [row[1] for row in connection.exec_driver_sql("PRAGMA index_list('movelog')")]
    assert "ix_movelog_room_id" not in indexes and len(indexes) == 1  # the unique (room_id, version) one
