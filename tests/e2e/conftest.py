"""Fixtures for the browser tests: a real ``parlour serve`` in a child
process and Debian's headless Chromium driven by Playwright.

Playwright's own browser download is not available here, so Chromium is
always ``/usr/bin/chromium`` (installed by ``.ci/run``); without it the
browser tests are skipped.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from live_server import live_server  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update",
]
COMPUTER_DELAY = 0.05
"""Seconds the computer seats of the test server wait before moving."""

expect.set_options(timeout=10_000)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of ``parlour serve`` on a fresh SQLite file."""
    # every test's tables come from this one address: room for all of them;
    # a table pauses for people only when it asks to (test_time_to_see_browser)
    with live_server(tmp_path_factory.mktemp("e2e"), COMPUTER_DELAY,
                     ["--max-tables-per-address", "2000", "--trick-pause", "0",
                      "--hand-wait", "0", "--max-players-per-address-hour", "1000",
                      "--max-players-per-address-day", "1000"]) as base_url:
        yield base_url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium (skips the test when Debian's chromium is missing).

    One a module, not one a session: while Playwright's synchronous API is
    open it marks its event loop as running in the thread, and any other
    test that the same pytest-xdist worker runs meanwhile would find
    ``asyncio.run`` refused. pytest tears a module's fixtures down as soon
    as a worker moves to a test of another module.
    """
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package (see .ci/run)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Opens fresh browser pages, each in a browser context of its own (its
    own storage: another person), with ``options`` for the context (e.g.
    ``locale="es-ES"``); the test fails if a script on any of them throws or
    the server's Content-Security-Policy refuses anything a page does."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_page(**options: Any) -> Page:
        context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **options})
        contexts.append(context)
        opened = context.new_page()
        opened.on("pageerror", lambda error: errors.append(str(error)))
        opened.on("console", lambda message: errors.append(message.text)
                  if "Content Security Policy" in message.text else None)
        return opened

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the pages: {errors}"


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    """A fresh browser page (:func:`new_page`)."""
    return new_page()
