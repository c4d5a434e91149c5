"""Several server processes on one PostgreSQL database (docs/cluster.md):
the building blocks through which they share the live tables.

- :class:`TableBus`: every process LISTENs on the channel ``parlour_tables``
  and hears ``(table id, move count)`` whenever a transaction that changed
  a table commits (:func:`publish`, sent inside that transaction), so it
  can refresh its copy of the table and tell its sockets.
- :func:`move_lock`: the table's lock in the database under which a move
  is applied, whichever process received it (one transaction:
  the lock, the move count, the move, the notification).
- :class:`Ownership`: the tables whose computer players and clocks a
  process runs, each held by a session-level advisory lock on a connection
  of its own; PostgreSQL releases them when the process dies (its
  connection drops), and another process takes the tables over.

Advisory locks come in two key spaces: one ``bigint``, which the migration
lock uses (:data:`parlour.server.db._MIGRATION_LOCK`), and two ``integer``
s, which the cluster uses, with a namespace per kind of lock
(:data:`MOVE_LOCKS`, :data:`OWNER_LOCKS`) and the table id: no two kinds
collide. Advisory locks are per database, so two parlour databases on one
server do not share them either.

None of this exists on SQLite: a process on SQLite serves every table
alone, and these refuse its URL with :class:`ClusterError`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self

from sqlalchemy import URL, Connection, make_url, text

from parlour.server.db import CHAT, EVENT, MAX_ID, TABLE, Database

# Without the postgres extra only SQLite can be served: the refusal of any
# database but PostgreSQL (`parlour serve --workers 2`) needs no driver, and
# nothing else here is reached (a database does not open without its driver).
with contextlib.suppress(ImportError):
    import psycopg

logger = logging.getLogger("parlour.server")

CHANNEL = "parlour_tables"
"""The channel on which a committed change is announced, as ``"<kind> <id>
<number>"``: ``table 12 40`` (table 12 is at revision 40), ``event 3 7`` (a
party), ``chat 12 5`` (table 12's chat message 5)."""

PRESENCE = "presence"
"""A notification of the seats whose pages a process has open at a table:
``presence 12 5`` (seats 0 and 2, a bit a seat), from the connection of
that process's :class:`Presence`, whose backend pid says which process."""

KINDS = (TABLE, EVENT, CHAT, PRESENCE)
"""What a notification may be about."""

MOVE_LOCKS = 0x706D6F76
"""The namespace of the move locks ("pmov"): ``pg_advisory_xact_lock(MOVE_LOCKS, table id)``."""

OWNER_LOCKS = 0x706F776E
"""The namespace of the owner locks ("pown"): ``pg_try_advisory_lock(OWNER_LOCKS, table id)``."""

EVENT_MOVE_LOCKS = 0x70657676
"""The namespace of the parties' locks ("pevv"), as :data:`MOVE_LOCKS` for tables."""

EVENT_OWNER_LOCKS = 0x7065766F
"""The namespace of the parties' owner locks ("pevo"), as :data:`OWNER_LOCKS` for tables."""

OnChange = Callable[[int, int], None]
"""Told ``(id, number)`` of a committed change: a table's or a party's id
and its new revision, or a table's id and its new chat message's number."""

OnMissed = Callable[[], None]
"""Told that changes may have been missed (the bus's connection was lost
and is back): every table is to be refreshed."""


class ClusterError(RuntimeError):
    """A database on which several processes cannot share the tables."""


def _postgresql_url(url: str | URL) -> URL:
    """``url`` parsed, or :class:`ClusterError` unless it names PostgreSQL."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend != "postgresql":
        raise ClusterError(
            f"several server processes need a PostgreSQL database, not {backend}: "
            "on any other database parlour serves from one process")
    return parsed


def _check_postgresql(connection: Connection) -> None:
    if connection.dialect.name != "postgresql":
        raise ClusterError(
            f"several server processes need a PostgreSQL database, not "
            f"{connection.dialect.name}: on any other database parlour serves from one process")


def connection_parameters(url: str | URL) -> dict[str, Any]:
    """The libpq parameters (``dbname``, ``user``, ``host`` ...) of the app's
    SQLAlchemy URL, read as SQLAlchemy's psycopg driver reads them: a
    dedicated connection goes where the app's pool goes.

    >>> connection_parameters("postgresql+psycopg://parlour@/parlour?host=/run/pg")
    {'dbname': 'parlour', 'user': 'parlour', 'host': '/run/pg'}
    """
    parsed = _postgresql_url(url).set(drivername="postgresql+psycopg")
    _arguments, parameters = parsed.get_dialect()().create_connect_args(parsed)
    return dict(parameters)


def default_process() -> str:
    """This process's name in the database (``host:pid``): what the
    operator sees in ``pg_stat_activity.application_name`` and :func:`owners`."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _table_key(table_id: int) -> int:
    if not 0 < table_id <= MAX_ID:
        raise ValueError(f"a table id is from 1 to {MAX_ID}, not {table_id}")
    return table_id


def _payload(table_id: int, number: int, kind: str = TABLE) -> str:
    if number < 0:
        raise ValueError(f"a revision or a number is 0 or more, not {number}")
    if kind not in KINDS:
        raise ValueError(f"a notification is about a table, a party or a chat, not {kind!r}")
    return f"{kind} {_table_key(table_id)} {number}"


def parse_payload(payload: str) -> tuple[str, int, int] | None:
    """``(kind, id, number)`` of a notification, or ``None`` for one that
    parlour did not send.

    >>> parse_payload("table 12 40"), parse_payload("chat 12 3"), parse_payload("hello")
    (('table', 12, 40), ('chat', 12, 3), None)
    """
    parts = payload.split(" ")
    if len(parts) != 3 or parts[0] not in KINDS \
            or not all(part.isascii() and part.isdigit() for part in parts[1:]):
        return None
    row_id, number = int(parts[1]), int(parts[2])
    return (parts[0], row_id, number) if 0 < row_id <= MAX_ID else None


def publish(connection: Connection, table_id: int, number: int, kind: str = TABLE) -> None:
    """Announce on :data:`CHANNEL` that ``kind`` ``table_id`` is now at
    ``number`` (a table's or a party's revision, a chat message's number),
    from inside the transaction that changed it: PostgreSQL delivers it
    when (and only if) that transaction commits. (Within one transaction, a
    notification repeated word for word is sent once.)"""
    _check_postgresql(connection)
    connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                       {"channel": CHANNEL, "payload": _payload(table_id, number, kind)})


