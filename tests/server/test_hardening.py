"""Server hardening (issue 15): size limits, unknown fields, replayed moves,
flooding, tokens, names with HTML or SQL in them, and security headers on
every response. Each refusal is checked by its exact status and sentence."""

from __future__ import annotations

import hmac
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_events import create_event, event_view, host_step, join, play_move
from web_support import HUMAN, ManualClock, create_table, move, secret_of, tokens, view

import parlour
from parlour.agents import Hint
from parlour.engine import State
from parlour.server import create_app
from parlour.server.app import PAGES
from parlour.server.db import Database
from parlour.server.security import (
    CONTENT_SECURITY_POLICY,
    MAX_BODY_BYTES,
    MAX_MESSAGE_BYTES,
    SECURITY_HEADERS,
    SOCKET_BURST,
    SOCKET_FLOOD_REFUSALS,
    SOCKET_RATE,
    TokenBucket,
)
from parlour.server.tables import new_token

STATIC = Path(__file__).resolve().parents[2] / "src" / "parlour" / "server" / "static"
TOO_LARGE = {"error": "the request body is over the limit of 64 KiB"}
JSON = {"content-type": "application/json"}


def started_event(client: TestClient) -> tuple[dict[str, Any], dict[int, str]]:
    """A party of eight people, round 1 started; the players' tokens."""
    created = create_event(client, delay=30)
    players = dict(join(client, created, name) for name in "ABCDEFGH")
    assert host_step(client, created, "start").status_code == 200
    return created, players


def mover_of(client: TestClient, created: dict[str, Any], players: dict[int, str]) -> int:
    """The player to move at player 0's table."""
    seen = event_view(client, created["id"], players[0])
    return int(seen["event"]["tables"][seen["table"] - 1]["to_move"])


# --- size limits ----------------------------------------------------------------------
def padded(body: str, size: int) -> bytes:
    """``body`` followed by spaces up to ``size`` bytes (still the same JSON)."""
    return (body + " " * (size - len(body))).encode()


POST_PATHS = ["/api/tables", "/api/tables/{table}/moves", "/api/events",
              "/api/events/{event}/join", "/api/events/{event}/start",
              "/api/events/{event}/signal", "/api/events/{event}/timer",
              "/api/events/{event}/moves"]


@pytest.mark.parametrize("path", POST_PATHS)
def test_a_body_over_the_limit_is_413_by_length_or_by_stream(
    client: TestClient, path: str
) -> None:
    url = path.format(table=create_table(client)["id"], event=create_event(client)["id"])
    body = padded("{}", MAX_BODY_BYTES + 1)
    declared = client.post(url, content=body, headers={"content-type": "application/json"})
    assert declared.status_code == 413 and declared.json() == TOO_LARGE
    streamed = client.post(url, content=iter([body[:1000], body[1000:]]), headers=JSON)
    assert "content-length" not in streamed.request.headers
    assert streamed.status_code == 413 and streamed.json() == TOO_LARGE


@pytest.mark.parametrize(("declared", "status"), [
    ("\u00b2".encode("latin-1"), 201),  # ², which str.isdigit accepts and int() refuses
    (b"x", 201),
    (b"1" * 5000, 413),  # more digits than int() reads
])
def test_an_odd_content_length_is_read_by_stream_or_refused(
    client: TestClient, declared: bytes, status: int
) -> None:
    body = ('{"game": "polignac", "seats": [{"kind": "human"}, {"kind": "human"}, '
            '{"kind": "human"}, {"kind": "human"}]}')
    response = client.post("/api/tables", content=body,
                           headers={**JSON, "content-length": declared})
    assert response.status_code == status, response.text
    if status == 413:
        assert response.json() == TOO_LARGE


def test_a_body_at_the_limit_is_read(client: TestClient) -> None:
    body = padded('{"game": "polignac", "seats": [{"kind": "human"}, {"kind": "human"}, '
                  '{"kind": "human"}, {"kind": "human"}]}', MAX_BODY_BYTES)
    response = client.post("/api/tables", content=body, headers=JSON)
    assert response.status_code == 201, response.text


