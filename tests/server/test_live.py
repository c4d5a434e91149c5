"""The table WebSocket and the server's lifetime: views pushed after every
move, moves and refusals over the socket, and a restart on the same
database that finds every table as it was."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_support import (
    COMPUTER,
    HUMAN,
    QUICK_COMPUTERS,
    create_table,
    move,
    tokens,
    view,
    wait_until,
)

import parlour
from parlour.server import create_app


def test_a_socket_gets_its_view_then_every_move(client: TestClient) -> None:
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    state = parlour.make("polignac").new_state(seed=1)
    mover = state.current_player()
    with client.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[mover]}") as seat, \
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        first = seat.receive_json()
        assert first["type"] == "view" and first["seat"] == mover and first["move_number"] == 0
        assert first["observation"] == state.observation(mover)
        assert spectator.receive_json()["observation"] == state.public_observation()
        seat.send_json({"type": "move", "action": state.legal_actions()[0], "move_number": 0})
        state.apply(state.legal_actions()[0])
        pushed = seat.receive_json()
        assert pushed["move_number"] == 1 and pushed["observation"] == state.observation(mover)
        assert spectator.receive_json()["observation"] == state.public_observation()
        by_http = move(client, table_id, seat_tokens[state.current_player()], 1, text="pass")
        assert by_http.status_code == 200
        assert seat.receive_json()["move_number"] == 2
        assert spectator.receive_json()["move_number"] == 2


def test_refusals_come_back_on_the_socket(client: TestClient) -> None:
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    state = parlour.make("polignac").new_state(seed=1)
    other = (state.current_player() + 1) % 4
    with client.websocket_connect(f"/ws/tables/{table_id}?token={seat_tokens[other]}") as seat, \
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        seat.receive_json()
        spectator.receive_json()
        seat.send_json({"type": "move", "action": 32, "move_number": 0})
        assert seat.receive_json() == {
            "type": "error", "status": 409,
            "message": f"it is P{state.current_player()}'s turn, not yours",
        }
        seat.send_text("hello")
        assert seat.receive_json()["message"] == "a message must be JSON"
        seat.send_json({"type": "chat"})
        assert seat.receive_json()["status"] == 400
        spectator.send_json({"type": "move", "action": 32, "move_number": 0})
        assert spectator.receive_json() == {
            "type": "error", "status": 403,
            "message": "a spectator cannot move: open the table with a seat's link",
        }
    assert view(client, table_id)["move_number"] == 0


@pytest.mark.parametrize(("path", "status"), [
    ("/ws/tables/{id}?token=guess", 403),
    ("/ws/tables/999", 404),
])
def test_a_refused_socket_is_told_why_and_closed(
    client: TestClient, path: str, status: int
) -> None:
    table_id = create_table(client)["id"]
    with client.websocket_connect(path.format(id=table_id)) as socket:
        message = socket.receive_json()
        assert message["type"] == "error" and message["status"] == status
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4000 + status


def test_computer_moves_are_pushed_to_a_spectator(client: TestClient) -> None:
    created = create_table(client, seats=[COMPUTER] * 4, options={"target": 2}, seed=3)
    with client.websocket_connect(f"/ws/tables/{created['id']}") as spectator:
        numbers = []
        while True:
            message = spectator.receive_json()
            numbers.append(message["move_number"])
            if message["status"] == "finished":
                break
    assert numbers == list(range(numbers[0], numbers[-1] + 1))
    assert numbers[-1] == view(client, created["id"])["move_number"]


def _every_view(client: TestClient, created: dict[str, Any]) -> list[dict[str, Any]]:
    """The spectator's view and each human seat's view of a table."""
    return [view(client, created["id"], token) for token in [None, *tokens(created).values()]]


def test_a_restart_finds_every_table_intact_and_computers_resume(database_url: str) -> None:
    """Tables are rebuilt from seed and moves: the same views and move
    numbers after the restart; computer seats that were waiting (a long
    server delay) play on with the new server's delay."""
    with TestClient(create_app(database_url, computer_delay=30, limits=QUICK_COMPUTERS)) \
            as client:
        humans = create_table(client, seed=5)
        state = parlour.make("polignac").new_state(seed=5)
        for _ in range(7):
            action = state.legal_actions()[-1]
            response = move(client, humans["id"], tokens(humans)[state.current_player()],
                            len(state.history), action=action)
            assert response.status_code == 200
            state.apply(action)
        computers = create_table(client, seats=[COMPUTER] * 4, options={"target": 3},
                                 seed=6, delay=None)
        mixed = create_table(client, seats=[HUMAN] + [COMPUTER] * 3, seed=7, delay=None)
        finished = create_table(client, seats=[COMPUTER] * 4, options={"target": 1},
                                seed=8, delay=0)
        wait_until(lambda: view(client, finished["id"])["status"] == "finished")
        before = {table["id"]: _every_view(client, table) for table in (humans, finished)}
        assert view(client, computers["id"])["move_number"] == 0
        assert view(client, mixed["id"])["move_number"] == 0
        record = client.get(f"/api/tables/{finished['id']}/record").json()
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        assert _every_view(client, humans) == before[humans["id"]]
        assert _every_view(client, finished) == before[finished["id"]]
        assert view(client, humans["id"])["move_number"] == 7
        assert client.get(f"/api/tables/{finished['id']}/record").json() == record
        text = state.action_to_str(state.legal_actions()[0])
        response = move(client, humans["id"], tokens(humans)[state.current_player()], 7,
                        text=text)
        assert response.status_code == 200, response.text
        wait_until(lambda: view(client, computers["id"])["status"] == "finished")
        person = tokens(mixed)[0]
        wait_until(lambda: view(client, mixed["id"], person)["observation"]["to_move"] == 0)
        assert view(client, mixed["id"])["move_number"] > 0


def test_computer_play_is_the_same_after_a_restart(database_url: str) -> None:
    """A computer seat's choices depend only on the table's seed, the seat
    and the move number, so an interrupted match ends as an uninterrupted one."""
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        straight = create_table(client, seats=[COMPUTER] * 4, options={"target": 3}, seed=11)
        wait_until(lambda: view(client, straight["id"])["status"] == "finished")
        expected = client.get(f"/api/tables/{straight['id']}/record").json()["actions"]
    with TestClient(create_app(database_url, computer_delay=30, limits=QUICK_COMPUTERS)) \
            as client:
        paused = create_table(client, seats=[COMPUTER] * 4, options={"target": 3}, seed=11,
                              delay=None)
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        wait_until(lambda: view(client, paused["id"])["status"] == "finished")
        assert client.get(f"/api/tables/{paused['id']}/record").json()["actions"] == expected
