"""Fixtures for the web app's tests: an app on a fresh database (an SQLite
file, or a PostgreSQL database when ``PARLOUR_TEST_DATABASE_URL`` is set:
``tests/database_support.py``) that a test can start again on the same
database (a server restart)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from database_support import fresh_database

# web_support.py, beside this file, imports by name (pytest runs in
# importlib mode, which puts no test folder on sys.path).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_support import QUICK_COMPUTERS, ManualClock

from parlour.server import create_app
from parlour.server.tables import NO_PAUSES


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    """A fresh database for one test: its SQLAlchemy URL."""
    with fresh_database(tmp_path) as url:
        yield url


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """A running app (lifespan started) whose computer seats move at once and
    whose tables do not pause for people unless they ask to (a test plays
    on through hands)."""
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS,
                               pauses=NO_PAUSES)) as test_client:
        yield test_client


@pytest.fixture
def clock() -> ManualClock:
    """A clock the test moves by hand."""
    return ManualClock()


@pytest.fixture
def timed_client(database_url: str, clock: ManualClock) -> Iterator[TestClient]:
    """An app whose rate limits and allowances (sockets, chat) run on ``clock``."""
    with TestClient(create_app(database_url, computer_delay=0, clock=clock)) as test_client:
        yield test_client
