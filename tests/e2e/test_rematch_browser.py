"""Play again in a real browser (issue 29, item 4, "Must show": a rematch
accepted by two people): two people, each in a browser of his own, finish
a Polignac match with two computers; beside the replay link each is offered
the rematch, one accepts, the other declines (the first is told so) and
then accepts; both pages go to the new table, each to its seat moved on by
one; and the replay of the first match says who made each move.

The match is played through the API (the people's first legal moves, the
computers at once): the pages are opened on a finished table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

import parlour
from live_server import get_json, post_json

SEATS = [{"kind": "human"}, {"kind": "computer", "agent": "random"}] * 2
"""P0 and P2 are people, P1 and P3 computers."""
NAMES = ["P0", "Random 1", "P2", "Random 2"]
"""How the table calls each seat (the computers after their level)."""
PEOPLE = (0, 2)
SEED = 3


def table_view(server: str, table_id: int, token: str | None = None) -> dict[str, Any]:
    """The server's view of the table for ``token``'s seat (or a spectator)."""
    query = "" if token is None else f"?token={token}"
    seen: dict[str, Any] = get_json(server, f"/api/tables/{table_id}/view{query}")
    return seen


def finished_table(server: str) -> tuple[int, dict[int, str]]:
    """A Polignac match of one hand played to its end; the table's id and
    the people's tokens."""
    created = post_json(server, "/api/tables", {
        "game": "polignac", "options": {"target": 1}, "seats": SEATS, "seed": SEED, "delay": 0,
    })
    table_id = created["id"]
    seat_tokens = {seat["seat"]: parse_qs(urlsplit(seat["url"]).fragment)["token"][0]
                   for seat in created["seats"] if "url" in seat}
    deadline = time.monotonic() + 30
    while (seen := table_view(server, table_id))["status"] != "finished":
        assert time.monotonic() < deadline, "the match did not end"
        mover = seen["observation"]["to_move"]
        if mover not in seat_tokens:
            time.sleep(0.02)  # a computer's turn
            continue
        legal = table_view(server, table_id, seat_tokens[mover])["observation"]["legal"]
        post_json(server, f"/api/tables/{table_id}/moves", {
            "token": seat_tokens[mover], "action": legal[0]["id"],
            "move_number": seen["move_number"]})
    return table_id, seat_tokens


@pytest.fixture
def two_pages(new_page: Callable[..., Page]) -> tuple[Page, Page]:
    """Two pages, each in a browser context of its own (two people)."""
    return new_page(), new_page()


def test_two_people_accept_a_rematch_and_land_in_their_seats_moved_on_by_one(
        server: str, two_pages: tuple[Page, Page]) -> None:
    table_id, seat_tokens = finished_table(server)
    pages = dict(zip(PEOPLE, two_pages, strict=True))
    for seat, page in pages.items():
        page.goto(f"{server}/tables/{table_id}#token={seat_tokens[seat]}")
        summary = page.locator('[data-testid="summary"]')
        expect(summary).to_be_visible()
        # the offer comes after the replay link
        expect(summary.locator('p:has([data-testid="replay-link"]) + [data-testid="rematch"]')
               ).to_be_visible()
        expect(page.locator('[data-testid="rematch-seat"]')).to_have_text(
            f"In the rematch you sit where {NAMES[seat + 1]} sits now.")
    first, second = pages[0], pages[2]
    expect(first.locator('[data-testid="rematch-status"]')).to_have_text(
        "Waiting for P0 (you), P2 to accept.")
    expect(second.locator('[data-testid="rematch-status"]')).to_have_text(
        "Waiting for P0, P2 (you) to accept.")

    first.locator('[data-testid="rematch-accept"]').click()
    expect(first.locator('[data-testid="rematch-accept"]')).to_have_attribute(
        "aria-pressed", "true")
    expect(first.locator('[data-testid="rematch-status"]')).to_have_text(
        "Waiting for P2 to accept.")
    second.locator('[data-testid="rematch-decline"]').click()
    expect(first.locator('[data-testid="rematch-status"]')).to_have_text("P2 declined.")
    expect(second.locator('[data-testid="rematch-status"]')).to_have_text("P2 (you) declined.")
    expect(second.locator('[data-testid="rematch-decline"]')).to_have_attribute(
        "aria-pressed", "true")
    assert table_view(server, table_id)["rematch"]["table"] is None

    second.locator('[data-testid="rematch-accept"]').click()
    deadline = time.monotonic() + 10
    while (new_id := table_view(server, table_id)["rematch"]["table"]) is None:
        assert time.monotonic() < deadline, "the rematch was not made"
        time.sleep(0.05)
    made = table_view(server, new_id)["table"]
    assert [seat["kind"] for seat in made["seats"]] == [
        "computer", "human", "computer", "human"]
    assert (made["game"], made["options"]["target"]) == ("polignac", 1)
    for seat, page in pages.items():
        page.wait_for_url(f"{server}/tables/{new_id}")
        token = page.evaluate(f"sessionStorage.getItem('parlour:token:/tables/{new_id}')")
        seen = table_view(server, new_id, token)
        assert seen["seat"] == seat + 1, "each person sits one seat on"
        expect(page.locator('[data-testid="spectator"]')).to_be_hidden()
        expect(page.locator('[data-testid="hand"] [data-card]')).to_have_count(
            len(seen["observation"]["hand"]))
        expect(page.locator(f'[data-testid="scores"] tr[data-seat="{seat + 1}"]')
               ).to_contain_text("you")


def test_the_replay_says_who_made_each_move(server: str, two_pages: tuple[Page, Page]) -> None:
    table_id, _ = finished_table(server)
    record = get_json(server, f"/api/tables/{table_id}/record")
    state = parlour.make("polignac", target=1).new_state(seed=SEED)
    movers = []
    for action in parlour.replay(record).history:
        movers.append(state.current_player())
        state.apply(action)

    def named(seat: int) -> str:
        return f"by {NAMES[seat]}" if seat in PEOPLE else f"by {NAMES[seat]} (computer)"

    page = two_pages[0]
    page.goto(f"{server}/tables/{table_id}/replay")
    mover = page.locator('[data-testid="replay-mover"]')
    expect(page.locator('[data-testid="replay-position"]')).to_have_text(
        f"Move 0 of {len(movers)}")
    expect(mover).to_have_text("")
    for move_number in range(1, 6):
        page.locator('[data-testid="replay-forward"]').click()
        expect(mover).to_have_text(named(movers[move_number - 1]))
        expect(mover).to_have_attribute("data-seat", str(movers[move_number - 1]))
    page.locator('[data-testid="replay-last"]').click()
    expect(mover).to_have_text(named(movers[-1]))
    assert {*movers} == {0, 1, 2, 3}