@pytest.mark.parametrize("path", ["/ws/tables/{table}", "/ws/events/{event}"])
def test_a_socket_message_over_the_limit_is_413_and_closes_with_4413(
    client: TestClient, path: str
) -> None:
    url = path.format(table=create_table(client)["id"], event=create_event(client)["id"])
    with client.websocket_connect(url) as socket:
        assert socket.receive_json()["type"] == "view"
        socket.send_text(" " * MAX_MESSAGE_BYTES)
        assert socket.receive_json()["status"] == 400  # at the limit: read, and refused
        socket.send_text("é" * (MAX_MESSAGE_BYTES // 2 + 1))  # bytes count, not characters
        assert socket.receive_json() == {
            "type": "error", "status": 413, "message": "a message is over the limit of 64 KiB",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4413


def test_a_binary_socket_message_is_refused_and_the_socket_stays_open(
    client: TestClient,
) -> None:
    created = create_table(client)
    with client.websocket_connect(f"/ws/tables/{created['id']}") as socket:
        socket.receive_json()
        socket.send_bytes(b'{"type": "move"}')
        assert socket.receive_json() == {
            "type": "error", "status": 400, "message": "a message must be JSON text, not binary",
        }
        socket.send_json({"type": "move", "action": 0, "move_number": 0})
        assert socket.receive_json()["status"] == 403


def test_json_nested_too_deep_for_the_parser_is_not_json(client: TestClient) -> None:
    nested = "[" * 30_000 + "]" * 30_000
    for path in ("/api/tables", "/api/events"):
        response = client.post(path, content=nested, headers=JSON)
        assert response.status_code == 400
        assert response.json() == {"error": "the request body must be JSON"}
    with client.websocket_connect(f"/ws/tables/{create_table(client)['id']}") as socket:
        socket.receive_json()
        socket.send_text(nested)
        assert socket.receive_json() == {
            "type": "error", "status": 400, "message": "a message must be JSON"}


# --- unknown fields ---------------------------------------------------------------------
@pytest.mark.parametrize(("path", "body", "sentence"), [
    ("/api/tables", {"game": "polignac", "seats": [HUMAN] * 4, "colour": "red"},
     "the request has an unknown field 'colour'; its fields are game, options, seats, seed, "
     "delay, trick_pause, hand_wait, hints, clock, spectator_chat"),
    ("/api/tables", {"game": "polignac", "seats": [HUMAN] * 3 + [{"kind": "human", "x": 1}]},
     "a seat has an unknown field 'x'; its fields are kind, agent, name"),
    ("/api/tables/{table}/moves", {"token": "t", "action": 0, "move_numbr": 0},
     "the request has an unknown field 'move_numbr'; its fields are token, action, text, "
     "move_number"),
    ("/api/events", {"options": {}, "host": "me"},
     "the request has an unknown field 'host'; its fields are options, level, seed, delay, "
     "time_limit"),
    ("/api/events/{event}/join", {"code": "c", "name": "Ann", "seat": 2},
     "the request has an unknown field 'seat'; its fields are code, name"),
    ("/api/events/{event}/start", {"token": "t", "round": 1},
     "the request has an unknown field 'round'; its fields are token"),
    ("/api/events/{event}/signal", {"token": "t", "now": True},
     "the request has an unknown field 'now'; its fields are token"),
    ("/api/events/{event}/timer", {"token": "t", "minutes": 5},
     "the request has an unknown field 'minutes'; its fields are token, seconds"),
    ("/api/events/{event}/moves", {"token": "t", "action": 0, "round": 1, "move_number": 0,
                                   "table": 1},
     "the request has an unknown field 'table'; its fields are token, action, text, round, "
     "move_number"),
])
def test_an_unknown_field_is_400_naming_it(
    client: TestClient, path: str, body: dict[str, Any], sentence: str
) -> None:
    url = path.format(table=create_table(client)["id"], event=create_event(client)["id"])
    response = client.post(url, json=body)
    assert response.status_code == 400
    assert response.json() == {"error": sentence}


def test_an_unknown_field_in_a_socket_move_is_refused(client: TestClient) -> None:
    created = create_table(client)
    with client.websocket_connect(f"/ws/tables/{created['id']}") as socket:
        socket.receive_json()
        socket.send_json({"type": "move", "action": 0, "move_number": 0, "seat": 1})
        assert socket.receive_json() == {"type": "error", "status": 400, "message": (
            "a move message has an unknown field 'seat'; its fields are type, action, text, "
            "move_number")}
    assert view(client, created["id"])["move_number"] == 0


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "7"])
def test_a_seed_is_a_whole_number_below_2_to_the_64(client: TestClient, seed: object) -> None:
    for path, body in (("/api/tables", {"game": "polignac", "seats": [HUMAN] * 4}),
                       ("/api/events", {})):
        response = client.post(path, json={**body, "seed": seed})
        assert response.status_code == 400
        assert response.json() == {
            "error": f"a seed must be a whole number from 0 to 2**64 - 1, not {seed!r}"}


# --- replayed and duplicated moves ------------------------------------------------------
STALE = "the table has moved on: this move was chosen at move 0, the table is at move 1"


def stored_actions(database_url: str, table_id: int) -> list[int]:
    database = Database(database_url)
    try:
        stored = database.table(table_id)
        assert stored is not None
        return list(stored.actions)
    finally:
        database.close()


def test_a_replayed_http_move_is_refused_and_applied_once(
    client: TestClient, database_url: str
) -> None:
    created = create_table(client)
    state = parlour.make("polignac").new_state(seed=1)
    token = tokens(created)[state.current_player()]
    action = state.legal_actions()[0]
    first = move(client, created["id"], token, 0, action=action)
    assert first.status_code == 200 and first.json()["move_number"] == 1
    again = move(client, created["id"], token, 0, action=action)
    assert again.status_code == 409 and again.json() == {"error": STALE}
    assert stored_actions(database_url, created["id"]) == [action]
    assert view(client, created["id"])["move_number"] == 1


def test_the_same_move_sent_twice_at_once_is_applied_once(
    client: TestClient, database_url: str
) -> None:
    created = create_table(client)
    state = parlour.make("polignac").new_state(seed=1)
    token = tokens(created)[state.current_player()]
    action = state.legal_actions()[0]
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda _: move(client, created["id"], token, 0, action=action),
                                range(4)))
    assert sorted(answer.status_code for answer in answers) == [200, 409, 409, 409]
    assert all(answer.json() == {"error": STALE} for answer in answers
               if answer.status_code == 409)
    assert stored_actions(database_url, created["id"]) == [action]


