"""What a stranger can make ``parlour serve`` spend, measured (issue #27).

Usage: ``python scripts/limits.py [--seconds 30] [--moves 200]
[--attack-tables 50] [--no-limits]``

Each part starts its own ``parlour serve`` on a temporary SQLite file
(``scripts/server_process.py``) on loopback and stops it at the end.

1. **A socket that never reads.** A table of four ``random`` computers
   with delay 0 and the pace lifted (``--computer-pace 0``: the busiest
   table there can be, hundreds of moves a second) is watched by one
   spectator socket whose client never reads (a bare TCP socket with a
   small receive buffer, after the WebSocket handshake); when its match
   ends, a new such table is opened and watched the same way. The server's
   resident set is read from ``/proc`` every second for ``--seconds``; the
   client goes on not reading until ``SOCKET_SEND_TIMEOUT`` and 10 s have
   passed, then reads what it was sent and reports whether and how the
   server ended the connection (a close frame, 4408, if it could be
   written; "still open" if data still flows after ``DRAIN_TIMEOUT``).
2. **A person's move while a stranger starts computer tables.** One person
   plays Polignac against three ``random`` computers (delay 0) by HTTP,
   ``--moves`` moves, each timed from sending the move to its answer. It
   is measured three times: alone; while another client asks for
   ``--attack-tables`` tables of four ``hard`` computers with the default
   limits (most are refused with 429; the others play at the pace and pass
   the computer gate after the person's table); and with the limits lifted
   (``--max-computer-tables 1000`` and so on, pace 0) so that every one of
   them is played, the gate alone keeping them behind the person.

``--no-limits`` runs part 1 without the options this release added, for a
server from before it (run with that release's source on ``PYTHONPATH``).
The figures are printed as a Markdown snippet for docs/reliability.md,
with the command that produced them. Nothing here is a test of speed.
"""

from __future__ import annotations

import argparse
import base64
import os
import shlex
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from load import percentile, read_proc
from server_process import LOOPBACK, ServerProcess

try:
    from parlour.server.security import SOCKET_SEND_TIMEOUT
except ImportError:  # a release from before it (--no-limits), which never closes the socket
    SOCKET_SEND_TIMEOUT = 30.0

BUSY_TABLE = {"game": "polignac", "options": {"target": 100},
              "seats": [{"kind": "computer", "agent": "random"}] * 4, "delay": 0}
"""A table that moves as fast as the server lets computers move (a match of
some 2,500 moves)."""

PERSON_TABLE = {"game": "polignac",
                "seats": [{"kind": "human"}] + [{"kind": "computer", "agent": "random"}] * 3,
                "delay": 0}
HARD_TABLE = {"game": "polignac", "seats": [{"kind": "computer", "agent": "hard"}] * 4,
              "delay": 0}
LIFTED = ["--max-computer-tables-per-address", "1000", "--max-computer-tables", "1000",
          "--max-tables-per-address", "1000", "--computer-pace", "0"]
"""``parlour serve`` options that lift every limit on computer tables."""
DRAIN_TIMEOUT = 10.0
"""Seconds the stalled client may take to read what it was sent, to its close."""


@dataclass
class MemoryResult:
    """Part 1: the server's resident set (KiB) each second, and the close."""

    samples: list[int] = field(default_factory=list)
    closed: str = "not looked at"
    stalled: float = 0.0
    """Seconds the first client did not read, from its connection."""
    tables: int = 0
    """Busy tables watched one after the other (each by its own socket)."""
    moves: int = 0


@dataclass
class LatencyResult:
    """Part 2, one scenario: each move's latency (s) and the attack's answers."""

    name: str
    latencies: list[float] = field(default_factory=list)
    created: int = 0
    refused: int = 0


