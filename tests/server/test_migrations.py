"""The database's schema is made and upgraded by Alembic (issue 27, item 8),
on SQLite and on PostgreSQL (``PARLOUR_TEST_DATABASE_URL``).

A database made by parlour before Alembic (``data/pre_alembic.sql``: the
schema ``create_all`` made, with three tables and a party in it) is upgraded
in place with every row intact and served as before; a fresh database gets
every revision; either way the migrated schema is the ORM's. An upgrade is
one transaction, and servers starting together on one database take turns.
A database that a newer parlour upgraded, or that holds another program's
table of one of parlour's names, is refused in one line and left alone.
"""

from __future__ import annotations

import shutil
import sqlite3
import threading
from contextlib import closing
from datetime import UTC, datetime
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, insert, inspect, make_url, select, text
from sqlalchemy.sql import Executable
from web_support import create_table, move, view

import parlour
import parlour.server
from database_support import postgresql_only, sqlite_only
from parlour.cli import main
from parlour.server import create_app, db
from parlour.server.db import Base, Database, EventRow, TableRow

OLDER_DATABASE = Path(__file__).resolve().parent / "data" / "pre_alembic.sql"
POLIGNAC_TOKENS = {
    0: "6XXwjR31vmn_f8TTdneGepDmxeaOBgB9", 1: "_DPY7V_Vc9Xj_sJnK-g7j2bHXGn_d2gt",
    2: "yWr7F6vDprNQpxofgWciaKKcVzI2xnGb", 3: "NSnK7O1s2176SvPfbGMSFMomdCvyurLc",
}
"""The seat tokens of table 1 in ``data/pre_alembic.sql``."""
ADA_TOKEN = "54SpQOpJSpwKG6G8QIAJrf_2HyXNBj_g"
"""Ada's token in its party."""


def scripts() -> ScriptDirectory:
    """The revisions, found where the app finds them: in the package."""
    config = Config()
    config.set_main_option("script_location", db.MIGRATIONS)
    return ScriptDirectory.from_config(config)


def baseline() -> MetaData:
    """The schema before Alembic, as revision 0001 keeps it."""
    metadata: MetaData = scripts().get_revision("0001").module.metadata
    return metadata


def revision(database_url: str) -> str | None:
    """The database's Alembic revision (``None``: it has no ``alembic_version``)."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    engine.dispose()
    return current


def differences(database_url: str) -> list[Any]:
    """What Alembic finds between the database's schema and the ORM classes."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        found = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    return list(found)


def table_names(database_url: str) -> set[str]:
    engine = create_engine(database_url)
    with engine.connect() as connection:
        names = set(inspect(connection).get_table_names())
    engine.dispose()
    return names


def column_names(database_url: str, table: str) -> set[str]:
    engine = create_engine(database_url)
    with engine.connect() as connection:
        names = {column["name"] for column in inspect(connection).get_columns(table)}
    engine.dispose()
    return names


def query(database_url: str, statement: Executable | str) -> list[tuple[Any, ...]]:
    """The rows of ``statement`` (text, or a typed query of ORM columns)."""
    if isinstance(statement, str):
        statement = text(statement)
    engine = create_engine(database_url)
    with engine.connect() as connection:
        rows = [tuple(row) for row in connection.execute(statement)]
    engine.dispose()
    return rows


def older_rows(database_url: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of the tables before Alembic, their columns then, in key order."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        rows = {
            table.name: [dict(row._mapping) for row in connection.execute(
                select(table).order_by(*table.primary_key.columns))]
            for table in baseline().sorted_tables
        }
    engine.dispose()
    return rows