def test_a_replayed_socket_move_is_refused_and_applied_once(
    client: TestClient, database_url: str
) -> None:
    created = create_table(client)
    state = parlour.make("polignac").new_state(seed=1)
    token = tokens(created)[state.current_player()]
    message = {"type": "move", "action": state.legal_actions()[0], "move_number": 0}
    with client.websocket_connect(f"/ws/tables/{created['id']}?token={token}") as socket:
        assert socket.receive_json()["move_number"] == 0
        socket.send_json(message)
        socket.send_json(message)
        assert socket.receive_json()["move_number"] == 1
        assert socket.receive_json() == {"type": "error", "status": 409, "message": STALE}
    assert stored_actions(database_url, created["id"]) == [message["action"]]


def test_a_replayed_party_move_is_refused_and_applied_once(client: TestClient) -> None:
    created, players = started_event(client)
    mover = mover_of(client, created, players)
    seen = event_view(client, created["id"], players[mover])
    action = seen["observation"]["legal"][0]["id"]
    assert play_move(client, created["id"], players[mover], seen, action=action).status_code \
        == 200
    again = play_move(client, created["id"], players[mover], seen, action=action)
    assert again.status_code == 409
    assert again.json() == {"error": (
        "your table has moved on: this move was chosen at round 1, move 0; "
        "the table is at round 1, move 1")}
    assert event_view(client, created["id"], players[mover])["move_number"] == 1


