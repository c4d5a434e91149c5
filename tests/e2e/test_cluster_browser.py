"""Issue 34's Must-show in real browsers: two people, each in a browser of
his own and each on a different ``parlour serve`` process of one
PostgreSQL database (no load balancer: Ann's page and its socket talk to
the first process only, Bob's to the second), play a table to its end by
clicking cards and calls, and each sees the other's moves at once (on his
page within :data:`AT_ONCE` seconds of the click), and the computer's
too, whichever process runs it.

The table is Polignac for three, one hand (some 32 moves): Ann, Bob and a
`random` computer. PostgreSQL only (``bash scripts/with_postgres.sh pytest
...``): on SQLite parlour serves from one process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cluster_support import Cluster, postgresql_cluster, running_cluster
from database_support import fresh_database

pytestmark = postgresql_cluster

AT_ONCE = 2.0
"""Seconds within which a move made through one process shows on a page
served by the other."""
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
         {"kind": "computer", "agent": "random"}]
MY_TURN = '[data-testid="turn"][data-my-turn="true"]'
MATCH_WITHIN = 180.0
"""Seconds the match may take to be played (never reached)."""


def spectators_view(cluster: Cluster) -> Callable[[int], dict[str, Any]]:
    """The public view of a table, asked of each process in turn."""
    def seen(table_id: int) -> dict[str, Any]:
        response = cluster.next_client().get(f"/api/tables/{table_id}/view")
        assert response.status_code == 200, response.text
        return dict(response.json())
    return seen


def shows_move(page: Page, move_number: int) -> None:
    """Wait (at most :data:`AT_ONCE` s) until ``page``'s felt shows the
    table at ``move_number`` or later."""
    try:
        page.wait_for_function(
            """(number) => {
                const board = document.querySelector('[data-testid="board"]');
                return board !== null && Number(board.dataset.moveNumber) >= number;
            }""", arg=move_number, timeout=AT_ONCE * 1000)
    except PlaywrightTimeout:
        shown = page.get_by_test_id("board").get_attribute("data-move-number")
        raise AssertionError(f"the page at {page.url.split('#')[0]} did not show move "
                             f"{move_number} within {AT_ONCE:g} s: it shows {shown}") from None


def play_turn(page: Page) -> None:
    """The page's person, whose turn it is, moves by a click: he passes a
    capot call, else plays his first legal card."""
    expect(page.locator(MY_TURN)).to_be_visible()
    calls = page.locator('[data-testid="call"]')
    if calls.count():
        calls.filter(has_text="pass").click()
        return
    page.locator('[data-testid="hand"] [data-legal="true"]').first.click()


def test_two_people_on_two_processes_play_to_the_end_seeing_each_others_moves_at_once(
    tmp_path: Path, new_page: Callable[..., Page],
) -> None:
    ann, bob = new_page(), new_page()
    with fresh_database(tmp_path) as database_url, \
            running_cluster(database_url, tmp_path, 2) as cluster:
        made = cluster.client(0).post("/api/tables", json={
            "game": "polignac", "options": {"players": 3, "target": 1}, "seats": SEATS,
            "seed": 5, "delay": 0.05})
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        links = {seat["seat"]: seat["url"] for seat in made.json()["seats"] if "url" in seat}
        sides = {0: cluster.servers[0].url, 1: cluster.servers[1].url}
        pages = {0: ann, 1: bob}
        for seat, page in pages.items():
            page.goto(sides[seat] + links[seat])
            expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "live")
        public = spectators_view(cluster)

        deadline = time.monotonic() + MATCH_WITHIN
        clicks = {0: 0, 1: 0}
        seen = public(table_id)
        while seen["status"] == "playing":
            assert time.monotonic() < deadline, f"the match stands at {seen['move_number']}"
            number, mover = seen["move_number"], seen["observation"]["to_move"]
            if mover in pages:
                play_turn(pages[mover])
                clicks[mover] += 1
                # the other person's page, on the other process, shows the move at once
                shows_move(pages[1 - mover], number + 1)
            else:
                # the computer's move, wherever it is made, reaches both pages
                while (seen := public(table_id))["move_number"] == number:
                    assert time.monotonic() < deadline, "the computer did not move"
                    time.sleep(0.02)
                for page in pages.values():
                    shows_move(page, number + 1)
            seen = public(table_id)
        assert seen["status"] == "finished"
        assert min(clicks.values()) >= 5, f"both people played the hand: {clicks}"
        for page in pages.values():
            shows_move(page, seen["move_number"])
            expect(page.get_by_test_id("summary")).to_be_visible()
        finished = [cluster.client(index).get(f"/api/tables/{table_id}/view").json()
                    for index in (0, 1)]
        # (whether each person's page is open, per process, is
        # tests/server/test_cluster_processes.py's)
        for one in finished:
            for seat in one["table"]["seats"]:
                seat.pop("present", None)
        assert finished[0] == finished[1]
        assert [seat["name"] for seat in finished[0]["table"]["seats"][:2]] == ["Ann", "Bob"]