_REVISIONS = {TABLE: "tables", EVENT: "events"}


def announce(connection: Connection, kind: str, row_id: int, number: int | None) -> None:
    """:attr:`parlour.server.db.Database.announce` for a cluster: publish
    the change (a table's or a party's revision read from its row in the
    same transaction, after the change; a chat message's number)."""
    if number is not None:
        publish(connection, row_id, number, kind)
        return
    connection.execute(text(
        f"SELECT pg_notify(:channel, concat_ws(' ', CAST(:kind AS text), id, revision)) "
        f"FROM {_REVISIONS[kind]} WHERE id = :id"),
        {"channel": CHANNEL, "kind": kind, "id": _table_key(row_id)})


def move_lock(connection: Connection, table_id: int) -> None:
    """Take table ``table_id``'s move lock for the rest of the transaction
    of ``connection``, waiting while another transaction holds it: the
    moves of one table are applied one at a time, whichever process
    applies them; other tables' are not held up."""
    _check_postgresql(connection)
    connection.execute(text("SELECT pg_advisory_xact_lock(:namespace, :table)"),
                       {"namespace": MOVE_LOCKS, "table": _table_key(table_id)})


@dataclass
class Held:
    """A table held by :meth:`TableLocks.hold`: its revision when the lock
    was taken (``None``: no such row), and once let go, after the holder's
    changes (:attr:`after`)."""

    revision: int | None
    after: int | None = None


