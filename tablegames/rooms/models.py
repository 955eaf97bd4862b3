"""Database tables: rooms, their seats, every accepted move, finished games.

The database is the truth: a room's latest engine state is snapshotted on its row with
a version number, and every accepted move is logged under that version, in the same
transaction, before anyone is told the move was accepted.
"""

from __future__ import annotations

import time
import warnings

import reflex as rx
import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from tablegames.rooms import connections  # noqa: F401 (registers the connection settings)

# Reflex merges the metadata of every registered model into one; SQLModel tables all share
# SQLModel.metadata, so each table is offered again once per model and SQLAlchemy warns
# "Table 'room' already exists within the given MetaData - not copying". Nothing is wrong.
warnings.filterwarnings("ignore", r"Table '\w+' already exists within the given MetaData",
                        category=sa.exc.SAWarning)


@rx.ModelRegistry.register
class Room(SQLModel, table=True):
    """A table: its code, game, options, host secret (hashed) and latest state."""

    id: int | None = Field(default=None, primary_key=True)

    code: str = Field(index=True, unique=True, max_length=8)
    game: str = Field(max_length=20)
    options_json: str = "{}"
    host_hash: str = Field(max_length=64)
    status: str = Field(default="lobby", max_length=10)  # lobby | playing | finished | expired
    version: int = 0
    state_json: str | None = Field(default=None, sa_column=sa.Column(sa.Text, nullable=True))
    created_at: float = Field(default_factory=time.time)
    updated_at: float = Field(default_factory=time.time)
    # The host closed the table to new seats; who tried meanwhile (JSON list of {name, at}).
    locked: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    asking_json: str = Field(default="[]", sa_column_kwargs={"server_default": "[]"})
    # An expired room frees its code (``code`` becomes "~<id>"); the code it had.
    expired_code: str | None = Field(default=None, index=True, max_length=8)
    # Host moves on (rooms/hosting.py): the seat whose phone is the host (None: the device
    # that created the room), a count of host changes (a screen's host rights are for one),
    # when a host device was last seen connected, and how the host last changed.
    host_seat: int | None = None
    host_gen: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    host_seen_at: float | None = None
    host_note: str = Field(default="", max_length=10, sa_column_kwargs={"server_default": ""})


@rx.ModelRegistry.register
class Seat(SQLModel, table=True):
    """A player's seat at a room; the secret (hashed) gives it back after a reload.

    ``seat`` is the seat's id in its room: given once, never changed and never given again
    while the room lives (a removed seat keeps its row, marked ``removed``, so its phones
    are told so). The engine's seat numbers are the places of the seats not removed, in
    ``seat`` order; only the rooms layer maps one to the other.
    """

    id: int | None = Field(default=None, primary_key=True)

    __table_args__ = (sa.UniqueConstraint("room_id", "seat"),)

    room_id: int = Field(foreign_key="room.id", index=True)
    seat: int
    name: str = Field(max_length=24)
    secret_hash: str = Field(max_length=64)
    joined_at: float = Field(default_factory=time.time)
    removed: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    # Absent players (rooms/seats.py): the table plays for this seat when it is to act;
    # ``gen`` counts the phones the seat went to (a tab's seat is for one), the one-time
    # handover link's secret (hashed), and the hashes of secrets it replaced (JSON list:
    # those phones are told their seat moved on).
    auto: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    gen: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    handover_hash: str | None = Field(default=None, max_length=64)
    moved_json: str = Field(default="[]", sa_column_kwargs={"server_default": "[]"})
    # A bot plays this seat (rooms/bots.py): its level (None: a person) and its memory (JSON).
    bot: str | None = Field(default=None, max_length=10)
    bot_memory_json: str = Field(default="{}", sa_column_kwargs={"server_default": "{}"})


@rx.ModelRegistry.register
class MoveLog(SQLModel, table=True):
    """One accepted move: the room went from ``version - 1`` to ``version`` with it."""

    id: int | None = Field(default=None, primary_key=True)

    __table_args__ = (sa.UniqueConstraint("room_id", "version"),)

    # no index of its own: the unique (room_id, version) one finds a room's moves, and every
    # move then writes one B-tree page less (a quarter of its pages: docs/scaling.md)
    room_id: int = Field(foreign_key="room.id")
    version: int
    seat: int | None = None  # None for host actions (start, next hand, rematch)
    move_json: str
    created_at: float = Field(default_factory=time.time)


@rx.ModelRegistry.register
class FinishedGame(SQLModel, table=True):
    """A finished game's players, scores and winners."""

    id: int | None = Field(default=None, primary_key=True)

    room_id: int = Field(foreign_key="room.id", index=True)
    game: str = Field(max_length=20)
    players_json: str
    scores_json: str
    winners_json: str
    finished_at: float = Field(default_factory=time.time)
