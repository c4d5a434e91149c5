"""No stranger can make the server work without end (issue #27, items 2, 3
and 6): bodies must be declared JSON (415), other sites' pages are refused
(403), the tables and parties one address and everyone may start are
limited (429), computer-only play has a least pace and yields to tables
with people, abandoned tables are archived, a socket that does not read
costs one queued view, and a chosen seed is shown to every seat."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from collections.abc import Callable, Coroutine
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect
from web_support import COMPUTER, HUMAN, create_table, move, tokens, view, wait_until

from parlour.server import create_app
from parlour.server.app import PAGES, _send_outbox, _serve_socket
from parlour.server.db import Database, TableRow, now
from parlour.server.events import EventHub, join_code
from parlour.server.flow import ComputerGate, Outbox
from parlour.server.payloads import EventRequest, MoveRequest, SeatRequest, TableRequest
from parlour.server.security import SOCKET_QUEUED_ERRORS, Limits, origin_of
from parlour.server.tables import Connection, TableHub

Result = TypeVar("Result")

STATIC = Path(__file__).resolve().parents[2] / "src" / "parlour" / "server" / "static"

FOUR_HUMANS = {"game": "polignac", "seats": [HUMAN] * 4}
FOUR_COMPUTERS = {"game": "polignac", "seats": [COMPUTER] * 4}
PARTY = {"options": {"tables": 2, "rounds": 2}, "level": "random"}
POSTS = ["/api/tables", "/api/tables/{table}/moves", "/api/events",
         "/api/events/{event}/join", "/api/events/{event}/start",
         "/api/events/{event}/signal", "/api/events/{event}/timer",
         "/api/events/{event}/moves"]
ELSEWHERE = "https://cards.example.org"
REFUSED_ORIGIN = {"error": (
    "the page at https://cards.example.org may not change anything here: only this "
    "server's own pages may (to allow that site, start the server with "
    "--allowed-origin https://cards.example.org)"
)}


def run(make: Callable[[], Coroutine[Any, Any, Result]]) -> Result:
    return asyncio.run(make())


def urls(client: TestClient, path: str) -> str:
    """``path`` at a new table of people and a new party."""
    table = client.post("/api/tables", json=FOUR_HUMANS).json()["id"]
    event = client.post("/api/events", json=PARTY).json()["id"]
    return path.format(table=table, event=event)


# --- 415: a body that is not declared JSON --------------------------------------
@pytest.mark.parametrize("path", POSTS)
def test_a_no_cors_post_of_text_plain_is_415(client: TestClient, path: str) -> None:
    response = client.post(urls(client, path), content=b'{"game": "polignac"}',
                           headers={"content-type": "text/plain;charset=UTF-8"})
    assert response.status_code == 415
    assert response.json() == {"error": (
        "the request body must be JSON sent with Content-Type: application/json, "
        "not 'text/plain;charset=UTF-8'")}


def test_a_body_without_a_content_type_is_415(client: TestClient) -> None:
    response = client.post("/api/tables", content=b'{"game": "polignac"}')
    assert response.status_code == 415
    assert response.json() == {"error": (
        "the request body must be JSON sent with Content-Type: application/json; "
        "this request has no Content-Type")}


def test_json_with_a_charset_is_read(client: TestClient) -> None:
    response = client.post("/api/tables", content=b'{"game": "polignac", "seats": '
                           b'[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, '
                           b'{"kind": "human"}]}',
                           headers={"content-type": "Application/JSON; charset=utf-8"})
    assert response.status_code == 201, response.text


# --- 403: another site's page -----------------------------------------------------
@pytest.mark.parametrize("path", POSTS)
def test_a_cross_origin_post_is_403(client: TestClient, path: str) -> None:
    response = client.post(urls(client, path), json={}, headers={"origin": ELSEWHERE})
    assert response.status_code == 403
    assert response.json() == REFUSED_ORIGIN


def test_an_opaque_origin_is_403(client: TestClient) -> None:
    response = client.post("/api/tables", json=FOUR_HUMANS, headers={"origin": "null"})
    assert response.status_code == 403
    assert response.json() == {"error": (
        "a page whose origin is 'null' may not change anything here: only this server's "
        "own pages may")}


def test_the_servers_own_pages_and_clients_without_an_origin_may_post(
    client: TestClient,
) -> None:
    for headers in ({}, {"origin": "http://testserver"}, {"origin": "http://TestServer:80"}):
        response = client.post("/api/tables", json=FOUR_HUMANS, headers=headers)
        assert response.status_code == 201, (headers, response.text)
    assert client.get("/api/games", headers={"origin": ELSEWHERE}).status_code == 200


def test_an_allowed_origin_may_post(database_url: str) -> None:
    app = create_app(database_url, allowed_origins=[ELSEWHERE + "/"])
    with TestClient(app) as client:
        response = client.post("/api/tables", json=FOUR_HUMANS, headers={"origin": ELSEWHERE})
        assert response.status_code == 201, response.text
        other = client.post("/api/tables", json=FOUR_HUMANS,
                            headers={"origin": "https://cards.example.org:8443"})
        assert other.status_code == 403


@pytest.mark.parametrize("path", ["/ws/tables/{table}", "/ws/events/{event}"])
def test_a_cross_origin_socket_is_refused_with_4403(client: TestClient, path: str) -> None:
    url = urls(client, path)
    with client.websocket_connect(url, headers={"origin": ELSEWHERE}) as socket:
        assert socket.receive_json() == {"type": "error", "status": 403,
                                         "message": REFUSED_ORIGIN["error"]}
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(url, headers={"origin": "http://testserver"}) as socket:
        assert socket.receive_json()["type"] == "view"


def test_origins_are_compared_by_scheme_host_and_port() -> None:
    assert origin_of("http://localhost:8000/") == "http://localhost:8000"
    assert origin_of("wss://Example.org") == "https://example.org:443"
    assert origin_of("http://[::1]:8000") == "http://[::1]:8000"
    assert origin_of("file:///etc/passwd") is None
    assert origin_of("http://host:99999") is None


# --- 429: limits of tables and parties ------------------------------------------
def by_address(app: ASGIApp) -> ASGIApp:
    """``app`` seeing each request come from the address in its
    ``x-test-address`` header (one test client, several clients)."""
    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        address = dict(scope.get("headers", [])).get(b"x-test-address")
        if address is not None:
            scope = {**scope, "client": (address.decode(), 50000)}
        await app(scope, receive, send)

    return wrapped


def at(address: str) -> dict[str, str]:
    return {"x-test-address": address}


def limited_client(database_url: str, address: str, **limits: Any) -> TestClient:
    app = create_app(database_url, computer_delay=30, limits=Limits(**limits))
    return TestClient(app, client=(address, 50000))


def test_an_address_over_its_limit_of_tables_is_429(database_url: str) -> None:
    with limited_client(database_url, "192.0.2.1", tables_per_address=2) as client:
        for _ in range(2):
            assert client.post("/api/tables", json=FOUR_HUMANS).status_code == 201
        refused = client.post("/api/tables", json=FOUR_HUMANS)
        assert refused.status_code == 429
        assert refused.json() == {"error": (
            "you already have 2 unfinished tables here, the most one address may have (2): "
            "finish one before opening another")}


def test_a_finished_table_frees_its_place(database_url: str) -> None:
    one_hand = {"game": "polignac", "options": {"target": 1}, "seats": [COMPUTER] * 4,
                "delay": 0}
    app = create_app(database_url, computer_delay=0,
                     limits=Limits(computer_tables_per_address=1, computer_pace=0))
    with TestClient(app) as client:
        first = client.post("/api/tables", json=one_hand).json()
        assert client.post("/api/tables", json=one_hand).status_code == 429
        wait_until(lambda: view(client, first["id"])["status"] == "finished")
        assert client.post("/api/tables", json=one_hand).status_code == 201


def test_computer_only_tables_have_their_own_limit(database_url: str) -> None:
    with limited_client(database_url, "192.0.2.1", computer_tables_per_address=1) as client:
        assert client.post("/api/tables", json=FOUR_COMPUTERS).status_code == 201
        refused = client.post("/api/tables", json=FOUR_COMPUTERS)
        assert refused.status_code == 429
        assert refused.json() == {"error": (
            "you already have 1 table of computers only being played, the most one address "
            "may have: wait until one is finished, or take a seat yourself")}
        mixed = {"game": "polignac", "seats": [HUMAN] + [COMPUTER] * 3}
        assert client.post("/api/tables", json=mixed).status_code == 201


def test_the_servers_totals_count_every_address(database_url: str) -> None:
    app = create_app(database_url, computer_delay=30,
                     limits=Limits(tables=3, computer_tables=1))
    with TestClient(by_address(app)) as client:
        first, second = at("192.0.2.1"), at("192.0.2.2")
        assert client.post("/api/tables", json=FOUR_COMPUTERS, headers=first).status_code \
            == 201
        refused = client.post("/api/tables", json=FOUR_COMPUTERS, headers=second)
        assert refused.status_code == 429
        assert refused.json() == {"error": (
            "this server already plays 1 table of computers only, its limit: wait until "
            "one is finished, or take a seat yourself")}
        assert client.post("/api/tables", json=FOUR_HUMANS, headers=second).status_code == 201
        assert client.post("/api/tables", json=FOUR_HUMANS, headers=first).status_code == 201
        refused = client.post("/api/tables", json=FOUR_HUMANS, headers=second)
        assert refused.status_code == 429
        assert refused.json() == {"error": (
            "this server already has 3 unfinished tables, its limit (3): try again when "
            "some are finished")}


def test_parties_have_limits_per_address_and_in_all(database_url: str) -> None:
    app = create_app(database_url, computer_delay=30,
                     limits=Limits(parties_per_address=1, parties=2))
    with TestClient(by_address(app)) as client:
        assert client.post("/api/events", json=PARTY, headers=at("192.0.2.1")).status_code \
            == 201
        refused = client.post("/api/events", json=PARTY, headers=at("192.0.2.1"))
        assert refused.status_code == 429
        assert refused.json() == {"error": (
            "you already have 1 unfinished party here, the most one address may have (1): "
            "finish one before opening another")}
        assert client.post("/api/events", json=PARTY, headers=at("192.0.2.2")).status_code \
            == 201
        refused = client.post("/api/events", json=PARTY, headers=at("192.0.2.3"))
        assert refused.status_code == 429
        assert refused.json() == {"error": (
            "this server already has 2 unfinished parties, its limit (2): try again when "
            "some are finished")}


def test_a_party_nobody_joined_has_the_computer_limit(database_url: str) -> None:
    with limited_client(database_url, "192.0.2.1", computer_parties_per_address=1) as client:
        hosts = []
        for _ in range(3):
            created = client.post("/api/events", json=PARTY).json()
            hosts.append((created["id"], created["host_url"].split("token=")[1]))
        (first, host), (second, other), (third, joined) = hosts
        assert client.post(f"/api/events/{first}/start", json={"token": host}).status_code \
            == 200
        refused = client.post(f"/api/events/{second}/start", json={"token": other})
        assert refused.status_code == 429
        assert refused.json() == {"error": (
            "you already have 1 party of computers only being played, the most one "
            "address may have (1): wait until one is over, or let people join first")}
        code = client.get(f"/api/events/{third}/view", params={"token": joined}) \
            .json()["join_url"].split("code=")[1]
        assert client.post(f"/api/events/{third}/join",
                           json={"code": code, "name": "Samuel"}).status_code == 201
        assert client.post(f"/api/events/{third}/start", json={"token": joined}).status_code \
            == 200


# --- pace and gate ------------------------------------------------------------------
class RecordedSleep:
    """A computer's wait that records how long it would have been and returns at once."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        await asyncio.sleep(0)