class TableLocks:
    """Locks of tables held across ``await``s by this process: the
    session-level advisory lock ``(MOVE_LOCKS, table id)``, on a few
    connections of their own (at most ``size`` held at once).

    While one process holds a table's lock no other takes it: the changes
    of one table (moves, seats, switches) are made one at a time whichever
    process makes them, each against the table as the last one left it.
    A process that dies lets its locks go with its connections.
    """

    def __init__(self, url: str | URL, process: str | None = None, size: int = 16, *,
                  namespace: int = MOVE_LOCKS, kind: str = TABLE) -> None:
        self._url = _postgresql_url(url)
        self.process = process or default_process()
        self.namespace = namespace
        self._revision = f"SELECT revision FROM {_REVISIONS[kind]} WHERE id = %s"
        self._idle: list[psycopg.AsyncConnection[Any]] = []
        self._slots = asyncio.Semaphore(size)

    @property
    def application_name(self) -> str:
        """The locks' connections in ``pg_stat_activity``."""
        return _LOCKS_PREFIX + self.process

    @contextlib.asynccontextmanager
    async def hold(self, table_id: int) -> AsyncIterator[Held]:
        """Hold table ``table_id``'s lock (waiting while another process
        holds it) for the ``async with`` block, which is told the table's
        revision then; once the block ends, :attr:`Held.after` is the
        revision it left."""
        key = _table_key(table_id)
        async with self._slots:
            connection = self._idle.pop() if self._idle \
                else await _connect(self._url, self.application_name)
            try:
                # the revision is read by a statement of its own, after the
                # lock is taken (one statement would read it from before);
                # not as two statements in one query: psycopg's async
                # connection then left the second's result unread at times
                await connection.execute("SELECT pg_advisory_lock(%s, %s)", (self.namespace, key))
                cursor = await connection.execute(self._revision, (key,))
                row = await cursor.fetchone()
            except BaseException:
                # a connection cut or cancelled in the middle holds nothing once closed
                await asyncio.shield(connection.close())
                raise
            held = Held(None if row is None else int(row[0]))
            try:
                yield held
            finally:
                await asyncio.shield(self._let_go(connection, key, held))

    async def _let_go(self, connection: psycopg.AsyncConnection[Any], key: int,
                      held: Held) -> None:
        try:
            cursor = await connection.execute(self._revision, (key,))
            row = await cursor.fetchone()
            await connection.execute("SELECT pg_advisory_unlock(%s, %s)", (self.namespace, key))
            held.after = None if row is None else int(row[0])
        except psycopg.Error:
            await connection.close()  # and with it the lock
            return
        self._idle.append(connection)

    async def close(self) -> None:
        """Close the idle connections."""
        idle, self._idle = self._idle, []
        for connection in idle:
            await connection.close()



def owners(connection: Connection, namespace: int = OWNER_LOCKS) -> dict[int, str]:
    """Per owned table of this database (a party, with
    :data:`EVENT_OWNER_LOCKS`), the process that owns it (its
    :class:`Ownership`'s ``process``), read from the locks themselves."""
    _check_postgresql(connection)
    rows = connection.execute(text(
        "SELECT locks.objid::bigint, activity.application_name FROM pg_locks AS locks "
        "JOIN pg_stat_activity AS activity ON activity.pid = locks.pid "
        "WHERE locks.locktype = 'advisory' AND locks.granted AND locks.objsubid = 2 "
        "AND locks.classid = :namespace AND locks.database = "
        "(SELECT oid FROM pg_database WHERE datname = current_database())"),
        {"namespace": namespace}).all()
    prefix = _OWNER_PREFIX
    return {int(table_id): name.removeprefix(prefix) for table_id, name in rows}


_BUS_PREFIX = "parlour bus "
_OWNER_PREFIX = "parlour owner "
_LOCKS_PREFIX = "parlour locks "
_PRESENCE_PREFIX = "parlour presence "


async def _connect(url: str | URL, application_name: str) -> psycopg.AsyncConnection[Any]:
    return await psycopg.AsyncConnection.connect(
        autocommit=True, **{**connection_parameters(url),
                            "application_name": application_name[:63]})


