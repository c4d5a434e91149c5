"""Tokens out of URLs (issue 27, item 5): the private links the API gives
carry their secret in the fragment, which browsers never send; the API reads
a token from ``Authorization: Bearer``, ``X-Parlour-Token`` or (sockets) the
``parlour.token.<token>`` subprotocol, and still from ``?token=`` for older
clients; a wrong token is refused with 403 whichever way it comes."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_support import create_table, secret_of, tokens

Headers = dict[str, str]


def bearer(token: str) -> Headers:
    return {"Authorization": f"Bearer {token}"}


def parlour_header(token: str) -> Headers:
    return {"X-Parlour-Token": token}


HEADERS = [bearer, parlour_header]


def test_private_links_carry_their_secret_in_the_fragment_only(client: TestClient) -> None:
    created = create_table(client, seats=[{"kind": "human"}, {"kind": "computer"}] * 2)
    table_id = created["id"]
    urls = [seat["url"] for seat in created["seats"] if "url" in seat]
    assert len(urls) == 2 and created["url"] == f"/tables/{table_id}"
    for url in urls:
        parts = urlsplit(url)
        assert (parts.path, parts.query) == (f"/tables/{table_id}", "")
        assert parts.fragment == f"token={secret_of(url)}"
    party = client.post("/api/events", json={"options": {"tables": 1, "rounds": 1}}).json()
    host, code = secret_of(party["host_url"]), secret_of(party["join_url"], "code")
    assert party["host_url"] == f"/events/{party['id']}#token={host}"
    assert party["join_url"] == f"/events/{party['id']}/join#code={code}"
    joined = client.post(f"/api/events/{party['id']}/join", json={"code": code, "name": "Ann"})
    player = secret_of(joined.json()["url"])
    assert joined.json()["url"] == f"/events/{party['id']}/play#token={player}"
    host_view = client.get(f"/api/events/{party['id']}/view", headers=bearer(host)).json()
    assert host_view["join_url"] == party["join_url"]


@pytest.mark.parametrize("headers", HEADERS)
def test_a_header_token_opens_the_seat_and_its_hint(client: TestClient, headers: Any) -> None:
    created = create_table(client, hints=True)
    table_id, seat_tokens = created["id"], tokens(created)
    mover = client.get(f"/api/tables/{table_id}/view").json()["observation"]["to_move"]
    view = client.get(f"/api/tables/{table_id}/view", headers=headers(seat_tokens[mover]))
    assert view.status_code == 200 and view.json()["seat"] == mover
    hint = client.get(f"/api/tables/{table_id}/hint", headers=headers(seat_tokens[mover]))
    assert hint.status_code == 200 and hint.json()["move_number"] == 0


@pytest.mark.parametrize("headers", HEADERS)
@pytest.mark.parametrize("path", ["view", "hint"])
def test_a_wrong_header_token_is_refused(client: TestClient, headers: Any, path: str) -> None:
    table_id = create_table(client)["id"]
    response = client.get(f"/api/tables/{table_id}/{path}", headers=headers("guess"))
    assert response.status_code == 403
    assert response.json() == {"error": f"this link's token opens no seat at table {table_id}"}


def test_the_older_query_token_still_opens_the_seat(client: TestClient) -> None:
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    view = client.get(f"/api/tables/{table_id}/view?token={seat_tokens[2]}")
    assert view.status_code == 200 and view.json()["seat"] == 2


def test_a_bearer_token_comes_before_a_query_token(client: TestClient) -> None:
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    view = client.get(f"/api/tables/{table_id}/view?token={seat_tokens[2]}",
                      headers=bearer(seat_tokens[1]))
    assert view.json()["seat"] == 1


def test_a_socket_token_in_the_subprotocol_opens_the_seat(client: TestClient) -> None:
    created = create_table(client)
    table_id, seat_tokens = created["id"], tokens(created)
    with client.websocket_connect(
        f"/ws/tables/{table_id}", subprotocols=["parlour", f"parlour.token.{seat_tokens[3]}"],
    ) as socket:
        assert socket.accepted_subprotocol == "parlour"
        first = socket.receive_json()
    assert first["type"] == "view" and first["seat"] == 3


def test_a_spectator_socket_offering_parlour_is_accepted_with_it(client: TestClient) -> None:
    table_id = create_table(client)["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}", subprotocols=["parlour"]) as socket:
        assert socket.accepted_subprotocol == "parlour"
        assert socket.receive_json()["seat"] is None


def test_a_wrong_socket_token_in_the_subprotocol_is_refused(client: TestClient) -> None:
    table_id = create_table(client)["id"]
    with client.websocket_connect(
        f"/ws/tables/{table_id}", subprotocols=["parlour", "parlour.token.guess"],
    ) as socket:
        assert socket.receive_json() == {
            "type": "error", "status": 403,
            "message": f"this link's token opens no seat at table {table_id}",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4403


def test_a_party_socket_and_hint_take_the_token_out_of_the_url(client: TestClient) -> None:
    party = client.post("/api/events", json={"options": {"tables": 1, "rounds": 1}}).json()
    host = secret_of(party["host_url"])
    with client.websocket_connect(
        f"/ws/events/{party['id']}", subprotocols=["parlour", f"parlour.token.{host}"],
    ) as socket:
        assert socket.receive_json()["host"] is True
    refused = client.get(f"/api/events/{party['id']}/hint", headers=parlour_header("guess"))
    assert refused.status_code == 403
    assert refused.json() == {"error": f"this link's token opens nothing at party {party['id']}"}
