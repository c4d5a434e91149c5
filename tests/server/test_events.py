"""Progress Races parties through the API (issue 12): a host creates an
event, people join by its link, the host starts the round, players move at
their own tables (refusals with clear sentences), the host's signal moves
players between tables, a time limit gives the signal, and a restarted
server replays every party from its steps."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import QUICK_COMPUTERS, secret_of, wait_until

from parlour.games.progress_races import Event
from parlour.server import create_app

SEED = 3
SMALL = {"tables": 2, "rounds": 2}


def query(url: str, key: str) -> str:
    """A secret of a URL the server gave (in its fragment)."""
    return secret_of(url, key)


def create_event(client: TestClient, **body: Any) -> dict[str, Any]:
    """A party of two tables and two rounds (seed 3, computers at ``random``)."""
    request = {"options": SMALL, "seed": SEED, "level": "random", "delay": 0, **body}
    response = client.post("/api/events", json=request)
    assert response.status_code == 201, response.text
    created = dict(response.json())
    created["host"] = query(created["host_url"], "token")
    created["code"] = query(created["join_url"], "code")
    return created


def join(client: TestClient, created: dict[str, Any], name: str) -> tuple[int, str]:
    """Join as ``name``; the player and his token."""
    response = client.post(f"/api/events/{created['id']}/join",
                           json={"code": created["code"], "name": name})
    assert response.status_code == 201, response.text
    reply = response.json()
    return reply["player"], query(reply["url"], "token")


def host_step(client: TestClient, created: dict[str, Any], step: str, **body: Any) -> Any:
    """POST a host's step (start, signal, timer)."""
    return client.post(f"/api/events/{created['id']}/{step}",
                       json={"token": created["host"], **body})


def event_view(client: TestClient, event_id: int, token: str | None = None) -> dict[str, Any]:
    params = {} if token is None else {"token": token}
    response = client.get(f"/api/events/{event_id}/view", params=params)
    assert response.status_code == 200, response.text
    return dict(response.json())


def play_move(client: TestClient, event_id: int, token: str, view: dict[str, Any],
              **choice: object) -> Any:
    return client.post(f"/api/events/{event_id}/moves", json={
        "token": token, "round": view["round"], "move_number": view["move_number"], **choice})


def play_until_hand_over(client: TestClient, event_id: int, token: str) -> dict[str, Any]:
    """Play the first legal action at each of the player's turns until his
    table's hand ends (the computers play the other seats)."""
    deadline = time.monotonic() + 30
    while True:
        view = event_view(client, event_id, token)
        table = view["event"]["tables"][view["table"] - 1]
        if view["event"]["phase"] != "playing" or table["status"] != "playing":
            return view
        if table["to_move"] == view["player"]:
            legal = view["observation"]["legal"]
            response = play_move(client, event_id, token, view, action=legal[0]["id"])
            assert response.status_code in (200, 409), response.text
        else:
            time.sleep(0.01)
        assert time.monotonic() < deadline, "the hand did not end"


def test_create_join_start_and_refusals(client: TestClient) -> None:
    created = create_event(client)
    assert created["players"] == 8 and created["url"] == f"/events/{created['id']}"
    event_id = created["id"]
    ann, ann_token = join(client, created, "Ann")
    bob, _ = join(client, created, " Bob  ")
    assert (ann, bob) == (0, 1)
    public = event_view(client, event_id)
    assert public["event"]["status"] == "joining" and public["event"]["joined"] == 2
    assert [place["name"] for place in public["event"]["places"][:3]] == ["Ann", "Bob", "Place 3"]
    assert "join_url" not in public
    host = event_view(client, event_id, created["host"])
    assert host["host"] and host["join_url"] == created["join_url"]

    taken = client.post(f"/api/events/{event_id}/join", json={"code": created["code"],
                                                              "name": "ann"})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]
    reserved = client.post(f"/api/events/{event_id}/join", json={"code": created["code"],
                                                                 "name": "computer 2"})
    assert reserved.status_code == 409
    wrong = client.post(f"/api/events/{event_id}/join", json={"code": "nope", "name": "Cy"})
    assert wrong.status_code == 403
    assert client.post(f"/api/events/{event_id}/join",
                       json={"code": created["code"], "name": ""}).status_code == 400
    assert host_step(client, created, "signal").status_code == 409
    refused = client.post(f"/api/events/{event_id}/start", json={"token": ann_token})
    assert refused.status_code == 403 and "host" in refused.json()["error"]
    bad = client.post(f"/api/events/{event_id}/start", json={"token": "guess"})
    assert bad.status_code == 403
    assert client.get("/api/events/999/view").status_code == 404

    started = host_step(client, created, "start")
    assert started.status_code == 200, started.text
    places = started.json()["event"]["places"]
    assert [place["kind"] for place in places] == ["human"] * 2 + ["computer"] * 6
    assert places[2]["name"] == "Computer 1" and places[2]["agent"] == "random"
    late = client.post(f"/api/events/{event_id}/join", json={"code": created["code"],
                                                             "name": "Cy"})
    assert late.status_code == 409 and "already started" in late.json()["error"]
    assert host_step(client, created, "start").status_code == 409

    # the same party, by the rules alone
    expected = Event(SEED, SMALL)
    view = event_view(client, event_id, ann_token)
    table, seat = expected.seat_of(ann)
    assert (view["table"], view["seat"], view["role"]) == (table + 1, seat, expected.role[ann])
    assert view["observation"]["players"][seat]["name"] == "Ann"
    assert [entry["name"] for entry in view["seats"]][seat] == "Ann"
    assert client.post(f"/api/events/{event_id}/moves", json={
        "token": ann_token, "action": 0, "move_number": 0}).status_code == 400