class TableBus:
    """This process's ear on :data:`CHANNEL`: a connection of its own that
    LISTENs, and the callbacks it tells, in the order the changes were
    committed.

    A lost connection (the database restarted, the connection killed) is
    made again every ``retry_delay`` seconds until it is back; then every
    ``on_missed`` callback is told, since notifications sent meanwhile are
    gone. A connection that hears nothing for ``check_every`` seconds is
    tried with a query, so that one silently dropped is noticed.
    """

    def __init__(self, url: str | URL, process: str | None = None, *,
                 retry_delay: float = 1.0, check_every: float = 30.0) -> None:
        self._url = _postgresql_url(url)
        self.process = process or default_process()
        self.retry_delay = retry_delay
        self.check_every = check_every
        self._subscribers: list[tuple[str, OnChange, OnMissed]] = []
        self._presence: list[Callable[[int, int, int], None]] = []
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def application_name(self) -> str:
        """The bus's connection in ``pg_stat_activity``."""
        return _BUS_PREFIX + self.process

    def subscribe(self, on_change: OnChange, on_missed: OnMissed,
                  kind: str = TABLE) -> Callable[[], None]:
        """Tell ``on_change`` every change of ``kind`` heard and
        ``on_missed`` after every reconnection; returns what stops telling
        them. A callback runs in the event loop and must not block (start a
        task for what takes time); one that raises is logged, and the
        others still run."""
        if kind not in KINDS:
            raise ValueError(f"a notification is about a table, a party or a chat, not {kind!r}")
        subscriber = (kind, on_change, on_missed)
        self._subscribers.append(subscriber)

        def unsubscribe() -> None:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

        return unsubscribe

    def subscribe_presence(self, on_presence: Callable[[int, int, int], None]) -> None:
        """Tell ``on_presence(table id, seats, pid)`` every :data:`PRESENCE`
        heard (``pid``: the backend pid of the connection that said it)."""
        self._presence.append(on_presence)

    async def start(self) -> None:
        """Connect and LISTEN (raising if the database cannot be reached),
        then listen on in a task of its own."""
        if self._task is not None:
            raise RuntimeError("the table bus is already started")
        self._connection = await self._listening()
        self._task = asyncio.create_task(self._run(), name="parlour table bus")

    async def close(self) -> None:
        """Stop listening and close the connection."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        await self.close()

    async def _listening(self) -> psycopg.AsyncConnection[Any]:
        connection = await _connect(self._url, self.application_name)
        try:
            await connection.execute(f"LISTEN {CHANNEL}")
        except BaseException:
            await connection.close()
            raise
        return connection

    async def _run(self) -> None:
        while True:
            connection = self._connection
            assert connection is not None, "the bus listens on a connection"
            try:
                while True:
                    async for notify in connection.notifies(timeout=self.check_every):
                        self._dispatch(notify.payload, notify.pid)
                    # asyncio.timeout, not 3.11's wait_for, which can lose a cancel
                    async with asyncio.timeout(self.check_every):
                        await connection.execute("SELECT 1")
            except (psycopg.OperationalError, TimeoutError) as error:
                logger.warning("the table bus lost its connection (%s): connecting again",
                               str(error).strip() or type(error).__name__)
            await connection.close()
            self._connection = None
            self._connection = await self._reconnected()
            logger.info("the table bus is listening again: refreshing every table")
            for _kind, _on_change, on_missed in list(self._subscribers):
                self._call(on_missed)

    async def _reconnected(self) -> psycopg.AsyncConnection[Any]:
        while True:
            try:
                return await self._listening()
            except psycopg.OperationalError as error:
                logger.warning("the table bus cannot connect (%s): trying again in %s s",
                               str(error).strip(), self.retry_delay)
            await asyncio.sleep(self.retry_delay)

    def _dispatch(self, payload: str, pid: int = 0) -> None:
        change = parse_payload(payload)
        if change is None:
            logger.warning("the table bus ignores a notification it did not expect: %r",
                           payload)
            return
        kind, row_id, number = change
        if kind == PRESENCE:
            for on_presence in list(self._presence):
                self._call(on_presence, row_id, number, pid)
            return
        for wanted, on_change, _on_missed in list(self._subscribers):
            if wanted == kind:
                self._call(on_change, row_id, number)

    @staticmethod
    def _call(callback: Callable[..., None], *arguments: int) -> None:
        try:
            callback(*arguments)
        except Exception:
            logger.exception("a table bus callback failed")


class Ownership:
    """The tables this process owns (runs the computer players and clocks
    of), each held by the advisory lock ``(OWNER_LOCKS, table id)`` on one
    connection of the process's own.

    The lock is the truth: while this connection lives no other process
    owns its tables, and when it drops (the process died, the network
    failed) PostgreSQL releases them all at once. A process that finds its
    connection lost (:meth:`check`, or any call) has lost its tables: it
    tells ``on_lost`` which, forgets them, and connects again at the next
    call. ``process`` names it in :func:`owners`.
    """

    def __init__(self, url: str | URL, process: str | None = None,
                 on_lost: Callable[[frozenset[int]], None] | None = None,
                 namespace: int = OWNER_LOCKS) -> None:
        self.namespace = namespace
        self._url = _postgresql_url(url)
        self.process = process or default_process()
        self._on_lost = on_lost
        self._owned: set[int] = set()
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._lock = asyncio.Lock()

    @property
    def application_name(self) -> str:
        """The owner locks' connection in ``pg_stat_activity``."""
        return _OWNER_PREFIX + self.process

    def on_lost(self, callback: Callable[[frozenset[int]], None]) -> None:
        """Tell ``callback`` (instead of the one given before) the tables
        lost with a lost connection."""
        self._on_lost = callback

    def owned(self) -> frozenset[int]:
        """The tables this process owns."""
        return frozenset(self._owned)

    async def try_own(self, table_id: int) -> bool:
        """Own table ``table_id`` if no other process does (at once: never
        waits); ``True`` if this process owns it now. A connection found
        lost is made again first (its tables lost: ``on_lost``)."""
        key = _table_key(table_id)
        async with self._lock:
            if key in self._owned:
                return True
            for attempt in (1, 2):
                connection = await self._connected()
                try:
                    cursor = await connection.execute(
                        "SELECT pg_try_advisory_lock(%s, %s)", (self.namespace, key))
                    row = await cursor.fetchone()
                except psycopg.OperationalError:
                    await self._lose()
                    if attempt == 2:
                        raise
                    continue
                assert row is not None, "SELECT gives a row"
                if row[0]:
                    self._owned.add(key)
                return bool(row[0])
        raise AssertionError("unreachable")

    async def release(self, table_id: int) -> None:
        """Stop owning table ``table_id`` (another process may take it);
        nothing happens if this process does not own it."""
        key = _table_key(table_id)
        async with self._lock:
            if key not in self._owned or self._connection is None:
                return
            self._owned.discard(key)
            try:
                await self._connection.execute(
                    "SELECT pg_advisory_unlock(%s, %s)", (self.namespace, key))
            except psycopg.OperationalError:
                await self._lose()

    async def check(self) -> frozenset[int]:
        """Whether the connection still holds the tables: the tables lost
        (none while it lives). A periodic sweep calls it before taking over
        tables whose owners died."""
        async with self._lock:
            if self._connection is None:
                return frozenset()
            try:
                async with asyncio.timeout(30.0):
                    await self._connection.execute("SELECT 1")
            except (psycopg.OperationalError, TimeoutError):
                return await self._lose()
            return frozenset()

    async def close(self) -> None:
        """Release every table, then close the connection. (Closing alone
        would release them too, but only once the server has seen the
        connection end: unlocked first, they are free when this returns.)"""
        async with self._lock:
            self._owned.clear()
            if self._connection is not None:
                # a lost connection holds nothing any more
                with contextlib.suppress(psycopg.OperationalError):
                    await self._connection.execute("SELECT pg_advisory_unlock_all()")
                await self._connection.close()
                self._connection = None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        await self.close()

    async def _connected(self) -> psycopg.AsyncConnection[Any]:
        if self._connection is None:
            self._connection = await _connect(self._url, self.application_name)
        return self._connection

    async def _lose(self) -> frozenset[int]:
        lost = frozenset(self._owned)
        self._owned.clear()
        if self._connection is not None:
            await self._connection.close()
            self._connection = None
        logger.warning("the owner locks' connection was lost, and with it %d tables",
                       len(lost))
        if lost and self._on_lost is not None:
            try:
                self._on_lost(lost)
            except Exception:
                logger.exception("an ownership callback failed")
        return lost


