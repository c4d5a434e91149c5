"""Play again (issue 29, item 4): a finished table offers a rematch, the
same people and computers in seats moved on by one, made when every person
has accepted (``POST /api/tables/{id}/rematch``); each person's new seat
token reaches that person alone; the answers survive a restart; and the
replay says who made each move.

The table is Three Tricks (the suite's toy game) for three, one hand: seat
0 a person, seat 1 a computer, seat 2 a person. In the rematch the person
of seat 0 sits at seat 1, the computer at seat 2, the person of seat 2 at
seat 0.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import (
    COMPUTER,
    HUMAN,
    QUICK_COMPUTERS,
    create_table,
    move,
    secret_of,
    tokens,
    view,
    wait_until,
)

import parlour
from parlour.server import create_app
from parlour.server.db import Database
from parlour.server.rematch import rematch_token
from parlour.server.security import Limits
from toygame import ThreeTricks, registered

OPTIONS = {"players": 3, "hands": 1}
SEATS = [HUMAN, COMPUTER, HUMAN]
SEED = 4


@pytest.fixture(autouse=True)
def toy() -> Iterator[type[ThreeTricks]]:
    """Three Tricks, registered for these tests only."""
    with registered() as game:
        yield game


def finished_table(client: TestClient, seats: list[dict[str, str]] | None = None
                   ) -> tuple[int, dict[int, str]]:
    """A table of :data:`SEATS` played to its end (each person plays his
    first legal card); its id and the people's tokens."""
    created = create_table(client, ThreeTricks.name, seats or SEATS, OPTIONS, seed=SEED)
    table_id, seat_tokens = created["id"], tokens(created)

    def over_or_a_person_to_move() -> bool:
        seen = view(client, table_id)
        return seen["status"] == "finished" or seen["observation"]["to_move"] in seat_tokens

    while True:
        wait_until(over_or_a_person_to_move)
        seen = view(client, table_id)
        if seen["status"] == "finished":
            return table_id, seat_tokens
        mover = seen["observation"]["to_move"]
        legal = view(client, table_id, seat_tokens[mover])["observation"]["legal"]
        played = move(client, table_id, seat_tokens[mover], seen["move_number"],
                      action=legal[0]["id"])
        assert played.status_code == 200, played.text


def answer(client: TestClient, table_id: int, token: str | None, accept: object) -> Any:
    """POST a rematch answer; returns the response."""
    return client.post(f"/api/tables/{table_id}/rematch", json={"token": token, "accept": accept})


def offer(seats: list[tuple[str, str | None]], waiting: list[int],
          table: int | None = None) -> dict[str, Any]:
    """The ``rematch`` part of a view of :data:`SEATS`: each seat's answer
    (``seats``: kind and answer, seat by seat)."""
    described = []
    for index, (kind, given) in enumerate(seats):
        seat: dict[str, Any] = {"seat": index, "kind": kind}
        if kind == "computer":
            seat["agent"] = "random"
        described.append({**seat, "new_seat": (index + 1) % 3, "answer": given})
    return {"seats": described, "waiting": waiting, "table": table}


def test_a_table_offers_a_rematch_once_its_match_is_over(client: TestClient) -> None:
    created = create_table(client, ThreeTricks.name, SEATS, OPTIONS, seed=SEED)
    assert "rematch" not in view(client, created["id"])
    refused = answer(client, created["id"], tokens(created)[0], True)
    assert (refused.status_code, refused.json()) == (
        409, {"error": "a rematch is offered once the match is over"})
    table_id, seat_tokens = finished_table(client)
    nobody = offer([("human", None), ("computer", None), ("human", None)], [0, 2])
    assert view(client, table_id)["rematch"] == nobody
    assert view(client, table_id, seat_tokens[2])["rematch"] == nobody


