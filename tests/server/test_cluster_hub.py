"""Two apps on one PostgreSQL database, as two server processes would be
(docs/cluster.md): any of them serves any table, moves made at one reach
the sockets of the other, one owner runs a table's computers, and the
other takes the table over when the owner is gone. (The same with real
processes killed: tests/server/test_cluster_processes.py.)"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool
from starlette.testclient import WebSocketTestSession
from web_support import COMPUTER, HUMAN, QUICK_COMPUTERS, create_table, move, tokens, view

from database_support import postgresql_only
from parlour.server import create_app
from parlour.server.cluster import Cluster, owners
from parlour.server.tables import NO_PAUSES

WAIT = 10.0
"""Seconds a test waits for what another app does at once."""

pytestmark = postgresql_only


def app_client(database_url: str, process: str) -> TestClient:
    """An app named ``process`` in the cluster, looking for tables without
    an owner every 0.1 s."""
    return TestClient(create_app(
        database_url, computer_delay=0, limits=QUICK_COMPUTERS, pauses=NO_PAUSES,
        cluster=Cluster(database_url, process, sweep_every=0.1)))


@pytest.fixture
def apps(database_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two running apps, ``A`` and ``B``, on one database."""
    with app_client(database_url, "A") as first, app_client(database_url, "B") as second:
        yield first, second


def receive(socket: WebSocketTestSession, timeout: float = WAIT) -> dict[str, Any]:
    """The socket's next message, or a failure after ``timeout`` seconds."""
    got: list[Any] = []
    reader = threading.Thread(target=lambda: got.append(socket.receive_json()), daemon=True)
    reader.start()
    reader.join(timeout)
    assert got, f"no message in {timeout} s"
    return dict(got[0])


def view_at(socket: WebSocketTestSession, move_number: int) -> dict[str, Any]:
    """The first view the socket gets at ``move_number`` (earlier ones skipped)."""
    while True:
        message = receive(socket)
        if message["type"] == "view" and message["move_number"] >= move_number:
            assert message["move_number"] == move_number, message["move_number"]
            return message


def owner_of(database_url: str, table_id: int) -> str | None:
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return owners(connection).get(table_id)
    finally:
        engine.dispose()