SWEEP_EVERY = 1.0
"""Seconds between two looks for tables whose owner died (at most about as
long, then, before a table's computers and clock are running again)."""


class Presence:
    """What this process says of the seats' pages it has open, on a
    connection of its own (``parlour presence <process>`` in
    ``pg_stat_activity``), whose backend pid names the process to the
    others: a process's word lasts while that connection lives."""

    def __init__(self, url: str | URL, process: str | None = None) -> None:
        self._url = _postgresql_url(url)
        self.process = process or default_process()
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._lock = asyncio.Lock()

    @property
    def application_name(self) -> str:
        """The connection in ``pg_stat_activity``."""
        return _PRESENCE_PREFIX + self.process

    @property
    def pid(self) -> int | None:
        """The backend pid of the connection (``None`` before the first word)."""
        return None if self._connection is None else self._connection.info.backend_pid

    async def say(self, table_id: int, seats: int) -> None:
        """Announce that this process has the pages of ``seats`` (a bit a
        seat) open at table ``table_id``; a connection found lost is made
        again once, and a word that still cannot be said is logged."""
        payload = _payload(table_id, seats, PRESENCE)
        async with self._lock:
            for attempt in (1, 2):
                try:
                    if self._connection is None:
                        self._connection = await _connect(self._url, self.application_name)
                    await self._connection.execute(
                        "SELECT pg_notify(%s, %s)", (CHANNEL, payload))
                    return
                except psycopg.OperationalError as error:
                    if self._connection is not None:
                        await self._connection.close()
                        self._connection = None
                    if attempt == 2:
                        logger.warning("the presence at table %s was not said: %s",
                                       table_id, str(error).strip())

    @staticmethod
    def speakers(database: Database) -> set[int]:
        """The backend pids of every process's presence connection now
        (blocking): a word from any other pid is a dead process's."""
        with database.engine.connect() as connection:
            return set(connection.scalars(text(
                "SELECT pid FROM pg_stat_activity WHERE application_name LIKE :prefix"),
                {"prefix": _PRESENCE_PREFIX + "%"}))

    async def close(self) -> None:
        """Close the connection (the others forget this process's word)."""
        async with self._lock:
            if self._connection is not None:
                await self._connection.close()
                self._connection = None