def test_a_table_of_computers_only_offers_none(client: TestClient) -> None:
    created = create_table(client, ThreeTricks.name, [COMPUTER] * 3, OPTIONS, seed=SEED)
    wait_until(lambda: view(client, created["id"])["status"] == "finished")
    assert "rematch" not in view(client, created["id"])


def test_when_every_person_accepts_the_rematch_is_made_in_seats_moved_on_by_one(
        client: TestClient, database_url: str) -> None:
    table_id, seat_tokens = finished_table(client)
    first = answer(client, table_id, seat_tokens[0], True)
    assert first.status_code == 200
    assert first.json()["seat"] == 0
    assert first.json()["rematch"] == offer(
        [("human", "accepted"), ("computer", None), ("human", None)], [2])
    assert [table["id"] for table in client.get("/api/tables").json()] == [table_id]

    last = answer(client, table_id, seat_tokens[2], True)
    assert last.status_code == 200
    rematch = last.json()["rematch"]
    new_id = table_id + 1
    new_url = f"/tables/{new_id}#token={rematch_token(seat_tokens[2], table_id)}"
    assert rematch == {**offer([("human", "accepted"), ("computer", None),
                                ("human", "accepted")], [], new_id), "url": new_url}
    # each person's link opens his seat moved on by one
    moved_on = {0: 1, 2: 0}
    for seat, token in seat_tokens.items():
        link = view(client, table_id, token)["rematch"]["url"]
        assert link == f"/tables/{new_id}#token={rematch_token(token, table_id)}"
        assert view(client, new_id, secret_of(link))["seat"] == moved_on[seat]
    made = view(client, new_id)["table"]
    assert (made["game"], made["options"], made["seed_chosen"]) == (
        ThreeTricks.name, dict(parlour.make(ThreeTricks.name, **OPTIONS).options), False)
    assert made["seats"] == [
        {"seat": 0, "kind": "human", "name": "P0", "named": False, "present": False},
        {"seat": 1, "kind": "human", "name": "P1", "named": False, "present": False},
        {"seat": 2, "kind": "computer", "agent": "random", "name": "Random"}]
    old_token = client.get(f"/api/tables/{new_id}/view", params={"token": seat_tokens[0]})
    assert (old_token.status_code, old_token.json()) == (
        403, {"error": f"this link's token opens no seat at table {new_id}"})
    database = Database(database_url)
    stored = database.table(table_id), database.table(new_id)
    database.close()
    assert stored[0] is not None and stored[1] is not None
    assert stored[1].row.seed != stored[0].row.seed, "a fresh seed"
    assert stored[1].row.delay == stored[0].row.delay == 0


def test_accepting_again_changes_nothing_and_nothing_else_follows_the_making(
        client: TestClient) -> None:
    table_id, seat_tokens = finished_table(client)
    assert answer(client, table_id, seat_tokens[0], True).status_code == 200
    again = answer(client, table_id, seat_tokens[0], True)
    assert again.status_code == 200 and again.json()["rematch"]["waiting"] == [2]
    made = answer(client, table_id, seat_tokens[2], True).json()["rematch"]
    late = answer(client, table_id, seat_tokens[0], True)
    assert late.status_code == 200
    assert late.json()["rematch"]["table"] == made["table"]
    assert late.json()["rematch"]["url"] == \
        f"/tables/{made['table']}#token={rematch_token(seat_tokens[0], table_id)}"
    declined = answer(client, table_id, seat_tokens[2], False)
    assert (declined.status_code, declined.json()) == (
        409, {"error": f"the rematch is already made: it is table {made['table']}"})
    assert len(client.get("/api/tables").json()) == 2, "one rematch table, made once"


