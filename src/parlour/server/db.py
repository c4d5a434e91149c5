"""Persistence: one row per table, one row per move, through SQLAlchemy 2.

The tables are ``tables`` (game, options, seed, seats with their token
hashes, delay, status, move count, scores, times, the answers to its
rematch), ``moves`` (table id,
move number, action id) and ``patience_results`` (one row per finished
patience that counts for the statistics: its table id, statistics line,
won, score and time; see :mod:`parlour.server.statistics`). A table's state
is never stored: it is rebuilt from its seed and its moves, which is the
engine's own record (DESIGN.md).

Progress Races parties (:mod:`parlour.server.events`) are ``events``
(options, seed, first seating, places with names, kinds, levels and token
hashes, the host's and the join link's token hashes, computer level and
delay, time limit and the running round's deadline, status, times) and
``event_steps`` (event id, step number, the step as JSON: ``["start"]``,
``["play", player, action]``, ``["signal"]``); an event is rebuilt by
:meth:`parlour.engine.events.Event.replay` (the event of
:func:`parlour.events.party_event`).

The schema is made by the Alembic migrations of
:mod:`parlour.server.migrations`, which :class:`Database` runs to the newest
revision whenever it opens a database: a new database gets every revision,
and one made by an older parlour (by ``create_all``, before Alembic: it has
``tables`` but no ``alembic_version``) is upgraded in place with every row
intact. A change to the classes below is a new revision there.

Any SQLAlchemy URL works; the tests run on SQLite and on PostgreSQL
(``postgresql+psycopg://``). SQLite files are put in WAL mode so that
readers do not wait for the writer. Every method is blocking: the app calls them
through ``asyncio.to_thread``; :func:`store_then_adopt` does so for a
commit that the live table or party must then take in.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    JSON,
    Boolean,
    Connection,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    case,
    create_engine,
    delete,
    event,
    exists,
    false,
    func,
    insert,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from parlour.ratings import Rating, player_of, rate_match
from parlour.server.ratings import MatchEnd, rating_change, seat_subjects

PLAYING = "playing"
FINISHED = "finished"
OPEN = "open"
"""A table with open seats, waiting for players (docs/web.md, "Open
seats"): nobody moves and no clock runs until it starts."""
ARCHIVED = "archived"
"""A table abandoned by its people: kept and replayable, not kept in memory
or resumed at start."""
JOINING = "joining"
"""An event whose first round has not started: people may join."""


MAX_ID = 2**31 - 1
"""The largest id an ``Integer`` key holds on every engine (PostgreSQL's
``integer``): no row has a larger one, and PostgreSQL refuses to look one up."""


def _can_be_an_id(number: int) -> bool:
    return 0 < number <= MAX_ID


class Base(DeclarativeBase):
    """The declarative base of the app's tables."""


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
    """Per seat ``{kind, agent?, token_hash?, name?}`` (``name``: the
    display name a person chose)."""
    delay: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds before a computer seat moves; ``None``: the server's default."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    moves: Mapped[int] = mapped_column(Integer)
    scores: Mapped[list[int]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the table's creator chose its seed, and so can know every deal."""
    last_move: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the latest move was committed (``None``: no move yet)."""
    rematch: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """A finished table's rematch once someone answered it (``None`` until
    then): ``{answers: [per seat null | {accepted, token_hash?}], table: id |
    null}`` (:class:`parlour.server.rematch.Rematch`)."""
    pauses: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The table's pauses for people to see (``{"trick": seconds, "hand":
    seconds}``) and, while the next hand waits for them, ``"waiting"``
    (:class:`parlour.server.tables.HandEnd`'s stored form); ``None`` for a
    table made before they existed (the server's defaults, nothing waiting)."""
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the creator's token, which manages the seats (``None``:
    a table made before tables had a creator's link)."""
    hints: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Whether the seats may ask for a hint."""
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The table's clock (``None``: no clock): ``{kind: "realtime" | "turn",
    move: seconds a move, bank: seconds of time bank per seat (real time),
    on_timeout: "easy" | "forfeit"}``."""
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The clock's running part: ``{banks: [seconds left per seat],
    timeouts: [{move, seat, outcome}]}`` (``None``: no clock, or no move yet)."""
    deadline: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True)
    """When the seat to move runs out of time (``None``: no clock running)."""
    forfeited: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that forfeited the match on time (the match is then over)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the match counts for the ratings (no hints, no chosen seed,
    every seat a player or a computer level)."""
    ratings: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    """A finished rated table's rating changes, per seat ``{subject, before:
    {mu, sigma, rating}, after: {...}}`` (``None`` until then)."""
    spectator_chat: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false())
    """Whether spectators may chat at the table (players always may)."""
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    """How many committed changes of the row there were: every write of it
    adds one (:func:`_update_table`), so a server process knows whether its
    copy in memory is behind (docs/cluster.md)."""


