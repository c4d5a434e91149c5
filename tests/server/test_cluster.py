"""The building blocks of several server processes on one PostgreSQL
database (docs/cluster.md): the table bus (LISTEN/NOTIFY), the owner locks
and the move lock. All but the refusals of SQLite need PostgreSQL
(``PARLOUR_TEST_DATABASE_URL``: ``bash scripts/with_postgres.sh pytest ...``);
each test makes its own processes' connections to a fresh database."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import uuid
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from database_support import postgresql_only
from parlour.server.cluster import (
    CHANNEL,
    ClusterError,
    Ownership,
    TableBus,
    TableLocks,
    connection_parameters,
    move_lock,
    owners,
    publish,
)
from parlour.server.db import _MIGRATION_LOCK, Database

SQLITE_REFUSAL = ("several server processes need a PostgreSQL database, not sqlite: "
                  "on any other database parlour serves from one process")

WAIT = 10.0
"""Seconds a test waits for what the database does at once (a notification
delivered, a killed connection's locks released) before it fails."""


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    """The app's side of the database: SQLAlchemy, one connection a use."""
    engine = create_engine(database_url, poolclass=NullPool)
    yield engine
    engine.dispose()


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 60))


async def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition`` until it holds (``what`` names it in the failure)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not condition():
        assert loop.time() < deadline, f"waited {WAIT} s for {what}"
        await asyncio.sleep(0.02)


def process() -> str:
    """A process name no other test uses (the server is shared by xdist's workers)."""
    return f"test-{uuid.uuid4().hex[:12]}"


def kill(engine: Engine, application_name: str) -> int:
    """Terminate the connections named ``application_name``, as a dead
    process's connections end, and wait until they have ended (PostgreSQL
    14's timeout); how many there were."""
    with engine.begin() as connection:
        ended = connection.execute(text(
            "SELECT pg_terminate_backend(pid, :milliseconds) FROM pg_stat_activity "
            "WHERE application_name = :name"),
            {"name": application_name, "milliseconds": int(WAIT * 1000)}).scalars().all()
    assert all(ended), f"the connections {application_name} did not end"
    return len(ended)


class Heard:
    """A bus's subscriber that keeps what it is told."""

    def __init__(self) -> None:
        self.changes: list[tuple[int, int]] = []
        self.missed = 0

    def on_change(self, table_id: int, move_count: int) -> None:
        self.changes.append((table_id, move_count))

    def on_missed(self) -> None:
        self.missed += 1


# --- the table bus ----------------------------------------------------------------

@postgresql_only
def test_committed_notifications_arrive_in_order_and_rolled_back_ones_never(
        database_url: str, engine: Engine) -> None:
    async def test() -> None:
        heard = Heard()
        async with TableBus(database_url, process()) as bus:
            bus.subscribe(heard.on_change, heard.on_missed)
            with engine.begin() as connection:
                publish(connection, 1, 5)
            with engine.connect() as connection, connection.begin() as transaction:
                publish(connection, 2, 9)
                transaction.rollback()
            with engine.begin() as connection:
                publish(connection, 3, 1)
                publish(connection, 3, 2)
                publish(connection, 2_147_483_647, 0)
            with engine.begin() as connection:
                publish(connection, 4, 12)
            await wait_until(lambda: (4, 12) in heard.changes, "the last notification")
            assert heard.changes == [(1, 5), (3, 1), (3, 2), (2_147_483_647, 0), (4, 12)]
            assert heard.missed == 0

    run(test)


@postgresql_only
def test_a_notification_waits_for_its_transaction_to_commit(
        database_url: str, engine: Engine) -> None:
    async def test() -> None:
        heard = Heard()
        async with TableBus(database_url, process()) as bus:
            bus.subscribe(heard.on_change, heard.on_missed)
            with engine.begin() as connection:
                publish(connection, 7, 3)
                with engine.begin() as other:
                    publish(other, 8, 1)
                await wait_until(lambda: heard.changes == [(8, 1)], "the other commit's")
                await asyncio.sleep(0.2)
                assert heard.changes == [(8, 1)]
            await wait_until(lambda: heard.changes == [(8, 1), (7, 3)], "the commit's")

    run(test)


