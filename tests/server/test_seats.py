"""Names and seats at a table (issue 29, item 3): a person's display name
in the views and the log, a seat given to a computer or left, a new link
that takes it back, two windows on one seat, a table's hints switch; all of
it kept through a restart."""

from __future__ import annotations

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
from parlour.agents import levels
from parlour.server import create_app
from parlour.server.payloads import parse_seat_name
from parlour.server.seats import computer_names, named_observation

MEDIUM = {"kind": "computer", "agent": "medium"}


def new_table(client: TestClient, seats: list[dict[str, Any]], **body: Any) -> Any:
    return client.post("/api/tables", json={"game": "polignac", "seed": 1, "delay": 30,
                                            "seats": seats, **body})


def rename(client: TestClient, table_id: int, token: str | None, name: object) -> Any:
    return client.post(f"/api/tables/{table_id}/name", json={"token": token, "name": name})


def creator_of(created: dict[str, Any]) -> str:
    return secret_of(created["creator_url"], "creator")


def creator_step(client: TestClient, table_id: int, path: str, creator: str | None,
                 **body: Any) -> Any:
    return client.post(f"/api/tables/{table_id}/{path}", json={"creator": creator, **body})


# --- names --------------------------------------------------------------------------------
def test_names_replace_the_games_seat_names_in_the_players_log_and_prompt(
    client: TestClient,
) -> None:
    response = new_table(client, [{"kind": "human", "name": "Ann"}, HUMAN, MEDIUM, MEDIUM])
    assert response.status_code == 201, response.text
    created = response.json()
    assert created["seats"][0] == {"seat": 0, "kind": "human", "name": "Ann",
                                   "url": created["seats"][0]["url"]}
    state = parlour.make("polignac").new_state(seed=1)
    seen = view(client, created["id"], tokens(created)[1])
    names = ["Ann", "P1", "Medium 1", "Medium 2"]
    assert [player["name"] for player in seen["observation"]["players"]] == names
    assert [seat["name"] for seat in seen["table"]["seats"]] == names
    expected = [line.replace("P0", "Ann").replace("P2", "Medium 1").replace("P3", "Medium 2")
                for line in state.observation(1)["log"]]
    assert seen["observation"]["log"] == expected
    assert any("Ann" in line for line in expected)
    assert seen["observation"]["hand"] == state.observation(1)["hand"]
    assert seen["table"]["seats"][0]["named"] is True
    assert seen["table"]["seats"][1]["named"] is False


def test_a_seat_names_itself_and_every_view_says_it(client: TestClient) -> None:
    created = create_table(client, delay=30)
    table_id, seat_tokens = created["id"], tokens(created)
    state = parlour.make("polignac").new_state(seed=1)
    mover = state.current_player()
    other = (mover + 1) % 4
    answer = rename(client, table_id, seat_tokens[mover], "  Ｓａｍ\u00a0 Pepys ")
    assert answer.status_code == 200
    assert answer.json()["seat"] == mover
    assert answer.json()["observation"]["players"][mover]["name"] == "Sam Pepys"
    assert view(client, table_id)["observation"]["players"][mover]["name"] == "Sam Pepys"
    refused = move(client, table_id, seat_tokens[other], 0, action=state.legal_actions()[0])
    assert refused.status_code == 409
    assert refused.json() == {"error": "it is Sam Pepys's turn, not yours"}
    # the same name again is no change; another seat may not take it
    assert rename(client, table_id, seat_tokens[mover], "Sam Pepys").status_code == 200
    taken = rename(client, table_id, seat_tokens[other], "sam pepys")
    assert (taken.status_code, taken.json()) == (
        409, {"error": "the name 'sam pepys' is taken at this table: pick another"})