def stalled_spectator(server: ServerProcess, seconds: float, wait_for_close: bool) -> MemoryResult:
    """Watch busy tables with sockets that do not read for ``seconds`` (and,
    if ``wait_for_close``, until the server should have let the first go).

    A match ends within seconds at full speed, so each time the watched
    table's match is over a new busy table is opened and watched the same
    way; every socket stays open, unread."""
    result = MemoryResult()
    with httpx.Client(base_url=server.url, timeout=30.0, trust_env=False) as client, \
            ExitStack() as sockets:
        table = open_busy_table(client)
        first = sockets.enter_context(stalled_socket(server, table))
        connected = time.monotonic()
        tables = [table]
        for _ in range(int(seconds)):
            result.samples.append(read_proc(server.pid)[0])
            time.sleep(1.0)
            if client.get(f"/api/tables/{tables[-1]}/view").json()["status"] == "finished":
                tables.append(open_busy_table(client))
                sockets.enter_context(stalled_socket(server, tables[-1]))
        result.samples.append(read_proc(server.pid)[0])
        result.tables = len(tables)
        result.moves = sum(client.get(f"/api/tables/{table}/view").json()["move_number"]
                           for table in tables)
        if not wait_for_close:
            return result
        time.sleep(max(0.0, connected + SOCKET_SEND_TIMEOUT + 10 - time.monotonic()))
        result.stalled = time.monotonic() - connected
        result.closed = read_to_the_end(first)
    return result


def open_busy_table(client: httpx.Client) -> int:
    created = client.post("/api/tables", json=BUSY_TABLE)
    created.raise_for_status()
    return int(created.json()["id"])


