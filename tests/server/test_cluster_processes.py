"""Several real ``parlour serve`` processes on one PostgreSQL database
(issue #34, docs/cluster.md), with no load balancer and no sticky
sessions: the test sends every request and socket to the process it
chooses (``tests/cluster_support.py``).

- People on different processes: a table made on one process, its seats'
  sockets on two, a spectator on the third, moves sent over HTTP and over
  the sockets to every process in turn. Every socket sees every move at
  once, every process gives the same views and the same record, and a
  move sent again through another process at once (a double click that
  reached two processes), or raced to two processes, is refused exactly
  as one process refuses a stale move.
- The failure test: the process that owns a table with computer seats
  (``cluster.owners``) is killed with SIGKILL while the table is played
  through another. Every acknowledged move is kept, a survivor takes the
  table over, its computers play on, and the match is played to its end
  through the survivors; a survivor also acts on a killed owner's clock.

PostgreSQL only (``bash scripts/with_postgres.sh pytest ...``): on SQLite
parlour serves from one process.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_support import COMPUTER, HUMAN, create_table, move, tokens, view

import parlour
from cluster_support import AT_ONCE, TAKEOVER, Cluster, postgresql_cluster, running_cluster

pytestmark = postgresql_cluster

A, B, C = 0, 1, 2
"""The cluster's three processes."""

PEOPLE_OPTIONS = {"players": 3, "target": 1}
"""Polignac of three people, one hand: some 32 moves."""
RACE_AT = 5
"""The move that is sent to two processes at the same moment."""
COMPUTER_DELAY = 0.2
"""Seconds a computer seat of the failure test waits before moving: the
owner is killed while a computer is about to move."""
KILL_AFTER = 3
"""The person's moves acknowledged before the owner is killed."""
PERSON = 0
"""The person's seat at the tables of computers."""
CLOCK = {"kind": "turn", "move": 5, "on_timeout": "easy"}
"""The shortest turn-based clock: 5 seconds a move, then `easy` plays."""
FINISH_WITHIN = 120.0
"""Seconds the failure test's table may take to be played to its end."""


@pytest.fixture
def cluster(database_url: str, tmp_path: Path) -> Iterator[Cluster]:
    """Three processes on one fresh database."""
    with running_cluster(database_url, tmp_path) as running:
        yield running


def moved_on(chosen_at: int, now: int) -> str:
    """The refusal of a move chosen at an older move (tables.py)."""
    return (f"the table has moved on: this move was chosen at move {chosen_at}, "
            f"the table is at move {now}")


def legal(seen: dict[str, Any]) -> list[int]:
    """The action ids a seat's view offers."""
    return [entry["id"] for entry in seen["observation"]["legal"]]


def race(clients: list[httpx.Client], path: str, body: dict[str, Any]) -> list[httpx.Response]:
    """``POST path`` with ``body`` through every client at the same moment;
    the replies in the clients' order."""
    replies: list[httpx.Response | None] = [None] * len(clients)
    ready = threading.Barrier(len(clients))

    def send(index: int) -> None:
        ready.wait()
        replies[index] = clients[index].post(path, json=body)

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(AT_ONCE * 6)
    assert all(reply is not None for reply in replies), "a raced request had no reply"
    return [reply for reply in replies if reply is not None]


def views_everywhere(cluster: Cluster, table_id: int, token: str | None) -> list[dict[str, Any]]:
    """The view of ``token``'s seat (``None``: a spectator's) from every process."""
    return [view(cluster.client(index), table_id, token) for index in cluster.running()]


def presence(seen: dict[str, Any]) -> list[bool]:
    """Whether each person's page is open, as a view says (``present``),
    taken out of the view."""
    return [seat.pop("present") for seat in seen["table"]["seats"] if "present" in seat]


