"""Ratings in a real browser (issue 32, item 6): a rated table of computer
levels plays out; its page shows each seat's rating change under the
result, with the link to the game's leaderboard, which lists the levels
best first; the lobby links every game of several players' leaderboard."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect

from live_server import get_json, post_json

LEVELS = ["random", "easy", "medium"]


def finished(server: str, table_id: int) -> dict[str, Any]:
    """The table's view once its computers have played it out."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        seen: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view")
        if seen["status"] == "finished":
            return seen
        time.sleep(0.2)
    raise AssertionError(f"table {table_id} did not finish")


def signed(change: int) -> str:
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


def test_a_rated_tables_end_shows_the_rating_changes_and_the_leaderboard(
        server: str, page: Page) -> None:
    created = post_json(server, "/api/tables", {
        "game": "polignac", "options": {"players": 3, "target": 1}, "hints": False,
        "seats": [{"kind": "computer", "agent": level} for level in LEVELS]})
    seen = finished(server, created["id"])
    assert seen["table"]["rated"] is True
    page.goto(f"{server}/tables/{created['id']}")
    changes = page.get_by_test_id("rating-change")
    expect(changes).to_have_count(3)
    for seat, (level, entry) in enumerate(zip(LEVELS, seen["ratings"], strict=True)):
        before, after = entry["before"]["rating"], entry["after"]["rating"]
        expect(changes.nth(seat)).to_have_text(
            f"{level.capitalize()}: rating {before} → {after} ({signed(after - before)})")
        expect(changes.nth(seat)).to_have_attribute("data-subject", f"agent:{level}")
    page.get_by_test_id("summary").get_by_test_id("ratings-link").click()
    expect(page).to_have_url(f"{server}/ratings/polignac")
    board = get_json(server, "/api/ratings/polignac")["ratings"]
    rows = page.get_by_test_id("rating-row")
    expect(rows).to_have_count(len(board))
    for index, entry in enumerate(board):
        expect(rows.nth(index)).to_have_attribute("data-subject", entry["subject"])
        expect(rows.nth(index).get_by_test_id("rating-value")).to_have_text(str(entry["rating"]))
    expect(page.get_by_test_id("title")).to_have_text("Ratings: Polignac")
    expect(page.get_by_test_id("empty")).to_be_hidden()


def test_the_lobby_links_the_leaderboards_and_an_unknown_game_is_refused(
        server: str, page: Page) -> None:
    page.goto(server)
    polignac = page.locator('[data-testid="game"][data-game="polignac"]')
    expect(polignac.get_by_test_id("ratings-link")).to_have_attribute(
        "href", "/ratings/polignac")
    expect(page.locator('[data-testid="game"][data-game="golf"]')
           .get_by_test_id("ratings-link")).to_have_count(0)
    page.goto(f"{server}/ratings/chess")
    expect(page.get_by_test_id("error")).to_contain_text("no game called 'chess'")
    expect(page.get_by_test_id("leaderboard")).to_be_empty()