def test_declining_leaves_the_others_told_who_has_not_accepted(client: TestClient) -> None:
    table_id, seat_tokens = finished_table(client)
    declined = answer(client, table_id, seat_tokens[2], False)
    assert declined.status_code == 200
    assert declined.json()["rematch"] == offer(
        [("human", None), ("computer", None), ("human", "declined")], [0, 2])
    assert answer(client, table_id, seat_tokens[0], True).status_code == 200
    told = view(client, table_id, seat_tokens[0])["rematch"]
    assert told == offer([("human", "accepted"), ("computer", None), ("human", "declined")],
                         [2])
    assert "url" not in told
    # a person may change his mind until the rematch is made
    changed = answer(client, table_id, seat_tokens[2], True).json()["rematch"]
    assert (changed["waiting"], changed["table"]) == ([], table_id + 1)


def test_answers_that_are_refused(client: TestClient) -> None:
    table_id, seat_tokens = finished_table(client)
    refusals = {
        (None, True): (403, "a rematch is answered with the token of a person's seat"),
        ("not-a-token", True): (403, f"this link's token opens no seat at table {table_id}"),
        (seat_tokens[0], "yes"): (
            400, 'say whether you accept the rematch: {"accept": true} or {"accept": false}'),
    }
    for (token, given), (status, sentence) in refusals.items():
        refused = answer(client, table_id, token, given)
        assert (refused.status_code, refused.json()) == (status, {"error": sentence})
    unknown = client.post(f"/api/tables/{table_id}/rematch",
                          json={"token": seat_tokens[0], "accept": True, "seat": 1})
    assert (unknown.status_code, unknown.json()) == (400, {
        "error": "the request has an unknown field 'seat'; its fields are token, accept"})
    missing = client.post("/api/tables/99/rematch", json={"token": "x", "accept": True})
    assert (missing.status_code, missing.json()) == (404, {"error": "there is no table 99"})
    assert view(client, table_id)["rematch"]["waiting"] == [0, 2], "nothing was stored"


def test_a_seats_new_token_never_reaches_another_seat(client: TestClient) -> None:
    table_id, seat_tokens = finished_table(client)
    new_tokens = {seat: rematch_token(token, table_id) for seat, token in seat_tokens.items()}
    path = f"/ws/tables/{table_id}"
    received: dict[str, list[str]] = {"0": [], "2": [], "spectator": []}
    with client.websocket_connect(f"{path}?token={seat_tokens[0]}") as seat_0, \
            client.websocket_connect(path, subprotocols=[
                "parlour", f"parlour.token.{seat_tokens[2]}"]) as seat_2, \
            client.websocket_connect(path) as spectator:
        sockets = {"0": seat_0, "2": seat_2, "spectator": spectator}
        for name, socket in sockets.items():
            received[name].append(socket.receive_text())
        answers = [answer(client, table_id, seat_tokens[0], True),
                   answer(client, table_id, seat_tokens[2], True)]
        for _ in answers:
            for name, socket in sockets.items():
                received[name].append(socket.receive_text())
    new_id = table_id + 1
    made = {name: json.loads(texts[-1])["rematch"] for name, texts in received.items()}
    assert made["0"]["url"] == f"/tables/{new_id}#token={new_tokens[0]}"
    assert made["2"]["url"] == f"/tables/{new_id}#token={new_tokens[2]}"
    assert "url" not in made["spectator"] and made["spectator"]["table"] == new_id
    assert new_tokens[2] not in "".join(received["0"])
    assert new_tokens[0] not in "".join(received["2"])
    assert not any(token in "".join(received["spectator"]) for token in new_tokens.values())
    # nor by HTTP: the answer that made it, the views, the listings
    assert new_tokens[0] not in answers[1].text
    everything_else = [view(client, table_id, seat_tokens[2]), view(client, table_id),
                       view(client, new_id), client.get("/api/tables").json()]
    assert new_tokens[0] not in json.dumps(everything_else)


