"""A move's few SQL statements, compiled once and run on the session's own connection.

Every accepted move reads its room's row, raises its version (the optimistic lock) and logs
the move: three statements. Through SQLAlchemy's ``Connection.execute`` each one looked up
its compiled form, built an execution context, processed its parameters and wrapped its
cursor in a result: more CPU than SQLite's own work for the statement (``docs/scaling.md``,
ninth round). A :class:`Statement` compiles once per database dialect (the same SQL text and
parameter style SQLAlchemy would send) and runs on the DBAPI connection of the session's
transaction, so the statement is still part of that transaction and its commit. A failure is
raised as SQLAlchemy's own exception (``OperationalError`` for a locked SQLite file...), as
``Connection.execute`` raises it: ``state/db.py`` tells a lock from a broken file by it.

Only for statements whose columns need no type conversion either way (integers, text,
floats): nothing converts them here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

__all__ = ["Statement"]


class Statement:
    """A Core statement with named ``bindparam`` parameters, run without SQLAlchemy's
    per-call layers.

    >>> t = sa.table("t", sa.column("a"), sa.column("b"))
    >>> s = Statement(sa.select(t.c.a).where(t.c.b == sa.bindparam("b")))
    >>> s.compiled(sa.create_engine("sqlite://").dialect)
    ('SELECT t.a \\nFROM t \\nWHERE t.b = ?', ('b',))
    """

    def __init__(self, statement: sa.Executable) -> None:
        self.statement = statement
        self._by_dialect: dict[str, tuple[str, tuple[str, ...] | None]] = {}

    def compiled(self, dialect: sa.Dialect) -> tuple[str, tuple[str, ...] | None]:
        """The SQL text for ``dialect`` and, for a positional parameter style, the names
        of its parameters in order (None: the parameters go by name)."""
        entry = self._by_dialect.get(dialect.name)
        if entry is None:
            compiled = self.statement.compile(dialect=dialect)
            names = tuple(compiled.positiontup or ()) if compiled.positional else None
            entry = self._by_dialect[dialect.name] = (compiled.string, names)
        return entry

    def run(self, session: Session, params: Mapping[str, Any]) -> Any:
        """Runs the statement with ``params`` in ``session``'s transaction; the DBAPI cursor.

        Raises:
            sqlalchemy.exc.DBAPIError: the database refused it (the subclass of the
                driver's error: ``OperationalError``, ``IntegrityError``...).
        """
        connection = session.connection()
        dialect = connection.dialect
        text, names = self.compiled(dialect)
        args = tuple(params[name] for name in names) if names is not None else dict(params)
        cursor = connection.connection.dbapi_connection.cursor()
        try:
            cursor.execute(text, args)
        except dialect.loaded_dbapi.Error as err:
            raise sa.exc.DBAPIError.instance(text, args, err, dialect.loaded_dbapi.Error) from err
        return cursor
