"""Shared test set-up: the helpers in this folder (``support``,
``test_hidden``, ``cli_run``) import by name from any test module or
sub-folder, the ``cli`` fixture runs the command line, no locale variable
chooses a language (English unless a test asks), no
test writes the user's patience statistics, and no test starts while an
event loop another test left open is marked running."""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cli_run import Cli, Run
from parlour.cli import main
from parlour.i18n import ENVIRONMENT


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    """Run ``parlour *args`` with ``stdin`` as standard input; plain output."""
    for variable in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("COLUMNS", "100")

    def run(*args: str, stdin: str = "") -> Run:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(list(args))
        captured = capsys.readouterr()
        return Run(status, captured.out, captured.err)

    return run


@pytest.fixture(autouse=True)
def _no_locale_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test runs in the language of the machine's locale: the command
    line speaks English unless a test sets a locale variable or --lang."""
    for variable in ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)


@pytest.fixture(autouse=True)
def _own_statistics_file(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Patience statistics go to a file of the test's own, never the user's."""
    monkeypatch.setenv("PARLOUR_STATS", str(tmp_path_factory.mktemp("stats") / "stats.json"))
    yield


@pytest.fixture(autouse=True)
def _no_event_loop_left_running(request: pytest.FixtureRequest) -> None:
    """Fail at once, naming the cause, if a fixture of an earlier test on
    this worker left an event loop marked running in the thread (every
    ``asyncio.run`` would be refused). The browser tests hold Playwright's
    loop for their module by design (``tests/e2e/conftest.py``)."""
    if "browser" in request.fixturenames:
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    pytest.fail("an event loop is marked running in this thread before the test: a fixture "
                "of an earlier test left it open (Playwright's sync API does so while open)")