def test_people_on_three_processes_see_every_move_at_once_and_the_same_table(
    cluster: Cluster,
) -> None:
    created = create_table(cluster.client(A), "polignac", [HUMAN] * 3, options=PEOPLE_OPTIONS,
                           seed=7)
    table_id = created["id"]
    seat_tokens = tokens(created)
    socket_sides = {0: A, 1: B, 2: A}
    seat_sockets = {seat: cluster.socket(side, table_id, seat_tokens[seat])
                    for seat, side in socket_sides.items()}
    spectator = cluster.socket(C, table_id)
    sockets = [*seat_sockets.values(), spectator]
    viewers: list[str | None] = [None, *seat_tokens.values()]
    for socket in sockets:
        socket.wait_for_view(0)
    rng = random.Random(7)
    played: list[int] = []
    refusals: dict[int, list[dict[str, Any]]] = {seat: [] for seat in seat_sockets}
    presences: list[list[list[bool]]] = []
    while True:
        number = len(played)
        public = view(cluster.next_client(), table_id)
        assert public["move_number"] == number
        if public["status"] == "finished":
            break
        seat = public["observation"]["to_move"]
        token = seat_tokens[seat]
        action = rng.choice(legal(view(cluster.next_client(), table_id, token)))
        body = {"token": token, "action": action, "move_number": number}
        if number == RACE_AT:
            # the same move reaches A and C at once: one applies it, the other refuses it
            replies = race([cluster.client(A), cluster.client(C)],
                           f"/api/tables/{table_id}/moves", body)
            assert sorted(reply.status_code for reply in replies) == [200, 409]
            refused = next(reply for reply in replies if reply.status_code == 409)
            assert refused.json() == {"error": moved_on(number, number + 1)}
        elif number % 2 == 0:
            through = number % 3
            reply = move(cluster.client(through), table_id, token, number, action=action)
            assert reply.status_code == 200, reply.text
            assert reply.json()["move_number"] == number + 1
            # sent again at once through the next process (a double click
            # that reached two processes): that one has caught up
            again = move(cluster.client((through + 1) % 3), table_id, token, number,
                         action=action)
            refusal = "the match is over" if reply.json()["status"] == "finished" \
                else moved_on(number, number + 1)
            assert (again.status_code, again.json()) == (409, {"error": refusal})
            if socket_sides[seat] != through and not any(refusals.values()):
                # and over the seat's socket on a process that did not apply it
                seat_sockets[seat].send({"type": "move", "action": action,
                                         "move_number": number})
                refusals[seat].append(seat_sockets[seat].wait_for(
                    lambda message: message["type"] == "error", "the refusal of a stale move"))
                assert refusals[seat] == [{"type": "error", "message": refusal, "status": 409}]
        else:
            seat_sockets[seat].send({"type": "move", "action": action, "move_number": number})
        played.append(action)
        # every socket, on every process, sees the move at once
        for socket in sockets:
            socket.wait_for_view(number + 1)
        # and every process shows every viewer the same table (whose
        # people's pages are open, compared at the end)
        for token_or_none in viewers:
            seen = views_everywhere(cluster, table_id, token_or_none)
            presences.append([presence(one) for one in seen])
            assert seen[0]["move_number"] == number + 1
            assert seen[1:] == seen[:1] * 2, f"the views at move {number + 1} differ"
    assert len(played) > RACE_AT
    assert sum(map(len, refusals.values())) == 1, "a stale move was sent over a socket"
    for seat, socket in seat_sockets.items():
        assert socket.move_numbers() == list(range(len(played) + 1))
        assert [message for message in socket.messages if message["type"] != "view"] \
            == refusals[seat]
    assert spectator.move_numbers() == list(range(len(played) + 1))
    # every person's page was open throughout, on A or on B, and every
    # process says so
    everyone_present = [[True] * 3] * 3
    assert [seen for seen in presences if seen != everyone_present] == [], (
        "A, B and C (each a list of the seats' present) say whether each seat's page is open")
    # the spectator's socket on C showed what A shows a spectator
    last, on_a = spectator.messages[-1], view(cluster.client(A), table_id)
    presence(last)
    presence(on_a)
    assert last == {"type": "view", **on_a}
    records = [cluster.client(index).get(f"/api/tables/{table_id}/record")
               for index in (A, B, C)]
    assert [record.status_code for record in records] == [200] * 3
    assert records[1].json() == records[0].json() and records[2].json() == records[0].json()
    replayed = parlour.replay(records[0].json())
    assert replayed.is_terminal()
    assert replayed.history == played