async def waits_of_a_match(database_url: str, delay: float) -> list[float]:
    """Every wait of the computers of a table of computers only, with the
    default limits, played to its end."""
    sleep = RecordedSleep()
    database = Database(database_url)
    hub = TableHub(database, computer_delay=0, sleep=sleep)
    table, _ = await hub.create(TableRequest(
        "polignac", {"target": 1}, [SeatRequest("computer", "random")] * 4, seed=1,
        delay=delay))
    while table.status != "finished":
        await asyncio.sleep(0.001)
    database.close()
    return sleep.waits


def test_a_computer_only_table_cannot_go_faster_than_the_pace(database_url: str) -> None:
    waits = run(lambda: waits_of_a_match(database_url, 0.0))
    assert len(waits) >= 32 and set(waits) == {Limits().computer_pace} == {1.0}
    assert set(run(lambda: waits_of_a_match(database_url, 2.5))) == {2.5}


def test_a_table_with_a_person_keeps_its_own_delay(database_url: str) -> None:
    with TestClient(create_app(database_url, computer_delay=0)) as paced:
        computers = create_table(paced, seats=[COMPUTER] * 4, delay=0)
        mixed = create_table(paced, seats=[HUMAN] + [COMPUTER] * 3, delay=0)
        assert view(paced, computers["id"])["table"]["delay"] == 1.0
        assert view(paced, mixed["id"])["table"]["delay"] == 0.0
        assert paced.get("/api/server").json() == {"computer_delay": 0, "computer_pace": 1.0}