@postgresql_only
def test_every_subscriber_hears_every_change_until_it_unsubscribes(
        database_url: str, engine: Engine, caplog: pytest.LogCaptureFixture) -> None:
    """A subscriber that raises is logged and stops nobody; a notification
    that parlour did not send on the channel is logged and ignored."""
    async def test() -> None:
        first, second = Heard(), Heard()

        def failing(table_id: int, move_count: int) -> None:
            raise RuntimeError("broken subscriber")

        async with TableBus(database_url, process()) as bus:
            bus.subscribe(failing, second.on_missed)
            stop_first = bus.subscribe(first.on_change, first.on_missed)
            bus.subscribe(second.on_change, second.on_missed)
            with engine.begin() as connection:
                publish(connection, 10, 1)
                connection.execute(text("SELECT pg_notify(:channel, 'hello')"),
                                   {"channel": CHANNEL})
                connection.execute(text("SELECT pg_notify(:channel, '0 4')"),
                                   {"channel": CHANNEL})
            await wait_until(lambda: second.changes == [(10, 1)], "the first change")
            stop_first()
            stop_first()  # a second time changes nothing
            with engine.begin() as connection:
                publish(connection, 10, 2)
            await wait_until(lambda: second.changes == [(10, 1), (10, 2)], "the second change")
            assert first.changes == [(10, 1)]

    with caplog.at_level(logging.INFO, logger="parlour.server"):
        run(test)
    messages = [record.getMessage() for record in caplog.records]
    assert messages.count("a table bus callback failed") == 2
    assert "the table bus ignores a notification it did not expect: 'hello'" in messages
    assert "the table bus ignores a notification it did not expect: '0 4'" in messages


@postgresql_only
def test_a_bus_whose_connection_is_killed_listens_again_and_asks_for_a_refresh(
        database_url: str, engine: Engine, caplog: pytest.LogCaptureFixture) -> None:
    async def test() -> None:
        heard = Heard()
        async with TableBus(database_url, process(), retry_delay=0.05) as bus:
            bus.subscribe(heard.on_change, heard.on_missed)
            with engine.begin() as connection:
                publish(connection, 5, 1)
            await wait_until(lambda: heard.changes == [(5, 1)], "the change before")
            assert kill(engine, bus.application_name) == 1
            await wait_until(lambda: heard.missed == 1, "the refresh after reconnecting")
            with engine.begin() as connection:
                publish(connection, 5, 2)
            await wait_until(lambda: heard.changes == [(5, 1), (5, 2)], "the change after")
            assert heard.missed == 1

    with caplog.at_level(logging.INFO, logger="parlour.server"):
        run(test)
    messages = [record.getMessage() for record in caplog.records]
    assert "the table bus is listening again: refreshing every table" in messages
    assert any(message.startswith("the table bus lost its connection (")
               for message in messages)


@postgresql_only
def test_a_bus_that_hears_nothing_checks_its_connection(
        database_url: str, engine: Engine) -> None:
    """A quiet bus still notices a lost connection (its periodic query)."""
    async def test() -> None:
        heard = Heard()
        async with TableBus(database_url, process(), retry_delay=0.05,
                            check_every=0.1) as bus:
            bus.subscribe(heard.on_change, heard.on_missed)
            await asyncio.sleep(0.3)  # a few quiet checks: nothing is missed
            assert heard.missed == 0
            assert kill(engine, bus.application_name) == 1
            await wait_until(lambda: heard.missed == 1, "the refresh after reconnecting")
            with engine.begin() as connection:
                publish(connection, 6, 1)
            await wait_until(lambda: heard.changes == [(6, 1)], "the change after")

    run(test)


@postgresql_only
def test_publish_goes_through_the_apps_database(database_url: str) -> None:
    """The app's own engine (its :class:`Database`) publishes; the bus
    connects where it does (the same libpq parameters)."""
    async def test() -> None:
        heard = Heard()
        database = Database(database_url)
        try:
            async with TableBus(database_url, process()) as bus:
                bus.subscribe(heard.on_change, heard.on_missed)
                with database.engine.begin() as connection:
                    publish(connection, 3, 4)
                await wait_until(lambda: heard.changes == [(3, 4)], "the change")
        finally:
            database.close()

    run(test)


@postgresql_only
def test_a_bus_cannot_start_twice(database_url: str) -> None:
    async def test() -> None:
        async with TableBus(database_url, process()) as bus:
            with pytest.raises(RuntimeError, match=r"^the table bus is already started$"):
                await bus.start()

    run(test)


# --- the owner locks ------------------------------------------------------------------

@postgresql_only
def test_one_process_owns_a_table_until_it_releases_it(
        database_url: str, engine: Engine) -> None:
    async def test() -> None:
        first_name, second_name = process(), process()
        async with Ownership(database_url, first_name) as first, \
                Ownership(database_url, second_name) as second:
            assert await first.try_own(7) is True
            assert await first.try_own(7) is True  # already its own
            assert await second.try_own(7) is False
            assert await second.try_own(8) is True
            assert (first.owned(), second.owned()) == ({7}, {8})
            with engine.connect() as connection:
                assert owners(connection) == {7: first_name, 8: second_name}
            await first.release(7)
            # owned twice over by first.try_own, released once: free
            assert await second.try_own(7) is True
            assert await first.try_own(7) is False
            await first.release(7)  # not its own: nothing happens
            assert (first.owned(), second.owned()) == (set(), {7, 8})
            await second.close()  # its tables are free when it returns
            assert second.owned() == frozenset()
            assert await first.try_own(7) is True
            assert await first.try_own(8) is True
            with engine.connect() as connection:
                assert owners(connection) == {7: first_name, 8: first_name}

    run(test)