class PlayerRow(Base):
    """A person who keeps a name here: a display name and a private key,
    of which only the hash is stored."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    """The display name, NFKC-normalised, as the player chose it."""
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    """What two names are compared by (:func:`parlour.server.players.name_key`):
    no two players share one."""
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """The hash of the player's private key (the browser's HttpOnly cookie)."""
    device_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    """The hash of the one-time code of a "use on another device" link
    (``None``: no link waiting)."""
    device_expires: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True)
    muted: Mapped[list[int]] = mapped_column(JSON, default=list)
    """The ids of the players whose chat this player does not see."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the player last made a request (``None``: never since made)."""


class TableSeatRow(Base):
    """A player's seat at a table: what a player page and the "your turn"
    list are read from. A seat held by a link alone has no row."""

    __tablename__ = "table_seats"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat's place once the match is over (1: won, ties share a place)."""


class ChatRow(Base):
    """One chat message at a table."""

    __tablename__ = "chat_messages"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The sender's seat (``None``: a spectator)."""
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    """The sender's name when he sent it."""
    text: Mapped[str] = mapped_column(String(500))
    move_number: Mapped[int] = mapped_column(Integer)
    """How many moves the table had when it was sent (where a replay shows it)."""
    sent: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """One subject's rating in one game: a player (``player:<id>``) or a
    computer level (``agent:<name>``), all in one pool."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    subject: Mapped[str] = mapped_column(String(80), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MoveRow(Base):
    """One applied action of one table."""

    __tablename__ = "moves"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    move_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[int] = mapped_column(Integer)


class PatienceResultRow(Base):
    """One finished patience that counts for the statistics."""

    __tablename__ = "patience_results"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    """The table: its key, so that no table is ever counted twice."""
    key: Mapped[str] = mapped_column(String(255), index=True)
    """The statistics line, :func:`parlour.stats.stats_key` (``golf``,
    ``golf progress_card="wild"``)."""
    game: Mapped[str] = mapped_column(String(64), index=True)
    won: Mapped[bool] = mapped_column(Boolean)
    score: Mapped[int] = mapped_column(Integer)
    finished: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    """One Progress Races party: its options, seating and places."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(64))
    """Decimal text, as a table's seed."""
    seating: Mapped[list[list[int]]] = mapped_column(JSON)
    """The first seating: per table the players of seats 0-3."""
    places: Mapped[list[dict[str, Any] | None]] = mapped_column(JSON)
    """Per player ``{name, kind, agent?, token_hash?}``; ``None`` for a place
    nobody has taken yet (filled by a computer when the first round starts)."""
    host_hash: Mapped[str] = mapped_column(String(64))
    join_hash: Mapped[str] = mapped_column(String(64))
    level: Mapped[str] = mapped_column(String(32))
    """The agent of the computers that fill the empty places."""
    delay: Mapped[float | None] = mapped_column(Float, nullable=True)
    time_limit: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds a round may last before the server gives the signal."""
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the running round's time runs out (meaningful while a round is played)."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    steps: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the party's host chose its seed, and so can know every deal."""
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    """How many committed changes of the row there were (as :attr:`TableRow.revision`)."""


class EventStepRow(Base):
    """One step of one event."""

    __tablename__ = "event_steps"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    step: Mapped[list[Any]] = mapped_column(JSON)


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event row with its steps in order, detached from any session."""

    row: EventRow
    steps: list[list[Any]]


@dataclass(frozen=True, slots=True)
class PatienceResult:
    """What a finished patience adds to its statistics line ``key``."""

    key: str
    game: str
    won: bool
    score: int


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table row with its actions in order, detached from any session."""

    row: TableRow
    actions: list[int]
    first: int = 0
    """The move number of ``actions[0]``: 0 unless read from a later move on
    (:meth:`Database.table`'s ``moves_from``)."""


def now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """``moment`` with its time zone (databases without time zones give
    naive UTC times back)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


SQLITE_WAIT = 10.0
"""Seconds a connection to a SQLite file waits for another's lock."""


def _enable_sqlite_wal(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_WAIT * 1000)}")
        _write_ahead(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


def _write_ahead(cursor: Any) -> None:
    """Put the SQLite file in write-ahead-log mode. A new file's switch
    takes it whole, and SQLite answers "database is locked" at once, without
    the busy wait, while another connection holds it (servers starting
    together): try again until :data:`SQLITE_WAIT` is spent."""
    deadline = time.monotonic() + SQLITE_WAIT
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
            time.sleep(0.01)


MIGRATIONS = "parlour.server:migrations"
"""Where Alembic finds the migrations: inside the installed package."""

_MIGRATION_LOCK = 0x7061726C6F7572
"""The PostgreSQL advisory lock that one upgrade at a time holds ("parlour")."""


class MissingDriverError(SQLAlchemyError):
    """A database URL whose driver (the Python package SQLAlchemy talks to
    the database through) is not installed."""


class ForeignSchemaError(SQLAlchemyError):
    """A database with a table of one of parlour's names that another
    program made: parlour neither uses nor alters it."""


class NewerSchemaError(SQLAlchemyError):
    """A database upgraded by a newer parlour: this one cannot use it (and
    does not try: nothing is changed)."""


def upgrade(engine: Engine) -> None:
    """Bring the database at ``engine`` to the newest revision, in one
    transaction: all of the missing revisions or none.

    Two servers starting at once on one database take turns (SQLite's write
    lock, a PostgreSQL advisory lock); the second finds the schema up to
    date and changes nothing. A database at a revision this parlour does
    not know is refused with :class:`NewerSchemaError`.
    """
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    revisions = ScriptDirectory.from_config(config)
    with engine.begin() as connection:
        _lock_for_migrations(connection)
        current = MigrationContext.configure(connection).get_current_revision()
        if current is not None and current not in {
            script.revision for script in revisions.walk_revisions()
        }:
            raise NewerSchemaError(
                f"its schema is at revision {current}, which this parlour does not know (it "
                f"knows up to {revisions.get_current_head()}): a newer parlour upgraded it")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _lock_for_migrations(connection: Connection) -> None:
    if connection.dialect.name == "sqlite":
        # The driver would begin only at the first INSERT, and commit each
        # CREATE or ALTER on its own: begin now, and take the write lock.
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})