def stored_actions(database_url: str, table_id: int) -> list[int]:
    """The table's actions as the database keeps them."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return list(connection.scalars(text(
                "SELECT action FROM moves WHERE table_id = :id ORDER BY move_number"),
                {"id": table_id}))
    finally:
        engine.dispose()


def wait_for(condition: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.02)


def first_legal(client: TestClient, table_id: int, token: str) -> int:
    legal = view(client, table_id, token)["observation"]["legal"]
    return int(legal[0]["id"])


def test_people_on_two_apps_see_every_move_at_once(
        apps: tuple[TestClient, TestClient]) -> None:
    """Seats' sockets on A and on B, moves sent to either: every socket
    gets every view; a move chosen before another app's move is refused
    with the usual sentence; both apps answer the same views."""
    a, b = apps
    created = create_table(a)
    table_id, seat_tokens = created["id"], tokens(created)
    with a.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[0]}") as on_a, \
            b.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[1]}") as on_b, \
            b.websocket_connect(f"/ws/tables/{table_id}") as spectator_b:
        for socket in (on_a, on_b, spectator_b):
            view_at(socket, 0)
        for number in range(6):
            client = (a, b)[number % 2]
            mover = view(client, table_id)["observation"]["to_move"]
            action = first_legal(client, table_id, seat_tokens[mover])
            reply = move(client, table_id, seat_tokens[mover], number, action=action)
            assert reply.status_code == 200, reply.text
            for socket in (on_a, on_b, spectator_b):
                view_at(socket, number + 1)
            # the other app answers the move at once, as a request after it
            other = (b, a)[number % 2]
            assert view(other, table_id)["move_number"] == number + 1
            stale = move(other, table_id, seat_tokens[mover], number, action=action)
            assert stale.status_code == 409
            assert stale.json()["error"] == (
                f"the table has moved on: this move was chosen at move {number}, "
                f"the table is at move {number + 1}")
    for token in (None, seat_tokens[0], seat_tokens[2]):
        assert view(a, table_id, token) == view(b, table_id, token)


def test_the_owner_runs_the_computers_and_another_app_takes_the_table_over(
        database_url: str) -> None:
    """A table made at A is A's: its computers play there after a person's
    move made at B. Once A is gone, B takes the table over and its
    computers play on at B, every move kept."""
    seats = [HUMAN, COMPUTER, COMPUTER, COMPUTER]
    with app_client(database_url, "B") as b:
        with app_client(database_url, "A") as a:
            created = create_table(a, seats=seats)
            table_id, person = created["id"], tokens(created)[0]
            assert owner_of(database_url, table_id) == "A"
            wait_for(lambda: view(b, table_id, person)["observation"]["to_move"] == 0,
                     "the person's turn")
            number = view(b, table_id)["move_number"]
            reply = move(b, table_id, person, number,
                         action=first_legal(b, table_id, person))
            assert reply.status_code == 200, reply.text
            # A's computers answer the move made at B
            wait_for(lambda: view(b, table_id, person)["observation"]["to_move"] == 0
                     and view(b, table_id)["move_number"] > number + 1, "A's computers")
            made = view(a, table_id)["move_number"]
        # A has stopped: B takes the table over within a sweep or two
        wait_for(lambda: owner_of(database_url, table_id) == "B", "B to own the table")
        assert len(stored_actions(database_url, table_id)) >= made
        number = view(b, table_id)["move_number"]
        reply = move(b, table_id, person, number, action=first_legal(b, table_id, person))
        assert reply.status_code == 200, reply.text
        wait_for(lambda: view(b, table_id, person)["observation"]["to_move"] == 0
                 and view(b, table_id)["move_number"] > number + 1, "B's computers")


def test_an_owner_whose_connection_dies_loses_the_table_and_it_is_owned_again(
        database_url: str, apps: tuple[TestClient, TestClient]) -> None:
    """A's owner locks' connection killed: A stops the table's computers,
    the first sweep to come (A's, on a new connection, or B's) owns the
    table again, and the match goes on with no move lost."""
    a, b = apps
    created = create_table(a, seats=[HUMAN, COMPUTER, COMPUTER, COMPUTER])
    table_id, person = created["id"], tokens(created)[0]
    assert owner_of(database_url, table_id) == "A"
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            connection.execute(text(
                "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                "WHERE application_name = 'parlour owner A'"))
    finally:
        engine.dispose()
    wait_for(lambda: owner_of(database_url, table_id) in ("A", "B"), "an owner again")
    for _ in range(3):
        wait_for(lambda: view(b, table_id, person)["observation"]["to_move"] == 0,
                 "the person's turn")
        number = view(b, table_id)["move_number"]
        reply = move(a, table_id, person, number, action=first_legal(a, table_id, person))
        assert reply.status_code == 200, reply.text
    wait_for(lambda: view(b, table_id, person)["observation"]["to_move"] == 0,
             "the person's turn")
    assert view(a, table_id) == view(b, table_id)
    assert len(stored_actions(database_url, table_id)) == view(b, table_id)["move_number"]


def test_a_chat_message_reaches_every_app_s_sockets_once(
        apps: tuple[TestClient, TestClient]) -> None:
    a, b = apps
    created = create_table(a)
    table_id, seat_tokens = created["id"], tokens(created)
    with a.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[0]}") as on_a, \
            b.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[1]}") as on_b:
        view_at(on_a, 0)
        view_at(on_b, 0)
        for number, (client, token, text_sent) in enumerate(
                [(a, seat_tokens[2], "hello from A"), (b, seat_tokens[3], "and from B")], 1):
            reply = client.post(f"/api/tables/{table_id}/chat",
                                json={"token": token, "text": text_sent})
            assert reply.status_code == 201, reply.text
            for socket in (on_a, on_b):
                message = receive(socket)
                assert message["type"] == "chat"
                assert (message["message"]["number"], message["message"]["text"]) == \
                    (number, text_sent)


def test_a_seat_left_at_one_app_is_let_go_at_the_other(
        apps: tuple[TestClient, TestClient]) -> None:
    a, b = apps
    created = create_table(a)
    table_id, seat_tokens = created["id"], tokens(created)
    with b.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[1]}") as on_b:
        view_at(on_b, 0)
        left = a.post(f"/api/tables/{table_id}/leave", json={"token": seat_tokens[1]})
        assert left.status_code == 200, left.text
        told = receive(on_b)
        assert told["type"] == "error" and told["status"] == 403
        assert told["message"].startswith("You left the table: ")
        after = receive(on_b)
        assert after["type"] == "view" and after["seat"] is None
    assert view(b, table_id)["table"]["seats"][1]["kind"] == "computer"


def test_a_party_is_played_across_two_apps(apps: tuple[TestClient, TestClient]) -> None:
    """A party made at A, joined and played at B, its host's steps at A:
    both apps' views agree at every step, a watcher at A sees the moves
    made at B, and the computers (A's) finish the round."""
    a, b = apps
    reply = a.post("/api/events", json={"options": {"tables": 2, "rounds": 2}, "seed": 3,
                                        "level": "random", "delay": 0})
    assert reply.status_code == 201, reply.text
    created = reply.json()
    event_id = created["id"]
    host = created["host_url"].split("token=", 1)[1]
    code = created["join_url"].split("code=", 1)[1]
    joined = b.post(f"/api/events/{event_id}/join", json={"code": code, "name": "Ann"})
    assert joined.status_code == 201, joined.text
    ann = joined.json()["url"].split("token=", 1)[1]
    started = a.post(f"/api/events/{event_id}/start", json={"token": host})
    assert started.status_code == 200, started.text
    with a.websocket_connect(f"/ws/events/{event_id}") as watcher:
        assert receive(watcher)["event"]["round"] == 1
        moved = 0
        deadline = time.monotonic() + WAIT
        while moved < 3:
            mine = b.get(f"/api/events/{event_id}/view", params={"token": ann}).json()
            table = mine["event"]["tables"][mine["table"] - 1]
            if table["status"] != "playing":
                break
            if table["to_move"] == mine["player"]:
                played = b.post(f"/api/events/{event_id}/moves", json={
                    "token": ann, "round": mine["round"], "move_number": mine["move_number"],
                    "action": mine["observation"]["legal"][0]["id"]})
                assert played.status_code == 200, played.text
                moved += 1
                steps = played.json()["event"]["steps"]
                while receive(watcher)["event"]["steps"] < steps:
                    pass
            assert time.monotonic() < deadline, "Ann's turns did not come"
            time.sleep(0.01)
        assert moved > 0
    signalled = a.post(f"/api/events/{event_id}/signal", json={"token": host})
    assert signalled.status_code == 200, signalled.text
    assert b.get(f"/api/events/{event_id}/view").json() == \
        a.get(f"/api/events/{event_id}/view").json()
    assert b.get(f"/api/events/{event_id}/view").json()["event"]["phase"] == "ready"


def test_a_page_open_at_one_app_is_present_at_the_other(
        apps: tuple[TestClient, TestClient]) -> None:
    """Seat 2's page open at B: A's pages and views show it present, and
    A's creator cannot give it away; once it closes, A says it is away and
    the seat may be given to a computer."""
    a, b = apps
    created = create_table(a, delay=30)
    table_id, seat_tokens = created["id"], tokens(created)
    creator = created["creator_url"].split("creator=", 1)[1]
    with a.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[0]}&client=w0") as on_a:
        view_at(on_a, 0)
        with b.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[2]}") as on_b:
            view_at(on_b, 0)
            wait_for(lambda: [seat.get("present") for seat in
                              view(a, table_id)["table"]["seats"]] == [True, False, True, False],
                     "A to see seat 2 present")
            assert [seat.get("present") for seat in view(b, table_id)["table"]["seats"]] == \
                [True, False, True, False]
            given = a.post(f"/api/tables/{table_id}/seats/2/computer",
                           json={"creator": creator})
            assert (given.status_code, given.json()["error"]) == (409, (
                "P2 has the table open: a seat is given to a computer only when its person "
                "is away"))
        wait_for(lambda: view(a, table_id)["table"]["seats"][2]["present"] is False,
                 "A to see seat 2 away")
        # A's page was told: a view with seat 2 away reached it
        while receive(on_a)["table"]["seats"][2]["present"]:
            pass
    given = a.post(f"/api/tables/{table_id}/seats/2/computer", json={"creator": creator})
    assert given.status_code == 200, given.text