async def party_delays(database_url: str) -> tuple[float, float]:
    database = Database(database_url)
    hub = EventHub(database, computer_delay=0)
    live, host = await hub.create(EventRequest({"tables": 2}, "random", 1, 0.0, None))
    nobody = hub.delay_of(live)
    await hub.join(live, join_code(host), "Samuel")
    database.close()
    return nobody, hub.delay_of(live)


def test_a_party_of_computers_only_has_the_pace_too(database_url: str) -> None:
    assert run(lambda: party_delays(database_url)) == (1.0, 0.0)


async def gate_order() -> list[str]:
    gate = ComputerGate()
    order: list[str] = []

    async def search(name: str, has_person: bool, release: asyncio.Event) -> None:
        async with gate.enter(has_person):
            order.append(f"{name} starts")
            await release.wait()
            order.append(f"{name} ends")

    person, first, second = asyncio.Event(), asyncio.Event(), asyncio.Event()
    tasks = [asyncio.create_task(search("person", True, person))]
    await asyncio.sleep(0)
    tasks += [asyncio.create_task(search("computers 1", False, first)),
              asyncio.create_task(search("computers 2", False, second))]
    for _ in range(5):
        await asyncio.sleep(0)
    order.append("person released")
    person.set()
    for _ in range(5):
        await asyncio.sleep(0)
    order.append("computers 1 released")
    first.set()
    for _ in range(5):
        await asyncio.sleep(0)
    second.set()
    await asyncio.gather(*tasks)
    return order