def in_utc(moment: datetime) -> datetime:
    """SQLite gives naive UTC times back."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def make_older_database(database_url: str, folder: Path) -> None:
    """The database at ``database_url`` as parlour made it before Alembic,
    holding the rows of ``data/pre_alembic.sql``. On PostgreSQL the schema
    is the one ``create_all`` made there (revision 0001 keeps it) and the
    rows are copied from the SQLite file the script makes."""
    url = make_url(database_url)
    script = OLDER_DATABASE.read_text(encoding="utf-8")
    if url.get_backend_name() == "sqlite":
        with closing(sqlite3.connect(str(url.database))) as connection:
            connection.executescript(script)
        return
    older = folder / "pre_alembic.db"
    with closing(sqlite3.connect(older)) as connection:
        connection.executescript(script)
    source, target = create_engine(f"sqlite:///{older}"), create_engine(database_url)
    metadata = baseline()
    with source.connect() as reading, target.begin() as writing:
        metadata.create_all(writing)
        for table in metadata.sorted_tables:
            rows = [{name: in_utc(value) if isinstance(value, datetime) else value
                     for name, value in row._mapping.items()}
                    for row in reading.execute(select(table))]
            writing.execute(insert(table), rows)
        for name in ("tables", "events"):  # as if the rows had been added one by one
            writing.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                 f"(SELECT max(id) FROM {name}))"))
    source.dispose()
    target.dispose()


@sqlite_only
def test_revision_0001_makes_the_schema_create_all_made(database_url: str) -> None:
    """The very statements: tables, keys, indexes, down to the spaces."""
    config = Config()
    config.set_main_option("script_location", db.MIGRATIONS)
    engine = create_engine(database_url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    engine.dispose()
    schema = ("SELECT type, name, tbl_name, sql FROM sqlite_master "
              "WHERE name NOT LIKE '%alembic%' ORDER BY name")
    with closing(sqlite3.connect(":memory:")) as older:
        older.executescript(OLDER_DATABASE.read_text(encoding="utf-8"))
        made_by_create_all = older.execute(schema).fetchall()
    assert len(made_by_create_all) == 11
    assert query(database_url, schema) == made_by_create_all


def test_an_older_database_is_upgraded_in_place(database_url: str, tmp_path: Path) -> None:
    make_older_database(database_url, tmp_path)
    assert revision(database_url) is None
    before = older_rows(database_url)
    assert {name: len(rows) for name, rows in before.items()} == {
        "tables": 3, "moves": 96, "patience_results": 1, "events": 1, "event_steps": 1}
    started = datetime.now(UTC)
    Database(database_url).close()
    upgraded = datetime.now(UTC)
    assert revision(database_url) == scripts().get_current_head() == "0007"
    assert older_rows(database_url) == before
    assert differences(database_url) == []
    tables = query(database_url, select(TableRow.id, TableRow.seed_chosen, TableRow.last_move)
                   .order_by(TableRow.id))
    assert [(table_id, seed_chosen) for table_id, seed_chosen, _ in tables] == [
        (1, False), (2, False), (3, False)]
    # table 1 is being played: its last move counts from the upgrade; the
    # others finished with their last move
    assert started <= in_utc(tables[0][2]) <= upgraded
    assert [in_utc(last) for _, _, last in tables[1:]] == [
        in_utc(row["finished"]) for row in before["tables"][1:]]
    assert query(database_url, select(EventRow.id, EventRow.seed_chosen)) == [(1, False)]
    # nobody has answered the rematch of a table already there
    assert query(database_url, select(TableRow.rematch)) == [(None,)] * 3
    # nor has any of them pauses of its own: they take the server's
    assert query(database_url, select(TableRow.pauses)) == [(None,)] * 3
    # nobody was given a creator's link for the older tables; they had hints
    assert query(database_url, select(TableRow.id, TableRow.creator_hash, TableRow.hints)
                 .order_by(TableRow.id)) == [(1, None, True), (2, None, True), (3, None, True)]
    Database(database_url).close()  # a second start finds nothing to do
    assert revision(database_url) == "0007"
    assert older_rows(database_url) == before


def test_the_app_serves_an_upgraded_database(database_url: str, tmp_path: Path) -> None:
    make_older_database(database_url, tmp_path)
    polignac = [row["action"] for row in older_rows(database_url)["moves"]
                if row["table_id"] == 1]
    with TestClient(create_app(database_url, computer_delay=30)) as client:
        listed = client.get("/api/tables").json()
        assert [(table["id"], table["game"], table["status"], table["moves"])
                for table in listed] == [(3, "clock", "finished", 41),
                                         (2, "clock", "finished", 52),
                                         (1, "polignac", "playing", 3)]
        record = client.get("/api/tables/3/record").json()
        assert record["seed"] == 2**64 - 5
        replayed = parlour.replay(record)
        assert replayed.is_terminal() and len(replayed.history) == 41
        replay = client.get("/api/tables/3/replay/10")
        assert replay.status_code == 200
        assert (replay.json()["move_number"], replay.json()["total"]) == (10, 41)
        stats = client.get("/api/tables/2/stats").json()
        assert (stats["key"], stats["won"], stats["counted"]) == ("clock", 1, True)
        party = client.get("/api/events/1/view", params={"token": ADA_TOKEN})
        assert party.status_code == 200 and party.json()["player"] == 0
        # the people of table 1 play on with their seat links
        state = parlour.make("polignac").new_state(seed=1)
        for action in polignac:
            state.apply(action)
        seat = state.current_player()
        assert view(client, 1, POLIGNAC_TOKENS[seat])["move_number"] == 3
        moved_at = datetime.now(UTC)
        response = move(client, 1, POLIGNAC_TOKENS[seat], 3, action=state.legal_actions()[0])
        assert response.status_code == 200, response.text
        assert create_table(client)["id"] == 4
    (last_move,), = query(database_url, select(TableRow.last_move).where(TableRow.id == 1))
    assert in_utc(last_move) >= moved_at
    with TestClient(create_app(database_url, computer_delay=30)) as client:
        assert view(client, 1)["move_number"] == 4


def test_a_fresh_database_gets_every_revision_and_the_orm_schema(database_url: str) -> None:
    assert revision(database_url) is None
    Database(database_url).close()
    assert revision(database_url) == "0007"
    assert differences(database_url) == []
    assert table_names(database_url) == {
        "alembic_version", "tables", "moves", "patience_results", "events", "event_steps",
        "players", "table_seats", "chat_messages", "ratings"}


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    """``parlour serve`` returns at once instead of serving, should the
    database open (the tests below expect it not to)."""
    monkeypatch.setattr(parlour.server, "serve", lambda app, host, port: None)


@pytest.mark.usefixtures("no_serving")
def test_a_database_from_a_newer_parlour_is_refused_in_one_line(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    Database(database_url).close()
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    engine.dispose()
    assert main(["serve", "--db", database_url]) == 2
    assert capsys.readouterr().err == (
        f"error: cannot open the database {database_url}: its schema is at revision 0099, "
        "which this parlour does not know (it knows up to 0007): a newer parlour upgraded it\n")
    assert revision(database_url) == "0099"


@pytest.mark.usefixtures("no_serving")
def test_a_database_with_another_programs_table_is_refused_in_one_line(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE events (id INTEGER PRIMARY KEY, title TEXT)"))
        connection.execute(text("INSERT INTO events VALUES (7, 'a concert')"))
    engine.dispose()
    assert main(["serve", "--db", database_url]) == 2
    assert capsys.readouterr().err == (
        f"error: cannot open the database {database_url}: it has a table 'events' that "
        "parlour did not make (its columns are id, title): give parlour a database of its own\n")
    assert table_names(database_url) == {"events"}
    assert query(database_url, "SELECT id, title FROM events") == [(7, "a concert")]


BROKEN_REVISION = '''"""A revision that fails half-way."""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.add_column("tables", sa.Column("broken", sa.Integer, nullable=True))
    raise RuntimeError("revision 0008 failed")
'''


def test_an_upgrade_that_fails_changes_nothing(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every revision of an upgrade is one transaction with the others:
    SQLite's driver alone would commit each ALTER as it goes."""
    make_older_database(database_url, tmp_path)
    before = older_rows(database_url)
    migrations = tmp_path / "migrations"
    shutil.copytree(str(files("parlour.server") / "migrations"), migrations,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (migrations / "versions" / "0008_broken.py").write_text(BROKEN_REVISION, encoding="utf-8")
    monkeypatch.setattr(db, "MIGRATIONS", str(migrations))
    with pytest.raises(RuntimeError, match="revision 0008 failed"):
        Database(database_url)
    assert revision(database_url) is None
    assert older_rows(database_url) == before
    added = {"seed_chosen", "last_move", "rematch", "pauses", "creator_hash", "hints", "clock",
             "clock_state", "deadline", "forfeited", "rated", "ratings", "spectator_chat",
             "revision", "broken"}
    assert added & column_names(database_url, "tables") == set()


STARTS_TIMEOUT = 60.0
"""Seconds the servers starting together may take (never reached when they
take turns; without the lock they wait on each other on PostgreSQL)."""


def test_servers_starting_together_take_turns(database_url: str) -> None:
    starters = 4
    barrier = threading.Barrier(starters)
    failures: list[BaseException] = []

    def start() -> None:
        barrier.wait()
        try:
            Database(database_url).close()
        except Exception as error:
            failures.append(error)

    threads = [threading.Thread(target=start, daemon=True) for _ in range(starters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(STARTS_TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "the starts wait on each other"
    assert failures == []
    assert query(database_url, "SELECT version_num FROM alembic_version") == [("0007",)]
    assert differences(database_url) == []


@pytest.mark.parametrize("path", [
    "/api/tables/2147483648/view", "/api/tables/2147483648/stats",
    "/api/tables/2147483648/record",
])
def test_a_table_number_beyond_every_id_is_no_table(client: TestClient, path: str) -> None:
    """PostgreSQL's ``integer`` key refuses to look up such a number at all."""
    response = client.get(path)
    number = path.split("/")[3]
    assert (response.status_code, response.json()) == (
        404, {"error": f"there is no table {number}"})


def test_a_party_number_beyond_every_id_is_no_party(client: TestClient) -> None:
    response = client.get("/api/events/2147483648/view")
    assert (response.status_code, response.json()) == (
        404, {"error": "there is no party 2147483648"})


@postgresql_only
def test_times_are_utc_whatever_the_sessions_time_zone(database_url: str) -> None:
    """A PostgreSQL session in another time zone gives times back in it:
    the API still shows them in UTC."""
    kolkata = make_url(database_url).update_query_dict(
        {"options": "-c timezone=Asia/Kolkata"}).render_as_string(hide_password=False)
    assert query(kolkata, "SHOW timezone") == [("Asia/Kolkata",)]
    started = datetime.now(UTC).replace(microsecond=0)
    with TestClient(create_app(kolkata, computer_delay=30)) as client:
        create_table(client)
    with TestClient(create_app(kolkata, computer_delay=30)) as client:
        (listed,) = client.get("/api/tables").json()
        assert listed["created"].endswith("+00:00")
        assert started <= datetime.fromisoformat(listed["created"]) <= datetime.now(UTC)
