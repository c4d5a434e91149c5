"""Persistence: one row per table, one row per move, through SQLAlchemy 2.

The tables are ``tables`` (game, options, seed, seats with their token
hashes, delay, status, move count, scores, times) and ``moves`` (table id,
move number, action id). A table's state is never stored: it is rebuilt from
its seed and its moves, which is the engine's own record (DESIGN.md).

Any SQLAlchemy URL works; SQLite files are put in WAL mode so that readers
do not wait for the writer. Every method is blocking: the app calls them
through ``asyncio.to_thread``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

PLAYING = "playing"
FINISHED = "finished"


class Base(DeclarativeBase):
    """The declarative base of the app's two tables."""


class TableRow(Base):
    """One table: what it plays and who sits where."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(64))
    """Decimal text: seeds are Python integers of any size."""
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Per seat ``{kind, agent?, token_hash?}``."""
    delay: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds before a computer seat moves; ``None``: the server's default."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    moves: Mapped[int] = mapped_column(Integer)
    scores: Mapped[list[int]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class MoveRow(Base):
    """One applied action of one table."""

    __tablename__ = "moves"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    move_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[int] = mapped_column(Integer)


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table row with its actions in order, detached from any session."""

    row: TableRow
    actions: list[int]


def now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


def _enable_sqlite_wal(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


class Database:
    """The app's storage at one SQLAlchemy URL; creates its tables if missing."""

    def __init__(self, url: str) -> None:
        is_sqlite = url.startswith("sqlite")
        self.engine = create_engine(
            url, connect_args={"check_same_thread": False} if is_sqlite else {}
        )
        if is_sqlite:
            _enable_sqlite_wal(self.engine)
        Base.metadata.create_all(self.engine)

    def close(self) -> None:
        """Release every pooled connection."""
        self.engine.dispose()

    def add_table(self, row: TableRow) -> int:
        """Insert a new table; returns its id."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(row)
            session.commit()
            return row.id

    def add_moves(
        self, table_id: int, first_move_number: int, actions: Sequence[int],
        scores: list[int], is_over: bool,
    ) -> None:
        """Commit a move's actions (numbered from ``first_move_number``; a
        whole line of text may name several) and the table's new move count,
        scores and status in one transaction: all of them are stored or none."""
        values: dict[str, Any] = {"moves": first_move_number + len(actions), "scores": scores}
        if is_over:
            values.update(status=FINISHED, finished=now())
        # Core statements, not the ORM's unit of work: this runs once per move.
        with self.engine.begin() as connection:
            connection.execute(insert(MoveRow), [
                {"table_id": table_id, "move_number": first_move_number + offset,
                 "action": action}
                for offset, action in enumerate(actions)
            ])
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    def table(self, table_id: int) -> StoredTable | None:
        """The table ``table_id`` with its moves, or ``None``."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return StoredTable(row, self._actions(session, table_id))

    def unfinished_tables(self) -> list[StoredTable]:
        """Every table whose match is still being played, oldest first."""
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.scalars(
                select(TableRow).where(TableRow.status == PLAYING).order_by(TableRow.id)
            ).all()
            return [StoredTable(row, self._actions(session, row.id)) for row in rows]

    def list_tables(self, status: str | None, limit: int) -> Sequence[TableRow]:
        """The newest ``limit`` tables, all or those with ``status``."""
        query = select(TableRow).order_by(TableRow.id.desc()).limit(limit)
        if status is not None:
            query = query.where(TableRow.status == status)
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalars(query).all()

    @staticmethod
    def _actions(session: Session, table_id: int) -> list[int]:
        return list(session.scalars(
            select(MoveRow.action).where(MoveRow.table_id == table_id)
            .order_by(MoveRow.move_number)
        ))