def test_computer_only_searches_wait_for_people_and_run_one_at_a_time() -> None:
    assert run(gate_order) == [
        "person starts", "person released", "person ends", "computers 1 starts",
        "computers 1 released", "computers 1 ends", "computers 2 starts", "computers 2 ends",
    ]


async def person_passes_a_running_computer_search() -> list[str]:
    gate = ComputerGate()
    order: list[str] = []
    hold = asyncio.Event()

    async def computers() -> None:
        async with gate.for_computers_only():
            order.append("computers start")
            await hold.wait()

    task = asyncio.create_task(computers())
    await asyncio.sleep(0)
    async with gate.for_people():
        order.append("person searches")
    hold.set()
    await task
    return order


def test_a_person_never_waits_for_the_gate() -> None:
    assert run(person_passes_a_running_computer_search) == ["computers start", "person searches"]


# --- bounded outboxes -------------------------------------------------------------------
async def stalled_spectator(database_url: str) -> list[dict[str, Any]]:
    hub = TableHub(Database(database_url), computer_delay=0)
    table, seat_tokens = await hub.create(TableRequest(
        "polignac", {}, [SeatRequest("human")] * 4, seed=1, delay=None))
    spectator = hub.connect(table, None)
    for number in range(12):
        mover = table.state.current_player()
        token = seat_tokens[mover]
        assert token is not None
        await hub.play(table, table.seat_of(token),
                       MoveRequest(table.state.legal_actions()[0], None, number))
    hub.database.close()
    return spectator.outbox.messages()


def test_a_stalled_connection_holds_only_the_newest_view(database_url: str) -> None:
    queued = run(lambda: stalled_spectator(database_url))
    assert [(message["type"], message["move_number"]) for message in queued] == [("view", 12)]


def test_an_outbox_keeps_errors_in_order_and_bounded() -> None:
    outbox = Outbox()
    for number in range(100):
        outbox.put({"type": "error", "n": number})
        outbox.put({"type": "view", "n": number})
    assert SOCKET_QUEUED_ERRORS == 90
    assert outbox.messages() == [{"type": "error", "n": n} for n in range(10, 100)] + [
        {"type": "view", "n": 99}]