@postgresql_only
def test_a_dead_processs_tables_are_taken_over(database_url: str, engine: Engine) -> None:
    """The owner's connection killed (a process that died): its tables are
    free at once for another, and the owner, once it finds out, has lost
    them, says so, and connects again for what it may still own."""
    async def test() -> None:
        told: list[frozenset[int]] = []
        async with Ownership(database_url, process(), on_lost=told.append) as dying, \
                Ownership(database_url, process()) as heir:
            assert await dying.try_own(7) is True
            assert await dying.try_own(9) is True
            assert await heir.try_own(7) is False
            assert kill(engine, dying.application_name) == 1
            taken: list[bool] = []

            async def take() -> None:
                taken.append(await heir.try_own(7))

            async def until_taken() -> None:
                while not (taken and taken[-1]):
                    await take()
                    await asyncio.sleep(0.02)

            await asyncio.wait_for(until_taken(), WAIT)
            assert await heir.try_own(9) is True
            assert await dying.check() == {7, 9}
            assert told == [{7, 9}]
            assert dying.owned() == frozenset()
            assert await dying.check() == frozenset()  # no connection: nothing more lost
            assert await dying.try_own(7) is False
            assert await dying.try_own(10) is True
            assert await dying.check() == frozenset()
            assert (dying.owned(), heir.owned()) == ({10}, {7, 9})

    run(test)


@postgresql_only
def test_an_owner_that_finds_its_connection_lost_when_taking_a_table_takes_it(
        database_url: str, engine: Engine) -> None:
    """try_own on a connection killed meanwhile: the tables it held are
    lost (told), and the table asked for is taken on a new connection."""
    async def test() -> None:
        told: list[frozenset[int]] = []
        async with Ownership(database_url, process(), on_lost=told.append) as owner:
            assert await owner.try_own(1) is True
            assert kill(engine, owner.application_name) == 1
            assert await owner.try_own(2) is True
            assert told == [{1}]
            assert owner.owned() == {2}

    run(test)


@postgresql_only
def test_the_kinds_of_locks_do_not_collide(database_url: str, engine: Engine) -> None:
    """A table's move lock, the migration lock and the owner lock are three
    locks: holding two leaves the third free."""
    async def test() -> None:
        with engine.connect() as connection, connection.begin():
            move_lock(connection, 7)
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": _MIGRATION_LOCK})
            async with Ownership(database_url, process()) as owner:
                assert await owner.try_own(7) is True
                with engine.connect() as other:
                    other.execute(text("SET lock_timeout = '100ms'"))
                    other.commit()
                    with pytest.raises(OperationalError, match="lock timeout"):
                        other.execute(text("SELECT pg_advisory_lock(:key)"),
                                      {"key": _MIGRATION_LOCK})
                    other.rollback()
                    with pytest.raises(OperationalError, match="lock timeout"):
                        move_lock(other, 7)

    run(test)


# --- the move lock ------------------------------------------------------------------

@postgresql_only
def test_the_move_lock_holds_a_second_transaction_at_the_same_table_only(
        engine: Engine) -> None:
    with engine.connect() as first, first.begin():
        move_lock(first, 7)
        with engine.connect() as second:
            second.execute(text("SET lock_timeout = '200ms'"))
            second.commit()
            with second.begin():
                move_lock(second, 8)  # another table: at once
            with pytest.raises(OperationalError, match="lock timeout"), second.begin():
                move_lock(second, 7)
    # first committed: the lock is free
    with engine.connect() as second, second.begin():
        second.execute(text("SET LOCAL lock_timeout = '200ms'"))
        move_lock(second, 7)


@postgresql_only
def test_the_move_lock_serialises_read_then_write(engine: Engine) -> None:
    """Two processes applying moves to one table at once: each reads the
    move count and writes the next one under the lock, so none is lost
    and no number is taken twice."""
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE counts (id integer PRIMARY KEY, moves integer)"))
        connection.execute(text("INSERT INTO counts VALUES (7, 0)"))
    written: list[int] = []
    errors: list[BaseException] = []

    def apply_moves() -> None:
        try:
            for _ in range(25):
                with engine.begin() as connection:
                    move_lock(connection, 7)
                    moves = connection.execute(
                        text("SELECT moves FROM counts WHERE id = 7")).scalar_one()
                    connection.execute(text("UPDATE counts SET moves = :moves WHERE id = 7"),
                                       {"moves": moves + 1})
                    written.append(moves + 1)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=apply_moves) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with engine.connect() as connection:
        assert connection.execute(
            text("SELECT moves FROM counts WHERE id = 7")).scalar_one() == 50
    assert sorted(written) == list(range(1, 51))