@dataclass
class Rooms:
    """One kind of room (``table`` or ``event``) in a process of a cluster:
    its owner locks and its locks."""

    kind: str
    ownership: Ownership
    locks: TableLocks

    def owners(self, database: Database) -> dict[int, str]:
        """:func:`owners` of the rooms of this kind in ``database`` (blocking)."""
        with database.engine.connect() as connection:
            return owners(connection, self.ownership.namespace)


class Cluster:
    """This process's part in several server processes on the PostgreSQL
    database at ``url``: its :class:`TableBus`, and for tables and parties
    (:attr:`rooms`, by kind) an :class:`Ownership` and :class:`TableLocks`,
    all named ``process`` (``host:pid`` by default), and how often it looks
    for rooms whose owner died (``sweep_every`` seconds). The hubs given
    one share their rooms with every other process on the database; the
    app starts it before them and closes it after."""

    def __init__(self, url: str | URL, process: str | None = None,
                 sweep_every: float = SWEEP_EVERY) -> None:
        self.process = process or default_process()
        self.bus = TableBus(url, self.process)
        self.rooms = {
            TABLE: Rooms(TABLE, Ownership(url, self.process),
                         TableLocks(url, self.process)),
            EVENT: Rooms(EVENT, Ownership(url, self.process, namespace=EVENT_OWNER_LOCKS),
                         TableLocks(url, self.process, namespace=EVENT_MOVE_LOCKS, kind=EVENT)),
        }
        self.presence = Presence(url, self.process)
        self.sweep_every = sweep_every

    async def start(self) -> None:
        """Start listening (raising if the database cannot be reached)."""
        await self.bus.start()

    async def close(self) -> None:
        """Let go of every room and close every connection."""
        await self.bus.close()
        await self.presence.close()
        for rooms in self.rooms.values():
            await rooms.ownership.close()
            await rooms.locks.close()