@pytest.mark.parametrize(("name", "status", "error"), [
    ("", 400, "pick a name: it may not be empty"),
    ("   ", 400, "pick a name: it may not be empty"),
    (7, 400, 'pick a name, e.g. {"name": "Samuel"}'),
    ("x" * 25, 400, f"a name has at most 24 characters; {'x' * 25!r} has 25"),
    ("Ann\nLee", 400,
     "a name may not hold control characters (tabs, line breaks, invisible marks)"),
    ("Ann\tLee", 400,
     "a name may not hold control characters (tabs, line breaks, invisible marks)"),
    ("An\u200bn", 400,
     "a name may not hold control characters (tabs, line breaks, invisible marks)"),
    ("Medium", 400, "the name 'Medium' is a computer player's: pick another"),
    ("hard 2", 400, "the name 'hard 2' is a computer player's: pick another"),
    ("Random", 400, "the name 'Random' is a computer player's: pick another"),
    ("p3", 400, "the name 'p3' is how the games name a seat: pick another"),
    ("Bob", 409, "the name 'Bob' is taken at this table: pick another"),
    # a Cyrillic о
    ("Bоb", 409, "the name 'Bоb' looks like 'Bob', which is taken at this table: pick another"),
])
def test_a_name_is_refused_in_a_sentence(
    client: TestClient, name: object, status: int, error: str,
) -> None:
    created = new_table(client, [HUMAN, {"kind": "human", "name": "Bob"}, HUMAN, HUMAN]).json()
    answer = rename(client, created["id"], tokens(created)[0], name)
    assert (answer.status_code, answer.json()) == (status, {"error": error})
    assert view(client, created["id"])["observation"]["players"][0]["name"] == "P0"


def test_names_given_at_creation_are_checked_too(client: TestClient) -> None:
    twice = new_table(client, [{"kind": "human", "name": "Ann"},
                               {"kind": "human", "name": "ANN"}, HUMAN, HUMAN])
    assert (twice.status_code, twice.json()) == (
        409, {"error": "the name 'ANN' is taken at this table: pick another"})
    computer = new_table(client, [HUMAN, {"kind": "computer", "name": "Hal"}, HUMAN, HUMAN])
    assert (computer.status_code, computer.json()) == (400, {"error": (
        "a computer seat is named after its level: give a name to a person's seat")})
    assert client.get("/api/tables").json() == []


def test_a_name_needs_a_seat(client: TestClient) -> None:
    created = create_table(client)
    spectator = rename(client, created["id"], None, "Ann")
    assert (spectator.status_code, spectator.json()) == (
        403, {"error": "a name is for a seat: open the table with a seat's link"})
    guess = rename(client, created["id"], "guess", "Ann")
    assert (guess.status_code, guess.json()) == (
        403, {"error": f"this link's token opens no seat at table {created['id']}"})


def test_computers_are_called_after_their_level() -> None:
    assert computer_names(["hard", None, "easy", "random"]) == ["Hard", None, "Easy", "Random"]
    assert computer_names(["medium", "medium", None, "medium"]) == [
        "Medium 1", "Medium 2", None, "Medium 3"]


def test_names_go_in_whole_words_and_in_one_pass() -> None:
    seen = {"players": [{"seat": 0, "name": "P0"}, {"seat": 1, "name": "P1"}],
            "log": ["P0 leads 7Cr to P1", "P1's trick; P10 and XP0 are no seats"],
            "prompt": "P0 or P1"}
    # each seat called by the other's name: no name is renamed twice
    named = named_observation(seen, ["P1", "P0"])
    assert named["log"] == ["P1 leads 7Cr to P0", "P0's trick; P10 and XP0 are no seats"]
    assert named["prompt"] == "P1 or P0"
    assert seen["log"][0] == "P0 leads 7Cr to P1", "the observation itself is not changed"
    assert named_observation(seen, ["P0", "P1"]) is seen


def test_a_name_is_folded_to_its_compatibility_form() -> None:
    assert parse_seat_name("ｃａｒｌｏｓ") == "carlos"
    assert parse_seat_name(" Ann   Lee ") == "Ann Lee"


