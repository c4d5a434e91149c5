"""Fuzzing every entry point of the web app (issue 15): arbitrary JSON
values, bytes and text as the body of every POST, as the query and path of
every GET, and as every kind of socket message, at tables and at Progress
Races parties. Every answer is a documented one: a success, or a refusal
with a documented status and the API's ``{"error": sentence}`` shape (a
socket's ``{"type": "error", "message", "status"}``); never a server error,
and a socket stays open."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect
from test_events import create_event, host_step, join
from web_support import COMPUTER, HUMAN, create_table, tokens

import parlour
from database_support import fresh_database
from parlour.server import create_app, payloads
from parlour.server.errors import ApiError

HTTP_STATUSES = {200, 201, 400, 403, 404, 405, 409, 413, 422, 429}
JSON = {"content-type": "application/json"}
"""Every status docs/web.md gives the JSON API."""
SOCKET_STATUSES = {400, 403, 409, 413, 422, 429}
"""Every status a socket's error message may carry."""

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

leaves = (st.none() | st.booleans() | st.integers() | st.integers(-2, 70)
          | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30))
json_values = st.recursive(
    leaves,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)


def objects_with(fields: list[str], extra: st.SearchStrategy[Any] = json_values
                 ) -> st.SearchStrategy[dict[str, Any]]:
    """Objects holding some of ``fields`` with arbitrary values (they reach
    past the shape checks into the parsers, the engine and the rules)."""
    return st.fixed_dictionaries({}, optional={field: extra for field in fields})


@dataclass
class Fuzzed:
    """A running app with a table and a party to aim at, and their tokens."""

    client: TestClient
    table: int
    seat_tokens: dict[int, str]
    event: int
    host: str
    code: str
    players: dict[int, str]

    def tokens(self, seats: bool = True) -> st.SearchStrategy[str | None]:
        """A real token of the table (unless not ``seats``) or the party, a
        guess, or none."""
        real = [*(self.seat_tokens.values() if seats else ()), self.host,
                *self.players.values()]
        return st.none() | st.text(max_size=40) | st.sampled_from(real)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    """One app for the module: its sockets' clock runs a second a reading,
    so that no rate limit refuses the fuzzer's messages."""
    ticks = itertools.count(0.0, 1.0)
    with fresh_database(tmp_path_factory.mktemp("fuzz")) as url, \
            TestClient(create_app(url, computer_delay=30, clock=lambda: next(ticks))) as client:
        table = create_table(client, seats=[HUMAN] * 3 + [COMPUTER], delay=30)
        party = create_event(client, delay=30)
        players = dict(join(client, party, name) for name in ("Ann", "Bob"))
        assert host_step(client, party, "start").status_code == 200
        yield Fuzzed(client, table["id"], tokens(table), party["id"], party["host"],
                     party["code"], players)


def check_answer(response: Any) -> None:
    """A documented status; a refusal is ``{"error": sentence}``."""
    assert response.status_code in HTTP_STATUSES, response.text
    body = response.json()
    if response.status_code >= 400:
        assert isinstance(body, dict) and list(body) == ["error"], body
        assert isinstance(body["error"], str) and body["error"]


POSTS = {
    "/api/tables": ["game", "options", "seats", "seed", "delay", "trick_pause", "hand_wait",
                    "hints"],
    "/api/tables/{table}/moves": ["token", "action", "text", "move_number"],
    "/api/tables/{table}/rematch": ["token", "accept"],
    "/api/tables/{table}/continue": ["token", "hand"],
    "/api/tables/{table}/name": ["token", "name"],
    "/api/tables/{table}/leave": ["token"],
    "/api/tables/{table}/seats/1/computer": ["creator", "agent"],
    "/api/tables/{table}/seats/1/link": ["creator"],
    "/api/tables/{table}/hints": ["creator", "hints"],
    "/api/events": ["options", "level", "seed", "delay", "time_limit"],
    "/api/events/{event}/join": ["code", "name"],
    "/api/events/{event}/start": ["token"],
    "/api/events/{event}/signal": ["token"],
    "/api/events/{event}/timer": ["token", "seconds"],
    "/api/events/{event}/moves": ["token", "action", "text", "round", "move_number"],
}


def post_url(fuzzed: Fuzzed, path: str) -> str:
    return path.format(table=fuzzed.table, event=fuzzed.event)


PARSERS = [payloads.parse_table_request, payloads.parse_move_request,
           payloads.parse_rematch_request,
           payloads.parse_continue_request,
           payloads.parse_event_request, payloads.parse_join_request,
           payloads.parse_host_request, payloads.parse_timer_request,
           payloads.parse_event_move, payloads.parse_name, payloads.parse_time_limit,
           payloads.parse_name_request, payloads.parse_leave_request,
           payloads.parse_creator_request, payloads.parse_give_request,
           payloads.parse_hints_request, payloads.parse_seat_name]