def test_a_restart_keeps_the_offer_and_the_links(database_url: str) -> None:
    def started() -> TestClient:
        return TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS))

    with started() as client:
        table_id, seat_tokens = finished_table(client)
        assert answer(client, table_id, seat_tokens[0], True).status_code == 200
    link_of = {seat: f"/tables/{table_id + 1}#token={rematch_token(token, table_id)}"
               for seat, token in seat_tokens.items()}
    with started() as client, \
            client.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[0]}") as seat_0:
        # the finished table is read from the database: the socket and the
        # answer share one copy of it
        assert seat_0.receive_json()["rematch"]["waiting"] == [2]
        assert answer(client, table_id, seat_tokens[2], True).status_code == 200
        # a refusal comes after any view queued before it: no wait forever
        seat_0.send_json({"type": "move", "action": 0, "move_number": 0})
        told = seat_0.receive_json()
        assert (told["type"], told["rematch"]["url"]) == ("view", link_of[0])
        assert seat_0.receive_json()["message"] == "the match is over"
    with started() as client:
        link = view(client, table_id, seat_tokens[0])["rematch"]["url"]
        assert link == link_of[0]
        assert view(client, table_id + 1, secret_of(link))["seat"] == 1
        with client.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[2]}") as seat:
            assert seat.receive_json()["rematch"]["url"] == link_of[2]


def test_one_person_plays_again_at_once(client: TestClient) -> None:
    table_id, seat_tokens = finished_table(client, [HUMAN, COMPUTER, COMPUTER])
    made = answer(client, table_id, seat_tokens[0], True).json()["rematch"]
    assert (made["waiting"], made["table"]) == ([], table_id + 1)
    assert view(client, table_id + 1, secret_of(made["url"]))["seat"] == 1


def test_the_acceptance_that_would_pass_a_limit_is_refused_and_not_stored(
        database_url: str) -> None:
    limits = Limits(computer_pace=0, tables_per_address=1)
    with TestClient(create_app(database_url, computer_delay=0, limits=limits)) as client:
        table_id, seat_tokens = finished_table(client)
        create_table(client)  # a Polignac table nobody plays: this address's one
        assert answer(client, table_id, seat_tokens[0], True).status_code == 200
        refused = answer(client, table_id, seat_tokens[2], True)
        assert (refused.status_code, refused.json()) == (429, {"error": (
            "you already have 1 unfinished table here, the most one address may have (1): "
            "finish one before opening another")})
        assert view(client, table_id)["rematch"] == offer(
            [("human", "accepted"), ("computer", None), ("human", None)], [2])


def test_the_replay_says_who_made_each_move(client: TestClient) -> None:
    table_id, _ = finished_table(client)
    history = parlour.replay(client.get(f"/api/tables/{table_id}/record").json()).history
    state = parlour.make(ThreeTricks.name, **OPTIONS).new_state(seed=SEED)
    movers: list[int | None] = [None]
    for action in history:
        movers.append(state.current_player())
        state.apply(action)
    positions = [client.get(f"/api/tables/{table_id}/replay/{k}").json()
                 for k in range(len(movers))]
    assert [position["mover"] for position in positions] == movers
    assert set(movers[1:]) == {0, 1, 2}
    assert positions[1]["seats"] == [
        {"seat": 0, "kind": "human", "name": "P0"},
        {"seat": 1, "kind": "computer", "agent": "random", "name": "Random"},
        {"seat": 2, "kind": "human", "name": "P2"}]


def test_the_replay_calls_each_seat_by_its_name(client: TestClient) -> None:
    named = [{**HUMAN, "name": "Ann"}, COMPUTER, {**HUMAN, "name": "Bob"}]
    table_id, _ = finished_table(client, named)
    total = client.get(f"/api/tables/{table_id}/replay/0").json()["total"]
    last = client.get(f"/api/tables/{table_id}/replay/{total}").json()
    assert [seat["name"] for seat in last["seats"]] == ["Ann", "Random", "Bob"]
    public = last["public"]
    assert [player["name"] for player in public["players"]] == ["Ann", "Random", "Bob"]
    words = {word for line in public["log"] for word in re.findall(r"\w+", line)}
    assert {"Ann", "Bob", "Random"} <= words
    assert not words & {"P0", "P1", "P2"}