# --- leaving, and a computer in an absent person's seat ----------------------------------------
def test_a_person_leaves_and_a_medium_computer_plays_on(client: TestClient) -> None:
    created = create_table(client, seats=[HUMAN, COMPUTER, COMPUTER, COMPUTER], delay=0,
                           options={"target": 1})
    table_id, token = created["id"], tokens(created)[0]
    assert rename(client, table_id, token, "Ann").status_code == 200
    left = client.post(f"/api/tables/{table_id}/leave", json={"token": token})
    assert left.status_code == 200
    assert left.json()["seat"] is None
    assert left.json()["table"]["seats"][0] == {"seat": 0, "kind": "computer", "agent": "medium",
                                                "name": "Medium"}
    again = client.post(f"/api/tables/{table_id}/leave", json={"token": token})
    assert (again.status_code, again.json()) == (
        403, {"error": f"this link's token opens no seat at table {table_id}"})
    # the table, computers only now, plays to its end; then its seats stay as they were
    wait_until(lambda: view(client, table_id)["status"] == "finished")
    over = creator_step(client, table_id, "seats/0/link", creator_of(created))
    assert (over.status_code, over.json()) == (
        409, {"error": "the match is over: its seats stay as they were"})


def test_the_creator_gives_an_absent_seat_to_a_computer_and_takes_it_back_with_a_new_link(
    client: TestClient,
) -> None:
    created = create_table(client, delay=30)
    table_id, seat_tokens, creator = created["id"], tokens(created), creator_of(created)
    state = parlour.make("polignac").new_state(seed=1)
    seat = (state.current_player() + 1) % 4
    assert rename(client, table_id, seat_tokens[seat], "Bob").status_code == 200
    given = creator_step(client, table_id, f"seats/{seat}/computer", creator, agent="hard")
    assert (given.status_code, given.json()) == (
        200, {"seat": seat, "kind": "computer", "agent": "hard", "name": "Hard"})
    assert client.get(f"/api/tables/{table_id}/view",
                      params={"token": seat_tokens[seat]}).status_code == 403
    linked = creator_step(client, table_id, f"seats/{seat}/link", creator)
    assert linked.status_code == 200
    assert linked.json()["seat"] == seat
    fresh = secret_of(linked.json()["url"])
    seen = view(client, table_id, fresh)
    assert seen["seat"] == seat
    assert seen["table"]["seats"][seat] == {"seat": seat, "kind": "human", "name": f"P{seat}",
                                            "named": False, "present": False}
    # a second new link: the first opens the seat no more
    second = secret_of(creator_step(client, table_id, f"seats/{seat}/link", creator)
                       .json()["url"])
    assert client.get(f"/api/tables/{table_id}/view",
                      params={"token": fresh}).status_code == 403
    assert view(client, table_id, second)["seat"] == seat
    # medium unless the creator names another agent
    plain = creator_step(client, table_id, f"seats/{seat}/computer", creator)
    assert plain.json()["agent"] == "medium"


@pytest.mark.parametrize(("path", "body", "status", "error"), [
    ("seats/1/computer", {"creator": None}, 403,
     "only the table's creator may change its seats and hints: "
     "open the table with the creator's link"),
    ("seats/1/computer", {"creator": "guess"}, 403, "this creator's link is not table 1's"),
    ("seats/1/link", {"creator": "guess"}, 403, "this creator's link is not table 1's"),
    ("hints", {"creator": "guess", "hints": True}, 403, "this creator's link is not table 1's"),
    ("seats/4/computer", {}, 404, "there is no seat 4: table 1 has seats 0 to 3"),
    ("seats/4/link", {}, 404, "there is no seat 4: table 1 has seats 0 to 3"),
    ("seats/x/link", {}, 404, "there is no seat 'x'"),
    ("seats/3/computer", {}, 409, "seat 3 is played by a computer already"),
    ("seats/1/computer", {"agent": "deep"}, 422,
     "no agent called 'deep'; agents are easy, hard, hard-classic, heuristic, ismcts, medium, "
     "random"),
    ("seats/1/computer", {"agent": 3}, 400,
     "a computer seat's agent is a name such as 'random', not 3"),
    ("hints", {"hints": "yes"}, 400,
     "hints are switched on with true or off with false, not 'yes'"),
    ("seats/1/link", {"seat": 2}, 400,
     "the request has an unknown field 'seat'; its fields are creator"),
])
def test_the_creators_steps_are_refused_in_a_sentence(
    client: TestClient, path: str, body: dict[str, Any], status: int, error: str,
) -> None:
    created = create_table(client, seats=[HUMAN, HUMAN, HUMAN, COMPUTER], delay=30)
    assert created["id"] == 1
    answer = client.post(f"/api/tables/1/{path}", json={"creator": creator_of(created), **body})
    assert (answer.status_code, answer.json()) == (status, {"error": error})
    assert [seat["kind"] for seat in view(client, 1)["table"]["seats"]] == [
        "human", "human", "human", "computer"]