@pytest.mark.parametrize("parse", PARSERS, ids=lambda parse: parse.__name__)
def test_a_parser_reads_any_json_value_or_refuses_it_with_400(parse: Any) -> None:
    @FUZZ
    @given(value=json_values)
    def check(value: Any) -> None:
        try:
            parse(value)
        except ApiError as error:
            assert error.status == 400 and error.message

    check()


def test_the_socket_parser_reads_any_text_or_refuses_it_with_400() -> None:
    @FUZZ
    @given(text=st.text(max_size=100) | json_values.map(json.dumps)
           | objects_with(["action", "text", "move_number"]).map(
               lambda body: json.dumps({"type": "move", **body})))
    def check(text: str) -> None:
        try:
            payloads.parse_socket_message(text)
        except ApiError as error:
            assert error.status == 400 and error.message

    check()


@pytest.mark.parametrize("path", POSTS)
def test_any_json_body(fuzzed: Fuzzed, path: str) -> None:
    @FUZZ
    @given(body=json_values)
    def check(body: Any) -> None:
        check_answer(fuzzed.client.post(post_url(fuzzed, path), content=json.dumps(body),
                                       headers=JSON))

    check()


@pytest.mark.parametrize("path", POSTS)
def test_any_bytes_or_text_body(fuzzed: Fuzzed, path: str) -> None:
    @FUZZ
    @given(body=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
    def check(body: bytes) -> None:
        check_answer(fuzzed.client.post(post_url(fuzzed, path), content=body, headers=JSON))

    check()


@pytest.mark.parametrize("path", [path for path in POSTS if path != "/api/tables"])
def test_any_field_values(fuzzed: Fuzzed, path: str) -> None:
    fields = POSTS[path]

    # a seat's real token would leave its seat: the socket tests below need them all
    @FUZZ
    @given(body=objects_with(fields), token=fuzzed.tokens(seats=not path.endswith("/leave")),
           code=st.booleans())
    def check(body: dict[str, Any], token: str | None, code: bool) -> None:
        if "token" in fields and token is not None:
            body = {**body, "token": token}
        if "code" in fields and code:
            body = {**body, "code": fuzzed.code}
        check_answer(fuzzed.client.post(post_url(fuzzed, path), content=json.dumps(body),
                                       headers=JSON))

    check()


GAMES = sorted(parlour.games())
SEATS = [HUMAN, COMPUTER, {"kind": "computer", "agent": "easy"}]


def option_values(option: dict[str, Any]) -> st.SearchStrategy[Any]:
    """An allowed value of an option (its choices, a flag, a number from its
    minimum), or anything."""
    if "choices" in option:
        allowed: st.SearchStrategy[Any] = st.sampled_from(option["choices"])
    elif option["kind"] == "flag":
        allowed = st.booleans()
    else:
        allowed = st.integers(option.get("minimum", 0), option.get("minimum", 0) + 30)
    return allowed | json_values


@st.composite
def table_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A table of a real game with some of its options and, often, as many
    seats as it may have; or of any name, with anything."""
    game = draw(st.sampled_from(GAMES) | st.text(max_size=20))
    if game not in GAMES:
        return {"game": game, "options": draw(json_values),
                "seats": draw(st.lists(json_values, max_size=4))}
    described = parlour.games()[game]
    options = draw(st.fixed_dictionaries({}, optional={
        option["name"]: option_values(option) for option in described["options"]}))
    low, high = described["players"]
    count = draw(st.integers(low, high) | st.integers(0, 30))
    seat = st.sampled_from(SEATS) if draw(st.booleans()) else st.sampled_from(SEATS) | json_values
    seats = draw(st.lists(seat, min_size=count, max_size=count))
    return {"game": game, "options": options, "seats": seats,
            **draw(objects_with(["seed", "delay"]))}


def test_any_table_request(fuzzed: Fuzzed) -> None:
    @FUZZ
    @given(body=table_requests())
    def check(body: dict[str, Any]) -> None:
        check_answer(fuzzed.client.post("/api/tables", content=json.dumps(body),
                                       headers=JSON))

    check()


GETS = ["/api/tables/{id}/view", "/api/tables/{id}/record", "/api/tables/{id}/stats",
        "/api/tables/{id}/replay/{other}", "/api/decks/{id}", "/api/stats/{id}",
        "/api/events/{id}/view", "/tables/{id}", "/tables/{id}/replay", "/events/{id}",
        "/events/{id}/join", "/events/{id}/play", "/api/tables", "/api/ratings/{id}",
        "/api/ratings/{id}/{other}", "/ratings/{id}"]


@pytest.mark.parametrize("path", GETS)
def test_any_path_and_query(fuzzed: Fuzzed, path: str) -> None:
    ids = st.text(max_size=20) | st.integers(-5, 10**20).map(str) \
        | st.just(str(fuzzed.table)) | st.just(str(fuzzed.event))

    @FUZZ
    @given(first=ids, other=ids, token=fuzzed.tokens(), status=st.none() | st.text(max_size=12))
    def check(first: str, other: str, token: str | None, status: str | None) -> None:
        url = path.format(id=quote(first, safe=""), other=quote(other, safe=""))
        params = {key: value for key, value in (("token", token), ("status", status))
                  if value is not None}
        response = fuzzed.client.get(url, params=params)
        if response.headers["content-type"].startswith("text/html"):
            assert response.status_code == 200
        else:
            check_answer(response)

    check()


def test_any_hint_query(fuzzed: Fuzzed) -> None:
    """A hint for a guessed token, a non-player or nobody (a real seat to
    move would start a search of seconds)."""
    @FUZZ
    @given(token=st.none() | st.text(max_size=40) | st.just(fuzzed.host),
           where=st.sampled_from(["tables", "events"]))
    def check(token: str | None, where: str) -> None:
        place = fuzzed.table if where == "tables" else fuzzed.event
        params = {} if token is None else {"token": token}
        check_answer(fuzzed.client.get(f"/api/{where}/{place}/hint", params=params))

    check()


# --- sockets ---------------------------------------------------------------------------------
MARK = {"type": "move", "mark": 0}
"""Sent after every fuzzed message at a table: its refusal, which names the
field ``mark`` that no fuzzed move holds, marks the end of the answers."""
MARKED = {"type": "error", "status": 400, "message": (
    "a move message has an unknown field 'mark'; its fields are type, action, text, "
    "move_number")}


def socket_messages(fields: list[str]) -> st.SearchStrategy[str | bytes]:
    moves = objects_with(fields).map(lambda body: {"type": "move", **body})
    return (json_values.map(json.dumps) | moves.map(json.dumps) | st.text(max_size=100)
            | st.binary(max_size=100))


def send(socket: Any, message: str | bytes) -> None:
    if isinstance(message, bytes):
        socket.send_bytes(message)
    else:
        socket.send_text(message)


def answers_until(socket: Any, is_last: Any) -> list[dict[str, Any]]:
    """The messages the server sends up to the first for which ``is_last``
    holds (included)."""
    answers = []
    while True:
        answers.append(socket.receive_json())
        if is_last(answers[-1]):
            return answers


def check_socket_answers(answers: list[dict[str, Any]]) -> None:
    for answer in answers:
        assert answer["type"] in ("view", "error"), answer
        if answer["type"] == "error":
            assert set(answer) == {"type", "message", "status"}, answer
            assert answer["status"] in SOCKET_STATUSES and answer["message"], answer


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_any_table_socket_message(fuzzed: Fuzzed, seat: int | None) -> None:
    """Each message gets at most one refusal, and views; the socket stays open."""
    token = "" if seat is None else f"?token={fuzzed.seat_tokens[seat]}"
    with fuzzed.client.websocket_connect(f"/ws/tables/{fuzzed.table}{token}") as socket:
        check_socket_answers([socket.receive_json()])

        @FUZZ
        @given(message=socket_messages(["action", "text", "move_number", "token", "type"]))
        def check(message: str | bytes) -> None:
            send(socket, message)
            socket.send_json(MARK)
            answers = answers_until(socket, lambda answer: answer == MARKED)[:-1]
            check_socket_answers(answers)
            assert sum(answer["type"] == "error" for answer in answers) <= 1

        check()
        socket.send_json(MARK)
        assert answers_until(socket, lambda answer: answer["type"] == "error") == [MARKED]


@pytest.mark.parametrize("viewer", ["none", "host", "player"])
def test_any_party_socket_message(fuzzed: Fuzzed, viewer: str) -> None:
    """Each message gets exactly one refusal (views may come in between)."""
    token = {"none": "", "host": f"?token={fuzzed.host}",
             "player": f"?token={fuzzed.players[0]}"}[viewer]
    with fuzzed.client.websocket_connect(f"/ws/events/{fuzzed.event}{token}") as socket:
        check_socket_answers([socket.receive_json()])

        @FUZZ
        @given(message=socket_messages(["action", "text", "move_number", "round", "token"]))
        def check(message: str | bytes) -> None:
            send(socket, message)
            answers = answers_until(socket, lambda answer: answer["type"] == "error")
            check_socket_answers(answers)
            assert answers[-1]["status"] == 400

        check()


@pytest.mark.parametrize("path", ["/ws/tables/{id}", "/ws/events/{id}"])
def test_any_socket_path_and_token(fuzzed: Fuzzed, path: str) -> None:
    """A socket that opens nothing is told why and closed with 4000 + status."""
    @FUZZ
    @given(place=st.text(max_size=12), token=st.text(min_size=1, max_size=40))
    def check(place: str, token: str) -> None:
        url = path.format(id=quote(place, safe=""))
        try:
            with fuzzed.client.websocket_connect(url, params={"token": token}) as socket:
                refusal = socket.receive_json()
                assert refusal["type"] == "error" and refusal["status"] in (403, 404)
                with pytest.raises(WebSocketDisconnect) as closed:
                    socket.receive_json()
                assert closed.value.code == 4000 + refusal["status"]
        except WebSocketDisconnect as refused:  # no route: refused before it opens
            assert refused.code == 1000 and (place in ("", ".", "..") or "/" in place), place

    check()