class StalledSocket:
    """A socket whose client never reads: a send never completes (and, if
    ``close_stalls``, neither does the close)."""

    def __init__(self, close_stalls: bool) -> None:
        self.close_stalls = close_stalls
        self.closing: int | None = None

    async def send_json(self, _message: Any) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int) -> None:
        self.closing = code
        if self.close_stalls:
            await asyncio.Event().wait()


async def send_to_a_stalled_socket(close_stalls: bool) -> int | None:
    socket, outbox = StalledSocket(close_stalls), Outbox()
    outbox.put({"type": "view"})
    await asyncio.wait_for(_send_outbox(socket, outbox, 0.01, 0.01), 5)  # type: ignore[arg-type]
    await outbox.join()
    return socket.closing


@pytest.mark.parametrize("close_stalls", [False, True])
def test_a_client_that_stays_behind_is_closed_with_4408(close_stalls: bool) -> None:
    assert run(lambda: send_to_a_stalled_socket(close_stalls)) == 4408


class NeverReadingClient(StalledSocket):
    """A whole socket whose client never reads and never writes."""

    scope: dict[str, Any] = {"subprotocols": []}  # noqa: RUF012 (never changed)
    # what the socket's language is read from (none: English)
    query_params: dict[str, str] = {}  # noqa: RUF012 (never changed)
    cookies: dict[str, str] = {}  # noqa: RUF012 (never changed)
    headers: dict[str, str] = {}  # noqa: RUF012 (never changed)

    def __init__(self) -> None:
        super().__init__(close_stalls=True)

    async def accept(self, subprotocol: str | None = None) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


async def serve_a_client_that_never_reads() -> tuple[int | None, bool]:
    client, connection = NeverReadingClient(), Connection(None)
    left: list[Connection] = []

    async def find() -> tuple[Any, int | None]:
        return object(), None

    async def answer(_followed: Any, _viewer: int | None, _text: str) -> None:
        return None

    def connect(_followed: Any, _viewer: int | None, _lang: str) -> Connection:
        connection.send({"type": "view"})
        return connection

    await asyncio.wait_for(_serve_socket(
        client, find, connect, lambda _followed, gone: left.append(gone),  # type: ignore[arg-type]
        answer, lambda: 0.0), 5)
    return client.closing, left == [connection]


def test_a_socket_whose_client_never_reads_is_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.server.app.SOCKET_SEND_TIMEOUT", 0.01)
    monkeypatch.setattr("parlour.server.app.SOCKET_CLOSE_TIMEOUT", 0.01)
    assert run(serve_a_client_that_never_reads) == (4408, True)


# --- archived tables ----------------------------------------------------------------
def age(database_url: str, table_id: int, days: float) -> None:
    database = Database(database_url)
    with database.engine.begin() as connection:
        connection.execute(update(TableRow).where(TableRow.id == table_id).values(
            created=now() - timedelta(days=days), last_move=now() - timedelta(days=days)))
    database.close()


def test_an_abandoned_table_is_archived_and_revived_by_a_move(database_url: str) -> None:
    with TestClient(create_app(database_url, computer_delay=0)) as client:
        abandoned = create_table(client, seats=[HUMAN] + [COMPUTER] * 3, seed=3, delay=0)
        recent = create_table(client, seed=4)
        person = tokens(abandoned)[0]
        wait_until(lambda: view(client, abandoned["id"], person)["observation"]["to_move"] == 0)
        moved = view(client, abandoned["id"], person)
    age(database_url, abandoned["id"], 8)
    age(database_url, recent["id"], 6)
    with TestClient(create_app(database_url, computer_delay=0)) as client:
        seen = view(client, abandoned["id"], person)
        assert seen["status"] == "archived" and seen["table"]["status"] == "archived"
        assert seen["observation"] == moved["observation"]
        assert view(client, recent["id"])["status"] == "playing"
        archived = client.get("/api/tables", params={"status": "archived"}).json()
        assert [table["id"] for table in archived] == [abandoned["id"]]
        legal = seen["observation"]["legal"][0]["id"]
        response = move(client, abandoned["id"], person, seen["move_number"], action=legal)
        assert response.status_code == 200, response.text
        assert response.json()["status"] == "playing"
        wait_until(lambda: view(client, abandoned["id"], person)["observation"]["to_move"] == 0)
        revived = view(client, abandoned["id"], person)
        assert revived["move_number"] > seen["move_number"] + 1  # the computers played on
        listed = {table["id"]: table["status"] for table in client.get("/api/tables").json()}
        assert listed[abandoned["id"]] == "playing"