@postgresql_only
def test_a_rolled_back_transaction_frees_the_move_lock(engine: Engine) -> None:
    with engine.connect() as first:
        with first.begin() as transaction:
            move_lock(first, 7)
            transaction.rollback()
        with engine.connect() as second, second.begin():
            second.execute(text("SET LOCAL lock_timeout = '200ms'"))
            move_lock(second, 7)


# --- what is refused -----------------------------------------------------------

def test_sqlite_keeps_the_single_process_mode(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'parlour.db'}"
    with pytest.raises(ClusterError, match=f"^{SQLITE_REFUSAL}$"):
        TableBus(url)
    with pytest.raises(ClusterError, match=f"^{SQLITE_REFUSAL}$"):
        Ownership(url)
    with pytest.raises(ClusterError, match=f"^{SQLITE_REFUSAL}$"):
        connection_parameters(url)
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            for use in (lambda: move_lock(connection, 1), lambda: publish(connection, 1, 1),
                        lambda: owners(connection)):
                with pytest.raises(ClusterError, match=f"^{SQLITE_REFUSAL}$"):
                    use()
    finally:
        engine.dispose()


def test_a_url_names_the_database_the_bus_and_owner_connections_go_to() -> None:
    assert connection_parameters(
        "postgresql+psycopg://parlour:secret@db.example:5433/games?sslmode=require"
    ) == {"dbname": "games", "user": "parlour", "password": "secret",
          "host": "db.example", "port": 5433, "sslmode": "require"}


def test_a_table_id_beyond_the_ids_is_refused() -> None:
    url = "postgresql+psycopg://parlour@/parlour?host=/nowhere"
    # checked before connecting: no database is there
    with pytest.raises(ValueError, match=r"^a table id is from 1 to 2147483647, not 0$"):
        asyncio.run(Ownership(url).try_own(0))
    with pytest.raises(ValueError, match=r"^a table id is from 1 to 2147483647, not 2147483648$"):
        asyncio.run(Ownership(url).release(2_147_483_648))


@postgresql_only
def test_a_notification_or_lock_of_no_table_is_refused(engine: Engine) -> None:
    with engine.connect() as connection:
        with pytest.raises(ValueError, match=r"^a revision or a number is 0 or more, not -1$"):
            publish(connection, 1, -1)
        with pytest.raises(ValueError, match=r"^a table id is from 1 to 2147483647, not -3$"):
            move_lock(connection, -3)
        with pytest.raises(ValueError, match=r"^a table id is from 1 to 2147483647, not 0$"):
            publish(connection, 0, 1)


@postgresql_only
def test_a_table_lock_holds_a_second_holder_of_the_table_and_no_other(
        engine: Engine, database_url: str) -> None:
    """Two processes' locks: the second holder of one table waits until the
    first lets go, and reads the revision the first left; another table is
    not held up; a cancelled wait holds nothing."""
    Database(database_url).close()
    with engine.begin() as connection:
        for table_id in (1, 2):
            connection.execute(text(
                "INSERT INTO tables (id, game, version, options, seed, seats, status, moves, "
                "scores, created, revision) VALUES (:id, 'polignac', 1, '{}', '1', '[]', "
                "'playing', 0, '[]', now(), 3)"), {"id": table_id})

    async def test() -> None:
        first, second = TableLocks(database_url, process()), TableLocks(database_url, process())
        order: list[str] = []
        try:
            async with first.hold(1) as held:
                assert held.revision == 3

                async def wait_for_it() -> None:
                    async with second.hold(1) as later:
                        order.append(f"second at {later.revision}")

                waiting = asyncio.create_task(wait_for_it())
                async with second.hold(2) as other:
                    assert other.revision == 3
                await asyncio.sleep(0.3)
                assert order == []
                with engine.begin() as connection:
                    connection.execute(text("UPDATE tables SET revision = 4 WHERE id = 1"))
                order.append("first done")
            assert held.after == 4
            await asyncio.wait_for(waiting, WAIT)
            assert order == ["first done", "second at 4"]
            async with first.hold(1):
                cancelled = asyncio.create_task(wait_for_it())
                await asyncio.sleep(0.2)
                cancelled.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await cancelled
            async with second.hold(1) as again:  # the cancelled wait holds nothing
                assert again.revision == 4
        finally:
            await first.close()
            await second.close()

    run(test)
