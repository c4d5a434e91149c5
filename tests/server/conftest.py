"""Fixtures for the web app's tests: an app on a temporary SQLite file that
a test can start again on the same file (a server restart)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

# web_support.py, beside this file, imports by name (pytest runs in
# importlib mode, which puts no test folder on sys.path).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_support import QUICK_COMPUTERS

from parlour.server import create_app


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """A fresh SQLite database file for one test."""
    return f"sqlite:///{tmp_path / 'parlour.db'}"


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """A running app (lifespan started) whose computer seats move at once."""
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) \
            as test_client:
        yield test_client
