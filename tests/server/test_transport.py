"""The transport of ``parlour serve`` (issue 27, items 4 and 5), on the real
server as people run it (``python -m parlour serve`` in a child process):

- half-sent requests beyond the connection cap are answered 503 at once,
  each refusal is one line of the log (no traceback), and once they time
  out a person's request gets through;
- the cap stays below the limit of open files, whatever it is asked to be;
- no token or join code reaches the log, whichever way a client sends it.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import resource
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from web_support import secret_of, token_of
from websockets.sync.client import connect

from parlour.cli import main
from parlour.server import TransportSettings
from parlour.server import transport as transport_module
from parlour.server.transport import (
    ACCEPT_FAILURE,
    BUSY_RESPONSE,
    TIMEOUT_RESPONSE,
    RateLimitedLog,
    accept_failure_handler,
    connection_cap,
    redact,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from server_process import LOOPBACK, ServerProcess

HALF_SENT = b"GET /api/server HTTP/1.1\r\nHost: parlour\r\n"
"""A request head that never ends (its blank line is never sent)."""

REQUEST_TIMEOUT = 2.0
WAIT = 20.0
"""Seconds a socket read may wait (never reached by a working server)."""


def half_sent(port: int) -> socket.socket:
    """A connection that sends half a request and then nothing."""
    connection = socket.create_connection((LOOPBACK, port), timeout=WAIT)
    connection.sendall(HALF_SENT)
    return connection


def read_all(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    received = b""
    while chunk := connection.recv(4096):
        received += chunk
    return received


def answer_to_a_request(port: int) -> bytes:
    """The whole answer to a complete request on a new connection."""
    with socket.create_connection((LOOPBACK, port), timeout=WAIT) as connection:
        connection.sendall(b"GET /api/server HTTP/1.1\r\nHost: parlour\r\n\r\n")
        return read_all(connection)


@pytest.fixture
def held(tmp_path: Path, database_url: str) -> Iterator[tuple[ServerProcess, list[socket.socket]]]:
    """A server with a cap of 4 and a 2 s deadline, holding 4 half-sent requests."""
    options = ["--max-connections", "4", "--request-timeout", str(REQUEST_TIMEOUT)]
    with ServerProcess(database_url, tmp_path / "server.log", options=options) \
            as server, ExitStack() as stack:
        # the readiness check's own connection is closed: let the server see it
        wait_for_connections(server.pid, 0)
        connections = [stack.enter_context(half_sent(server.port)) for _ in range(4)]
        wait_for_connections(server.pid, 4)
        yield server, connections


def open_tcp_connections(pid: int) -> int:
    """Accepted TCP connections the process holds (its listening socket aside)."""
    inodes = set()
    for descriptor in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = str(descriptor.readlink())
        except OSError:  # closed since the folder was listed: not held any more
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    established = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            # state 01 is ESTABLISHED, 08 CLOSE_WAIT (the peer closed, the server not yet)
            if fields[9] in inodes and fields[3] in ("01", "08"):
                established += 1
    return established


def wait_for_connections(pid: int, count: int) -> None:
    """Wait until the server holds exactly ``count`` connections."""
    for _ in range(int(WAIT / 0.02)):
        if open_tcp_connections(pid) == count:
            return
        time.sleep(0.02)
    raise AssertionError(f"the server never held {count} connections")


def test_half_sent_requests_beyond_the_cap_are_refused_at_once_and_time_out(
    held: tuple[ServerProcess, list[socket.socket]],
) -> None:
    server, connections = held
    refusals = [answer_to_a_request(server.port) for _ in range(3)]
    assert refusals == [BUSY_RESPONSE] * 3
    # the deadline answers each half-sent request and frees its place
    assert [read_all(connection) for connection in connections] == [TIMEOUT_RESPONSE] * 4
    wait_for_connections(server.pid, 0)
    with httpx.Client(base_url=server.url, timeout=WAIT, trust_env=False) as client:
        assert client.get("/api/server").status_code == 200
    server.stop()
    lines = server.log.read_text().splitlines()
    refused = [line for line in lines if "refused a connection" in line]
    assert len(refused) == 3
    assert all(line.startswith("WARNING:  refused a connection from 127.0.0.1:") and line.endswith(
        ": 4 connections are open, the most allowed (--max-connections)") for line in refused)
    timed_out = [line for line in lines if "did not arrive" in line]
    assert len(timed_out) == 4 and timed_out[0].endswith(
        "its request did not arrive within 2 s (--request-timeout)")
    assert not [line for line in lines if "Traceback" in line or "ERROR" in line]


def test_a_body_that_never_arrives_is_answered_408_without_a_traceback(
    tmp_path: Path, database_url: str,
) -> None:
    options = ["--request-timeout", str(REQUEST_TIMEOUT)]
    with ServerProcess(database_url, tmp_path / "server.log", options=options) \
            as server, socket.create_connection((LOOPBACK, server.port), timeout=WAIT) as slow:
        slow.sendall(b"POST /api/tables HTTP/1.1\r\nHost: parlour\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"game\"")
        assert read_all(slow) == TIMEOUT_RESPONSE
    log = server.log.read_text()
    assert "its request did not arrive within 2 s" in log
    assert "Traceback" not in log and "ERROR" not in log


def test_a_connection_that_sends_nothing_is_answered_408_without_a_line(
    tmp_path: Path, database_url: str,
) -> None:
    options = ["--request-timeout", str(REQUEST_TIMEOUT)]
    with ServerProcess(database_url, tmp_path / "server.log", options=options) \
            as server, socket.create_connection((LOOPBACK, server.port), timeout=WAIT) as silent:
        assert read_all(silent) == TIMEOUT_RESPONSE
    log = server.log.read_text()
    assert "did not arrive" not in log and "WARNING" not in log


def limit_open_files_to_160() -> None:
    """In the server's child: at most 160 open files, soft and hard."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (160, 160))