def test_moves_out_of_turn_stale_and_illegal(client: TestClient) -> None:
    created = create_event(client, delay=0.5)
    event_id = created["id"]
    players = dict(join(client, created, name) for name in ("A", "B", "C", "D", "E", "F", "G",
                                                            "H"))
    assert host_step(client, created, "start").status_code == 200
    view = event_view(client, event_id, players[0])
    table = view["event"]["tables"][view["table"] - 1]
    mover = table["to_move"]
    other = next(seat["player"] for seat in table["seats"] if seat["player"] != mover)
    other_view = event_view(client, event_id, players[other])
    refused = play_move(client, event_id, players[other], other_view, action=0)
    assert refused.status_code == 409
    assert refused.json()["error"] == f"it is {'ABCDEFGH'[mover]}'s turn, not yours"

    mover_view = event_view(client, event_id, players[mover])
    illegal = {action["id"] for action in mover_view["observation"]["legal"]}
    bad_action = next(action for action in range(60) if action not in illegal)
    assert play_move(client, event_id, players[mover], mover_view,
                     action=bad_action).status_code == 400
    nonsense = play_move(client, event_id, players[mover], mover_view, text="queen of hearts")
    assert nonsense.status_code == 400 and nonsense.json()["error"]
    legal = mover_view["observation"]["legal"][0]
    done = play_move(client, event_id, players[mover], mover_view, action=legal["id"])
    assert done.status_code == 200, done.text
    assert done.json()["move_number"] == 1
    again = play_move(client, event_id, players[mover], mover_view, action=legal["id"])
    assert again.status_code == 409 and "moved on" in again.json()["error"]
    host_view = event_view(client, event_id, created["host"])
    assert play_move(client, event_id, created["host"], host_view, action=0).status_code == 403
    assert client.get(f"/api/events/{event_id}/hint",
                      params={"token": created["host"]}).status_code == 403


def test_signal_moves_players_and_standings_update(client: TestClient) -> None:
    created = create_event(client)
    event_id = created["id"]
    ann, ann_token = join(client, created, "Ann")
    assert host_step(client, created, "start").status_code == 200
    with client.websocket_connect(f"/ws/events/{event_id}") as watcher:
        first = watcher.receive_json()
        assert first["type"] == "view" and first["event"]["round"] == 1
        assert first["observation"] is None
        play_until_hand_over(client, event_id, ann_token)
        signalled = host_step(client, created, "signal")
        assert signalled.status_code == 200, signalled.text
        view = signalled.json()["event"]
        assert view["phase"] == "ready" and view["round"] == 1
        assert len(view["moves"]) == 4  # one Up and one Down at each of two tables
        assert {move["role"] for move in view["moves"]} == {"Up", "Down"}
        assert any(line["total"] > 0 for line in view["standings"])
        assert view["round_scores"] and len(view["round_scores"][0]) == 8
        pushed = watcher.receive_json()
        while pushed["event"]["phase"] != "ready":
            pushed = watcher.receive_json()
        assert pushed["event"]["moves"] == view["moves"]

    # the player's page follows him: his table and seat are the rules' own
    expected = Event(SEED, SMALL)
    mine = event_view(client, event_id, ann_token)
    mover = next((move for move in view["moves"] if move["player"] == ann), None)
    if mover is not None:
        assert (mine["table"], mine["seat"]) == (mover["to_table"], mover["to_seat"])
    else:
        table, _ = expected.seat_of(ann)
        assert mine["table"] == table + 1  # a stayer keeps his table
    assert mine["observation"] is None

    # the last round ends by itself once every table has finished
    assert host_step(client, created, "start").status_code == 200
    play_until_hand_over(client, event_id, ann_token)
    wait_until(lambda: event_view(client, event_id)["event"]["status"] == "finished")
    final = event_view(client, event_id)["event"]
    assert final["phase"] == "over" and final["winners"]
    assert host_step(client, created, "start").json()["error"] == "the party is over"
    listed = client.get("/api/events").json()
    assert listed[0]["id"] == event_id and listed[0]["status"] == "finished"


