"""``parlour serve``: the URL to open, the default SQLite file in WAL mode,
and a database that cannot be opened reported as one error line."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
from fastapi import FastAPI

import parlour.server
from database_support import sqlite_only
from parlour.cli import main


@sqlite_only
def test_serve_prints_the_url_and_opens_parlour_db_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[tuple[FastAPI, str, int]] = []
    monkeypatch.setattr(parlour.server, "serve", lambda app, host, port, settings: started.append(
        (app, host, port)))
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert "parlour is serving at http://localhost:8123/" in capsys.readouterr().out
    (app, host, port), = started
    assert isinstance(app, FastAPI) and (host, port) == ("0.0.0.0", 8123)
    with sqlite3.connect(tmp_path / "parlour.db") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"tables", "moves"} <= tables


@pytest.mark.parametrize(("url", "sentence"), [
    ("foo://nowhere", "error: cannot open the database foo://nowhere: "),
    ("sqlite:////no/such/folder/parlour.db", "unable to open database file"),
])
def test_a_database_that_cannot_be_opened_is_one_error_line(
    url: str, sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--db", url]) == 2
    error = capsys.readouterr().err
    assert sentence in error and error.count("\n") == 1


def test_a_database_whose_driver_is_missing_is_one_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if it were not installed
    url = "postgresql+psycopg://parlour@/parlour?host=/nowhere"
    assert main(["serve", "--db", url]) == 2
    assert capsys.readouterr().err == (
        f"error: cannot open the database {url}: its driver psycopg is not installed "
        "(for PostgreSQL: pip install 'parlour[postgres]')\n")


def test_a_negative_computer_delay_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--computer-delay", "-1"]) == 2
    assert "--computer-delay" in capsys.readouterr().err


def test_a_database_password_is_never_printed(capsys: pytest.CaptureFixture[str]) -> None:
    # port 1 on loopback: nothing listens, so the connection is refused at once
    url = "postgresql+psycopg://parlour:hunter2@127.0.0.1:1/parlour"
    assert main(["serve", "--db", url]) == 2
    error = capsys.readouterr().err
    assert error.startswith(
        "error: cannot open the database postgresql+psycopg://parlour:***@127.0.0.1:1/parlour: ")
    assert "hunter2" not in error and error.count("\n") == 1