def stalled_socket(server: ServerProcess, table: int) -> socket.socket:
    """A spectator socket of ``table`` that will never be read: a bare TCP
    socket after the WebSocket handshake."""
    spectator = socket.socket()
    # a small receive buffer (set before connecting, when the window is
    # agreed): the server's sends block once the kernel's buffers are full
    spectator.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    spectator.connect((LOOPBACK, server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    spectator.sendall(
        f"GET /ws/tables/{table} HTTP/1.1\r\nHost: {LOOPBACK}:{server.port}\r\n"
        f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    return spectator


def read_to_the_end(spectator: socket.socket) -> str:
    """Read what the server sent; how the connection ended (or that it goes on)."""
    spectator.settimeout(DRAIN_TIMEOUT)
    deadline = time.monotonic() + DRAIN_TIMEOUT
    tail = b""
    ending = "the connection closed"
    try:
        while data := spectator.recv(1 << 16):
            tail = (tail + data)[-64:]
            if time.monotonic() > deadline:
                return "no: the server still sends"
    except TimeoutError:
        ending = "the connection still open, silent"
    except ConnectionResetError:
        ending = "the connection reset"
    close = tail.rfind(b"\x88\x02")
    if close >= 0 and len(tail) == close + 4:
        code = int.from_bytes(tail[close + 2:close + 4], "big")
        return f"close frame {code}, then {ending} (the client never answers the close)"
    if ending == "the connection still open, silent":
        return f"no: {ending}"
    return f"yes: {ending} without a close frame (it could not be written)"


def measure_memory(
    seconds: float, with_limits: bool = True, wait_for_close: bool = True
) -> MemoryResult:
    """Part 1 on a server of its own."""
    options = ["--computer-pace", "0"] if with_limits else []
    with tempfile.TemporaryDirectory(prefix="parlour-limits-") as folder, \
            ServerProcess(f"sqlite:///{Path(folder) / 'parlour.db'}", Path(folder) / "server.log",
                          options=options) as server:
        return stalled_spectator(server, seconds, wait_for_close)


def attack(url: str, tables: int, result: LatencyResult, stop: threading.Event) -> None:
    """Ask for ``tables`` tables of four ``hard`` computers, one after the other."""
    with httpx.Client(base_url=url, timeout=30.0, trust_env=False) as client:
        for _ in range(tables):
            if stop.is_set():
                return
            status = client.post("/api/tables", json=HARD_TABLE).status_code
            if status == 201:
                result.created += 1
            elif status == 429:
                result.refused += 1


def person_plays(url: str, moves: int, result: LatencyResult) -> None:
    """Play ``moves`` moves as the person, timing each move's answer."""
    with httpx.Client(base_url=url, timeout=60.0, trust_env=False) as client:
        table, token = new_person_table(client)
        while len(result.latencies) < moves:
            view = wait_for_turn(client, table, token)
            if view is None:
                table, token = new_person_table(client)
                continue
            action = view["observation"]["legal"][0]["id"]
            started = time.perf_counter()
            answer = client.post(f"/api/tables/{table}/moves", json={
                "token": token, "action": action, "move_number": view["move_number"]})
            elapsed = time.perf_counter() - started
            if answer.status_code == 200:
                result.latencies.append(elapsed)


def new_person_table(client: httpx.Client) -> tuple[int, str]:
    created = client.post("/api/tables", json=PERSON_TABLE)
    created.raise_for_status()
    reply = created.json()
    return reply["id"], reply["seats"][0]["url"].split("token=")[1]


def wait_for_turn(client: httpx.Client, table: int, token: str) -> dict[str, Any] | None:
    """The person's view once it is his turn; ``None`` once the match is over."""
    while True:
        view: dict[str, Any] = client.get(
            f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {token}"}).json()
        if view["status"] == "finished":
            return None
        if view["observation"]["to_move"] == 0:
            return view
        time.sleep(0.005)


def measure_latency(name: str, moves: int, attack_tables: int,
                    options: Sequence[str] = ()) -> LatencyResult:
    """Part 2, one scenario, on a server of its own."""
    result = LatencyResult(name)
    with tempfile.TemporaryDirectory(prefix="parlour-limits-") as folder, \
            ServerProcess(f"sqlite:///{Path(folder) / 'parlour.db'}", Path(folder) / "server.log",
                          options=options) as server:
        stop = threading.Event()
        attacker = threading.Thread(target=attack,
                                    args=(server.url, attack_tables, result, stop))
        if attack_tables:
            attacker.start()
            time.sleep(2.0)  # the attack's tables are opened and thinking
        person_plays(server.url, moves, result)
        stop.set()
        if attack_tables:
            attacker.join()
    return result


def markdown(memory: MemoryResult, latencies: Sequence[LatencyResult], command: str) -> str:
    """The figures as a Markdown snippet."""
    mib = [sample / 1024 for sample in memory.samples]
    lines = [
        f"`{command}` (machine: 2 cores, shared)", "",
        "| a spectator socket that never reads, busy table | figure |", "| --- | --- |",
        f"| server RSS at the start, MiB | {mib[0]:.0f} |",
        f"| server RSS at the end, MiB | {mib[-1]:.0f} |",
        f"| server RSS, highest, MiB | {max(mib):.0f} |",
        f"| busy tables watched one after the other, each by an unread socket | "
        f"{memory.tables} |",
        f"| moves played at them meanwhile | {memory.moves} |",
        f"| the server let the first socket go, after its client had not read for "
        f"{memory.stalled:.0f} s | {memory.closed} |", "",
        "| a person's move | moves | median, ms | 95th percentile, ms "
        "| attack's tables created | refused (429) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for result in latencies:
        if result.latencies:
            median = statistics.median(result.latencies) * 1000
            high = percentile(result.latencies, 0.95) * 1000
            lines.append(f"| {result.name} | {len(result.latencies)} | {median:.1f} | "
                         f"{high:.1f} | {result.created} | {result.refused} |")
    return "\n".join(lines) + "\n"


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="how long the socket does not read (s)")
    parser.add_argument("--moves", type=int, default=200, help="a person's moves a scenario")
    parser.add_argument("--attack-tables", type=int, default=50,
                        help="tables of hard computers the attacker asks for")
    parser.add_argument("--no-limits", action="store_true",
                        help="part 1 only, for a server without this release's options")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measurements and print their figures."""
    arguments = parse_arguments(argv)
    if not 1 <= arguments.seconds <= 600 or not 1 <= arguments.moves <= 10_000 \
            or not 0 <= arguments.attack_tables <= 1000:
        print("error: --seconds 1 to 600, --moves 1 to 10000, --attack-tables 0 to 1000",
              file=sys.stderr)
        return 2
    memory = measure_memory(arguments.seconds, not arguments.no_limits)
    latencies = [] if arguments.no_limits else [
        measure_latency("alone", arguments.moves, 0),
        measure_latency(f"{arguments.attack_tables} hard tables asked for, default limits",
                        arguments.moves, arguments.attack_tables),
        measure_latency(f"{arguments.attack_tables} hard tables asked for, limits lifted",
                        arguments.moves, arguments.attack_tables, LIFTED),
    ]
    command = shlex.join(["python", "scripts/limits.py",
                          *(sys.argv[1:] if argv is None else argv)])
    print(markdown(memory, latencies, command), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