TABLE = "table"
"""What :attr:`Database.announce` is told of a table's change (its row's ``revision``)."""
EVENT = "event"
"""... of a party's change."""
CHAT = "chat"
"""... of a new chat message at a table (its number)."""

Announce = Callable[[Connection, str, int, int | None], None]
"""Told, inside the transaction of a change, ``(connection, kind, id,
number)``: a table's or a party's row changed (``TABLE``, ``EVENT``; the
number ``None``: the row's new revision is read there), or a chat message
was added (``CHAT``, the table's id and the message's number)."""


class Database:
    """The app's storage at one SQLAlchemy URL, migrated to the newest schema.

    ``announce``, when given, is told of every change of a table, a party
    or a chat inside the transaction that makes it (several server
    processes on PostgreSQL announce them to each other:
    :func:`parlour.server.cluster.announce`)."""

    def __init__(self, url: str, announce: Announce | None = None) -> None:
        self.announce = announce
        is_sqlite = url.startswith("sqlite")
        try:
            self.engine = create_engine(
                url, connect_args={"check_same_thread": False} if is_sqlite else {}
            )
        except ImportError as error:
            raise MissingDriverError(
                f"its driver {error.name} is not installed (for PostgreSQL: "
                "pip install 'parlour[postgres]')") from None
        if is_sqlite:
            _enable_sqlite_wal(self.engine)
        try:
            upgrade(self.engine)
        except BaseException:
            self.engine.dispose()  # no connection outlives a database that did not open
            raise

    def close(self) -> None:
        """Release every pooled connection."""
        self.engine.dispose()

    def _changed(self, connection: Connection, kind: str, row_id: int,
                 number: int | None = None) -> None:
        """Announce a change within its transaction (see :attr:`announce`)."""
        if self.announce is not None:
            self.announce(connection, kind, row_id, number)

    def add_table(self, row: TableRow) -> int:
        """Insert a new table, and the ``table_seats`` row of each of its
        seats where a player sits (the stored seat's ``player``), in one
        transaction; returns its id."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(row)
            session.flush()
            session.add_all(_seat_rows(row))
            session.commit()
            return row.id

    def add_moves(
        self, table_id: int, first_move_number: int, actions: Sequence[int],
        scores: list[int], is_over: bool, result: PatienceResult | None = None,
        pauses: dict[str, Any] | None = None, clock: dict[str, Any] | None = None,
        ending: MatchEnd | None = None,
    ) -> list[dict[str, Any]] | None:
        """Commit a move's actions (numbered from ``first_move_number``; a
        whole line of text may name several), the table's new move count,
        scores and status, the ``result`` of a patience that it ends, the
        table's new ``pauses`` (the hand it ends waiting for the people; not
        changed when ``None``), its clock's new ``clock_state`` and
        ``deadline`` (``clock``; not changed when ``None``) and the ``ending``
        of the match it ends (:meth:`_end_match`: places and ratings), in one
        transaction: all of them are stored or none. Returns the rating
        changes of a rated match it ends (``None`` otherwise)."""
        moment = now()
        values: dict[str, Any] = {
            "moves": first_move_number + len(actions), "scores": scores, "last_move": moment,
            **(clock or {}),
        }
        if pauses is not None:
            values["pauses"] = pauses
        if is_over:
            values.update(status=FINISHED, finished=moment)
        # Core statements, not the ORM's unit of work: this runs once per move.
        with self.engine.begin() as connection:
            connection.execute(insert(MoveRow), [
                {"table_id": table_id, "move_number": first_move_number + offset,
                 "action": action}
                for offset, action in enumerate(actions)
            ])
            _update_table(connection, table_id, values)
            if result is not None:
                assert is_over, "only the move that ends a patience has its result"
                connection.execute(insert(PatienceResultRow).values(
                    table_id=table_id, finished=values["finished"], **asdict(result)))
            changes = None
            if ending is not None:
                assert is_over, "only the move that ends a match has its ending"
                changes = _end_match(connection, table_id, ending, moment)
            self._changed(connection, TABLE, table_id)
            return changes

    def end_match(self, table_id: int, ending: MatchEnd,
                  values: dict[str, Any]) -> list[dict[str, Any]] | None:
        """Store the table's columns ``values`` (its status, a forfeit's
        clock) and the ``ending`` of its match (:func:`_end_match`) in one
        transaction: what a match that ends without a move (a forfeit on
        time) stores. Returns its rating changes (``None``: not rated)."""
        with self.engine.begin() as connection:
            _update_table(connection, table_id, values)
            changes = _end_match(connection, table_id, ending, now())
            self._changed(connection, TABLE, table_id)
            return changes

    def leaderboard(self, game: str, limit: int) -> list[tuple[RatingRow, str | None]]:
        """The ``limit`` best rated subjects of ``game`` (by displayed rating,
        then matches, then subject), each with its player's name (``None``:
        a level)."""
        ordinal = RatingRow.mu - 3 * RatingRow.sigma
        query = (select(RatingRow).where(RatingRow.game == game, RatingRow.matches > 0)
                 .order_by(ordinal.desc(), RatingRow.matches.desc(), RatingRow.subject)
                 .limit(limit))
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.scalars(query).all()
            ids = [player for row in rows if (player := player_of(row.subject)) is not None]
            names = dict(session.execute(
                select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(ids))).all())
            return [(row, names.get(player_of(row.subject) or 0)) for row in rows]

    def subject_ratings(self, subject: str) -> Sequence[RatingRow]:
        """Every game's rating of ``subject`` that a rated match has moved, by game."""
        query = select(RatingRow).where(
            RatingRow.subject == subject, RatingRow.matches > 0).order_by(RatingRow.game)
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalars(query).all()

    def rating(self, game: str, subject: str) -> RatingRow | None:
        """The stored rating of ``subject`` in ``game`` (``None``: it has none yet)."""
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(RatingRow, (game, subject))

    def take_back_moves(self, table_id: int, move_number: int, scores: list[int]) -> None:
        """Delete the table's actions from ``move_number`` on (a patience's
        undo) and store its move count and scores of then, in one
        transaction: the record keeps no move taken back."""
        with self.engine.begin() as connection:
            connection.execute(delete(MoveRow).where(
                MoveRow.table_id == table_id, MoveRow.move_number >= move_number))
            _update_table(connection, table_id, {
                "moves": move_number, "scores": scores, "last_move": now()})
            self._changed(connection, TABLE, table_id)

    def rematch(self, table_id: int) -> dict[str, Any] | None:
        """The stored rematch of the table (``None``: nobody answered it yet)."""
        with self.engine.connect() as connection:
            stored: dict[str, Any] | None = connection.scalar(
                select(TableRow.rematch).where(TableRow.id == table_id))
            return stored

    def set_rematch(self, table_id: int, rematch: dict[str, Any]) -> None:
        """Store the answers to the table's rematch."""
        with self.engine.begin() as connection:
            _update_table(connection, table_id, {"rematch": rematch})
            self._changed(connection, TABLE, table_id)

    def add_rematch_table(self, table_id: int, row: TableRow, rematch: dict[str, Any]) -> int:
        """Insert the rematch ``row`` of table ``table_id`` and store that
        table's ``rematch`` naming it, in one transaction (a rematch is made
        once or not at all); returns the new table's id."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(row)
            session.flush()
            session.add_all(_seat_rows(row))  # the players keep their seats' rows
            _update_table(session.connection(), table_id, {"rematch": {**rematch, "table": row.id}})
            self._changed(session.connection(), TABLE, table_id)
            session.commit()
            return row.id

    def add_patience_result(
        self, table_id: int, result: PatienceResult, finished: datetime
    ) -> None:
        """Count a patience that finished before results were kept."""
        with self.engine.begin() as connection:
            connection.execute(insert(PatienceResultRow).values(
                table_id=table_id, finished=finished, **asdict(result)))

    def finished_without_result(self, games: Sequence[str]) -> Sequence[TableRow]:
        """The finished tables of ``games`` that have no result row, oldest first."""
        counted = exists().where(PatienceResultRow.table_id == TableRow.id)
        query = select(TableRow).where(
            TableRow.status == FINISHED, TableRow.game.in_(games), ~counted
        ).order_by(TableRow.id)
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalars(query).all()

    def patience_results(
        self, key: str | None = None, game: str | None = None
    ) -> Sequence[PatienceResultRow]:
        """Every result, or those of one line or one game, in the order the
        games finished."""
        query = select(PatienceResultRow).order_by(
            PatienceResultRow.finished, PatienceResultRow.table_id
        )
        if key is not None:
            query = query.where(PatienceResultRow.key == key)
        if game is not None:
            query = query.where(PatienceResultRow.game == game)
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalars(query).all()

    def is_counted(self, table_id: int) -> bool:
        """Whether the table has a result in the statistics."""
        if not _can_be_an_id(table_id):
            return False
        with Session(self.engine) as session:
            return session.get(PatienceResultRow, table_id) is not None

    def table(self, table_id: int, snapshot: bool = False,
              moves_from: int = 0) -> StoredTable | None:
        """The table ``table_id`` with its moves (those numbered
        ``moves_from`` on, unless it has fewer moves: then all), or
        ``None``; with ``snapshot`` (PostgreSQL), the row and the moves as
        one committed state of the database, whatever commits meanwhile."""
        if not _can_be_an_id(table_id):
            return None
        with Session(self._snapshots(snapshot), expire_on_commit=False) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            first = moves_from if moves_from <= row.moves else 0
            return StoredTable(row, self._actions(session, table_id, first), first)

    def unfinished_tables(self) -> list[StoredTable]:
        """Every table whose match is still being played, oldest first."""
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.scalars(
                select(TableRow).where(TableRow.status == PLAYING).order_by(TableRow.id)
            ).all()
            return [StoredTable(row, self._actions(session, row.id)) for row in rows]

    def _snapshots(self, snapshot: bool) -> Engine:
        """The engine, reading one committed state of the database in a
        transaction if ``snapshot`` (on PostgreSQL; SQLite's transactions do)."""
        if snapshot and self.engine.dialect.name == "postgresql":
            return self.engine.execution_options(isolation_level="REPEATABLE READ")
        return self.engine

    def live_event_ids(self) -> list[int]:
        """The ids of every party not over."""
        with self.engine.connect() as connection:
            return list(connection.scalars(select(EventRow.id).where(
                EventRow.status != FINISHED).order_by(EventRow.id)))

    def event_revision(self, event_id: int) -> int | None:
        """The party's revision (``None``: no such party)."""
        with self.engine.connect() as connection:
            revision: int | None = connection.scalar(
                select(EventRow.revision).where(EventRow.id == event_id))
            return revision

    def live_table_ids(self) -> list[int]:
        """The ids of every table being played or waiting for players."""
        with self.engine.connect() as connection:
            return list(connection.scalars(select(TableRow.id).where(
                TableRow.status.in_((PLAYING, OPEN))).order_by(TableRow.id)))

    def revision(self, table_id: int) -> int | None:
        """The table's revision (``None``: no such table)."""
        with self.engine.connect() as connection:
            revision: int | None = connection.scalar(
                select(TableRow.revision).where(TableRow.id == table_id))
            return revision

    def list_tables(self, status: str | None, limit: int) -> Sequence[TableRow]:
        """The newest ``limit`` tables, all or those with ``status``."""
        query = select(TableRow).order_by(TableRow.id.desc()).limit(limit)
        if status is not None:
            query = query.where(TableRow.status == status)
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalars(query).all()

    @staticmethod
    def _actions(session: Session, table_id: int, first: int = 0) -> list[int]:
        return list(session.scalars(
            select(MoveRow.action).where(MoveRow.table_id == table_id,
                                         MoveRow.move_number >= first)
            .order_by(MoveRow.move_number)
        ))

    def archive_idle_tables(self, before: datetime) -> int:
        """Mark ``archived`` every table being played whose latest move (or,
        without one, its creation) is older than ``before``, but for those
        whose clock runs (their deadline moves them on); returns how many."""
        query = update(TableRow).where(
            TableRow.status == PLAYING, TableRow.deadline.is_(None),
            func.coalesce(TableRow.last_move, TableRow.created) < before,
        ).values(status=ARCHIVED, revision=TableRow.revision + 1).returning(TableRow.id)
        with self.engine.begin() as connection:
            archived = list(connection.scalars(query))
            for table_id in archived:
                self._changed(connection, TABLE, table_id)
            return len(archived)

    def set_table_pauses(self, table_id: int, pauses: dict[str, Any]) -> None:
        """Store a table's pauses (a person continued, or the wait ended)."""
        with self.engine.begin() as connection:
            _update_table(connection, table_id, {"pauses": pauses})
            self._changed(connection, TABLE, table_id)
    def set_table_seats(self, table_id: int, seats: list[dict[str, Any]],
                        players: dict[int, int | None] | None = None) -> None:
        """Store who sits where (the seats' stored forms): a name, a seat
        given to a computer or a person, a new link; and in the same
        transaction the ``table_seats`` rows of the seats whose player
        changed (``players``: the seat's player now, ``None`` for none)."""
        with self.engine.begin() as connection:
            _update_table(connection, table_id, {"seats": seats})
            for seat, player_id in (players or {}).items():
                _set_seat_player(connection, table_id, seat, player_id)
            self._changed(connection, TABLE, table_id)

    def fill_seats(self, table_id: int, seats: list[dict[str, Any]], values: dict[str, Any],
                   seat: int | None = None, player_id: int | None = None) -> None:
        """Store the seats of a table with open seats (one taken, or every
        one given to a computer by its creator) with the table's other new
        ``values`` (its status and clock once it starts) and, when the
        player ``player_id`` took ``seat``, his ``table_seats`` row, in one
        transaction."""
        with self.engine.begin() as connection:
            _update_table(connection, table_id, {"seats": seats, **values})
            if seat is not None and player_id is not None:
                connection.execute(insert(TableSeatRow).values(
                    table_id=table_id, seat=seat, player_id=player_id))
            self._changed(connection, TABLE, table_id)

    def player_seats(self, player_id: int, statuses: Sequence[str]) -> list[tuple[int, int]]:
        """The ``(table id, seat)`` of every seat the player holds at a
        table whose status is one of ``statuses``, newest table first."""
        query = select(TableSeatRow.table_id, TableSeatRow.seat).join(
            TableRow, TableRow.id == TableSeatRow.table_id).where(
            TableSeatRow.player_id == player_id, TableRow.status.in_(statuses)).order_by(
            TableRow.id.desc())
        with self.engine.connect() as connection:
            return [(int(table_id), int(seat)) for table_id, seat in connection.execute(query)]

    def set_table_hints(self, table_id: int, hints: bool) -> None:
        """Switch the table's hints on or off (on: its match is rated no more)."""
        values: dict[str, Any] = {"hints": hints} if not hints else {"hints": True, "rated": False}
        with self.engine.begin() as connection:
            _update_table(connection, table_id, values)
            self._changed(connection, TABLE, table_id)

    def set_table_rated(self, table_id: int, rated: bool) -> None:
        """Store whether the table's match counts for the ratings (decided
        again when an open table starts: :func:`parlour.server.ratings.is_rated`)."""
        with self.engine.begin() as connection:
            _update_table(connection, table_id, {"rated": rated})
            self._changed(connection, TABLE, table_id)

    def set_table_status(self, table_id: int, status: str) -> None:
        """Change the status of an unfinished table (``playing`` or ``archived``)."""
        with self.engine.begin() as connection:
            _update_table(connection, table_id, {"status": status})
            self._changed(connection, TABLE, table_id)

    # --- players ---------------------------------------------------------------
    def add_player(self, name: str, name_key: str, key_hash: str) -> PlayerRow | None:
        """Insert a player; ``None`` when another player has ``name_key``
        (the unique index decides, so two requests at once cannot both win)."""
        row = PlayerRow(name=name, name_key=name_key, key_hash=key_hash, muted=[],
                        created=now())
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                return None
            return row

    def player(self, player_id: int) -> PlayerRow | None:
        """The player ``player_id``, or ``None``."""
        if not _can_be_an_id(player_id):
            return None
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(PlayerRow, player_id)

    def player_by_key(self, key_hash: str) -> PlayerRow | None:
        """The player whose key hashes to ``key_hash``, or ``None``."""
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalar(select(PlayerRow).where(PlayerRow.key_hash == key_hash))

    def player_by_name_key(self, name_key: str) -> PlayerRow | None:
        """The player whose name compares as ``name_key``, or ``None``."""
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalar(select(PlayerRow).where(PlayerRow.name_key == name_key))

    def update_player(self, player_id: int, values: dict[str, Any]) -> bool:
        """Change the player's columns ``values`` (a new name, key, device
        code, muted list); ``False`` when a unique column refuses the change
        (a name another player took meanwhile)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    update(PlayerRow).where(PlayerRow.id == player_id).values(**values))
        except IntegrityError:
            return False
        return True

    def redeem_device_code(self, device_hash: str, moment: datetime) -> PlayerRow | None:
        """The player whose "use on another device" code hashes to
        ``device_hash``, if it has not expired at ``moment``; the code is
        spent either way (a link works once)."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            row = session.scalar(select(PlayerRow).where(PlayerRow.device_hash == device_hash)
                                 .with_for_update())
            if row is None:
                return None
            expires = row.device_expires
            row.device_hash = None
            row.device_expires = None
            if expires is None or aware(expires) < moment:
                return None
            return row

    def set_seat_player(self, table_id: int, seat: int, player_id: int | None) -> None:
        """Record that ``player_id`` sits at the table's ``seat`` (``None``:
        no player does any more)."""
        with self.engine.begin() as connection:
            _set_seat_player(connection, table_id, seat, player_id)

    def player_tables(self, player_id: int, limit: int) -> list[tuple[TableRow, int, int | None]]:
        """The newest ``limit`` tables where the player sits, each with his
        seat and his place (``None`` until the match is over), newest first."""
        query = (select(TableRow, TableSeatRow.seat, TableSeatRow.place)
                 .join(TableSeatRow, TableSeatRow.table_id == TableRow.id)
                 .where(TableSeatRow.player_id == player_id)
                 .order_by(TableRow.id.desc()).limit(limit))
        with Session(self.engine, expire_on_commit=False) as session:
            return [(row, seat, place) for row, seat, place in session.execute(query)]

    def unfinished_player_tables(self, player_id: int) -> list[int]:
        """The ids of the tables where the player sits whose match is not
        over (being played, open or archived), oldest first."""
        query = (select(TableSeatRow.table_id)
                 .join(TableRow, TableSeatRow.table_id == TableRow.id)
                 .where(TableSeatRow.player_id == player_id, TableRow.status != FINISHED)
                 .order_by(TableSeatRow.table_id))
        with self.engine.connect() as connection:
            return list(connection.scalars(query))

    def player_win_rates(self, player_id: int) -> list[tuple[str, int, int]]:
        """Per game, the player's finished matches with a place and how many
        of them he won (place 1, ties sharing it): ``(game, played, won)``,
        by game."""
        won = func.sum(case((TableSeatRow.place == 1, 1), else_=0))
        query = (select(TableRow.game, func.count(), won)
                 .join(TableRow, TableSeatRow.table_id == TableRow.id)
                 .where(TableSeatRow.player_id == player_id, TableRow.status == FINISHED,
                        TableSeatRow.place.is_not(None))
                 .group_by(TableRow.game).order_by(TableRow.game))
        with self.engine.connect() as connection:
            return [(game, int(played), int(wins or 0))
                    for game, played, wins in connection.execute(query)]

    # --- chat --------------------------------------------------------------------
    def add_chat_message(self, row: ChatRow, most: int) -> ChatRow | None:
        """Insert the chat message ``row`` as the table's next (its
        ``number`` is set here: 1, 2, ...), unless the table holds ``most``
        messages already (``None``). Counting and inserting are one
        transaction; two servers adding at once make one of them fail on the
        key rather than share a number."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            count, last = session.execute(
                select(func.count(), func.max(ChatRow.number))
                .where(ChatRow.table_id == row.table_id)).one()
            if count >= most:
                return None
            row.number = (last or 0) + 1
            session.add(row)
            session.flush()
            self._changed(session.connection(), CHAT, row.table_id, row.number)
        return row

    def chat_messages(
        self, table_id: int, muted: Sequence[int] = (), after: int = 0,
        until_move: int | None = None,
    ) -> Sequence[ChatRow]:
        """The table's chat messages numbered above ``after``, in order, but
        those of the players ``muted``; with ``until_move``, those sent while
        the table had at most that many moves."""
        query = select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.number > after)
        if muted:
            query = query.where(or_(ChatRow.player_id.is_(None),
                                    ChatRow.player_id.not_in(list(muted))))
        if until_move is not None:
            query = query.where(ChatRow.move_number <= until_move)
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalars(query.order_by(ChatRow.number)).all()

    def players_muting(self, sender: int, players: Sequence[int]) -> set[int]:
        """Those of ``players`` who muted the player ``sender``."""
        if not players:
            return set()
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(PlayerRow.id, PlayerRow.muted).where(PlayerRow.id.in_(list(players))))
            return {player for player, muted in rows if sender in (muted or ())}

    def set_spectator_chat(self, table_id: int, allowed: bool) -> None:
        """Let the table's spectators chat, or not."""
        with self.engine.begin() as connection:
            _update_table(connection, table_id, {"spectator_chat": allowed})
            self._changed(connection, TABLE, table_id)

    # --- events ----------------------------------------------------------------
    def add_event(self, row: EventRow) -> int:
        """Insert a new event; returns its id."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(row)
            session.commit()
            return row.id

    def update_event(
        self, event_id: int, values: dict[str, Any],
        first_step: int | None = None, steps: Sequence[list[Any]] = (),
    ) -> None:
        """Change the event's columns ``values`` and add ``steps`` (numbered
        from ``first_step``) in one transaction: all of them or none."""
        rows = []
        if steps:
            assert first_step is not None, "steps are numbered"
            values = {**values, "steps": first_step + len(steps)}
            rows = [{"event_id": event_id, "number": number, "step": step}
                    for number, step in enumerate(steps, start=first_step)]
        with self.engine.begin() as connection:
            if rows:
                connection.execute(insert(EventStepRow), rows)
            connection.execute(update(EventRow).where(EventRow.id == event_id).values(
                **values, revision=EventRow.revision + 1))
            self._changed(connection, EVENT, event_id)

    def event(self, event_id: int, snapshot: bool = False) -> StoredEvent | None:
        """The event ``event_id`` with its steps, or ``None`` (``snapshot``:
        as :meth:`table`'s)."""
        if not _can_be_an_id(event_id):
            return None
        with Session(self._snapshots(snapshot), expire_on_commit=False) as session:
            row = session.get(EventRow, event_id)
            if row is None:
                return None
            return StoredEvent(row, self._steps(session, event_id))

    def unfinished_events(self) -> list[StoredEvent]:
        """Every event not over yet (joining or playing), oldest first."""
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.scalars(
                select(EventRow).where(EventRow.status != FINISHED).order_by(EventRow.id)
            ).all()
            return [StoredEvent(row, self._steps(session, row.id)) for row in rows]

    def list_events(self, limit: int) -> Sequence[EventRow]:
        """The newest ``limit`` events."""
        query = select(EventRow).order_by(EventRow.id.desc()).limit(limit)
        with Session(self.engine, expire_on_commit=False) as session:
            return session.scalars(query).all()

    @staticmethod
    def _steps(session: Session, event_id: int) -> list[list[Any]]:
        return [list(step) for step in session.scalars(
            select(EventStepRow.step).where(EventStepRow.event_id == event_id)
            .order_by(EventStepRow.number)
        )]


def _update_table(connection: Connection, table_id: int, values: dict[str, Any]) -> None:
    """Within ``connection``'s transaction: write the table's columns
    ``values``, and count the change in its ``revision``."""
    connection.execute(update(TableRow).where(TableRow.id == table_id).values(
        **values, revision=TableRow.revision + 1))


def _seat_rows(row: TableRow) -> list[TableSeatRow]:
    """The ``table_seats`` rows of a new table's seats where a player sits
    (its id known: after a flush)."""
    return [TableSeatRow(table_id=row.id, seat=index, player_id=seat["player"])
            for index, seat in enumerate(row.seats) if seat.get("player") is not None]


def _set_seat_player(connection: Connection, table_id: int, seat: int,
                     player_id: int | None) -> None:
    """Within ``connection``'s transaction: ``player_id`` sits at the
    table's ``seat`` (``None``: no player does)."""
    connection.execute(delete(TableSeatRow).where(
        TableSeatRow.table_id == table_id, TableSeatRow.seat == seat))
    if player_id is not None:
        connection.execute(insert(TableSeatRow).values(
            table_id=table_id, seat=seat, player_id=player_id))


def _end_match(connection: Connection, table_id: int, ending: MatchEnd,
               moment: datetime) -> list[dict[str, Any]] | None:
    """Record the end of table ``table_id``'s match on ``connection``, in
    its transaction: every player's place (``table_seats``), the seat that
    forfeited, and at a rated table (:mod:`parlour.server.ratings`) its
    subjects' new ratings and its rating changes, which it returns
    (``None``: not rated).

    The places are written first: a write, which on SQLite takes the
    database's write lock before the ratings are read, so that two matches
    ending at once update a subject one after the other. On PostgreSQL the
    subjects' rows are locked (``SELECT ... FOR UPDATE``, in the order of
    their names: two transactions never wait for each other in a circle).
    """
    for seat, place in enumerate(ending.places):
        connection.execute(update(TableSeatRow).where(
            TableSeatRow.table_id == table_id, TableSeatRow.seat == seat).values(place=place))
    table = connection.execute(select(TableRow.game, TableRow.rated, TableRow.seats)
                               .where(TableRow.id == table_id)).one()
    values: dict[str, Any] = {}
    if ending.forfeited is not None:
        values["forfeited"] = ending.forfeited
    changes = None
    if table.rated:
        players = {seat: player for seat, player in connection.execute(
            select(TableSeatRow.seat, TableSeatRow.player_id)
            .where(TableSeatRow.table_id == table_id)).all()}
        subjects = seat_subjects(table.seats, players)
        if subjects is None or len(subjects) != len(ending.places):
            values["rated"] = False
        else:
            before = _locked_ratings(connection, table.game, subjects, moment)
            after = rate_match(subjects, before, ending.places)
            for subject, rating in after.items():
                connection.execute(update(RatingRow).where(
                    RatingRow.game == table.game, RatingRow.subject == subject).values(
                    mu=rating.mu, sigma=rating.sigma, matches=rating.matches, updated=moment))
            changes = [rating_change(subject, before[subject], after[subject])
                       for subject in subjects]
            values["ratings"] = changes
    if values:
        _update_table(connection, table_id, values)
    return changes


def _locked_ratings(connection: Connection, game: str, subjects: Sequence[str],
                    moment: datetime) -> dict[str, Rating]:
    """The ratings of ``subjects`` in ``game``, their rows locked until the
    transaction ends; a subject without one gets a new row at the start."""
    names = sorted(set(subjects))
    fresh = Rating()
    rows = [{"game": game, "subject": subject, "mu": fresh.mu, "sigma": fresh.sigma,
             "matches": 0, "updated": moment} for subject in names]
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    connection.execute(dialect.insert(RatingRow).on_conflict_do_nothing(), rows)
    found = connection.execute(
        select(RatingRow.subject, RatingRow.mu, RatingRow.sigma, RatingRow.matches)
        .where(RatingRow.game == game, RatingRow.subject.in_(names))
        .order_by(RatingRow.subject).with_for_update()).all()
    return {row.subject: Rating(row.mu, row.sigma, row.matches) for row in found}


Stored = TypeVar("Stored")


async def store_then_adopt(store: Callable[[], Stored], adopt: Callable[[Stored], None]) -> None:
    """Run the blocking ``store`` in a thread, then ``adopt(its result)``.

    A cancelled caller (a server stopping, a computer's task cancelled) does
    not part the two: once ``store`` has started, its commit goes through
    whatever happens to the caller, so the cancellation waits for it, adopts
    what it committed, and only then goes on. The memory never lags behind
    the database, which would refuse the next move at the same number. If
    ``store`` raises, nothing is adopted and its error goes on.
    """
    stored = asyncio.ensure_future(asyncio.to_thread(store))
    cancelled: asyncio.CancelledError | None = None
    while not stored.done():
        try:
            await asyncio.shield(stored)
        except asyncio.CancelledError as error:
            cancelled = error  # the caller's, not the store's: wait on
    adopt(stored.result())  # the store's own error, if any, goes on from here
    if cancelled is not None:
        # the caller's own cancellation, its message kept (a task group
        # knows its own cancellation by it)
        raise cancelled
