"""The database a server test runs on: a fresh SQLite file by default, or a
fresh database on the PostgreSQL server that ``PARLOUR_TEST_DATABASE_URL``
names (``postgresql+psycopg://user@/postgres?host=/socket/folder``, any
database there that the user may connect to; the user must be allowed to
create databases). ``.ci/run`` runs the server tests both ways.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import URL, create_engine, make_url
from sqlalchemy.pool import NullPool

SERVER_VARIABLE = "PARLOUR_TEST_DATABASE_URL"


def server_url() -> URL | None:
    """The PostgreSQL server the tests run on, or ``None``: SQLite files."""
    text = os.environ.get(SERVER_VARIABLE, "")
    if not text:
        return None
    url = make_url(text)
    if url.get_backend_name() != "postgresql":
        raise pytest.UsageError(
            f"{SERVER_VARIABLE} must be a postgresql+psycopg:// URL, not {url.drivername}")
    return url


ON_POSTGRESQL = server_url() is not None
"""Whether this run's server tests are on PostgreSQL."""

sqlite_only = pytest.mark.skipif(
    ON_POSTGRESQL, reason=f"a test of SQLite files: {SERVER_VARIABLE} runs on PostgreSQL")
"""For the tests of what only SQLite has (files, their paths, WAL mode)."""

postgresql_only = pytest.mark.skipif(
    not ON_POSTGRESQL, reason=f"{SERVER_VARIABLE} is not set: no PostgreSQL server to test on")
"""For the tests of what only PostgreSQL has."""


@contextmanager
def fresh_database(folder: Path) -> Iterator[str]:
    """The URL of an empty database, dropped afterwards: ``parlour.db`` in
    ``folder``, or on the PostgreSQL server a database of a unique name
    (pytest-xdist's workers never share one)."""
    server = server_url()
    if server is None:
        yield f"sqlite:///{folder / 'parlour.db'}"
        return
    name = f"parlour_test_{uuid.uuid4().hex}"
    # CREATE and DROP DATABASE cannot run inside a transaction
    admin = create_engine(server, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        # FORCE: a server the test killed may not have closed its connections yet
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.dispose()
