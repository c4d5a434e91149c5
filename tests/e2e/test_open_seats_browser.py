"""Open seats in a real browser (issue 32, item 2): one player opens a
table with an open seat, another player (another browser) finds it in the
lobby and takes it in one click, and both pages see the table start."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from live_server import live_server
from parlour.server.db import Database
from parlour.server.payloads import name_key
from parlour.server.players import PLAYER_COOKIE
from parlour.server.tables import hash_token, new_token


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server of its own (its database is where the players are made)."""
    folder = tmp_path_factory.mktemp("open-seats")
    with live_server(folder, 0.05, ["--trick-pause", "0", "--hand-wait", "0"]) as base_url:
        yield base_url, folder / "parlour.db"


def player_page(new_page: Callable[..., Page], base_url: str, database: Path,
                name: str) -> Page:
    """A browser of its own whose cookie holds a new player's key."""
    # straight in the database: Playwright's synchronous API holds this
    # thread's event loop, where Players' coroutines would run
    key = new_token()
    opened = Database(f"sqlite:///{database}")
    try:
        assert opened.add_player(name, name_key(name), hash_token(key)) is not None
    finally:
        opened.close()
    page = new_page()
    page.context.add_cookies([{"name": PLAYER_COOKIE, "value": key, "url": base_url}])
    return page


def test_a_second_player_takes_an_open_seat_from_the_lobby_in_one_click(
    served: tuple[str, Path], new_page: Callable[..., Page],
) -> None:
    base_url, database = served
    ann = player_page(new_page, base_url, database, "Ann")
    bob = player_page(new_page, base_url, database, "Bob")
    # Ann opens a table whose seat 1 (the first to move at seed 1) is open
    ann.goto(base_url + "/")
    expect(ann.get_by_test_id("seat-kind-1")).to_be_visible()
    ann.get_by_test_id("my-name").fill("Ann")
    ann.get_by_test_id("seat-kind-1").select_option("open")
    for seat in (2, 3):
        ann.get_by_test_id(f"seat-agent-{seat}").select_option("random")
    ann.get_by_test_id("seed").fill("1")
    ann.get_by_test_id("clock-choice").select_option(label="Turn-based: 1 day a move")
    ann.get_by_test_id("create").click()
    ann.get_by_test_id("take-seat").click()
    expect(ann.get_by_test_id("open-notice")).to_contain_text(
        "Waiting for players: 1 seat is open.")
    # she created it: she could start it now with a computer in the open seat
    expect(ann.get_by_test_id("start-table")).to_be_visible()
    table_id = ann.url.split("/tables/")[1].split("#")[0]
    # Bob finds it in the lobby, under its game, and takes the seat in one click
    bob.goto(base_url + "/")
    row = bob.locator(f'[data-testid="looking-game"][data-game="polignac"] '
                      f'[data-testid="open-row"][data-table-id="{table_id}"]')
    expect(row).to_contain_text("with Ann")
    expect(row).to_contain_text("1 open seat")
    expect(row).to_contain_text("Turn-based: 1 d a move")
    row.get_by_test_id("take-open-seat").click()
    # both see the table start: Bob, at seat 1, is to move, on a clock
    expect(bob.get_by_test_id("turn")).to_have_attribute("data-my-turn", "true")
    expect(bob.get_by_test_id("open-notice")).to_be_hidden()
    expect(bob.get_by_test_id("clock")).to_have_attribute("data-to-move", "1")
    expect(bob.get_by_test_id("clock-left")).to_contain_text("Bob to move: 23 h 59 min left")
    expect(ann.get_by_test_id("open-notice")).to_be_hidden()
    expect(ann.get_by_test_id("turn")).to_have_attribute("data-to-move", "1")
    expect(ann.locator('[data-testid="seat"][data-seat="1"]')).to_contain_text("Bob")
    # the table left the lobby's list; Bob's lobby counts his turn
    bob.goto(base_url + "/")
    expect(bob.locator(f'[data-testid="turn-row"][data-table-id="{table_id}"]')).to_be_visible()
    expect(bob).to_have_title("(1) parlour — lobby")
    expect(bob.locator(f'[data-testid="open-row"][data-table-id="{table_id}"]')).to_have_count(0)