def test_the_cap_stays_below_the_limit_of_open_files(
    tmp_path: Path, database_url: str,
) -> None:
    with ServerProcess(database_url, tmp_path / "server.log",
                       options=["--request-timeout", "30"],
                       before_start=limit_open_files_to_160) as server, ExitStack() as stack:
        wait_for_connections(server.pid, 0)
        # 60 connections are kept (160 less 100 for the rest): the next are refused
        kept = [stack.enter_context(half_sent(server.port)) for _ in range(60)]
        assert [answer_to_a_request(server.port) for _ in range(40)] == [BUSY_RESPONSE] * 40
        assert open_tcp_connections(server.pid) == len(kept)
        for connection in kept:
            connection.close()
        wait_for_connections(server.pid, 0)
        with httpx.Client(base_url=server.url, timeout=WAIT, trust_env=False) as client:
            assert client.get("/api/server").status_code == 200
    log = server.log.read_text()
    assert ("WARNING:  --max-connections 1000 is more than 160 open files allow: "
            "at most 60 connections will be open at once") in log
    assert "out of system resource" not in log and "Traceback" not in log


def test_no_token_or_join_code_reaches_the_log(tmp_path: Path, database_url: str) -> None:
    with ServerProcess(database_url, tmp_path / "server.log") as server, \
            httpx.Client(base_url=server.url, timeout=WAIT, trust_env=False) as client:
        created = client.post("/api/tables", json={
            "game": "polignac", "seed": 1, "seats": [{"kind": "human"}] * 4,
            "hints": True}).json()
        table_id = created["id"]
        seat_tokens = [token_of(seat["url"]) for seat in created["seats"]]
        mover = client.get(f"/api/tables/{table_id}/view").json()["observation"]["to_move"]
        token = seat_tokens[mover]
        # an older client puts the token in the URL; a newer one in a header
        view = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
        assert client.get(f"/api/tables/{table_id}/hint?token={token}").status_code == 200
        assert client.get(f"/tables/{table_id}?token={token}").status_code == 200
        action = view["observation"]["legal"][0]["id"]
        moved = client.post(f"/api/tables/{table_id}/moves", json={
            "token": token, "action": action, "move_number": 0})
        assert moved.status_code == 200
        socket_url = f"ws://{LOOPBACK}:{server.port}/ws/tables/{table_id}"
        with connect(f"{socket_url}?token={seat_tokens[0]}", open_timeout=WAIT) as live:
            assert json.loads(live.recv(timeout=WAIT))["seat"] == 0
        with connect(socket_url, subprotocols=["parlour", f"parlour.token.{seat_tokens[1]}"],
                     open_timeout=WAIT) as live:
            assert live.subprotocol == "parlour"
            assert json.loads(live.recv(timeout=WAIT))["seat"] == 1
        party = client.post("/api/events", json={"options": {"tables": 1, "rounds": 1}}).json()
        host, code = secret_of(party["host_url"]), secret_of(party["join_url"], "code")
        assert client.get(f"/api/events/{party['id']}/view?token={host}").status_code == 200
        assert client.get(f"/events/{party['id']}/join?code={code}").status_code == 200
        with connect(f"ws://{LOOPBACK}:{server.port}/ws/events/{party['id']}?token={host}",
                     open_timeout=WAIT) as live:
            assert json.loads(live.recv(timeout=WAIT))["host"] is True
    log = server.log.read_text()
    for secret in [*seat_tokens, host, code]:
        assert secret not in log
    assert f'"GET /api/tables/{table_id}/view?token=… HTTP/1.1" 200' in log
    assert f'"WebSocket /ws/tables/{table_id}?token=…" [accepted]' in log
    assert f'"GET /events/{party["id"]}/join?code=… HTTP/1.1" 200' in log


