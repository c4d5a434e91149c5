"""Open seats (issue 32, item 2): a table's creator leaves seats open, the
lobby lists the table, a player takes a seat in one click, and the table
starts when every seat is taken or when its creator starts it with
computers in the open seats."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from clock_support import make_player
from fastapi.testclient import TestClient
from web_support import HUMAN, QUICK_COMPUTERS, move, secret_of, token_of, view, wait_until

from parlour.server import create_app
from parlour.server.db import Database
from parlour.server.players import PLAYER_HEADER
from parlour.server.tables import NO_PAUSES

OPEN: dict[str, str] = {"kind": "open"}
RANDOM: dict[str, str] = {"kind": "computer", "agent": "random"}


def open_table(client: TestClient, seats: list[dict[str, str]], **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "polignac", "seed": 1, "delay": 0,
                                                "seats": seats, **body})
    assert response.status_code == 201, response.text
    return dict(response.json())


def take(client: TestClient, table_id: int, seat: int, headers: dict[str, str]) -> Any:
    return client.post(f"/api/tables/{table_id}/seats/{seat}/take", json={}, headers=headers)


def start(client: TestClient, table_id: int, creator: str | None, **body: Any) -> Any:
    return client.post(f"/api/tables/{table_id}/start", json={"creator": creator, **body})


def creator_of(created: dict[str, Any]) -> str:
    return secret_of(created["creator_url"], "creator")


def player_seats(database_url: str, player: int) -> list[tuple[int, int]]:
    database = Database(database_url)
    try:
        return database.player_seats(player, ("open", "playing", "finished"))
    finally:
        database.close()


def test_a_table_with_open_seats_waits_for_players(client: TestClient) -> None:
    created = open_table(client, [HUMAN, OPEN, OPEN, RANDOM])
    table_id = created["id"]
    assert created["status"] == "open"
    assert created["seats"][1:] == [{"seat": 1, "kind": "open"}, {"seat": 2, "kind": "open"},
                                    {"seat": 3, "kind": "computer", "agent": "random"}]
    # nobody moves, not even the computer (seat 1 is to move first at seed 1)
    time.sleep(0.1)
    seen = view(client, table_id, token_of(created["seats"][0]["url"]))
    assert (seen["status"], seen["table"]["status"], seen["move_number"]) == ("open", "open", 0)
    assert seen["table"]["seats"][1] == {"seat": 1, "kind": "open", "name": "P1"}
    refused = move(client, table_id, token_of(created["seats"][0]["url"]), 0, action=32)
    assert (refused.status_code, refused.json()) == (409, {"error": (
        "the table waits for players: it starts when every open seat is taken, or when its "
        "creator starts it")})


def test_the_lobby_lists_the_tables_looking_for_players(client: TestClient) -> None:
    looking = open_table(client, [{"kind": "human", "name": "Ann"}, OPEN, OPEN, RANDOM],
                         clock={"kind": "turn", "move": 86400})
    open_table(client, [HUMAN, RANDOM, RANDOM, RANDOM])
    response = client.get("/api/lobby/open")
    assert response.status_code == 200
    [listed] = response.json()
    assert listed == {
        "id": looking["id"], "game": "polignac", "title": "Polignac", "status": "open",
        "seats": [{"seat": 0, "kind": "human", "name": "Ann"}, {"seat": 1, "kind": "open"},
                  {"seat": 2, "kind": "open"},
                  {"seat": 3, "kind": "computer", "agent": "random", "name": "Random"}],
        "open_seats": [1, 2], "moves": 0, "scores": [0, 0, 0, 0],
        "created": listed["created"], "finished": None, "seed_chosen": True,
        "clock": {"kind": "turn", "move": 86400.0, "bank": 0.0, "on_timeout": "easy"},
        "forfeited": None}
    spanish = client.get("/api/lobby/open", headers={"Accept-Language": "es"}).json()
    assert spanish[0]["title"] == "Polignac"


def test_a_player_takes_an_open_seat_and_the_table_starts_when_full(
    client: TestClient, database_url: str,
) -> None:
    ann_id, ann = make_player(database_url, "Ann")
    bob_id, bob = make_player(database_url, "Bob")
    created = open_table(client, [HUMAN, OPEN, OPEN, RANDOM])
    table_id = created["id"]
    taken = take(client, table_id, 1, ann)
    assert taken.status_code == 200, taken.text
    reply = taken.json()
    assert reply == {"id": table_id, "seat": 1, "name": "Ann", "status": "open",
                     "url": reply["url"]}
    assert reply["url"].startswith(f"/tables/{table_id}#token=")
    # the seat's link opens it, and the view names its player
    seen = view(client, table_id, token_of(reply["url"]))
    assert seen["seat"] == 1
    assert seen["table"]["seats"][1] == {"seat": 1, "kind": "human", "name": "Ann",
                                         "player": ann_id, "named": True, "present": False}
    assert player_seats(database_url, ann_id) == [(table_id, 1)]
    # the seat is Ann's now; and Ann takes one seat a table
    again = take(client, table_id, 1, bob)
    assert (again.status_code, again.json()) == (
        409, {"error": "seat 1 is not open: Ann sits there"})
    second = take(client, table_id, 2, ann)
    assert (second.status_code, second.json()) == (409, {"error": (
        f"you sit at table {table_id} already, at seat 1: a player takes one seat a table")})
    # the last open seat taken, the table starts and leaves the lobby's list
    last = take(client, table_id, 2, bob)
    assert (last.status_code, last.json()["status"]) == (200, "playing")
    assert player_seats(database_url, bob_id) == [(table_id, 2)]
    assert view(client, table_id)["status"] == "playing"
    assert client.get("/api/lobby/open").json() == []
    # and its seats move: Ann is first
    assert move(client, table_id, token_of(reply["url"]), 0, action=32).status_code == 200


def test_taking_a_seat_needs_a_player(client: TestClient) -> None:
    table_id = open_table(client, [HUMAN, OPEN, OPEN, RANDOM])["id"]
    refused = take(client, table_id, 1, {})
    assert (refused.status_code, refused.json()) == (403, {
        "error": "taking a seat needs a player: choose a name in the lobby first"})
    forged = take(client, table_id, 1, {PLAYER_HEADER: "not-a-key"})
    assert forged.status_code == 403
    assert forged.json()["error"].startswith("this browser's player key is no longer valid")
    missing = take(client, table_id, 4, {})
    assert missing.status_code == 403  # who asks is known before the seat


@pytest.mark.parametrize(("seat", "status", "sentence"), [
    (0, 409, "seat 0 is not open: P0 sits there"),
    (3, 409, "seat 3 is not open: Random sits there"),
    (4, 404, "there is no seat 4: table {id} has seats 0 to 3"),
])
def test_only_an_open_seat_is_taken(
    client: TestClient, database_url: str, seat: int, status: int, sentence: str,
) -> None:
    _, ann = make_player(database_url, "Ann")
    table_id = open_table(client, [HUMAN, OPEN, OPEN, RANDOM])["id"]
    response = take(client, table_id, seat, ann)
    assert (response.status_code, response.json()) == (
        status, {"error": sentence.format(id=table_id)})


def test_two_players_clicking_at_once_one_takes_the_seat(
    client: TestClient, database_url: str,
) -> None:
    ids = {name: make_player(database_url, name) for name in ("Ann", "Bob")}
    players = list(ids.values())
    table_id = open_table(client, [HUMAN, OPEN, OPEN, RANDOM])["id"]
    replies: list[Any] = []
    barrier = threading.Barrier(2)

    def click(headers: dict[str, str]) -> None:
        barrier.wait()
        replies.append(take(client, table_id, 1, headers))

    threads = [threading.Thread(target=click, args=(headers,)) for _, headers in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(reply.status_code for reply in replies) == [200, 409]
    [won] = [reply.json() for reply in replies if reply.status_code == 200]
    [lost] = [reply.json() for reply in replies if reply.status_code == 409]
    assert lost == {"error": f"seat 1 is not open: {won['name']} sits there"}
    loser = "Bob" if won["name"] == "Ann" else "Ann"
    assert player_seats(database_url, ids[won["name"]][0]) == [(table_id, 1)]
    assert player_seats(database_url, ids[loser][0]) == []


def test_the_creator_starts_with_computers_in_the_open_seats(
    client: TestClient, database_url: str,
) -> None:
    _, ann = make_player(database_url, "Ann")
    created = open_table(client, [HUMAN, OPEN, OPEN, OPEN])
    table_id = created["id"]
    assert take(client, table_id, 2, ann).status_code == 200
    refused = start(client, table_id, "guess")
    assert (refused.status_code, refused.json()) == (403, {
        "error": f"this creator's link is not table {table_id}'s"})
    unknown = start(client, table_id, creator_of(created), agent="deep")
    assert unknown.status_code == 422
    started = start(client, table_id, creator_of(created), agent="easy")
    assert started.status_code == 200, started.text
    described = started.json()
    assert described["status"] == "playing"
    assert [(seat["kind"], seat.get("agent"), seat["name"]) for seat in described["seats"]] == [
        ("human", None, "P0"), ("computer", "easy", "Easy 1"), ("human", None, "Ann"),
        ("computer", "easy", "Easy 2")]
    # the computer at seat 1 plays first now
    wait_until(lambda: view(client, table_id)["move_number"] >= 1)
    again = start(client, table_id, creator_of(created))
    assert (again.status_code, again.json()) == (409, {
        "error": f"table {table_id} has started: it has no open seat any more"})


def test_the_creator_starts_with_medium_computers_by_default(client: TestClient) -> None:
    created = open_table(client, [HUMAN, OPEN, HUMAN, HUMAN], delay=30)
    started = start(client, created["id"], creator_of(created))
    assert started.json()["seats"][1] == {"seat": 1, "kind": "computer", "agent": "medium",
                                          "name": "Medium"}


def test_the_creator_cannot_give_an_open_seat_to_a_computer_or_a_link(
    client: TestClient,
) -> None:
    created = open_table(client, [HUMAN, OPEN, OPEN, RANDOM])
    table_id, creator = created["id"], creator_of(created)
    sentence = ("seat 1 is open: a player takes it from the lobby, or start the table to give "
                "every open seat to a computer")
    for step, body in (("computer", {"agent": "easy"}), ("link", {})):
        response = client.post(f"/api/tables/{table_id}/seats/1/{step}",
                               json={"creator": creator, **body})
        assert (response.status_code, response.json()) == (409, {"error": sentence})


@pytest.mark.parametrize(("seat", "sentence"), [
    ({"kind": "open", "agent": "easy"},
     "an open seat is the player's who takes it: it has no agent and no name"),
    ({"kind": "open", "name": "Ann"},
     "an open seat is the player's who takes it: it has no agent and no name"),
    ({"kind": "robot"}, "a seat's kind must be 'human', 'computer' or 'open', not 'robot'"),
])
def test_a_bad_open_seat_is_refused(client: TestClient, seat: dict[str, str],
                                    sentence: str) -> None:
    response = client.post("/api/tables", json={"game": "polignac",
                                                "seats": [HUMAN, seat, HUMAN, HUMAN]})
    assert (response.status_code, response.json()) == (400, {"error": sentence})


def test_an_open_table_is_kept_across_a_restart(database_url: str) -> None:
    def app() -> TestClient:
        return TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS,
                                     pauses=NO_PAUSES))

    with app() as client:
        table_id = open_table(client, [OPEN, OPEN, RANDOM, RANDOM])["id"]
    _, ann = make_player(database_url, "Ann")
    _, bob = make_player(database_url, "Bob")
    with app() as client:
        assert [row["id"] for row in client.get("/api/lobby/open").json()] == [table_id]
        assert view(client, table_id)["status"] == "open"
        assert take(client, table_id, 0, ann).status_code == 200
        assert take(client, table_id, 1, bob).json()["status"] == "playing"
        # the computers (seat 1 is Bob's, first to move) wait for Bob
        assert view(client, table_id)["observation"]["to_move"] == 1