def play_person(cluster: Cluster, table_id: int, token: str, through: list[int],
                acknowledged: dict[int, int], rng: random.Random,
                stop: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The person's turns at a table of computers, played through the
    processes ``through`` in turn, until ``stop(view)`` or the match is
    over; every acknowledged move goes into ``acknowledged`` (move number
    -> action). The last view."""
    deadline = time.monotonic() + FINISH_WITHIN
    seen = view(cluster.next_client(through), table_id, token)
    while seen["status"] == "playing" and not stop(seen):
        assert time.monotonic() < deadline, f"table {table_id} stands at {seen['move_number']}"
        if seen["observation"]["to_move"] == PERSON and seen["hand_end"] is None:
            action = rng.choice(legal(seen))
            reply = move(cluster.next_client(through), table_id, token, seen["move_number"],
                         action=action)
            assert reply.status_code == 200, reply.text
            acknowledged[seen["move_number"]] = action
            seen = reply.json()
        else:
            time.sleep(0.02)  # a computer's turn
            seen = view(cluster.next_client(through), table_id, token)
    return seen


def test_a_killed_owner_loses_no_acknowledged_move_and_a_survivor_finishes_the_table(
    cluster: Cluster,
) -> None:
    created = create_table(cluster.client(A), "polignac", [HUMAN, COMPUTER, COMPUTER, COMPUTER],
                           options={"target": 1}, seed=11, delay=COMPUTER_DELAY)
    table_id, token = created["id"], tokens(created)[PERSON]
    owner = cluster.wait_for_owner(table_id, [A, B, C])
    person_side, watcher_side = [index for index in (A, B, C) if index != owner]
    spectator = cluster.socket(watcher_side, table_id)
    acknowledged: dict[int, int] = {}
    rng = random.Random(11)
    at_kill = play_person(cluster, table_id, token, [person_side], acknowledged, rng,
                          lambda seen: len(acknowledged) >= KILL_AFTER
                          and seen["observation"]["to_move"] != PERSON)
    cluster.servers[owner].kill()
    assert at_kill["status"] == "playing", "the table is killed mid-play"
    seen_before_kill = spectator.views()
    survivors = [person_side, watcher_side]

    # a survivor takes the table over, and its computers play on
    view(cluster.client(person_side), table_id, token)
    new_owner = cluster.wait_for_owner(table_id, survivors, TAKEOVER)
    assert cluster.servers[new_owner].is_running
    spectator.wait_for(lambda message: message["type"] == "view"
                       and message["move_number"] > at_kill["move_number"],
                       "a computer's move after the kill", TAKEOVER)
    final = play_person(cluster, table_id, token, survivors, acknowledged, rng,
                        lambda seen: False)
    assert final["status"] == "finished"
    assert len(acknowledged) > KILL_AFTER, "the person played on after the kill"

    records = [cluster.client(index).get(f"/api/tables/{table_id}/record").json()
               for index in survivors]
    assert records[1] == records[0]
    replayed = parlour.replay(records[0])
    assert replayed.is_terminal()
    history = replayed.history
    assert len(history) == final["move_number"]
    # every move the person was told was made is in the record, where it was made
    assert {number: history[number] for number in acknowledged} == acknowledged
    # and every position the spectator saw before the kill (the computers'
    # moves included) is the record's position at that move
    for seen in seen_before_kill:
        position = cluster.client(watcher_side).get(
            f"/api/tables/{table_id}/replay/{seen['move_number']}").json()
        assert position["public"] == seen["observation"], (
            f"the position at move {seen['move_number']}")
    assert spectator.wait_for_view(final["move_number"])["status"] == "finished"
    numbers = spectator.move_numbers()
    assert numbers == sorted(set(numbers)), "the spectator's views never go back"


def test_a_survivor_acts_on_the_clock_of_a_killed_owners_table(cluster: Cluster) -> None:
    made = cluster.client(A).post("/api/tables", json={
        "game": "polignac", "options": {"target": 1}, "seed": 12, "delay": 0.05,
        "seats": [HUMAN, COMPUTER, COMPUTER, COMPUTER], "clock": CLOCK})
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    owner = cluster.wait_for_owner(table_id, [A, B, C])
    survivors = [index for index in (A, B, C) if index != owner]
    deadline = time.monotonic() + AT_ONCE * 6
    seen = view(cluster.client(survivors[0]), table_id)
    while seen["clock"]["to_move"] != PERSON:
        assert time.monotonic() < deadline, "the person's clock never ran"
        time.sleep(0.02)
        seen = view(cluster.client(survivors[0]), table_id)
    moves_before = seen["move_number"]
    person_deadline = datetime.fromisoformat(seen["clock"]["deadline"])
    cluster.servers[owner].kill()
    assert datetime.now(UTC) < person_deadline, "the owner died before the deadline"

    # nobody moves: a survivor runs the clock out and `easy` plays the move
    waited = time.monotonic() + CLOCK["move"] + TAKEOVER
    while not seen["clock"]["timeouts"]:
        assert time.monotonic() < waited, (
            f"no survivor acted on the deadline {person_deadline.isoformat()}")
        time.sleep(0.05)
        seen = view(cluster.next_client(survivors), table_id)
    assert datetime.now(UTC) >= person_deadline
    assert [(timeout["seat"], timeout["outcome"], timeout["move"])
            for timeout in seen["clock"]["timeouts"]] == [(PERSON, "easy", moves_before)]
    assert seen["move_number"] > moves_before
    assert cluster.wait_for_owner(table_id, survivors) in survivors