def test_no_players_key_or_device_code_reaches_the_log(
    tmp_path: Path, database_url: str,
) -> None:
    """A player's key travels in his cookie (or the X-Parlour-Player header)
    and a device link's code and key in its fragment and then in a POST
    body: uvicorn logs neither headers nor bodies, and a client that puts
    them in a URL has them hidden."""
    with ServerProcess(database_url, tmp_path / "server.log") as server, \
            httpx.Client(base_url=server.url, timeout=WAIT, trust_env=False) as client, \
            httpx.Client(base_url=server.url, timeout=WAIT, trust_env=False) as phone:
        made = client.post("/api/players", json={"name": "Ann"})
        assert made.status_code == 201
        key = client.cookies["parlour_player"]
        table_id = client.post("/api/tables", json={
            "game": "polignac", "seed": 1, "seats": [{"kind": "human"}] * 4}).json()["id"]
        assert client.get(f"/api/tables/{table_id}/view").json()["seat"] == 0
        with connect(f"ws://{LOOPBACK}:{server.port}/ws/tables/{table_id}",
                     additional_headers={"Cookie": f"parlour_player={key}"},
                     open_timeout=WAIT) as live:
            assert json.loads(live.recv(timeout=WAIT))["seat"] == 0
        link = client.post("/api/players/me/device", json={}).json()["url"]
        code = secret_of(link, "code")
        assert phone.get(link).status_code == 200
        assert phone.post("/api/players/device", json={
            "code": code, "key": secret_of(link, "key")}).status_code == 200
        assert phone.get("/api/players/me").json()["name"] == "Ann"
        # an older or careless client puts them in the URL
        assert phone.get(f"/players/device?code={code}&key={key}").status_code == 200
        assert phone.get(f"/api/players/me?parlour_player={key}").status_code == 200
    log = server.log.read_text()
    assert key not in log and code not in log
    assert '"GET /players/device?code=…&key=… HTTP/1.1" 200' in log
    assert '"POST /api/players/device HTTP/1.1" 200' in log


@pytest.mark.parametrize(("text", "shown"), [
    ("GET /api/tables/1/view?token=abc HTTP/1.1", "GET /api/tables/1/view?token=… HTTP/1.1"),
    ("/ws/events/3?x=1&token=abc&y=2", "/ws/events/3?x=1&token=…&y=2"),
    ("/events/3/join?code=abc", "/events/3/join?code=…"),
    ("/api/tables/1/view?tok%65n=abc", "/api/tables/1/view?tok%65n=…"),
    ("/api/tables/1/view?token=a&token=b", "/api/tables/1/view?token=…&token=…"),
    ("/api/tables?status=open", "/api/tables?status=open"),
    ("/players/device?code=abc&key=def", "/players/device?code=…&key=…"),
    ("/api/players/me?parlour_player=abc", "/api/players/me?parlour_player=…"),
])
def test_redact_hides_secret_parameters_only(text: str, shown: str) -> None:
    assert redact(text) == shown


def test_a_failed_accept_is_one_line_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    log = RateLimitedLog(logging.getLogger("uvicorn.error"))
    loop = asyncio.new_event_loop()
    try:
        loop.set_exception_handler(accept_failure_handler(log))
        with caplog.at_level(logging.WARNING, logger="uvicorn.error"):
            loop.call_exception_handler({
                "message": ACCEPT_FAILURE,
                "exception": OSError(errno.EMFILE, "Too many open files"),
            })
    finally:
        loop.close()
    assert [(record.getMessage(), record.exc_info) for record in caplog.records] == [
        ("cannot accept a connection: Too many open files; trying again in a second", None),
    ]


def test_the_transport_log_is_rate_limited_and_counts_what_it_left_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    log = RateLimitedLog(logging.getLogger("uvicorn.error"), burst=2, rate=1.0,
                         clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="uvicorn.error"):
        for number in range(5):
            log.warning(f"line {number}")
        now[0] = 1.0
        log.warning("line 5")
    assert [record.getMessage() for record in caplog.records] == [
        "line 0", "line 1", "line 5 (3 more such lines left out)",
    ]


def test_connection_cap_leaves_descriptors_for_the_rest() -> None:
    assert [connection_cap(1000, 1024), connection_cap(1000, 65536),
            connection_cap(50, None), connection_cap(10, 20)] == [924, 1000, 50, 1]


def test_serve_passes_its_transport_options(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    given: list[TransportSettings | None] = []
    monkeypatch.setattr(transport_module, "run", lambda app, host, port, settings, ws_max_size:
                        given.append(settings))
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--request-timeout", "2.5", "--max-connections", "7",
                 "--forwarded-allow-ips", "10.0.0.1,10.0.0.2"]) == 0
    assert main(["serve"]) == 0
    assert given == [TransportSettings(2.5, 7, "10.0.0.1,10.0.0.2"), TransportSettings()]
    assert TransportSettings() == TransportSettings(10.0, 1000, "127.0.0.1,::1")


@pytest.mark.parametrize("option", [["--max-connections", "0"], ["--request-timeout", "0"]])
def test_serve_refuses_a_transport_limit_of_nothing(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *option]) == 2
    assert option[0] in capsys.readouterr().err
