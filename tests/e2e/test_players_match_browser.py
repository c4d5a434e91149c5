"""Issue 32's Must-show in real browsers: two players, each in a browser of
his own, find each other through an open seat, play a turn-based Polignac
match across a server restart with a clock that runs out once (the `easy`
computer moves for the seat), chat, and see their new ratings and the match
on their player pages.

Ann makes her player on her first visit and opens the table (from her
browser's session, through the JSON API: the lobby's clocks are a day or
more a move, too long to run out in a test) with an open seat, two `random`
computers, no hints, no chosen seed (so the match is rated) and a
turn-based clock of :data:`MOVE_SECONDS` a move. Bob makes his player, finds
the table in the lobby's "Looking for players" and takes the seat in one
click. They chat. When it is Ann's turn after a few moves (her page lists
the table under "Your turn", and its tab title counts it) the server stops;
it starts again on the same database once her deadline has passed, and at
start-up the clock runs out: `easy` plays her move, which her page shows in
the log. They play the match out by clicking cards and calls, well within
their clocks, and each sees every seat's rating change at the end and the
match, his place and his new rating on his player page.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from live_server import get_json, live_server

MOVE_SECONDS = 25
"""The turn-based clock: seconds a move (the least is 5)."""

SERVER_OPTIONS = ["--trick-pause", "0", "--hand-wait", "0"]
"""The table moves on at once after a trick and a hand (nothing to wait out)."""

MY_TURN = '[data-testid="turn"][data-my-turn="true"]'
RESTART_AFTER = 6
"""Moves played before the server stops (at Ann's turn)."""


def make_player(page: Page, base_url: str, name: str) -> int:
    """The first visit to the lobby: the player chooses a name; his id."""
    page.goto(base_url + "/")
    expect(page.get_by_test_id("player-prompt")).to_be_visible()
    page.get_by_test_id("player-name-input").fill(name)
    page.get_by_test_id("player-create").click()
    expect(page.get_by_test_id("identity-name")).to_have_text(f"You are {name}")
    return int(page.get_by_test_id("identity-name").get_attribute("data-player-id") or 0)


def spectators_view(base_url: str, table_id: int) -> dict[str, Any]:
    seen: dict[str, Any] = get_json(base_url, f"/api/tables/{table_id}/view")
    return seen


def play_turn(page: Page) -> None:
    """The page's player, whose turn it is, makes his move by a click: he
    passes a capot call, else plays his first legal card."""
    expect(page.locator(MY_TURN)).to_be_visible()
    calls = page.locator('[data-testid="call"]')
    if calls.count():
        calls.filter(has_text="pass").click()
        expect(calls).to_have_count(0)
        return
    hand = page.locator('[data-testid="hand"] [data-card]')
    count = hand.count()
    page.locator('[data-testid="hand"] [data-legal="true"]').first.click()
    expect(hand).to_have_count(count - 1)


def play(base_url: str, table_id: int, pages: dict[int, Page],
         stop: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The people's turns played on their pages (the computers move on
    their own) until ``stop(view)`` or the match is over; the last view."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        seen = spectators_view(base_url, table_id)
        if seen["status"] == "finished" or stop(seen):
            return seen
        page = pages.get(seen["observation"]["to_move"])
        if page is None:
            time.sleep(0.05)  # a computer's turn (or a view on its way)
            continue
        play_turn(page)
        # the server has the move before the next turn is looked for
        number = seen["move_number"]
        while spectators_view(base_url, table_id)["move_number"] == number:
            time.sleep(0.02)
    raise AssertionError(f"table {table_id} did not finish within 3 minutes")


def test_two_players_meet_chat_and_play_a_rated_turn_based_match_across_a_restart(
    tmp_path_factory: pytest.TempPathFactory, new_page: Callable[..., Page],
) -> None:
    folder: Path = tmp_path_factory.mktemp("players-match")
    ann, bob = new_page(), new_page()
    with live_server(folder, 0.05, SERVER_OPTIONS) as base_url:
        ann_id = make_player(ann, base_url, "Ann")
        bob_id = make_player(bob, base_url, "Bob")
        made = ann.request.post(base_url + "/api/tables", data={
            "game": "polignac", "options": {"target": 1}, "delay": 0.05,
            "seats": [{"kind": "human"}, {"kind": "open"},
                      {"kind": "computer", "agent": "random"},
                      {"kind": "computer", "agent": "random"}],
            "clock": {"kind": "turn", "move": MOVE_SECONDS, "on_timeout": "easy"}})
        assert made.status == 201, made.text()
        table_id = made.json()["id"]
        assert made.json()["status"] == "open"

        # Bob finds the table in the lobby and takes the open seat in one click
        bob.goto(base_url + "/")
        row = bob.locator(f'[data-testid="open-row"][data-table-id="{table_id}"]')
        expect(row).to_contain_text("with Ann")
        row.get_by_test_id("take-open-seat").click()
        expect(bob.get_by_test_id("connection")).to_have_attribute("data-state", "live")
        seen = spectators_view(base_url, table_id)
        assert seen["status"] == "playing"
        assert [(seat["name"], seat.get("player")) for seat in seen["table"]["seats"][:2]] \
            == [("Ann", ann_id), ("Bob", bob_id)]
        assert seen["table"]["rated"] is True
        # Ann's seat opens by her key alone
        ann.goto(f"{base_url}/tables/{table_id}")
        expect(ann.get_by_test_id("connection")).to_have_attribute("data-state", "live")
        expect(ann.get_by_test_id("clock")).to_have_attribute("data-kind", "turn")

        # they chat
        ann.get_by_test_id("chat-input").fill("good luck, Bob")
        ann.get_by_test_id("chat-input").press("Enter")
        expect(bob.get_by_test_id("chat-message").last.get_by_test_id("chat-text")) \
            .to_have_text("good luck, Bob")
        bob.get_by_test_id("chat-input").fill("<i>and to you</i>")
        bob.get_by_test_id("chat-send").click()
        expect(ann.get_by_test_id("chat-message").last.get_by_test_id("chat-text")) \
            .to_have_text("<i>and to you</i>")

        seen = play(base_url, table_id, {0: ann, 1: bob}, lambda view: (
            view["move_number"] >= RESTART_AFTER and view["observation"]["to_move"] == 0))
        assert seen["status"] == "playing", "the match goes on past the restart"
        assert seen["clock"]["to_move"] == 0
        assert seen["clock"]["timeouts"] == []
        deadline = datetime.fromisoformat(seen["clock"]["deadline"])
        moves_before = seen["move_number"]
        # Ann's own page lists the table under "Your turn", and its tab counts it
        ann.goto(f"{base_url}/players/{ann_id}")
        expect(ann.locator(f'[data-testid="your-turn"] [data-testid="turn-row"]'
                           f'[data-table-id="{table_id}"]')).to_be_visible()
        expect(ann).to_have_title("(1) parlour — Ann")
        bob.goto(f"{base_url}/players/{bob_id}")
        expect(bob.get_by_test_id("player-name")).to_have_text("Bob")
        expect(bob.get_by_test_id("your-turn")).to_be_hidden()
    # the server is down while Ann's clock runs out
    time.sleep(max(0.0, (deadline - datetime.now(UTC)).total_seconds()) + 1.0)
    with live_server(folder, 0.05, SERVER_OPTIONS) as base_url:
        # the deadline that passed while the server was down is acted on as it starts
        after = spectators_view(base_url, table_id)
        waited = time.monotonic() + 30
        while not after["clock"]["timeouts"] and time.monotonic() < waited:
            time.sleep(0.05)
            after = spectators_view(base_url, table_id)
        timeouts = after["clock"]["timeouts"]
        assert [(timeout["seat"], timeout["outcome"], timeout["move"])
                for timeout in timeouts] == [(0, "easy", moves_before)]
        assert after["move_number"] > moves_before, "easy played Ann's move at start-up"
        for page in (ann, bob):
            page.goto(f"{base_url}/tables/{table_id}")
            expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "live")
        line = ann.locator('[data-testid="timeout-line"][data-seat="0"]')
        expect(line).to_have_text("Ann ran out of time: Easy played for them")
        expect(line).to_have_attribute("data-outcome", "easy")
        # the chat was kept
        expect(bob.get_by_test_id("chat-message")).to_have_count(2)

        final = play(base_url, table_id, {0: ann, 1: bob}, lambda view: False)
        assert final["status"] == "finished"
        assert len(final["clock"]["timeouts"]) == 1, "the clock ran out once"
        changes = final["ratings"]
        assert [change["subject"] for change in changes] == [
            f"player:{ann_id}", f"player:{bob_id}", "agent:random", "agent:random"]
        for page, seat in ((ann, 0), (bob, 1)):
            expect(page.get_by_test_id("summary")).to_be_visible()
            shown = page.locator(f'[data-testid="rating-change"][data-seat="{seat}"]')
            before, after_rating = (changes[seat]["before"]["rating"],
                                    changes[seat]["after"]["rating"])
            expect(shown).to_contain_text(f"rating {before} → {after_rating}")

        # each player's page: the match, his place, his new rating
        places = {entry["seat"]: entry["place"]
                  for entry in (get_json(base_url, f"/api/players/{player}")["finished"][0]
                                for player in (ann_id, bob_id))}
        for page, player, seat in ((ann, ann_id, 0), (bob, bob_id, 1)):
            page.goto(f"{base_url}/players/{player}")
            match = page.locator(f'[data-testid="player-match"][data-table-id="{table_id}"]')
            expect(match).to_be_visible()
            expect(match.get_by_test_id("player-place")).to_have_text(f"place {places[seat]}")
            new_rating = changes[seat]["after"]["rating"]
            expect(match.get_by_test_id("player-rating-change")).to_contain_text(
                f"→ {new_rating}")
            rating = page.locator('[data-testid="player-rating"][data-game="polignac"]')
            expect(rating).to_have_attribute("data-rating", str(new_rating))
            expect(rating).to_contain_text(f"rating {new_rating}")
