"""Clocks at tables (issue 32, item 3): real-time and turn-based clocks,
a time bank, a timeout played by the easy computer or forfeiting the match,
deadlines kept across a restart, and a player's "your turn" list. The
clocks read a wall clock the tests move by hand."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from clock_support import START, FakeWallClock, iso, make_player
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_support import COMPUTER, HUMAN, QUICK_COMPUTERS, move, tokens, view, wait_until

import parlour
from parlour.agents import choose_action
from parlour.server import create_app
from parlour.server.db import Database
from parlour.server.engines import Engines
from parlour.server.tables import NO_PAUSES, agent_seed, log_end

REALTIME = {"kind": "realtime", "move": 30, "bank": 300}
TURN = {"kind": "turn", "move": 86400}
FIRST = 1
"""The seat to move first at Polignac with seed 1."""


def clocked_app(database_url: str, wall: FakeWallClock) -> FastAPI:
    return create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS,
                      pauses=NO_PAUSES, wall_clock=wall)


@pytest.fixture
def wall() -> FakeWallClock:
    return FakeWallClock()


@pytest.fixture
def clocked(database_url: str, wall: FakeWallClock) -> Iterator[TestClient]:
    with TestClient(clocked_app(database_url, wall)) as client:
        yield client


def new_table(client: TestClient, clock: Any, seats: list[dict[str, str]] | None = None,
              **body: Any) -> Any:
    return client.post("/api/tables", json={
        "game": "polignac", "seed": 1, "delay": 0, "seats": seats or [HUMAN] * 4,
        "clock": clock, **body})


def clocked_table(client: TestClient, clock: dict[str, Any],
                  seats: list[dict[str, str]] | None = None) -> dict[str, Any]:
    response = new_table(client, clock, seats)
    assert response.status_code == 201, response.text
    return dict(response.json())


def first_state() -> parlour.State:
    return parlour.make("polignac").new_state(seed=1)


def easy_choice(state: parlour.State, seat: int) -> int:
    """What the easy computer plays for ``seat`` at ``state``, seeded as the server seeds it."""
    agent = Engines().make("easy", agent_seed(state.seed, seat, len(state.history)))
    return int(choose_action(agent, state))


def stored_actions(database_url: str, table_id: int) -> list[int]:
    database = Database(database_url)
    try:
        stored = database.table(table_id)
        assert stored is not None
        return stored.actions
    finally:
        database.close()


# --- the request ----------------------------------------------------------------------------
@pytest.mark.parametrize(("clock", "sentence"), [
    ({"kind": "blitz", "move": 30},
     "a clock's kind is 'realtime' (seconds a move and a time bank) or 'turn' (a turn-based "
     "game: hours or days a move), not 'blitz'"),
    ({"kind": "realtime"}, 'give the seconds each move may take: "move", from 5 to 3600'),
    ({"kind": "realtime", "move": 4},
     "the clock's move must be a number of seconds from 5 to 3600, not 4"),
    ({"kind": "realtime", "move": 3601},
     "the clock's move must be a number of seconds from 5 to 3600, not 3601"),
    ({"kind": "turn", "move": 14 * 86400 + 1},
     "the clock's move must be a number of seconds from 5 to 1.2096e+06, not 1209601"),
    ({"kind": "realtime", "move": "30"},
     "the clock's move must be a number of seconds from 5 to 3600, not '30'"),
    ({"kind": "realtime", "move": 30, "bank": 3601},
     "the clock's bank must be a number of seconds from 0 to 3600, not 3601"),
    ({"kind": "realtime", "move": 30, "bank": True},
     "the clock's bank must be a number of seconds from 0 to 3600, not True"),
    ({"kind": "turn", "move": 86400, "bank": 60},
     "a turn-based clock has no time bank: give a real-time clock a bank"),
    ({"kind": "turn", "move": 86400, "on_timeout": "pass"},
     "on_timeout is 'easy' (the easy computer plays the move) or 'forfeit' (the seat forfeits "
     "the match), not 'pass'"),
    ({"kind": "turn", "move": 86400, "increment": 5},
     "the clock has an unknown field 'increment'; its fields are kind, move, bank, on_timeout"),
    ("24h", "the clock must be a JSON object"),
])
def test_a_bad_clock_is_refused_with_a_sentence(
    clocked: TestClient, clock: Any, sentence: str
) -> None:
    response = new_table(clocked, clock)
    assert (response.status_code, response.json()) == (400, {"error": sentence})


def test_a_clock_needs_a_persons_seat(clocked: TestClient) -> None:
    response = new_table(clocked, TURN, [COMPUTER] * 4)
    assert (response.status_code, response.json()) == (400, {"error": (
        "a clock times people's seats: this table has none (computers move at their own "
        "pace)")})


def test_a_table_without_a_clock_shows_none(clocked: TestClient) -> None:
    created = clocked_table(clocked, None)
    assert view(clocked, created["id"])["clock"] is None


# --- real time --------------------------------------------------------------------------------
def test_the_view_gives_the_seat_to_move_its_deadline_and_every_bank(
    clocked: TestClient,
) -> None:
    created = clocked_table(clocked, REALTIME)
    assert view(clocked, created["id"])["clock"] == {
        "kind": "realtime", "move": 30.0, "bank": 300.0, "on_timeout": "easy",
        "to_move": FIRST, "deadline": iso(START + timedelta(seconds=330)),
        "banks": [300.0] * 4, "timeouts": []}


def test_a_move_beyond_its_time_is_paid_from_the_bank(
    clocked: TestClient, wall: FakeWallClock,
) -> None:
    created = clocked_table(clocked, REALTIME)
    table_id, token = created["id"], tokens(created)[FIRST]
    state = first_state()
    action = state.legal_actions()[0]
    moved_at = wall.advance(50)
    response = move(clocked, table_id, token, 0, action=action)
    assert response.status_code == 200, response.text
    state.apply(action)
    following = state.current_player()
    clock = view(clocked, table_id)["clock"]
    assert clock["banks"] == [300.0, 280.0, 300.0, 300.0]
    assert (clock["to_move"], clock["deadline"]) == (
        following, iso(moved_at + timedelta(seconds=330)))
    # a quick move leaves the bank as it was
    action = state.legal_actions()[0]
    wall.advance(10)
    assert move(clocked, table_id, tokens(created)[following], 1, action=action).status_code \
        == 200
    assert view(clocked, table_id)["clock"]["banks"] == [300.0, 280.0, 300.0, 300.0]


def test_a_timeout_makes_the_easy_computer_play_the_move(
    clocked: TestClient, wall: FakeWallClock, database_url: str,
) -> None:
    created = clocked_table(clocked, REALTIME)
    table_id = created["id"]
    time.sleep(0.1)
    assert view(clocked, table_id)["move_number"] == 0  # the time is not out yet
    out = wall.advance(331)
    wait_until(lambda: view(clocked, table_id)["move_number"] == 1)
    state = first_state()
    expected = easy_choice(state, FIRST)
    line = log_end(state)
    assert stored_actions(database_url, table_id) == [expected]
    state.apply(expected)
    clock = view(clocked, table_id)["clock"]
    assert clock["timeouts"] == [{"move": 0, "seat": FIRST, "outcome": "easy", "line": line}]
    assert clock["banks"][FIRST] == 0.0
    assert (clock["to_move"], clock["deadline"]) == (
        state.current_player(), iso(out + timedelta(seconds=330)))


def test_a_timeout_forfeits_the_match_when_the_table_says_so(
    clocked: TestClient, wall: FakeWallClock, database_url: str,
) -> None:
    created = clocked_table(clocked, {**REALTIME, "on_timeout": "forfeit"})
    table_id = created["id"]
    wall.advance(331)
    wait_until(lambda: view(clocked, table_id)["status"] == "finished")
    seen = view(clocked, table_id, tokens(created)[0])
    assert seen["forfeited"] == FIRST
    assert seen["move_number"] == 0
    assert seen["clock"]["timeouts"] == [
        {"move": 0, "seat": FIRST, "outcome": "forfeit", "line": log_end(first_state())}]
    assert (seen["clock"]["to_move"], seen["clock"]["deadline"]) == (None, None)
    # the end of the match as after its last move: the rematch is offered, nobody moves
    assert seen["rematch"]["waiting"] == [0, 1, 2, 3]
    refused = move(clocked, table_id, tokens(created)[2], 0, action=32)
    assert (refused.status_code, refused.json()) == (409, {"error": "the match is over"})
    database = Database(database_url)
    try:
        stored = database.table(table_id)
        assert stored is not None
        assert (stored.row.status, stored.row.forfeited, stored.row.deadline) == (
            "finished", FIRST, None)
        assert stored.row.finished is not None
    finally:
        database.close()
    listed = clocked.get("/api/tables", params={"status": "finished"}).json()
    assert [(row["id"], row["forfeited"]) for row in listed] == [(table_id, FIRST)]


def test_only_peoples_seats_are_timed(clocked: TestClient) -> None:
    # the computer at seat 1 moves first, at its own pace; then a person's time runs
    created = clocked_table(clocked, REALTIME, [HUMAN, COMPUTER, HUMAN, HUMAN])
    table_id = created["id"]
    # (the computer may have more than one decision before a person's turn)
    wait_until(lambda: view(clocked, table_id)["move_number"] >= 1
               and view(clocked, table_id)["observation"]["to_move"] != 1)
    seen = view(clocked, table_id)
    to_move = seen["observation"]["to_move"]
    assert seen["clock"]["to_move"] == to_move
    assert seen["clock"]["deadline"] == iso(START + timedelta(seconds=330))
    assert seen["clock"]["banks"] == [300.0] * 4


# --- turn-based -------------------------------------------------------------------------------
def test_a_turn_based_clock_gives_each_move_its_days(
    clocked: TestClient, wall: FakeWallClock, database_url: str,
) -> None:
    created = clocked_table(clocked, {"kind": "turn", "move": 3 * 86400})
    table_id = created["id"]
    assert view(clocked, table_id)["clock"] == {
        "kind": "turn", "move": 259200.0, "bank": 0.0, "on_timeout": "easy",
        "to_move": FIRST, "deadline": iso(START + timedelta(days=3)), "banks": None,
        "timeouts": []}
    wall.advance(3 * 86400 - 1)
    time.sleep(0.1)
    assert view(clocked, table_id)["move_number"] == 0
    wall.advance(1)
    wait_until(lambda: view(clocked, table_id)["move_number"] == 1)
    assert stored_actions(database_url, table_id) == [easy_choice(first_state(), FIRST)]


# --- restarts ---------------------------------------------------------------------------------
def test_a_deadline_that_passed_while_the_server_was_down_is_met_at_start_up(
    database_url: str, wall: FakeWallClock,
) -> None:
    with TestClient(clocked_app(database_url, wall)) as client:
        table_id = clocked_table(client, REALTIME)["id"]
    wall.advance(400)
    with TestClient(clocked_app(database_url, wall)) as client:
        wait_until(lambda: view(client, table_id)["move_number"] == 1)
        assert view(client, table_id)["clock"]["timeouts"] == [
            {"move": 0, "seat": FIRST, "outcome": "easy", "line": log_end(first_state())}]
    assert stored_actions(database_url, table_id) == [easy_choice(first_state(), FIRST)]


def test_a_deadline_still_to_come_is_waited_for_after_a_restart(
    database_url: str, wall: FakeWallClock,
) -> None:
    with TestClient(clocked_app(database_url, wall)) as client:
        table_id = clocked_table(client, {**REALTIME, "on_timeout": "forfeit"})["id"]
    wall.advance(100)
    with TestClient(clocked_app(database_url, wall)) as client:
        time.sleep(0.1)
        seen = view(client, table_id)
        assert (seen["status"], seen["clock"]["deadline"]) == (
            "playing", iso(START + timedelta(seconds=330)))
        wall.advance(231)
        wait_until(lambda: view(client, table_id)["status"] == "finished")
        assert view(client, table_id)["forfeited"] == FIRST


# --- your turn --------------------------------------------------------------------------------
def seated_table(client: TestClient, clock: Any, headers: dict[str, str]) -> int:
    """A table where the player of ``headers`` takes seat 1 (to move first)
    and the creator gives the others to computers."""
    created = clocked_table(client, clock, [{"kind": "open"}] * 4)
    table_id = created["id"]
    taken = client.post(f"/api/tables/{table_id}/seats/{FIRST}/take", json={}, headers=headers)
    assert taken.status_code == 200, taken.text
    creator = created["creator_url"].split("#creator=")[1]
    started = client.post(f"/api/tables/{table_id}/start",
                          json={"creator": creator, "agent": "random"})
    assert started.status_code == 200, started.text
    return int(table_id)


def test_your_turn_lists_a_players_tables_to_move_at_most_urgent_first(
    clocked: TestClient, database_url: str,
) -> None:
    _, ann = make_player(database_url, "Ann")
    _, bob = make_player(database_url, "Bob")
    days = seated_table(clocked, {"kind": "turn", "move": 3 * 86400}, ann)
    none = seated_table(clocked, None, ann)
    seconds = seated_table(clocked, REALTIME, ann)

    def turn(table_id: int, deadline: str | None, clock: str | None) -> dict[str, Any]:
        return {"id": table_id, "game": "polignac", "title": "Polignac", "seat": FIRST,
                "move_number": 0, "deadline": deadline, "clock": clock,
                "url": f"/tables/{table_id}"}

    response = clocked.get("/api/players/me/turns", headers=ann)
    assert (response.status_code, response.json()) == (200, [
        turn(seconds, iso(START + timedelta(seconds=330)), "realtime"),
        turn(days, iso(START + timedelta(days=3)), "turn"),
        turn(none, None, None)])
    assert clocked.get("/api/players/me/turns", headers=bob).json() == []
    refused = clocked.get("/api/players/me/turns")
    assert (refused.status_code, refused.json()) == (403, {
        "error": "your turns are a player's: choose a name in the lobby first"})