def test_a_seat_whose_person_is_here_is_neither_given_away_nor_relinked(
    client: TestClient,
) -> None:
    created = create_table(client, delay=30)
    table_id, seat_tokens, creator = created["id"], tokens(created), creator_of(created)
    assert rename(client, table_id, seat_tokens[2], "Cy").status_code == 200
    with client.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[2]}") as socket:
        assert socket.receive_json()["table"]["seats"][2]["present"] is True
        given = creator_step(client, table_id, "seats/2/computer", creator)
        assert (given.status_code, given.json()) == (409, {"error": (
            "Cy has the table open: a seat is given to a computer only when its person is away")})
        linked = creator_step(client, table_id, "seats/2/link", creator)
        assert (linked.status_code, linked.json()) == (409, {"error": (
            "Cy has the table open: a new link is made only for a seat nobody has open")})
    assert view(client, table_id)["table"]["seats"][2]["present"] is False
    assert creator_step(client, table_id, "seats/2/computer", creator).status_code == 200


def test_a_person_who_leaves_is_told_on_his_socket_which_then_watches(
    client: TestClient,
) -> None:
    created = create_table(client, delay=30)
    table_id, seat_tokens = created["id"], tokens(created)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[1]}") as socket:
        assert socket.receive_json()["seat"] == 1
        assert client.post(f"/api/tables/{table_id}/leave",
                           json={"token": seat_tokens[1]}).status_code == 200
        assert socket.receive_json() == {"type": "error", "status": 403, "message": (
            "You left the table: Medium, a computer, plays your seat now.")}
        watching = socket.receive_json()
        assert watching["type"] == "view" and watching["seat"] is None
        socket.send_json({"type": "move", "action": 0, "move_number": 0})
        assert socket.receive_json() == {"type": "error", "status": 403, "message": (
            "a spectator cannot move: open the table with a seat's link")}


# --- two windows on one seat --------------------------------------------------------------------
def test_a_second_window_is_told_the_seat_is_open_and_may_take_it_over(
    client: TestClient,
) -> None:
    created = create_table(client, delay=30)
    table_id, seat_tokens = created["id"], tokens(created)
    state = parlour.make("polignac").new_state(seed=1)
    mover = state.current_player()
    path = f"/ws/tables/{table_id}?token={seat_tokens[mover]}"
    with client.websocket_connect(f"{path}&client=first") as first:
        assert first.receive_json()["elsewhere"] is False
        with client.websocket_connect(f"{path}&client=second") as second:
            assert second.receive_json()["elsewhere"] is True
            assert first.receive_json()["elsewhere"] is False
            action = state.legal_actions()[0]
            second.send_json({"type": "move", "action": action, "move_number": 0})
            assert second.receive_json() == {"type": "error", "status": 409, "message": (
                "this seat is open in another window, which plays it now: "
                "take the seat over here to play")}
            by_http = client.post(f"/api/tables/{table_id}/moves",
                                  json={"token": seat_tokens[mover], "action": action,
                                        "move_number": 0},
                                  headers={"X-Parlour-Client": "second"})
            assert by_http.status_code == 409
            second.send_json({"type": "take_over"})
            assert second.receive_json()["elsewhere"] is False
            assert first.receive_json()["elsewhere"] is True
            first.send_json({"type": "move", "action": action, "move_number": 0})
            assert first.receive_json()["status"] == 409
            second.send_json({"type": "move", "action": action, "move_number": 0})
            assert second.receive_json()["move_number"] == 1
            assert first.receive_json()["move_number"] == 1
        # the window that acted closed: the first acts again
        assert first.receive_json()["elsewhere"] is False
    # a window that gives no id (a script) is never elsewhere
    with client.websocket_connect(f"{path}&client=third") as third, \
            client.websocket_connect(path) as script:
        assert third.receive_json()["elsewhere"] is False
        assert script.receive_json()["elsewhere"] is False
        script.send_json({"type": "take_over"})
        assert script.receive_json() == {"type": "error", "status": 400, "message": (
            "a window takes a seat over by its client id: open the socket with ?client=ID")}