def test_the_timer_gives_the_signal(client: TestClient) -> None:
    created = create_event(client, delay=30)
    event_id = created["id"]
    assert host_step(client, created, "timer", seconds=0).status_code == 400
    assert host_step(client, created, "timer", seconds=1).status_code == 200
    started = host_step(client, created, "start").json()["event"]
    assert started["time_limit"] == 1 and started["deadline"] is not None
    wait_until(lambda: event_view(client, event_id)["event"]["phase"] == "ready", timeout=10)
    view = event_view(client, event_id)["event"]
    assert {table["status"] for table in view["tables"]} == {"waiting"}
    assert view["round_scores"] and view["moves"] and view["deadline"] is None


def test_bad_requests(client: TestClient) -> None:
    bad_options = client.post("/api/events", json={"options": {"tables": 0}})
    assert bad_options.status_code == 422
    too_big = client.post("/api/events", json={"options": {"tables": 26}})
    assert too_big.status_code == 422
    assert too_big.json()["error"] == "option 'tables' must be an integer from 1 to 25, not 26"
    bad_level = client.post("/api/events", json={"level": "grandmaster"})
    assert bad_level.status_code == 422 and "grandmaster" in bad_level.json()["error"]
    assert client.post("/api/events", json=[]).status_code == 400
    form = client.get("/api/events/form").json()
    assert {option["name"] for option in form["options"]} >= {"tables", "rounds", "signal"}
    for path in ("/events/1", "/events/1/join", "/events/1/play"):
        page = client.get(path)
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    with client.websocket_connect("/ws/events/1?token=nope") as socket:
        assert socket.receive_json()["status"] == 404


@pytest.mark.parametrize("restart_after", ["joining", "playing"])
def test_a_restart_replays_the_party(database_url: str, restart_after: str) -> None:
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        created = create_event(client, delay=30, time_limit=600)
        event_id = created["id"]
        ann, ann_token = join(client, created, "Ann")
        if restart_after == "playing":
            assert host_step(client, created, "start").status_code == 200
            view = event_view(client, event_id, ann_token)
            table = view["event"]["tables"][view["table"] - 1]
            if table["to_move"] == ann:
                legal = view["observation"]["legal"][0]["id"]
                assert play_move(client, event_id, ann_token, view, action=legal).status_code \
                    == 200
        before = event_view(client, event_id, ann_token)
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        after = event_view(client, event_id, ann_token)
        assert after == before
        if restart_after == "joining":
            _, bob_token = join(client, created, "Bob")
            assert event_view(client, event_id, bob_token)["player"] == 1
        else:
            assert after["event"]["deadline"] is not None
            assert host_step(client, created, "signal").status_code == 200
            assert event_view(client, event_id)["event"]["phase"] == "ready"


def test_a_deadline_that_passed_while_the_server_was_down(database_url: str) -> None:
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        created = create_event(client, delay=30, time_limit=1)
        assert host_step(client, created, "start").status_code == 200
        assert event_view(client, created["id"])["event"]["deadline"] is not None
    time.sleep(1.2)
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        wait_until(lambda: event_view(client, created["id"])["event"]["phase"] == "ready",
                   timeout=5)


def keys_of(value: object) -> set[str]:
    """Every key of every mapping inside ``value``."""
    if isinstance(value, dict):
        return set(value) | {key for item in value.values() for key in keys_of(item)}
    if isinstance(value, list):
        return {key for item in value for key in keys_of(item)}
    return set()


def test_a_player_sees_his_own_hand_and_nobody_else_does(client: TestClient) -> None:
    created = create_event(client, delay=30)
    event_id = created["id"]
    ann, ann_token = join(client, created, "Ann")
    assert host_step(client, created, "start").status_code == 200
    expected = Event(SEED, SMALL, names=["Ann", *(f"Computer {n}" for n in range(1, 8))])
    expected.start_round()
    table, seat = expected.seat_of(ann)
    with client.websocket_connect(f"/ws/events/{event_id}?token={ann_token}") as socket:
        mine = socket.receive_json()
    assert mine["type"] == "view" and mine["player"] == ann
    assert mine["observation"] == expected.hands[table].observation(seat)
    assert mine["seats"][seat] == {"seat": seat, "player": ann, "name": "Ann", "kind": "human"}
    for token in (None, created["host"]):
        other = event_view(client, event_id, token)
        assert other["observation"] is None and "hand" not in keys_of(other)
    with client.websocket_connect(f"/ws/events/{event_id}?token={created['host']}") as socket:
        assert socket.receive_json()["host"] is True
        socket.send_text("hello")
        assert socket.receive_json()["status"] == 400