async def archive_while_watched(database_url: str) -> tuple[list[int], list[int], bool]:
    hub = TableHub(Database(database_url), computer_delay=0, limits=Limits(archive_after=60))
    table, _ = await hub.create(TableRequest("polignac", {}, [SeatRequest("human")] * 4,
                                             seed=1, delay=None))
    table.last_move = now() - timedelta(seconds=61)
    seat = hub.connect(table, 0)
    spectator = hub.connect(table, None)
    watched = await hub.archive_abandoned()
    hub.disconnect(table, seat)
    archived = await hub.archive_abandoned()
    last = spectator.outbox.messages()[-1]["status"] == "archived"
    hub.disconnect(table, spectator)
    in_memory = table.id in hub._rooms
    hub.database.close()
    return watched, archived, last and not in_memory


def test_a_table_watched_from_a_seat_is_not_archived(database_url: str) -> None:
    watched, archived, told = run(lambda: archive_while_watched(database_url))
    assert watched == [] and archived == [1] and told


def test_the_limits_of_the_command_line_are_the_servers_defaults() -> None:
    import inspect

    from parlour.cli import serve
    defaults = {name: parameter.default for name, parameter
                in inspect.signature(serve).parameters.items()}
    limits = Limits()
    assert defaults["max_tables_per_address"] == limits.tables_per_address
    assert defaults["max_tables"] == limits.tables
    assert defaults["max_computer_tables_per_address"] == limits.computer_tables_per_address
    assert defaults["max_computer_tables"] == limits.computer_tables
    assert defaults["max_parties_per_address"] == limits.parties_per_address
    assert defaults["max_parties"] == limits.parties
    assert defaults["max_computer_parties_per_address"] == limits.computer_parties_per_address
    assert defaults["max_computer_parties"] == limits.computer_parties
    assert defaults["computer_pace"] == limits.computer_pace
    assert defaults["archive_after"] * 24 * 3600 == limits.archive_after


# --- the creator's seed -----------------------------------------------------------------
def test_every_seat_sees_that_the_creator_chose_the_seed(client: TestClient) -> None:
    chosen = create_table(client, seed=1)
    drawn = create_table(client, seed=None)
    for token in [None, *tokens(chosen).values()]:
        assert view(client, chosen["id"], token)["table"]["seed_chosen"] is True
    assert view(client, drawn["id"])["table"]["seed_chosen"] is False
    listed = {table["id"]: table["seed_chosen"] for table in client.get("/api/tables").json()}
    assert listed == {chosen["id"]: True, drawn["id"]: False}


def test_every_player_sees_that_the_host_chose_the_seed(client: TestClient) -> None:
    chosen = client.post("/api/events", json={**PARTY, "seed": 3}).json()
    drawn = client.post("/api/events", json=PARTY).json()
    assert client.get(f"/api/events/{chosen['id']}/view").json()["event"]["seed_chosen"] is True
    assert client.get(f"/api/events/{drawn['id']}/view").json()["event"]["seed_chosen"] is False



NOTICE_CHECK = """
const { showSeedNotice } = await import(process.argv[1]);
const shown = [];
for (const chosen of [true, false]) {
  const element = { hidden: !chosen, textContent: "left over" };
  showSeedNotice(element, chosen, "at this table", "its creator");
  shown.push(element);
}
console.log(JSON.stringify(shown));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_pages_tell_every_seat_that_the_deals_were_fixed() -> None:
    result = subprocess.run(
        ["node", "--input-type=module", "-e", NOTICE_CHECK, (STATIC / "dom.js").as_uri()],
        capture_output=True, text=True, check=True,
    )
    assert json.loads(result.stdout) == [
        {"hidden": False, "textContent": (
            "The deals at this table were fixed in advance by its creator, who chose the seed "
            "and so can know every hand.")},
        {"hidden": True, "textContent": ""},
    ]
    for path in ["/tables/{table_id}", "/events/{event_id}", "/events/{event_id}/play"]:
        page = PAGES[path]
        assert 'data-testid="seed-notice"' in page.html()
        assert 'showSeedNotice($("seed-notice")' in (STATIC / f"{page.name}.js").read_text()