def test_a_reload_keeps_the_seat_in_its_window(client: TestClient) -> None:
    created = create_table(client, delay=30)
    table_id, token = created["id"], tokens(created)[0]
    path = f"/ws/tables/{table_id}?token={token}"
    with client.websocket_connect(f"{path}&client=mine") as before:
        before.receive_json()
        # a browser gives its window's id as a subprotocol
        with client.websocket_connect(path, subprotocols=["parlour", "parlour.client.mine"]) \
                as after:
            assert after.receive_json()["elsewhere"] is False
        with client.websocket_connect(path, subprotocols=["parlour", "parlour.client.yours"]) \
                as other:
            assert other.receive_json()["elsewhere"] is True
    seen = client.get(f"/api/tables/{table_id}/view", params={"token": token},
                      headers={"X-Parlour-Client": "other"})
    assert seen.json()["elsewhere"] is False, "nobody has the seat open"


# --- hints ----------------------------------------------------------------------------------------
def test_hints_are_off_by_default_when_two_people_play_and_the_creator_switches_them(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(levels, "HARD_ITERATIONS", 30)
    monkeypatch.setattr(levels, "VECTOR_DEALS", 30)
    created = create_table(client, seats=[HUMAN, HUMAN, COMPUTER, COMPUTER], delay=30)
    table_id, seat_tokens, creator = created["id"], tokens(created), creator_of(created)
    mover = parlour.make("polignac").new_state(seed=1).current_player()
    assert view(client, table_id)["table"]["hints"] is False
    refused = client.get(f"/api/tables/{table_id}/hint", params={"token": seat_tokens[mover]})
    assert (refused.status_code, refused.json()) == (
        403, {"error": f"hints are switched off at table {table_id}"})
    switched = creator_step(client, table_id, "hints", creator, hints=True)
    assert (switched.status_code, switched.json()) == (200, {"hints": True})
    assert view(client, table_id)["table"]["hints"] is True
    assert client.get(f"/api/tables/{table_id}/hint",
                      params={"token": seat_tokens[mover]}).status_code == 200
    alone = create_table(client, seats=[HUMAN, COMPUTER, COMPUTER, COMPUTER], delay=30)
    assert view(client, alone["id"])["table"]["hints"] is True
    asked = create_table(client, delay=30, hints=True)
    assert view(client, asked["id"])["table"]["hints"] is True


# --- a restart ------------------------------------------------------------------------------------
def test_a_restart_keeps_names_seats_creator_and_hints(database_url: str) -> None:
    app = create_app(database_url, computer_delay=30, limits=QUICK_COMPUTERS)
    with TestClient(app) as client:
        created = new_table(client, [{"kind": "human", "name": "Ann"}, HUMAN, HUMAN, MEDIUM]
                            ).json()
        table_id, seat_tokens, creator = created["id"], tokens(created), creator_of(created)
        assert rename(client, table_id, seat_tokens[1], "Bob").status_code == 200
        assert creator_step(client, table_id, "seats/2/computer", creator).status_code == 200
        assert creator_step(client, table_id, "hints", creator, hints=True).status_code == 200
    with TestClient(create_app(database_url, computer_delay=30, limits=QUICK_COMPUTERS)) \
            as client:
        seen = view(client, table_id, seat_tokens[1])
        assert [seat["name"] for seat in seen["table"]["seats"]] == [
            "Ann", "Bob", "Medium 1", "Medium 2"]
        assert seen["table"]["hints"] is True
        assert client.get(f"/api/tables/{table_id}/view",
                          params={"token": seat_tokens[2]}).status_code == 403
        linked = creator_step(client, table_id, "seats/2/link", creator)
        assert linked.status_code == 200
        assert view(client, table_id, secret_of(linked.json()["url"]))["seat"] == 2