# --- flooding -------------------------------------------------------------------------------
FLOOD = {"type": "error", "status": 429, "message": (
    f"too many messages: at most {SOCKET_BURST} at once and {SOCKET_RATE:g} a second")}
UNKNOWN = {"type": "error", "status": 400, "message": (
    'a message is {"type": "move", ...}, {"type": "take_over"} or {"type": "chat", "text": ...}')}


def test_a_token_bucket_allows_a_burst_then_its_rate() -> None:
    clock = ManualClock()
    bucket = TokenBucket(3, 2.0, clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now = 0.5
    assert [bucket.take() for _ in range(2)] == [True, False]
    clock.now = 100.0
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now = 99.0  # a clock that goes back refills nothing
    assert bucket.take() is False


def test_a_socket_past_its_burst_is_refused_with_429_until_the_bucket_refills(
    timed_client: TestClient, clock: ManualClock
) -> None:
    created = create_table(timed_client)
    with timed_client.websocket_connect(f"/ws/tables/{created['id']}") as socket:
        socket.receive_json()
        for _ in range(SOCKET_BURST):
            socket.send_json({"type": "wave"})
            assert socket.receive_json() == UNKNOWN
        socket.send_json({"type": "wave"})
        assert socket.receive_json() == FLOOD
        clock.now += 1 / SOCKET_RATE
        socket.send_json({"type": "wave"})
        assert socket.receive_json() == UNKNOWN
        socket.send_json({"type": "wave"})
        assert socket.receive_json() == FLOOD


@pytest.mark.parametrize("path", ["/ws/tables/{table}", "/ws/events/{event}"])
def test_a_sustained_flood_closes_the_socket_with_4429(
    timed_client: TestClient, path: str
) -> None:
    url = path.format(table=create_table(timed_client)["id"],
                      event=create_event(timed_client)["id"])
    with timed_client.websocket_connect(url) as socket:
        socket.receive_json()
        for _ in range(SOCKET_BURST + SOCKET_FLOOD_REFUSALS):
            socket.send_json({"type": "wave"})
        answers = [socket.receive_json() for _ in range(SOCKET_BURST + SOCKET_FLOOD_REFUSALS)]
        assert answers[SOCKET_BURST:] == [FLOOD] * SOCKET_FLOOD_REFUSALS
        assert all(answer["status"] == 400 for answer in answers[:SOCKET_BURST])
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4429


def test_each_socket_has_its_own_allowance(timed_client: TestClient) -> None:
    created = create_table(timed_client)
    path = f"/ws/tables/{created['id']}"
    with timed_client.websocket_connect(path) as first, \
            timed_client.websocket_connect(path) as second:
        first.receive_json()
        second.receive_json()
        for _ in range(SOCKET_BURST + 1):
            first.send_json({"type": "wave"})
        assert [first.receive_json() for _ in range(SOCKET_BURST + 1)][-1] == FLOOD
        second.send_json({"type": "wave"})
        assert second.receive_json() == UNKNOWN


def counting_hints(monkeypatch: pytest.MonkeyPatch, module: str) -> list[int]:
    """Replace the hint search of ``module`` by the first legal action, and
    count its runs (one entry per search, the move number searched)."""
    searched: list[int] = []

    def first_legal(state: State, _seed: int | None = None) -> Hint:
        searched.append(len(state.history))
        action = state.legal_actions()[0]
        return Hint(action, state.action_to_str(action), "hard")

    monkeypatch.setattr(f"{module}.hint", first_legal)
    return searched


def test_a_flood_of_hints_runs_one_search_a_move(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    searched = counting_hints(monkeypatch, "parlour.server.tables")
    created = create_table(client, hints=True)
    state = parlour.make("polignac").new_state(seed=1)
    token = tokens(created)[state.current_player()]
    url = f"/api/tables/{created['id']}/hint"
    answers = [client.get(url, params={"token": token}).json() for _ in range(20)]
    assert answers == [answers[0]] * 20 and answers[0]["move_number"] == 0
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(lambda _: client.get(url, params={"token": token}).json(),
                             range(8))) == [answers[0]] * 8
    assert searched == [0]
    assert move(client, created["id"], token, 0, action=answers[0]["action"]).status_code == 200
    state.apply(answers[0]["action"])
    after = client.get(url, params={"token": tokens(created)[state.current_player()]})
    assert after.json()["move_number"] == 1 and searched == [0, 1]


def test_a_flood_of_hints_at_a_party_runs_one_search_a_position(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    searched = counting_hints(monkeypatch, "parlour.server.events")
    created, players = started_event(client)
    mover = mover_of(client, created, players)
    url = f"/api/events/{created['id']}/hint"
    answers = [client.get(url, params={"token": players[mover]}).json() for _ in range(20)]
    assert answers == [answers[0]] * 20 and searched == [0]


# --- tokens, turns and spectators -------------------------------------------------------------
def test_tokens_have_192_random_bits_and_are_compared_in_constant_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = {new_token() for _ in range(1000)}
    assert len(made) == 1000
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", token) for token in made)  # 32 x 6 bits
    created = create_table(client)
    compared: list[tuple[str, str]] = []
    compare = hmac.compare_digest

    def spy(first: str, second: str) -> bool:
        compared.append((first, second))
        return compare(first, second)

    monkeypatch.setattr("parlour.server.tables.hmac.compare_digest", spy)
    response = client.get(f"/api/tables/{created['id']}/view",
                          params={"token": tokens(created)[0]})
    assert response.json()["seat"] == 0
    assert len(compared) == 4  # every seat's hash, not stopping at the match


@pytest.mark.parametrize("token", ["guess", "' OR '1'='1", "x" * 32, "%00", "🂡" * 8])
def test_a_guessed_token_opens_nothing(client: TestClient, token: str) -> None:
    created = create_table(client, hints=True)
    table_id = created["id"]
    sentence = f"this link's token opens no seat at table {table_id}"
    for response in (client.get(f"/api/tables/{table_id}/view", params={"token": token}),
                     client.get(f"/api/tables/{table_id}/hint", params={"token": token}),
                     move(client, table_id, token, 0, text="pass")):
        assert response.status_code == 403 and response.json() == {"error": sentence}
    with client.websocket_connect(f"/ws/tables/{table_id}", params={"token": token}) as socket:
        assert socket.receive_json() == {"type": "error", "status": 403, "message": sentence}
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403


def test_a_seat_token_of_table_a_opens_nothing_at_table_b(client: TestClient) -> None:
    first, second = create_table(client), create_table(client)
    foreign = tokens(first)[parlour.make("polignac").new_state(seed=1).current_player()]
    response = move(client, second["id"], foreign, 0, text="pass")
    assert response.status_code == 403
    assert response.json() == {"error": f"this link's token opens no seat at table {second['id']}"}
    assert view(client, second["id"])["move_number"] == 0
    created, players = started_event(client)
    other = create_event(client)
    refused = client.get(f"/api/events/{other['id']}/view", params={"token": players[0]})
    assert refused.status_code == 403
    assert refused.json() == {"error": f"this link's token opens nothing at party {other['id']}"}
    seat_at_party = client.get(f"/api/events/{created['id']}/view",
                               params={"token": tokens(first)[0]})
    assert seat_at_party.status_code == 403


def test_moves_out_of_turn_and_by_a_spectator_or_the_host(client: TestClient) -> None:
    created = create_table(client)
    state = parlour.make("polignac").new_state(seed=1)
    to_move = state.current_player()
    other = tokens(created)[(to_move + 1) % 4]
    out_of_turn = move(client, created["id"], other, 0, action=state.legal_actions()[0])
    assert out_of_turn.status_code == 409
    assert out_of_turn.json() == {"error": f"it is P{to_move}'s turn, not yours"}
    spectator = move(client, created["id"], None, 0, text="pass")
    assert spectator.status_code == 403
    assert spectator.json() == {"error": "a move needs the token of the seat to move"}
    with client.websocket_connect(f"/ws/tables/{created['id']}") as socket:
        socket.receive_json()
        socket.send_json({"type": "move", "text": "pass", "move_number": 0})
        assert socket.receive_json() == {"type": "error", "status": 403, "message": (
            "a spectator cannot move: open the table with a seat's link")}

    party, players = started_event(client)
    mover = mover_of(client, party, players)
    seen = event_view(client, party["id"], players[0])
    bystander = next(seat["player"] for seat in seen["seats"] if seat["player"] != mover)
    names = "ABCDEFGH"
    refused = play_move(client, party["id"], players[bystander],
                        event_view(client, party["id"], players[bystander]), action=0)
    assert refused.status_code == 409
    assert refused.json() == {"error": f"it is {names[mover]}'s turn, not yours"}
    host = play_move(client, party["id"], party["host"], seen, action=0)
    assert host.status_code == 403 and host.json() == {
        "error": "only a player moves: open the table with your own player's link"}
    nobody = client.post(f"/api/events/{party['id']}/moves",
                         json={"action": 0, "round": 1, "move_number": 0})
    assert nobody.status_code == 403
    assert nobody.json() == {"error": "a move needs your player's token"}


# --- names with HTML or SQL ---------------------------------------------------------------------
HOSTILE_NAMES = ["<img src=x onerror=1>", "'; DROP TABLE events;--", '"><script>x</script>']


def test_names_with_html_or_sql_are_kept_as_text(database_url: str) -> None:
    """Stored with bound parameters and sent as JSON strings: the names come
    back exactly, also from the database after a restart, and every table
    of the database is still there."""
    with TestClient(create_app(database_url, computer_delay=30)) as client:
        created = create_event(client)
        for name in HOSTILE_NAMES:
            join(client, created, name)
        names = [place["name"] for place in event_view(client, created["id"])["event"]["places"]]
        assert names[:3] == HOSTILE_NAMES
    with TestClient(create_app(database_url, computer_delay=30)) as client:
        seen = event_view(client, created["id"])
        assert [place["name"] for place in seen["event"]["places"]][:3] == HOSTILE_NAMES
        assert client.get("/api/events").json()[0]["id"] == created["id"]
        assert client.get("/api/tables").status_code == 200
        with client.websocket_connect(f"/ws/events/{created['id']}") as socket:
            pushed = socket.receive_json()
        assert [place["name"] for place in pushed["event"]["places"]][:3] == HOSTILE_NAMES


def test_a_hostile_game_name_is_refused_as_text(client: TestClient) -> None:
    name = "<script>alert(1)</script>'; DROP TABLE tables;--"
    response = client.post("/api/tables", json={"game": name, "seats": [HUMAN] * 4})
    assert response.status_code == 422
    assert response.json()["error"].startswith(f"no game called {name!r}")
    assert response.headers["content-type"] == "application/json"
    assert client.get("/api/tables").json() == []


def test_the_front_end_writes_server_text_only_as_text() -> None:
    """HTML is parsed only by dom.js's ``html`` attribute, and that is given
    only card SVG (cards.js escapes its text) or SVG built from numbers."""
    html_uses = []
    for path in sorted(STATIC.glob("*.js")):
        text = path.read_text()
        assert not re.search(r"insertAdjacentHTML|outerHTML|document\.write|eval\(|"
                             r"new Function", text), path.name
        if path.name != "dom.js":
            assert "innerHTML" not in text, path.name
        html_uses += re.findall(r"\bhtml: *(.*)", text)
    assert len(html_uses) == 4
    for use in html_uses:
        assert use.startswith(("cardSvg(card, text)", "backSvg()",
                               '`<svg viewBox="-2 -2 28 28" width="22" height="22"')), use


@pytest.mark.parametrize("page", sorted(page.name for page in PAGES.values()))
def test_pages_need_no_inline_script_or_style(page: str) -> None:
    """What lets the Content-Security-Policy allow scripts and styles from
    the server's files only."""
    text = next(each for each in PAGES.values() if each.name == page).html()
    # the page's translations are a JSON data block, which no browser runs
    assert re.findall(r"<script\b[^>]*>", text) == [
        '<script type="application/json" id="parlour-messages">',
        f'<script type="module" src="/static/{page}.js">']
    assert "<style" not in text and not re.search(r"\sstyle\s*=", text)
    assert not re.search(r"\son[a-z]+\s*=", text)
    assert not re.search(r"javascript:", text, re.IGNORECASE)


# --- security headers ---------------------------------------------------------------------------
def test_the_content_security_policy_allows_only_the_servers_own_files() -> None:
    assert CONTENT_SECURITY_POLICY == (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    )
    assert SECURITY_HEADERS == {
        "Content-Security-Policy": CONTENT_SECURITY_POLICY,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
    }


def every_response(client: TestClient) -> Iterator[tuple[str, Any]]:
    """A response of every page, a static file, API answers and refusals."""
    table = create_table(client)["id"]
    event = create_event(client)["id"]
    for path in PAGES:
        url = path.format(table_id=table, event_id=event, player_id=1, game="polignac")
        yield url, client.get(url)
    for url in ("/static/app.css", "/static/api.js", "/static/nothing.js", "/api/games",
                f"/api/tables/{table}/view", "/api/tables/999/view", f"/api/events/{event}/view",
                "/api/nowhere", "/api/tables/1/replay/x"):
        yield url, client.get(url)
    yield "POST /api/tables", client.post("/api/tables", json={"game": "polignac"})
    yield "POST 413", client.post("/api/tables", content=b" " * (MAX_BODY_BYTES + 1),
                                        headers=JSON)
    yield "DELETE /api/games", client.delete("/api/games")


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    statuses = set()
    for url, response in every_response(client):
        statuses.add(response.status_code)
        for name, value in SECURITY_HEADERS.items():
            assert response.headers.get(name) == value, (url, name)
    assert statuses == {200, 400, 404, 405, 413}


# --- players' keys and device codes -------------------------------------------------------------
def test_no_players_key_or_device_code_is_in_any_response_or_page(client: TestClient) -> None:
    """A player's key reaches his browser only in the Set-Cookie header
    (made, revoked, a device link used) and in the one reply that is his
    device link; no other JSON, socket message or page holds a key or a
    device code, and no page or table answer sets a cookie."""
    made = client.post("/api/players", json={"name": "Ann"})
    first_key = client.cookies["parlour_player"]
    table = create_table(client, seats=[HUMAN] * 4)["id"]
    link = client.post("/api/players/me/device", json={}).json()["url"]
    code = secret_of(link, "code")
    assert link == f"/players/device#code={code}&key={first_key}"
    phone_cookie = client.cookies["parlour_player"]
    client.cookies.clear()
    used = client.post("/api/players/device", json={"code": code, "key": first_key})
    assert used.status_code == 200 and client.cookies["parlour_player"] == phone_cookie
    revoked = client.post("/api/players/me/revoke", json={})
    second_key = client.cookies["parlour_player"]
    assert second_key != first_key
    responses = {"POST /api/players": made, "POST /api/players/device": used,
                 "POST /api/players/me/revoke": revoked}
    for path in ["/api/players/me", "/api/players/1", f"/api/tables/{table}/view",
                 "/api/tables", "/", "/players/1",
                 "/players/device", f"/tables/{table}"]:
        responses[f"GET {path}"] = client.get(path)
    responses["POST name"] = client.post("/api/players/me/name", json={"name": "Anna"})
    moved = view(client, table)
    assert moved["seat"] == 0
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        pushed = [socket.receive_json()]
    responses["POST forget"] = client.post("/api/players/me/forget", json={})
    for name, response in responses.items():
        assert response.status_code in (200, 201), (name, response.text)
        for secret in (first_key, second_key, code):
            assert secret not in response.text, name
        if name not in ("POST /api/players", "POST /api/players/device",
                        "POST /api/players/me/revoke", "POST forget"):
            assert "set-cookie" not in response.headers, name
    for message in pushed:
        for secret in (first_key, second_key, code):
            assert secret not in str(message)
    assert first_key in made.headers["set-cookie"] and second_key in revoked.headers["set-cookie"]
