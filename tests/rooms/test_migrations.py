"""The committed migrations build the schema the models declare: what ``scripts/start``
applies (``reflex db migrate``) is what the code expects, index by index."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel, create_engine

from tablegames.rooms import models  # noqa: F401 (the tables, registered)
from tests.scale import services


def _migrated(tmp_path):
    """A new SQLite database brought to the newest migration by ``reflex db migrate``, the
    command ``scripts/start`` runs."""
    url = f"sqlite:///{tmp_path / 'migrated.db'}"
    services.migrate(services.app_env(tmp_path, url, None), tmp_path / "migrate.log")
    return create_engine(url)


def test_the_migrations_build_the_schema_the_models_declare(tmp_path):
    engine = _migrated(tmp_path)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), SQLModel.metadata) == []
        # and the move log keeps only its unique (room_id, version) index: a move writes no other
        indexes = [row[1] for row in connection.exec_driver_sql("PRAGMA index_list('movelog')")]
    assert "ix_movelog_room_id" not in indexes and len(indexes) == 1
